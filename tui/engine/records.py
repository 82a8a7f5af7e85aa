"""Records a game keeps between games (GameDef.recall / remember: a campaign, a realm's memory),
read as safely as a save.

A damaged file (bad bytes, wrong fields, a FIFO or link planted under its name, a huge file) is
never overwritten: it is renamed aside (``<name>.damaged-<time>``) and the game goes on with empty
records; one line saying so waits in ``take_notices()`` for the app or the command to show.
UI-free.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any

import msgspec

from . import files
from .files import SaveError

# What decoding a damaged file raises: bad JSON or fields, bytes that are not UTF-8, deep nesting.
_DAMAGE = (msgspec.DecodeError, UnicodeDecodeError, RecursionError, ValueError, OverflowError)
_notices: list[str] = []


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
    """Keep a one-line notice about records for the app or the command to show."""
    _notices.append(message)


def take_notices() -> list[str]:
    """The one-line notices about damaged records since the last call (each shown once)."""
    out = list(dict.fromkeys(_notices))
    _notices.clear()
    return out


def _set_aside(p: Path, what: str, why: str) -> None:
    stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%S")
    aside = files.set_aside(p, stamp)
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
