"""The Clockwork Prince's private state: its Mind-sheet markers, relationships, tracks and turn."""

from __future__ import annotations

from typing import Annotated

import msgspec

from ...engine.bounds import Count, Counter, Name, Pieces, Table, Tally, Text
from ...engine.rng import Rng

# Phases of the game, each one kind of turn.
SETUP, PRINCE, OTHERS, OVER = "setup", "prince", "others", "over"
FRIEND, CONSPIRATOR, UNALIGNED = "Friend", "Conspirator", "Unaligned"
# Human players beside the Prince (setup option `humans`); the Prince sits at seat 1 to this + 1.
MOST_HUMANS = 5
SeatNumber = Annotated[int, msgspec.Meta(ge=1, le=MOST_HUMANS + 1)]


class Marker(msgspec.Struct):
    """A relationship marker on the Prince board: row 0 is Unaligned; ``entered`` orders the
    markers inside a box (an advancing marker goes right of those already there, RT 2.)."""

    suit: Name
    row: Count = 0
    column: Name = UNALIGNED
    entered: Counter = 0


class DrawnCard(msgspec.Struct):
    """A world-deck card the Prince drew this search, left to right in draw order."""

    suit: Name = ""  # "" for a Vision
    battle_plan: bool = False
    outcome: Name = ""  # "played", "discarded", "" (not chosen)

    @property
    def vision(self) -> bool:
        return not self.suit


class ArrowMark(msgspec.Struct):
    """What happened to one arrow of the current space: asked and not met, or taken."""

    index: Count
    result: Name  # "no" or "taken"


class OathState(msgspec.Struct):
    rng: Rng
    role: Name  # "chancellor" or "exile"
    oath: Name
    powers: Name
    bank_end: Name  # suit of the favor bank closest to the world deck
    column_rule: Name
    humans: Annotated[int, msgspec.Meta(ge=1, le=MOST_HUMANS)]
    relationships: Pieces[Marker]
    ambition: Table[Name, Tally]
    box_actions: Pieces[Count]  # per box row 1.. (editable defaults, checked at setup)
    box_trade: Pieces[Count]
    tactics_spaces: Pieces[Count]
    tactics: Count  # index on tactics_spaces
    threat: Name
    threat_quadrant: Name = ""
    threat_vision: Name = ""
    threat_before: Name = ""
    threat_quadrant_before: Name = ""
    threat_vision_before: Name = ""
    seat: SeatNumber = 1  # the Prince's place in turn order (the Chancellor is 1)
    # Human seats that are Citizens (Chancellor Prince only).
    citizens: Annotated[list[SeatNumber], msgspec.Meta(max_length=MOST_HUMANS)] = []
    phase: Name = SETUP
    round: Counter = 0
    # The round at whose Cleanup the table said the Prince holds the Oathkeeper title (0: none).
    title_kept_round: Counter = 0
    step: Name = ""
    start_node: Name = ""
    current_node: Name = ""
    actions_taken: Counter = 0
    actions_allowed: Count = 0
    skipped: Counter = 0
    drawn: Pieces[DrawnCard] = []
    marks: Pieces[ArrowMark] = []  # arrows of current_node already asked this turn
    acting: bool = False  # carrying out the action of current_node (not choosing an arrow)
    last_arrow: Text = ""  # "colour: condition → destination" of the arrow just taken
    # What the table said this turn (banners held, conditions answered) is in the record, not
    # here: engine/facts.py, games/oath/facts.py.
    entry_counter: Counter = 0
    # "defaults" (not yet checked), "matches" or "entered" (at this setup), "remembered" (given
    # in an earlier game: records.py).
    board_values: Name = "defaults"
    # The starred Tactics space (RT: SETUP 5; not public): "ask" at setup, "asked", "remembered",
    # or "assumed" in a game set up before it was asked (the ruleset's start).
    tactics_star: Name = "assumed"
    # Which space is starred, once given (from 0; -1 not yet): kept apart from ``tactics``, which
    # moves in play, so a later game remembers the star, not where the marker ended.
    star_space: int = -1
    winner: Name = ""

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def exile(self) -> bool:
        return self.role == "exile"

    def humans_rounds(self) -> str:
        """The round of the humans' turns that follow the Prince's turn (``round``): a round starts
        with seat 1 (the Chancellor), so the seats after the Prince's finish its round and those
        before it start the next; before the Prince's first turn they play round 1."""
        if not self.round:
            return "Round 1"
        after, before = self.seat <= self.humans, self.seat > 1
        if after and before:
            return f"Rounds {self.round} and {self.round + 1}"
        return f"Round {self.round + 1}" if before else f"Round {self.round}"

    def marker(self, suit: str) -> Marker:
        for m in self.relationships:
            if m.suit == suit:
                return m
        raise KeyError(suit)

    @property
    def tactics_value(self) -> int:
        return self.tactics_spaces[self.tactics]
