"""Snapshot tests (pytest-textual-snapshot) of home, setup, game and help at 100×30 and 80×24.

Fixed seed, clock, working directory and time zone; no blinking cursor. Update the pictures with
`pytest tests/test_snapshots.py --snapshot-update` and look at them before committing.
"""

from __future__ import annotations

import pytest

from test_app_support import fixed_save, make_app, showcase  # noqa: F401

SIZES = [(100, 30), (80, 24)]


def _app(folder, open_path=None):
    (folder / "damaged.json").write_text('{"format": 1, "game": ', encoding="utf-8")
    return make_app(folder, open_path)


@pytest.mark.parametrize("size", SIZES, ids=["100x30", "80x24"])
def test_home(snap_compare, showcase, size):
    fixed_save(showcase, "prince-night", "showcase", ["", "y"])
    assert snap_compare(_app(showcase), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["100x30", "80x24"])
def test_setup(snap_compare, showcase, size):
    assert snap_compare(_app(showcase), terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES, ids=["100x30", "80x24"])
def test_game(snap_compare, showcase, size):
    path = fixed_save(showcase, "prince-night", "showcase", ["", "y"])
    assert snap_compare(_app(showcase, path), terminal_size=size, press=["x"])


@pytest.mark.parametrize("size", SIZES, ids=["100x30", "80x24"])
def test_game_log_selected(snap_compare, showcase, size):
    path = fixed_save(showcase, "prince-night", "showcase", ["", "y", "2", "5", "Hearth", "", "n"])
    assert snap_compare(_app(showcase, path), terminal_size=size, press=["l", "up", "up", "i"])


@pytest.mark.parametrize("size", SIZES, ids=["100x30", "80x24"])
def test_help(snap_compare, showcase, size):
    path = fixed_save(showcase, "prince-night", "showcase", ["", "y"])
    assert snap_compare(_app(showcase, path), terminal_size=size, press=["question_mark"])
