"""The contract between the engine and a game module (tui/games/<game>.py)."""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import msgspec

from ..keys import HELP, HISTORY, REDO, STEP, UNDO
from .facts import FactBook
from .prompts import Option, Prompt, TurnStart, shown
from .view import GameView

# A procedure: yields prompts (and TurnStart markers), receives typed answers.
Procedure = Generator[Prompt | TurnStart, Any, None]


class OptionSpec(msgspec.Struct):
    """One field of a game's setup form; also `--option KEY=VALUE` on the command line."""

    key: str
    label: str
    # "several": some of the choices, written key,key (lo to hi of them)
    kind: Literal["choice", "int", "bool", "several"] = "choice"
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
        elif spec.kind == "several":
            keys = [c.key for c in spec.choices]
            picked = [v.strip() for v in value.split(",") if v.strip()]
            for key in picked:
                if key not in keys:
                    raise OptionError(f"option {spec.key}: '{key}' is not one of {', '.join(keys)}")
            if len(set(picked)) != len(picked):
                raise OptionError(f"option {spec.key} names the same choice twice")
            if not spec.lo <= len(picked) <= spec.hi:
                raise OptionError(f"option {spec.key} takes from {spec.lo} to {spec.hi} of {', '.join(keys)}")
            value = ",".join(picked)
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
    """What a procedure may touch besides its state: the ruleset, the options, the log and the
    facts the record holds (engine/facts.py)."""

    def __init__(self, rules: Any, options: dict[str, str], log: Callable[[str], None],
                 facts: FactBook | None = None):
        self.rules = rules
        self.options = options
        self._log = log
        self.facts = facts if facts is not None else FactBook(log=log)

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
    new_state: Callable[..., Any]  # (rules, options, seed), and recalled= for a game with `recall`
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
    # The game's turn on one screen (the first page of `g`), paraphrased in the game's words; the
    # rules at hand (``reference``), the readings and the sources are one key further.
    turn_outline: list[str] = field(default_factory=list)
    recall: Callable[[Any], Any] | None = None
    remember: Callable[[Any, Any, str], None] | None = None
    home_lines: Callable[[Any], list[str]] | None = None
    # What each player keeps hidden (a House's Power and Coins behind its screen):
    # secrets(rules, state) -> [(whose, lines)], never shown on the shared screen, only to that
    # player on request.
    secrets: Callable[[Any, Any], list[tuple[str, list[str]]]] | None = None
    # Raised when the game starts answering more of its questions from the record (engine/facts.py):
    # a save made under a lower one replays the answers it holds as asked then (session.Runner).
    facts_version: int = 0
    # Clockwork draws or rolls for this game with the seed; a game that never does is not asked
    # for one at setup (it gets one all the same: a save always has its seed).
    seeded: bool = True


class RefSection(msgspec.Struct):
    title: str
    lines: list[str] = []


def turn_by_turn(
    state: Any,
    ctx: Context,
    title: Callable[[Any], str],
    turns: Mapping[str, Callable[[Any, Context], Procedure]],
    over: Callable[[Any], bool],
) -> Procedure:
    """A whole game as every game plays it: until ``over``, a TurnStart titled from the state
    alone, then the turn procedure for the state's phase. A turn changes the phase only at its
    end, so a state saved at a TurnStart replays identically (the session snapshots there)."""
    while not over(state):
        yield TurnStart(title(state))
        yield from turns[state.phase](state, ctx)


READINGS_TITLE = "How Clockwork reads the unclear rules"
CORE_KEYS = [
    ("Enter", "an instruction is done; a marked (Enter) option is taken"),
    ("y / n", "yes / no"),
    (f"{UNDO.shown} / {REDO.shown}", "undo / redo the last answer, also while typing"),
    (HISTORY.shown, "the history: ↑ ↓ move, Enter undoes back to a line"),
    (STEP.shown, "more about the current step"),
    (HELP.shown, "every key of the screen"),
]


def reference_pages(game: "GameDef", rules: Any, state: Any) -> tuple[list["RefSection"], list["RefSection"]]:
    """The rules screen (F2): first the game's turn and keys on one screen; one key further the rules
    kept at hand, how Clockwork reads the unclear ones, and the sources, from the ruleset."""
    sections = game.reference(rules, state) if game.reference is not None else []
    at_hand = [s for s in sections if s.title not in (READINGS_TITLE, "Sources")]
    keys = RefSection("Keys", [f"{k}  {what}" for k, what in [*game.keys_help, *CORE_KEYS]])
    if game.turn_outline:
        quick, more = [RefSection("The turn", list(game.turn_outline)), keys], at_hand
    else:
        quick, more = [*at_hand, keys], []
    readings = getattr(rules, "readings", None) or []
    if readings:
        more.append(RefSection(READINGS_TITLE, [f"{r.question} → {r.reading} ({r.source})" for r in readings]))
    sources = list(getattr(getattr(rules, "ruleset", None), "sources", None) or [])
    if sources:
        more.append(RefSection("Sources", sources))
    return _shown(quick), _shown(more)


def _shown(sections: list[RefSection]) -> list[RefSection]:
    """Names from the state (a saved game) and text from a group's ruleset: written out, never
    obeyed by the terminal."""
    return [RefSection(shown(s.title, one_line=True), [shown(line) for line in s.lines]) for s in sections]
