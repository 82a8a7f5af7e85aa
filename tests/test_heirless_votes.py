"""Enacting a Law (seed: season-game-player-turns.txt, 'Standard Actions', Enact; notes:
heirless.md §2 'Law vote'; readings vote-zero, vote-against, vote-proposer, vote-order)."""

from __future__ import annotations

import pytest

from test_app_support import make_app, running, sync
from test_heirless_helpers import answer, enact, idle, log_texts, pick, player, set_up, standard
from tui.opengame import OpenGame
from tui.engine.prompts import AnswerError, Number
from tui.games.heirless.law_vote import winners, result
from tui.games.heirless.state import LawVote


def propose(runner, law="Tax Law", threshold=3, commit=None):
    """Enact a Law not voted on yet: its name and threshold typed from the card."""
    enact(runner, law, threshold)
    if "back to the actions" not in runner.pending.label:
        answer(runner, "commits", str(commit if commit is not None else threshold))


def vote(runner, who: str, amount: int):
    assert isinstance(runner.pending, Number)
    answer(runner, who, str(amount))


def test_votes_run_in_reverse_turn_order_and_the_proposer_votes_twice():
    """seed: Enact — in reverse Player Turn Order each player may spend Influence; the current
    player gets 2 chances."""
    runner = set_up({"influence": "5"})
    propose(runner)
    asked = []
    while isinstance(runner.pending, Number):
        asked.append(runner.pending.label.split(" ")[1])  # Lord Blue → Blue
        runner.answer("0")
    assert asked == ["Purple", "Green", "Blue"]


def test_reverse_order_follows_the_tracker_idlers_included():
    """seed: Enact and Tie Breaker — the reverse of the current priorities: Idlers (last in
    priority) vote first; reading vote-order."""
    runner = set_up({"influence": "5"})
    idle(runner)  # Blue Idles: priorities Bandits, Green, Purple, Blue
    propose(runner)  # Green proposes
    asked = []
    while isinstance(runner.pending, Number):
        asked.append(runner.pending.label.split(" ")[1])
        runner.answer("0")
    assert asked == ["Blue", "Purple", "Green"]


def test_enacted_when_for_minus_against_reaches_the_threshold():
    """seed: Enact — in favour minus against at least the threshold: enacted; all spent Influence
    is discarded; those who voted the way that won gain 2 Prestige."""
    runner = set_up({"influence": "6"})
    propose(runner, threshold=3, commit=4)  # Blue: 4 for
    vote(runner, "Purple", -2)  # against
    vote(runner, "Green", 1)  # for
    vote(runner, "Blue", 0)  # second chance, nothing more
    law = runner.state.laws[-1]
    assert law.enacted  # 5 − 2 = 3 ≥ 3
    assert [player(runner, c).influence for c in ("Blue", "Green", "Purple")] == [2, 5, 4]
    assert [player(runner, c).prestige for c in ("Blue", "Green", "Purple")] == [2, 2, 0]
    assert runner.state.standard_done == 0  # the action counts once the enacted Law is applied
    answer(runner, "Apply Tax Law", "")
    assert runner.state.standard_done == 1


def test_short_of_the_threshold_fails_but_uses_the_action():
    """seed: Enact — otherwise the Law remains available; failing still counts as a Standard
    Action; reading vote-against: those against voted the way that won."""
    runner = set_up({"influence": "6"})
    propose(runner, threshold=3, commit=3)
    vote(runner, "Purple", -1)
    vote(runner, "Green", 0)  # abstains: no Prestige (reading vote-zero)
    vote(runner, "Blue", 0)
    law = runner.state.laws[-1]
    assert not law.enacted
    assert runner.state.standard_done == 1
    assert [player(runner, c).prestige for c in ("Blue", "Green", "Purple")] == [0, 0, 2]
    assert [player(runner, c).influence for c in ("Blue", "Green", "Purple")] == [3, 6, 5]
    assert any("not enacted, it stays available" in t for t in log_texts(runner))


