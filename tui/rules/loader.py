"""Load rulesets/<game>.toml into the game's msgspec Structs and validate them.

Errors are collected as (path inside the file, message) and printed one per line as
``FILE: PATH: MESSAGE`` by `clockwork validate`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import msgspec

from ..engine.prompts import shown
from .common import RulesetHeader

_AT = re.compile(r"\s*-\s*at\s+`\$(.*)`\s*$")


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


def rulesets_dir() -> Path:
    env = os.environ.get("CLOCKWORK_RULESETS")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "rulesets"


def shipped_path(game_id: str) -> Path:
    return rulesets_dir() / f"{game_id}.toml"


def _split(exc: msgspec.ValidationError) -> tuple[str, str]:
    text = str(exc)
    m = _AT.search(text)
    if not m:
        return "", text
    path = m.group(1).lstrip(".")
    return path, text[: m.start()].strip()


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
        return msgspec.toml.decode(_read(path))
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise RulesetError(str(path), [("", f"not valid TOML ({_why(exc)})")]) from None


def _typed(raw: Any, type_: Any, path: Path, where_default: str = "") -> Any:
    try:
        return msgspec.convert(raw, type_)
    except msgspec.ValidationError as exc:
        where, msg = _split(exc)
        raise RulesetError(str(path), [(where or where_default, msg)]) from None


def _read(path: Path) -> bytes:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise RulesetError(str(path), [("", "no such file")]) from None
    except OSError as exc:
        raise RulesetError(str(path), [("", f"cannot be read ({exc.strerror or exc})")]) from None


def load(path: Path, game: Any) -> Any:
    """Decode and validate a ruleset for ``game`` (a GameDef); raises RulesetError."""
    raw = _parse(path)
    header = _typed(raw, _HeaderOnly, path, "ruleset").ruleset
    if header.game != game.id:
        raise RulesetError(str(path), [("ruleset.game", f"is '{header.game}', expected '{game.id}'")])
    rules = _typed(raw, game.ruleset_type, path)
    problems = game.validate(rules)
    if problems:
        raise RulesetError(str(path), problems)
    return rules
