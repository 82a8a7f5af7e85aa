"""The notices over the steps: what the table must keep in mind now, one per line, each wrapped
under its own start."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

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

    def __init__(self, rows: int | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows = rows
        self.body: RenderableType = Group()  # every notice, however many rows they need
        self._shown: list[str] | None = None

    def show(self, notices: list[str]) -> None:
        """Redraw only when the notices changed."""
        if notices == self._shown:
            return
        self._shown = list(notices)
        self.display = bool(notices)
        self.body = Group(*(Hanging(Text("! ", style="bold"), Text(n, style="bold")) for n in notices))
        self.update(Clipped(self.body, self.rows))
