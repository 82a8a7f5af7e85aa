"""Records a game keeps between games (GameDef.recall / remember: a campaign, a realm's memory),
read as safely as a save.

A damaged file (bad bytes, wrong fields, a FIFO or link planted under its name, a huge file) is
never overwritten: it is renamed aside (``<name>.damaged-<time>``) and the game goes on with empty
records; one line saying so waits in ``take_notices()`` for the app or the command to show. A file
read entry by entry (``Entries``) keeps every readable entry and names the ones left out; before
a file with such entries is rewritten, it is kept aside. UI-free.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from . import files
from .files import SaveError

# What decoding a damaged file raises: bad JSON or fields, bytes that are not UTF-8, deep nesting.
_DAMAGE = (msgspec.DecodeError, UnicodeDecodeError, RecursionError, ValueError, OverflowError)


class _Format(msgspec.Struct):
    format: int = 1


def load(path: Path, type_: Any, what: str, newest_format: int | None = None) -> Any | None:
    """The records in ``path`` decoded as ``type_``; None when the file is missing, or damaged
    (then it is set aside). Raises SaveError (one line) when it cannot be read at all (no
    permission) or was written by a newer Clockwork: neither is damage, and neither may be
    overwritten."""
    p = Path(path)
    try:
        data = files.read_file(p, what)
    except FileNotFoundError:
        return None
    except files.NotAFile as exc:
        _set_aside(p, what, str(exc).removeprefix(f"{p}: "))
        return None
    try:
        if newest_format is not None:
            found = msgspec.json.decode(data, type=_Format).format
            if found > newest_format:
                raise SaveError(f"{p}: written by a newer Clockwork ({what} format {found})")
        return msgspec.json.decode(data, type=type_)
    except _DAMAGE as exc:
        _set_aside(p, what, _why(exc))
        return None


def write(path: Path, value: Any, what: str) -> None:
    files.replace(Path(path), msgspec.json.format(msgspec.json.encode(value), indent=1), what)


def note(message: str) -> None:
    """Keep a one-line notice about records for the app or the command to show (files.note:
    one list for everything said about files beside a save)."""
    files.note(message)


def take_notices() -> list[str]:
    """The one-line notices about damaged records and files beside a save since the last call
    (each shown once)."""
    return files.take_notices()


class Entries:
    """A records file read entry by entry: a bad entry is left out (the rest is kept) and named
    in one line, ``say()``; ``keep_aside()`` before rewriting the file without those entries."""

    def __init__(self, path: Path, what: str):
        self.path = Path(path)
        self.what = what
        self.bad: list[str] = []

    def left_out(self, entry: str) -> None:
        self.bad.append(entry)

    def say(self) -> None:
        if not self.bad:
            return
        count = f"{len(self.bad)} entr{'y' if len(self.bad) == 1 else 'ies'}"
        more = "; …" if len(self.bad) > 1 else ""
        note(f"{self.path}: {count} of the {self.what} left out, not readable: {self.bad[0]}{more}")

    def keep_aside(self) -> None:
        """The file about to be rewritten without its bad entries is kept, under another name.
        Raises SaveError when it cannot be moved: then it is not overwritten either."""
        if not self.bad:
            return
        aside = files.set_aside(self.path, files.stamp())
        if aside is None:
            raise SaveError(f"{self.path}: holds {self.what} that cannot be read, and cannot be moved aside: "
                            "move it away by hand")
        note(f"{self.path}: kept as {aside.name} (with the entries left out) before it is written again")


def _set_aside(p: Path, what: str, why: str) -> None:
    aside = files.set_aside(p, files.stamp())
    if aside is None:
        raise SaveError(f"{p}: damaged {what} ({why}), and it cannot be moved aside: move it away by hand")
    note(SaveError(f"{p}: damaged {what} ({why}); kept as {aside.name}, starting with empty records").args[0])


def _why(exc: Exception) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 text at byte {exc.start}"
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:120]
