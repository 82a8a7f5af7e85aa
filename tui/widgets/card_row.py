"""The card row: the bot's visible cards left to right, marked ones highlighted."""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..engine.view import CardView
from . import css
from .text_block import TextBlock


class CardRow(VerticalScroll, can_focus=True):
    """At most a few rows high; a longer row scrolls (with its scrollbar showing, and Tab then the
    arrow keys reach what it hides) rather than being cut, the marked card's line first in view."""

    DEFAULT_CSS = css("panes.tcss")

    _shown: tuple[str, list[CardView]] | None = None

    def compose(self):
        yield TextBlock(id="cards-text")

    def show(self, title: str, cards: list[CardView]) -> None:
        """Redraw only when the row changed (a step usually leaves it as it was)."""
        if self._shown == (title, cards):
            return
        self._shown = (title, list(cards))
        self.query_one("#cards-text", Static).update(render_cards(title, cards))
        self.scroll_home(animate=False)


def render_cards(title: str, cards: list[CardView]) -> Text:
    text = Text(no_wrap=False)
    text.append(f"{title}: ", style="bold")
    if not cards:
        text.append("(none)", style="dim")
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        chip = Text("[", style="bold reverse" if card.marked else "")
        chip.append(card.name + (" ★" if card.marked else ""))
        if card.kind:
            chip.append(f" · {card.kind}", style="italic")
        chip.append("]")
        text.append_text(chip)
    for card in cards:
        if card.marked and card.detail:
            text.append(f"\n★ {card.name}: ", style="bold")
            text.append(card.detail)
    return text
