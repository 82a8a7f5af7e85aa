"""Defeats on either side: the Clockwork levelling up, Champions arriving, the game ending."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Option
from .rules import CommandOfNatureRules
from .asking import ask
from .formation import KEYS, occupied, remove_from_formation, shift_formation, slot_at, who
from .options import shield_note
from .state import BOX, CHAMPIONS, DISCARD, OVER, SageState
from .texts import rule_help
from .wallet import board_daybreak_gold


def unlocked_daybreak_gold(state: SageState) -> int:
    """Board gold at each daybreak for the current level (cumulative; notes: ambiguity 2), as far
    as the table has given it."""
    return sum(gold for level, gold in state.daybreak_gold.items() if level <= state.level.value)


def unlock_levels(rules: CommandOfNatureRules) -> list[int]:
    """The levels at which the Sage board adds daybreak gold (seed: HOW TO PLAY)."""
    return sorted(u.level for u in rules.daybreak_unlocks)


def clockwork_levels_up(state: SageState, ctx: Context):
    """+1 level per Elemental of yours it defeats; at 4/6/8 its Champion goes on top of its discard
    and more daybreak gold unlocks (seed: HOW TO PLAY; CNW: top of the discard)."""
    rules: CommandOfNatureRules = ctx.rules
    old, new = state.level.move(1)
    if new == old:
        ctx.log(f"Clockwork is already at level {new}, the top of its track")
        return
    ctx.log(f"Clockwork levels up: {old} → {new}")
    pack = rules.pack(state.pack)
    lines = []
    for champ in pack.champions:
        if champ.level == new and champ.card in state.deck.pile(CHAMPIONS):
            state.deck.move(champ.card, CHAMPIONS, DISCARD)
            ctx.log(f"Level {new}: Champion {champ.card} goes on top of the Clockwork discard")
            lines.append(f"put its Champion {champ.card} on top of the Clockwork discard")
    extra = 0
    if new in unlock_levels(rules):  # the table reads the level's gold off the board as it moves the marker
        extra = yield from board_daybreak_gold(state, ctx, new)
    if extra:
        lines.append(
            f"its Sage board now adds {extra} more gold at each daybreak "
            f"({unlocked_daybreak_gold(state)} in all)"
        )
    yield from ask(state, ctx, Instruction(
        f"The Clockwork Sage reaches level {new}: move its level marker"
        + ("; " + "; ".join(lines) if lines else "")
        + ".",
        label=f"Clockwork level {new}",
        help=rule_help(rules, "levels"),
    ))


def clockwork_wins(state: SageState, ctx: Context) -> None:
    state.phase = OVER
    state.winner = "clockwork"
    ctx.log("The Clockwork Sage defeats your Sage: the Clockwork wins")


def you_win(state: SageState, ctx: Context) -> None:
    state.phase = OVER
    state.winner = "you"
    ctx.log("You defeat the Clockwork Sage: you win")


def ask_what_the_damage_did(state: SageState, ctx: Context, what: str):
    """After Clockwork damage lands, only the table knows whether it defeated anything."""
    rules: CommandOfNatureRules = ctx.rules
    key = yield from ask(state, ctx, Choice(
        f"Did {what} defeat one of your Elementals?",
        [
            Option("n", "no"),
            Option("y", "yes, one of my Elementals (Clockwork levels up)"),
            Option("s", "yes, my Sage (the Clockwork wins)"),
            Option("c", "no, but a Clockwork Elemental was defeated (e.g. by my Instant)"),
        ],
        label=f"Did {what} defeat anything?",
        help=f"{rule_help(rules, 'levels')} {rule_help(rules, 'win')}",
        default="n",
    ))
    if key == "y":
        yield from clockwork_levels_up(state, ctx)
    elif key == "s":
        clockwork_wins(state, ctx)
    elif key == "c":
        yield from you_defeat_clockwork_elemental(state, ctx)


def you_defeat_clockwork_elemental(state: SageState, ctx: Context):
    """A defeated Clockwork Elemental leaves the game and the formation shifts; the Sage → you win
    (seed: HOW TO WIN; CNW: defeated Elementals leave the game)."""
    rules: CommandOfNatureRules = ctx.rules
    sage = rules.pack(state.pack).sage

    def named(i: int) -> str:
        # Defeating the Sage is legal and ends the game at once (seed: HOW TO WIN): the choice
        # says so, so it is never taken for one more Elemental (issue 24 playtest).
        line = who(rules, state, i)
        return f"{line}: the Clockwork Sage, you win and the game ends" if slot_at(state, i).card == sage else line

    def question():
        return Choice(
            "Which Clockwork Elemental did you defeat?",
            [Option(KEYS[n], named(i)) for n, i in enumerate(occupied(state))]
            + [Option("n", "none (go back)")],
            label="Defeated Clockwork Elemental",
            help=rule_help(rules, "defeat"),
        )

    key = yield from ask(state, ctx, question)
    if key == "n":
        return
    index = occupied(state)[KEYS.index(key)]
    card = remove_from_formation(state, ctx, index, BOX)
    if card == sage:
        you_win(state, ctx)
        return
    ctx.log(f"{card} is defeated and leaves the game")
    yield from shift_formation(state, ctx)


def two_damage_to_your_row_one(state: SageState, ctx: Context, why: str, reducible: bool):
    """The fixed 2 DMG of a card that cannot be used (seed: III.A, III.D; Direct Summon)."""
    rules: CommandOfNatureRules = ctx.rules
    rule = "an Instant may reduce it" if reducible else "no Instant Command can reduce it"
    ctx.log(f"{why}: 2 DMG to your Row I Elemental ({rule})")
    yield from ask(state, ctx, Instruction(
        f"{why}: deal 2 DMG to your Row I Elemental ({rule}). {shield_note(rules, ctx.options)}",
        label=f"2 DMG to your Row I ({why})",
        help=rule_help(rules, "shield"),
    ))
    yield from ask_what_the_damage_did(state, ctx, "the 2 DMG")
