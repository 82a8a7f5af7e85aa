"""The whole history at full height: read it, page through it, and undo back to a line.

The game screen keeps only the newest lines at its foot; ^l opens this screen over it. Esc (or ^l,
l or q) always leaves; Enter on a line hands it back to the game screen, which undoes to it.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ..engine.session import LogEntry
from ..widgets.history_log import HistoryLog
from .modal import modal_keys


class HistoryScreen(ModalScreen[LogEntry | None]):
    CSS_PATH = "history.tcss"
    BINDINGS = modal_keys(Binding("escape,ctrl+l,l,q", "close", "Back to the game", key_display="Esc"))
    HELP_EXTRA = [
        ("↑ ↓ PgUp PgDn Home End", "move from line to line, a page at a time, to the first or the newest"),
        ("Enter", "undo back to the selected line (asks first when that is more than one answer)"),
    ]

    def __init__(self, title: str, entries: list[LogEntry], can_undo: bool = True) -> None:
        super().__init__()
        self.title_text = title
        self.entries = entries
        self.can_undo = can_undo
        self.HELP_TITLE = title

    def compose(self) -> ComposeResult:
        yield Static(Text(self.title_text, style="bold", no_wrap=True, overflow="ellipsis"), id="history-title")
        yield HistoryLog(id="history-full")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        log = self.query_one(HistoryLog)
        log.border_title = "History"
        log.set_entries(self.entries)
        log.focus()

    @on(HistoryLog.UndoHere)
    def _undo_here(self, event: HistoryLog.UndoHere) -> None:
        if self.can_undo:
            self.dismiss(event.entry)
        else:
            self.notify("Watching: only the player undoes.", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
