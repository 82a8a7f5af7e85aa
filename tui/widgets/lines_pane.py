"""A scrolling pane drawn line by line from a list of parts (the flow's steps, the tracks' rows).

The parts are wrapped once per change at the pane's width; a frame draws only the rows in view,
and the part a step touched is brought into view in the same frame as the change. (A scrolling
container of widgets needs a layout before it can scroll, and its first scroll after a layout
repaints the whole screen: a second and a third frame per step.)
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from textual.geometry import Region, Size
from textual.strip import Strip

from ..textual_private import QuietScrollView


class LinesPane(QuietScrollView, can_focus=True):
    """Subclasses say what to draw for a width (``parts``); ``redraw`` after a change."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._lines: list[Strip] = []
        self._starts: list[int] = []  # part index -> its first line
        self._width = 0  # the width the lines were wrapped for (0: not yet)
        self._into_view: tuple[int, int, bool] | None = None  # (part, parts, centred) to show after a wrap

    def parts(self, width: int) -> Sequence[RenderableType]:
        raise NotImplementedError

    def redraw(self, into_view: int | None = None, centred: bool = False, parts: int = 1) -> None:
        """Wrap the parts again; ``into_view``: the first of ``parts`` parts to bring into view
        (``centred`` in it; the first ones when they are more than it shows)."""
        self._into_view = None if into_view is None else (into_view, max(1, parts), centred)
        if self.outer_size.width:
            self._wrap(self.outer_size)
            self._bring_into_view(self.outer_size)
        if self.is_mounted:
            self.refresh()

    def _text_width(self, size: Size, lines: int | None = None) -> int:
        """The width for the text in a pane of ``size`` (with its border and padding), less a
        scrollbar when ``lines`` would not fit."""
        width = size.width - self.styles.gutter.width
        if lines is not None and lines > size.height - self.styles.gutter.height:
            width -= self.styles.scrollbar_size_vertical
        return max(1, width)

    def _wrap(self, size: Size) -> None:
        console = self.app.console
        full = self._text_width(size)
        parts = self.parts(full)
        # Each part takes a line at least: more parts than rows means a scrollbar for sure.
        width = self._text_width(size, len(parts))
        if width != full:
            parts = self.parts(width)
        lines, starts = self._render_parts(console, width, parts)
        if self._text_width(size, len(lines)) != width:  # the wrapped lines need a scrollbar
            width = self._text_width(size, len(lines))
            lines, starts = self._render_parts(console, width, self.parts(width))
        self._lines, self._starts, self._width = lines, starts, width
        self.set_length(Size(width, len(lines)))

    def _render_parts(self, console, width: int, parts: Sequence[RenderableType]) -> tuple[list[Strip], list[int]]:
        options = console.options.update_width(width)
        lines: list[Strip] = []
        starts: list[int] = []
        for part in parts:
            starts.append(len(lines))
            lines.extend(Strip(line) for line in console.render_lines(part, options, pad=False))
        return lines, starts

    def _bring_into_view(self, size: Size) -> None:
        if self._into_view is None or not self._starts:
            return
        part, count, centred = self._into_view
        part = min(part, len(self._starts) - 1)
        top = self._starts[part]
        end = self._starts[part + count] if part + count < len(self._starts) else len(self._lines)
        view = max(1, size.height - self.styles.gutter.height)
        rows = max(1, min(end - top, view))
        if centred:
            self.scroll_to(y=max(0, top - (view - rows) // 2), animate=False, force=True, immediate=True)
        else:
            self.scroll_to_region(Region(0, top, 1, rows), animate=False, force=True, immediate=True)

    def laying_out(self, size: Size) -> None:
        # A new size wraps the parts again before this layout draws them (the first frame too).
        self._wrap(size)

    def laid_out(self, size: Size, new: bool) -> None:
        if new:
            self._bring_into_view(size)  # with the scrollbar this size shows

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.scrollable_content_region.width
        base = self.rich_style
        if index >= len(self._lines):
            return Strip.blank(width, base)
        line = self._lines[index].apply_style(base).crop_extend(scroll_x, scroll_x + width, base)
        return line.apply_offsets(scroll_x, index)
