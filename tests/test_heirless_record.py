"""Questions the record answers in Heirless (issue 23 item 2; seed: season-game-player-turns.txt):
a question whose answer follows from what Clockwork recorded (this Season's Commissions, the
promises in force and their signatories, the colours taken, the proposer's Influence, the count
of Workplaces the table gave) is not asked; the history says what the record answered and why."""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec

from test_heirless_helpers import (
    answer, count_battles, enact, free, idle, log_texts, new_runner, pick, player, rules, set_up,
    standard,
)
from tui.engine.prompts import Number
from tui.opengame import OpenGame

FIXTURE = Path(__file__).parent / "fixtures" / "saves" / "format-1-heirless.json"


def known_lines(runner) -> list[str]:
    return [e.text for e in runner.session.log if e.kind == "known"]


def commission(runner, path):
    standard(runner, "Commission")
    answer(runner, "path", path)


def promise(runner, *signers, text="If possible, no Knight enters Meadow"):
    free(runner, "Guarantee")
    pick(runner, "signs", *signers)
    answer(runner, "promise", text)


# -- PT: Commission ------------------------------------------------------------------------------


def test_the_only_path_commissioned_this_season_is_converted_along_without_a_question():
    """seed: Commission — the path unlocked serves as a Free Action for the rest of the Season:
    with one path commissioned, a conversion is along it; with two, the table says which."""
    runner = set_up()
    commission(runner, "Bricks + Logs → Marble")
    free(runner, "Convert")
    assert runner.pending.label == "Convert: X"
    assert known_lines(runner)[-1] == (
        "Convert: path → Lord Blue: Bricks + Logs → Marble (the only path commissioned this Season)")
    answer(runner, "how many", "2")
    assert "Lord Blue converts along 'Bricks + Logs → Marble' with X = 2" in log_texts(runner)
    commission(runner, "Logs + Baguettes → Bricks")
    free(runner, "Convert")
    assert runner.pending.label == "Convert: path" and len(runner.pending.options) == 2


# -- PT: Guarantee -------------------------------------------------------------------------------


def test_the_only_promise_in_force_is_the_one_broken():
    """seed: Guarantee — an Oathbreak voids the promise (crossed out): once #1 is broken, #2 is the
    only promise in force, so marking a promise broken names it without a question."""
    runner = set_up()
    promise(runner, "Lord Blue", "Lady Green")
    promise(runner, "Lady Green", "Lord Purple", text="Green votes for the next Law")
    free(runner, "Oathbreak")
    answer(runner, "Which promise", "1")
    pick(runner, "Who failed", "Lord Blue")
    answer(runner, "agree", "y")
    free(runner, "Oathbreak")
    assert runner.pending.text.startswith("Who failed promise #2?")
    assert known_lines(runner)[-1] == "Broken promise → #2 Green votes for the next Law (the only promise in force)"


def test_a_promise_with_one_signatory_is_failed_by_that_signatory():
    """seed: Guarantee — only the parties failing to follow through are penalised, and only those
    who signed are parties: a promise one player signed is failed by that player, unasked."""
    runner = set_up({"prestige": "25"})
    promise(runner, "Lady Green")
    free(runner, "Oathbreak")
    assert "agree" in runner.pending.text
    assert known_lines(runner)[-1] == "Breaking parties → Lady Green (the only one who signed promise #1)"
    answer(runner, "agree", "y")
    assert player(runner, "Green").prestige == 5 and player(runner, "Blue").prestige == 25


def test_a_breaker_who_did_not_sign_is_never_offered():
    """seed: Guarantee — only the parties to the promise can fail it: of a joint promise, the table
    picks among its signatories."""
    runner = set_up()
    promise(runner, "Lady Green", "Lord Purple")
    free(runner, "Oathbreak")
    assert [o.label for o in runner.pending.options] == ["Lady Green", "Lord Purple"]


# -- setup: one colour each ----------------------------------------------------------------------


def test_the_last_colour_left_goes_to_the_last_player():
    """seed: Guarantee (players sign with their colour's name, one colour each); ruleset colours:
    six colours for up to six players, so the sixth player's is the one left."""
    runner = new_runner({"players": "6"})
    for seat in range(5):
        pick(runner, "colour", ["Blue", "Green", "Purple", "Red", "Yellow"][seat])
        answer(runner, "title", "Lord")
        answer(runner, "name", "")
    assert runner.pending.label == "Orange's title"
    assert known_lines(runner)[-1] == "Player 6 colour → Orange * (the other colours are taken)"
    assert runner.state.players[5].colour == "Orange"


