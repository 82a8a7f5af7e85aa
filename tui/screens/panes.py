"""The panes of a game screen on their own, for a terminal too short to show them beside the
prompt (below 24 rows): the card row, the steps and the tracks, read-only; Esc (or F4, q, Enter)
goes back to the prompt, which kept everything typed."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer

from ..engine.view import GameView
from ..widgets.card_row import CardRow
from ..widgets.flow_pane import FlowPane
from ..widgets.notices import Notices
from ..widgets.tracks_pane import TracksPane
from .modal import modal_keys


class PanesScreen(ModalScreen[None]):
    """Every pane whole, at any size: folded below 24 rows, the panes are here; at full height,
    here is what the card row, the notices or a pane holds beyond its share of the screen."""

    CSS_PATH = "panes.tcss"
    BINDINGS = modal_keys(Binding("escape,f4,q,enter", "close", "Back to the question", key_display="Esc"))

    def __init__(self, title: str, view: GameView) -> None:
        super().__init__()
        self.title_text = title
        self.view = view

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="panes-box"):
            yield CardRow(id="panes-cards")
            yield Notices(id="panes-notices")
            yield FlowPane(id="panes-flow")
            yield TracksPane(id="panes-tracks")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        view = self.view
        box = self.query_one("#panes-box")
        box.border_title = self.title_text
        self.query_one(CardRow).show(view.cards_title, view.cards)
        self.query_one(Notices).show(view.notices)
        self.query_one(FlowPane).show(view.flow_title, view.flow)
        tracks = self.query_one(TracksPane)
        tracks.border_title = "Tracks"
        tracks.show(view.tracks)
        box.focus()

    def action_close(self) -> None:
        self.dismiss(None)