def test_proposer_second_chance_adds_in_favour():
    """seed: Enact — the current player votes twice; reading vote-proposer: the second chance adds
    Influence in favour."""
    runner = set_up({"influence": "6"})
    propose(runner, threshold=2, commit=2)
    vote(runner, "Purple", -3)
    vote(runner, "Green", 0)
    assert runner.pending.lo == 0 and runner.pending.hi == 4
    vote(runner, "Blue", 4)
    assert runner.state.laws[-1].enacted  # 6 − 3 = 3 ≥ 2
    assert player(runner, "Blue").prestige == 2  # one vote's worth of Prestige, not two


def test_proposer_without_the_threshold_cannot_enact():
    """seed: Enact — it requires committing at least the threshold in favour."""
    runner = set_up({"influence": "2"})
    propose(runner, threshold=3)
    answer(runner, "Enact: back to the actions", "")
    assert runner.state.standard_done == 0 and runner.state.laws == []
    assert player(runner, "Blue").influence == 2
    assert "'s turn" in runner.pending.text  # back at the turn's menu


def test_enact_with_no_law_to_propose_goes_back_to_the_actions():
    """Issue 17: a player who picked Enact and has no Law to propose gets back to the menu, not
    only undo; no Standard Action is used (seed: Player Turns)."""
    runner = set_up({"influence": "2"})
    standard(runner, "Enact")
    pick(runner, "which Law", "back to the actions")
    assert "'s turn" in runner.pending.text and runner.state.standard_done == 0


def test_enact_and_flee_are_offered_only_when_they_can_be_paid():
    """Issue 15 (seed: Flee spends one Influence; Enact commits at least the threshold, and every
    threshold is at least 1): with 0 Influence neither is offered, and the menu says why."""
    runner = set_up({"influence": "0"})
    answer(runner, "'s turn", "s")
    labels = [o.label for o in runner.pending.options]
    assert not any(label.startswith(("Enact", "Flee")) for label in labels)
    assert "Flee (1 Influence) and Enact (at least 1 Influence): not now, Lord Blue has 0 Influence." in runner.pending.text


def test_a_failed_law_is_offered_again_with_its_threshold_not_asked_again():
    """seed: Enact — a failed Law 'remains available' (the same card): reading law-remembered, its
    threshold is not asked again; one above the proposer's Influence is not offered."""
    runner = set_up({"influence": "5"})
    propose(runner, law="Martial Law", threshold=2, commit=2)
    vote(runner, "Purple", -5)
    vote(runner, "Green", 0)
    vote(runner, "Blue", 0)
    idle(runner)
    standard(runner, "Enact")  # Green's turn, 5 Influence
    pick(runner, "which Law", "Martial Law (threshold 2")
    assert runner.pending.label == "Influence committed" and runner.pending.lo == 2


def test_commitment_must_reach_the_threshold():
    """seed: Enact — at least the threshold; the prompt refuses less."""
    runner = set_up({"influence": "5"})
    enact(runner, "Tax Law", 4)
    assert (runner.pending.lo, runner.pending.hi) == (4, 5)


def test_every_vote_is_in_the_log():
    """issue: every vote is in the log."""
    runner = set_up({"influence": "4"})
    propose(runner, threshold=1, commit=1)
    vote(runner, "Purple", -2)
    vote(runner, "Green", 3)
    vote(runner, "Blue", 1)
    lines = log_texts(runner)
    assert any("Lord Blue proposes Tax Law (threshold 1), commits 1 for" in t for t in lines)
    assert any("Lord Purple votes against Tax Law with 2" in t for t in lines)
    assert any("Lady Green votes for Tax Law with 3" in t for t in lines)
    assert any("Lord Blue votes for Tax Law with 1" in t for t in lines)
    assert any("5 for − 2 against = 3 vs threshold 1: enacted" in t for t in lines)


@pytest.mark.parametrize("votes,threshold,enacted", [
    ([("for", 3)], 3, True),
    ([("for", 3), ("against", 1)], 3, False),
    ([("for", 5), ("against", 2)], 3, True),
    ([("for", 4), ("against", 4)], 1, False),
])
def test_vote_arithmetic(votes, threshold, enacted):
    """seed: Enact — remove the Influence against from the Influence in favour; at least the
    threshold enacts."""
    law_votes = [LawVote(n, side, amount) for n, (side, amount) in enumerate(votes)]
    assert result(law_votes, threshold)[2] is enacted


