"""A bounded track with optionally labelled spaces (gold, level, Bot Power, Stability…)."""

from __future__ import annotations

import msgspec

from .bounds import Amount, Name, Table, Tally, Text


class Track(msgspec.Struct):
    name: Name
    value: Tally
    lo: Amount = 0  # a track's ends are the rules' numbers
    hi: Amount | None = None
    labels: Table[Name, Text] = {}

    def clamp(self, value: int) -> int:
        value = max(self.lo, value)
        if self.hi is not None:
            value = min(self.hi, value)
        return value

    def set(self, value: int) -> tuple[int, int]:
        """Set the marker (clamped to the track); returns (old, new)."""
        old = self.value
        self.value = self.clamp(value)
        return old, self.value

    def move(self, delta: int) -> tuple[int, int]:
        return self.set(self.value + delta)

    @property
    def at_lo(self) -> bool:
        return self.value <= self.lo

    @property
    def at_hi(self) -> bool:
        return self.hi is not None and self.value >= self.hi

    def space_label(self, value: int | None = None) -> str:
        v = self.value if value is None else value
        return self.labels.get(str(v), str(v))
