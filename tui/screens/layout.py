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
# The top's left column at 80×24 has 7 rows: the card row and the notices take at most two each
# (what does not fit ends with a marker and shows whole on F4), so the steps keep a title and two.
CARD_ROWS = 2
NOTICE_ROWS = 2


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


FOLDED_NOTICE = "! note: F4"  # folded, the notices are behind F4 (the panes screen)


def title_line(game: str, status: str, save: str, width: int, flag: str = "") -> Text:
    """``Oath · Round 3 · Prince's turn`` and, right-aligned, the save's file name. When the line
    is short the game's name gives way first, then the save's name; the turn always stays.
    ``flag`` (a notice behind a key) stands before the save's name and gives way after it."""
    room = max(0, width - 2)  # the bar's padding
    left = f"{game} · {status}" if status else game
    gap = 2  # at least two spaces between the turn and the file name
    wanted = len(save) + (len(flag) + gap if flag else 0)
    if status and len(left) + gap + wanted > room:
        left = status
    right = save
    if len(left) + gap + wanted > room:
        keep = room - len(left) - gap - 1 - (len(flag) + gap if flag else 0)
        right = f"…{save[-keep:]}" if keep >= 8 else ""
    if flag and len(left) + gap + len(flag) > room:
        flag = ""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(left, style="bold")
    tail = Text()
    if flag:
        tail.append(flag, style="bold reverse")
        if right:
            tail.append(" " * gap)
    tail.append(right)
    if tail:
        text.append(" " * (room - len(left) - tail.cell_len))
        text.append_text(tail)
    return text
