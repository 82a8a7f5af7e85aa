"""Issue 24 item 5: nothing stale. What belongs to a round, a turn or a vote leaves the screen when
the next one begins, and what the table has not been given yet is not shown as if it had.
Found by a new player: EU's Round 2 still showed Round 1's passed list and cards; The King's
Dilemma's Round 2 showed the previous votes; its setup showed one House holding both tokens."""

from __future__ import annotations

import random

from drivers import answer_lasting
from test_kings_dilemma_helpers import HOUSES, Table, seated
from test_kings_dilemma_helpers import rules as kd_rules
from tui.games.kings_dilemma.dilemma import dilemma_turn
from tui.games.kings_dilemma.state import AYE, DILEMMA, GATHER, MODERATE, NAY, OUTCOME
from tui.games.kings_dilemma.view import view as kd_view
from tui.opengame import OpenGame


def play_until(og: OpenGame, turn: str, rng: random.Random, limit: int = 3000) -> None:
    """Random lasting answers until a turn whose header holds ``turn`` has begun."""
    for _ in range(limit):
        log = og.runner.session.log
        if any(e.kind == "turn" and turn in e.text for e in log):
            return
        answer_lasting(og, rng)
    raise AssertionError(f"no turn '{turn}' after {limit} answers")


def group(view, title: str):
    return next(g for g in view.tracks if g.title.startswith(title))


def test_eu_a_new_round_shows_no_card_or_pass_of_the_last_one():
    """seed: Sequence of Play p.2 — 5. Cleanup reshuffles every Bot deck, so no card drawn last
    Round is still drawn; Bots pass like the humans, once per Action Phase (Passing)."""
    for seed in range(3):
        og = OpenGame.new("eu-price-of-power", {"bots": "3"}, seed, None)
        rng = random.Random(seed)
        play_until(og, "Round 1 · Phase 3", rng)
        before = og.runner.view()
        assert group(before, "Table").rows[2].value != "nobody"  # Round 1 had its passes
        play_until(og, "Round 2 · Phase 1", rng)
        view = og.runner.view()
        assert all(card.kind == "face down" for card in view.cards), view.cards
        passed = group(view, "Table").rows[2]
        assert (passed.label, passed.value) == ("Passed", "nobody")
        assert not any("passed" in row.note for g in view.tracks[1:] for row in g.rows)


def test_kings_dilemma_a_new_round_opens_with_empty_vote_cards():
    """seed: Play, P4 Cleanup (every token leaves the AYE, NAY and PASS cards) and P5 E ("start a
    new round at phase P1"): last round's votes are no part of the next."""
    state = seated(4)
    for p, vote in zip(state.players, (AYE, NAY, GATHER, MODERATE)):  # round 1, cleaned up
        p.vote, p.turns = vote, 1
    state.phase, state.round, state.outcome = OUTCOME, 1, AYE
    council = {row.label.split(" ")[0]: row.value for row in group(kd_view(state, kd_rules()), "Council").rows}
    assert council["Blodyn"] == "AYE"  # the round's votes show while its Dilemma is resolved
    state.phase, state.round = DILEMMA, 2
    first = dilemma_turn(state, Table().ctx).send(None)  # round 2, P1: the Dilemma is drawn
    assert "draw the Dilemma" in first.text
    council = group(kd_view(state, kd_rules()), "Council")
    assert [row.value for row in council.rows if row.label.split(" ")[0] in HOUSES] == ["·"] * 4
    assert all(not p.vote and not p.turns for p in state.players)


def test_kings_dilemma_setup_shows_the_tokens_only_once_they_are_handed_out():
    """seed: Setup 8-9 — the most Prestige takes the Leader token, the least the Moderator token;
    before the Prestige is known nobody holds either (the screen showed one House with both)."""
    og = OpenGame.new("kings-dilemma", {"players": "3"}, 1, None)
    rng = random.Random(1)
    while og.runner.state.step in ("", "houses", "prestige", "tokens"):
        council = group(og.runner.view(), "Council")
        assert not any(row.label.endswith((" L", " M", " LM")) for row in council.rows), council.rows
        answer_lasting(og, rng)
    state = og.runner.state
    council = {row.label.split(" ")[0]: row.label for row in group(og.runner.view(), "Council").rows}
    assert council[state.name(state.leader)].endswith(" L")
    assert council[state.name(state.moderator)].endswith(" M")
    assert state.leader != state.moderator


def test_oath_between_its_turns_the_princes_count_and_arrow_are_its_last_turns():
    """seed: TURN STRUCTURE — the Prince's actions are counted within its own turn (3. Take
    Actions); during the humans' turns the count and the arrow taken are the last turn's."""
    og = OpenGame.new("oath", {}, 3, None)
    rng = random.Random(3)
    play_until(og, "Round 1 · humans", rng)
    view = og.runner.view()
    actions = next(r for r in group(view, "Prince").rows if r.label == "Actions")
    assert actions.value.endswith("last turn"), actions
    assert view.flow[0].label.startswith("its last turn took "), view.flow[0]
    play_until(og, "Round 2 · Prince", rng)
    actions = next(r for r in group(og.runner.view(), "Prince").rows if r.label == "Actions")
    assert actions.value == "— (after the search)"
