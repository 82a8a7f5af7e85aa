"""The Clockwork Sage's private state: its piles, wallet, level and formation."""

from __future__ import annotations

import msgspec

from ...engine.bounds import Count, Counter, Name, Pieces, Table, Text
from ...engine.deck import Deck
from ...engine.rng import Rng
from ...engine.track import Track

# Piles of the Clockwork's cards (index 0 = top). Every card of its pack and every card that joined
# it from a market is always in exactly one pile or one formation space.
DECK = "deck"
DISCARD = "discard"
INSTANTS = "instants"  # the Instant pile (seed: THE CLOCKWORK SAGE'S TURN, III.B)
CHAMPIONS = "champions"  # set aside until levels 4, 6, 8 (seed: HOW TO PLAY)
LEFTOVER = "leftover"  # the unused Warrior and Basic until setup settles them (notes: ambiguity 12)
REVEALED = "revealed"  # the card being resolved right now
BOX = "box"  # out of the game: defeated, boxed by Rapid Refresh, leftovers sent away
PILES = (DECK, DISCARD, INSTANTS, CHAMPIONS, LEFTOVER, REVEALED, BOX)

# Phases of the game, each one kind of turn.
SETUP, YOURS, CLOCKWORK, OVER = "setup", "you", "clockwork", "over"


class GameEnded(Exception):
    """Raised inside the Clockwork's turn when something the table reports ends the game there."""


class Slot(msgspec.Struct):
    """An Elemental standing in one space of the Clockwork formation."""

    card: Name
    attacked: bool = False  # attacked this Clockwork turn (seed: III.D, once per turn)
    boosts: Count = 0  # boosts the app has placed on it (Aggression); spent on its next attack
    shields: Count = 0  # shields on it (Fortified Lines, Safe Distance, or as the table reports)


class RevealedCard(msgspec.Struct):
    """A card turned over this Clockwork turn, for the card row."""

    card: Name
    kind: Name
    outcome: Text = ""


class Records(msgspec.Struct):
    """Gold the table read off its Sage board and its cards (notes §4: not public)."""

    # Starting gold per difficulty key and daybreak gold per level, as printed on the Sage board.
    starting_gold: Table[Name, Count] = {}
    daybreak_gold: Table[Count, Count] = {}
    # The gold each card's printed effect gives the Clockwork.
    card_gold: Table[Name, Count] = {}


class SageState(msgspec.Struct):
    rng: Rng
    pack: Name
    difficulty: Name
    deck: Deck
    gold: Track
    level: Track
    # One entry per formation space: Row I first, then Row II left→right, then Row III.
    formation: Pieces[Slot | None]
    phase: Name = SETUP
    round: Counter = 1
    # The step of the Clockwork turn being walked, for the flow pane.
    step: Name = ""
    revealed: Pieces[RevealedCard] = []
    # Cards that joined the Clockwork's cards from a market (Buy, Direct Summon, returned to hand).
    entered: Pieces[Name] = []
    # Market cards its Burns and a full Direct Summon sent to the game box, as the table named them:
    # no market holds them any more (review CA-1).
    boxed: Pieces[Name] = []
    starting_gold: Count = 0
    # The values printed on the Sage board and on cards that the table has given (in this game or
    # an earlier one): each is asked the first time a game needs it, never offered before then.
    # Daybreak gold the board adds from each level on (notes: ambiguity 2).
    daybreak_gold: Table[Count, Count] = {}
    # Starting gold per difficulty.
    board_gold: Table[Name, Count] = {}
    # The gold each card's printed effect gives the Clockwork.
    card_gold: Table[Name, Count] = {}
    # What earlier games gave, offered on Enter when the table asked to give the values again.
    offered: Records = msgspec.field(default_factory=Records)
    # True while the table reports something that happened during the Clockwork's turn.
    reacting: bool = False
    winner: Name = ""

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def formation_cards(self) -> list[str]:
        return [slot.card for slot in self.formation if slot is not None]

    def census(self):
        """Every Clockwork card wherever it is (piles and formation), for conservation checks."""
        total = self.deck.census()
        total.update(self.formation_cards())
        return total
