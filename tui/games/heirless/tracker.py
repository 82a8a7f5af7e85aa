"""The Player Turn Order tracker (PT: Player Turn Order and Tie Breaker; notes §3).

A ring of spots read clockwise: the fixed Bandit spot, then the right half, then the left half.
The right half starts at the Bandit cube and the left half ends at it. Turn order is read from the
start of the Action Phase half; Idlers move to the next free spot of the other half; when the last
player Idles the halves swap roles. Checked against the rules' examples A-C (tests).
"""

from __future__ import annotations

from .state import Tracker

BANDITS = -1  # the Bandit cube, in orders and priorities
HALVES = ("right", "left")


def new_tracker(spots: int, order: list[int], action: str = "right") -> Tracker:
    """Players in ``order`` on the first spots of the Action Phase half."""
    cubes: list[int | None] = list(order) + [None] * (spots - len(order))
    empty: list[int | None] = [None] * spots
    if action == "right":
        return Tracker(right=cubes, left=empty, action="right")
    return Tracker(right=empty, left=cubes, action="left")


def other(half: str) -> str:
    return "left" if half == "right" else "right"


def spots(tr: Tracker, half: str) -> list[int | None]:
    return tr.right if half == "right" else tr.left


def _ring_from_action_half(tr: Tracker) -> list[int | None]:
    """Every spot clockwise, starting where the Action Phase half starts."""
    right = [BANDITS, *tr.right]  # the right half starts at the Bandit cube
    return right + tr.left if tr.action == "right" else tr.left + right


def priorities(tr: Tracker) -> list[int]:
    """Everyone (Bandits included) from first to last: earlier wins ties. Idlers come after the
    players still acting, in the order they Idled."""
    return [x for x in _ring_from_action_half(tr) if x is not None]


def turn_order(tr: Tracker) -> list[int]:
    """The Action Phase half read clockwise, with the Bandit cube where it sits (first when the
    right half acts, last when the left half does)."""
    half = [p for p in spots(tr, tr.action) if p is not None]
    return [BANDITS, *half] if tr.action == "right" else [*half, BANDITS]


BANDITS_NO_TURN = "the Bandits take no turn: their cube only ranks them on ties"  # reading bandit-turns


def acting(tr: Tracker) -> list[int]:
    """Players who have not Idled yet, in turn order."""
    return [p for p in spots(tr, tr.action) if p is not None]


def idlers(tr: Tracker) -> list[int]:
    """Players who have Idled this Season, earliest first."""
    return [p for p in spots(tr, other(tr.action)) if p is not None]


def is_idle(tr: Tracker, player: int) -> bool:
    return player in idlers(tr)


def spot_of(tr: Tracker, player: int) -> tuple[str, int]:
    for half in HALVES:
        if player in spots(tr, half):
            return half, spots(tr, half).index(player)
    raise ValueError(f"player {player} is not on the tracker")


def idle(tr: Tracker, player: int) -> tuple[str, int, bool]:
    """Move ``player`` to the next free spot of the other half (PT: Idling, the Bandit spot is
    never one). Returns (half, spot number from 1, whether the halves swapped)."""
    half, index = spot_of(tr, player)
    if half != tr.action:
        raise ValueError("this player already Idles")
    target = spots(tr, other(half))
    free = target.index(None)  # the ruleset guarantees a spot per player
    spots(tr, half)[index] = None
    target[free] = player
    swapped = not acting(tr)
    if swapped:
        tr.action = other(tr.action)  # PT example C: the Action Phase half changes
    return other(half), free + 1, swapped


def next_player(tr: Tracker, after_spot: int) -> int | None:
    """The next player still acting clockwise after spot index ``after_spot`` of the Action Phase
    half, wrapping round; None when everyone Idles."""
    half = spots(tr, tr.action)
    later = [p for p in half[after_spot + 1 :] if p is not None]
    if later:
        return later[0]
    players = acting(tr)
    return players[0] if players else None


def first_player(tr: Tracker) -> int | None:
    players = acting(tr)
    return players[0] if players else None


def earliest_side(tr: Tracker, sides: list[list[int]]) -> list[int]:
    """Which side wins a tie: the one earliest in priority, a side of several (an Alliance) taking
    the weaker, later, of its members' priorities (HL-www battles; notes §3)."""
    order = priorities(tr)
    return min(sides, key=lambda side: max(order.index(p) for p in side))


def earliest(tr: Tracker, contenders: list[int]) -> int:
    """Who wins a tie among ``contenders`` (players or BANDITS): the earliest in priority."""
    return earliest_side(tr, [[c] for c in contenders])[0]
