"""The Player Turn Order tracker (seed: season-game-player-turns.txt, 'Player Turn Order and Tie
Breaker' and 'Idling'; notes: heirless.md §3)."""

from __future__ import annotations

import pytest

from test_heirless_helpers import colours, idle, set_up
from tui.games.heirless.state import SEASON_END, TURNS, Tracker
from tui.games.heirless.tracker import (
    BANDITS, earliest, idle as idle_cube, new_tracker, next_player, priorities, turn_order,
)

BLUE, GREEN, PURPLE = 0, 1, 2


def example_a() -> Tracker:
    """Blue, Green, Purple on the right half; Blue has Idled (the state of example A)."""
    tr = new_tracker(6, [BLUE, GREEN, PURPLE], "right")
    idle_cube(tr, BLUE)
    return tr


def test_example_a():
    """seed: Player Turn Order, Example A — turn order Bandits, Green, Purple; Blue passed;
    priorities Bandits, Green, Purple, Blue."""
    tr = example_a()
    assert turn_order(tr) == [BANDITS, GREEN, PURPLE]
    assert priorities(tr) == [BANDITS, GREEN, PURPLE, BLUE]


def test_example_b():
    """seed: Example B — Green passes: turn order Bandits, Purple; priorities Bandits, Purple,
    Blue, Green."""
    tr = example_a()
    half, spot, swapped = idle_cube(tr, GREEN)
    assert (half, spot, swapped) == ("left", 2, False)
    assert turn_order(tr) == [BANDITS, PURPLE]
    assert priorities(tr) == [BANDITS, PURPLE, BLUE, GREEN]


def test_example_c():
    """seed: Example C — the last player passes: the Action Phase half changes; turn order Blue,
    Green, Purple, Bandits, and the priorities are the same."""
    tr = example_a()
    idle_cube(tr, GREEN)
    half, spot, swapped = idle_cube(tr, PURPLE)
    assert swapped and tr.action == "left"
    assert turn_order(tr) == [BLUE, GREEN, PURPLE, BANDITS]
    assert priorities(tr) == turn_order(tr)


def test_examples_a_to_c_played_through_the_turns():
    """seed: Examples A-C, reached by the players' own turns: each Idles in turn."""
    runner = set_up()
    assert colours(runner, turn_order(runner.state.tracker)) == ["Bandits", "Blue", "Green", "Purple"]
    idle(runner)  # Blue passes first
    tr = runner.state.tracker
    assert colours(runner, turn_order(tr)) == ["Bandits", "Green", "Purple"]  # A
    assert colours(runner, priorities(tr)) == ["Bandits", "Green", "Purple", "Blue"]
    idle(runner)  # Green
    assert colours(runner, turn_order(tr)) == ["Bandits", "Purple"]  # B
    assert colours(runner, priorities(tr)) == ["Bandits", "Purple", "Blue", "Green"]
    idle(runner)  # Purple, the last
    tr = runner.state.tracker
    assert colours(runner, turn_order(tr)) == ["Blue", "Green", "Purple", "Bandits"]  # C
    assert colours(runner, priorities(tr)) == ["Blue", "Green", "Purple", "Bandits"]
    assert runner.state.phase == SEASON_END


def test_idlers_go_after_players_still_acting():
    """seed: Tie Breaker — Idling players count after non-Idling ones: during the Action Phase the
    players still acting win ties, even one seated after an Idler."""
    tr = example_a()
    assert earliest(tr, [BLUE, PURPLE]) == PURPLE
    assert earliest(tr, [BLUE, GREEN, PURPLE]) == GREEN


def test_sooner_idlers_win_ties_in_battles_and_next_action_phase():
    """seed: Tie Breaker — those who Idled sooner win ties during the Battle Phase and the next
    Action Phase; the Bandits now come last."""
    tr = new_tracker(6, [BLUE, GREEN, PURPLE], "right")
    for who in (PURPLE, BLUE, GREEN):
        idle_cube(tr, who)
    assert priorities(tr) == [PURPLE, BLUE, GREEN, BANDITS]
    assert earliest(tr, [GREEN, BLUE]) == BLUE
    assert earliest(tr, [GREEN, BANDITS]) == GREEN


def test_left_half_season_idlers_fill_the_right_half_from_the_bandit_cube():
    """seed: Idling — the next available spot of the other half, the Bandit spot excluded; the
    right half starts at the Bandit cube, so in a left-half Season Idlers come after the Bandits."""
    tr = new_tracker(6, [BLUE, GREEN, PURPLE], "left")
    assert turn_order(tr) == [BLUE, GREEN, PURPLE, BANDITS]
    half, spot, _ = idle_cube(tr, GREEN)
    assert (half, spot) == ("right", 1)
    assert tr.right[0] == GREEN  # the first spot after the Bandit cube, never the Bandit spot itself
    assert priorities(tr) == [BLUE, PURPLE, BANDITS, GREEN]
    idle_cube(tr, BLUE)
    idle_cube(tr, PURPLE)
    assert tr.action == "right"
    assert turn_order(tr) == [BANDITS, GREEN, BLUE, PURPLE]  # the Bandits first again


@pytest.mark.parametrize("spot,expected", [(0, GREEN), (1, PURPLE), (2, BLUE)])
def test_turns_pass_clockwise_and_wrap(spot, expected):
    """seed: Player Turns (turns in Player Turn Order); reading turn-rotation — after the last
    player the first one still acting plays again."""
    tr = new_tracker(6, [BLUE, GREEN, PURPLE], "right")
    assert next_player(tr, spot) == expected


def test_idlers_are_skipped_until_the_season_ends():
    """seed: Player Turns — after Idling a player does no more Standard Actions this Season: the
    turn never comes back to them; the last one left plays alone until they Idle."""
    runner = set_up()
    idle(runner)  # Blue
    assert runner.state.players[runner.state.turn].colour == "Green"
    idle(runner)  # Green
    for _ in range(2):  # Purple plays on alone
        assert runner.state.players[runner.state.turn].colour == "Purple"
        assert runner.state.phase == TURNS
        runner.answer("s"); runner.answer("4"); runner.answer("t"); runner.answer("Meadow")
        runner.answer("s"); runner.answer("4"); runner.answer("t"); runner.answer("Valley")
        runner.answer("e")
    assert runner.state.players[runner.state.turn].colour == "Purple"


def test_left_half_first_puts_the_bandits_last_from_season_one():
    """Reading start-order (option) — with the left half acting first the Bandit cube ends the
    turn order, as in example C."""
    runner = set_up({"first_half": "left"})
    assert colours(runner, turn_order(runner.state.tracker)) == ["Blue", "Green", "Purple", "Bandits"]
    assert runner.state.players[runner.state.turn].colour == "Blue"
    idle(runner)
    assert runner.state.tracker.right[0] == 0
