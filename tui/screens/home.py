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
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from .. import games
from ..engine import players, savelock, saves
from ..engine.prompts import shown
from .modal import modal_keys

if TYPE_CHECKING:
    from textual import getters

    from ..app import ClockworkApp

HELP_EXTRA = [
    ("↑ ↓ PgUp PgDn", "move in a list"),
    ("Enter", "on a game: set up a new game; on a save: resume it (or watch it while someone plays it)"),
    ("Tab", "switch between games and saves (the list with the focus shows its cursor)"),
]


def when(stamp: str) -> str:
    """An ISO time from a save as local 'YYYY-MM-DD HH:MM'."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp or "?"


def playing(player: savelock.LockInfo) -> str:
    """Who has a save open, as the person looking at the list would say it. Another window of this
    account is yours unless it names someone else; on a shared account only if it carries your name."""
    here = player.host == savelock.this_host()
    if here and player.pid == os.getpid():
        return "● open here"
    if here and player.user == savelock.current_user() and players.is_me(player.player):
        return "◉ you have it open in another window"
    return f"◉ {player.who()} playing"


def who_is_here() -> Text:
    """The line under the title: this window's player, and the key that names them."""
    name = players.current()
    if name:
        return Text.assemble((players.display(name), "bold"), " is playing here · p changes it", style="italic")
    return Text("p says who is playing here: the others see the name", style="italic")


class GamesList(OptionList):
    """The games; Enter sets up the highlighted one (the keys line says so while it has the focus)."""

    BINDINGS = [Binding("enter", "select", "Set up", tooltip="set up a new game of the highlighted game")]


class SavesList(OptionList):
    """The saves; Enter opens the highlighted one (or watches it while someone plays it)."""

    BINDINGS = [Binding("enter", "select", "Open", tooltip="resume the highlighted save, or watch it")]


class NewGameScreen(ModalScreen[str | None]):
    """A picker titled New game, for n pressed away from the games list."""

    CSS_PATH = "home.tcss"
    BINDINGS = modal_keys(Binding("escape,ctrl+b", "cancel", "Cancel"))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="new-game"):
            yield Static(Text("New game", style="bold"))
            yield GamesList(*game_options(), id="pick-game")
            yield Static(Text("Enter sets it up · Esc or ^b cancels"), classes="help")

    @on(OptionList.OptionSelected, "#pick-game")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


def game_options() -> list[Option]:
    return [Option(Text.assemble((game.title, "bold"), "  ", (game.subtitle, "italic")), id=game.id)
            for game in games.all_games().values()]


class HomeScreen(Screen):
    if TYPE_CHECKING:  # self.app is Clockwork's own (its saves folder, clock, blink); typed only
        app = getters.app(ClockworkApp)
    CSS_PATH = "home.tcss"
    # Below 24 rows the lists drop their borders (home.tcss), so the saves list keeps rows to scroll.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (24, "-tall")]
    BINDINGS = [
        Binding("n", "new_game", "New game", tooltip="set up a new game: the highlighted game, or pick one"),
        Binding("l", "focus_list('saves')", "Saves", tooltip="go to the saves list (Enter opens one)"),
        # Not on the keys line: at 60 columns it would push quit and help off it (help lists it).
        Binding("f5", "refresh", "Refresh", show=False, tooltip="list the saves again"),
        # Nor this one: the line under the title shows the name and this key.
        Binding("p", "player", "Player", show=False, tooltip="say who is playing here: the others see the name"),
        Binding("q", "app.quit", "Quit", show=False, tooltip="quit Clockwork"),
    ]
    HELP_EXTRA = HELP_EXTRA

    def __init__(self, focus: str = "games") -> None:
        super().__init__()
        self.infos: list[saves.SaveInfo] = []
        self.first_focus = focus

    def compose(self) -> ComposeResult:
        yield Static(Text("Clockwork · automated opponents for games at your table", style="bold"), id="home-title")
        yield Static(who_is_here(), id="player")
        yield Static("Games", classes="heading")
        yield GamesList(*game_options(), id="games")
        yield Static(id="records")
        yield Static("Saves", classes="heading", id="saves-heading")
        yield SavesList(id="saves")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.refresh_saves()
        self.focus_list(self.first_focus)

    def refresh_records(self) -> None:
        """Each game's records kept between games (campaigns), when it has any."""
        lines: list[str] = []
        for game in games.all_games().values():
            if game.home_lines is not None:
                # Campaign files are data any player can edit: a king's name is shown, not obeyed.
                lines.extend(shown(line, one_line=True) for line in game.home_lines(self.app.saves_dir))
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

    def action_player(self) -> None:
        from .dialogs import PlayerScreen  # composed only when asked for

        def named(name: str | None) -> None:
            if name is not None:
                players.set_name(name)
                self.query_one("#player", Static).update(who_is_here())
                self.refresh_saves()  # "you have it open in another window" may change with the name
                self.app.show_record_notices()  # the name could not be remembered: say so

        self.app.push_screen(PlayerScreen(players.display(players.current()), remembered=not players.window.shared), named)

    def action_new_game(self) -> None:
        """On the games list, its highlighted game; elsewhere a picker, so n never only moves the focus."""
        box = self.query_one("#games", OptionList)
        if self.focused is box and box.highlighted is not None:
            self.set_up(box.get_option_at_index(box.highlighted).id)
        else:
            self.app.push_screen(NewGameScreen(), self.set_up)

    def set_up(self, game_id: str | None) -> None:
        from .setup import SetupScreen

        if game_id is not None:
            self.app.push_screen(SetupScreen(games.get(game_id)))

    @on(OptionList.OptionSelected, "#games")
    def _game_chosen(self, event: OptionList.OptionSelected) -> None:
        self.set_up(event.option.id)

    @on(OptionList.OptionSelected, "#saves")
    def _save_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is None:
            return
        info = self.infos[int(event.option.id)]
        if info.error:
            self.notify(info.error, title="Cannot open", severity="error", markup=False)
            return
        self.app.open_save(Path(info.path))
