"""The game screen's footer: the keys that work right now, drawn as one line of text.

Textual's Footer recomposes its widgets whenever the focus or the bindings change; on a screen
answered key by key over SSH that is frames and bytes for nothing. This bar is one Static that
is redrawn only when the set of usable keys changes (the screen compares them per step).
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from . import css

Key = tuple[str, str, bool]  # the key as shown, what it does, usable now


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


class KeysBar(Static):
    DEFAULT_CSS = css("keys_bar.tcss")

    def show_keys(self, keys: list[Key], always: list[Key], palette: tuple[str, str], room: int) -> None:
        """``keys``: the screen's keys, most wanted first; a key not usable now is dimmed.
        ``room``: the cells of the line; the palette's key is named when there is room left."""
        line = Text(no_wrap=True, overflow="ellipsis")
        for shown, description, usable in fitting(keys, always, room):
            line.append(shown, style="bold" if usable else "dim")
            line.append(f" {description}  ", style="" if usable else "dim")
        if len(line) + len(palette[0]) + 1 + len(palette[1]) <= room:
            line.append(f"{palette[0]} {palette[1]}", style="dim")
        self.update(line, layout=False)  # always one row
