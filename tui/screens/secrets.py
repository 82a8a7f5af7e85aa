"""What a player keeps hidden at the table (a House's Power and Coins behind its screen), shown
only on request and only while that player looks: pick whose, read it, and the next key covers
it again. Nothing of it enters the history, the save or the shared panes."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..keys import HELP

KEYS = "123456789"


class SecretsScreen(ModalScreen[None]):
    CSS_PATH = "secrets.tcss"

    def __init__(self, holdings: list[tuple[str, list[str]]]) -> None:
        super().__init__()
        self.holdings = holdings[: len(KEYS)]
        self.showing: int | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="secrets-box"):
            yield Static(id="secrets-text")

    def on_mount(self) -> None:
        self._ask()

    def _ask(self) -> None:
        text = Text("Whose hidden holdings? Only that player should look.\n", style="bold")
        for key, (whose, _) in zip(KEYS, self.holdings):
            text.append(f" {key} ", style="reverse bold")
            text.append(f" {whose}\n")
        text.append("Any other key goes back.", style="italic")
        self.query_one("#secrets-box").border_title = "Hidden holdings"
        self.query_one("#secrets-text", Static).update(text)

    def _reveal(self, index: int) -> None:
        whose, lines = self.holdings[index]
        self.showing = index
        text = Text(f"{whose}\n", style="bold")
        for line in lines:
            text.append(f"  {line}\n")
        text.append("Any key covers it again.", style="italic")
        self.query_one("#secrets-box").border_title = f"Only {whose} looks"
        self.query_one("#secrets-text", Static).update(text)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        char = event.character or ""
        if self.showing is None and char in KEYS[: len(self.holdings)] and char:
            self._reveal(KEYS.index(char))
            return
        self.dismiss(None)  # covered again: nothing stays on the shared screen
        if event.key == HELP.key:  # F1 is help everywhere: once the holdings are covered
            self.app.call_later(self.app.run_action, "app.help")
