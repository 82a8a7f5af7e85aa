"""Dice rolled with the game's Rng, described for the log."""

from __future__ import annotations

import re

from .rng import Rng

_DICE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*$")


def roll(rng: Rng, sides: int = 6, count: int = 1) -> list[int]:
    if sides < 2 or count < 1:
        raise ValueError(f"cannot roll {count}d{sides}")
    return [rng.between(1, sides) for _ in range(count)]


def parse(spec: str) -> tuple[int, int]:
    """'2d6' → (2, 6); 'd20' → (1, 20)."""
    m = _DICE.match(spec)
    if not m:
        raise ValueError(f"not a dice expression: {spec!r}")
    return int(m.group(1) or 1), int(m.group(2))


def roll_spec(rng: Rng, spec: str) -> list[int]:
    count, sides = parse(spec)
    return roll(rng, sides, count)


def describe(spec: str, faces: list[int]) -> str:
    if len(faces) == 1:
        return f"rolled {spec}: {faces[0]}"
    return f"rolled {spec}: {' + '.join(map(str, faces))} = {sum(faces)}"
