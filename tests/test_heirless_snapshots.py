"""Snapshot tests of the Heirless game screen at 100×30 and 80×24 (pytest-textual-snapshot):
a turn in progress with an Idler, a promise kept and one broken, and the Battles checklist.

Fixed seed, clock, working directory and time zone. Update with
`pytest tests/test_heirless_snapshots.py --snapshot-update` and look at the pictures first.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_app_support import fixed_times, make_app, only_game
from test_heirless_helpers import answer, count_battles, enact, free, guarantee, idle, pick, standard
from tui.games.heirless import GAME
from tui.opengame import OpenGame

SIZES = [(100, 30), (80, 24)]
IDS = ["100x30", "80x24"]
SEATS = [("Blue", "Lord", "Ada"), ("Green", "Lady", "Bram"), ("Purple", "Lord", "Cleo"), ("Red", "Lady", "Dario")]


@pytest.fixture
def saves_dir(monkeypatch, relative_saves):
    """Only this game registered, so other games cannot change these pictures."""
    only_game(monkeypatch, GAME)
    return relative_saves


def seating(folder: Path) -> Path:
    """Setup, after the first player took a colour."""
    path = folder / "heirless-setup.json"
    opened = OpenGame.new("heirless", {"players": "4"}, 5, path)
    pick(opened.runner, "colour", "Green")
    opened.autosave()
    return fixed_times(path)


def mid_season(folder: Path, to_battles: bool = False) -> Path:
    """Season 1 of a 4-player game: Blue Idled; Green assigned Workers, enacted a Law and saw two
    promises signed and one broken by vote; Purple is on their second Standard Action."""
    path = folder / "heirless.json"
    opened = OpenGame.new("heirless", {"players": "4"}, 5, path)
    r = opened.runner
    for colour, title, name in SEATS:
        pick(r, "colour", colour)
        answer(r, "title", title)
        answer(r, "name", name)
    for seal in ("Lord Blue", "Lady Green", "Lord Purple"):
        pick(r, "Tracker spot", seal)
    answer(r, "Set up the board")
    idle(r)
    standard(r, "Assign")
    pick(r, "Faction", "Wolf Tribe")
    answer(r, "allowed", "y")
    answer(r, "Workers", "2")
    free(r, "Guarantee")
    pick(r, "signs", "Lady Green", "Lord Purple")
    answer(r, "promise", "If possible, Green and Purple leave Meadow alone this Season")
    guarantee(r, "Lord Blue", "Blue votes for the next Law")
    free(r, "Oathbreak")
    answer(r, "Which promise", "2")  # signed by Blue alone: the record names him
    answer(r, "agree", "n")
    for vote in ("y", "n", "y", "y"):
        answer(r, "was promise", vote)
    enact(r, "Tax Law", 1)
    answer(r, "commits", "1")
    answer(r, "second chance", "0")
    answer(r, "Apply Tax Law", "")
    answer(r, "'s turn", "e")
    standard(r, "Commission")
    answer(r, "path", "Bricks + Logs → Marble")
    if to_battles:
        for _ in range(3):
            idle(r)
        count_battles(r, 2)
    opened.autosave()
    return fixed_times(path)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_turn_in_progress(snap_compare, saves_dir, size):
    assert snap_compare(make_app(saves_dir, mid_season(saves_dir)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_battles_checklist(snap_compare, saves_dir, size):
    assert snap_compare(make_app(saves_dir, mid_season(saves_dir, to_battles=True)), terminal_size=size)


def test_free_action_menu(snap_compare, saves_dir):
    assert snap_compare(make_app(saves_dir, mid_season(saves_dir)), terminal_size=(80, 24), press=["f"])


def test_setup_in_play(snap_compare, saves_dir):
    assert snap_compare(make_app(saves_dir, seating(saves_dir)), terminal_size=(80, 24))
