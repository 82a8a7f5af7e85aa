"""P5.B, Resources with Momentum and Stability (KD-rb p.13-15; seed: Play P5.B; notes §2.5 B)."""

from __future__ import annotations

import msgspec

from .state import KDState, Resource


class Move(msgspec.Struct):
    spaces: int  # the whole move, Momentum extras included
    before: int
    after: int  # where the marker stopped (it stops at the track's ends)
    extra: int
    flipped: bool


def move_resource(res: Resource, up: bool, amount: int, rows: int) -> Move:
    """One effect. Same way as the Momentum side: +1 extra and a Momentum marker, or +2 extra if
    the marker was already there (never more than one). The other way: flip the side, remove the
    marker, no extra."""
    if up == res.up:
        extra = 2 if res.marker else 1
        res.marker = True
        flipped = False
    else:
        extra = 0
        res.up = up
        res.marker = False
        flipped = True
    spaces = amount + extra
    before = res.row
    res.row = min(rows, max(1, res.row + (spaces if up else -spaces)))
    return Move(spaces, before, res.row, extra, flipped)


def move_stability(state: KDState, up: bool, spaces: int) -> tuple[int, int]:
    """The full move in the same direction, even when the Resource stopped at its end; once
    Stability reaches an end it moves no more (KD-rb p.15; readings: stability-direction)."""
    before = state.stability
    if state.stability_stopped:
        return before, before
    state.stability = min(state.stability_hi, max(1, before + (spaces if up else -spaces)))
    if state.stability in (1, state.stability_hi):
        state.stability_stopped = True
    return before, state.stability
