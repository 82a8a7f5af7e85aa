"""A line that wraps under its own start, after a fixed lead (a step's marker, a track's label).

It draws what a two-column `Table.grid` drew for the flow and tracks panes, but a Table measures
every cell twice on each frame that lays the pane out; this wraps the text once.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text


class Hanging:
    """``lead`` on the first line, then ``body`` wrapped to the width left; later lines start
    under the body. The body's column is ``column`` cells wide (its own longest line when not
    given) or what the width leaves, and its lines are padded to it in the body's own style, as a
    grid cell's were."""

    def __init__(self, lead: Text, body: Text, column: int | None = None) -> None:
        self.lead = lead
        self.body = body
        self.column = column

    def _column(self) -> int:
        if self.column is not None:
            return self.column
        return max((len(line) and Text(line).cell_len for line in self.body.plain.split("\n")), default=0)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        indent = self.lead.cell_len
        width = max(1, min(self._column(), options.max_width - indent))
        lines = self.body.wrap(console, width, justify="left", overflow="ellipsis")
        blank = Text(" " * indent)
        rows = [Text.assemble(self.lead if index == 0 else blank, line) for index, line in enumerate(lines)]
        yield from Text("\n").join(rows).render(console, end="\n")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        body = Measurement.get(console, options, self.body)
        indent = self.lead.cell_len
        return Measurement(body.minimum + indent, body.maximum + indent)
