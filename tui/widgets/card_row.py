"""The card row: the bot's visible cards left to right, marked ones highlighted."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.reactive import var

from ..engine.view import CardView
from . import css
from .clipped import Clipped
from .text_block import TextBlock


class CardRow(TextBlock):
    """At most ``rows`` rows high (``None``: as high as the row needs). A row that needs more shows
    what fits, and its last row says there is more and names the key that shows it whole
    (tui/widgets/clipped.py). A card is never split between two rows unless it is wider than one."""

    DEFAULT_CSS = css("panes.tcss")
    shown: var[tuple[str, list[CardView]] | None] = var(None, init=False)  # (title, cards)

    def __init__(self, rows: int | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows = rows
        self.body = CardChips("", [])

    def show(self, title: str, cards: list[CardView]) -> None:
        """Redraw only when the row changed (a step usually leaves it as it was: watch_shown)."""
        self.shown = (title, list(cards))

    def watch_shown(self, shown: tuple[str, list[CardView]]) -> None:
        self.body = CardChips(*shown)  # the whole row, however many rows it needs
        self.update(Clipped(self.body, self.rows))


class CardChips:
    """The title, then each card as a chip ``[name · kind]`` packed into lines; then the detail of
    each marked card on lines of its own. The first card starts beside the title (its words wrap
    like the title's); every later one starts a new line rather than being split between two,
    unless it is wider than a line."""

    def __init__(self, title: str, cards: list[CardView]) -> None:
        self.title = title
        self.cards = cards

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width)
        head = Text(f"{self.title}: ", style="bold")
        head.append_text(chip(self.cards[0]) if self.cards else Text("(none)", style="dim"))
        lines = list(head.wrap(console, width, overflow="fold"))  # the first card wraps as words
        line = lines.pop()
        for card in self.cards[1:]:
            item = chip(card)
            if line.cell_len + 1 + item.cell_len > width:
                lines.append(line)
                line = item
            else:
                line.append(" ")
                line.append_text(item)
        lines.append(line)
        for card in self.cards:
            if card.marked and card.detail:
                detail = Text(f"★ {card.name}: ", style="bold")
                detail.append(card.detail)
                lines.append(detail)
        for text in lines:
            text.overflow = "fold"  # a card wider than the pane wraps on its own lines
            yield text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        longest = max([cell_len(self.title) + 1] + [chip(c).cell_len for c in self.cards])
        return Measurement(min(longest, options.max_width), options.max_width)


def chip(card: CardView) -> Text:
    text = Text("[", style="bold reverse" if card.marked else "")
    text.append(card.name + (" ★" if card.marked else ""))
    if card.kind:
        text.append(f" · {card.kind}", style="italic")
    text.append("]")
    return text

