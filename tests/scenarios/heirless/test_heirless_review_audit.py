"""The rules reviewer's Heirless question audit HA-1 … HA-3 (issue 23 item 3,
tests/scenarios/review-2026-11/heirless.md, part B): a question whose answer the record has is
not asked (engine/facts.py, games/heirless/facts.py), and an answer the rules rule out is refused
in one line. Each docstring names the rule in the seed season-game-player-turns.txt ("PT", by
heading) or the data notes shared/rules/heirless.md ("N §")."""

from __future__ import annotations

from drivers import refused
from test_heirless_helpers import (
    answer, count_battles, enact, idle, log_texts, pick, player, recorded, set_up, standard,
)

SEATS = [("Blue", "Lord", ""), ("Green", "Lady", ""), ("Purple", "Lord", ""), ("Red", "Lady", "")]


def assign(runner, workers: int) -> None:
    standard(runner, "Assign")
    pick(runner, "Faction", "Wolf Tribe")
    answer(runner, "allowed", "y")
    answer(runner, "Workers", str(workers))


def test_ha_1_a_laws_threshold_said_once_is_not_asked_again():
    """HA-1 — PT: Enact (commit at least the threshold printed on the Law card; a Law not enacted
    stays available): Tax Law's threshold, 4, was said when Lord Blue first proposed it with only
    3 Influence (back to the actions); proposed again, the threshold comes from the record, and
    once Blue has enough the Law is in the list with it (the new-player playtest found it missing)."""
    runner = set_up(seats=SEATS)
    assign(runner, 3)
    enact(runner, "Tax Law")
    answer(runner, "Tax Law threshold", "4")
    answer(runner, "back to the actions", "")
    assert runner.state.standard_done == 1
    standard(runner, "Enact")  # again: the list names it, too dear for Blue's 3
    assert "Too dear now: Tax Law (4)." in runner.pending.text
    pick(runner, "which Law", "a Law not voted on yet")
    answer(runner, "Law name", "Tax Law")  # typed: its threshold is not asked
    assert recorded(runner, "Tax Law threshold → 4").startswith("Tax Law threshold → 4 (")
    answer(runner, "back to the actions", "")
    assign(runner, 2)  # Blue has 5 now
    answer(runner, "'s turn", "e")
    for _ in range(3):
        idle(runner)
    assert runner.state.players[runner.state.turn].colour == "Blue"
    standard(runner, "Enact")
    pick(runner, "which Law", "Tax Law (threshold 4")
    refused(runner, "2", "out of range")  # the commitment is at least the card's 4
    answer(runner, "commits", "4")
    answer(runner, "second chance", "0")  # nobody else has Influence
    answer(runner, "Apply Tax Law", "")
    law = runner.state.laws[-1]
    assert (law.name, law.threshold, law.enacted) == ("Tax Law", 4, True)
    assert "Tax Law: 4 for − 0 against = 4 vs threshold 4: enacted" in " ".join(log_texts(runner))


def test_ha_1_typed_again_by_name_the_threshold_is_the_cards():
    """HA-1 (typed) — PT: Enact: the Law typed by its name again (any case) takes the threshold
    said for it; no second value is asked, so none can be accepted."""
    runner = set_up({"influence": "2"}, seats=SEATS)
    enact(runner, "Tax Law")
    answer(runner, "Tax Law threshold", "4")
    answer(runner, "back to the actions", "")
    enact(runner, "tax law")
    assert runner.pending.label == "Enact: back to the actions"
    assert "at least 4 Influence to Tax Law" in runner.pending.text


def test_ha_2_the_workplace_count_is_carried_within_the_season():
    """HA-2 — PT: Build (at most 9; the discard to make room is part of the Build; Workplaces move
    only at Cleanup): after "9 of 9 built", the second Build of the turn is not asked the count;
    Clockwork's 9 is the record (reading workplaces-counted)."""
    runner = set_up(seats=SEATS[:3])
    standard(runner, "Build")
    pick(runner, "which Workplace", "a Workplace from hand")
    answer(runner, "Workplaces built", "9")
    answer(runner, "Discard to make room?", "y")
    answer(runner, "Pay", "")
    assert "Lord Blue builds a Workplace: 9 of 9 built" in log_texts(runner)
    standard(runner, "Build")
    pick(runner, "which Workplace", "a Workplace from hand")
    recorded(runner, "Workplaces built → 9")
    assert runner.pending.label == "Discard to make room?"
    assert player(runner, "Blue").workplaces == 9


def test_ha_3_a_tied_battle_always_removes_a_knight():
    """HA-3 — N §4 (HL-www battles: strength needs at least one Knight, every Knight outside the
    winning side is removed); PT: Tie Breaker: after a tie the losing side's Knights go, so at
    least 1 is removed: 0 is refused in one line."""
    runner = set_up(seats=SEATS)
    for _ in range(4):
        idle(runner)
    count_battles(runner, 1)
    answer(runner, "Battle 1: a tie?", "y")
    pick(runner, "tie in strength", "Lord Blue", "Bandits")
    answer(runner, "Battle 1: tie", "")
    refused(runner, "0", "out of range: 1 to")
    answer(runner, "Knights removed", "1")
    assert player(runner, "Blue").influence == 1


def test_ha_3_one_side_left_means_a_knight_removed():
    """HA-3 (no tie) — N §4: a Battle is between Knights of two sides or more, and one player's
    side alone survives: at least 1 Knight was removed."""
    runner = set_up(seats=SEATS)
    for _ in range(4):
        idle(runner)
    count_battles(runner, 1)
    answer(runner, "Battle 1: a tie?", "n")
    pick(runner, "survived", "Lady Green")
    refused(runner, "0", "out of range: 1 to")
    answer(runner, "Knights removed", "2")
    assert player(runner, "Green").influence == 2
