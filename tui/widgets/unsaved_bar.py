"""A lasting one-line banner while answers are not saved (a full disk, a folder gone read-only):
the text comes from opengame.unsaved_line; this widget only shows it, or hides when it is empty.

It has two lines at most. When the reason is longer (a long save path), the reason is shortened
from its start (after "Not saved: "), so what to do about it ("ctrl+r tries again ...") and the
cause at the reason's end stay on screen."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import var
from textual.widgets import Static

LINES = 2
HEAD = "Not saved: "
GAP = " · "  # between the reason and the keys that deal with it


class UnsavedBar(Static):
    DEFAULT_CSS = """
    UnsavedBar {
        height: auto;
        max-height: 2;
        padding: 0 1;
        background: $error;
        color: $text;
        text-style: bold;
        display: none;
    }
    """

    line = var("", init=False)

    def show(self, line: str) -> None:
        """Shown only when it changed (watch_line): a saved step draws nothing here."""
        self.line = line

    def watch_line(self, line: str) -> None:
        self.display = bool(line)
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        self.update(Text(fitted(self.line, self.content_size.width, self._lines_at)))

    def _lines_at(self, text: str, width: int) -> int:
        return len(Text(text).wrap(self.app.console, width))


def fitted(line: str, width: int, lines_at) -> str:
    """``line`` shortened to LINES lines of ``width`` (as ``lines_at(text, width)`` counts them):
    the start of the reason gives way first, then, if that is not enough, the end of the line."""
    if width < 8 or not line or lines_at(line, width) <= LINES:
        return line
    reason, gap, keys = line.partition(GAP)
    head = HEAD if reason.startswith(HEAD) else ""
    body = reason[len(head):]

    def cut(n: int) -> str:
        return f"{head}…{body[n:]}{gap}{keys}"

    lo, hi = 1, len(body)
    if lines_at(cut(hi), width) > LINES:  # even without the reason it does not fit
        return _cut_end(line, width, lines_at)
    while lo < hi:  # the fewest characters cut that make it fit
        mid = (lo + hi) // 2
        if lines_at(cut(mid), width) <= LINES:
            hi = mid
        else:
            lo = mid + 1
    return cut(lo)


def _cut_end(line: str, width: int, lines_at) -> str:
    keep = len(line)
    while keep > 1 and lines_at(line[:keep] + "…", width) > LINES:
        keep -= max(1, keep // 8)
    return line[:keep] + "…"
