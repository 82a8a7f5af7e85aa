"""What the record already answers (DESIGN.md, "The step protocol"; issue 23).

A question about the table is a fact with a name and a lifetime. A game declares it once, as an
``Ask``, and puts it on the prompt (``YesNo(..., fact=HOLDS_PF)``). The runner then:

- answers the prompt from the record when one answer is known or forced, and logs that it did,
  in the game's words (``Ask.says``), with the reason;
- shows only the options the record leaves open, and refuses an answer that contradicts it (one
  line, nothing recorded);
- keeps the table's answer as the fact, for as long as its lifetime.

A procedure states what the record implies without asking (``ctx.facts.state(...)``: after a
Threat the game knows who holds a title), narrows a fact to the answers still possible
(``narrow``), reads one (``value``, ``holds``), forgets one whose reason is gone (``forget``), and
ends a lifetime of its own (``end("action")``).

Lifetimes: ``step`` ends when the table next answers anything; ``turn`` at every turn boundary
(TurnStart); ``round`` and ``game`` only when the game says (``end(ROUND)``) or never. Any other
name is a lifetime the game ends itself, and at the latest at the turn boundary.

Facts are plain data (answers as canonical strings) kept with each snapshot, so undo and redo
replay them exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import msgspec

STEP, TURN, ROUND, GAME = "step", "turn", "round", "game"
# Lifetimes a turn boundary does not end.
OUTLAST_TURN = (ROUND, GAME)
# The reason given when the table's own answer is the record, by lifetime.
SAID = {STEP: "said just now", TURN: "said this turn", ROUND: "said this round", GAME: "said this game"}


class Ask(msgspec.Struct, frozen=True):
    """A fact a prompt asks about: its name, how long an answer holds, and how a known answer
    reads in the history (``says``: canonical answer → the game's sentence; ``said``: the reason
    when the table's answer is the record, e.g. "said at the Wake")."""

    name: str
    lifetime: str = TURN
    says: dict[str, str] = {}
    said: str = ""


class Known(msgspec.Struct):
    """What the record says of one fact: the answers still possible (one: it is known)."""

    values: list[str]
    lifetime: str = TURN
    why: str = ""


class Facts(msgspec.Struct):
    known: dict[str, Known] = {}


def canonical(value: object) -> str:
    """A value as a stored answer: True/False → y/n, numbers as text."""
    if isinstance(value, bool):
        return "y" if value else "n"
    return str(value)


def ended(facts: Facts, lifetimes: Iterable[str]) -> None:
    gone = set(lifetimes)
    for name in [n for n, k in facts.known.items() if k.lifetime in gone]:
        del facts.known[name]


def end_turn(facts: Facts) -> None:
    """A turn boundary: every fact ends but those of the round and the game."""
    for name in [n for n, k in facts.known.items() if k.lifetime not in OUTLAST_TURN]:
        del facts.known[name]


class FactBook:
    """The facts as a procedure sees them (``ctx.facts``)."""

    def __init__(self, facts: Facts | None = None, log: Callable[[str], None] | None = None,
                 as_played: Callable[[], bool] | None = None):
        self.facts = facts if facts is not None else Facts()
        self._log = log or (lambda text: None)
        self._as_played = as_played or (lambda: False)

    @property
    def refusing(self) -> bool:
        """Whether a game's own check refuses an answer the record contradicts: not while a save
        made before facts replays the answers it was given then (they stand, as played)."""
        return not self._as_played()

    def state(self, ask: Ask, value: object, why: str, lifetime: str | None = None) -> None:
        """The record implies ``value``: later prompts asking ``ask`` are answered from it. If the
        record said otherwise before, the history says what changed."""
        new = canonical(value)
        old = self.facts.known.get(ask.name)
        if old is not None and len(old.values) == 1 and old.values[0] != new:
            now = ask.says.get(new) or "What the table said before no longer holds"
            self._log(f"{now} ({why}; until now the record said otherwise)")
        self.facts.known[ask.name] = Known([new], lifetime or ask.lifetime, why)

    def narrow(self, ask: Ask, values: Iterable[object], why: str, lifetime: str | None = None) -> None:
        """Only ``values`` remain possible (one of them: it is forced)."""
        allowed = [canonical(v) for v in values]
        old = self.facts.known.get(ask.name)
        if old is not None:
            allowed = [v for v in allowed if v in old.values] or allowed
        self.facts.known[ask.name] = Known(allowed, lifetime or ask.lifetime, why)

    def value(self, ask: Ask) -> str | None:
        """The known answer (canonical), or None while more than one is possible."""
        known = self.facts.known.get(ask.name)
        return known.values[0] if known is not None and len(known.values) == 1 else None

    def holds(self, ask: Ask) -> bool | None:
        """A yes/no fact: True, False, or None when not known."""
        value = self.value(ask)
        return None if value is None else value == "y"

    def why(self, ask: Ask) -> str:
        known = self.facts.known.get(ask.name)
        return known.why if known is not None else ""

    def forget(self, *asks: Ask) -> None:
        for ask in asks:
            self.facts.known.pop(ask.name, None)

    def end(self, lifetime: str) -> None:
        """Every fact of ``lifetime`` ends (a game's own lifetime, or ROUND at a new round)."""
        ended(self.facts, [lifetime])
