"""The game screen's footer: the keys that work right now, drawn as one line of text.

Textual's Footer recomposes its widgets whenever the focus or the bindings change; on a screen
answered key by key over SSH that is frames and bytes for nothing. This bar is one line that
listens to the same signal the Footer does (``Screen.bindings_updated_signal``, published by
``refresh_bindings``), in the same frame, and is redrawn only when the line changes.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.screen import Screen

from . import css
from .line import Line

Key = tuple[str, str, bool]  # the key as shown, what it does, usable now
# The screen's keys most wanted first, the keys always shown (quit, help), the palette's key and
# what it does, and the cells of the line.
Keys = tuple[list[Key], list[Key], tuple[str, str], int]


def _width(key: Key) -> int:
    return len(key[0]) + 1 + len(key[1]) + 2


def fitting(keys: list[Key], always: list[Key], room: int) -> list[Key]:
    """``keys`` in their order, leaving out those there is no room for; ``always`` (quit, help)
    keep their room at the end of the line whatever the width."""
    left = room + 2 - sum(_width(k) for k in always)  # the line's last key needs no gap after it
    shown = []
    for key in keys:
        if _width(key) <= left:
            shown.append(key)
            left -= _width(key)
    return shown + always


def keys_line(keys: list[Key], always: list[Key], palette: tuple[str, str], room: int) -> Text:
    """``keys``: the screen's keys, most wanted first; a key not usable now is dimmed.
    ``room``: the cells of the line; the palette's key is named when there is room left."""
    line = Text(no_wrap=True, overflow="ellipsis")
    for shown, description, usable in fitting(keys, always, room):
        line.append(shown, style="bold" if usable else "dim")
        line.append(f" {description}  ", style="" if usable else "dim")
    if len(line) + len(palette[0]) + 1 + len(palette[1]) <= room:
        line.append(f"{palette[0]} {palette[1]}", style="dim")
    return line


class KeysBar(Line):
    """``keys``: asked for the keys each time the screen's bindings may have changed."""

    DEFAULT_CSS = css("keys_bar.tcss")

    def __init__(self, keys: Callable[[], Keys], **kwargs) -> None:
        super().__init__(**kwargs)
        self.keys = keys

    def on_mount(self) -> None:
        # Immediate: drawn with the step that changed the keys, not in a frame after it.
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed, immediate=True)
        self.bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen) -> None:
        self.line = keys_line(*self.keys())
