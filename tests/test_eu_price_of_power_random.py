"""Random play at every seat count the setup allows (1-6 Bots, 0-5 humans), several seeds, and
what the play screen shows in the players' words (issue 15 check; issue 13 item 5).

Invariants after every answer (eu-price-of-power-bots.txt p.1-3): each Bot deck keeps its 24
cards, BP are never negative, the Army never exceeds Manpower (a replaced realm starts with its
3 Units), and every step can be shown."""

from __future__ import annotations

import random
import re
from collections import Counter

import msgspec
import pytest

from test_eu_price_of_power_helpers import new_runner, rules
from tui.engine.prompts import Choice, MultiChoice, valid_answers

FULL = Counter(str(n) for n in range(1, 25))
SEATS = [(bots, humans) for bots in range(1, 7) for humans in range(0, 6)]
# Developer words that never belong on the play screen: sources, notes, readings, footnote marks.
DEVELOPER = re.compile(
    r"\bseed\b|notes:|ambiguity|REPO:|reading|our sources|editable default|\(fn\d|\bfn\d|\bS[1-7]\b|§|ruleset",
    re.IGNORECASE,
)


def choose(runner, rnd: random.Random) -> str:
    """A random valid answer that keeps the game going: the Round ends with the next Round or Age."""
    prompt = runner.pending
    if prompt.label == "After the Round":
        if runner.state.age == 4 and runner.state.round % 3 == 0:
            return "3"  # Final Scoring
        return "2" if runner.state.round % 3 == 0 and runner.state.age < 4 else "1"
    if prompt.label == "A Bot out of Towns?":
        return "0"  # one still out of Towns ends the game there (p.4)
    return rnd.choice(valid_answers(prompt))


def check(state) -> None:
    for b in state.bots:
        if b.deck.piles:
            assert b.deck.census() == FULL
        assert b.available >= 0 and b.spent >= 0
        assert 0 <= b.army <= max(b.manpower, rules().army.replacement_units)


def shown(runner) -> list[str]:
    """Every text the play screen shows for the pending step: the question, its options and help,
    the panes, and the newest history lines."""
    texts: list[str] = []
    prompt = runner.pending
    if prompt is not None:
        texts += [prompt.text, prompt.label, prompt.help]
        if isinstance(prompt, (Choice, MultiChoice)):
            texts += [o.label for o in prompt.options]

    def strings(value) -> None:
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                strings(v)
        elif isinstance(value, list):
            for v in value:
                strings(v)

    strings(msgspec.to_builtins(runner.view()))
    texts += [e.text for e in runner.session.log[-5:]]
    return texts


@pytest.mark.parametrize("bots,humans", SEATS, ids=[f"{b}bots-{h}humans" for b, h in SEATS])
def test_random_play_at_every_seat_count_keeps_going(bots, humans):
    """Issue 15: 7 and more seats crashed at the 7th pass; every seat count plays on (two seeds,
    through several Rounds, an End of Age included when the table says so)."""
    for seed in (bots * 10 + humans, 1000 + bots * 10 + humans):
        runner = new_runner({"bots": str(bots), "humans": str(humans)}, seed=seed)
        rnd = random.Random(seed)
        rounds = set()
        for _ in range(250):
            if runner.pending is None:
                assert runner.state.over
                break
            runner.answer(choose(runner, rnd))
            check(runner.state)
            runner.view()
            rounds.add((runner.state.age, runner.state.round))
        assert len(rounds) > 1 or runner.state.phase != "setup"


@pytest.mark.parametrize("bots,humans,seed", [(6, 5, 7), (1, 0, 8), (4, 3, 9)])
def test_whole_games_play_to_final_scoring(bots, humans, seed):
    """Issue 15: whole games, through every Age to Final Scoring (thousands of steps), at the most
    seats the setup allows, a lone Bot, and a mixed table."""
    runner = new_runner({"bots": str(bots), "humans": str(humans)}, seed=seed)
    rnd = random.Random(seed)
    steps = 0
    while runner.pending is not None and steps < 40000:
        runner.answer(choose(runner, rnd))
        check(runner.state)
        steps += 1
    assert runner.state.over and runner.state.age == 4 and steps > 300  # a lone Bot at Peace is asked little


def test_the_play_screen_speaks_the_players_words():
    """Issue 13 item 5: no source references, readings or footnote marks in prompts, their help,
    the panes or the history, over random games (the reference screen, g, keeps them)."""
    found: set[str] = set()
    for seed, (bots, humans) in ((3, (2, 1)), (4, (3, 0)), (5, (1, 2))):
        runner = new_runner({"bots": str(bots), "humans": str(humans), "dice": "app"}, seed=seed)
        rnd = random.Random(seed)
        for _ in range(1500):
            if runner.pending is None:
                break
            for text in shown(runner):
                if DEVELOPER.search(text or ""):
                    found.add(text)
            runner.answer(choose(runner, rnd))
    assert not found, sorted(found)[:10]
