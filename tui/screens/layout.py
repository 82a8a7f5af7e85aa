"""The game screen's fixed geometry for a terminal size, and its one-line header.

Every region keeps its size from step to step, so answering never moves the layout (and a step
redraws only what changed). At 80×24 the whole step shows: header, panes, the prompt with every
option and a hint line, the newest history lines, the footer. Below 24 rows (a phone over SSH at
60×20) the panes fold behind a key and the prompt and history share the screen.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text

FULL_HEIGHT = 24  # from here up the panes stay on screen
PROMPT_ROWS = 10  # question and options: a 9-option menu under a one-line question fits
HISTORY_ROWS = 2  # the newest history lines (an answer and what it did)


class Geometry(NamedTuple):
    width: int
    folded: bool  # the panes are behind a key
    prompt: int  # rows of the prompt region: its top rule, question and options, the hint line
    history: int  # rows of the history region: its top rule and lines


def layout_for(width: int, height: int, bars: int = 0) -> Geometry:
    """``bars``: one-row bars shown besides the header and footer (watching, not saved)."""
    fixed = 2 + bars
    if height >= FULL_HEIGHT:
        extra = height - FULL_HEIGHT
        history = HISTORY_ROWS + extra // 3
        return Geometry(width, False, PROMPT_ROWS + 2, history + 1)
    history = 1 + HISTORY_ROWS
    return Geometry(width, True, max(4, height - fixed - history), history)


def title_line(game: str, status: str, save: str, width: int) -> Text:
    """``Oath · Round 3 · Prince's turn`` and, right-aligned, the save's file name. When the line
    is short the game's name gives way first, then the save's name; the turn always stays."""
    room = max(0, width - 2)  # the bar's padding
    left = f"{game} · {status}" if status else game
    gap = 2  # at least two spaces between the turn and the file name
    if status and len(left) + gap + len(save) > room:
        left = status
    right = save
    if len(left) + gap + len(right) > room:
        keep = room - len(left) - gap - 1
        right = f"…{save[-keep:]}" if keep >= 8 else ""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(left, style="bold")
    if right:
        text.append(" " * (room - len(left) - len(right)))
        text.append(right)
    return text
