"""Snapshot tests of The King's Dilemma screens at 100×30 and 80×24: the vote in progress (the
`make screenshots` demo save), the Dilemma resolution after Resources moved, the end of a game,
and the home screen with the campaign records.

Only this game is registered while they run, so other games' work in progress cannot change
them. Update with `pytest tests/test_kings_dilemma_snapshots.py --snapshot-update` and look at
the pictures before committing."""

from __future__ import annotations


import pytest

from test_app_support import fixed_save, make_app, only_game
from tui.games.kings_dilemma import GAME
from tui.screenshots import demo_save

SIZES = [(100, 30), (80, 24)]
IDS = ["100x30", "80x24"]

SETUP = ["Blodyn", "Solad", "Tork", "Coden", "y", "y", "", "", "n", "n", "", "", "", "", "", ""]
ROUND1 = [
    "Famine", "inf+ wea-", "mor- st-",          # P1-P2
    "1", "3", "2", "2", "3", "2", "2",          # Coden AYE 3, Blodyn NAY 2, Solad gathers, Tork NAY 2
    "1", "1",                                   # count; the Moderator gives the Leader token to Blodyn
    "", "3", "2", "5", "1", "1", "0",           # A; Morale down 2 (its token says down); Knowledge up 1
    "c", "", "n", "n",                          # a Chronicle sticker; no envelope; no gains
]
ROUND1_END = ["1"]
ROUND2 = [
    "Plague", "", "",
    "3", "3", "3", "3",                         # everyone passes and gathers
    "1", "2",                                   # count; the Moderator picks NAY
    "", "0", "n", "n", "n", "3", "",            # no effects; a skull: the King is dead
]
SCORING = [
    "5", "6",                                   # Blodyn: Moderate, goal 6 (money rank II: 3)
    "2", "3", "4",                              # Solad: Rebel, goal 3, money rank I on its card: 4
    "6", "1",                                   # Tork: Greedy, goal 1 (money rank II: 6)
    "1", "9", "2",                              # Coden: Extremist, goal 9, money rank II on its card: 2
    "", "Aldric II", "1", "Crown of Thorns", "", "",
]


@pytest.fixture
def saves_dir(monkeypatch, relative_saves):
    """Only this game registered, so other games cannot change these pictures."""
    only_game(monkeypatch, GAME)
    return relative_saves


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_vote_in_progress(snap_compare, saves_dir, size):
    path = demo_save(saves_dir, GAME.id)
    assert snap_compare(make_app(saves_dir, path), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_dilemma_resolution(snap_compare, saves_dir, size):
    path = fixed_save(saves_dir, "kd", GAME.id, SETUP + ROUND1)
    assert snap_compare(make_app(saves_dir, path), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_game_over(snap_compare, saves_dir, size):
    path = fixed_save(saves_dir, "kd", GAME.id, SETUP + ROUND1 + ROUND1_END + ROUND2 + SCORING)
    assert snap_compare(make_app(saves_dir, path), terminal_size=size)


def test_home_shows_the_campaign(snap_compare, saves_dir):
    fixed_save(saves_dir, "kd", GAME.id, SETUP + ROUND1 + ROUND1_END + ROUND2 + SCORING)
    assert (saves_dir / "kings-dilemma.campaign").exists()
    assert snap_compare(make_app(saves_dir), terminal_size=(100, 30))
