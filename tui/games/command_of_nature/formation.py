"""The Clockwork formation: its spaces, summoning into it, shifting and swapping Elementals.

Where the Clockwork would choose (a space, who moves), the player chooses (seed: HOW TO PLAY).
"""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Option
from .rules import CommandOfNatureRules
from .asking import STALE, ask
from .cards import ROMAN
from .state import BOX, SageState, Slot
from .texts import rule_help

# Option keys for Elementals and spaces: no e (end your turn), l, n (none / no), r (something
# happened, on the Clockwork's turn) or y (yes).
KEYS = "123456789abcdfghijkmopqstuvwxz"
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


def position(rules: CommandOfNatureRules, index: int) -> tuple[int, int]:
    """(row, place in the row from the left)."""
    rows = space_rows(rules)
    return rows[index], index - rows.index(rows[index])


def connected(rules: CommandOfNatureRules, a: int, b: int) -> bool:
    """Neighbours in one row, or spaces touching across neighbouring rows of the pyramid: Row I
    touches both spaces of Row II; Row II left touches Row III left and centre, Row II right
    touches Row III centre and right (readings: connected spaces)."""
    (ra, pa), (rb, pb) = position(rules, a), position(rules, b)
    if ra == rb:
        return abs(pa - pb) == 1
    if abs(ra - rb) != 1:
        return False
    (front, fp), (back, bp) = sorted([(ra, pa), (rb, pb)])
    spaces = rules.formation.row_spaces
    if spaces[back - 1] == spaces[front - 1] + 1:
        return bp in (fp, fp + 1)
    return True  # another shape of formation: every space of the next row


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


def slot_at(state: SageState, space: int) -> Slot:
    """The Elemental in ``space``, which the caller knows is occupied (one of ``occupied``)."""
    slot = state.formation[space]
    if slot is None:
        raise ValueError(f"space {space} of the formation is empty")
    return slot


def printed_strength(rules: CommandOfNatureRules, slot: Slot) -> int:
    card = rules.elemental(slot.card)
    return card.strength if card else 0


def strength(rules: CommandOfNatureRules, slot: Slot) -> int:
    """STR on the attack: printed STR plus 1 per boost the app has placed (CNW: boost)."""
    return printed_strength(rules, slot) + slot.boosts


def who(rules: CommandOfNatureRules, state: SageState, index: int) -> str:
    """'Riptide Tiger (2/4) in Row II left'."""
    slot = state.formation[index]
    assert slot is not None
    card = rules.elemental(slot.card)
    stats = f" ({card.strength}/{card.hp})" if card else ""
    boosts = f" +{slot.boosts} boost" if slot.boosts else ""
    return f"{slot.card}{stats}{boosts} in {space_name(rules, index)}"


def occupant(rules: CommandOfNatureRules, state: SageState, index: int) -> str:
    """'Row II left (Timber)' or 'Row II left (empty)'."""
    slot = state.formation[index]
    return f"{space_name(rules, index)} ({slot.card if slot else 'empty'})"


def still_in_formation(state: SageState, slot: Slot) -> bool:
    return any(s is slot for s in state.formation)


def place(state: SageState, index: int, card: str) -> None:
    assert state.formation[index] is None
    state.formation[index] = Slot(card=card)


def summon_into_formation(state: SageState, ctx: Context, card: str, why: str, from_pile: str | None):
    """Put ``card`` into a free space the player picks. It leaves ``from_pile`` only once placed, so
    it is never missing between prompts; None means it joins from a market."""
    rules: CommandOfNatureRules = ctx.rules
    help_text = rule_help(rules, "choices")

    def question():
        free = free_spaces(state)
        assert free, "summon needs a free space"  # reactions only ever free spaces
        if len(free) == 1:
            return Instruction(
                f"{why}: summon {card} into {space_name(rules, free[0])}, the only free space of the "
                f"Clockwork formation (resolve any effect it has when summoned).",
                label=f"Summon {card} into {space_name(rules, free[0])}",
                help=help_text,
            )
        return Choice(
            f"{why}: summon {card} into the Clockwork formation. Which free space? (You choose for it; "
            f"resolve any effect it has when summoned.)",
            [Option(KEYS[n], space_name(rules, i)) for n, i in enumerate(free)],
            label=f"Space for {card}",
            help=help_text,
        )

    key = yield from ask(state, ctx, question)
    free = free_spaces(state)
    index = free[0] if key is None else free[KEYS.index(key)]
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


def forward_moves(state: SageState, rules: CommandOfNatureRules) -> list[tuple[int, int]]:
    """Every move of the shift: a free space with an Elemental in the row just behind it."""
    rows = space_rows(rules)
    return [
        (src, dst)
        for dst in free_spaces(state)
        if rows[dst] < len(rules.formation.row_spaces)
        for src in occupied(state, [rows[dst] + 1], rules)
    ]


def shift_owed(state: SageState, rules: CommandOfNatureRules) -> bool:
    """Row I stays empty only when nobody is left behind it (seed: HOW TO PLAY; readings: formation
    shift): until then the shift goes on; gaps further back may be left, as you choose."""
    return not occupied(state, [1], rules) and bool(forward_moves(state, rules))


def shift_formation(state: SageState, ctx: Context):
    """After a gap opens, Elementals move forward one row at a time; you choose who moves. Moves
    are owed until Row I is filled again; after that you may go on filling gaps or stop (seed: HOW
    TO PLAY; CNW: the formation shifts; readings: formation shift)."""
    rules: CommandOfNatureRules = ctx.rules

    def move_text(src: int, dst: int) -> str:
        return f"{slot_at(state, src).card}: {space_name(rules, src)} → {space_name(rules, dst)}"

    def question():
        moves = forward_moves(state, rules)
        if not moves:
            return None
        owed = shift_owed(state, rules)
        if owed and len(moves) == 1:
            return Instruction(
                f"Shift the Clockwork formation: Row I cannot stay empty. Move {move_text(*moves[0])}.",
                label="Formation shift", help=rule_help(rules, "defeat"),
            )
        options = [Option(KEYS[n], move_text(src, dst)) for n, (src, dst) in enumerate(moves[: len(KEYS)])]
        if owed:
            text = "Shift the Clockwork formation: Row I cannot stay empty. Who moves forward? (You choose.)"
            return Choice(text, options, label="Formation shift", help=rule_help(rules, "defeat"))
        text = "Shift the Clockwork formation: does anyone else move forward into a gap? (You choose.)"
        options.append(Option("n", "no more moves"))
        return Choice(text, options, label="Formation shift", help=rule_help(rules, "defeat"), default="n")

    while forward_moves(state, rules):
        key = yield from ask(state, ctx, question)
        if key is STALE:
            continue
        if key == "n":
            ctx.log("Formation shift finished")
            return
        moves = forward_moves(state, rules)
        src, dst = moves[0] if key is None else moves[KEYS.index(key)]
        state.formation[dst], state.formation[src] = state.formation[src], None
        moved = slot_at(state, dst).card
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
