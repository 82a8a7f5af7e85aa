"""The rules reviewer's King's Dilemma situations KD-1 … KD-5 and the question audit KA-1 (issue 23
item 3, ../review-2026-11/kings-dilemma.md), worked by hand from the seed kings-dilemma-summary.txt
("summary", by section) and the data notes shared/rules/kings-dilemma.md ("notes §"). The expected
values are the reviewer's; each test drives the game's own procedures with the table's answers.

Seats clockwise: Blodyn, Solad, Tork, Coden (House numbers 1-4); 8 Power and 10 Coins each, 3 Power
in the Balance's middle."""

from __future__ import annotations

import dataclasses

import msgspec

from drivers import refused
from test_kings_dilemma_helpers import Table, rules, seated
from test_kings_dilemma_situations import Play, at_outcome, books, resources, vote_and_resolve
from tui.engine.prompts import Choice
from tui.engine.session import Runner
from tui.games.kings_dilemma import GAME
from tui.games.kings_dilemma.dilemma import start_vote
from tui.games.kings_dilemma.outcome import outcome_turn
from tui.games.kings_dilemma.scoring import scoring_turn
from tui.games.kings_dilemma.seats import leader_and_moderator
from tui.games.kings_dilemma.state import (
    ABDICATION_TOP, AYE, DEATH, DILEMMA, MODERATE, NAY, SCORING, VOTE, KDState,
)
from tui.games.kings_dilemma.view import vote_flow

A, B, C, D = range(4)  # Blodyn, Solad, Tork, Coden


def kd1_table():
    """KD-1's table: Prestige Blodyn 5, Solad 3, Tork 4, Coden 2, the first vote about to start."""
    state = seated(4, prestige=[5, 3, 4, 2])
    state.leader, state.moderator = leader_and_moderator(state, rules())
    start_vote(state)
    state.phase = VOTE
    return state


KD1_ANSWERS = [
    "AYE", 2, "NAY", 1, "NAY", 2, "NAY", 3,  # Coden strictly most: Leader; voting now ends after Tork
    "add Power", 2,  # Blodyn 4: strictly most, Leader again; voting ends after Coden
    "stay", "stay", "add Power", 1,  # Coden 4 only equals Blodyn: no change
    "count",
]


def test_kd1_the_leader_changes_twice_in_one_vote_and_voting_runs_another_lap():
    """KD-1 — summary Setup 8-9, Play P3 (most Power on your vote takes the Leader token; voting ends
    after the player right of the Leader), P4 (a Leader on the losing side hands the token to the
    winner who invested most; Cleanup); notes §2.3 (strictly more), §2.4."""
    state = kd1_table()
    assert (state.leader, state.moderator) == (A, D)
    table, order = Table(), []
    Play(vote_and_resolve(state, table.ctx, order), KD1_ANSWERS)
    assert order == [A, B, C, D, A, B, C, D]
    assert state.outcome == NAY
    assert (state.leader, state.moderator) == (D, D)  # Coden, top NAY committer (4), holds both
    power, _, middle, _, _ = books(state)
    assert middle == 3 + 7 and power == [8, 7, 6, 4]
    assert "Coden has the most Power committed (3): takes the Leader token from Blodyn" in table.text()
    assert "Blodyn has the most Power committed (4): takes the Leader token from Coden" in table.text()


def test_kd2_everyone_passes_and_the_moderator_is_the_player_who_just_took_the_token():
    """KD-2 — summary Play P3 (Pass and Become Moderator), P4 (all passed: the Moderator also takes
    the Leader token; Cleanup: PASS Coins back, equal split among the gatherers, remainder stays);
    notes §2.3-4. Continues KD-1: 10 Power in the middle, Coden Leader and Moderator."""
    state = kd1_table()
    Play(vote_and_resolve(state, Table().ctx), KD1_ANSWERS)
    start_vote(state)  # round 2 opens (summary: start a new round at P1)
    state.phase = VOTE
    table, order = Table(), []
    play = Play(vote_and_resolve(state, table.ctx, order), [
        "Pass and Gather", "Pass and Gather", "Pass and Become Moderator", "Pass and Gather", "count", "AYE",
    ])
    assert order == [D, A, B, C]
    decide = next(p for p in play.prompts if p.label == "Moderator decides the vote")
    assert "The Moderator, Solad, decides" in decide.text
    assert (state.leader, state.moderator) == (B, B)
    assert state.players[B].vote == MODERATE
    power, coins, middle, _, coin_pool = books(state)
    # Each passer's Coin came from the pool onto its PASS card, and goes behind its screen.
    assert coins == [11, 11, 11, 11] and coin_pool == 72 - 44
    assert power == [8 + 3, 7, 6 + 3, 4 + 3] and middle == 1  # Solad gets no share; 1 stays
    start_vote(state)  # round 3
    state.phase = VOTE
    flow = [step.label for step in vote_flow(state)]
    assert flow[0] == "Solad [LM]" and flow[-1] == "ends after Blodyn (right of the Leader)"


