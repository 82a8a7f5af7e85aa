"""The ranges of what a saved game holds: every number, list and text in a save has one, checked by
msgspec as the save is decoded (like a ruleset's numbers, tui/rules/loader.py), so an edited save
is refused in one line naming the field instead of making play loop for ever or fill memory (one
count of 10,000,000 humans in an Oath save did; issue 21).

A bound comes from the game's rules where they give one (seats, a track, the box) and otherwise
from one of the generous caps below, one per kind. None is reached in play: a game's answer that
would pass one is refused in place (session.Runner.answer), so every save Clockwork writes opens.
"""

from __future__ import annotations

import functools
import re
from typing import Annotated, Any, TypeVar, get_args, get_origin, get_type_hints

import msgspec

# Seats at one table: every game picks a seat with one key, 1-9 (Heirless: rules players.max).
SEATS = 9
# Any number a ruleset gives (tui/rules/loader.NUMBERS) and so anything counted on a track or out
# of the box: spaces, cards, tokens, dice. Table games count in tens.
RULE = 1000
# Answers one save holds (and can undo): an evening is a few hundred (the longest random games end
# within 700), and a game replays at 10-20 µs an answer (benchmarks/), so this opens in seconds.
ANSWERS = 100_000
# Totals that grow as the game goes on with no printed limit (Influence, Bot Power, a campaign's
# Prestige, a count of turns): an answer adds at most a few tens, so a thousand times a real game's
# and no loop runs over one.
TALLY = 1_000_000
# A key, a card, a name (typed ones stop at 120 characters) or a time stamp.
NAME = 200
# One line the game writes or the table types: a label, a promise, the arrow just taken.
TEXT = 2000
# A file a game is played with and keeps in its save (a bot written as a file): a large bot is tens
# of kilobytes.
FILE_TEXT = 1_000_000

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

Name = Annotated[str, msgspec.Meta(max_length=NAME)]
Text = Annotated[str, msgspec.Meta(max_length=TEXT)]
Count = Annotated[int, msgspec.Meta(ge=0, le=RULE)]  # pieces, spaces, dice: from the rules or the box
Amount = Annotated[int, msgspec.Meta(ge=-RULE, le=RULE)]  # a value a ruleset gives, or a track's
Tally = Annotated[int, msgspec.Meta(ge=-TALLY, le=TALLY)]
Counter = Annotated[int, msgspec.Meta(ge=0, le=TALLY)]
Seat = Annotated[int, msgspec.Meta(ge=0, lt=SEATS)]  # index of a seat in the game's list
Step = Annotated[int, msgspec.Meta(ge=0, le=ANSWERS)]  # a number of answers
# The Rng keeps the low 64 bits of its state (msgspec declares bounds only within 63 bits, and
# refuses integers of thousands of digits itself); a seed is what `clockwork new --seed` takes
# (cli.SEEDS).
RngState = Annotated[int, msgspec.Meta(ge=0)]
Seed = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]

# Lists: of seats, of pieces from the box or the rules, and of what the table adds as it plays (at
# most one entry per answer: promises, turns' deeds).
Seats = Annotated[list[T], msgspec.Meta(max_length=SEATS)]
Pieces = Annotated[list[T], msgspec.Meta(max_length=RULE)]
Played = Annotated[list[T], msgspec.Meta(max_length=ANSWERS)]
Table = Annotated[dict[K, V], msgspec.Meta(max_length=RULE)]  # keyed by a piece, a seat, a rule


_AT = re.compile(r"\s+-\s+at\s+(?:`(key)` in\s+)?`\$([^`]*)`\s*$")
_WORDS = (
    (re.compile(r"Expected `int` <= (-?\d+)"), "is", "out of range (at most {})"),
    (re.compile(r"Expected `int` >= (-?\d+)"), "is", "out of range (at least {})"),
    (re.compile(r"Expected `int` < (-?\d+)"), "is", "out of range (less than {})"),
    (re.compile(r"Expected `str` of length <= (\d+)"), "is", "longer than {} characters"),
    (re.compile(r"Expected `array` of length <= (\d+)"), "has", "more than {} items"),
    (re.compile(r"Expected `object` of length <= (\d+)"), "has", "more than {} entries"),
)


def worded(message: str) -> tuple[str, str]:
    """msgspec's words for a bound passed ('Expected `int` <= 5') as ('is', 'out of range (at most
    5)'); any other message as ('', message)."""
    for pattern, verb, words in _WORDS:
        bound = pattern.fullmatch(message)
        if bound:
            return verb, words.format(bound.group(1))
    return "", message


