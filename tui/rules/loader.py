"""Load rulesets/<game>.toml into the game's msgspec Structs and validate them.

Errors are collected as (path inside the file, message) and printed one per line as
``FILE: PATH: MESSAGE`` by `clockwork validate`.
"""

from __future__ import annotations

import functools
import os
import re
import typing
from pathlib import Path
from typing import Any

import msgspec

from ..engine import bounds, files
from ..engine.prompts import shown
from . import parse_cache
from .common import RulesetHeader

_AT = re.compile(r"\s*-\s*at\s+`\$(.*)`\s*$")
# The range of every number in a ruleset that declares none of its own (a field annotated with
# msgspec.Meta(ge=..., le=...) declares its own). Table games count in tens; a count of 2**31
# passed the schema once and exhausted memory in play (issue 14).
NUMBERS = (-1000, 1000)


class RulesetError(Exception):
    def __init__(self, file: str, problems: list[tuple[str, str]]):
        self.file = file
        self.problems = problems
        super().__init__(self.lines()[0] if problems else file)

    def lines(self) -> list[str]:
        """One line per problem; text quoted from the file (a key, a value) is written out."""
        return [shown(f"{self.file}: {path or '(top)'}: {msg}", one_line=True) for path, msg in self.problems]


class _HeaderOnly(msgspec.Struct):
    ruleset: RulesetHeader


SHIPPED = Path(__file__).resolve().parents[2] / "rulesets"


def rulesets_dir() -> Path:
    env = os.environ.get("CLOCKWORK_RULESETS")
    if env:
        return Path(env)
    return SHIPPED


def shipped_path(game_id: str) -> Path:
    """The game's ruleset: a group's own ($CLOCKWORK_RULESETS) when its folder has one, else the
    shipped one (a folder holding only a group's bot adds the bot and keeps the shipped table).
    A name in the folder that is there but unreadable (a broken link) is still the group's: its
    problem is reported, never passed over."""
    own = rulesets_dir() / f"{game_id}.toml"
    return own if own.parent == SHIPPED or os.path.lexists(own) else SHIPPED / f"{game_id}.toml"


def _split(exc: msgspec.ValidationError) -> tuple[str, str]:
    text = str(exc)
    m = _AT.search(text)
    if not m:
        return "", text
    path = m.group(1).lstrip(".")
    return path, bounds.worded(text[: m.start()].strip())[1]  # a declared range: "out of range (…)"


def _why(exc: Exception) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 text at byte {exc.start}"
    return str(exc)


def read_header(path: Path) -> RulesetHeader:
    return _typed(_parse(path), _HeaderOnly, path, "ruleset").ruleset


def _parse(path: Path) -> Any:
    """The file as plain TOML data, parsed once for the header and the game's Structs."""
    try:
        return parse_cache.parsed(_read(path), msgspec.toml.decode)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise RulesetError(str(path), [("", f"not valid TOML ({_why(exc)})")]) from None


def _typed(raw: Any, type_: Any, path: Path, where_default: str = "") -> Any:
    try:
        return msgspec.convert(raw, type_)
    except msgspec.ValidationError as exc:
        where, msg = _split(exc)
        raise RulesetError(str(path), [(where or where_default, msg)]) from None


def _read(path: Path) -> bytes:
    """Without blocking on a FIFO or reading a device or a huge file (engine/files.py)."""
    try:
        return files.read_file(Path(path), "ruleset", follow=files.follow_links)  # never beside a save
    except FileNotFoundError:
        raise RulesetError(str(path), [("", "no such file")]) from None
    except files.SaveError as exc:
        raise RulesetError(str(path), [("", str(exc).removeprefix(f"{path}: "))]) from None


def load(path: Path, game: Any) -> Any:
    """Decode and validate a ruleset for ``game`` (a GameDef); raises RulesetError."""
    raw = _parse(path)
    header = _typed(raw, _HeaderOnly, path, "ruleset").ruleset
    if header.game != game.id:
        raise RulesetError(str(path), [("ruleset.game", f"is '{header.game}', expected '{game.id}'")])
    rules = _typed(raw, game.ruleset_type, path)
    problems = out_of_range(rules) or game.validate(rules)
    if problems:
        raise RulesetError(str(path), problems)
    return rules


def out_of_range(value: Any, where: str = "", declared: bool = False) -> list[tuple[str, str]]:
    """Every number outside NUMBERS, unless its field declares its own range (msgspec checked it)."""
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        lo, hi = NUMBERS
        if declared or lo <= value <= hi:
            return []
        return [(where, f"{value} is out of range (numbers in a ruleset are from {lo} to {hi})")]
    problems: list[tuple[str, str]] = []
    if isinstance(value, msgspec.Struct):
        for name, encoded, own in _fields(type(value)):
            inner = f"{where}.{encoded}" if where else encoded
            problems += out_of_range(getattr(value, name), inner, own)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            problems += out_of_range(item, f"{where}[{i}]", declared)
    elif isinstance(value, dict):
        for key, item in value.items():
            problems += out_of_range(item, f"{where}.{key}", declared)
    return problems


@functools.cache
def _fields(cls: type) -> tuple[tuple[str, str, bool], ...]:
    """(name, name in the file, declares its own range) per field of a Struct type: read once per
    type (msgspec resolves the annotations on every call, a thousand times per ruleset)."""
    own = _declared_ranges(cls)
    return tuple((f.name, f.encode_name, f.name in own) for f in msgspec.structs.fields(cls))


@functools.cache
def _declared_ranges(cls: type) -> frozenset[str]:
    """The fields of ``cls`` whose annotation carries msgspec.Meta bounds (ge, gt, le, lt)."""
    try:
        hints = typing.get_type_hints(cls, include_extras=True)
    except Exception:  # an annotation that does not resolve: nothing declared
        return frozenset()
    names = set()
    for name, hint in hints.items():
        for meta in getattr(hint, "__metadata__", ()):
            if isinstance(meta, msgspec.Meta) and any(
                getattr(meta, bound) is not None for bound in ("ge", "gt", "le", "lt")
            ):
                names.add(name)
    return frozenset(names)
