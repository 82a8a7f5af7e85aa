"""Save files: a versioned msgspec envelope around a session, written atomically.

Each write goes to a temporary file that is fsynced and renamed over the save; the previous
save is kept as ``<name>.bak``. A file that cannot be read is reported in one line and never
overwritten. No pickle, no eval: a save is plain JSON decoded into typed Structs.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
from pathlib import Path

import msgspec

from .. import __version__
from .prompts import shown
from .session import Session

FORMAT_VERSION = 1
SUFFIX = ".json"
# Letters and digits of any script, space, _ . -; everything else (separators, controls) → "-".
_NAME_OK = re.compile(r"[^\w .-]+")


# What the JSON decoder raises for a damaged file: bad JSON or fields, bytes that are not UTF-8,
# nesting deeper than it recurses.
UNREADABLE = (msgspec.DecodeError, UnicodeDecodeError, RecursionError)


class SaveError(Exception):
    """One line: which file and what is wrong with it. Text quoted from the file (a game id, a
    field) can hold newlines or escape codes: they are written out, never printed raw."""

    def __init__(self, message: object = "") -> None:
        super().__init__(shown(str(message), one_line=True))


class SaveFile(msgspec.Struct, kw_only=True):
    format: int = FORMAT_VERSION
    app_version: str = __version__
    game: str
    ruleset_id: str
    ruleset_version: str
    created: str
    updated: str
    summary: str = ""
    session: Session


class _Header(msgspec.Struct):
    format: int
    game: str = ""


class SaveInfo(msgspec.Struct):
    path: str
    game: str
    summary: str
    updated: str
    error: str = ""


def now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def default_saves_dir(override: str | os.PathLike | None = None) -> Path:
    """--saves-dir, else $CLOCKWORK_SAVES, else ./saves."""
    if override:
        return Path(override)
    env = os.environ.get("CLOCKWORK_SAVES")
    return Path(env) if env else Path("saves")


def safe_name(name: str) -> str:
    """A player-typed save name reduced to one harmless file name inside the saves folder."""
    stem = name.strip()
    if stem.lower().endswith(SUFFIX):
        stem = stem[: -len(SUFFIX)]
    stem = _NAME_OK.sub("-", stem).strip(" .-")
    stem = re.sub(r"\.{2,}", ".", stem)
    if not stem:
        raise SaveError(f"'{name}' is not a usable save name: use letters, digits, spaces, - or _")
    return stem[:80] + SUFFIX


def path_in(folder: Path, name: str) -> Path:
    path = (folder / safe_name(name)).resolve()
    if path.parent != folder.resolve():
        raise SaveError(f"'{name}' would leave the saves folder")
    return path


def encode(save: SaveFile) -> bytes:
    return msgspec.json.format(msgspec.json.encode(save), indent=1)


def decode(data: bytes, where: str, expect_game: str | None = None) -> SaveFile:
    try:
        header = msgspec.json.decode(data, type=_Header)
    except UNREADABLE as exc:
        raise SaveError(f"{where}: not a Clockwork save ({_short(exc)})") from None
    if header.format > FORMAT_VERSION:
        raise SaveError(
            f"{where}: written by a newer Clockwork (save format {header.format}; "
            f"this version reads up to {FORMAT_VERSION})"
        )
    if header.format < 1:
        raise SaveError(f"{where}: unknown save format {header.format}")
    if expect_game and header.game != expect_game:
        raise SaveError(f"{where}: a save of '{header.game}', not '{expect_game}'")
    try:
        return msgspec.json.decode(data, type=SaveFile)
    except UNREADABLE as exc:
        raise SaveError(f"{where}: damaged save ({_short(exc)})") from None


def read(path: str | os.PathLike, expect_game: str | None = None) -> SaveFile:
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{p}: no such save") from None
    except IsADirectoryError:
        raise SaveError(f"{p}: is a folder, not a save") from None
    except OSError as exc:
        raise SaveError(f"{p}: cannot be read ({exc.strerror or exc})") from None
    if not data.strip():
        raise SaveError(f"{p}: empty file, not a Clockwork save")
    return decode(data, str(p), expect_game)


def write(path: str | os.PathLike, save: SaveFile) -> None:
    """Atomic replace, the previous save kept as .bak; raises SaveError in one line."""
    save.updated = now()
    write_atomic(Path(path), encode(save), what="save")


def write_atomic(p: Path, data: bytes, what: str = "file") -> None:
    """Temp file, fsync, keep the old file as .bak, rename, fsync the folder. Also used for the
    records games keep between games (campaigns), so they are as safe as the saves."""
    tmp = p.with_name(f".{p.name}.tmp")
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        if p.exists():
            _keep_backup(p)
        os.replace(tmp, p)
        _fsync_dir(p.parent)
    except OSError as exc:
        for leftover in (tmp, p.with_name(f".{p.name}.bak.tmp")):
            try:
                leftover.unlink(missing_ok=True)
            except OSError:
                pass
        raise SaveError(f"{p}: could not write the {what} ({exc.strerror or exc}); the previous one is intact") from None


def _keep_backup(p: Path) -> None:
    bak = p.with_name(p.name + ".bak")
    link = p.with_name(f".{p.name}.bak.tmp")
    try:
        link.unlink(missing_ok=True)
        os.link(p, link)  # the old save stays in place until the new one replaces it
    except OSError:
        link.write_bytes(p.read_bytes())
    os.replace(link, bak)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def listing(folder: Path) -> list[SaveInfo]:
    """Every save in the folder, newest first; unreadable ones carry their one-line error."""
    if not folder.is_dir():
        return []
    infos: list[SaveInfo] = []
    for p in folder.glob("*" + SUFFIX):
        try:
            save = _read_listing(p)
        except SaveError as exc:
            infos.append(SaveInfo(path=str(p), game="?", summary="", updated="", error=str(exc)))
            continue
        infos.append(SaveInfo(path=str(p), game=shown(save.game, one_line=True),
                              summary=shown(save.summary, one_line=True), updated=shown(save.updated, one_line=True)))
    infos.sort(key=lambda i: (i.error == "", i.updated), reverse=True)
    return infos


class _Listing(msgspec.Struct):
    """What the saves list shows; decoding only this skips building the whole session."""

    format: int
    game: str
    summary: str = ""
    updated: str = ""


def _read_listing(p: Path) -> _Listing:
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise SaveError(f"{p}: cannot be read ({exc.strerror or exc})") from None
    try:
        info = msgspec.json.decode(data, type=_Listing)
    except UNREADABLE as exc:
        raise SaveError(f"{p}: not a Clockwork save ({_short(exc)})") from None
    if info.format > FORMAT_VERSION:
        raise SaveError(f"{p}: written by a newer Clockwork (save format {info.format})")
    return info


def _short(exc: Exception) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 text at byte {exc.start}"
    text = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
    return text[:160]
