"""Snapshot tests of the Oath (Clockwork Prince) screen at 100×30 and 80×24
(pytest-textual-snapshot): the arrows pane mid-action, the demo game of `make screenshots`, and
the rules at hand (key g).

Fixed seed, clock, working directory and time zone. Update with
`pytest tests/test_oath_snapshots.py --snapshot-update` and look at the pictures first.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from test_app_support import make_app
from tui import games
from tui.engine import saves
from tui.games.oath import GAME
from tui.opengame import OpenGame
from tui.screenshots import STAMP, demo_save

SIZES = [(100, 30), (80, 24)]
IDS = ["100x30", "80x24"]
# Setup, then the first turn: Hearth (battle plan), Discord, Hearth drawn; the first Hearth goes to
# the Cradle (the board markers confirmed); at the Supremacy Threat space the red arrow is answered no.
FIRST_ACTION = ["y", "", "", "", "", "", "h+ d h", "y", "", "", "n"]


@pytest.fixture
def saves_dir(monkeypatch, tmp_path):
    """A relative ./saves in tmp_path, a UTC clock, and Oath as the only registered game (so
    other games being written cannot change these pictures)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(games, "all_games", lambda: {GAME.id: GAME})
    folder = Path("saves")
    folder.mkdir()
    yield folder
    monkeypatch.undo()
    time.tzset()


def at_first_action(folder: Path) -> Path:
    path = folder / "prince.json"
    opened = OpenGame.new("oath", {"humans": "2"}, 3, path)
    for raw in FIRST_ACTION:
        opened.answer(raw)
    save = saves.read(path)
    save.created = save.updated = STAMP
    path.write_bytes(saves.encode(save))
    return path


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
    """Issue 'always at hand' (key g): tiebreakers, powers and permission first."""
    path = at_first_action(saves_dir)
    assert snap_compare(make_app(saves_dir, path), terminal_size=size, press=["g"])
