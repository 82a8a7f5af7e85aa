"""Player words only on the play screen (issue 13 item 5; common brief, Standards): over random
games of every kind the setup allows, no prompt, option, help, pane or history line carries a
source tag ("RT:", "LAW", "APP"), "notes §", "reading", "our sources", "editable default" or a
rulebook paragraph number. Those stay in the ruleset and under `g`."""

from __future__ import annotations

import random

import pytest

from player_words import developer_words, random_game_words
from test_oath_helpers import new_runner, rules
from test_oath_random import lasting
from tui.games.oath import GAME


@pytest.mark.parametrize("seed", range(6))
def test_a_random_game_shows_only_player_words(seed):
    rnd = random.Random(seed)
    options = {
        "role": ("chancellor", "exile")[seed % 2],
        "humans": str(1 + seed % 5),
        "column_rule": rnd.choice(["quadrant", "ask"]),
        "oath": rnd.choice([o.key for o in rules().oaths]),
        "powers": rnd.choice(["limited", "expanded"]),
    }
    runner = new_runner(options, seed=seed)
    if seed == 0:  # the table corrects the board values once: those prompts are scanned too
        runner.answer("n")
    assert random_game_words(runner, rnd, 3000, lasting) == []


def test_the_setup_form_speaks_player_words():
    texts = [t for spec in GAME.setup_options(rules()) for t in (spec.label, spec.help, *(c.label for c in spec.choices))]
    assert [(w, t) for t in texts for w in developer_words(t)] == []
