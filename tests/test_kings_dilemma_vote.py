"""P3, the vote of the council (seed: Play P3; notes §2.3, where the summary is corrected)."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

import drivers
from test_kings_dilemma_helpers import Drive, Table, option_labels, rules, seated
from tui.engine.session import Runner
from tui.games.kings_dilemma import GAME
from tui.games.kings_dilemma.dilemma import start_vote
from tui.games.kings_dilemma.state import AYE, GATHER, MODERATE, NAY, RESOLVE, VOTE, KDState
from tui.games.kings_dilemma.vote import vote_turn


def whole_vote(state, ctx, order: list | None = None):
    """Every voting turn until the vote ends; records who was asked, in order."""
    while state.phase == VOTE:
        if order is not None:
            order.append(state.seat)
        yield from vote_turn(state, ctx)


def open_vote(state):
    start_vote(state)
    state.phase = VOTE
    return state


def vote_runner(state: KDState) -> Runner:
    """The vote alone, played through the Runner: a refused answer is taken back by replay."""
    start = msgspec.json.encode(state)
    game = dataclasses.replace(GAME, new_state=lambda *_, **__: msgspec.json.decode(start, type=KDState),
                               play=whole_vote)
    return Runner.new(game, rules(), {"players": str(state.count)}, 1)


def test_the_leader_votes_first_and_voting_ends_right_of_the_leader():
    """seed: Play P3 (start with the Leader, clockwise; ends after the player right of the Leader)."""
    state = open_vote(seated(4, leader=2))
    table, order = Table(), []
    # Tork (Leader) AYE 1; Coden, Blodyn, Solad pass and gather.
    Drive(whole_vote(state, table.ctx, order), ["1", "1", "3", "3", "3"])
    assert order == [2, 3, 0, 1]
    assert state.phase == RESOLVE
    assert "Voting ends after Solad's turn" in table.text()


def test_equalling_the_top_commitment_does_not_take_the_leader_token():
    """notes §2.3 ⚠: the Leader token moves only to strictly more Power committed than anyone."""
    state = open_vote(seated(4, leader=0))
    table = Table()
    # Blodyn AYE 3, Solad NAY 3 (equal: no change), Tork passes, Coden passes.
    Drive(whole_vote(state, table.ctx), ["1", "3", "2", "3", "3", "3"])
    assert state.leader == 0
    assert state.phase == RESOLVE


def test_strictly_more_takes_the_token_and_players_get_more_turns():
    """notes §2.3: the Leader can change, so voting goes on to the player right of the new Leader;
    later turns may only add Power or stay."""
    state = open_vote(seated(4, leader=0))
    table, order = Table(), []
    answers = [
        "1", "2",  # Blodyn AYE 2
        "2", "4",  # Solad NAY 4: strictly more, Solad leads; voting now ends after Blodyn
        "3",       # Tork passes and gathers
        "3",       # Coden passes and gathers
        "1", "3",  # Blodyn again: adds 3 (5 > 4): Blodyn leads; ends after Coden
        "2",       # Solad again: stays
    ]
    d = Drive(whole_vote(state, table.ctx, order), answers)
    assert order == [0, 1, 2, 3, 0, 1]  # Tork and Coden passed: their later turns are skipped
    assert state.leader == 0
    assert state.players[0].committed == 5 and state.players[0].power == 3
    assert state.players[1].committed == 4
    later = d.prompts[-1]
    assert option_labels(later)[:2] == ["add Power to NAY", "stay"]  # no side change offered
    assert state.phase == RESOLVE


def test_pass_and_gather_takes_a_coin_from_the_pool():
    """seed: Play P3 (Pass and Gather Power: 1 Coin from the general pool on the PASS card)."""
    state = open_vote(seated(3, leader=0))
    pool = state.coin_pool
    Drive(whole_vote(state, Table().ctx), ["3", "3", "3"])
    assert [p.vote for p in state.players] == [GATHER] * 3
    assert [p.pass_coin for p in state.players] == [1, 1, 1]
    assert state.coin_pool == pool - 3
    assert [p.coins for p in state.players] == [10, 10, 10]  # the Coin is only on the card for now


def test_become_moderator_once_per_vote():
    """seed: Play P3 (Pass and Become Moderator: nobody else can take it this vote)."""
    state = open_vote(seated(4, leader=0, moderator=3))
    table = Table()
    d = Drive(whole_vote(state, table.ctx), ["4", "1", "1", "3", "3"])
    assert state.moderator == 0 and state.moderator_taken
    assert state.players[0].vote == MODERATE and state.players[0].pass_coin == 1
    second = d.prompts[1]
    assert "Pass and Become Moderator" not in option_labels(second)


def test_no_power_left_means_only_passing_without_telling_the_table():
    """seed: Play P3 (AYE and NAY need 1 or more Power tokens); issue 15, secrets kept: the
    options are the same for every House, so the screen never shows that a House has none;
    a House without Power that picks AYE is refused in place (issue 13 item 7) and passes."""
    state = open_vote(seated(3, leader=0))
    state.players[0].power = 0
    runner = vote_runner(state)
    first = runner.pending
    drivers.refused(runner, "1", "Not taken: Blodyn, count the Power behind your screen and choose again; passing is always open.")
    assert option_labels(runner.pending) == option_labels(first)
    for raw in ["3", "3", "3"]:
        runner.answer(raw)
    assert runner.finished
    assert runner.state.players[0].vote == GATHER and runner.state.players[0].committed == 0


def test_power_on_a_vote_is_at_most_what_is_behind_the_screen():
    """seed: Play P3 (personal Power tokens). The keys 1-9 are the same whatever a House holds
    (issue 15, secrets kept); more than it holds is refused in place, never recorded (issue 13
    item 7), and so is "more" by a House holding no more than the keys show."""
    state = open_vote(seated(3, leader=0, power=4))
    state.players[1].power = 12
    runner = vote_runner(state)
    runner.answer("1")
    assert [o.key for o in runner.pending.options] == [str(n) for n in range(1, 10)] + ["m"]
    drivers.refused(runner, "5", "Not taken: Blodyn, count the Power behind your screen and choose again.")
    drivers.refused(runner, "m", "Not taken: Blodyn, count the Power")
    runner.answer("4")
    runner.answer("2")
    runner.answer("m")
    drivers.refused(runner, "13", "Not taken: Solad, count the Power")
    for raw in ["12", "3", ""]:
        runner.answer(raw)
    s = runner.state
    assert s.players[0].power == 0 and s.players[0].committed == 4
    assert s.players[1].committed == 12 and s.leader == 1


def test_a_bargain_moves_only_coins():
    """seed: Play P3 Bargain (no exchange of Power, Leader or Moderator; Coins bind the deal)."""
    state = open_vote(seated(3, leader=0))
    table = Table()
    # Blodyn first records a bargain: Solad pays Blodyn 3 Coins; then votes AYE 1.
    Drive(whole_vote(state, table.ctx), ["b", "2", "1", "3", "1", "1", "3", "3"])
    assert [p.coins for p in state.players] == [13, 7, 10]
    assert [p.power + p.committed for p in state.players] == [8, 8, 8]
    assert state.leader == 0 and state.moderator == 2


def test_a_bargain_of_more_coins_than_the_payer_holds_is_refused_in_place():
    """seed: Play P3 Bargain (Coins change hands); issue 15, secrets kept (the keys are the same
    whatever a House holds); issue 13 item 7: too many is refused in place, never recorded."""
    state = open_vote(seated(3, leader=0))
    state.players[1].coins, state.players[2].coins = 5, 12
    runner = vote_runner(state)
    for raw in ["b", "2", "1"]:  # Solad pays Blodyn
        runner.answer(raw)
    drivers.refused(runner, "6", "Not taken: Solad, count the Coins behind your screen and choose again.")
    drivers.refused(runner, "m", "Not taken: Solad, count the Coins")
    runner.answer("5")
    for raw in ["b", "3", "1", "m"]:  # Tork pays Blodyn, more than the keys show
        runner.answer(raw)
    drivers.refused(runner, "13", "Not taken: Tork, count the Coins")
    runner.answer("12")
    assert [p.coins for p in runner.state.players] == [27, 0, 0]
    assert "Bargain: Tork gives 12 Coins to Blodyn" in drivers.log_texts(runner)


@pytest.mark.parametrize("side,key", [(AYE, "1"), (NAY, "2")])
def test_a_vote_is_never_changed(side, key):
    """seed: Play P3 (cannot change your vote)."""
    state = open_vote(seated(3, leader=0))
    # Blodyn 1, Solad 2 on the same side (Solad leads), Tork passes; Blodyn again: add or stay only.
    d = Drive(whole_vote(state, Table().ctx), [key, "1", key, "2", "3", "2"])
    assert state.players[0].vote == side
    assert option_labels(d.last) == [f"add Power to {side.upper()}", "stay", "record a bargain (Coins between players)"]


def test_skipped_turns_still_count_for_the_end_of_voting():
    """notes §2.3 (voting ends after the turn of the player right of the current Leader);
    reading later-turns (a passer's later turn is skipped but counts)."""
    state = open_vote(seated(4, leader=0))
    order = []
    # Blodyn AYE 1; Solad and Tork pass; Coden NAY 2 takes the lead (right of Coden: Tork).
    # Blodyn again stays; Solad and Tork are skipped; voting ends after Tork's (skipped) turn.
    Drive(whole_vote(state, Table().ctx, order), ["1", "1", "3", "3", "2", "2", "2"])
    assert order == [0, 1, 2, 3, 0]
    assert state.leader == 3 and state.phase == RESOLVE


def test_equalling_the_top_commitment_is_said_to_leave_the_leader_token():
    """Issue 24 item 5; seed: Play P3 (the most Power on your vote takes the Leader token); notes
    §2.3 (strictly more): Solad equals Blodyn's 2, and the history says why the token stays."""
    state = open_vote(seated(3, leader=0))
    runner = vote_runner(state)
    for raw in ("1", "2", "2", "2"):  # Blodyn AYE 2, Solad NAY 2
        runner.answer(raw)
    assert runner.state.leader == 0
    assert ("Solad only equals the most Power committed (2): the Leader token stays with Blodyn, since it takes "
            "strictly more") in [e.text for e in runner.session.log]
