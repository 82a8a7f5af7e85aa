"""The state Clockwork keeps for a game of Heirless: players, tracker, ledger, Laws, the season."""

from __future__ import annotations

import msgspec

from ...engine.rng import Rng

# Phases of the game, each one kind of turn.
SETUP, TURNS, SEASON_END, OVER = "setup", "turns", "season_end", "over"


class Player(msgspec.Struct):
    colour: str = ""
    title: str = ""
    name: str = ""
    influence: int = 0
    prestige: int = 0
    oathbreaks: int = 0
    workplaces: int = 0  # built Workplaces (PT: Build, at most 9)
    sovereign: bool = False  # the Sovereign Workplace is among them (discarded at Cleanup)
    paths: list[str] = []  # conversion paths commissioned this Season

    @property
    def seal(self) -> str:
        """How the player signs promises: title and colour (PT: Guarantee, "Lady Green")."""
        return f"{self.title} {self.colour}".strip() or "?"

    @property
    def full(self) -> str:
        return f"{self.seal} ({self.name})" if self.name else self.seal


class Tracker(msgspec.Struct):
    """The Player Turn Order tracker: two halves of spots around the fixed Bandit cube.

    Each spot holds a player index or None. ``action`` names the Action Phase half."""

    right: list[int | None]
    left: list[int | None]
    action: str = "right"


class DisputeVote(msgspec.Struct):
    voter: int
    broken: bool


class Promise(msgspec.Struct):
    number: int
    season: int
    signatories: list[int]
    text: str
    broken_by: list[int] = []
    disputed: bool = False
    votes: list[DisputeVote] = []
    # Written for "this Season" and closed when that Season ended (reading promise-season).
    ended: bool = False

    @property
    def broken(self) -> bool:
        return bool(self.broken_by)


class LawVote(msgspec.Struct):
    voter: int
    side: str  # "for" or "against"
    influence: int


class Law(msgspec.Struct):
    name: str
    threshold: int
    proposer: int
    season: int
    enacted: bool
    votes: list[LawVote] = []


class HeirlessState(msgspec.Struct):
    rng: Rng
    seasons: int
    players: list[Player]
    tracker: Tracker
    phase: str = SETUP
    season: int = 1
    turn: int | None = None  # the player whose turn it is
    turn_number: int = 0  # turns played this Season
    # What the current turn has done so far, for the arrows pane; cleared when a turn ends.
    standard_done: int = 0
    done: list[str] = []
    step: str = ""  # the setup or season step being walked
    promises: list[Promise] = []
    laws: list[Law] = []
    # The starting Influence and Prestige are the ruleset's unconfirmed defaults (not typed in).
    start_is_default: bool = False

    @property
    def over(self) -> bool:
        return self.phase == OVER
