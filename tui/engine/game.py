"""The contract between the engine and a game module (tui/games/<game>.py)."""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any, Literal

import msgspec

from .prompts import Option, Prompt, TurnStart
from .view import GameView

# A procedure: yields prompts (and TurnStart markers), receives typed answers.
Procedure = Generator[Prompt | TurnStart, Any, None]


class OptionSpec(msgspec.Struct):
    """One field of a game's setup form; also `--option KEY=VALUE` on the command line."""

    key: str
    label: str
    kind: Literal["choice", "int", "bool"] = "choice"
    choices: list[Option] = []
    default: str = ""
    lo: int = 0
    hi: int = 0
    help: str = ""


class OptionError(ValueError):
    pass


def check_options(specs: list[OptionSpec], given: dict[str, str]) -> dict[str, str]:
    """Fill defaults and check every value; raises OptionError with a one-line message."""
    known = {s.key: s for s in specs}
    for key in given:
        if key not in known:
            raise OptionError(f"unknown option '{key}' (known: {', '.join(known) or 'none'})")
    out: dict[str, str] = {}
    for spec in specs:
        value = given.get(spec.key, spec.default).strip()
        if spec.kind == "choice":
            keys = [c.key for c in spec.choices]
            if value not in keys:
                raise OptionError(f"option {spec.key} must be one of {', '.join(keys)}, not '{value}'")
        elif spec.kind == "int":
            try:
                number = int(value)
            except ValueError:
                raise OptionError(f"option {spec.key} must be a whole number, not '{value}'") from None
            if not spec.lo <= number <= spec.hi:
                raise OptionError(f"option {spec.key} must be from {spec.lo} to {spec.hi}, not {number}")
            value = str(number)
        elif spec.kind == "bool":
            low = value.lower()
            if low in ("y", "yes", "true", "1", "on"):
                value = "yes"
            elif low in ("n", "no", "false", "0", "off"):
                value = "no"
            else:
                raise OptionError(f"option {spec.key} must be yes or no, not '{value}'")
        out[spec.key] = value
    return out


def chosen_option(specs: list[OptionSpec], options: dict[str, str], key: str) -> str:
    """The value chosen at setup, or the spec's default when the option was not given (a state
    saved before an option existed)."""
    if key in options:
        return options[key]
    for spec in specs:
        if spec.key == key:
            return spec.default
    raise KeyError(key)


class Context:
    """What a procedure may touch besides its state: the ruleset, the options and the log."""

    def __init__(self, rules: Any, options: dict[str, str], log: Callable[[str], None]):
        self.rules = rules
        self.options = options
        self._log = log

    def log(self, text: str) -> None:
        """Write one concrete, human-readable line to the history ("pays 1 gold: 4 → 3")."""
        self._log(text)


@dataclass(frozen=True)
class GameDef:
    id: str
    title: str
    subtitle: str
    ruleset_type: type
    state_type: type
    setup_options: Callable[[Any], list[OptionSpec]]
    new_state: Callable[[Any, dict[str, str], int], Any]
    play: Callable[[Any, Context], Procedure]
    view: Callable[[Any, Any], GameView]
    validate: Callable[[Any], list[tuple[str, str]]]
    summary: Callable[[Any], str]
    keys_help: list[tuple[str, str]] = field(default_factory=list)
    # Rules kept at hand (one key on the game screen): titled sections of paraphrased lines.
    reference: Callable[[Any, Any], list["RefSection"]] | None = None
    # Records that outlive one game (campaign, remembered setup), kept in the saves folder:
    # recall(saves_dir) is read when a game is created and passed to new_state(..., recalled=)
    # so the state carries it (replay never reads files); remember(state, saves_dir, key) runs
    # after every autosave, ``key`` naming the game (stable across Save as), and must be
    # idempotent for that key;
    # home_lines(saves_dir) are shown on the home screen.
    recall: Callable[[Any], Any] | None = None
    remember: Callable[[Any, Any, str], None] | None = None
    home_lines: Callable[[Any], list[str]] | None = None
    # What each player keeps hidden (a House's Power and Coins behind its screen):
    # secrets(rules, state) -> [(whose, lines)], never shown on the shared screen, only to that
    # player on request.
    secrets: Callable[[Any, Any], list[tuple[str, list[str]]]] | None = None


class RefSection(msgspec.Struct):
    title: str
    lines: list[str] = []
