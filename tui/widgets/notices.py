"""The notices over the steps: what the table must keep in mind now, one per line, each wrapped
under its own start."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.reactive import var

from .clipped import Clipped
from .hanging import Hanging
from .text_block import TextBlock


class Notices(TextBlock):
    """At most ``rows`` rows high (``None``: all of them); more says so on its last row
    (tui/widgets/clipped.py). Hidden while there is no notice."""

    DEFAULT_CSS = """
    Notices {
        height: auto;
        padding: 0 1;
    }
    """
    shown: var[list[str] | None] = var(None, init=False)

    def __init__(self, rows: int | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows = rows
        self.body: RenderableType = Group()  # every notice, however many rows they need

    def show(self, notices: list[str]) -> None:
        """Redraw only when the notices changed (watch_shown)."""
        self.shown = list(notices)

    def watch_shown(self, notices: list[str]) -> None:
        self.display = bool(notices)
        self.body = Group(*(Hanging(Text("! ", style="bold"), Text(n, style="bold")) for n in notices))
        self.update(Clipped(self.body, self.rows))
