"""A block of text held to a few rows that never hides that it was cut (issue 24 item 4).

The card row and the notices have a fixed share of the screen's top (tui/screens/layout.py). A
text that needs more rows than its share shows what fits, and its last row ends with a marker
that says there is more and names the key that shows the panes whole (the panes screen).
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

PANES_KEY = "F4"  # opens the panes screen at every size (tui/screens/panes.py)
MORE = f"more ↓ {PANES_KEY}"
MORE_STYLE = Style(bold=True, reverse=True)  # reads without colour (NO_COLOR, 16 colours)


class Clipped:
    """``body`` at the width given, in at most ``rows`` lines (``None``: all of it); when it needs
    more, the last line kept ends with ``…`` and the MORE marker."""

    def __init__(self, body: RenderableType, rows: int | None) -> None:
        self.body = body
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        lines = console.render_lines(self.body, options.update(height=None), pad=False)
        if self.rows is not None and len(lines) > self.rows:
            lines = lines[: max(1, self.rows)]
            lines[-1] = marked(lines[-1], width)
        for line in lines:
            yield from line
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.body)


def marked(line: list[Segment], width: int) -> list[Segment]:
    """``line`` cut to leave room for the marker at the right edge (an ellipsis where it was cut)."""
    marker = f" {MORE} "
    room = max(0, width - Text(marker).cell_len - 1)  # one blank cell before the marker
    if Segment.get_line_length(line) > room:
        line = Segment.adjust_line_length(line, max(0, room - 1)) + [Segment("…")]
    line = Segment.adjust_line_length(line, room + 1)
    return [*line, Segment(marker, MORE_STYLE)]
