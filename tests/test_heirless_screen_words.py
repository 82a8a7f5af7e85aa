"""Player words only on the play screen (issue 13 item 5; common brief, Standards): over random
games at every seat count, no prompt, option, help, pane or history line carries a source tag
("PT:", "HL-www"), "notes §", "reading", "our sources", "editable default" or the data notes'
status words. Those stay in the ruleset and under `g`."""

from __future__ import annotations

import random

import pytest

from player_words import developer_words, random_game_words
from test_heirless_helpers import new_runner, rules
from tui.games.heirless import GAME


@pytest.mark.parametrize("players", range(3, 7))
def test_a_random_game_shows_only_player_words(players):
    runner = new_runner({"players": str(players), "seasons": "2"}, seed=players)
    assert random_game_words(runner, random.Random(players), 2500) == []


def test_the_setup_form_speaks_player_words():
    texts = [t for spec in GAME.setup_options(rules()) for t in (spec.label, spec.help, *(c.label for c in spec.choices))]
    assert [(w, t) for t in texts for w in developer_words(t)] == []