def kd3_effects() -> list:
    return ["Knowledge", "up", 2, "Knowledge", "up", 2, "Influence", "down", 2, "Knowledge", "up", 1,
            "Knowledge", "down", 1]


def kd3_table():
    state = at_outcome()
    resources(state, **{key: (9, True, False) for key in ("influence", "wealth", "morale", "welfare", "knowledge")})
    resources(state, influence=(9, False, False), wealth=(9, False, False), morale=(9, False, False))
    assert state.stability == 9
    return state


def test_kd3_momentum_at_the_end_of_a_track_and_a_flip_right_after():
    """KD-3 — summary Play P5 B (Momentum: +1 the same way and a marker, +1 more with the marker;
    all Momentum lost on a change of direction; Stability the same way and count); notes §2.5 B
    (a Resource stops at its end, Stability moves in full)."""
    state = kd3_table()
    table = Table()
    Play(outcome_turn(state, table.ctx), ["ok"] + kd3_effects() + [
        "no more", "no sticker", "no", "no", "before the skull"])
    knowledge, influence = state.resource("knowledge"), state.resource("influence")
    assert (knowledge.row, knowledge.up, knowledge.marker) == (16, False, False)
    assert (influence.row, influence.up, influence.marker) == (6, False, True)
    assert state.stability == 15 and not state.stability_stopped
    assert "Knowledge ↑ 1 (+2 Momentum): 3 spaces, row 16 → 17 (stopped at the end)" in table.text()
    assert "Stability ↑ 3: 13 → 16" in table.text()
    assert state.phase == DILEMMA and not state.end_cause


def test_kd4_abdication_and_the_kings_death_in_the_same_round():
    """KD-4 — summary Play P5 B (End of Round Check), E (a skull card: the King is dead); notes §2.5
    F, §3. The reviewer found only the abdication logged and asked that the table be told both
    happened and asked which chart row, "or follow a documented option". The rulebook settles it
    (KD-rb p.15, F. End of the Round: the King's death is checked only if the King did not
    abdicate; readings: both-ends): the Abdication row counts, and Clockwork now says so, naming
    the skull card it did not count, instead of passing over it. The reviewer's sources (summary
    and notes) do not give that order, so asking was a fair reading of them."""
    state = kd3_table()
    table = Table()
    Play(outcome_turn(state, table.ctx), ["ok"] + kd3_effects() + [
        "Wealth", "up", 2, "Morale", "down", 1,
        "no more", "no sticker", "no", "no", "in the skull section, skull icon", "ok",
    ])
    wealth, morale = state.resource("wealth"), state.resource("morale")
    assert (wealth.row, wealth.up, wealth.marker) == (11, True, False)
    assert (morale.row, morale.up, morale.marker) == (7, False, True)  # still applied after the end
    assert state.stability == 17 and state.stability_stopped
    assert state.skull_cards == 1
    assert state.end_cause == ABDICATION_TOP and state.phase == SCORING
    text = table.text()
    assert "THE KING ABDICATES" in text
    assert "skull" in text.split("THE KING ABDICATES", 1)[1]  # the skull card is named at the end check
    assert "death is checked only when the King has not abdicated: the Abdication row counts" in text
    reward = rules().reward(state.end_cause)
    assert (reward.prestige, reward.crave) == ([3, 2, 1, 1, 0], [0, 0, 0, 0, 2])


