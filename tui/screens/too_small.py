"""Shown over every screen while the terminal is smaller than the layouts need.

The screens beneath are only covered, never rebuilt: the pending prompt, what was typed and the
history log position are all there again when the terminal is enlarged. 60×20 is the smallest
size at which the game screen still shows its flow, tracks, a two-line prompt and the log
(80×24 is the size every screen is designed and tested for).
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH = 60
MIN_HEIGHT = 20


def too_small(size: Size) -> bool:
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


def notice(size: Size) -> str:
    return f"Enlarge the terminal to at least {MIN_WIDTH}×{MIN_HEIGHT} (now {size.width}×{size.height})"


class TooSmallScreen(Screen):
    CSS_PATH = "too_small.tcss"

    def __init__(self, size: Size) -> None:
        super().__init__()
        self.term_size = size

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.show(self.term_size)

    def show(self, size: Size) -> None:
        self.term_size = size
        text = Text(notice(size), style="bold")
        text.append("\nNothing is lost: the game is saved and the screen comes back as it was. ^q quits.")
        self.query_one("#too-small", Static).update(text)

    def on_key(self, event: events.Key) -> None:
        event.stop()  # keys must not answer a prompt nobody can see
