"""Seat order helpers: clockwise turns and Prestige order with the House-number tie-break."""

from __future__ import annotations

from .rules import KingsDilemmaRules
from .state import KDState


def prestige_key(state: KDState, rules: KingsDilemmaRules, seat: int) -> tuple[int, int]:
    """On equal Prestige the higher House number counts as more (KD-rb p.4-5)."""
    player = state.players[seat]
    return (player.prestige, rules.house(player.house).number)


def low_prestige_order(state: KDState, rules: KingsDilemmaRules) -> list[int]:
    return sorted(range(state.count), key=lambda s: prestige_key(state, rules, s))


def leader_and_moderator(state: KDState, rules: KingsDilemmaRules) -> tuple[int, int]:
    """Most Prestige takes the Leader token, least the Moderator token (seed: Setup 8-9)."""
    order = low_prestige_order(state, rules)
    return order[-1], order[0]


def tie_note(state: KDState, seat: int) -> str:
    """How the House-number rule settled ``seat``'s place among Houses of equal Prestige (KD-rb
    p.4-5: the higher House number counts as more), or "" when no other House has its Prestige."""
    tied = [s for s in range(state.count) if s != seat and state.players[s].prestige == state.players[seat].prestige]
    if not tied:
        return ""
    names = ", ".join(state.name(s) for s in tied)
    return f"Prestige {state.players[seat].prestige}, tied with {names}: the higher House number counts as more"


def right_of(state: KDState, seat: int) -> int:
    """The player on the right, i.e. the one just before in clockwise order."""
    return (seat - 1) % state.count


def competition_places(values: list[int]) -> list[int]:
    """1-based places of players, highest first, ties sharing the better place (1, 1, 3): money
    rank and the final ranking (readings: ties-rank)."""
    return [1 + sum(1 for other in values if other > v) for v in values]


def marker_places(values: list[int], highest: bool = True) -> list[int]:
    """Positions of markers on a track, 1 = highest (or lowest), tied markers sharing one
    position and the next distinct row coming straight after (1, 1, 2): the rulebook's Open
    Agenda example counts a marker as second to last although two markers tie for last
    (KD-rb p.17). The Power bonus reads its ties the same way (readings: bonus-ties)."""
    rows = sorted(set(values), reverse=highest)
    return [1 + rows.index(v) for v in values]
