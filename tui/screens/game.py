"""The one generic game screen: it renders a GameView and the pending prompt, sends answers to
OpenGame, and offers undo, redo, undo-to-here and save-as. Every game reuses it unchanged.

Watching: while another process plays the save (it holds the save's lock), this screen shows the
same game read-only and follows the file live (told by the OS when the save or its lock changes,
engine/savewatch.py, with a cheap look once a second besides; 4 times a second where the OS tells
nothing; a change re-opens it), and ^o takes over once the player has quit.

Keys: the app's own actions are ctrl and function keys (tui/keys.py), the same on every step;
letters, digits, y and n are only ever answers.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.timer import Timer
from textual.widgets import Input, Static

from ..engine import records, savelock, saves
from ..engine.game import reference_pages
from ..engine.prompts import ASIDE, AnswerError, Choice, MultiChoice, pressed_keys, shown
from ..engine.savewatch import SaveWatch
from ..engine.session import LogEntry
from ..engine.view import GameView
from ..keys import (
    FORMER, GAME_KEYS, HELP, HISTORY, PALETTE, PANES, QUIT, REDO, RETRY_SAVE, SAVE_AS, TAKE_OVER, UNDO,
)
from ..opengame import OpenGame, unsaved_line
from ..widgets.card_row import CardRow
from ..widgets.flow_pane import FlowPane
from ..widgets.history_log import HistoryLog
from ..textual_private import QuietFocusScreen
from ..widgets.keys_bar import Keys, KeysBar
from ..widgets.line import Line
from ..widgets.notices import Notices
from ..widgets.prompt_bar import HANDLED, PromptBar, takes_typing
from ..widgets.tracks_pane import TracksPane
from ..widgets.unsaved_bar import UnsavedBar
from .layout import CARD_ROWS, FOLDED_NOTICE, NOTICE_ROWS, Geometry, layout_for, title_line

if TYPE_CHECKING:
    from textual import getters

    from ..app import ClockworkApp

HELP_EXTRA = [
    ("Enter", "an instruction is done"),
    ("y / n", "answer a yes/no question"),
    ("1-9, letters", "pick the option with that key (letters and digits are only ever answers)"),
    ("digits, Enter", "answer a number (Backspace corrects)"),
    ("type, Tab, Enter", "name a card: Tab completes, Enter answers"),
    (RETRY_SAVE.shown, "when a save failed: write the answers again (the red line says so)"),
    ("Tab / Shift+Tab", "move between the prompt and the panes (arrows scroll them)"),
]


class GameScreen(QuietFocusScreen):  # a step that moves the focus repaints two widgets, not the screen
    if TYPE_CHECKING:  # self.app is Clockwork's own (its saves folder, clock, blink); typed only
        app = getters.app(ClockworkApp)
    CSS_PATH = "game.tcss"
    # The regions for the terminal's size; the keys bar follows it (bindings=True), as it follows
    # the player who holds a watched save.
    geometry: var[Geometry | None] = var(None, init=False, bindings=True)
    player: var[savelock.LockInfo | None] = var(None, init=False, bindings=True)  # who plays it, while watching

    BINDINGS = [
        *(Binding(k.key, k.action, k.name, tooltip=k.what, key_display=k.shown) for k in GAME_KEYS),
        # The unsaved banner names it when it applies.
        Binding(RETRY_SAVE.key, RETRY_SAVE.action, "", show=False, key_display=RETRY_SAVE.shown),
    ]
    HELP_EXTRA = HELP_EXTRA
    FOLLOW_EVERY = 0.25  # seconds between two looks at the save file while watching, where the OS tells nothing
    FOLLOW_TOLD_EVERY = 1.0  # the same, besides being told (for what notification misses: a network share)

    def __init__(self, opened: OpenGame, watching: bool = False) -> None:
        super().__init__()
        self.opened = opened
        self.game_def = opened.game
        self.watching = watching
        self._seen: tuple[int, int, int] | None = None
        self._follow_timer: Timer | None = None
        self._save_watch: SaveWatch | None = None
        self.last_view: GameView | None = None
        self.pending_hint = ""
        self._unsaved_shown = False
        self._resumed = False
        self.HELP_TITLE = f"{'Watching' if watching else 'Game screen'} · {opened.game.title}"

    def compose(self) -> ComposeResult:
        # The first frame is composed with its content and its geometry, so it is laid out once.
        view = self.opened.runner.view()
        geometry = layout_for(self.app.size.width, self.app.size.height, int(self.watching))
        self.set_reactive(GameScreen.geometry, geometry)  # applied here: there is nothing to update yet
        # Focused as it is composed: focusing it afterwards restyles every widget before the first frame.
        typed = takes_typing(self.opened.runner.pending) and not self.watching
        self.AUTO_FOCUS = "#prompt-input" if typed else "#prompt"  # type: ignore[misc]  # Textual reads it per screen
        yield Line(id="title-bar")
        with Horizontal(id="top"):
            with Vertical(id="left"):
                # Each holds a fixed share of the top; more says so and F4 shows it whole.
                yield CardRow(CARD_ROWS, id="cards")
                yield Notices(NOTICE_ROWS, id="notices")
                yield FlowPane(view.flow_title, view.flow, id="flow")
            yield TracksPane(view.tracks, id="tracks")
        yield Static(id="watch-bar")
        yield UnsavedBar()
        prompt = PromptBar(id="prompt")
        history = HistoryLog(id="history")
        history.can_focus = False  # the newest lines only: ^l opens the whole history on its own screen
        prompt.styles.height = geometry.prompt
        history.styles.height = geometry.history
        yield prompt
        yield history
        yield KeysBar(self.keys_now, id="keys")

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual restyles every widget on each resume (Screen's own handler, which runs after this
        # one); the first comes as the screen is mounted, styled a moment ago: one restyle fewer
        # before the first frame.
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def on_mount(self) -> None:
        self.query_one(HistoryLog).border_title = "History"
        self.query_one(TracksPane).border_title = "Tracks"
        if self.watching:
            self._seen = None  # the first look re-reads it: a step may have landed since it was opened
            self.player = savelock.holder(self.watched)
            self._follow_timer = self.set_interval(self.FOLLOW_EVERY, self.follow)
            self.call_after_refresh(self._watch_save)  # after the first frame: it imports ctypes
        self.query_one("#top").display = not (self.geometry and self.geometry.folded)
        self.refresh_view()
        self.AUTO_FOCUS = "#prompt"  # type: ignore[misc]  # should the focus ever be lost: the question
        if self.pending_hint:
            self.prompt_bar.hint(self.pending_hint)
            self.pending_hint = ""

    def say(self, message: str) -> None:
        """A notice for the player on the hint line under the prompt (never over the question)."""
        if self.is_mounted:
            self.prompt_bar.hint(message)
        else:  # shown once the screen is up, after any notice already waiting
            self.pending_hint = f"{self.pending_hint} · {message}" if self.pending_hint else message

    def on_unmount(self) -> None:
        self._stop_following()
        self.opened.release()  # the next opener may play it

    # -- layout -------------------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size)

    def fit(self, size) -> None:
        """Fixed regions for the terminal's size, the same for every step: the header, the panes,
        the prompt (question, every option, one hint line), the newest history lines, the footer.
        Below 24 rows the panes fold behind F4, and the prompt and history share the screen."""
        self.geometry = layout_for(size.width, size.height, int(self.watching) + int(self._unsaved_shown))

    def watch_geometry(self, geometry: Geometry) -> None:
        self.query_one("#top").display = not geometry.folded
        self.prompt_bar.styles.height = geometry.prompt
        self.history.styles.height = geometry.history
        self._draw_title()

    # -- rendering ----------------------------------------------------------------------------

    @property
    def prompt_bar(self) -> PromptBar:
        return self.query_one(PromptBar)

    @property
    def history(self) -> HistoryLog:
        return self.query_one(HistoryLog)

    def refresh_view(self, into_input: bool = True) -> None:
        """Redraw from the runner: each region compares what it shows with the new view and
        redraws only on a change; the history appends; focus stays where it is; the keys bar is
        told the usable keys may have changed (refresh_bindings, as Textual's Footer is). ``into_input``: a typed prompt takes
        the focus (False: it stays where it is, as for a watched step or a save written again)."""
        runner = self.opened.runner
        view = runner.view()
        self.last_view = view
        self._draw_title()
        self.query_one(CardRow).show(view.cards_title, view.cards)
        self.query_one(Notices).show(view.notices)
        self.query_one(FlowPane).show(view.flow_title, view.flow)
        self.query_one(TracksPane).show(view.tracks)
        bar = self.prompt_bar
        bar.show(runner.pending, view.finished or ("The game is over." if runner.finished else ""), runner.applied)
        if bar.input.disabled != self.watching:
            bar.input.disabled = self.watching
        self.history.set_entries(runner.session.log)
        target = bar.input if bar.typing and into_input and not self.watching else bar
        if self.focused is not target and not (target is bar and self.focused is bar.input and bar.typing):
            self.set_focus(target, scroll_visible=False)  # now, so this frame shows it
        self._show_watch_bar()
        self._show_unsaved()
        self.refresh_bindings()  # undo, redo, help of the step: check_action says

    def _show_unsaved(self) -> None:
        """The lasting line while answers are only in memory; the layout makes room for it."""
        line = unsaved_line(self.opened)
        self.query_one(UnsavedBar).show(line)
        if bool(line) != self._unsaved_shown:
            self._unsaved_shown = bool(line)
            self.fit(self.app.size)

    def _draw_title(self) -> None:
        view = self.last_view
        width = self.geometry.width if self.geometry else 80
        name = shown(self.opened.path.name, one_line=True) if self.opened.path is not None else ""
        folded = bool(self.geometry and self.geometry.folded)
        flag = FOLDED_NOTICE if folded and view is not None and view.notices else ""
        line = title_line(self.game_def.title, view.status if view else "", name, width, flag)
        self.query_one("#title-bar", Line).line = line

    def keys_now(self) -> Keys:
        """The keys bar's line (asked each time the bindings may have changed: an undo became
        possible, the panes folded...). The game's keys in the grammar's order, as many as there
        is room for; quit and help always."""
        keys: list[tuple[str, str, bool]] = []
        for key in GAME_KEYS:
            state = self.check_action(key.action, ())
            if state is not False:
                keys.append((key.shown, key.name, bool(state)))
        if self.geometry and self.geometry.folded and self.check_action(PANES.action, ()):
            # Folded, the panes are one key away: that key goes first, where a narrow line keeps it.
            keys.insert(0, keys.pop(next(i for i, k in enumerate(keys) if k[0] == PANES.shown)))
        if self.watching and self.check_action(TAKE_OVER.action, ()) is not False:
            keys.insert(0, keys.pop(next(i for i, k in enumerate(keys) if k[0] == TAKE_OVER.shown)))
        width = self.geometry.width if self.geometry else 80
        always = [(QUIT.shown, QUIT.name, True), (HELP.shown, HELP.name, True)]
        return keys, always, (PALETTE.shown, PALETTE.name), width - 2

    def action_retry_save(self) -> None:
        """Write the answers a failed save left in memory (the unsaved banner says how)."""
        if not self.opened.unsaved:
            self.prompt_bar.hint("Everything is saved.")
            return
        try:
            self.opened.retry_save()
        except saves.SaveError:
            pass  # the banner keeps saying why
        self.refresh_view(into_input=False)
        if not self.opened.unsaved:
            self.prompt_bar.hint("Saved: every answer is in the file again.")

    # -- watching -----------------------------------------------------------------------------

    @property
    def watched(self) -> Path:
        """The save being watched: watching always opens a file, so there is one."""
        path = self.opened.path
        if path is None:
            raise ValueError("a game being watched has a save file")
        return path

    def _file_stamp(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.watched)
        except (OSError, TypeError):
            return None
        return (st.st_mtime_ns, st.st_size, st.st_ino)

    def _watch_save(self) -> None:
        """Be told of every change to the save and its lock; keep looking, less often, besides."""
        if not self.watching or self._save_watch is not None:
            return
        self._save_watch = SaveWatch.start(self.watched, self.follow)
        if self._save_watch is not None:
            if self._follow_timer is not None:
                self._follow_timer.stop()
            self._follow_timer = self.set_interval(self.FOLLOW_TOLD_EVERY, self.follow)
            self.follow()  # whatever landed before the watch began

    def _stop_following(self) -> None:
        if self._follow_timer is not None:
            self._follow_timer.stop()
            self._follow_timer = None
        if self._save_watch is not None:
            self._save_watch.stop()
            self._save_watch = None

    def follow(self) -> None:
        """While watching: re-open the save when its file changed; notice when its player quits."""
        if not self.watching:
            return
        stamp = self._file_stamp()
        if stamp is not None and stamp != self._seen:
            self._seen = stamp
            try:
                fresh = OpenGame.open(self.watched, before=self.opened)
            except saves.SaveError as exc:
                self.prompt_bar.hint(f"Cannot follow the save right now: {exc}")
            else:
                self.opened = fresh
                self.refresh_view(into_input=False)
        self.player = savelock.holder(self.watched)  # a new one is shown (watch_player), its keys too

    def watch_player(self) -> None:
        self._show_watch_bar()

    def _show_watch_bar(self) -> None:
        bar = self.query_one("#watch-bar", Static)
        bar.display = self.watching
        if not self.watching:
            return
        if self.player is not None:
            text = f"◉ watching — {self.player.who()} is playing · {TAKE_OVER.shown} takes over when they quit"
        else:
            text = f"◉ watching — nobody is playing it now · {TAKE_OVER.shown} takes over"
        bar.update(Text(text))

    def can_take_over(self) -> bool:
        return self.watching and savelock.holder(self.watched) is None

    def action_take_over(self) -> None:
        if not self.watching:
            return
        try:
            fresh = OpenGame.open_to_play(self.watched)
        except savelock.Locked as exc:
            who = exc.info.who() if exc.info else "another Clockwork"
            self.prompt_bar.hint(f"{who} is still playing: {TAKE_OVER.shown} works once they quit.")
            return
        except saves.SaveError as exc:
            self.prompt_bar.hint(Text(f"Cannot take over: {exc}", style="bold"))
            return
        self.opened = fresh
        self.watching = False
        self.player = None
        self._stop_following()
        self.HELP_TITLE = f"Game screen · {fresh.game.title}"
        self.fit(self.app.size)
        self.refresh_view()
        self.prompt_bar.hint("You are playing this game now (saved after every step).")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        runner = self.opened.runner
        if action == "take_over":
            return (True if self.player is None else None) if self.watching else False
        if self.watching and action in ("undo", "redo", "save_as"):
            return False
        if action == "undo":
            typed = self.is_mounted and self.prompt_bar.has_typed
            return True if runner.can_undo or typed else None
        if action == "redo":
            return True if runner.can_redo else None
        if action == "prompt_help":
            return runner.pending is not None
        if action == "aside":  # listed only where the game offers it now (GameDef.aside)
            return not self.watching and bool(runner.aside_said())
        if action == "reference":
            return True
        if action == "secrets":
            return self.game_def.secrets is not None and not self.watching
        return True

    # -- keys ---------------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """Prompt keys first; then bindings; any other printable key gets a one-line hint."""
        if self.watching:
            self._watcher_key(event)
            return
        if isinstance(self.focused, Input):
            return
        bar = self.prompt_bar
        # A key means the same wherever the focus is (prompt or panes, whose own keys are arrows
        # and pages): while the step takes typed text, any printable key starts the answer (no app
        # key is printable).
        if bar.typing:
            if event.key == "enter" or event.is_printable:
                event.stop()
                bar.input.focus()
                if event.is_printable and event.character:
                    bar.input.insert_text_at_cursor(event.character)
                return
        raw = bar.key_answer(event)
        if raw is not None:
            event.stop()
            event.prevent_default()
            if raw is not HANDLED:
                self.submit(str(raw))
            return
        active = self.app.active_bindings.get(event.key)
        if active is not None:
            if not active.enabled:
                event.stop()
                bar.hint(f"{active.binding.description}: nothing to do right now.")
            return
        unavailable = next((k for k in GAME_KEYS if k.key == event.key), None)
        if unavailable is not None:  # an app key whose action does not apply on this screen
            event.stop()
            bar.hint(f"{unavailable.shown} {unavailable.name}: not available here.")
            return
        if event.is_printable or event.key == "enter":
            event.stop()
            shown = "Enter" if event.key == "enter" else event.character
            bar.hint(f"'{shown}' does nothing here: {bar.expected()} · {self._key_advice(event.character)}")

    def _key_advice(self, char: str | None) -> str:
        """A letter that was an app key before issue 24 names the key that does it now."""
        key = FORMER.get((char or "").lower())
        if key is not None and self.check_action(key.action, ()) is not False:
            return key.says
        return f"{HELP.shown} for help"

    def _watcher_key(self, event: events.Key) -> None:
        """A watcher's keys move and read; answering keys get one line saying why not."""
        active = self.app.active_bindings.get(event.key)
        if active is not None and active.enabled:
            return
        if event.is_printable or event.key in ("enter", UNDO.key, REDO.key, SAVE_AS.key):
            event.stop()
            event.prevent_default()
            if self.player is not None:
                self.prompt_bar.hint(
                    f"Watching: only {self.player.who()} answers here. {TAKE_OVER.shown} takes over once they quit."
                )
            else:
                self.prompt_bar.hint(f"Watching: nobody plays this game now. {TAKE_OVER.shown} takes over.")

    @on(PromptBar.Answered)
    def _typed_answer(self, event: PromptBar.Answered) -> None:
        self.submit(event.raw)

    def submit(self, raw: str) -> None:
        if self.watching:
            return
        bar = self.prompt_bar
        try:
            label = self.opened.answer(raw)
        except AnswerError as exc:
            bar.hint(Text(f"✗ {exc}", style="bold"))
            return
        except saves.SaveError as exc:
            self.refresh_view()
            bar.hint(Text(f"Not saved: {exc}", style="bold"))
            return
        self.refresh_view()
        said = [shown(n, one_line=True) for n in records.take_notices()]  # a backup skipped, a file set aside
        if label or said:
            bar.hint(" · ".join(([f"Answered: {label}"] if label else []) + said))

    # -- actions ------------------------------------------------------------------------------

    def _guarded(self, action, verb: str) -> list[str] | None:
        """Run an undo/redo; None when it happened but could not be saved (already reported)."""
        try:
            return action()
        except saves.SaveError as exc:
            self.prompt_bar.hint(Text(f"{verb} done but not saved: {exc}", style="bold"))
            return None

    def action_undo(self) -> None:
        bar = self.prompt_bar
        if bar.clear_typed():  # like an editor: ^z first takes back the typing, then an answer
            again = f" · {UNDO.shown} again undoes the last answer" if self.opened.runner.can_undo else ""
            bar.hint(f"Cleared what you typed{again}")
            return
        labels = self._guarded(self.opened.undo, "Undo")
        self.refresh_view()
        self._report("Undid", labels, "Nothing to undo.")

    def action_redo(self) -> None:
        bar = self.prompt_bar
        if self.opened.runner.can_redo and bar.clear_typed():  # as ^z does: the typing is taken back first, never dropped unsaid
            bar.hint(f"Cleared what you typed · {REDO.shown} again redoes: {self.opened.runner.session.redo[0].label}")
            return
        labels = self._guarded(self.opened.redo, "Redo")
        self.refresh_view()
        self._report("Redid", labels, "Nothing to redo.")

    def _report(self, verb: str, labels: list[str] | None, nothing: str) -> None:
        if labels is None:
            return
        if not labels:
            self.prompt_bar.hint(nothing)
            return
        if len(labels) == 1:
            message = f"{verb}: {labels[0]}"
        else:  # labels run most recent first; the last one is where play resumes
            message = f"{verb} {len(labels)} answers, back to before: {labels[-1]}"
        self.prompt_bar.hint(message)

    def action_history(self) -> None:
        from .history import HistoryScreen  # composed only when asked for

        title = f"{self.game_def.title} · {self.last_view.status}" if self.last_view else self.game_def.title
        entries = self.opened.runner.session.log
        self.app.push_screen(HistoryScreen(title, entries, can_undo=not self.watching), self.undo_to)

    def action_prompt_help(self) -> None:
        from .help import StepHelpScreen

        prompt = self.opened.runner.pending
        if prompt is None:
            self.prompt_bar.hint("The game is over: nothing is waiting for an answer.")
            return
        lines = [("The question", prompt.text)]
        if isinstance(prompt, (Choice, MultiChoice)):
            # Whole here: the prompt cuts a label its rows cannot hold (ending in …).
            keys = pressed_keys(prompt.options) if isinstance(prompt, Choice) else [o.key for o in prompt.options]
            lines.append(("The choices", "\n".join(f"{key}  {o.label}" for key, o in zip(keys, prompt.options))))
        if prompt.help:
            lines.append(("What it means", prompt.help))
        lines.append(("How to answer", f"{self.prompt_bar.expected()}; {UNDO.says}, {HISTORY.says}"))
        legend = getattr(prompt, "legend", None)
        if legend:
            lines.append(("The codes", "\n".join(f"{code}  {meaning}" for code, meaning in legend)))
        if self.prompt_bar.message:  # whole, where the hint line cut it short
            lines.append(("Last message", self.prompt_bar.message))
        self.app.push_screen(StepHelpScreen(f"{self.game_def.title} · this step", lines))

    def action_aside(self) -> None:
        """The game's step aside (Root: the reactions menu) in place of the pending answer; the
        same question comes back after it."""
        self.prompt_bar.clear_typed()
        self.submit(ASIDE)

    def action_secrets(self) -> None:
        from .secrets import SecretsScreen

        if self.game_def.secrets is not None and not self.watching:
            holdings = self.game_def.secrets(self.opened.rules, self.opened.runner.state)
            # Names come from the saved state: written out, never obeyed by the terminal.
            self.app.push_screen(SecretsScreen([(shown(whose, one_line=True), [shown(line) for line in lines])
                                                for whose, lines in holdings]))

    def action_panes(self) -> None:
        """The panes whole, at every size: folded, their only way; at full height, what the card
        row, the notices or a pane holds beyond its share (issue 24 item 4)."""
        from .panes import PanesScreen

        if self.last_view is not None:
            self.app.push_screen(PanesScreen(f"{self.game_def.title} · {self.last_view.status}", self.last_view))

    def action_reference(self) -> None:
        from .help import ReferenceScreen

        quick, more = reference_pages(self.game_def, self.opened.rules, self.opened.runner.state)
        self.app.push_screen(ReferenceScreen(f"{self.game_def.title} · at hand", quick, more))

    def undo_to(self, entry: LogEntry | None) -> None:
        """Undo back to a line of the history: one answer at once, more only once the player
        said yes to a question naming how many."""
        if entry is None or self.watching:
            return
        count = max(0, self.opened.runner.applied - entry.step)
        if count == 0:
            self.prompt_bar.hint("Nothing after this line to undo.")
            return
        step = entry.step

        def done(yes: bool | None) -> None:
            if not yes:
                return
            labels = self._guarded(lambda: self.opened.undo_to(step), "Undo")
            self.refresh_view(into_input=False)
            self._report("Undid", labels, "Nothing to undo.")

        if count == 1:
            done(True)
            return
        answers = f"{count} answers"
        if entry.kind == "answer":
            question = f"Undo {answers}, from “{entry.text}” on?"
        else:
            question = f"Undo {answers} given after “{entry.text}”?"
        from .dialogs import ConfirmScreen  # composed only when asked for

        self.app.push_screen(ConfirmScreen(question), done)

    def action_save_as(self) -> None:
        current = shown(self.opened.path.stem, one_line=True) if self.opened.path else self.game_def.id

        def done(name: str | None) -> None:
            if name is None:
                return
            folder = self.app.saves_dir
            try:
                target = saves.path_in(folder, name)
                if target.exists() and (self.opened.path is None or target != self.opened.path.resolve()):
                    raise saves.SaveError(f"A save called '{target.stem}' already exists: choose another name.")
                path = self.opened.save_as(folder, name)
            except saves.SaveError as exc:
                self.prompt_bar.hint(Text(f"Not saved as {name!r}: {exc}", style="bold"))
                return
            self._draw_title()
            why = saves.renamed(name)
            self.prompt_bar.hint(f"Play goes on in {path.name}" + (f" (not {name!r}: {why})" if why else ""))
            self._show_unsaved()

        from .dialogs import SaveAsScreen  # composed only when asked for

        self.app.push_screen(SaveAsScreen(current, str(self.app.saves_dir)), done)
