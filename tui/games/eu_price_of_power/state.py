"""The table's state: Age, Round, Phase, turn order and passes, and each Bot's private mat and deck."""

from __future__ import annotations

from typing import Annotated

import msgspec

from ...engine.bounds import RULE, Count, Counter, Name, Pieces, Played, Table, Tally, Text
from ...engine.deck import Deck
from ...engine.rng import Rng
from .rules import FOCUS_AREAS, IDEA_TYPES  # noqa: F401  (the Bot Mat's areas, Idea types)

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
# Seats (setup options): a Bot fills one of the scenario's PR slots (booklet p.1); humans beside them.
MOST_BOTS, MOST_HUMANS = 6, 5
Age = Annotated[int, msgspec.Meta(ge=1, le=len(ROMAN))]
SeatKeys = Annotated[list[Name], msgspec.Meta(max_length=MOST_BOTS + MOST_HUMANS)]
REAL_WAR = "real war"  # the fact: an Enemy of the Bot still has Provinces (seed p.3 At War?)
# Opponents a Bot is at War with: Bot keys and human seats, "h" for a human the table did not name.
Enemies = Annotated[list[Name], msgspec.Meta(max_length=MOST_BOTS + MOST_HUMANS + 1)]


class DrawnCard(msgspec.Struct):
    """A Bot card drawn this turn, for the card row."""

    card: Count
    turn: Counter = 0  # the table's Turn number in the Round when it was drawn
    action: Name = ""
    paid: Tally = 0
    outcome: Text = ""


class ChartPos(msgspec.Struct):
    """Where a chart walk is, for the flow pane: the chart, the nodes passed and the current one."""

    chart: Name
    bot: Name = ""  # key of the Bot walking it
    node: Name = ""
    trail: Pieces[Name] = []


class Bot(msgspec.Struct):
    key: Name  # "b1".."b6": the seat of this Bot
    realm: Name = ""
    colour: Name = ""
    difficulty: Name = "normal"
    available: Tally = 0
    spent: Tally = 0
    focus: Table[Name, Count] = {}
    ideas: Table[Name, Count] = {}
    deck: Deck = msgspec.field(default_factory=Deck)
    removals: Table[Name, Pieces[Count]] = {}  # Age "1".."4" → card IDs out in that Age
    at_war: bool = False
    army: Count = 0
    # The record says its Army is off the map: set up so (p.1), and not placed since by a MILITARY
    # or DEFEND Action, an NPR Invasion or a Battle (p.4-5 Army Movement). False: it may be on it.
    army_off: bool = False
    manpower: Count = 3
    battle_won: bool = False  # won a Battle as Active Player this Turn (seed p.5)
    event_taken: bool = False  # this Round
    drawn: Played[DrawnCard] = []
    small_towns: bool = False  # 20+ Small Towns placed (+20 Income tile)
    large_towns: bool = False  # all 8 Large Towns placed
    milestones: Pieces[Name] = []  # Focus areas whose Milestone it scored
    # Board facts the table told Clockwork (chart question "chart.node" → answer), kept until the
    # table says something changed (seed p.7 Main Turn Structure; REAL_WAR for p.3 At War?)
    facts: Table[Name, bool] = {}
    facts_checked: bool = False  # "anything changed?" answered on this Turn
    manpower_ia: Count = 0  # Imperial Authority counted in its Manpower as Emperor (seed p.6)
    # The Wars Clockwork recorded (seed p.3 Opponent Selection, p.4 DoW on a Bot): the Opponents it
    # is surely at War with since the last Peace Resolution, whether it may be at War with one the
    # table did not name, and whether a War began for it since its last Turn (p.3 At War?).
    enemies: Enemies = []
    foes_unknown: bool = False
    new_war: bool = False
    # Unrest on the map as the table counted it at the last Phase 3 (seed p.2 H, p.4); -1 before.
    unrest: Annotated[int, msgspec.Meta(ge=-1, le=RULE)] = -1

    @property
    def name(self) -> str:
        return self.realm or f"Bot {self.key[1:]}"

    def census(self):
        return self.deck.census()


class Memory(msgspec.Struct):
    """Records kept between games: the removals typed for each realm (saves/eu-price-of-power.realms)."""

    removals: Table[Name, Table[Name, Pieces[Count]]] = {}
    # Faces of each Battle die showing the icon a Bot's Battle counts: "Infantry", "Artillery"
    dice_faces: Table[Name, Count] = {}


class TableState(msgspec.Struct):
    rng: Rng
    bots: Annotated[list[Bot], msgspec.Meta(max_length=MOST_BOTS)]
    humans: Annotated[list[Name], msgspec.Meta(max_length=MOST_HUMANS)]
    phase: Name = SETUP
    age: Age = 1
    round: Counter = 1
    order: SeatKeys = []  # seats in Turn order: bot keys "b1".. and human keys "h1"..
    seat: Annotated[int, msgspec.Meta(ge=0, le=MOST_BOTS + MOST_HUMANS)] = 0  # index into order
    passed: SeatKeys = []  # seats in the order they passed this Round
    ending: bool = False  # End of the Action Phase triggered: each Bot takes one final Turn
    turns: Counter = 0  # Turns taken this Round, for titles
    stack: Pieces[ChartPos] = []  # chart walk in progress (flow pane)
    step: Name = ""  # the step of a table phase being walked (flow pane)
    emperor: Name = ""  # seat key of a Bot Emperor, else ""
    emperor_realm: Name = ""  # the realm that held it when the table said so ("": the Bot's own realm)
    emperor_known: bool = False  # the table has said who holds the HRE Emperor (a Bot or none)
    ia: Count = 0  # Imperial Authority, while the Emperor is a Bot
    ia_bonus: Tally = 0
    papal: Name = ""  # seat key of a Bot Papal Controller, else ""
    towns_known: bool = False  # the Town bonuses were asked in a Phase 4 (then only confirmed)
    # Faces (of 6) of an Infantry / Artillery die with the icon a Bot's Battle counts; 0 = the
    # table rolls (seed p.5; asked at setup when Clockwork rolls, readings: battle_dice)
    infantry_faces: Count = 0
    artillery_faces: Count = 0
    memory: Memory = msgspec.field(default_factory=Memory)
    finished: Text = ""

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
