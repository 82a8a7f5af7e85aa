"""An open game: a Runner bound to its save file, autosaved after every answered step.

Shared by the Textual app and the headless `clockwork` commands, so both play the same way.
UI-free: never imports Textual.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from . import games
from .engine import files, records, saves
from .engine.game import GameDef, OptionError, check_options
from .engine.prompts import shown
from .engine.savelock import Locked, SaveLock
from .engine.session import ReplayError, Runner, StateError
from .rules import loader
from .rules.loader import RulesetError


class OpenGame:
    def __init__(self, game: GameDef, rules: Any, runner: Runner, path: Path | None, save: saves.SaveFile):
        self.game = game
        self.rules = rules
        self.runner = runner
        self.path = path
        self.save_file = save
        self.notice = ""
        self.lock: SaveLock | None = None  # held while this process plays the save (one writer)
        # Why the last write of the save failed, until one succeeds: the answers stay here in
        # memory, the file keeps the previous save (issue 14: a full disk loses nothing).
        self.unsaved = ""

    # -- opening ------------------------------------------------------------------------------

    @staticmethod
    def load_rules(game: GameDef) -> Any:
        return loader.load(loader.shipped_path(game.id), game)

    @classmethod
    def new(cls, game_id: str, options: dict[str, str], seed: int, path: Path | None) -> "OpenGame":
        """Raises KeyError (unknown game), OptionError, RulesetError, SaveError."""
        game = games.get(game_id)
        rules = cls.load_rules(game)
        opts = check_options(game.setup_options(rules), options)
        recalled = recall(game, path)
        runner = Runner.new(game, rules, opts, seed, recalled)
        stamp = saves.now()
        save = saves.SaveFile(
            game=game.id,
            ruleset_id=runner.session.ruleset_id,
            ruleset_version=runner.session.ruleset_version,
            created=stamp,
            updated=stamp,
            summary=runner.summary(),
            session=runner.saved_session(),
        )
        opened = cls(game, rules, runner, path, save)
        if path is not None:
            try:
                opened.autosave()
            except saves.SaveError as exc:
                if opened.unsaved:
                    raise
                records.note(str(exc))  # saved; only its records are not: the game goes on
        return opened

    @classmethod
    def open(cls, path: str | Path, expect_game: str | None = None, before: "OpenGame | None" = None) -> "OpenGame":
        """Raises SaveError with one line naming the file and the problem. ``before``: this save as
        opened a moment ago (a watcher following it): its ruleset serves again, unread, while the
        game is the same (half the time of a watcher's re-open)."""
        p = Path(path)
        save = saves.read(p, expect_game)
        try:
            game = games.get(save.game)
        except KeyError as exc:
            raise saves.SaveError(f"{p}: {exc.args[0]}") from None
        try:
            rules = before.rules if before is not None and before.game.id == game.id else cls.load_rules(game)
        except RulesetError as exc:
            raise saves.SaveError(f"{p}: its ruleset does not load: {exc}") from None
        if save.ruleset_id != rules.ruleset.id:
            raise saves.SaveError(shown(cls._other_ruleset(p, save, rules), one_line=True))
        check_saved_options(p, game, rules, save.session.options, save.session.texts)
        try:
            runner = Runner(game, rules, save.session)
        except StateError as exc:  # a field of the saved state out of its range or its type
            raise saves.SaveError(f"{p}: damaged save: {exc}") from None
        except ReplayError as exc:
            if save.ruleset_version != rules.ruleset.version:  # say which ruleset it was made with
                raise saves.SaveError(shown(f"{p}: {exc}; {cls._other_ruleset(p, save, rules, 'version')}", one_line=True)) from None
            raise saves.SaveError(f"{p}: {exc}") from None
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise saves.SaveError(f"{p}: damaged game state ({str(exc).splitlines()[0][:160]})") from None
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise saves.SaveError(f"{p}: the game state does not fit this ruleset ({exc!r:.160})") from None
        opened = cls(game, rules, runner, p, save)
        if save.ruleset_version != rules.ruleset.version:
            opened.notice = shown(  # the ids come from the file: shown, never obeyed
                f"Saved with ruleset {save.ruleset_id} {save.ruleset_version}; "
                f"now using {rules.ruleset.version}.", one_line=True
            )
        return opened

    @staticmethod
    def _other_ruleset(p: Path, save: saves.SaveFile, rules: Any, what: str = "ruleset") -> str:
        """A save made with another ruleset (a group's own, or another version): which one it
        needs, and where Clockwork looked for rulesets."""
        needs = f"'{save.ruleset_id}' {save.ruleset_version}"
        found = f"'{rules.ruleset.id}' {rules.ruleset.version}"
        where = loader.shipped_path(save.game)
        head = f"{p}: made with ruleset {needs}" if what == "ruleset" else f"it was made with ruleset {needs}"
        return (f"{head}, but {where} is {found}; point CLOCKWORK_RULESETS at the folder that "
                f"holds the ruleset it was made with")

    @classmethod
    def open_to_play(cls, path: str | Path) -> "OpenGame":
        """Open a save to change it, holding its lock. Raises Locked while another live process
        plays it (a stale lock is cleared: see ``lock.stale``), SaveError as ``open``."""
        p = Path(path)
        lock = take_lock(p)
        try:
            opened = cls.open(p)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        opened.lock = lock
        return opened

    def hold(self) -> None:
        """Take the lock of this game's save (a game just set up). Raises Locked."""
        if self.path is not None and self.lock is None:
            self.lock = take_lock(self.path)

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # -- playing ------------------------------------------------------------------------------

    def answer(self, raw: str) -> str:
        label = self.runner.answer(raw)
        self.autosave()
        return label

    def undo(self, count: int = 1) -> list[str]:
        return self._saved(self.runner.undo(count))

    def undo_to(self, step: int) -> list[str]:
        return self._saved(self.runner.undo_to(step))

    def redo(self, count: int = 1) -> list[str]:
        return self._saved(self.runner.redo(count))

    def _saved(self, labels: list[str]) -> list[str]:
        """The answers taken back or given again, saved when there were any."""
        if labels:
            self.autosave()
        return labels

    def autosave(self) -> None:
        """Write the save (atomic, previous kept as .bak). Raises SaveError and keeps the reason
        in ``unsaved``; nothing is lost in memory and the previous save stays intact."""
        if self.path is None:
            return
        self.save_file.summary = self.runner.summary()
        self.save_file.session = self.runner.saved_session()
        try:
            saves.write(self.path, self.save_file)
        except saves.SaveError as exc:
            self.unsaved = str(exc)
            raise
        self.unsaved = ""
        self.remember()

    def retry_save(self) -> bool:
        """Write again what the last failed save could not; True once it is saved. Raises SaveError
        (the reason also stays in ``unsaved``)."""
        if not self.unsaved:
            return True
        self.autosave()
        return True

    @property
    def record_key(self) -> str:
        """One game's key in the records it keeps between games: its creation time and seed, which
        a Save as keeps, so a game saved under a second name is still counted once."""
        return f"{self.save_file.created}#{self.runner.session.seed}"

    def remember(self) -> None:
        """Let the game update its records kept between games (after the save is safe)."""
        if self.game.remember is None or self.path is None:
            return
        try:
            self.game.remember(self.runner.state, self.path.parent, self.record_key)
        except saves.SaveError as exc:
            raise saves.SaveError(f"the game is saved, but its records are not: {exc}") from None

    def save_as(self, folder: Path, name: str) -> Path:
        """Write to a new name; only once that succeeded do later autosaves go there."""
        target = saves.path_in(folder, name)
        moved = None
        if self.lock is not None and target != self.lock.save.resolve():
            try:
                moved = take_lock(target)
            except Locked as exc:
                who = exc.info.who() if exc.info else "another Clockwork"
                raise saves.SaveError(f"{who} is playing a save called '{target.stem}': choose another name.") from None
        self.save_file.summary = self.runner.summary()
        self.save_file.session = self.runner.saved_session()
        try:
            saves.write(target, self.save_file)
        except saves.SaveError:
            if moved is not None:
                moved.release()
            raise
        self.unsaved = ""  # every answer is in the new file
        self.path = target
        if moved is not None:
            self.release()
            self.lock = moved
        self.remember()
        return target


def check_saved_options(path: Path, game: GameDef, rules: Any, options: dict[str, str],
                        texts: dict[str, str] | None = None) -> None:
    """The options stored in a save keep the ranges `new` checks (a number edited to 2**31 would
    exhaust memory in play). Options the game no longer has are left to it (older saves); a
    choice the save keeps the text of (a group's bot) stays valid without its file."""
    fields = game.saved_options(rules, texts or {}) if game.saved_options else game.setup_options(rules)
    specs = [spec for spec in fields if spec.key in options]
    try:
        check_options(specs, {spec.key: options[spec.key] for spec in specs})
    except OptionError as exc:
        raise saves.SaveError(f"{path}: {exc}") from None


def recall(game: GameDef, path: Path | None) -> Any:
    """The game's records kept between games, or None. A records file that cannot be used never
    stops a new game: it starts with empty records (a damaged file is set aside, and
    records.take_notices() says so)."""
    if game.recall is None or path is None:
        return None
    try:
        return game.recall(path.parent)
    except saves.SaveError as exc:
        records.note(str(exc))
        return None


def unsaved_line(opened: "OpenGame") -> str:
    """The lasting banner while answers are not saved ('' once they are): why, and what to do.
    Kept outside the screen so any layout can show it."""
    if not opened.unsaved:
        return ""
    return f"Not saved: {opened.unsaved} · ctrl+r tries again · ctrl+s saves elsewhere"


def take_lock(path: Path) -> SaveLock | None:
    """The save's lock, or None where no lock file can be written (a read-only folder: no write
    can happen there either, and each failing autosave says so). Raises Locked."""
    try:
        lock = SaveLock.acquire(path)
    except Locked:
        raise
    except OSError:
        return None
    files.clean_temps(Path(path).parent)  # killed writers' temporary files (files.STALE_TEMP)
    return lock
