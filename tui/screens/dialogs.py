"""Small modal dialogs: a yes/no confirmation, a save name and a player's name. Never Esc-only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..engine import players
from .modal import modal_keys

if TYPE_CHECKING:
    from textual import getters

    from ..app import ClockworkApp


class ConfirmScreen(ModalScreen[bool]):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = modal_keys(Binding("y,enter", "answer(True)", "Yes"), Binding("escape,n,q", "answer(False)", "No"))

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question, style="bold"))
            yield Static(Text.assemble((" y ", "reverse bold"), " yes   ", (" n ", "reverse bold"), " no"))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class SaveAsScreen(ModalScreen[str | None]):
    if TYPE_CHECKING:  # self.app is Clockwork's own (its saves folder, clock, blink); typed only
        app = getters.app(ClockworkApp)
    CSS_PATH = "dialogs.tcss"
    BINDINGS = modal_keys(Binding("escape,ctrl+b", "cancel", "Cancel"))

    def __init__(self, default: str, folder: str) -> None:
        super().__init__()
        self.default = default
        self.folder = folder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text("Save as", style="bold"))
            field = Input(value=self.default, id="save-as-name", select_on_focus=True)
            field.cursor_blink = self.app.blink
            yield field
            yield Static(Text(f"Enter saves it in {self.folder}/ · Esc or ^b cancels"), classes="help")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PlayerScreen(ModalScreen[str | None]):
    """Who is playing here: the name the lock of every save this window plays carries (issue 24)."""

    if TYPE_CHECKING:
        app = getters.app(ClockworkApp)
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,ctrl+b", "cancel", "Cancel")]

    def __init__(self, name: str, remembered: bool) -> None:
        super().__init__()
        self.given = name
        self.remembered = remembered

    def compose(self) -> ComposeResult:
        kept = "remembered for next time" if self.remembered else "for this window only"
        with Vertical(classes="dialog"):
            yield Static(Text("Who is playing here?", style="bold"))
            field = Input(value=self.given, placeholder="your name", max_length=players.MAX_LENGTH, id="player-name",
                          select_on_focus=True)
            field.cursor_blink = self.app.blink
            yield field
            yield Static(Text(f"The others see this name on the games you play ({kept})."))
            yield Static(Text("Enter keeps it (empty: no name) · Esc or ^b cancels"), classes="help")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
