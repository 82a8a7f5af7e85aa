"""Home: the games to start and the saves to resume. Unreadable saves show their one-line error."""

from __future__ import annotations

from datetime import datetime
import os
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from .. import games
from ..engine import savelock, saves
from ..engine.prompts import shown

if TYPE_CHECKING:
    from textual import getters

    from ..app import ClockworkApp

HELP_EXTRA = [
    ("↑ ↓", "move in a list"),
    ("Enter", "on a game: set up a new game; on a save: resume it (or watch it while someone plays it)"),
    ("Tab", "switch between games and saves"),
]


def when(stamp: str) -> str:
    """An ISO time from a save as local 'YYYY-MM-DD HH:MM'."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp or "?"


def playing(player: savelock.LockInfo) -> str:
    """Who has a save open, as the person looking at the list would say it."""
    here = player.host == savelock.this_host()
    if here and player.pid == os.getpid():
        return "● open here"
    if here and player.user == savelock.current_user():
        return "◉ you have it open in another window"
    return f"◉ {player.who()} playing"


class HomeScreen(Screen):
    if TYPE_CHECKING:  # self.app is Clockwork's own (its saves folder, clock, blink); typed only
        app = getters.app(ClockworkApp)
    CSS_PATH = "home.tcss"
    BINDINGS = [
        Binding("n", "focus_list('games')", "New game", tooltip="go to the games list"),
        Binding("l", "focus_list('saves')", "Load", tooltip="go to the saves list"),
        Binding("f5", "refresh", "Refresh", tooltip="list the saves again"),
        Binding("q", "app.quit", "Quit", show=False, tooltip="quit Clockwork"),
    ]
    HELP_EXTRA = HELP_EXTRA

    def __init__(self, focus: str = "games") -> None:
        super().__init__()
        self.infos: list[saves.SaveInfo] = []
        self.first_focus = focus

    def compose(self) -> ComposeResult:
        yield Static(Text("Clockwork · automated opponents for games at your table", style="bold"), id="home-title")
        yield Static("Games", classes="heading")
        yield OptionList(id="games")
        yield Static(id="records")
        yield Static("Saves", classes="heading", id="saves-heading")
        yield OptionList(id="saves")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        games_list = self.query_one("#games", OptionList)
        for game in games.all_games().values():
            label = Text.assemble((game.title, "bold"), "  ", (game.subtitle, "italic"))
            games_list.add_option(Option(label, id=game.id))
        self.refresh_saves()
        self.focus_list(self.first_focus)

    def refresh_records(self) -> None:
        """Each game's records kept between games (campaigns), when it has any."""
        lines: list[str] = []
        for game in games.all_games().values():
            if game.home_lines is not None:
                # Campaign files are data any player can edit: a king's name is shown, not obeyed.
                lines.extend(shown(line) for line in game.home_lines(self.app.saves_dir))
        box = self.query_one("#records", Static)
        box.display = bool(lines)
        box.update(Text("\n".join(lines)))

    def on_screen_resume(self) -> None:
        self.refresh_saves()

    def refresh_saves(self) -> None:
        self.refresh_records()
        folder: Path = self.app.saves_dir
        self.infos = saves.listing(folder)
        self.query_one("#saves-heading", Static).update(Text(shown(f"Saves in {folder}/", one_line=True)))
        titles = {g.id: g.title for g in games.all_games().values()}
        box = self.query_one("#saves", OptionList)
        highlighted = box.highlighted
        box.clear_options()
        for index, info in enumerate(self.infos):
            name = info.name
            if info.error:
                label = Text.assemble(("⚠ ", "bold"), (name, "bold"), "  ", (info.error, "italic"))
            else:
                label = Text.assemble(
                    (name, "bold"), "  ", titles.get(info.game, info.game), " · ",
                    info.summary or "-", " · ", (when(info.updated), "dim"),
                )
                player = savelock.holder(Path(info.path))
                if player is not None:  # opening it watches: say so before
                    label.append(f"  {playing(player)}", style="bold")
            box.add_option(Option(label, id=str(index)))
        if not self.infos:
            box.add_option(Option(Text("(no saves yet: pick a game above)", style="dim"), disabled=True))
        elif highlighted is not None:
            box.highlighted = min(highlighted, len(self.infos) - 1)

    def action_focus_list(self, which: str) -> None:
        self.focus_list(which)

    def focus_list(self, which: str) -> None:
        box = self.query_one(f"#{which}", OptionList)
        box.focus()
        if box.highlighted is None and box.option_count:
            box.highlighted = 0

    def action_refresh(self) -> None:
        self.refresh_saves()

    @on(OptionList.OptionSelected, "#games")
    def _game_chosen(self, event: OptionList.OptionSelected) -> None:
        from .setup import SetupScreen

        if event.option.id is not None:  # every game in the list carries its id
            self.app.push_screen(SetupScreen(games.get(event.option.id)))

    @on(OptionList.OptionSelected, "#saves")
    def _save_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is None:
            return
        info = self.infos[int(event.option.id)]
        if info.error:
            self.notify(info.error, title="Cannot open", severity="error", markup=False)
            return
        self.app.open_save(Path(info.path))
