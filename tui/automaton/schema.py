"""The automaton file format (docs/authoring.md): what a bot owns and its turn as a graph of
steps. Each table of the file is checked on its own so that every problem is reported at once."""

from __future__ import annotations

from typing import Literal

import msgspec

from ..engine.bounds import Amount, Count


# The one name every file may read without declaring it: how many other bots sit at the table
# (0 for a bot played alone, as `validate --play` does).
OTHER_BOTS = "other_bots"

class Strict(msgspec.Struct, forbid_unknown_fields=True):
    pass


class Header(Strict):
    id: str
    game: str
    name: str
    version: str
    sources: list[str] = []
    # Shared files (same folder, without .toml) whose parts this bot uses: the rules every
    # Clockwork bot follows live once.
    uses: list[str] = []
    # A shared file is only ever used by bots, never listed or played alone.
    shared: bool = False
    summary: str = ""
    # Where the bot sets up among the table's bots (Root: the setup letter, LAW 5.1.7), with the
    # rule that says so; a bot without it sets up after those with one, in seat order.
    setup_order: Count | None = None
    setup_order_rule: str = ""


class OptionDef(Strict):
    label: str
    choices: dict[str, str]  # key → what the setup form shows
    default: str | None = None
    help: str = ""
    rule: str = ""


class CounterDef(Strict):
    label: str
    min: Amount
    max: Amount
    start: Amount = 0
    # Back to ``start`` as each of the bot's turns begins, and shown only during its turn.
    per_turn: bool = False
    rule: str = ""
    # false: kept for the steps, not shown in the tracks pane (a track there shows the same thing).
    shown: bool = True
    # false: shown as a number, without a bar (its max is a bound, not a size the board has).
    bar: bool = True


class FlagDef(Strict):
    label: str
    start: bool = False
    per_turn: bool = False  # as a counter's
    rule: str = ""


class TrackDef(Strict):
    """A row of spaces; ``values`` are what is printed under each space (VP). A track whose values
    no source gives leaves them out: they are asked at the first game and remembered."""

    label: str
    spaces: Count
    start: Count = 0
    values: list[Count] | None = None
    rule: str = ""


class TableDef(Strict):
    """A number or word per choice of a setup option (recruit 2 on Easy, 4 otherwise)."""

    by: str
    values: dict[str, Amount | str]
    rule: str = ""


class DeckDef(Strict):
    """Cards the bot shuffles and keeps hidden. ``reshuffle`` names the pile whose cards are
    shuffled back when a draw finds the deck empty."""

    label: str
    cards: list[str]
    reshuffle: str | None = None
    rule: str = ""


class ZoneDef(Strict):
    """Cards the table reports, kept across turns (the Eyrie's Decree columns)."""

    label: str
    rule: str = ""


class Case(Strict):
    when: str = msgspec.field(name="if")
    go: str


StepKind = Literal["say", "ask", "draw", "shuffle", "put", "clear", "set", "add", "score",
                   "branch", "repeat", "call", "end"]
STEP_KINDS: tuple[str, ...] = ("say", "ask", "draw", "shuffle", "put", "clear", "set", "add", "score",
                               "branch", "repeat", "call", "end")


class Step(Strict):
    """One step; exactly one of the kind keys is given. After it the next step in the list runs,
    or ``next`` (a step of the same procedure)."""

    id: str = ""
    rule: str = ""
    next: str = ""
    # instruct
    say: str | None = None
    # ask: yesno | choice | number | several; the answer goes into the variable ``into``
    ask: Literal["yesno", "choice", "number", "several"] | None = None
    text: str = ""
    choices: list[str] | str | None = None  # keys, or the name of a list
    least: str | int | None = None  # number: lowest answer; several: fewest picks
    most: str | int | None = None
    into: str = ""
    # deck and zone operations
    draw: str | None = None  # a deck: its top card goes into ``into``
    shuffle: str | None = None
    put: str | None = None  # a deck pile or zone: ``card`` (an expression) goes there
    card: str = ""
    clear: str | None = None  # a zone emptied (its cards go to ``to`` when given)
    to: str = ""
    # counters, flags, variables, tracks
    set: dict[str, str | int | bool] | None = None
    add: dict[str, str | int] | None = None
    score: str | int | None = None
    # control
    branch: list[Case] | None = None
    otherwise: str | None = msgspec.field(default=None, name="else")
    repeat: str | None = None  # a procedure, run again while ``while`` holds, at most ``bound`` times
    repeat_while: str | None = msgspec.field(default=None, name="while")
    times: str | int | None = None
    bound: Count | None = None
    call: str | None = None
    end: Literal["procedure", "turn"] | None = None

    def kind(self) -> list[str]:
        return [k for k in STEP_KINDS if getattr(self, k) is not None]


class Procedure(Strict):
    label: str
    steps: list[Step]
    rule: str = ""
    # Offered from the reactions menu at any time (a rule that fires on another player's turn).
    reaction: str = ""
    # A condition over the bot's state: the reaction is on the menu only while it holds (the
    # Keep's removal, once the Keep is gone, can no longer happen). "": always offered.
    offered: str = ""


class Turn(Strict):
    procedure: str  # each of the bot's turns
    setup: str = ""  # once, when the game is set up
    # Variables shown in the card row while the bot plays (its order card).
    show: list[str] = []
    rule: str = ""


class Reading(Strict):
    question: str
    reading: str
    source: str


# The file's tables, in the order they are checked and documented.
SECTIONS: dict[str, type] = {
    "options": OptionDef,
    "counters": CounterDef,
    "flags": FlagDef,
    "tracks": TrackDef,
    "tables": TableDef,
    "decks": DeckDef,
    "zones": ZoneDef,
    "procedures": Procedure,
}
TOP = ("automaton", "turn", "lists", "variables", "readings", *SECTIONS)


class Automaton(msgspec.Struct):
    """A checked bot: its own file merged with the shared files it uses."""

    header: Header
    turn: Turn | None = None
    options: dict[str, OptionDef] = {}
    counters: dict[str, CounterDef] = {}
    flags: dict[str, FlagDef] = {}
    tracks: dict[str, TrackDef] = {}
    tables: dict[str, TableDef] = {}
    decks: dict[str, DeckDef] = {}
    zones: dict[str, ZoneDef] = {}
    procedures: dict[str, Procedure] = {}
    lists: dict[str, list[str]] = {}
    variables: dict[str, str | int | bool | list[str]] = {}
    readings: list[Reading] = []
    text: str = ""  # the exact text it was read from, kept in a save
