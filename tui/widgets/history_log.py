"""The history log: session.log as a scrollable, wrapped list that renders only visible rows.

Toolong-style line API: wrapping is cached per entry, each frame renders only the rows on screen.
The cursor selects a whole entry; Enter asks the screen to "undo to here".
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip

from ..engine.session import LogEntry
from . import css
from ..textual_private import QuietScrollView

# "known": a question the record answered (engine/facts.py), shown as a step, never asked.
PREFIX = {"turn": "", "answer": "  › ", "auto": "    ", "known": "  ≡ "}


@dataclass(frozen=True)
class _Row:
    entry: int  # index into the entries
    text: str


def wrap_entry(entry: LogEntry, width: int) -> list[str]:
    prefix = PREFIX.get(entry.kind, "    ")
    text = f"━━ {entry.text} " if entry.kind == "turn" else entry.text
    lines = textwrap.wrap(
        text,
        width=max(8, width),
        initial_indent=prefix,
        subsequent_indent=" " * (len(prefix) + 2),
        break_on_hyphens=False,
    )
    return lines or [prefix]


class HistoryLog(QuietScrollView, can_focus=True):
    DEFAULT_CSS = css("history_log.tcss")
    COMPONENT_CLASSES = {"history-log--cursor", "history-log--turn", "history-log--answer"}
    BINDINGS = [
        Binding("up", "move(-1)", "Move", key_display="↑↓"),
        Binding("down", "move(1)", "Newer", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("enter", "undo_here", "Undo to here", key_display="⏎"),
    ]

    class UndoHere(Message):
        """The player asked to undo back to the selected line."""

        def __init__(self, entry: LogEntry) -> None:
            super().__init__()
            self.entry = entry

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.entries: list[LogEntry] = []
        self.cursor = -1  # selected entry index; -1 when empty
        self.follow = True  # keep the newest line selected as entries arrive
        self._rows: list[_Row] = []
        self._first_row: list[int] = []  # entry index -> its first row
        self._wrap_width = 0
        self._wrapped: LRUCache[tuple[str, str, int], list[str]] = LRUCache(4096)
        self._strips: LRUCache[tuple[int, bool, int], Strip] = LRUCache(512)

    # -- data ---------------------------------------------------------------------------------

    def set_entries(self, entries: list[LogEntry]) -> None:
        """Show ``entries`` (the session log); only lines after the unchanged prefix are rewrapped."""
        new = list(entries)
        old = self.entries
        keep, limit = 0, min(len(old), len(new))
        while keep < limit and (old[keep] is new[keep] or old[keep] == new[keep]):
            keep += 1
        self.entries = new
        if self.follow or self.cursor >= len(new):
            self.cursor = len(new) - 1
            self.follow = True
        self._rebuild(keep)
        self._scroll_to_cursor()

    @property
    def selected(self) -> LogEntry | None:
        return self.entries[self.cursor] if 0 <= self.cursor < len(self.entries) else None

    def _rebuild(self, keep: int = 0) -> None:
        """Wrap entries from index ``keep`` on; rows of earlier entries stay as they are. Before the
        first layout there is no width yet: the entries are wrapped when it gives one."""
        if not self.size.width:
            return
        width = max(8, self.scrollable_content_region.width - 1)
        if width != self._wrap_width:
            keep = 0
        self._wrap_width = width
        cut = self._first_row[keep] if keep < len(self._first_row) else len(self._rows)
        rows = self._rows[:cut] if keep else []
        first = self._first_row[:keep]
        for index in range(keep, len(self.entries)):
            entry = self.entries[index]
            key = (entry.kind, entry.text, width)
            lines = self._wrapped.get(key)
            if lines is None:
                lines = wrap_entry(entry, width)
                self._wrapped[key] = lines
            first.append(len(rows))
            rows.extend(_Row(index, line) for line in lines)
        self._rows = rows
        self._first_row = first
        self._strips.clear()
        self.set_length(Size(width, len(rows)))
        self.refresh()

    # -- rendering ----------------------------------------------------------------------------

    def laid_out(self, size: Size, new: bool) -> None:
        # A new width wraps the entries before this layout draws them (the first frame too).
        if self.size.width and self.scrollable_content_region.width - 1 != self._wrap_width:
            self._rebuild()
            self._scroll_to_cursor()

    def on_focus(self) -> None:
        self._strips.clear()
        self.refresh()

    def on_blur(self) -> None:
        self._strips.clear()
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.scrollable_content_region.width
        base = self.rich_style
        if index >= len(self._rows):
            return Strip.blank(width, base)
        row = self._rows[index]
        selected = row.entry == self.cursor and self.has_focus
        key = (index, selected, width)
        strip = self._strips.get(key)
        if strip is None:
            strip = Strip([Segment(row.text, base + self._row_style(row, selected))])
            strip = strip.crop_extend(0, width, base)
            self._strips[key] = strip
        return strip.apply_offsets(scroll_x, index)

    def _row_style(self, row: _Row, selected: bool) -> Style:
        if selected:
            return self.get_component_rich_style("history-log--cursor")
        kind = self.entries[row.entry].kind
        if kind == "turn":
            return self.get_component_rich_style("history-log--turn")
        if kind == "answer":
            return self.get_component_rich_style("history-log--answer")
        return Style()

    # -- navigation ---------------------------------------------------------------------------

    def _select(self, index: int) -> None:
        if not self.entries:
            return
        self.cursor = max(0, min(index, len(self.entries) - 1))
        self.follow = self.cursor == len(self.entries) - 1
        self._strips.clear()
        self._scroll_to_cursor()
        self.refresh()

    def _scroll_to_cursor(self) -> None:
        if not 0 <= self.cursor < len(self._first_row):
            return
        top = self._first_row[self.cursor]
        end = self._first_row[self.cursor + 1] if self.cursor + 1 < len(self._first_row) else len(self._rows)
        # An entry taller than the view shows its first lines (who did what), not its tail.
        rows = max(1, min(end - top, self.scrollable_content_region.height or 1))
        self.scroll_to_region(Region(0, top, 1, rows), animate=False, force=True)

    def follow_newest(self) -> None:
        """Back to showing the newest line (the player left the history)."""
        if not self.follow:
            self.follow = True
            self._select(len(self.entries) - 1)

    def action_move(self, delta: int) -> None:
        self._select(self.cursor + delta)

    def action_page(self, direction: int) -> None:
        height = max(1, self.scrollable_content_region.height - 1)
        if not self._rows:
            return
        row = self._first_row[self.cursor] + direction * height
        row = max(0, min(row, len(self._rows) - 1))
        self._select(self._rows[row].entry)

    def action_jump(self, where: int) -> None:
        self._select(len(self.entries) - 1 if where < 0 else where)

    def action_undo_here(self) -> None:
        if self.selected is not None:
            self.post_message(self.UndoHere(self.selected))

    def on_click(self, event: events.Click) -> None:
        row = event.y + self.scroll_offset.y
        if 0 <= row < len(self._rows):
            self._select(self._rows[row].entry)
