"""P4, vote resolution and cleanup (seed: Play P4; notes §2.4 and §5: the three bugs found in
another companion app are regression tests here)."""

from __future__ import annotations

from test_kings_dilemma_helpers import Drive, Table, rules, seated
from tui.games.kings_dilemma.resolution import cleanup, resolve_turn
from tui.games.kings_dilemma.state import AYE, GATHER, MODERATE, NAY, OUTCOME, RESOLVE
from tui.games.kings_dilemma.view import view


def voted(state, votes: list[tuple[str, int]], middle: int | None = None, pool_coins: bool = True):
    """Set each seat's vote and commitment as a finished vote would leave them."""
    for p, (vote, amount) in zip(state.players, votes):
        p.vote = vote
        if vote in (AYE, NAY):
            p.power -= amount
            p.committed = amount
        elif pool_coins:
            p.pass_coin = 1
            state.coin_pool -= 1
    if middle is not None:
        state.power_pool += state.balance_middle - middle
        state.balance_middle = middle
    state.phase = RESOLVE
    return state


def resolve(state, answers: list[str]) -> Table:
    table = Table()
    Drive(resolve_turn(state, table.ctx), ["1", *answers])
    assert state.phase == OUTCOME
    return table


def test_more_power_wins():
    """seed: Play P4 (total Power on AYE and NAY)."""
    state = voted(seated(3), [(AYE, 3), (NAY, 1), (NAY, 3)])
    resolve(state, [])
    assert state.outcome == NAY


def test_a_tie_is_decided_by_the_moderator():
    """seed: Play P4 (ties broken by the Moderator)."""
    state = voted(seated(3, leader=0, moderator=2), [(AYE, 3), (NAY, 3), (GATHER, 0)])
    resolve(state, ["2"])
    assert state.outcome == NAY


def test_all_passed_the_moderator_decides_and_takes_the_leader_token():
    """seed: Play P4; notes §2.4 (all passed → the Moderator decides and takes the Leader token)."""
    state = voted(seated(3, leader=0, moderator=2), [(GATHER, 0), (GATHER, 0), (GATHER, 0)])
    resolve(state, ["1"])
    assert state.outcome == AYE
    assert state.leader == 2


def test_leader_on_the_losing_side_hands_the_token_to_the_top_winner():
    """seed: Play P4 (Leader token on the losing side goes to the winner who invested most)."""
    state = voted(seated(4, leader=0, moderator=3), [(AYE, 4), (NAY, 2), (NAY, 3), (GATHER, 0)])
    resolve(state, [])
    assert state.outcome == NAY and state.leader == 2


def test_a_tie_among_top_winners_is_settled_by_the_moderator():
    """seed: Play P4 (if this is a tie the Moderator must decide)."""
    state = voted(seated(4, leader=0, moderator=3), [(AYE, 3), (NAY, 2), (NAY, 2), (GATHER, 0)])
    resolve(state, ["2"])  # options are Solad (2) and Tork (3)
    assert state.leader == 1


def test_bug3_a_leader_on_the_winning_side_keeps_the_token():
    """notes §5 bug 3: the token moves only if the Leader is on the losing side."""
    state = voted(seated(4, leader=0, moderator=3), [(AYE, 1), (AYE, 3), (NAY, 2), (GATHER, 0)])
    resolve(state, [])
    assert state.outcome == AYE and state.leader == 0


def test_a_leader_who_passed_keeps_the_token():
    """Reading leader-passed (KD-rb p.12): a passing Leader is not on the losing side."""
    state = voted(seated(4, leader=0, moderator=3), [(GATHER, 0), (AYE, 3), (NAY, 2), (GATHER, 0)])
    resolve(state, [])
    assert state.leader == 0


def test_bug1_only_pass_and_gather_players_split_the_middle():
    """notes §5 bug 1: Pass and Become Moderator takes no share; equal shares, remainder stays."""
    state = voted(seated(4, leader=0, moderator=3), [(AYE, 2), (GATHER, 0), (MODERATE, 0), (GATHER, 0)], middle=5)
    cleanup(state, AYE, Table().ctx)
    assert state.players[1].power == 8 + 2 and state.players[3].power == 8 + 2
    assert state.players[2].power == 8  # the new Moderator gets no Power
    assert state.players[2].coins == 11  # but takes back the Coin on its PASS card
    # 1 left over from 5, then the winner's 2 join it.
    assert state.balance_middle == 1 + 2


def test_split_remainders_stay_in_the_middle():
    """seed: Play P4 Cleanup (equal split, remainders stay on the board)."""
    for middle, gatherers, share, left in [(7, 3, 2, 1), (2, 3, 0, 2), (6, 2, 3, 0), (3, 1, 3, 0)]:
        votes = [(GATHER, 0)] * gatherers + [(NAY, 1)] * (4 - gatherers)
        state = voted(seated(4), votes, middle=middle)
        cleanup(state, NAY, Table().ctx)
        assert [p.power for p in state.players[:gatherers]] == [8 + share] * gatherers
        assert state.balance_middle == left + (4 - gatherers)


