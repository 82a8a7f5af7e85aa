"""A lasting one-line banner while answers are not saved (a full disk, a folder gone read-only):
the text comes from opengame.unsaved_line; this widget only shows it, or hides when it is empty."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


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

    def show(self, line: str) -> None:
        self.display = bool(line)
        self.update(Text(line))
