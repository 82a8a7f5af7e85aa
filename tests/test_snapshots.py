"""Snapshot tests (pytest-textual-snapshot) of home, setup, game and help at 100×30 and 80×24,
on the real Clockwork Sage game, with the same fixed save as `make screenshots`.

Fixed seed, clock, working directory and time zone; no blinking cursor. Update the pictures with
`pytest tests/test_snapshots.py --snapshot-update` and look at them before committing.
"""

from __future__ import annotations


import pytest

import per_game
from test_app_support import fixed_save, make_app, showcase  # noqa: F401
from tui.screenshots import demo_save

SIZES = [(100, 30), (80, 24)]
IDS = ["100x30", "80x24"]


@pytest.fixture
def saves_dir(relative_saves):
    """The relative ./saves, with one damaged save in it (the home screen names its error)."""
    (relative_saves / "damaged.json").write_text('{"format": 1, "game": ', encoding="utf-8")
    return relative_saves


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_home(snap_compare, saves_dir, size):
    demo_save(saves_dir, "command-of-nature")
    assert snap_compare(make_app(saves_dir), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_setup(snap_compare, saves_dir, size):
    assert snap_compare(make_app(saves_dir), terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_game(snap_compare, saves_dir, size):
    path = demo_save(saves_dir, "command-of-nature")
    assert snap_compare(make_app(saves_dir, path), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_game_log_selected(snap_compare, saves_dir, size):
    path = demo_save(saves_dir, "command-of-nature")
    assert snap_compare(make_app(saves_dir, path), terminal_size=size, press=["ctrl+l", "up", "up"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_help(snap_compare, saves_dir, size):
    path = demo_save(saves_dir, "command-of-nature")
    assert snap_compare(make_app(saves_dir, path), terminal_size=size, press=["f1"])


GAMES = per_game.ids()  # every registered game


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", [(80, 24), (60, 20)], ids=["80x24", "60x20"])
def test_every_game_fits(snap_compare, saves_dir, game, size):
    """Issue 13: the whole step of every game at 80×24; at 60×20 the panes fold behind p and the
    question with every option stays whole."""
    path = demo_save(saves_dir, game)
    assert snap_compare(make_app(saves_dir, path), terminal_size=size)


def test_player_text_is_never_markup(snap_compare, showcase):  # noqa: F811
    """A notice written as `[bold]Hearth[/]` and a pane title `Arrows [Muster]` show literally."""
    path = fixed_save(showcase, "prince-night", "showcase", ["", "y"])
    assert snap_compare(make_app(showcase, path), terminal_size=(100, 30), press=["x"])
