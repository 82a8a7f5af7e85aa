"""Save files: a versioned msgspec envelope around a session, written atomically.

Each write goes to a temporary file (exclusive, unpredictable name) that is fsynced and renamed
over the save; the previous save is kept as ``<name>.bak`` (files.py: links, FIFOs and huge files
planted in a shared folder). A file that cannot be read is reported in one line and never
overwritten. No pickle, no eval: a save is plain JSON decoded into typed Structs.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
from pathlib import Path

import msgspec

from .. import __version__
from . import bounds, files
from .bounds import Name, Text
from .files import SaveError
from .prompts import BIDI, shown
from .session import Session

FORMAT_VERSION = 1
SUFFIX = ".json"
# Letters and digits of any script, space, _ . -; everything else (separators, controls) → "-".
_NAME_OK = re.compile(r"[^\w .-]+")
# A file name holds 255 bytes; the longest name derived from a save is its lock's temporary name
# ".<name>.json.lock.<16 hex>.tmp" (32 bytes more than the stem), so stems stop well before.
NAME_BYTES = 200
NAME_CHARS = 80


# What the JSON decoder raises for a damaged file: bad JSON or fields, bytes that are not UTF-8,
# nesting deeper than it recurses.
UNREADABLE = (msgspec.DecodeError, UnicodeDecodeError, RecursionError)


class SaveFile(msgspec.Struct, kw_only=True):
    format: int = FORMAT_VERSION
    app_version: Name = __version__
    game: Name
    ruleset_id: Name
    ruleset_version: Name
    created: Name
    updated: Name
    summary: Text = ""
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
    name: str = ""  # the file's stem as shown: a planted name's escape codes written out


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
    stem = _cut(stem).rstrip(" .-")
    if not stem:
        raise SaveError(f"'{name}' is not a usable save name: use letters, digits, spaces, - or _")
    return stem + SUFFIX


def renamed(name: str) -> str:
    """Why safe_name's file is not the name typed ("" when it is): the player is told the name
    used and why, never left to find a file they did not name (playtest: '../evil' became
    evil.json unsaid)."""
    stem = name.strip()
    if stem.lower().endswith(SUFFIX):
        stem = stem[: -len(SUFFIX)]
    if safe_name(name) == stem + SUFFIX:
        return ""
    if any(part in stem for part in ("/", "\\", "..")):
        return "no folder or path in a save name"
    if _NAME_OK.search(stem) or stem != stem.strip(" .-"):
        return "only letters, digits, spaces, . - _ in a save name"
    return f"at most {NAME_CHARS} characters in a save name"


def _cut(stem: str) -> str:
    """At most NAME_CHARS characters and NAME_BYTES bytes of UTF-8, cut between characters."""
    stem = stem[:NAME_CHARS]
    while len(stem.encode("utf-8", "surrogatepass")) > NAME_BYTES:
        stem = stem[:-1]
    return stem


def path_in(folder: Path, name: str) -> Path:
    path = (folder / safe_name(name)).resolve()
    if path.parent != folder.resolve():
        raise SaveError(f"'{name}' would leave the saves folder")
    return path


def encode(save: SaveFile) -> bytes:
    return msgspec.json.format(msgspec.json.encode(save), indent=1)


# What JSON may carry raw inside a string but a terminal would obey (DEL, C1 controls such as CSI)
# or reorder by (bidirectional formatting); the other controls are escaped by JSON itself.
_JSON_RAW = re.compile(f"[\\x7f-\\x9f{BIDI}]")


def for_terminal(json_text: str) -> str:
    """JSON text to print: those characters as \\u escapes, which read back as the same text."""
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", json_text)


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
    except msgspec.ValidationError as exc:  # a field out of its range (bounds.py) or of its type
        raise SaveError(f"{where}: damaged save: {bounds.described(exc)}") from None
    except UNREADABLE as exc:
        raise SaveError(f"{where}: damaged save ({_short(exc)})") from None


def read(path: str | os.PathLike, expect_game: str | None = None) -> SaveFile:
    p = Path(path)
    try:
        data = files.read_file(p, "save")
    except FileNotFoundError:
        raise SaveError(f"{p}: no such save") from None
    if not data.strip():
        raise SaveError(f"{p}: empty file, not a Clockwork save")
    return decode(data, str(p), expect_game)


def write(path: str | os.PathLike, save: SaveFile) -> None:
    """Atomic replace, the previous save kept as .bak; raises SaveError in one line."""
    save.updated = now()
    write_atomic(Path(path), encode(save), what="save")


def write_atomic(p: Path, data: bytes, what: str = "file") -> None:
    """Also used for the records games keep between games (campaigns), so they are as safe as the
    saves: see files.replace."""
    files.replace(Path(p), data, what)


# The saves list reads only what it shows: the header Clockwork writes before the session (its
# bounded fields fit well within LIST_HEAD), of the newest MAX_LISTED saves. So a folder of huge
# files (or many links to one) costs at most MAX_LISTED * LIST_HEAD bytes to list.
LIST_HEAD = 64 * 1024
MAX_LISTED = 200


def listing(folder: Path) -> list[SaveInfo]:
    """The newest MAX_LISTED saves in the folder, newest first (more are said in one line);
    unreadable ones carry their one-line error."""
    if not folder.is_dir():
        return []
    found = []
    for p in folder.glob("*" + SUFFIX):
        try:
            found.append((p.lstat().st_mtime, p))
        except OSError:
            found.append((0.0, p))
    found.sort(key=lambda f: f[0], reverse=True)
    if len(found) > MAX_LISTED:
        files.note(f"{folder}: {len(found) - MAX_LISTED} more .json files not listed (the newest "
                   f"{MAX_LISTED} are); open one by its name")
    infos: list[SaveInfo] = []
    for _, p in found[:MAX_LISTED]:
        name = shown(p.stem, one_line=True)
        try:
            save = _read_listing(p)
        except SaveError as exc:
            infos.append(SaveInfo(path=str(p), game="?", summary="", updated="", error=str(exc), name=name))
            continue
        infos.append(SaveInfo(path=str(p), game=shown(save.game, one_line=True), name=name,
                              summary=shown(save.summary, one_line=True), updated=_stamp(save.updated)))
    infos.sort(key=lambda i: (i.error == "", i.updated), reverse=True)
    return infos


def _stamp(text: str) -> str:
    """A save's 'updated' time as listed: one line, and '' for a time no clock can show (year
    9999 at -14:00 overflows when made local), so the list never fails on an edited save."""
    try:
        _dt.datetime.fromisoformat(text).astimezone()
    except ValueError:
        pass  # not a time at all: shown as it is
    except (OverflowError, OSError):
        return ""
    return shown(text, one_line=True)


class _Listing(msgspec.Struct):
    """What the saves list shows; decoding only this skips building the whole session."""

    format: int
    game: Name
    summary: Text = ""
    updated: Name = ""


def _read_listing(p: Path) -> _Listing:
    try:
        data, size = files.read_head(p, LIST_HEAD, "save")
    except FileNotFoundError:
        raise SaveError(f"{p}: gone while listed") from None
    if size > len(data):  # only the head was read: the header ends where the session begins
        end = data.find(b'"session":')
        if end < 0:
            raise SaveError(f"{p}: {size / (1024 * 1024):.1f} MB, not read for the list (no save "
                            f"header in its first {LIST_HEAD // 1024} KB)")
        data = data[:end].rstrip().removesuffix(b",") + b"}"
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
