"""A deck of named piles of card ids; index 0 of a pile is its top.

Every game keeps its digital decks in one Deck so that cards are only ever moved, never created
or lost: ``census()`` is the same before and after any move or shuffle.
"""

from __future__ import annotations

from collections import Counter

import msgspec

from .bounds import Name, Pieces, Table
from .rng import Rng


class DeckError(ValueError):
    pass


class Deck(msgspec.Struct):
    piles: Table[Name, Pieces[Name]] = {}

    def pile(self, name: str) -> list[str]:
        if name not in self.piles:
            raise DeckError(f"no pile named {name!r}")
        return self.piles[name]

    def ensure(self, *names: str) -> None:
        for name in names:
            self.piles.setdefault(name, [])

    def count(self, name: str) -> int:
        return len(self.pile(name))

    def top(self, name: str) -> str | None:
        pile = self.pile(name)
        return pile[0] if pile else None

    def draw(self, name: str = "draw") -> str | None:
        """Take the top card of a pile, or None when it is empty."""
        pile = self.pile(name)
        return pile.pop(0) if pile else None

    def put(self, card: str, name: str, *, bottom: bool = False) -> None:
        pile = self.pile(name)
        if bottom:
            pile.append(card)
        else:
            pile.insert(0, card)

    def move(self, card: str, src: str, dst: str, *, bottom: bool = False) -> None:
        """Move one copy of ``card`` from ``src`` to the top (or bottom) of ``dst``."""
        pile = self.pile(src)
        try:
            pile.remove(card)
        except ValueError:
            raise DeckError(f"{card!r} is not in the {src} pile") from None
        self.put(card, dst, bottom=bottom)

    def move_all(self, src: str, dst: str, *, bottom: bool = False) -> int:
        """Move a whole pile onto another, keeping its order; returns how many moved."""
        cards = self.pile(src)
        moved = len(cards)
        target = self.pile(dst)
        if bottom:
            target.extend(cards)
        else:
            target[:0] = cards
        cards.clear()
        return moved

    def shuffle(self, name: str, rng: Rng) -> None:
        rng.shuffle(self.pile(name))

    def where(self, card: str) -> str | None:
        for name, pile in self.piles.items():
            if card in pile:
                return name
        return None

    def census(self) -> Counter[str]:
        """Every card in every pile, for conservation checks."""
        total: Counter[str] = Counter()
        for pile in self.piles.values():
            total.update(pile)
        return total

    def total(self) -> int:
        return sum(len(p) for p in self.piles.values())
