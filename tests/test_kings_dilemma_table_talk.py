"""What the shared screen says during play (issue 13 items 5 and 6, issue 15 secrets kept): only
the game's own words, yes/no questions answered with y/n, and no House's Power or Coins."""

from __future__ import annotations

import random
import re

import pytest

import drivers

from test_kings_dilemma_helpers import Drive, Table, new_runner, rules, seated
from test_kings_dilemma_random import pick
from tui.engine.prompts import Choice, YesNo
from tui.engine.session import Runner
from tui.engine.view import GameView
from tui.games.kings_dilemma import GAME
from tui.games.kings_dilemma.dilemma import start_vote
from tui.games.kings_dilemma.outcome import outcome_turn
from tui.games.kings_dilemma.resolution import resolve_turn
from tui.games.kings_dilemma.state import OUTCOME, VOTE
from tui.games.kings_dilemma.view import private_holdings
from tui.games.kings_dilemma.vote import vote_turn

# Where a rule comes from and how Clockwork read it stay in the ruleset and under `g`.
DEVELOPER_WORDS = re.compile(
    r"seed:|notes?:|ambiguit|readings?\b|our sources|our default|editable default|not from our|"
    r"\(fn\d|KD-rb|KD-app|§|\bp\.\s?\d|\bsources?\b|not public|confirmed|inferred|unknown",
    re.IGNORECASE,
)


def view_texts(view: GameView) -> list[str]:
    out = [view.title, view.status, view.cards_title, view.flow_title, view.finished, *view.notices]
    out += [f"{c.name} {c.kind} {c.detail}" for c in view.cards]
    out += [f"{s.label} {s.note}" for s in view.flow]
    out += [g.title for g in view.tracks] + [f"{r.label} {r.value} {r.note}" for g in view.tracks for r in g.rows]
    return out


def prompt_texts(prompt) -> list[str]:
    out = [prompt.text, prompt.label, prompt.help]
    out += [o.label for o in getattr(prompt, "options", [])]
    return out


def screens(runner: Runner, rng: random.Random, steps: int):
    """Everything the play screen shows at each step of random play: prompt, panes, history."""
    seen_log = 0
    for _ in range(steps):
        if runner.pending is None:
            return
        log = runner.session.log
        yield runner.pending, prompt_texts(runner.pending) + view_texts(runner.view()) + [e.text for e in log[seen_log:]]
        seen_log = len(log)
        drivers.answer_taken(runner, pick(runner.pending, rng), rng)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_play_screen_speaks_the_game_s_words_only(players):
    """Issue 13 item 5: no "seed:", "notes:", "(readings: …)", "our sources", "editable default",
    "(fn1)", page references or the like in prompts, help, panes or the history, over random games
    at every player count."""
    for seed in range(3):
        runner = new_runner(players, seed=seed)
        for _, texts in screens(runner, random.Random(seed), 1500):
            for text in texts:
                assert not DEVELOPER_WORDS.search(text), text


def yes_no_options(prompt: Choice) -> bool:
    words = [o.label.split()[0].strip(",:").lower() for o in prompt.options if o.key != "b" and o.label]
    return len(words) == 2 and set(words) <= {"yes", "no", "none", "nobody"} and len(set(words)) == 2


def test_every_yes_no_question_is_answered_with_y_or_n():
    """Issue 13 item 6: a yes/no question is a YesNo (y/n), never a choice of 1 and 2; the same
    for every question of random games."""
    asked_yes_no = 0
    # Eight games: an outcome's Outcome tokens must all be entered, so random games run shorter.
    for seed in range(8):
        runner = new_runner(3 + seed % 3, seed=seed)
        for prompt, _ in screens(runner, random.Random(seed), 1500):
            if isinstance(prompt, Choice):
                assert not yes_no_options(prompt), prompt.text
            asked_yes_no += isinstance(prompt, YesNo)
    assert asked_yes_no > 50


def holdings_words(state) -> set[str]:
    return {f"{n}" for p in state.players for n in (p.power, p.coins)}


def test_power_and_coins_behind_the_screens_stay_hidden():
    """Issue 15, secrets kept (KD-rb p.8: Power and Coins are kept behind the House screen): with
    holdings no other number on the screen can match, a vote with a bargain, the resolution and an
    outcome that gives Power and takes Coins never show them; private_holdings does, per House."""
    state = seated(3, leader=0, power=19, coins=23)
    state.players[1].power, state.players[2].power = 20, 21
    state.players[1].coins, state.players[2].coins = 24, 25
    state.power_pool = 65 - 3 - (19 + 20 + 21)
    state.coin_pool = 0
    table = Table()
    start_vote(state)
    state.phase = VOTE
    seen = []

    def round_of_play():
        while state.phase == VOTE:
            yield from vote_turn(state, table.ctx)
        yield from resolve_turn(state, table.ctx)
        yield from outcome_turn(state, table.ctx)

    answers = [
        "b", "2", "1", "3",    # Solad pays Blodyn 3 Coins
        "1", "2",              # Blodyn AYE 2
        "3",                   # Solad passes and gathers (the pool has no Coin)
        "2", "1",              # Tork NAY 1
        "1",                   # count: AYE wins
        "", "0", "n", "n",     # read; no effects; no sticker; no envelope
        "y", "1", "1", "1",    # Blodyn gains 1 Power
        "y", "3", "4", "9",    # Tork loses 9 Coins
        "n", "1",              # no more; before the skull section
    ]
    gen = round_of_play()
    d = Drive(gen, answers)
    assert d.left == [] and state.phase != OUTCOME
    assert [p.coins for p in state.players] == [26, 21, 16] and state.players[0].power == 19 - 2 + 1
    seen += [t for p in d.prompts for t in prompt_texts(p)] + table.lines
    seen += view_texts(GAME.view(state, rules()))
    hidden = {"19", "20", "21", "23", "24", "25", "26", "16", "18"}  # every amount a screen held
    for text in seen:
        numbers = set(re.findall(r"\d+", text))
        assert not numbers & hidden, text
    assert private_holdings(rules(), state) == [
        ("Blodyn", ["18 Power behind the screen", "26 Coins behind the screen"]),
        ("Solad", ["23 Power behind the screen", "21 Coins behind the screen"]),  # +3 gathered
        ("Tork", ["21 Power behind the screen", "16 Coins behind the screen"]),
    ]
    assert GAME.secrets is private_holdings
