"""The rulebook's own worked examples, replayed through Clockwork (KD-rb = the retail rulebook
text named in shared/rules/kings-dilemma.md, pages as numbered there)."""

from __future__ import annotations

from test_kings_dilemma_helpers import Drive, Table, rules, seated
from tui.games.kings_dilemma.dilemma import start_vote
from tui.games.kings_dilemma.outcome import resource_effects
from tui.games.kings_dilemma.resolution import cleanup, resolve_turn, totals
from tui.games.kings_dilemma.scoring import chart_columns, open_agenda_points, power_points
from tui.games.kings_dilemma.seats import low_prestige_order
from tui.games.kings_dilemma.state import AYE, GATHER, MODERATE, NAY, OUTCOME, RESOLVE, VOTE
from tui.games.kings_dilemma.vote import vote_turn

THEODORE, JULIUS, ARMIN, DIANA, FRANCES = range(5)


def test_the_voting_example_from_theodore_to_the_tie_broken_for_julius():
    """KD-rb p.10 (voting example: Theodore passes and becomes Moderator, Julius then Frances take
    the Leader token, Julius only equals Frances and stays without it, voting ends after Diana,
    right of Frances) and p.11 (the 6-6 tie: Diana and Julius pay the Moderator 5 Coins to break
    it for AYE; Frances lost, so the Leader token goes to Julius, AYE's top committer)."""
    state = seated(5, leader=THEODORE, moderator=JULIUS)
    state.players[DIANA].power = 2
    start_vote(state)
    state.phase = VOTE
    table, order = Table(), []

    def whole_vote():
        while state.phase == VOTE:
            order.append(state.seat)
            yield from vote_turn(state, table.ctx)

    Drive(whole_vote(), [
        "4",            # Theodore: Pass and Become Moderator
        "1", "1",       # Julius AYE 1: takes the Leader token
        "2", "1",       # Armin NAY 1
        "1", "1",       # Diana AYE 1
        "2", "4",       # Frances NAY 4: takes the Leader token
        "1", "3",       # Julius adds 3 (4, equal to Frances: no Leader token)
        "1", "1",       # Armin adds 1
        "1", "1",       # Diana adds her last 1; voting ends after her turn
    ])
    assert order == [THEODORE, JULIUS, ARMIN, DIANA, FRANCES, JULIUS, ARMIN, DIANA]
    assert state.phase == RESOLVE and totals(state) == (6, 6)
    assert state.leader == FRANCES and state.moderator == THEODORE

    Drive(resolve_turn(state, table.ctx), [
        "b", str(DIANA + 1), str(THEODORE + 1), "3",   # Diana pays the Moderator 3 Coins
        "b", str(JULIUS + 1), str(THEODORE + 1), "2",  # Julius adds 2
        "1",                                            # count: 6-6
        "1",                                            # the Moderator keeps the deal: AYE
    ])
    assert state.phase == OUTCOME and state.outcome == AYE
    assert state.leader == JULIUS
    assert state.moderator == THEODORE
    assert state.players[THEODORE].coins == 10 + 5 + 1  # the deal, and his PASS Coin back
    assert state.balance_middle == 3 + 6  # nobody gathered; AYE's 6 Power join the middle


def test_rita_and_david_share_five_power_and_one_stays():
    """KD-rb p.11 (cleanup example: 5 Power in the middle, two Pass and Gather players take 2
    each, the remaining 1 stays on the Balance)."""
    state = seated(3)
    state.power_pool -= 2
    state.balance_middle = 5
    for p, vote in zip(state.players, [GATHER, GATHER, AYE]):
        p.vote = vote
    state.players[2].power, state.players[2].committed = 7, 1
    cleanup(state, AYE, Table().ctx)
    assert [p.power for p in state.players] == [10, 10, 7]
    assert state.balance_middle == 1 + 1  # the remainder, then the winner's Power


