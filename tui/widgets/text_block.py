"""A block of text in a pane: a Static that holds no widgets, so its new size is laid out once."""

from __future__ import annotations

from ..textual_private import StillStatic


class TextBlock(StillStatic):
    """Textual lays the screen out again, then draws the widget again in a frame of its own,
    whenever a widget's size changed in a layout (through its virtual size). A block of text has
    nothing inside it to place, and the layout that resized it has already drawn it whole
    (tui/textual_private.py says how)."""
