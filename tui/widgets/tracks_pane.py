"""The tracks pane: the bot's private tracks, budgets and markers, grouped."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Static

from ..engine.view import TrackGroup, TrackRow
from . import css

LEGEND = "* set at setup: check it against your printed game"
BAR_MAX = 10
WIDE = 34  # below this many cells, notes go on their own line under the row


class TracksPane(VerticalScroll):
    DEFAULT_CSS = css("panes.tcss")

    def __init__(self, groups: list[TrackGroup] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.groups: list[TrackGroup] = list(groups or [])
        self._drawn = False

    def compose(self):
        yield Static(id="tracks-text")

    def show(self, groups: list[TrackGroup]) -> None:
        """Redraw only when a value changed (a step usually leaves most tracks as they were)."""
        if groups == self.groups and self._drawn:
            return
        changed = first_change(self.groups, groups)
        self.groups = list(groups)
        self._redraw()
        if changed is not None and self._drawn:
            # What this step touched comes into view when the pane cannot show it all.
            line = line_of(groups, changed, self.scrollable_content_region.width >= WIDE)
            self.call_after_refresh(self.scroll_to_region, Region(0, line, 1, 1), animate=False)

    def on_resize(self) -> None:
        self._redraw()

    def _redraw(self) -> None:
        wide = self.scrollable_content_region.width >= WIDE
        self._drawn = True
        self.query_one("#tracks-text", Static).update(render_tracks(self.groups, wide))


def first_change(old: list[TrackGroup], new: list[TrackGroup]) -> tuple[int, int] | None:
    """(group, row) of the first row whose value differs from what was shown, if any."""
    for g, group in enumerate(new):
        before = old[g].rows if g < len(old) and old[g].title == group.title else []
        for r, row in enumerate(group.rows):
            if r >= len(before) or before[r] != row:
                return g, r
    return None


def line_of(groups: list[TrackGroup], at: tuple[int, int], wide: bool) -> int:
    """The line a row starts on in render_tracks (a group's title, then its rows; when narrow
    a row's note takes a line of its own)."""
    line = 0
    for g, group in enumerate(groups):
        line += 1
        for r, row in enumerate(group.rows):
            if (g, r) == at:
                return line
            line += 1 + (1 if row.note and not wide else 0)
    return line


def bar(row: TrackRow) -> str:
    """A small bar for a numeric row: one cell per step, scaled down past BAR_MAX steps."""
    if row.pos is None or row.hi is None or row.hi <= row.lo:
        return ""
    span = row.hi - row.lo
    cells = min(span, BAR_MAX)
    filled = round((min(max(row.pos, row.lo), row.hi) - row.lo) * cells / span)
    return "■" * filled + "□" * (cells - filled)


def render_tracks(groups: list[TrackGroup], wide: bool = True) -> Group | Text:
    """Per group a grid of marker, label, then bar, value and note; when narrow, one line per row
    with its note on an indented line under it."""
    if not groups:
        return Text("(no tracks)", style="dim")
    parts: list[RenderableType] = []
    editable = False
    for group in groups:
        parts.append(Text(group.title, style="bold underline"))
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=1, no_wrap=True)
        grid.add_column(no_wrap=wide)
        if wide:
            grid.add_column(ratio=1)
        for row in group.rows:
            editable = editable or row.editable_default
            flag = Text("*" if row.editable_default else "", style="bold")
            cell = _value(row)
            label = Text(row.label, style="strike" if row.struck else "")
            if row.struck:
                cell.stylize("strike")
            if wide:
                if row.note:
                    cell.append(f" {row.note}", style="dim")
                grid.add_row(flag, label, cell)
            else:
                grid.add_row(flag, Text.assemble(label, "  ", cell))
                if row.note:
                    grid.add_row("", Text(f"  {row.note}", style="dim"))
        parts.append(grid)
    if editable:
        parts.append(Text(LEGEND, style="italic"))
    return Group(*parts)


def _value(row: TrackRow) -> Text:
    cell = Text()
    drawn = bar(row)
    if drawn:
        cell.append(drawn + " ")
    cell.append(row.value, style="bold")
    return cell
