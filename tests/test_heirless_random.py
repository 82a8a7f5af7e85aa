"""Random play at every seat count the setup allows (issue 15, Check): 3 to 6 players, several
seeds, thousands of answers each; every game plays to its end without a crash, keeps the tracker
whole and replays to the same state from its save."""

from __future__ import annotations

import random

import msgspec
import pytest

from test_heirless_helpers import new_runner, rules
from tui.engine.prompts import valid_answers
from tui.engine.session import Runner
from tui.games.heirless import GAME


@pytest.mark.parametrize("players", range(3, 7))
@pytest.mark.parametrize("seed", range(3))
def test_random_games_end_without_a_crash(players, seed):
    rnd = random.Random(seed * 10 + players)
    runner = new_runner({"players": str(players), "seasons": str(3 * (seed + 1))}, seed=seed)
    steps = 0
    while runner.pending is not None and steps < 20000:
        answers = valid_answers(runner.pending)
        if "x" in answers and rnd.random() < 0.8:  # Idle less often: longer turns, more actions
            answers.remove("x")
        runner.answer(rnd.choice(answers))
        runner.view()
        steps += 1
        state = runner.state
        if state.phase != "setup":
            cubes = [p for p in state.tracker.right + state.tracker.left if p is not None]
            assert sorted(cubes) == list(range(players))
    assert runner.pending is None, f"still playing after {steps} answers"
    assert steps > 300
    again = Runner(GAME, rules(), runner.saved_session())
    assert msgspec.json.encode(again.state) == msgspec.json.encode(runner.state)
