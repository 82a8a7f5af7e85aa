"""The Clockwork Textual app: home → setup → game screens, help, and the command palette.

Games are opened, answered and saved through OpenGame (autosave after every step); screens
only render GameView data and send answers.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from . import lost_terminal
from .engine import files, records, savelock, saves
from .engine.prompts import shown
from .engine.savelock import Locked
from .opengame import OpenGame
from .screens.game import GameScreen
from .screens.too_small import TooSmallScreen, too_small
from .textual_private import adopt_as_pushed, send_web_meta

# In a browser window (`clockwork web`) the app says it is alive this often; the server stops a
# window that falls silent (tui/web.py: HANG_AFTER, and ALIVE is this message's type there).
ALIVE_EVERY = 2.0
ALIVE = {"type": "clockwork-alive"}


class ClockworkApp(App[None]):
    TITLE = "Clockwork"
    ENABLE_COMMAND_PALETTE = True
    # The app's own actions are on ctrl and function keys only (issue 24 item 1): printable keys
    # stay for the answers, and these keys work while an answer is being typed. F1 and ^q mean the
    # same on every screen; the modal screens bind F1 themselves (tui/screens/modal.py).
    BINDINGS = [
        Binding("f1", "help", "Help", id="help", key_display="F1"),
        Binding("ctrl+q", "quit", "Quit", priority=True, id="quit"),
    ]

    def __init__(
        self,
        saves_dir: Path,
        open_path: Path | None = None,
        *,
        seed: int | None = None,
        clock: Callable[[], datetime] | None = None,
        blink: bool = True,
        watch: bool = False,
        restricted: bool = False,
        opened: OpenGame | None = None,
        notices: list[str] | None = None,
    ) -> None:
        """``seed``, ``clock`` and ``blink`` fix the setup defaults and the cursor for tests and screenshots.
        ``watch``: open ``open_path`` as a watcher even when nobody plays it. ``restricted``: a shared
        SSH account (the CLI already confined every path to the saves folder): no suspend.
        ``opened``: a game the command line already opened (``watch`` says how), shown at once
        with ``notices`` on its hint line; the home screen is composed only when asked for."""
        super().__init__()
        self.saves_dir = Path(saves_dir)
        self.open_path = Path(open_path) if open_path else None
        self.watch_first = watch
        self.opened_first = opened
        self.first_notices = list(notices or [])
        self.restricted = restricted
        self.fixed_seed = seed
        self.clock = clock or datetime.now
        self.blink = blink
        if opened is not None:  # its screen is the first one, whose CSS Textual does not load itself
            self.css_path = [*self.css_path, Path(__file__).parent / "screens" / GameScreen.CSS_PATH]
        self.lost_terminal: lost_terminal.Watch | None = None

    def get_default_screen(self) -> Screen:
        # Started on a game (`clockwork play FILE`), the game screen is the first screen: no empty
        # screen is composed, shown and then covered on the way to the first frame.
        if self.opened_first is None:
            return super().get_default_screen()
        screen = GameScreen(self.opened_first, watching=self.watch_first)
        adopt_as_pushed(self, screen)  # going home replaces it (switch_screen)
        if self.first_notices:
            screen.say(" · ".join(self.first_notices))
        return screen

    def on_mount(self) -> None:
        from .screens.home import HomeScreen

        if not self.is_headless:  # a real terminal (or a browser's pipes): let go once it is gone
            self.lost_terminal = lost_terminal.Watch(self.terminal_lost)
        if self.opened_first is not None:
            self.show_record_notices()  # its game screen is the first screen: get_default_screen
        elif self.open_path is None or not self.open_save(self.open_path, watch=self.watch_first):
            self.push_screen(HomeScreen())
        self.check_size(self.size)
        if not gc.isenabled():  # started by `clockwork` (cli.cmd_app): the first screen is drawn next
            self.call_after_refresh(self._started)
        self.call_after_refresh(self.show_record_notices)
        advice = files.folder_advice(self.saves_dir)
        if advice:
            self.tell(advice, title="Shared save folder", timeout=30)
        if self.is_web:
            self.set_interval(ALIVE_EVERY, self._alive)

    def _alive(self) -> None:
        send_web_meta(self, ALIVE)

    @staticmethod
    def _started() -> None:
        """Collect garbage again; what start-up made stays for the app's life, so it is set
        aside (gc.freeze) rather than looked through at every collection."""
        gc.freeze()
        gc.enable()

    def show_record_notices(self) -> None:
        """Damaged records kept between games were set aside (engine/records.py): say so once."""
        for notice in records.take_notices():
            self.tell(shown(notice, one_line=True), title="Records", timeout=20)

    def tell(self, message: str, title: str = "", timeout: float = 10) -> None:
        """A notice: on a game screen, the line under the question (never over the question or
        its options); elsewhere a notification."""
        if isinstance(self.screen, GameScreen):
            self.screen.say(message)
        else:
            self.notify(message, title=title, severity="warning", timeout=timeout, markup=False)

    # -- quitting -----------------------------------------------------------------------------

    def unsaved_games(self) -> list[OpenGame]:
        return [s.opened for s in self.screen_stack if isinstance(s, GameScreen) and s.opened.unsaved]

    async def action_quit(self) -> None:
        """Answers a failed write left only in memory are lost on quitting: ask first."""
        if not self.unsaved_games():
            await super().action_quit()
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.exit()

        from .screens.dialogs import ConfirmScreen  # composed only when asked for

        self.push_screen(ConfirmScreen("Some answers are not saved (see the red line). Quit and lose them?"), done)

    def terminal_lost(self, why: str) -> None:
        """The terminal is gone (issue 21): every answer is in the file already (each is saved as
        it is given; one that could not be written gets one more try now), the lock is freed at
        once, and the app ends within a second even if its exit would block on the dead terminal.
        A half-typed answer is lost."""
        for opened in self.unsaved_games():
            try:
                opened.retry_save()
            except saves.SaveError:
                pass  # nobody is left to tell: the previous save stays intact
        savelock.release_all()
        lost_terminal.end_soon(0.5)
        self.exit(return_code=lost_terminal.HANGUP_EXIT)

    # -- small terminals ----------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)

    def check_size(self, size) -> None:
        """Cover everything with the "enlarge" notice below the minimum size; uncover above it."""
        top = self.screen
        if too_small(size):
            if isinstance(top, TooSmallScreen):
                top.show(size)
            else:
                self.push_screen(TooSmallScreen(size))
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    @property
    def covered(self) -> bool:
        return isinstance(self.screen, TooSmallScreen)

    def action_command_palette(self) -> None:
        if not self.covered:
            super().action_command_palette()

    # -- opening games ------------------------------------------------------------------------

    def new_seed(self) -> int:
        return self.fixed_seed if self.fixed_seed is not None else random.SystemRandom().randrange(1, 1_000_000)

    def open_save(self, path: Path, watch: bool = False) -> bool:
        """Open a save on top of the home screen; a bad file is one notification, never a crash.
        One writer: while another process plays the save, it opens as a live, read-only watcher."""
        for screen in self.screen_stack:  # a game being replaced gives up its save first
            if isinstance(screen, GameScreen):
                screen.opened.release()
        notices: list[str] = []
        try:
            if watch:
                opened = OpenGame.open(path)
            else:
                try:
                    opened = OpenGame.open_to_play(path)
                except Locked as exc:
                    watch = True
                    opened = OpenGame.open(path)
                    who = exc.info.who() if exc.info else "another Clockwork"
                    notices.append(f"{who} is playing this game: you are watching it.")
        except saves.SaveError as exc:
            self.notify(str(exc), title="Cannot open", severity="error", markup=False)
            return False
        if opened.notice:
            notices.append(opened.notice)
        if opened.lock is not None and opened.lock.stale is not None:
            notices.append(f"Cleared the lock left by {opened.lock.stale.describe()}: it is no longer running.")
        screen = self.show_game(opened, watching=watch)
        if notices:  # on the hint line under the prompt, never over the question
            screen.say(" · ".join(notices))
        return True

    def _pop_to_home(self) -> None:
        """Close every screen above the home screen (or above the base when it was never shown)."""
        from .screens.home import HomeScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()

    def show_game(self, opened: OpenGame, watching: bool = False) -> GameScreen:
        """Replace whatever sits above the home screen with the game screen."""
        self._pop_to_home()
        screen = GameScreen(opened, watching=watching)
        if isinstance(self.screen, GameScreen):  # the first screen, when started on a game
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        self.show_record_notices()
        return screen

    def go_home(self, focus: str = "games") -> None:
        from .screens.home import HomeScreen

        self._pop_to_home()
        home = self.screen
        if isinstance(home, HomeScreen):
            home.refresh_saves()
            home.focus_list(focus)
        elif isinstance(home, GameScreen):  # started straight on a game: it makes way for home
            self.switch_screen(HomeScreen(focus=focus))
        else:  # the home screen is composed only now
            self.push_screen(HomeScreen(focus=focus))

    # -- actions ------------------------------------------------------------------------------

    def action_suspend_process(self) -> None:
        if self.restricted:
            self.tell("Not available here (restricted mode).")
            return
        super().action_suspend_process()

    def action_help(self) -> None:
        from .screens.help import HelpScreen  # composed only when asked for

        if self.covered:
            return
        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
            return
        self.push_screen(HelpScreen(self.screen))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Only the commands that apply on this screen right now (Posting-style)."""
        game = screen if isinstance(screen, GameScreen) else None
        yield SystemCommand("New game", "Pick a game and set it up", lambda: self.go_home("games"))
        yield SystemCommand("Load", "Resume a saved game", lambda: self.go_home("saves"))
        player = getattr(screen, "action_player", None)  # the home screen's
        if player is not None:
            yield SystemCommand("Player", "Say who is playing here: the others see the name", player)
        if game is not None and game.watching:
            if game.can_take_over():
                yield SystemCommand("Take over", "Play this game from here (nobody else plays it now)", game.action_take_over)
        elif game is not None:
            yield SystemCommand("Save as", "Save this game under a new name", game.action_save_as)
            runner = game.opened.runner
            if runner.can_undo:
                yield SystemCommand("Undo", f"Undo: {runner.session.answers[-1].label}", game.action_undo)
            if runner.can_redo:
                yield SystemCommand("Redo", f"Redo: {runner.session.redo[0].label}", game.action_redo)
            yield SystemCommand("History", "The whole history: read it, undo back to a line", game.action_history)
            if runner.aside_said():  # Root's reactions menu, where the game offers it (GameDef.aside)
                yield SystemCommand("Reaction", "A reaction whose rule fires now; the same step comes back after it",
                                    game.action_aside)
        yield SystemCommand("Quit", "Quit Clockwork (the game is already saved)", self.action_quit)
