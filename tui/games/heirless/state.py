"""The state Clockwork keeps for a game of Heirless: players, tracker, ledger, Laws, the season."""

from __future__ import annotations

import msgspec

from ...engine.bounds import Count, Counter, Name, Pieces, Played, Seat, Seats, Tally, Text
from ...engine.rng import Rng

# Phases of the game, each one kind of turn.
SETUP, TURNS, SEASON_END, OVER = "setup", "turns", "season_end", "over"


class Player(msgspec.Struct):
    colour: Name = ""
    title: Name = ""
    name: Name = ""
    influence: Tally = 0
    prestige: Tally = 0
    oathbreaks: Counter = 0
    workplaces: Count = 0  # built Workplaces (PT: Build, at most 9)
    sovereign: bool = False  # the Sovereign Workplace is among them (discarded at Cleanup)
    paths: Pieces[Name] = []  # conversion paths commissioned this Season

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

    right: Pieces[Seat | None]
    left: Pieces[Seat | None]
    action: Name = "right"


class DisputeVote(msgspec.Struct):
    voter: Seat
    broken: bool


class Promise(msgspec.Struct):
    number: Counter
    season: Count
    signatories: Seats[Seat]
    text: Text
    broken_by: Seats[Seat] = []
    disputed: bool = False
    votes: Pieces[DisputeVote] = []
    # Written for "this Season" and closed when that Season ended (reading promise-season).
    ended: bool = False

    @property
    def broken(self) -> bool:
        return bool(self.broken_by)


class LawVote(msgspec.Struct):
    voter: Seat
    side: Name  # "for" or "against"
    influence: Tally


class Law(msgspec.Struct):
    name: Name
    threshold: Count
    proposer: Seat
    season: Count
    enacted: bool
    votes: Pieces[LawVote] = []


class LawCard(msgspec.Struct):
    """A Law card whose threshold the table read out when it was first proposed (PT: Enact)."""

    name: Name
    threshold: Count


class HeirlessState(msgspec.Struct):
    rng: Rng
    seasons: Count
    players: Seats[Player]
    tracker: Tracker
    phase: Name = SETUP
    season: Count = 1
    turn: Seat | None = None  # the player whose turn it is
    turn_number: Counter = 0  # turns played this Season
    # What the current turn has done so far, for the arrows pane; cleared when a turn ends.
    standard_done: Counter = 0
    done: Played[Text] = []
    step: Name = ""  # the setup or season step being walked
    promises: Played[Promise] = []
    laws: Played[Law] = []
    # Every Law card proposed, voted on or not (too dear then): its threshold is never asked again.
    cards: Played[LawCard] = []
    # The starting Influence and Prestige are the ruleset's unconfirmed defaults (not typed in).
    start_is_default: bool = False

    @property
    def over(self) -> bool:
        return self.phase == OVER