def test_winners_are_counted_once_and_abstainers_never():
    """seed: Enact ('Players who cast a vote in the way that won earn 2 Prestige'); reading vote-zero."""
    votes = [LawVote(0, "for", 3), LawVote(1, "against", 1), LawVote(2, "for", 0), LawVote(0, "for", 2)]
    assert winners(votes, True) == [0]
    assert winners(votes, False) == [1]


def test_a_later_proposer_has_their_second_chance_at_their_own_place():
    """seed: Enact ('In reverse Player Turn Order'; 'The current player thus gets 2 chances');
    reading vote-order — the order is the tracker's, reversed, not restarted from the proposer."""
    runner = set_up({"influence": "5"})
    for _ in range(2):  # Blue and Green each Deploy twice; Purple's turn comes
        for tile in ("Meadow", "Valley"):
            standard(runner, "Deploy")
            answer(runner, "Deploy: where", "t")
            answer(runner, "Which Tile", tile)
        answer(runner, "'s turn", "e")
    propose(runner)  # Purple, last in turn order
    asked = []
    while isinstance(runner.pending, Number):
        asked.append(runner.pending.label.split(" ")[1])
        runner.answer("0")
    assert asked == ["Purple", "Green", "Blue"]


def test_an_enacted_law_is_no_longer_available_but_a_failed_one_is():
    """seed: Enact — a Law that fails 'remains available'; one enacted does not: proposing it again
    is refused with a message, and a failed Law can be proposed again."""
    runner = set_up({"influence": "9"})
    propose(runner, law="Tax Law", threshold=1, commit=1)
    for who in ("Purple", "Green", "Blue"):
        vote(runner, who, 0)
    answer(runner, "Apply Tax Law", "")
    propose(runner, law="Martial Law", threshold=2, commit=2)
    vote(runner, "Purple", -5)
    vote(runner, "Green", 0)
    vote(runner, "Blue", 0)
    answer(runner, "'s turn", "e")
    standard(runner, "Enact")  # Green's turn
    pick(runner, "which Law", "a Law not voted on yet")
    with pytest.raises(AnswerError, match="Tax Law was enacted in Season 1 and is no longer available."):
        runner.answer("tax law")
    answer(runner, "Law name", "Martial Law")  # typed, not picked: its threshold is known
    assert runner.pending.label == "Influence committed" and runner.pending.lo == 2


@sync
async def test_f_at_the_vote_opens_the_free_actions_and_the_vote_comes_back(tmp_path):
    """seed: Free Actions (at any time, even during other players' turns) — on the play screen, f
    typed at a voter's amount opens the Free Action menu; b leads back to the same voter, and
    digits typed first are an amount, so f then waits (issue 23)."""
    path = tmp_path / "vote.json"
    opened = OpenGame.new("heirless", {"players": "3", "influence": "4"}, 5, path)
    r = opened.runner
    for colour, title in (("Blue", "Lord"), ("Green", "Lady"), ("Purple", "Lord")):
        pick(r, "colour", colour)
        answer(r, "title", title)
        answer(r, "name", "")
    pick(r, "Tracker spot", "Lord Blue")
    pick(r, "Tracker spot", "Lady Green")
    answer(r, "Set up the board")
    propose(r, "Tax Law", 2, 2)
    opened.autosave()
    app = make_app(tmp_path, path)
    async with running(app) as pilot:
        runner = app.screen.opened.runner
        assert runner.pending.label == "Lord Purple votes"
        await pilot.press("f")
        await pilot.pause()
        assert runner.pending.label == "Free Action"
        await pilot.press("b")
        await pilot.pause()
        assert runner.pending.label == "Lord Purple votes"
        await pilot.press("1", "f")
        await pilot.pause()
        assert runner.pending.label == "Lord Purple votes" and app.screen.prompt_bar.digits == "1"
        await pilot.press("enter")
        await pilot.pause()
        assert runner.pending.label == "Lady Green votes"
