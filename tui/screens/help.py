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

EVERYWHERE = [
    ("? / f1", "this help"),
    ("^p", "command palette: the actions that apply now"),
    ("^q", "quit (games are saved after every step)"),
]


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "help.tcss"
    BINDINGS = [Binding("q,escape,enter,f1,question_mark", "close", "Close")]

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
            if isinstance(binding, Binding) and binding.description:
                shown = [self.app.get_key_display(Binding(k, "")) for k in binding.key.split(",")]
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
    """The game's rules kept at hand (GameDef.reference), paraphrased with their sources."""

    CSS_PATH = "help.tcss"
    BINDINGS = [Binding("q,escape,enter,g,f2", "close", "Close")]

    def __init__(self, title: str, sections: list) -> None:
        super().__init__()
        self.title_text = title
        self.sections = sections

    def compose(self) -> ComposeResult:
        parts: list[RenderableType] = []
        for section in self.sections:
            parts.append(Text(section.title, style="bold underline"))
            parts.extend(Text(line) for line in section.lines)
            parts.append(Text(""))
        parts.append(Text("q, Esc, Enter or g closes", style="italic"))
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
    parts.append(Text("q, Esc, Enter, ? or F1 closes this help", style="italic"))
    return Group(*parts)
