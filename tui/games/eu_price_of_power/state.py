"""The table's state: Age, Round, Phase, turn order and passes, and each Bot's private mat and deck."""

from __future__ import annotations

import msgspec

from ...engine.deck import Deck
from ...engine.rng import Rng
from ...rules.eu_price_of_power import FOCUS_AREAS, IDEA_TYPES  # noqa: F401  (the Bot Mat's areas, Idea types)

# Piles of a Bot deck (index 0 = top). Every one of the 24 cards is always in exactly one pile.
DRAW = "draw"
IN_PLAY = "in play"  # the card drawn this turn, until its Action is done
USED = "used"
FOCUS_ASIDE = "focus aside"  # used for FOCUS: set aside at the reshuffle (seed p.3)
OUT_FOR_AGE = "out for Age"  # not reshuffled in Phase 5 (seed p.3)
REMOVED = "removed"  # the realm's removals for this Age (seed p.6)
PILES = (DRAW, IN_PLAY, USED, FOCUS_ASIDE, OUT_FOR_AGE, REMOVED)

# Phases of the Round (seed: Sequence of Play, p.2); SETUP before the first.
SETUP, DRAW_CARDS, ACTION, PEACE, INCOME, CLEANUP, OVER = (
    "setup", "1 Draw Cards", "2 Action", "3 Peace & Rebels", "4 Income & Upkeep", "5 Cleanup", "over",
)
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}
REAL_WAR = "real war"  # the fact: an Enemy of the Bot still has Provinces (seed p.3 At War?)


class DrawnCard(msgspec.Struct):
    """A Bot card drawn this turn, for the card row."""

    card: int
    turn: int = 0  # the table's Turn number in the Round when it was drawn
    action: str = ""
    paid: int = 0
    outcome: str = ""


class ChartPos(msgspec.Struct):
    """Where a chart walk is, for the flow pane: the chart, the nodes passed and the current one."""

    chart: str
    bot: str = ""  # key of the Bot walking it
    node: str = ""
    trail: list[str] = []


class Bot(msgspec.Struct):
    key: str  # "b1".."b6": the seat of this Bot
    realm: str = ""
    colour: str = ""
    difficulty: str = "normal"
    available: int = 0
    spent: int = 0
    focus: dict[str, int] = {}
    ideas: dict[str, int] = {}
    deck: Deck = msgspec.field(default_factory=Deck)
    removals: dict[str, list[int]] = {}  # Age "1".."4" → card IDs out in that Age
    at_war: bool = False
    army: int = 0
    manpower: int = 3
    battle_won: bool = False  # won a Battle as Active Player this Turn (seed p.5)
    event_taken: bool = False  # this Round
    drawn: list[DrawnCard] = []
    small_towns: bool = False  # 20+ Small Towns placed (+20 Income tile)
    large_towns: bool = False  # all 8 Large Towns placed
    milestones: list[str] = []  # Focus areas whose Milestone it scored
    # Board facts the table told Clockwork (chart question "chart.node" → answer), kept until the
    # table says something changed (seed p.7 Main Turn Structure; REAL_WAR for p.3 At War?)
    facts: dict[str, bool] = {}
    facts_checked: bool = False  # "anything changed?" answered on this Turn
    manpower_ia: int = 0  # Imperial Authority counted in its Manpower as Emperor (seed p.6)

    @property
    def name(self) -> str:
        return self.realm or f"Bot {self.key[1:]}"

    def census(self):
        return self.deck.census()


class Memory(msgspec.Struct):
    """Records kept between games: the removals typed for each realm (saves/eu-price-of-power.realms)."""

    removals: dict[str, dict[str, list[int]]] = {}
    # Faces of each Battle die showing the icon a Bot's Battle counts: "Infantry", "Artillery"
    dice_faces: dict[str, int] = {}


class TableState(msgspec.Struct):
    rng: Rng
    bots: list[Bot]
    humans: list[str]
    phase: str = SETUP
    age: int = 1
    round: int = 1
    order: list[str] = []  # seats in Turn order: bot keys "b1".. and human keys "h1"..
    seat: int = 0  # index into order during the Action Phase
    passed: list[str] = []  # seats in the order they passed this Round
    ending: bool = False  # End of the Action Phase triggered: each Bot takes one final Turn
    turns: int = 0  # Turns taken this Round, for titles
    stack: list[ChartPos] = []  # chart walk in progress (flow pane)
    step: str = ""  # the step of a table phase being walked (flow pane)
    emperor: str = ""  # seat key of a Bot Emperor, else ""
    ia: int = 0  # Imperial Authority, while the Emperor is a Bot
    ia_bonus: int = 0
    papal: str = ""  # seat key of a Bot Papal Controller, else ""
    towns_known: bool = False  # the Town bonuses were asked in a Phase 4 (then only confirmed)
    # Faces (of 6) of an Infantry / Artillery die with the icon a Bot's Battle counts; 0 = the
    # table rolls (seed p.5; asked at setup when Clockwork rolls, readings: battle_dice)
    infantry_faces: int = 0
    artillery_faces: int = 0
    memory: Memory = msgspec.field(default_factory=Memory)
    finished: str = ""

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def bot(self, key: str) -> Bot:
        for b in self.bots:
            if b.key == key:
                return b
        raise KeyError(key)

    def seat_name(self, key: str) -> str:
        if key.startswith("b"):
            return self.bot(key).name
        return self.humans[int(key[1:]) - 1]

    def current_seat(self) -> str:
        return self.order[self.seat] if self.order else ""
