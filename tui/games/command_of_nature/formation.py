"""The Clockwork formation: its spaces, summoning into it, shifting and swapping Elementals.

Where the Clockwork would choose (a space, who moves), the player chooses (seed: HOW TO PLAY).
"""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Option
from ...rules.command_of_nature import CommandOfNatureRules
from .cards import ROMAN
from .state import BOX, SageState, Slot
from .texts import rule_help

KEYS = "123456789abcdfghijkmopqrstuvwxz"
SIDES = {1: ("",), 2: ("left", "right"), 3: ("left", "centre", "right")}


def space_rows(rules: CommandOfNatureRules) -> list[int]:
    """The row (1..3) of each formation space, Row I first."""
    return [row for row, n in enumerate(rules.formation.row_spaces, start=1) for _ in range(n)]


def space_name(rules: CommandOfNatureRules, index: int) -> str:
    rows = space_rows(rules)
    row = rows[index]
    n = rules.formation.row_spaces[row - 1]
    pos = index - rows.index(row)
    side = SIDES[n][pos] if n in SIDES else f"space {pos + 1}"
    return f"Row {ROMAN[row]} {side}".rstrip()


def spaces_in_rows(rules: CommandOfNatureRules, rows: list[int]) -> list[int]:
    return [i for i, r in enumerate(space_rows(rules)) if r in rows]


def free_spaces(state: SageState) -> list[int]:
    return [i for i, slot in enumerate(state.formation) if slot is None]


def occupied(
    state: SageState, rows: list[int] | None = None, rules: CommandOfNatureRules | None = None
) -> list[int]:
    """Occupied spaces, all of them or those in ``rows`` (which needs ``rules``)."""
    allowed = None if rows is None or rules is None else set(spaces_in_rows(rules, rows))
    return [i for i, s in enumerate(state.formation) if s is not None and (allowed is None or i in allowed)]


def strength(rules: CommandOfNatureRules, slot: Slot) -> int:
    """Printed STR plus 1 per boost the app has placed (CNW: boost)."""
    card = rules.elemental(slot.card)
    return (card.strength if card else 0) + slot.boosts


def who(rules: CommandOfNatureRules, state: SageState, index: int) -> str:
    """'Riptide Tiger (2/4) in Row II left'."""
    slot = state.formation[index]
    assert slot is not None
    card = rules.elemental(slot.card)
    stats = f" ({card.strength}/{card.hp})" if card else ""
    boosts = f" +{slot.boosts} boost" if slot.boosts else ""
    return f"{slot.card}{stats}{boosts} in {space_name(rules, index)}"


def place(state: SageState, index: int, card: str) -> None:
    assert state.formation[index] is None
    state.formation[index] = Slot(card=card)


def summon_into_formation(state: SageState, ctx: Context, card: str, why: str, from_pile: str | None):
    """Put ``card`` into a free space the player picks. It leaves ``from_pile`` only once placed, so
    it is never missing between prompts; None means it joins from a market."""
    rules: CommandOfNatureRules = ctx.rules
    free = free_spaces(state)
    assert free, "summon needs a free space"
    help_text = rule_help(rules, "choices")
    if len(free) == 1:
        index = free[0]
        yield Instruction(
            f"{why}: summon {card} into {space_name(rules, index)}, the only free space of the "
            f"Clockwork formation (resolve any effect it has when summoned).",
            label=f"Summon {card} into {space_name(rules, index)}",
            help=help_text,
        )
    else:
        options = [Option(KEYS[n], space_name(rules, i)) for n, i in enumerate(free)]
        key = yield Choice(
            f"{why}: summon {card} into the Clockwork formation. Which free space? (You choose for it; "
            f"resolve any effect it has when summoned.)",
            options,
            label=f"Space for {card}",
            help=help_text,
        )
        index = free[KEYS.index(key)]
    if from_pile is None:
        state.entered.append(card)
    else:
        state.deck.pile(from_pile).remove(card)
    place(state, index, card)
    ctx.log(f"Summons {card} into {space_name(rules, index)}")


def remove_from_formation(state: SageState, ctx: Context, index: int, dest: str = BOX) -> str:
    """Take the Elemental out of its space onto a pile (defeated ones leave the game, CNW)."""
    slot = state.formation[index]
    assert slot is not None
    state.formation[index] = None
    state.deck.put(slot.card, dest)
    return slot.card


def shift_formation(state: SageState, ctx: Context):
    """After a gap opens, the player moves Elementals forward one row at a time (seed: HOW TO PLAY;
    CNW: the formation shifts; notes §1: the exact procedure is not given, so each move is asked)."""
    rules: CommandOfNatureRules = ctx.rules
    rows = space_rows(rules)
    while True:
        moves = [
            (src, dst)
            for dst in free_spaces(state)
            if rows[dst] < 3
            for src in occupied(state, [rows[dst] + 1], rules)
        ]
        if not moves:
            return
        options = [
            Option(KEYS[n], f"{state.formation[src].card}: {space_name(rules, src)} → {space_name(rules, dst)}")
            for n, (src, dst) in enumerate(moves[: len(KEYS) - 1])
        ]
        options.append(Option("n", "no more moves"))
        key = yield Choice(
            "Shift the Clockwork formation: who moves forward into the gap? (You choose for the Clockwork.)",
            options,
            label="Formation shift",
            help=rule_help(rules, "defeat"),
        )
        if key == "n":
            ctx.log("Formation shift finished")
            return
        src, dst = moves[KEYS.index(key)]
        state.formation[dst], state.formation[src] = state.formation[src], None
        moved = state.formation[dst].card
        ctx.log(f"Formation shift: {moved} moves {space_name(rules, src)} → {space_name(rules, dst)}")


def swap_spaces(state: SageState, ctx: Context, a: int, b: int) -> str:
    """Exchange the occupants of two spaces (either may be empty); returns a line for the log."""
    rules: CommandOfNatureRules = ctx.rules
    first, second = state.formation[a], state.formation[b]
    state.formation[a], state.formation[b] = second, first
    names = [s.card if s else "(empty)" for s in (first, second)]
    line = f"Swap: {names[0]} {space_name(rules, a)} → {space_name(rules, b)}"
    if second is not None:
        line += f", {names[1]} {space_name(rules, b)} → {space_name(rules, a)}"
    ctx.log(line)
    return line
