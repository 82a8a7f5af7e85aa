"""What the council clerk keeps: each House's Power and Coins, the Realm's tracks, the Balance,
the vote in progress, the Time Counter, and the game's result for the campaign records."""

from __future__ import annotations

import msgspec

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

    house: str = ""
    power: int = 0  # behind the House screen
    coins: int = 0
    prestige: int = 0  # at the start of this game (orders Leader, Moderator, agenda picks)
    agenda_chosen: bool = False  # only this is shown: the Agenda itself stays secret
    open_positive: list[str] = []  # Resource keys of held Open Agenda tokens
    open_negative: list[str] = []
    # The vote in progress.
    vote: str = ""  # "", AYE, NAY, GATHER, MODERATE
    committed: int = 0
    pass_coin: int = 0  # the Coin lying on the PASS card
    turns: int = 0  # voting turns taken this vote


class Resource(msgspec.Struct):
    key: str
    row: int
    up: bool  # Momentum side: white = up, black = down (KD-rb p.4)
    marker: bool = False  # a Momentum marker on it (at most one, KD-rb p.13)


class Score(msgspec.Struct):
    """One House's end-of-game score (KD-rb p.16-17)."""

    house: str
    agenda: str = ""
    resource_goal: int = 0
    money_rank: int = 0
    money: int = 0
    open_agendas: int = 0
    power: int = 0
    total: int = 0
    place: int = 0
    column: int = 0  # column of the Prestige/Crave chart (0 = 1st … 4 = Last)
    prestige: int = 0
    crave: int = 0
    achievements: list[str] = []
    alignment_marked: bool = False


class HouseRecord(msgspec.Struct):
    """What one finished game adds to a House's campaign record."""

    prestige: int = 0
    crave: int = 0
    achievements: list[str] = []
    alignment: str = ""  # the Agenda whose alignment box was marked


class GameRecord(msgspec.Struct):
    seed: int
    rounds: int
    end_cause: str
    king: str = ""
    winners: list[str] = []
    houses: dict[str, HouseRecord] = {}
    mystery_stickers: int = 0
    # Secret Agenda points read from the cards at the table ({"moderate": {"goal 4": 12}}).
    card_points: dict[str, dict[str, int]] = {}


class Recalled(msgspec.Struct):
    """Campaign totals read when this game was created (the state carries them, so replays
    never read files)."""

    prestige: dict[str, int] = {}
    crave: dict[str, int] = {}
    alignment: dict[str, dict[str, int]] = {}
    games: int = 0
    mystery_stickers: int = 0
    card_points: dict[str, dict[str, int]] = {}


class KDState(msgspec.Struct):
    rng: Rng
    seed: int
    players: list[Player]
    resources: list[Resource]
    stability: int
    stability_hi: int
    power_pool: int  # the general pool (65 in the box minus everything in play)
    coin_pool: int
    recalled: Recalled = msgspec.field(default_factory=Recalled)
    balance_middle: int = 0
    leader: int = 0
    moderator: int = 0
    phase: str = SETUP
    round: int = 1
    # Where in the current turn the procedure is, for the flow pane only.
    step: str = ""
    # The round in progress.
    card: str = ""
    aye_tokens: list[str] = []
    nay_tokens: list[str] = []
    seat: int = 0  # who votes now
    first_voter: int = 0  # the Leader when this vote opened
    moderator_taken: bool = False  # Pass and Become Moderator used this vote
    outcome: str = ""  # AYE / NAY once decided
    moves: list[str] = []  # this round's Resource moves, for the card row
    stability_stopped: bool = False
    # Time Counter (KD-rb p.15).
    time_cards: list[str] = []
    skull_cards: int = 0
    mystery_stickers: int = 0  # attached in this game
    grand_finale: bool = False  # the campaign's last Mystery sticker was attached this round
    end_cause: str = ""
    # End of game.
    card_points: dict[str, dict[str, int]] = {}  # read from the Secret Agenda cards this game
    scores: list[Score] = []
    winners: list[str] = []
    king: str = ""

    @property
    def over(self) -> bool:
        return self.phase == OVER

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
