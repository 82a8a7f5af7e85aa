"""The contract between the engine and a game module (tui/games/<game>.py)."""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Literal, Protocol, TypeVar, cast

import msgspec

from ..keys import HELP, HISTORY, REDO, STEP, UNDO
from .facts import FactBook
from .prompts import Option, Prompt, TurnStart, shown
from .view import GameView

# A procedure: yields prompts (and TurnStart markers), receives typed answers.
Procedure = Generator[Prompt | TurnStart, Any, None]

S = TypeVar("S")  # a game's state (a msgspec Struct)
R = TypeVar("R")  # a game's ruleset (a msgspec Struct decoded from rulesets/<game>.toml)


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


def check_options(specs: list[OptionSpec], given: dict[str, str],
                  named: Callable[[OptionSpec], str] = lambda spec: f"option {spec.key}") -> dict[str, str]:
    """Fill defaults and check every value; raises OptionError with a one-line message naming the
    option by ``named`` (its key on the command line, its label on the setup form)."""
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
                raise OptionError(f"{named(spec)} must be one of {', '.join(keys)}, not '{value}'")
        elif spec.kind == "several":
            keys = [c.key for c in spec.choices]
            picked = [v.strip() for v in value.split(",") if v.strip()]
            for key in picked:
                if key not in keys:
                    raise OptionError(f"{named(spec)}: '{key}' is not one of {', '.join(keys)}")
            if len(set(picked)) != len(picked):
                raise OptionError(f"{named(spec)} names the same choice twice")
            if not spec.lo <= len(picked) <= spec.hi:
                raise OptionError(f"{named(spec)} takes from {spec.lo} to {spec.hi} of {', '.join(keys)}")
            value = ",".join(picked)
        elif spec.kind == "int":
            try:
                number = int(value)
            except ValueError:
                raise OptionError(f"{named(spec)} must be a whole number, not '{value}'") from None
            if not spec.lo <= number <= spec.hi:
                raise OptionError(f"{named(spec)} must be from {spec.lo} to {spec.hi}, not {number}")
            value = str(number)
        elif spec.kind == "bool":
            low = value.lower()
            if low in ("y", "yes", "true", "1", "on"):
                value = "yes"
            elif low in ("n", "no", "false", "0", "off"):
                value = "no"
            else:
                raise OptionError(f"{named(spec)} must be yes or no, not '{value}'")
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


class Context(Generic[R]):
    """What a procedure may touch besides its state: the ruleset, the options, the log and the
    facts the record holds (engine/facts.py)."""

    def __init__(self, rules: R, options: dict[str, str], log: Callable[[str], None],
                 facts: FactBook | None = None):
        self.rules = rules
        self.options = options
        self._log = log
        self.facts = facts if facts is not None else FactBook(log=log)

    def log(self, text: str) -> None:
        """Write one concrete, human-readable line to the history ("pays 1 gold: 4 → 3")."""
        self._log(text)


class Ending(Protocol):
    """A state that knows when its game is over."""

    over: bool


class Phased(Protocol):
    """A state played turn by turn: its phase names the turn it is in."""

    phase: str


# One turn of a game (or one phase of its round), from the state's phase to the next.
Turn = Callable[[S, Context[R]], Procedure]


@dataclass(frozen=True)
class Status:
    """Where a game stands, in the game's own words and from the state alone: the one source of
    the turn's title in the history (TurnStart), the game screen's header and a save's line in
    the save list. Where the three say the same, the game writes it once."""

    turn: str  # the turn's title: "Round 2 · Clockwork's turn"
    # The header, where it says more (the step within the turn) or fewer words than the title.
    header: str | None = None
    # A save's line, where it says what the header does not (the scores, whose game it is).
    save: str | None = None

    @property
    def headline(self) -> str:
        return self.turn if self.header is None else self.header

    @property
    def summary(self) -> str:
        """``save``, else the header, else (a game showing no header) the turn's title."""
        return self.save if self.save is not None else self.headline or self.turn


