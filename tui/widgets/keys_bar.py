"""The game screen's footer: the keys that work right now, drawn as one line of text.

Textual's Footer recomposes its widgets whenever the focus or the bindings change; on a screen
answered key by key over SSH that is frames and bytes for nothing. This bar is one Static that
is redrawn only when the set of usable keys changes (the screen compares them per step).
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from . import css


class KeysBar(Static):
    DEFAULT_CSS = css("keys_bar.tcss")

    def show_keys(self, keys: list[tuple[str, str, bool]], palette: bool) -> None:
        """``keys``: (key as shown, what it does, usable now); a key not usable now is dimmed."""
        line = Text(no_wrap=True, overflow="ellipsis")
        for shown, description, usable in keys:
            line.append(shown, style="bold" if usable else "dim")
            line.append(f" {description}  ", style="" if usable else "dim")
        if palette:
            line.append("^p palette", style="dim")
        self.update(line, layout=False)  # always one row