def described(exc: Exception, inside: str = "") -> str:
    """A msgspec validation error as one line naming the field by its path in the save:
    'session.snapshots[0].state.humans is out of range (at most 5)'. ``inside``: the path of the
    part decoded (a game state inside a save)."""
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    m = _AT.search(text)
    path = inside
    if m:
        text = text[: m.start()]
        path = f"{inside}{m.group(2)}".lstrip(".") + (" (a key)" if m.group(1) else "")
    verb, words = worded(text)
    if verb:
        return f"{path or 'the save'} {verb} {words}"
    return f"{path}: {text}"[:200] if path else text[:200]


_encoder = msgspec.json.Encoder()


class Checker:
    """Checks a game state against the ranges a save is read with, as decoding its encoding with
    the state's type does. A table of structs in the state (Root's bots, by id) is checked entry by
    entry, and an entry, like the rest of the state, only when its encoding has changed since it
    last passed: a step changes one bot, and decoding all of them again was most of a step at a
    table of three (benchmarks/results.md). Whatever fails is decoded again whole, whose error is
    raised: the message names the field as it always has."""

    def __init__(self, tp: Any):
        self._whole = msgspec.json.Decoder(tp)
        self._type = tp
        self._tables = _tables(tp)
        # The rest is the state with each table empty (no table with a least length is split off).
        self._emptied: dict[str, dict[Any, Any]] = {name: {} for name, _ in self._tables}
        self._rest = b""

    def check(self, state: Any) -> None:
        tables = self._tables
        if not tables or type(state) is not self._type:
            self._whole.decode(_encoder.encode(state))
            return
        try:
            rest = _encoder.encode(msgspec.structs.replace(state, **self._emptied))
            if rest != self._rest:
                self._whole.decode(rest)
                self._rest = rest
            for name, table in tables:
                table.check(getattr(state, name))
        except msgspec.ValidationError:
            self._whole.decode(_encoder.encode(state))


class _Table:
    """A table of structs: its keys and length checked with the whole table when they change, its
    entries one by one."""

    __slots__ = ("whole", "entry", "keys", "last")

    def __init__(self, tp: Any, entry: Any):
        self.whole = msgspec.json.Decoder(tp)
        self.entry = entry
        self.keys: set[Any] = set()
        self.last: dict[Any, tuple[bytes, _Fields]] = {}

    def check(self, table: Any) -> None:
        if type(table) is not dict:
            self.whole.decode(_encoder.encode(table))
            return
        if table.keys() != self.keys:  # the same keys: the same number of them, each passed
            self.whole.decode(_encoder.encode(table))
            self.keys = set(table)
        last = self.last
        for key, value in table.items():
            raw = _encoder.encode(value)
            seen = last.get(key)
            if seen is None:
                seen = last[key] = (b"", _Fields(self.entry))
            if seen[0] != raw:
                seen[1].check(value)
                last[key] = (raw, seen[1])


class _Fields:
    """An entry of a table, field by field: a step changes a few of a bot's fields (where it is,
    its variables), not its options or the values of its tracks."""

    __slots__ = ("type", "whole", "fields", "last")

    def __init__(self, tp: Any):
        self.type = tp
        self.whole, self.fields = _decoders(tp)
        self.last: list[bytes] = [b""] * len(self.fields)

    def check(self, value: Any) -> None:
        if not self.fields or type(value) is not self.type:
            self.whole.decode(_encoder.encode(value))
            return
        last = self.last
        # Each field's encoding, in its order (struct fields in order, all of them: astuple).
        for n, raw in enumerate(map(_encoder.encode, msgspec.structs.astuple(value))):
            if raw != last[n]:
                self.fields[n][1].decode(raw)
                last[n] = raw


@functools.cache
def _decoders(tp: Any) -> tuple[msgspec.json.Decoder[Any], list[tuple[str, msgspec.json.Decoder[Any]]]]:
    """A struct type's decoder, and each field's (none where the struct is not simply its fields)."""
    config = tp.__struct_config__
    split = not (config.omit_defaults or config.tag is not None or hasattr(tp, "__post_init__"))
    hints = get_type_hints(tp, include_extras=True)
    return msgspec.json.Decoder(tp), [(name, msgspec.json.Decoder(hints[name])) for name in tp.__struct_fields__] if split else []


def _tables(tp: Any) -> list[tuple[str, _Table]]:
    """The fields of a state type that are tables of structs, which can be left empty."""
    if not (isinstance(tp, type) and issubclass(tp, msgspec.Struct)) or hasattr(tp, "__post_init__"):
        return []
    found = []
    for name, hint in get_type_hints(tp, include_extras=True).items():
        inner, metas = hint, []
        if get_origin(hint) is Annotated:
            inner, *metas = get_args(hint)
        if get_origin(inner) is not dict or any(getattr(m, "min_length", None) for m in metas):
            continue
        entry = get_args(inner)[1]
        if isinstance(entry, type) and issubclass(entry, msgspec.Struct):
            found.append((name, _Table(hint, entry)))
    return found