def joined(*parts: str) -> str:
    """A status line from its parts, the empty ones left out: "Round 2 · Your turn"."""
    return " · ".join(part for part in parts if part)


@dataclass(frozen=True)
class GameDef(Generic[S, R]):
    """What a game gives the engine, typed by its state ``S`` and its ruleset ``R`` so the type
    checker verifies every hook against them."""

    id: str
    title: str
    subtitle: str
    ruleset_type: type[R]
    state_type: type[S]
    new_state: Callable[..., S]  # (rules, options, seed), and recalled= for a game with `recall`
    view: Callable[[S, R], GameView]
    status: Callable[[S], Status]
    # The setup form's fields, and every cross-reference problem of a ruleset as (path, message):
    # a game without either (the tests' small games) asks and checks nothing.
    setup_options: Callable[[R], list[OptionSpec]] = lambda rules: []
    validate: Callable[[R], list[tuple[str, str]]] = lambda rules: []
    # The game as the engine plays it (turn_by_turn): while not ``over``, the turn for the state's
    # phase, titled from ``status``. ``before_turn`` brings the state up to what the record
    # implies as a turn starts; ``relay`` sees every prompt on its way to the table.
    turns: Mapping[str, Turn[S, R]] = field(default_factory=dict)
    # Every game's state says so itself (``over``) unless the game says how to tell.
    over: Callable[[S], bool] = lambda state: cast(Ending, state).over
    before_turn: Callable[[S, Context[R]], None] | None = None
    relay: Callable[[Procedure, Context[R]], Procedure] | None = None
    # A game that plays its own way instead (the tests' small games): the whole game at once.
    play: Callable[[S, Context[R]], Procedure] | None = None
    keys_help: list[tuple[str, str]] = field(default_factory=list)
    # Rules kept at hand (one key on the game screen): titled sections of paraphrased lines.
    reference: Callable[[R, S], list["RefSection"]] | None = None
    # Records that outlive one game (campaign, remembered setup), kept in the saves folder:
    # recall(saves_dir) is read when a game is created and passed to new_state(..., recalled=)
    # so the state carries it (replay never reads files); remember(state, saves_dir, key) runs
    # after every autosave, ``key`` naming the game (stable across Save as), and must be
    # idempotent for that key;
    # home_lines(saves_dir) are shown on the home screen.
    # The game's turn on one screen (the first page of `g`), paraphrased in the game's words; the
    # rules at hand (``reference``), the readings and the sources are one key further.
    turn_outline: list[str] = field(default_factory=list)
    recall: Callable[[Path], Any] | None = None
    remember: Callable[[S, Path, str], None] | None = None
    home_lines: Callable[[Path], list[str]] | None = None
    # What each player keeps hidden (a House's Power and Coins behind its screen):
    # secrets(rules, state) -> [(whose, lines)], never shown on the shared screen, only to that
    # player on request.
    secrets: Callable[[R, S], list[tuple[str, list[str]]]] | None = None
    # Raised when the game starts answering more of its questions from the record (engine/facts.py):
    # a save made under a lower one replays the answers it holds as asked then (session.Runner).
    facts_version: int = 0
    # Clockwork draws or rolls for this game with the seed; a game that never does is not asked
    # for one at setup (it gets one all the same: a save always has its seed).
    seeded: bool = True
    # Files the state names by digest (a bot's file): texts(state) gives {digest: text} for the
    # save to keep once; use_texts(kept) hands them back before a save replays.
    texts: Callable[[S], dict[str, str]] | None = None
    use_texts: Callable[[dict[str, str]], None] | None = None
    # The setup fields a save's options are checked against, given the texts it keeps: a bot the
    # save keeps the text of is a choice even where its file is gone. None: setup_options.
    saved_options: Callable[[R, dict[str, str]], list[OptionSpec]] | None = None
    # A step aside the table may take at any question, with one key (Root: a bot's reaction, a rule
    # that fires on another player's turn): aside(state) names it for the history ("" where it is
    # not open). Taking it answers the pending question with prompts.ASIDE; the game's procedure
    # then asks what it needs and asks the pending question again, so a save replays it as played.
    aside: Callable[[S], str] | None = None

    def whole_game(self, state: S, ctx: Context[R]) -> Procedure:
        """The game from ``state`` to its end, as the session drives it."""
        if self.play is not None:
            return self.play(state, ctx)
        turns: Mapping[str, Turn[S, R]] = self.turns
        if self.before_turn is not None:
            turns = {phase: _after(self.before_turn, turn) for phase, turn in turns.items()}
        game = turn_by_turn(state, ctx, lambda s: self.status(s).turn, turns, self.over)
        return game if self.relay is None else self.relay(game, ctx)

    def summary(self, state: S) -> str:
        """A save's line in the save list."""
        return self.status(state).summary


