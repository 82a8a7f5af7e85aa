"""The printed Prince board, remembered between games (GameDef.recall / remember): the values the
table gave at setup (notes §3, §6: not public), kept in saves/oath.board (not a .json, so the
saves list does not take it for a save). Read as safely as a save (engine/records.py)."""

from __future__ import annotations

from pathlib import Path

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


def _fine(values: list[int], lo: int) -> bool:
    return len(values) <= 20 and all(lo <= v <= MOST for v in values)


def recall(saves_dir) -> Board:
    """The remembered board; a missing, damaged or unreadable file gives none, and values out of
    bounds are dropped (the file is data, maybe edited by hand)."""
    try:
        stored = records.load(Path(saves_dir) / FILE, Board, WHAT)
    except saves.SaveError:  # unreadable or newer: none here, and never overwritten (remember)
        return Board()
    if stored is None:
        return Board()
    board = Board()
    if _fine(stored.box_actions, 1) and _fine(stored.box_trade, 0) and len(stored.box_actions) == len(stored.box_trade):
        board.box_actions, board.box_trade = list(stored.box_actions), list(stored.box_trade)
    if _fine(stored.tactics_spaces, 0):
        board.tactics_spaces = list(stored.tactics_spaces)
        if 0 <= stored.tactics_star < len(stored.tactics_spaces):
            board.tactics_star = stored.tactics_star
    return board


def board_of(state: OathState) -> Board:
    """What this game adds: the board once the table checked it, the star once it gave it."""
    board = Board()
    if state.board_values in ("matches", "entered", "remembered"):
        board.box_actions, board.box_trade = list(state.box_actions), list(state.box_trade)
        board.tactics_spaces = list(state.tactics_spaces)
    if state.tactics_star in ("asked", "remembered") and board.tactics_spaces:
        board.tactics_star = state.tactics
    return board


def remember(state: OathState, saves_dir, key: str) -> None:
    """Keep this game's board for later games; writing the same again changes nothing."""
    ours = board_of(state)
    if not ours.box_actions:
        return
    records.load(Path(saves_dir) / FILE, Board, WHAT)  # unreadable: SaveError, never overwritten
    stored = recall(saves_dir)
    if ours.tactics_star < 0 and stored.tactics_spaces == ours.tactics_spaces:
        ours.tactics_star = stored.tactics_star  # the star given earlier still fits
    if ours == stored:
        return
    records.write(Path(saves_dir) / FILE, ours, WHAT)


def home_lines(saves_dir) -> list[str]:
    if not recall(saves_dir).box_actions:
        return []
    return ["Oath · your Prince board is remembered"]
