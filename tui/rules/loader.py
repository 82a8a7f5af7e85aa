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

from .common import RulesetHeader

_AT = re.compile(r"\s*-\s*at\s+`\$(.*)`\s*$")


class RulesetError(Exception):
    def __init__(self, file: str, problems: list[tuple[str, str]]):
        self.file = file
        self.problems = problems
        super().__init__(self.lines()[0] if problems else file)

    def lines(self) -> list[str]:
        return [f"{self.file}: {path or '(top)'}: {msg}" for path, msg in self.problems]


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


def read_header(path: Path) -> RulesetHeader:
    data = _read(path)
    try:
        return msgspec.toml.decode(data, type=_HeaderOnly).ruleset
    except msgspec.ValidationError as exc:
        where, msg = _split(exc)
        raise RulesetError(str(path), [(where or "ruleset", msg)]) from None
    except msgspec.DecodeError as exc:
        raise RulesetError(str(path), [("", f"not valid TOML ({exc})")]) from None


def _read(path: Path) -> bytes:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise RulesetError(str(path), [("", "no such file")]) from None
    except OSError as exc:
        raise RulesetError(str(path), [("", f"cannot be read ({exc.strerror or exc})")]) from None


def load(path: Path, game: Any) -> Any:
    """Decode and validate a ruleset for ``game`` (a GameDef); raises RulesetError."""
    header = read_header(path)
    if header.game != game.id:
        raise RulesetError(str(path), [("ruleset.game", f"is '{header.game}', expected '{game.id}'")])
    try:
        rules = msgspec.toml.decode(_read(path), type=game.ruleset_type)
    except msgspec.ValidationError as exc:
        raise RulesetError(str(path), [_split(exc)]) from None
    except msgspec.DecodeError as exc:
        raise RulesetError(str(path), [("", f"not valid TOML ({exc})")]) from None
    problems = game.validate(rules)
    if problems:
        raise RulesetError(str(path), problems)
    return rules
