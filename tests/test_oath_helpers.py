"""Shared helpers for the Oath (Clockwork Prince) tests: the shipped ruleset, a game started from
an arranged state (a Prince's turn with chosen relationships, markers and threat), and answering
prompts by label."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

from drivers import answer, choose, log_texts, option_key  # noqa: F401 (the game's tests import them from here)
from tui.engine.session import Runner
from tui.games.oath import GAME
from tui.games.oath.setup import new_state
from tui.games.oath.state import CONSPIRATOR, FRIEND, PRINCE
from tui.rules import loader


@functools.cache
def rules():
    return loader.load(loader.shipped_path("oath"), GAME)


def new_runner(options=None, seed=1) -> Runner:
    return Runner.new(GAME, rules(), dict(options or {}), seed)


def arranged(
    round: int = 2,
    node: str | None = None,
    friends: Sequence[tuple[str, int]] = (),
    conspirators: Sequence[tuple[str, int]] = (),
    threat: str | None = None,
    threat_quadrant: str = "",
    options: dict[str, str] | None = None,
    citizens: Sequence[int] = (),
    ambition: dict[str, int] | None = None,
    seed: int = 1,
    **fields,
) -> Runner:
    """A runner whose game starts at a Prince's turn: markers on ``node``, the listed suits in the
    Friends/Conspirators columns at the given rows (entered in the order listed)."""

    def arranged_state(r, opts, s):
        state = new_state(r, opts, s)
        state.phase = PRINCE
        state.round = round
        state.board_values = "matches"
        state.seat = 2 if state.exile else 1
        state.citizens = list(citizens)
        if node:
            state.start_node = state.current_node = node
        for column, suits in ((FRIEND, friends), (CONSPIRATOR, conspirators)):
            for suit, row in suits:
                m = state.marker(suit)
                state.entry_counter += 1
                m.row, m.column, m.entered = row, column, state.entry_counter
        if threat is not None:
            state.threat, state.threat_quadrant = threat, threat_quadrant
        if ambition:
            state.ambition.update(ambition)
        for key, value in fields.items():
            setattr(state, key, value)
        return state

    game = dataclasses.replace(GAME, new_state=arranged_state)
    return Runner.new(game, rules(), dict(options or {}), seed)


def pending_label(runner: Runner) -> str:
    return runner.pending.label if runner.pending is not None else ""


def skip_threat(runner: Runner, usurper: bool = False) -> None:
    """Chancellor Prince with Exiles and no Citizens: answer the Threat questions with no Threat
    (or the Usurper), and no People's Favor."""
    answer(runner, "Exile Usurper?", "y" if usurper else "n")
    if not usurper:
        answer(runner, "completed a Vision", "n")
        answer(runner, "Exile Oathkeeper?", "n")
    answer(runner, "People's Favor", "n")


def play_card(runner: Runner, cards: str, region: str = "Cradle") -> None:
    """Enter the drawn cards and say the chosen card fits ``region`` ('' = fits nowhere). With a
    region, also confirms the Prince board markers (a marker leaving Unaligned with the column
    rule 'ask' stops before them)."""
    answer(runner, "Cards drawn", cards)
    for r in ("Cradle", "Provinces", "Hinterland"):
        if r == region:
            answer(runner, f"fits a {r} site", "y")
            answer(runner, "Play the")
            if pending_label(runner) == "Prince board markers":
                answer(runner, "Prince board markers")
            return
        answer(runner, f"fits a {r} site", "n")