def _after(prepare: Callable[[S, Context[R]], None], turn: Turn[S, R]) -> Turn[S, R]:
    def prepared(state: S, ctx: Context[R]) -> Procedure:
        prepare(state, ctx)
        yield from turn(state, ctx)
    return prepared


class RefSection(msgspec.Struct):
    title: str
    lines: list[str] = []
    # The line the rules screen opens scrolled to (a bot's ▶ where it is now); -1: none.
    at: int = -1


def turn_by_turn(
    state: S,
    ctx: Context[R],
    title: Callable[[S], str],
    turns: Mapping[str, Turn[S, R]],
    over: Callable[[S], bool],
) -> Procedure:
    """A whole game as every game plays it: until ``over``, a TurnStart titled from the state
    alone, then the turn procedure for the state's phase. A turn changes the phase only at its
    end, so a state saved at a TurnStart replays identically (the session snapshots there)."""
    while not over(state):
        yield TurnStart(title(state))
        yield from turns[cast(Phased, state).phase](state, ctx)


READINGS_TITLE = "How Clockwork reads the unclear rules"
CORE_KEYS = [
    ("Enter", "an instruction is done; a marked (Enter) option is taken"),
    ("y / n", "yes / no"),
    (f"{UNDO.shown} / {REDO.shown}", "undo / redo the last answer, also while typing"),
    (HISTORY.shown, "the history: ↑ ↓ move, Enter undoes back to a line"),
    (STEP.shown, "more about the current step"),
    (HELP.shown, "every key of the screen"),
]


def reference_pages(game: "GameDef[S, R]", rules: R, state: S) -> tuple[list["RefSection"], list["RefSection"]]:
    """The rules screen (F2): first the game's turn and keys on one screen; one key further the rules
    kept at hand, how Clockwork reads the unclear ones, and the sources, from the ruleset."""
    sections = game.reference(rules, state) if game.reference is not None else []
    # A game's own readings (each seated bot's file: "<READINGS_TITLE> · <its name>") join the
    # ruleset's on the readings page.
    own_readings = [s for s in sections if s.title.startswith(f"{READINGS_TITLE} · ")]
    at_hand = [s for s in sections if s.title not in (READINGS_TITLE, "Sources") and s not in own_readings]
    keys = RefSection("Keys", [f"{k}  {what}" for k, what in [*game.keys_help, *CORE_KEYS]])
    if game.turn_outline:
        quick, more = [RefSection("The turn", list(game.turn_outline)), keys], at_hand
    else:
        quick, more = [*at_hand, keys], []
    readings = getattr(rules, "readings", None) or []
    if readings:
        more.append(RefSection(READINGS_TITLE, [f"{r.question} → {r.reading} ({r.source})" for r in readings]))
    more += own_readings
    sources = list(getattr(getattr(rules, "ruleset", None), "sources", None) or [])
    if sources:
        more.append(RefSection("Sources", sources))
    return _shown(quick), _shown(more)


def _shown(sections: list[RefSection]) -> list[RefSection]:
    """Names from the state (a saved game) and text from a group's ruleset: written out, never
    obeyed by the terminal."""
    return [RefSection(shown(s.title, one_line=True), [shown(line) for line in s.lines], s.at) for s in sections]