# -- PT: Enact -----------------------------------------------------------------------------------


def test_a_proposer_holding_exactly_the_threshold_commits_all_of_it():
    """seed: Enact — the proposer commits at least the Law's threshold in favour; with exactly that
    much Influence there is nothing to ask."""
    runner = set_up({"influence": "3"})
    enact(runner, "Tax Law", 3)
    assert runner.pending.label == "Lord Purple votes"
    assert known_lines(runner)[-1] == "Influence committed → 3 (Lord Blue has exactly the threshold, 3 Influence)"
    assert player(runner, "Blue").influence == 0


def test_a_free_action_in_the_middle_of_a_vote_is_not_an_answer_to_it():
    """seed: Free Actions (at any time) and Enact: `f` on a vote opens a Free Action and the same
    question comes back, to be answered (never taken from the `f`)."""
    runner = set_up({"influence": "5"})
    enact(runner, "Tax Law", 3)
    answer(runner, "commits", "f")
    pick(runner, "Free Action", "Haggle")
    pick(runner, "Who trades", "Lord Blue", "Lady Green")
    pick(runner, "goods", "Resources")
    answer(runner, "deal", "2 Logs for 1 Brick")
    assert isinstance(runner.pending, Number) and runner.pending.label == "Influence committed"
    answer(runner, "commits", "4")
    assert player(runner, "Blue").influence == 1


# -- PT: Build -----------------------------------------------------------------------------------


def build(runner):
    standard(runner, "Build")
    if "which Workplace" in runner.pending.text:
        answer(runner, "which Workplace", "1")


def test_workplaces_built_once_said_are_counted_for_the_rest_of_the_season():
    """seed: Build — each Build adds one built Workplace (at most 9): once the table said how many
    a player has built this Season, Clockwork counts on; an enacted Law, applied as its card says,
    and a new Season (its steps per your rulebook) may change them, so the table is asked again
    (reading workplaces-counted)."""
    assert "workplaces-counted" in {r.id for r in rules().readings}
    runner = set_up({"influence": "4"})
    build(runner)
    answer(runner, "Workplaces built", "7")
    answer(runner, "Pay", "")
    build(runner)
    assert "Discard one" not in runner.pending.text and runner.pending.label == "Pay and place the Workplace"
    assert known_lines(runner)[-1] == "Workplaces built → 8 (said this Season; Clockwork counted the Builds since)"
    answer(runner, "Pay", "")
    assert player(runner, "Blue").workplaces == 9
    answer(runner, "'s turn", "e")
    # Green's count was never said: asked.
    build(runner)
    assert runner.pending.label == "Workplaces built"
    answer(runner, "Workplaces built", "2")
    answer(runner, "Pay", "")
    enact(runner, "Tax Law", 1)
    answer(runner, "commits", "1")
    while isinstance(runner.pending, Number):
        runner.answer("0")
    answer(runner, "Apply Tax Law", "")
    answer(runner, "'s turn", "e")
    idle(runner)  # Purple; then Blue, after the Law
    build(runner)
    assert runner.pending.label == "Workplaces built" and runner.pending.default == 9


def test_workplaces_are_asked_again_in_a_new_season():
    """seed: Build; notes §1 — the Season's steps after the turns are per your rulebook: a new
    Season's first Build asks the count again, Clockwork's own offered."""
    runner = set_up()
    build(runner)
    answer(runner, "Workplaces built", "4")
    answer(runner, "Pay", "")
    for _ in range(3):
        idle(runner)
    count_battles(runner, 0)
    while runner.state.phase == "season_end":
        answer(runner, "", "n")
    build(runner)  # Blue Idled first: first in Season 2 (PT: example C)
    assert runner.pending.label == "Workplaces built" and runner.pending.default == 5


# -- saves made before -----------------------------------------------------------------------------


def test_a_save_made_before_heirless_used_the_record_replays_as_played(tmp_path):
    """A game saved before these questions were answered from the record holds the table's answers
    to them: it replays as it was played, and the record answers them from then on."""
    path = tmp_path / FIXTURE.name
    shutil.copy(FIXTURE, path)
    saved = msgspec.json.decode(FIXTURE.read_bytes())["session"]
    og = OpenGame.open(path)
    assert og.runner.applied == len(saved["answers"])
    labels = [a["label"] for a in saved["answers"]]
    assert "Player 6 colour → Orange *" in labels  # asked then, with one colour left
    assert og.runner.session.facts_from == len(saved["answers"])  # answers given from here on use it
    assert not known_lines(og.runner)