def test_the_momentum_examples_influence_up_and_morale_down():
    """KD-rb p.13 (first example: Influence, black with a black Momentum marker, goes up 1: it
    moves 1, loses the marker and turns white, Stability up 1; Morale, black without a marker,
    goes down 1: it moves 2 and gains a marker, Stability down 2)."""
    state = seated(3)
    influence, morale = state.resource("influence"), state.resource("morale")
    influence.up, influence.marker = False, True
    morale.up, morale.marker = False, False
    Drive(resource_effects(state, Table().ctx), ["1", "1", "1", "3", "2", "1", "0"])
    assert (influence.row, influence.up, influence.marker) == (10, True, False)
    assert (morale.row, morale.up, morale.marker) == (7, False, True)
    assert state.stability == 9 + 1 - 2


def test_the_momentum_example_that_makes_the_king_abdicate():
    """KD-rb p.13 (second example: Morale, black with a marker, goes down 2 and so moves 4;
    Stability goes down 4 to the bottom and the game end is triggered; the Knowledge effect
    after it still applies, but Stability no longer moves)."""
    state = seated(3)
    state.stability = 5
    morale, knowledge = state.resource("morale"), state.resource("knowledge")
    morale.up, morale.marker = False, True
    knowledge.up = True
    Drive(resource_effects(state, Table().ctx), ["3", "2", "2", "5", "1", "1", "0"])
    assert morale.row == 9 - 4
    assert knowledge.row == 9 + 2
    assert state.stability == 1 and state.stability_stopped


def test_the_open_agenda_example_second_highest_and_second_to_last_at_once():
    """KD-rb p.17 (Open Agenda example: Influence highest +3; Morale and Knowledge tied second +1
    each; the negative Knowledge token loses 1 since Knowledge is also second to last; Welfare
    and Wealth tied for last lose 3 each)."""
    state = seated(3)
    rows = {"influence": 14, "morale": 11, "knowledge": 11, "welfare": 5, "wealth": 5}
    for r in state.resources:
        r.row = rows[r.key]
    state.players[0].open_positive = ["influence", "morale"]
    state.players[1].open_positive = ["knowledge"]
    state.players[1].open_negative = ["knowledge"]
    state.players[2].open_negative = ["welfare", "wealth"]
    assert open_agenda_points(state, rules()) == [3 + 1, 1 - 1, -3 - 3]


def test_the_power_majority_example():
    """KD-rb p.17 (Valentine has the most Power left, +2; Armin and Theodore tie for second,
    +1 each)."""
    state = seated(5)
    for p, power in zip(state.players, [9, 3, 6, 2, 6]):  # Valentine, Martina, Armin, Charles, Theodore
        p.power = power
    assert power_points(state, rules()) == [2, 0, 1, 0, 1]


def test_two_tied_for_fourth_of_five_are_both_last():
    """KD-rb p.17 (in a 5-player game two players tied for fourth, nobody behind them, both
    score as Last)."""
    assert chart_columns([12, 10, 9, 7, 7]) == [0, 1, 2, 4, 4]


def test_the_secret_agenda_order_example():
    """KD-rb p.5 (Mark 5 Prestige, Frank 7, Julia 8 with House number 2, Alexandra 8 with House
    number 5: they choose in that order)."""
    state = seated(4)
    for p, house, prestige in zip(state.players, ["Olwyn", "Solad", "Tork", "Coden"], [8, 8, 5, 7]):
        p.house, p.prestige = house, prestige  # Alexandra, Julia, Mark, Frank
    assert [state.players[s].house for s in low_prestige_order(state, rules())] == ["Tork", "Coden", "Solad", "Olwyn"]


def test_pass_and_become_moderator_shares_no_power_but_gets_its_coin():
    """KD-rb p.9 (Pass and Become Moderator: no share of the middle Power) and p.11 (every
    passer takes back the Coin on its PASS card)."""
    state = seated(3)
    for p, vote in zip(state.players, [MODERATE, GATHER, NAY]):
        p.vote = vote
        if vote != NAY:
            p.pass_coin = 1
            state.coin_pool -= 1
    state.players[2].power, state.players[2].committed = 6, 2
    cleanup(state, NAY, Table().ctx)
    assert [p.power for p in state.players] == [8, 8 + 3, 6]
    assert [p.coins for p in state.players] == [11, 11, 10]
