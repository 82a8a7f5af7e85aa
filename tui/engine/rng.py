"""A seeded random number generator whose whole state is one integer inside the game state.

SplitMix64: tiny, fast, and exactly reproducible from the saved integer, so undo, redo and
reload give the same draws and dice (DESIGN.md, "The step protocol").
"""

from __future__ import annotations

from typing import TypeVar

import msgspec

from .bounds import RngState

MASK64 = (1 << 64) - 1
T = TypeVar("T")


class Rng(msgspec.Struct):
    state: RngState

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        return cls(state=seed & MASK64)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def between(self, lo: int, hi: int) -> int:
        return lo + self.below(hi - lo + 1)

    def pick(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def sample(self, items: list[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