def test_kd5_end_scoring_with_ties_everywhere_and_a_shared_win():
    """KD-5 — summary End the Game 1 B-C (ties get the same bonus), 2 (tied players receive the same
    points; the winner names the next King); notes §3 (a tie shares the win and the Moderator picks
    who marries into the royal line). Secret Agenda totals as entered by the table: 20, 22, 23, 21
    (every House money rank I, its card's points read at the table)."""
    state = seated(4, moderator=D)
    for key, row in dict(influence=14, wealth=10, morale=10, welfare=10, knowledge=3).items():
        state.resource(key).row = row
    opens = [(["influence"], ["knowledge"]), (["wealth"], ["morale"]), ([], ["welfare"]), (["knowledge"], [])]
    for p, (pos, neg), power in zip(state.players, opens, [9, 6, 6, 2]):
        p.open_positive, p.open_negative, p.power = pos, neg, power
    state.phase, state.end_cause = SCORING, DEATH
    play = Play(scoring_turn(state, Table().ctx), [
        "Extremist", 15, 5, "Rebel", 17, 5, "Opulent", 18, 5, "Opportunist", 16, 5,
        "ok", "Tork", "Aldric", "", "ok", "ok",
    ])
    sc = state.scores
    assert [s.resource_goal + s.money for s in sc] == [20, 22, 23, 21]
    assert [s.open_agendas for s in sc] == [0, 0, -1, 0]
    assert [s.power for s in sc] == [2, 1, 1, 0]
    assert [s.total for s in sc] == [22, 23, 23, 21]
    assert state.winners == ["Solad", "Tork"]
    assert [(s.prestige, s.crave) for s in sc] == [(1, 1), (2, 0), (2, 0), (0, 2)]
    king = next(p for p in play.prompts if p.label == "Who names the King")
    assert "The Moderator, Coden" in king.text
    assert isinstance(king, Choice) and [o.label for o in king.options] == ["Solad", "Tork"]
    assert state.king == "Aldric"


def runner_at(state: KDState) -> Runner:
    """A runner playing the real game on from ``state``."""
    start = msgspec.json.encode(state)
    game = dataclasses.replace(GAME, new_state=lambda *_, **__: msgspec.json.decode(start, type=KDState))
    return Runner.new(game, rules(), {"players": str(state.count)}, 1)


def test_ka1_the_outcome_tokens_answer_what_the_outcome_must_contain():
    """KA-1 — summary Play P2 (the Outcome tokens show a choice's effects), P5 B-C; notes §2.5. The
    AYE scale shows Wealth up and a negative Chronicle sticker; AYE wins. Ending the Resource effects
    before Wealth is entered, or answering 'no sticker', contradicts the record and is refused in
    place. Fixed since the review (facts.py: RESOURCE_EFFECT, STICKERS): this test keeps it."""
    state = seated(4)
    state.phase = DILEMMA
    runner = runner_at(state)
    for raw in ("Famine", "wea+ st-", ""):  # P1 the Dilemma's name, P2 the AYE and NAY scales
        runner.answer(raw)
    for raw in ("1", "1", "3", "3", "3", "1"):  # Blodyn AYE 1, the rest pass and gather; count
        runner.answer(raw)
    assert runner.state.outcome == AYE
    runner.answer("")  # A: read the outcome
    effect = runner.pending
    assert effect.label == "Resource effect 1" and "still to come: Wealth+" in effect.text
    assert "0" not in [o.key for o in effect.options]  # 'no more' is not offered, and refused
    refused(runner, "0", "Choose one of")
    runner.answer("2")  # Wealth: up, as its token says (not asked since issue 24 item 2)
    assert runner.pending.label == "Wealth amount"
    runner.answer("1")
    assert runner.state.resource("wealth").row == 9 + 1 + (1 if runner.state.resource("wealth").marker else 0)
    runner.answer("0")  # no more Resource effects: Wealth is in
    assert runner.pending.label == "Stickers"
    assert [o.key for o in runner.pending.options] == ["c", "b"]
    refused(runner, "n", "Choose one of")
    runner.answer("c")
    assert runner.pending.label == "Chronicle sticker"
