"""Snapshot tests of the Oath (Clockwork Prince) screen at 100×30 and 80×24
(pytest-textual-snapshot): the arrows pane mid-action, the demo game of `make screenshots`, and
the rules at hand (key F2).

Fixed seed, clock, working directory and time zone. Update with
`pytest tests/test_oath_snapshots.py --snapshot-update` and look at the pictures first.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_app_support import fixed_save, make_app, only_game
from tui.games.oath import GAME
from tui.screenshots import demo_save

SIZES = [(100, 30), (80, 24)]
IDS = ["100x30", "80x24"]
# Setup (the starred Tactics space: the first), then the first turn: Hearth (battle plan), Discord, Hearth drawn; the first Hearth goes to
# the Cradle (the board markers confirmed); at the Supremacy Threat space the red arrow is answered no.
FIRST_ACTION = ["y", "1", "", "", "", "", "", "h+ d h", "y", "", "", "n"]


@pytest.fixture
def saves_dir(monkeypatch, relative_saves):
    """Only this game registered, so other games cannot change these pictures."""
    only_game(monkeypatch, GAME)
    return relative_saves


def at_first_action(folder: Path) -> Path:
    return fixed_save(folder, "prince", "oath", FIRST_ACTION, seed=3, options={"humans": "2"})


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_arrows_mid_action(snap_compare, saves_dir, size):
    """Issue: the arrows pane — the space, each arrow in its colour, the one answered no struck."""
    path = at_first_action(saves_dir)
    assert snap_compare(make_app(saves_dir, path), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_demo_game(snap_compare, saves_dir, size):
    """The fixed demo game of `make screenshots`: the card row of a search, tracks pane."""
    path = demo_save(saves_dir, "oath")
    assert snap_compare(make_app(saves_dir, path), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_rules_at_hand(snap_compare, saves_dir, size):
    """Issue 'always at hand' (key F2): tiebreakers, powers and permission first."""
    path = at_first_action(saves_dir)
    assert snap_compare(make_app(saves_dir, path), terminal_size=size, press=["f2"])
