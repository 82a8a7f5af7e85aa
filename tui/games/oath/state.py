"""The Clockwork Prince's private state: its Mind-sheet markers, relationships, tracks and turn."""

from __future__ import annotations

import msgspec

from ...engine.rng import Rng

# Phases of the game, each one kind of turn.
SETUP, PRINCE, OTHERS, OVER = "setup", "prince", "others", "over"
FRIEND, CONSPIRATOR, UNALIGNED = "Friend", "Conspirator", "Unaligned"


class Marker(msgspec.Struct):
    """A relationship marker on the Prince board: row 0 is Unaligned; ``entered`` orders the
    markers inside a box (an advancing marker goes right of those already there, RT 2.)."""

    suit: str
    row: int = 0
    column: str = UNALIGNED
    entered: int = 0


class DrawnCard(msgspec.Struct):
    """A world-deck card the Prince drew this search, left to right in draw order."""

    suit: str = ""  # "" for a Vision
    battle_plan: bool = False
    outcome: str = ""  # "played", "discarded", "" (not chosen)

    @property
    def vision(self) -> bool:
        return not self.suit


class ArrowMark(msgspec.Struct):
    """What happened to one arrow of the current space: asked and not met, or taken."""

    index: int
    result: str  # "no" or "taken"


class OathState(msgspec.Struct):
    rng: Rng
    role: str  # "chancellor" or "exile"
    oath: str
    powers: str
    bank_end: str  # suit of the favor bank closest to the world deck
    column_rule: str
    humans: int
    relationships: list[Marker]
    ambition: dict[str, int]
    box_actions: list[int]  # per box row 1.. (editable defaults, checked at setup)
    box_trade: list[int]
    tactics_spaces: list[int]
    tactics: int  # index on tactics_spaces
    threat: str
    threat_quadrant: str = ""
    threat_vision: str = ""
    threat_before: str = ""
    threat_quadrant_before: str = ""
    threat_vision_before: str = ""
    seat: int = 1  # the Prince's place in turn order (the Chancellor is 1)
    citizens: list[int] = []  # human seats that are Citizens (Chancellor Prince only)
    phase: str = SETUP
    round: int = 0
    step: str = ""
    start_node: str = ""
    current_node: str = ""
    actions_taken: int = 0
    actions_allowed: int = 0
    skipped: int = 0
    drawn: list[DrawnCard] = []
    marks: list[ArrowMark] = []  # arrows of current_node already asked this turn
    acting: bool = False  # carrying out the action of current_node (not choosing an arrow)
    last_arrow: str = ""  # "colour: condition → destination" of the arrow just taken
    # What the table said this turn (banners held, conditions answered) is in the record, not
    # here: engine/facts.py, games/oath/facts.py.
    entry_counter: int = 0
    # "defaults" (not yet checked), "matches" or "entered" (at this setup), "remembered" (given
    # in an earlier game: records.py).
    board_values: str = "defaults"
    # The starred Tactics space (RT: SETUP 5; not public): "ask" at setup, "asked", "remembered",
    # or "assumed" in a game set up before it was asked (the ruleset's start).
    tactics_star: str = "assumed"
    winner: str = ""

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def exile(self) -> bool:
        return self.role == "exile"

    def marker(self, suit: str) -> Marker:
        for m in self.relationships:
            if m.suit == suit:
                return m
        raise KeyError(suit)

    @property
    def tactics_value(self) -> int:
        return self.tactics_spaces[self.tactics]
