"""What the council clerk keeps: each House's Power and Coins, the Realm's tracks, the Balance,
the vote in progress, the Time Counter, and the game's result for the campaign records."""

from __future__ import annotations

import msgspec

from ...engine.bounds import Count, Counter, Name, Pieces, Played, Seat, Seats, Seed, Table, Tally, Text
from ...engine.rng import Rng

# Phases of a game; each is one kind of turn (a TurnStart each).
SETUP, DILEMMA, VOTE, RESOLVE, OUTCOME, SCORING, OVER = (
    "setup", "dilemma", "vote", "resolve", "outcome", "scoring", "over",
)
# Vote choices on the PASS/AYE/NAY cards (KD-rb p.9-10).
AYE, NAY, GATHER, MODERATE = "aye", "nay", "gather", "moderator"
PASSES = (GATHER, MODERATE)
# End causes (notes §3).
DEATH, ABDICATION_TOP, ABDICATION_BOTTOM = "death", "abdication_top", "abdication_bottom"
# The 6th Mystery sticker ends the campaign with Envelope 70 (KD-rb p.18).
GRAND_FINALE = "grand_finale"


class Player(msgspec.Struct):
    """One seat at the table, clockwise order = list order."""

    house: Name = ""
    power: Count = 0  # behind the House screen
    coins: Count = 0
    prestige: Tally = 0  # at the start of this game (orders Leader, Moderator, agenda picks)
    agenda_chosen: bool = False  # only this is shown: the Agenda itself stays secret
    open_positive: Pieces[Name] = []  # Resource keys of held Open Agenda tokens
    open_negative: Pieces[Name] = []
    # The vote in progress.
    vote: Name = ""  # "", AYE, NAY, GATHER, MODERATE
    committed: Count = 0
    pass_coin: Count = 0  # the Coin lying on the PASS card
    turns: Counter = 0  # voting turns taken this vote


class Resource(msgspec.Struct):
    key: Name
    row: Count
    up: bool  # Momentum side: white = up, black = down (KD-rb p.4)
    marker: bool = False  # a Momentum marker on it (at most one, KD-rb p.13)


class Score(msgspec.Struct):
    """One House's end-of-game score (KD-rb p.16-17)."""

    house: Name
    agenda: Name = ""
    resource_goal: Tally = 0
    money_rank: Count = 0
    money: Tally = 0
    open_agendas: Tally = 0
    power: Tally = 0
    total: Tally = 0
    place: Count = 0
    column: Count = 0  # column of the Prestige/Crave chart (0 = 1st … 4 = Last)
    prestige: Tally = 0
    crave: Tally = 0
    achievements: Pieces[Name] = []
    alignment_marked: bool = False


class HouseRecord(msgspec.Struct):
    """What one finished game adds to a House's campaign record."""

    prestige: Tally = 0
    crave: Tally = 0
    achievements: Pieces[Name] = []
    alignment: Name = ""  # the Agenda whose alignment box was marked


class GameRecord(msgspec.Struct):
    seed: Seed
    rounds: Counter
    end_cause: Name
    king: Name = ""
    winners: Seats[Name] = []
    houses: Table[Name, HouseRecord] = {}
    mystery_stickers: Count = 0
    # Secret Agenda points read from the cards at the table ({"moderate": {"goal 4": 12}}).
    card_points: Table[Name, Table[Name, Tally]] = {}


class Recalled(msgspec.Struct):
    """Campaign totals read when this game was created (the state carries them, so replays
    never read files)."""

    prestige: Table[Name, Tally] = {}
    crave: Table[Name, Tally] = {}
    alignment: Table[Name, Table[Name, Tally]] = {}
    games: Counter = 0
    mystery_stickers: Count = 0
    card_points: Table[Name, Table[Name, Tally]] = {}


class KDState(msgspec.Struct):
    rng: Rng
    seed: Seed
    players: Seats[Player]
    resources: Pieces[Resource]
    stability: Count
    stability_hi: Count
    power_pool: Count  # the general pool (65 in the box minus everything in play)
    coin_pool: Count
    recalled: Recalled = msgspec.field(default_factory=Recalled)
    balance_middle: Count = 0
    leader: Seat = 0
    moderator: Seat = 0
    # Setup hands the Leader and Moderator tokens out once the Prestige is known (seed: Setup 8-9);
    # until then leader and moderator name no one.
    tokens_dealt: bool = False
    phase: Name = SETUP
    round: Counter = 1
    # Where in the current turn the procedure is, for the flow pane only.
    step: Name = ""
    # The round in progress.
    card: Name = ""
    aye_tokens: Pieces[Name] = []
    nay_tokens: Pieces[Name] = []
    seat: Seat = 0  # who votes now
    first_voter: Seat = 0  # the Leader when this vote opened
    moderator_taken: bool = False  # Pass and Become Moderator used this vote
    outcome: Name = ""  # AYE / NAY once decided
    moves: Pieces[Text] = []  # this round's Resource moves, for the card row
    stability_stopped: bool = False
    # Time Counter (KD-rb p.15).
    time_cards: Played[Name] = []
    skull_cards: Counter = 0
    mystery_stickers: Count = 0  # attached in this game
    grand_finale: bool = False  # the campaign's last Mystery sticker was attached this round
    end_cause: Name = ""
    # End of game.
    card_points: Table[Name, Table[Name, Tally]] = {}  # read from the Secret Agenda cards this game
    scores: Seats[Score] = []
    winners: Seats[Name] = []
    king: Name = ""

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def tokens_out(self) -> bool:
        """Do ``leader`` and ``moderator`` name the Houses holding the tokens (a game saved
        before ``tokens_dealt`` existed is past Setup, or replays it)?"""
        return self.tokens_dealt or self.phase != SETUP

    @property
    def count(self) -> int:
        return len(self.players)

    def name(self, seat: int) -> str:
        return self.players[seat].house or f"Player {seat + 1}"

    def resource(self, key: str) -> Resource:
        for r in self.resources:
            if r.key == key:
                return r
        raise KeyError(key)

    def power_in_play(self) -> int:
        """Every Power token outside the general pool (conservation: this + pool = the box)."""
        return sum(p.power + p.committed for p in self.players) + self.balance_middle

    def coins_in_play(self) -> int:
        return sum(p.coins + p.pass_coin for p in self.players)
