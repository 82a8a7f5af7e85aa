"""A line-drawn scrolling widget whose scrollbar is redrawn only when it changes."""

from __future__ import annotations

from textual.geometry import Size
from textual.scroll_view import ScrollView


class QuietScrollView(ScrollView):
    """Textual's ScrollView redraws its scrollbar after every layout of the screen, in a frame of
    its own (one more frame per step for each pane with a scrollbar). Here the scrollbar follows a
    new length in the frame that shows it (``set_length``), and a layout redraws it only when the
    widget's size or length changed."""

    _sized_for: tuple[Size, Size, Size] | None = None  # (size, virtual size, container) drawn for

    def set_length(self, virtual_size: Size) -> None:
        """The new virtual size, with the scrollbar brought up to date before the next frame."""
        self.virtual_size = virtual_size
        if self._sized_for is not None:
            size, _, container = self._sized_for
            self._scroll_update(virtual_size)
            self._sized_for = (size, virtual_size, container)

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        seen = (size, self.virtual_size, container_size)
        if seen == self._sized_for:
            return False
        self._sized_for = seen
        return super()._size_updated(size, virtual_size, container_size, layout)
