"""The tracks pane: the bot's private tracks, budgets and markers, grouped."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual.geometry import Size

from ..engine.view import TrackGroup, TrackRow
from . import css
from .hanging import Hanging
from .lines_pane import LinesPane

LEGEND = "* set at setup: check it against your printed game"
BAR_MAX = 10
WIDE = 34  # below this many cells, notes go on their own line under the row


class TracksPane(LinesPane):
    """The groups' rows; when the top row in view is under a group whose title has scrolled out of
    view, the pane's border names that group (a number alone does not say whose it is)."""

    DEFAULT_CSS = css("panes.tcss")
    HEADING = "Tracks"

    def __init__(self, groups: list[TrackGroup] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.groups: list[TrackGroup] = list(groups or [])
        self.redraw()

    def parts(self, width: int) -> list[RenderableType]:
        return track_parts(self.groups, width >= WIDE)

    def show(self, groups: list[TrackGroup]) -> None:
        """Redraw only when a value changed (a step usually leaves most tracks as they were);
        what the step touched comes into view when the pane cannot show it all."""
        if groups == self.groups:
            return
        changed = changes(self.groups, groups)
        self.groups = list(groups)
        if not changed:
            self.redraw()
            return
        wide = self._width >= WIDE
        first, (g, r) = part_of(groups, changed[0], wide), changed[-1]
        first -= 1 if changed[0][1] == 0 else 0  # a group's first row comes with its title
        last = part_of(groups, (g, r), wide) + (0 if wide or not groups[g].rows[r].note else 1)
        self.redraw(first, parts=last - first + 1)  # from the first row changed to the last one's note

    def redraw(self, into_view: int | None = None, centred: bool = False, parts: int = 1) -> None:
        super().redraw(into_view, centred, parts)
        self._name_owner()

    def laid_out(self, size: Size, new: bool) -> None:
        super().laid_out(size, new)
        self._name_owner()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._name_owner()

    def _name_owner(self) -> None:
        owner = group_above(self.groups, self._starts, round(self.scroll_y), self._width >= WIDE)
        title = self.HEADING if owner is None else f"{self.HEADING} · {owner}"
        if self.border_title != title:
            self.border_title = title


def changes(old: list[TrackGroup], new: list[TrackGroup]) -> list[tuple[int, int]]:
    """(group, row) of every row whose value differs from what was shown, in order."""
    found = []
    for g, group in enumerate(new):
        before = old[g].rows if g < len(old) and old[g].title == group.title else []
        for r, row in enumerate(group.rows):
            if r >= len(before) or before[r] != row:
                found.append((g, r))
    return found


def part_of(groups: list[TrackGroup], at: tuple[int, int], wide: bool) -> int:
    """The part of track_parts a row is (a group's title, then its rows; when narrow a row's note
    is a part of its own)."""
    part = 0
    for g, group in enumerate(groups):
        part += 1
        for r, row in enumerate(group.rows):
            if (g, r) == at:
                return part
            part += 1 + (1 if row.note and not wide else 0)
    return part


def group_above(groups: list[TrackGroup], starts: list[int], top: int, wide: bool) -> str | None:
    """The title of the group the line ``top`` belongs to when that title is above it (None when
    the line is a title itself, or under no group)."""
    part, owner = 0, None
    for group in groups:
        if part >= len(starts) or starts[part] > top:
            return owner
        owner = None if starts[part] == top else group.title
        part += 1 + sum(1 + (1 if row.note and not wide else 0) for row in group.rows)
    return owner if part >= len(starts) or starts[part] > top else None  # the legend is no group's


def bar(row: TrackRow) -> str:
    """A small bar for a numeric row: one cell per step, scaled down past BAR_MAX steps."""
    if row.pos is None or row.hi is None or row.hi <= row.lo:
        return ""
    span = row.hi - row.lo
    cells = min(span, BAR_MAX)
    filled = round((min(max(row.pos, row.lo), row.hi) - row.lo) * cells / span)
    return "■" * filled + "□" * (cells - filled)


def track_parts(groups: list[TrackGroup], wide: bool = True) -> list[RenderableType]:
    """Per group, columns of marker, label, then bar, value and note (wrapping under the value);
    when narrow, one line per row with its note on an indented line under it."""
    if not groups:
        return [Text("(no tracks)", style="dim")]
    parts: list[RenderableType] = []
    editable = False
    for group in groups:
        parts.append(Text(group.title, style="bold underline"))
        label_width = max((cell_len(row.label) for row in group.rows), default=0)
        rows: list[tuple[Text, Text]] = []  # (lead, body) per line of the group's grid
        for row in group.rows:
            editable = editable or row.editable_default
            flag = Text("*" if row.editable_default else "", style="bold")
            flag.pad_right(1 - flag.cell_len)
            cell = _value(row)
            label = Text(row.label, style="strike" if row.struck else "")
            if row.struck:
                cell.stylize("strike")
            if wide:
                if row.note:
                    cell.append(f" {row.note}", style="dim")
                label.pad_right(label_width - label.cell_len)
                rows.append((Text.assemble(flag, " ", label, " "), cell))
            else:
                rows.append((Text.assemble(flag, " "), Text.assemble(label, "  ", cell)))
                if row.note:
                    rows.append((Text("  "), Text(f"  {row.note}", style="dim")))
        column = max((body.cell_len for _, body in rows), default=0)
        parts.extend(Hanging(lead, body, column) for lead, body in rows)
    if editable:
        parts.append(Text(LEGEND, style="italic"))
    return parts


def _value(row: TrackRow) -> Text:
    cell = Text()
    drawn = bar(row)
    if drawn:
        cell.append(drawn + " ")
    cell.append(row.value, style="bold")
    return cell
