"""One row of text redrawn only when its text changes: the game screen's title, the prompt's
hint and the keys bar. A step usually leaves them as they were; Textual's ``var`` compares the new
text with the one shown and calls ``watch_line`` only on a change."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import var
from textual.widgets import Static


class Line(Static):
    line: var[Text | str] = var("", init=False)

    def watch_line(self, line: Text | str) -> None:
        self.update(line, layout=False)  # always one row: never a layout
