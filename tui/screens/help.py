"""Help: every key of the screen it was opened from, the keys that work everywhere, the game's keys."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from ..keys import HELP, PALETTE, QUIT, RULES, STEP
from .modal import key_name, modal_keys

EVERYWHERE = [
    (HELP.shown, "this help: every key of the screen it was opened from"),
    ("Esc", "back: closes a screen opened over another and a dialog (Save as, undo to a line); a step's question stays until answered, or ^z"),
    (PALETTE.shown, "command palette: the actions that apply now"),
    (QUIT.shown, "quit (games are saved after every step)"),
]


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "help.tcss"
    BINDINGS = modal_keys(Binding("escape,f1,q,enter", "close", "Close", key_display="Esc"), help_key=False)

    def __init__(self, under: Screen) -> None:
        super().__init__()
        self.under = under

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(help_table(self.sections()))
        yield Footer(compact=True)

    def on_mount(self) -> None:
        box = self.query_one("#help-box")
        box.border_title = "Help"
        box.focus()

    def sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        under = self.under
        keys: dict[str, list[str]] = {}
        described: dict[str, str] = {}
        for binding in type(under).BINDINGS:
            # A key that does nothing on this screen (take over when not watching, hidden
            # holdings in a game without any) is left out.
            if not isinstance(binding, Binding) or binding.key in (HELP.key, QUIT.key):
                continue  # named under Everywhere
            if binding.description and under.check_action(binding.action, ()) is not False:
                shown = [key_name(self.app, k) for k in binding.key.split(",")]
                keys.setdefault(binding.action, []).extend(shown)
                described.setdefault(binding.action, binding.tooltip or binding.description)
        rows = [(" / ".join(keys[action]), described[action]) for action in keys]
        rows.extend(getattr(under, "HELP_EXTRA", []))
        title = getattr(under, "HELP_TITLE", "This screen")
        out = [(title, rows), ("Everywhere", list(EVERYWHERE))]
        game = getattr(under, "game_def", None)
        if game is not None and game.keys_help:
            out.append((game.title, list(game.keys_help)))
        return out

    def action_close(self) -> None:
        self.dismiss(None)


class ReferenceScreen(ModalScreen[None]):
    """The game's quick reference on one screen (its turn, its keys); ``m`` turns to the second
    page: how Clockwork reads the unclear rules, and the sources every rule text comes from."""

    CSS_PATH = "help.tcss"
    BINDINGS = modal_keys(
        Binding("escape,f2,q,enter", "close", "Close", key_display="Esc"),
        Binding("m", "turn_page", "Turn the page"),
    )

    def __init__(self, title: str, sections: list, more: list | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.sections = sections
        self.more = more or []
        self.page = 0

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(id="reference-text")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._show()
        self.query_one("#help-box").focus()

    def _show(self) -> None:
        sections = self.more if self.page else self.sections
        parts: list[RenderableType] = []
        for section in sections:
            parts.append(Text(section.title, style="bold underline"))
            parts.extend(Text(line) for line in section.lines)
            parts.append(Text(""))
        turn = "m: back to the turn and keys" if self.page else "m: the rules at hand, readings of unclear ones, sources"
        closes = f"Esc, {RULES.shown}, q or Enter closes"
        parts.append(Text(f"{turn} · {closes}" if self.more else closes, style="italic"))
        box = self.query_one("#help-box", VerticalScroll)
        box.border_title = self.title_text + (" · readings and sources" if self.page else "")
        self.query_one("#reference-text", Static).update(Group(*parts))
        box.scroll_home(animate=False)
        if not self.page:
            self.call_after_refresh(self._scroll_to_mark, parts)

    def _scroll_to_mark(self, parts: list[RenderableType]) -> None:
        """Open at the line a section marks (a bot's ▶ where it is now), a few lines above it in
        view: it was two pages down (playtest, 80×24)."""
        line = 0
        for section in self.sections:
            if section.at >= 0:
                line += 1 + section.at
                break
            line += len(section.lines) + 2
        else:
            return
        box = self.query_one("#help-box", VerticalScroll)
        width = self.query_one("#reference-text", Static).content_region.width or box.size.width
        if width <= 0:
            return
        # Rows above the marked line, each part wrapped as the screen draws it.
        rows = sum(len(part.wrap(self.app.console, width)) for part in parts[:line] if isinstance(part, Text))
        box.scroll_to(y=max(0, rows - 3), animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return bool(self.more) if action == "turn_page" else True

    def action_turn_page(self) -> None:
        self.page = 1 - self.page
        self._show()

    def action_close(self) -> None:
        self.dismiss(None)


class StepHelpScreen(ModalScreen[None]):
    """F6: the current step on its own: the question, what it means, how to answer."""

    CSS_PATH = "help.tcss"
    BINDINGS = modal_keys(Binding("escape,f6,q,enter", "close", "Close", key_display="Esc"))

    def __init__(self, title: str, lines: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        parts: list[RenderableType] = []
        for head, body in self.lines:
            parts.append(Text(head, style="bold underline"))
            parts.append(Text(body))
            parts.append(Text(""))
        parts.append(Text(f"Esc, {STEP.shown}, q or Enter goes back to the question", style="italic"))
        with VerticalScroll(id="help-box"):
            yield Static(Group(*parts))
        yield Footer(compact=True)

    def on_mount(self) -> None:
        box = self.query_one("#help-box")
        box.border_title = self.title_text
        box.focus()

    def action_close(self) -> None:
        self.dismiss(None)


def help_table(sections: list[tuple[str, list[tuple[str, str]]]]) -> Group:
    """Each section: its title, then a grid of keys and what they do."""
    parts: list[RenderableType] = []
    for title, rows in sections:
        parts.append(Text(title, style="bold underline"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True, style="bold")
        grid.add_column()
        for key, description in rows:
            grid.add_row(Text(key), Text(description))
        parts.extend([grid, Text("")])
    parts.append(Text(f"Esc, {HELP.shown}, q or Enter closes this help", style="italic"))
    return Group(*parts)
