"""Shared helpers for the Command of Nature tests: load the shipped ruleset, start a game from an
arranged state (a stacked Clockwork deck, a chosen formation), and answer prompts by label."""

from __future__ import annotations

import dataclasses
import functools

from drivers import answer, choose, log_texts, option_key  # noqa: F401 (the game's tests import them from here)
from tui.engine.prompts import Choice, Instruction, Number
from tui.engine.session import Runner
from tui.games.command_of_nature import GAME
from tui.games.command_of_nature.setup import new_state
from tui.games.command_of_nature.state import DECK, PILES, YOURS, Slot
from tui.rules import loader


@functools.cache
def rules():
    return loader.load(loader.shipped_path("command-of-nature"), GAME)


def new_runner(options=None, seed=1) -> Runner:
    return Runner.new(GAME, rules(), dict(options or {}), seed)


# The daybreak gold a table read off its Sage board in an earlier game (levels 4, 6 and 8).
BOARD_DAYBREAK = {4: 1, 6: 1, 8: 1}


def arranged(
    deck: list[str],
    gold: int = 1,
    formation: list[str | None] | None = None,
    piles: dict[str, list[str]] | None = None,
    level: int = 1,
    options: dict[str, str] | None = None,
    seed: int = 1,
    daybreak: dict[int, int] | None = None,
) -> Runner:
    """A runner whose game starts at 'Round 1 · Your turn' with the Clockwork deck stacked
    (index 0 = top) and the formation given as card names, Row I first (None = empty). The table
    has given its Sage board's daybreak gold (``daybreak``, by default BOARD_DAYBREAK; {}: not
    given yet, so asked when a level needs it)."""

    def arranged_state(r, opts, s):
        state = new_state(r, opts, s)
        for name in PILES:
            state.deck.piles[name] = []
        state.deck.piles[DECK] = list(deck)
        for name, cards in (piles or {}).items():
            state.deck.piles[name] = list(cards)
        if formation is not None:
            state.formation = [Slot(c) if c else None for c in formation]
        state.gold.set(gold)
        state.level.set(level)
        state.daybreak_gold = dict(BOARD_DAYBREAK if daybreak is None else daybreak)
        state.phase = YOURS
        return state

    game = dataclasses.replace(GAME, new_state=arranged_state)
    return Runner.new(game, rules(), dict(options or {}), seed)


# A Twig formation without daybreak Elementals except the Sage (Cedar, whose daybreak is asked).
TWIG_FORMATION = ["Timber", "Timber", "Timber", "Acorn Squire", "Cedar", "Quill Thornback"]


def end_your_turn(runner: Runner) -> None:
    answer(runner, "Your turn", "e")


def daybreak_gold(runner: Runner, *amounts: int) -> None:
    """Answer every daybreak prompt in turn order: the gold a card gives is asked once (missing
    amounts answer 0); a card whose gold is remembered is only acknowledged."""
    left = list(amounts)
    while runner.pending is not None and "Daybreak:" in runner.pending.label:
        if isinstance(runner.pending, Number):
            runner.answer(str(left.pop(0) if left else 0))
        else:
            runner.answer("")


def defeated(runner: Runner, elemental: str, *shifts: str) -> None:
    """Which Clockwork Elemental was defeated, then its formation's moves (``shifts``) and no more."""
    choose(runner, "Defeated Clockwork Elemental", elemental)
    for shift in shifts:
        choose(runner, "Formation shift", shift)
    answer(runner, "Formation shift", "n")


def react_defeating(runner: Runner, elemental: str, *shifts: str) -> None:
    """r on the Clockwork's turn: your reaction defeated ``elemental`` (and its formation moved)."""
    runner.answer("r")
    answer(runner, "Something happened", "2")
    defeated(runner, elemental, *shifts)


def is_instruction(prompt) -> bool:
    """An instruction; on the Clockwork's turn it also offers r (something happened first) and
    Enter (d) acknowledges it."""
    return isinstance(prompt, Instruction) or (isinstance(prompt, Choice) and prompt.default == "d")


def labels(prompt) -> list[str]:
    """The options of a choice, without the 'something happened first' of the Clockwork's turn."""
    return [o.label for o in prompt.options if o.key != "r"]
