"""A block of text in a pane: a Static that holds no widgets, so its new size is laid out once."""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Static


class TextBlock(Static):
    """Textual lays the screen out again, then draws the widget again in a frame of its own,
    whenever a widget's size changed in a layout (through its virtual size). A block of text has
    nothing inside it to place, and the layout that resized it has already drawn it whole."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)
