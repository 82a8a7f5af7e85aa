"""The printed Prince board, remembered between games (GameDef.recall / remember): the values the
table gave at setup (notes §3, §6: not public), kept in saves/oath.board (not a .json, so the
saves list does not take it for a save). Read as safely as a save (engine/records.py): a damaged
file is kept aside with a line, and one bad entry costs only itself, named in a line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from ...engine import records, saves
from .state import OathState

FILE = "oath.board"
WHAT = "the Prince board values"
MOST = 9  # the largest value the setup questions take


class Board(msgspec.Struct):
    # Relationships boxes from the bottom: actions and trade amounts; Tactics spaces left to right.
    box_actions: list[int] = []
    box_trade: list[int] = []
    tactics_spaces: list[int] = []
    tactics_star: int = -1  # index of the starred Tactics space; -1: not given yet


def _values(stored: dict, name: str, lo: int, entries: records.Entries) -> list[int] | None:
    """The list ``name`` of whole numbers from ``lo`` to MOST, or None (named in ``entries``)."""
    values = stored.get(name, [])
    if not isinstance(values, list) or len(values) > 20:
        entries.left_out(f"{name} is not a list of at most 20 values")
        return None
    for i, v in enumerate(values):
        if type(v) is not int or not lo <= v <= MOST:
            entries.left_out(f"{name} {i + 1}: {v!r} is not a value from {lo} to {MOST}")
            return None
    return list(values)


def recall(saves_dir) -> Board:
    """The remembered board; a missing, unreadable or damaged file gives none (a damaged one is
    kept aside), and an entry out of bounds (the Relationships boxes, the Tactics spaces, the
    star) is left out and named in one line, the others kept (the file is data, maybe edited by
    hand)."""
    try:
        return _read(saves_dir)[0]
    except saves.SaveError as exc:  # unreadable or newer: none here, and never overwritten
        records.note(str(exc))
        return Board()


def _read(saves_dir) -> tuple[Board, records.Entries]:
    """Raises SaveError when the file cannot be read at all or was written by a newer Clockwork
    (it is then never overwritten)."""
    path = Path(saves_dir) / FILE
    entries = records.Entries(path, WHAT)
    stored = records.load(path, dict[str, Any], WHAT)
    board = Board()
    if stored is None:
        return board, entries
    # The boxes are one entry: an action count without its trade amount is no board.
    actions = _values(stored, "box_actions", 1, entries)
    trade = _values(stored, "box_trade", 0, entries)
    if actions is not None and trade is not None:
        if len(actions) == len(trade):
            board.box_actions, board.box_trade = actions, trade
        else:
            entries.left_out(f"box_actions has {len(actions)} boxes but box_trade {len(trade)}")
    spaces = _values(stored, "tactics_spaces", 0, entries)
    if spaces is not None:
        board.tactics_spaces = spaces
        star = stored.get("tactics_star", -1)
        if type(star) is int and (star == -1 or 0 <= star < len(spaces)):
            board.tactics_star = star
        else:
            entries.left_out(f"tactics_star: {star!r} is not one of the {len(spaces)} Tactics spaces")
    entries.say()
    return board, entries


def board_of(state: OathState) -> Board:
    """What this game adds: the board once the table checked it, the star once it gave it."""
    board = Board()
    if state.board_values in ("matches", "entered", "remembered"):
        board.box_actions, board.box_trade = list(state.box_actions), list(state.box_trade)
        board.tactics_spaces = list(state.tactics_spaces)
    if state.tactics_star in ("asked", "remembered") and board.tactics_spaces and state.star_space >= 0:
        board.tactics_star = state.star_space  # the star the table gave, never where the marker is now
    return board


def remember(state: OathState, saves_dir, key: str) -> None:
    """Keep this game's board for later games; writing the same again changes nothing."""
    ours = board_of(state)
    if not ours.box_actions:
        return
    stored, entries = _read(saves_dir)  # unreadable: SaveError, and the file is not overwritten
    if ours.tactics_star < 0 and stored.tactics_spaces == ours.tactics_spaces:
        ours.tactics_star = stored.tactics_star  # the star given earlier still fits
    if ours == stored:
        return
    entries.keep_aside()
    records.write(Path(saves_dir) / FILE, ours, WHAT)


def home_lines(saves_dir) -> list[str]:
    if not recall(saves_dir).box_actions:
        return []
    return ["Oath · your Prince board is remembered"]
