"""P5.B, Resources with Momentum and Stability, case by case (seed: Play P5.B; notes §2.5 B)."""

from __future__ import annotations

from test_kings_dilemma_helpers import Drive, Table, seated
from tui.games.kings_dilemma.momentum import move_resource, move_stability
from tui.games.kings_dilemma.outcome import resource_effects
from tui.games.kings_dilemma.state import Resource


def test_same_direction_without_a_marker_one_extra_and_a_marker():
    """seed: P5.B (same direction as Momentum: +1 space; else add a Momentum marker)."""
    res = Resource("wealth", 9, up=True)
    move = move_resource(res, True, 1, 17)
    assert (move.spaces, res.row, res.marker, res.up) == (2, 11, True, True)


def test_same_direction_with_a_marker_two_extra_and_still_one_marker():
    """seed: P5.B (a Momentum marker: +1 more space; never more than one Momentum)."""
    res = Resource("wealth", 9, up=False, marker=True)
    move = move_resource(res, False, 2, 17)
    assert (move.spaces, res.row, res.marker) == (4, 5, True)
    move_resource(res, False, 1, 17)
    assert res.marker is True and res.row == 2


def test_opposite_direction_flips_and_loses_momentum():
    """seed: P5.B (all Momentum lost if the Resource changes direction); notes §2.5 B (flip)."""
    res = Resource("morale", 9, up=True, marker=True)
    move = move_resource(res, False, 2, 17)
    assert (move.spaces, res.row, res.up, res.marker, move.flipped) == (2, 7, False, False, True)
    # Next move the same new way builds Momentum again.
    move = move_resource(res, False, 1, 17)
    assert (move.spaces, res.row, res.marker) == (2, 5, True)


def test_opposite_direction_without_a_marker_only_flips():
    """notes §2.5 B (opposite → flip Momentum, no extra)."""
    res = Resource("morale", 9, up=False)
    move = move_resource(res, True, 3, 17)
    assert (move.spaces, res.row, res.up, res.marker) == (3, 12, True, False)


def test_a_resource_stops_at_its_end_but_stability_moves_in_full():
    """notes §2.5 B ⚠ (a Resource stops at its track end, Stability still moves the full amount)."""
    state = seated(3)
    res = state.resource("influence")
    res.row, res.up, res.marker = 16, True, True
    table = Table()
    Drive(resource_effects(state, table.ctx), ["1", "1", "2", "0"])  # Influence up 2 → 4 spaces
    assert res.row == 17
    assert state.stability == 9 + 4


def test_stability_moves_the_same_way_and_count_as_each_resource():
    """seed: P5.B (move the Stability marker in the same direction, same count)."""
    state = seated(3)
    state.resource("wealth").up = False
    state.resource("knowledge").up = True
    table = Table()
    # Wealth down 1 (with Momentum: 2), then Knowledge down 1 (against Momentum: flips, 1).
    Drive(resource_effects(state, table.ctx), ["2", "2", "1", "5", "2", "1", "0"])
    assert state.resource("wealth").row == 7
    assert state.resource("knowledge").row == 8 and state.resource("knowledge").up is False
    assert state.stability == 9 - 3


def test_effects_apply_one_at_a_time_left_to_right():
    """seed: P5.A-B (resolve effects one at a time, from left to right): the second of two equal
    effects on one Resource finds the marker the first one placed."""
    state = seated(3)
    res = state.resource("welfare")
    res.up, res.marker = True, False
    Drive(resource_effects(state, Table().ctx), ["4", "1", "1", "4", "1", "1", "0"])
    assert res.row == 9 + 2 + 3


def test_stability_stops_at_an_end_and_moves_no_more_but_resources_do():
    """seed: P5.B (Stability at either end: the King abdicates; further Resource changes still
    apply; the Stability marker does not move any more)."""
    state = seated(3)
    state.stability = 2
    before, after = move_stability(state, False, 3)
    assert (before, after, state.stability_stopped) == (2, 1, True)
    assert move_stability(state, True, 5) == (1, 1)
    table = Table()
    res = state.resource("morale")
    res.up = True
    Drive(resource_effects(state, table.ctx), ["3", "1", "1", "0"])
    assert res.row == 11 and state.stability == 1
    assert "moves no more" in table.text()


def test_stability_stops_at_the_top_end_too():
    """seed: P5.B (either end)."""
    state = seated(3)
    move_stability(state, True, 40)
    assert state.stability == state.stability_hi and state.stability_stopped
