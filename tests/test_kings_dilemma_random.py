"""Random full games: Power and Coins are conserved at every step, tracks stay in bounds, every
game reaches its end, and a saved game replays to the same state (KD-rb p.4 components:
65 Power, 72 Coins; seed: Play; engine: undo by replay)."""

from __future__ import annotations

import random

import msgspec
import pytest

import drivers

from test_kings_dilemma_helpers import new_runner, rules
from tui.engine.prompts import Choice, Number, valid_answers
from tui.engine.session import Runner
from tui.games.kings_dilemma import GAME, campaign
from tui.games.kings_dilemma.state import GRAND_FINALE


def pick(prompt, rng: random.Random) -> str:
    answers = valid_answers(prompt)
    if isinstance(prompt, Number):
        answers = answers[: max(1, len(answers) // 2)]
    if isinstance(prompt, Choice) and prompt.label == "Time Counter" and "1" in answers:
        # Reach the skull section slowly, so games last several rounds.
        return "1" if rng.random() < 0.7 else rng.choice(answers)
    return rng.choice(answers)


def check(runner: Runner) -> None:
    s, t = runner.state, rules().tokens
    assert s.power_in_play() + s.power_pool == t.power_in_box
    assert s.coins_in_play() + s.coin_pool == t.coins_in_box
    assert s.power_pool >= 0 and s.coin_pool >= 0
    assert all(p.power >= 0 and p.coins >= 0 and p.committed >= 0 for p in s.players)
    assert all(1 <= r.row <= rules().tracks.resource_rows for r in s.resources)
    assert 1 <= s.stability <= s.stability_hi
    assert 0 <= s.leader < s.count and 0 <= s.moderator < s.count


def play_game(runner: Runner, rng: random.Random, steps: int) -> int:
    """Random answers until the game ends or ``steps`` run out; checks the books at every step."""
    done = 0
    while runner.pending is not None and done < steps:
        drivers.answer_taken(runner, pick(runner.pending, rng), rng)
        check(runner)
        done += 1
    return done


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_campaigns_keep_power_and_coins(players):
    """KD-rb p.4 (65 Power, 72 Coins in the box): nothing is created or lost by any answer, at
    every player count; games follow each other with the campaign records carried over, so the
    Mystery stickers add up to the Grand Finale (KD-rb p.18), and every finished game replays to
    the very same state (engine: undo by replay)."""
    ended = finales = 0
    for seed in range(4):
        rng = random.Random(seed * 10 + players)
        steps, games = 0, {}
        while steps < 3000:
            recalled = campaign.totals(campaign.CampaignFile(games=games))
            runner = new_runner(players, seed=seed * 1000 + len(games), recalled=recalled)
            steps += play_game(runner, rng, 3000 - steps)
            if not runner.state.over:
                break
            ended += 1
            if runner.state.end_cause == GRAND_FINALE:
                finales += 1
                games = {}  # a new campaign
            else:
                assert runner.state.winners and runner.state.king
                assert len(runner.state.scores) == runner.state.count
                games[f"g{len(games)}"] = campaign.record_of(runner.state)
            again = Runner(GAME, rules(), msgspec.json.decode(msgspec.json.encode(runner.saved_session()),
                                                              type=type(runner.session)))
            assert msgspec.json.encode(again.state) == msgspec.json.encode(runner.state)
    assert ended >= 20 and finales >= 1


def test_undo_across_the_resolution_restores_the_books():
    """engine: undo drops answers and replays from the turn's snapshot, exactly (Power, Coins,
    Leader, Moderator and the Balance included)."""
    rng = random.Random(3)
    runner = new_runner(4, seed=3)
    while runner.state.phase != "resolve":
        drivers.answer_taken(runner, pick(runner.pending, rng), rng)
    before, applied = msgspec.json.encode(runner.state), runner.applied
    for n in range(60):
        drivers.answer_taken(runner, pick(runner.pending, rng), rng)
        if n >= 5 and msgspec.json.encode(runner.state) != before:
            break
    assert msgspec.json.encode(runner.state) != before
    runner.undo(runner.applied - applied)
    assert msgspec.json.encode(runner.state) == before