def test_bug2_winners_power_goes_to_the_middle_even_when_nobody_passed():
    """notes §5 bug 2: always, after the split, feeding the next vote."""
    state = voted(seated(3), [(AYE, 3), (AYE, 1), (NAY, 2)], middle=3)
    cleanup(state, AYE, Table().ctx)
    assert state.balance_middle == 3 + 4
    assert state.players[2].power == 8  # the loser took the 2 back
    assert [p.committed for p in state.players] == [0, 0, 0]


def test_winners_power_is_not_shared_in_the_same_cleanup():
    """notes §2.4 ⚠: winners' Power goes to the middle after the split (the summary merges it)."""
    state = voted(seated(3), [(AYE, 5), (GATHER, 0), (NAY, 1)], middle=1)
    cleanup(state, AYE, Table().ctx)
    assert state.players[1].power == 8 + 1
    assert state.balance_middle == 5


def test_cleanup_keeps_power_and_coins():
    """seed: Play P4 Cleanup (tokens only move between players, the Balance and the pool)."""
    state = seated(4)
    power = state.power_in_play() + state.power_pool
    coins = state.coins_in_play() + state.coin_pool
    voted(state, [(AYE, 2), (GATHER, 0), (MODERATE, 0), (NAY, 5)], middle=4)
    resolve(state, [])
    assert state.power_in_play() + state.power_pool == power
    assert state.coins_in_play() + state.coin_pool == coins


def test_the_player_who_became_moderator_keeps_the_token_after_cleanup():
    """Reading moderator-pass (seed: Play P4 Cleanup; KD-rb p.10-12): only the Coin goes back."""
    state = seated(3, leader=0, moderator=2)
    voted(state, [(AYE, 2), (MODERATE, 0), (NAY, 1)])
    state.moderator = 1
    resolve(state, [])
    assert state.moderator == 1 and state.players[1].coins == 11 and state.players[1].pass_coin == 0


def test_cleanup_first_takes_the_moderator_token_off_the_pass_card():
    """Issue 24 item 7; seed: Play P4 Cleanup (Pass and Become Moderator: receive the Coin and give
    the Moderator token back to the board); KD-rb p.11 (Perform Cleanup after the Vote: first the
    token leaves the PASS card for the table in front of that House's screen; the option is open
    again at the next vote; readings: moderator-pass). The history says it, before the Coins."""
    from test_kings_dilemma_helpers import Table
    from tui.games.kings_dilemma.resolution import cleanup

    state = seated(3, leader=0, moderator=2)
    voted(state, [(AYE, 2), (MODERATE, 0), (NAY, 1)])
    state.moderator = 1
    table = Table()
    cleanup(state, AYE, table.ctx)
    assert table.lines[0] == ("Solad keeps the Moderator token: it comes off the PASS card onto the table in front of "
                              "Solad's screen, and Pass and Become Moderator is open again next vote")
    assert table.lines[1] == "Solad takes the Coin from the PASS card behind the screen"
    assert state.moderator == 1


def test_the_tied_winners_may_pay_the_moderator_for_the_leader_token():
    """KD-rb p.11 (tied winners: the Moderator decides who gets the Leader token and may bargain
    with them over it): a bargain can be recorded at that very question."""
    state = voted(seated(4, leader=0, moderator=3), [(AYE, 3), (NAY, 2), (NAY, 2), (GATHER, 0)])
    # Count; then Tork pays the Moderator (Coden) 2 Coins and gets the token.
    resolve(state, ["b", "3", "4", "2", "3"])
    assert state.leader == 2
    assert state.players[2].coins == 8 and state.players[3].coins == 12 + 1  # and Coden's PASS Coin


def test_the_leader_token_question_is_marked_under_its_step():
    """The steps list marks the step that names the Leader token while the Moderator is asked
    who takes it (seed: Play P4; playtest KD-d: the marker follows the question)."""
    state = voted(seated(4, leader=0, moderator=3), [(AYE, 3), (NAY, 2), (NAY, 2), (GATHER, 0)])
    table = Table()
    gen = resolve_turn(state, table.ctx)
    prompt = gen.send(None)
    assert prompt.label == "Vote resolution"
    assert current_step(state) == "Count AYE and NAY (ties: Moderator)"
    prompt = gen.send("1")
    assert prompt.label == "Moderator gives the Leader token"
    assert current_step(state) == "Leader token, PASS Coins, split, Power back/middle"


def current_step(state) -> str:
    return next(f.label for f in view(state, rules()).flow if f.state == "current")
