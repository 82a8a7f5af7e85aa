"""The rules reviewer's Heirless situations H-1 … H-6 (issue 23 item 3,
tests/scenarios/review-2026-11/heirless.md, part A), worked by hand from the seed
season-game-player-turns.txt ("PT", by heading) and the data notes shared/rules/heirless.md
("N §"). The expected values are the reviewer's. Clockwork keeps the tracker, Influence,
Prestige, the ledger, the Laws, the built Workplaces and the commissioned paths; Knights and
Resources stay on the table, so there the test checks what Clockwork asks and says."""

from __future__ import annotations

from test_heirless_helpers import (
    answer, count_battles, enact, free, idle, index, log_texts, next_steps_until, now, order,
    pick, player, prio, recorded, set_up, standard,
)
from tui.engine.prompts import Choice, Number
from tui.games.heirless.state import SEASON_END, TURNS
from tui.games.heirless.tracker import BANDITS, earliest


def menu(runner) -> list[str]:
    assert isinstance(runner.pending, Choice) and "'s turn" in runner.pending.text, runner.pending
    return [o.key for o in runner.pending.options]


def assign(runner, workers: int, faction: str = "Wolf Tribe") -> None:
    standard(runner, "Assign")
    pick(runner, "Faction", faction)
    answer(runner, "allowed", "y")
    answer(runner, "Workers", str(workers))


def tie(runner, number: int, *sides: str, alliance: str = "") -> str:
    """A tied Battle: the tied sides (their labels), an Alliance if any; returns the tie line."""
    answer(runner, f"Battle {number}: a tie?", "y")
    pick(runner, "tie in strength", *sides)
    if alliance:
        pick(runner, "Alliance", alliance)
    line = runner.pending.text
    answer(runner, f"Battle {number}: tie", "")
    return line


# ---- H-1 -------------------------------------------------------------------------------------

def test_h_1_the_tracker_over_two_seasons_bandits_last_then_first():
    """H-1 — PT: Idling; Player Turn Order and Tie Breaker (examples A-C: the right half starts at
    the Bandit cube, the left half ends at it; Idlers go after non-Idlers); N §3. Season 1's
    Battles: Blue beats the Bandits on a tie; Season 2 (left half acting): the Bandits beat the
    Idle Blue, in the Action Phase and in the Battles; Season 3 starts at the Bandits."""
    seats = [("Blue", "Lord", ""), ("Green", "Lady", ""), ("Purple", "Lord", "")]
    runner = set_up(seats=seats)
    assert order(runner) == ["Bandits", "Blue", "Green", "Purple"]
    standard(runner, "Deploy")  # 1. Blue deploys a Knight to Meadow, then Idles
    answer(runner, "Deploy: where", "t")
    answer(runner, "Which Tile", "Meadow")
    idle(runner)
    assert runner.state.tracker.left[0] == index(runner, "Blue")
    idle(runner)  # Green
    idle(runner)  # Purple: everyone Idle, the halves swap
    assert runner.state.phase == SEASON_END
    assert prio(runner) == ["Blue", "Green", "Purple", "Bandits"]  # 2. S1 Battles
    count_battles(runner, 1)
    line = tie(runner, 1, "Lord Blue", "Bandits")
    assert line.startswith("Battle 1, a tie: Blue › Bandits. Lord Blue wins")
    answer(runner, "Knights removed", "1")
    assert player(runner, "Blue").influence == 1
    next_steps_until(runner)
    assert runner.state.season == 2 and runner.state.tracker.action == "left"
    assert now(runner) == "Blue"
    idle(runner)  # 3. Blue Idles at once → right spot 1
    assert runner.state.tracker.right[0] == index(runner, "Blue")
    assert order(runner) == ["Green", "Purple", "Bandits"]  # 4. mid-Season 2
    assert prio(runner) == ["Green", "Purple", "Bandits", "Blue"]
    assert earliest(runner.state.tracker, [BANDITS, index(runner, "Blue")]) == BANDITS
    idle(runner)  # 5. Green (right 2), Purple (right 3): the halves swap
    idle(runner)
    assert prio(runner) == ["Bandits", "Blue", "Green", "Purple"]
    count_battles(runner, 1)  # 6. S2 Battle on Meadow: Blue and the Bandits tie
    line = tie(runner, 1, "Lord Blue", "Bandits")
    assert line.startswith("Battle 1, a tie: Bandits › Blue. Bandits win: no player's Knights stay")
    assert "Battle 1: no player's Knights survived" in log_texts(runner)
    assert player(runner, "Blue").influence == 1
    next_steps_until(runner)
    assert runner.state.season == 3 and runner.state.phase == TURNS  # 7. S3
    assert order(runner) == ["Bandits", "Blue", "Green", "Purple"]
    assert now(runner) == "Blue"  # the Bandits take no turn (reading bandit-turns)


# ---- H-2 -------------------------------------------------------------------------------------

def test_h_2_a_law_vote_with_an_idle_voter_fails_and_those_against_gain():
    """H-2 — PT: Enact (reverse Player Turn Order, the proposer twice; for − against against the
    threshold; all spent Influence discarded; the winning way +2 Prestige; a failed vote still
    counts as a Standard Action); Tie Breaker (Idlers last, so first in reverse). Readings
    vote-order, vote-against, vote-zero (a player with no Influence is not asked)."""
    seats = [("Blue", "Lord", ""), ("Green", "Lady", ""), ("Purple", "Lord", ""), ("Red", "Lady", "")]
    runner = set_up({"prestige": "10"}, seats=seats)
    assign(runner, 3)  # Blue: +3 Influence, then Idle
    idle(runner)
    assert player(runner, "Blue").influence == 3
    assign(runner, 4, "Cat Tribe")  # Green: Influence 4
    enact(runner, "Road Law", 3)
    answer(runner, "commits", "3")
    assert player(runner, "Green").influence == 1
    asked = []
    for amount in ("-2", "1"):  # Blue 2 against; Red and Purple have nothing; Green 1 more for
        assert isinstance(runner.pending, Number)
        asked.append(runner.pending.label)
        runner.answer(amount)
    assert asked == ["Lord Blue votes", "Lady Green adds for"]
    texts = log_texts(runner)
    assert "Lady Red has no Influence to spend on Road Law" in texts
    assert "Lord Purple has no Influence to spend on Road Law" in texts
    assert texts.index("Lady Red has no Influence to spend on Road Law") < \
        texts.index("Lord Purple has no Influence to spend on Road Law")
    law = runner.state.laws[-1]
    assert not law.enacted  # 4 − 2 = 2 < 3
    assert any(t.startswith("Road Law: 4 for − 2 against = 2 vs threshold 3: not enacted") for t in texts)
    assert (player(runner, "Blue").influence, player(runner, "Green").influence) == (1, 0)
    assert [player(runner, c).prestige for c in ("Blue", "Green", "Purple", "Red")] == [12, 10, 10, 10]
    assert runner.state.standard_done == 2 and menu(runner) == ["f", "e"]
    answer(runner, "'s turn", "e")
    # The threshold is known now: proposed again, Road Law is offered with it and not asked.
    assert now(runner) == "Purple"
    assign(runner, 4, "Fox Tribe")
    standard(runner, "Enact")
    pick(runner, "which Law", "Road Law (threshold 3")
    assert runner.pending.label == "Influence committed"
    # The same Law typed by name is not asked either.
    runner.undo(1)
    pick(runner, "which Law", "a Law not voted on yet")
    answer(runner, "Law name", "road law")
    assert runner.pending.label == "Influence committed" and "for Road Law (at least 3" in runner.pending.text


# ---- H-3 -------------------------------------------------------------------------------------

def test_h_3_building_at_the_cap_and_the_sovereign_workplace_at_cleanup():
    """H-3 — PT: Build (at most 9; at the limit a Workplace with no Workers is discarded as part of
    the Build, its Resources lost; the Sovereign Workplace follows the same rules and is discarded
    at Cleanup); N §1 step 7. Counts 9 → (refused) 9 → 9 → 8 → 9.

    The reviewer asks Clockwork to carry the count, not ask it at every Build (HA-2). It does
    within a Season; at a Season's first Build it offers its own count for the table to confirm,
    since what Cleanup may move besides the Sovereign Workplace is not in our sources (reading
    workplaces-counted): here the table confirms with Enter."""
    seats = [("Purple", "Lord", ""), ("Blue", "Lord", ""), ("Green", "Lady", "")]
    runner = set_up(seats=seats)
    purple = player(runner, "Purple")
    standard(runner, "Build")  # 1. every Workplace staffed: no room
    pick(runner, "which Workplace", "a Workplace from hand")
    answer(runner, "Workplaces built", "9")
    answer(runner, "Discard to make room?", "n")
    assert "Lord Purple cannot Build: 9 Workplaces already built" in log_texts(runner)
    assert purple.workplaces == 9 and runner.state.standard_done == 0  # the action given back
    for _ in range(3):
        idle(runner)
    count_battles(runner, 0)
    next_steps_until(runner)
    assert runner.state.season == 2  # 2. W5 has no Workers now: the Sovereign Workplace
    while now(runner) != "Purple":
        idle(runner)
    standard(runner, "Build")
    pick(runner, "which Workplace", "the Sovereign Workplace")
    assert runner.pending.default == 9  # Clockwork's count, offered
    answer(runner, "Workplaces built", "")
    answer(runner, "Discard to make room?", "y")  # W5 and its 2 Logs
    answer(runner, "Pay", "")
    assert purple.workplaces == 9 and purple.sovereign
    assert "Lord Purple builds the Sovereign Workplace: 9 of 9 built" in log_texts(runner)
    while runner.state.phase == TURNS:
        idle(runner)
    count_battles(runner, 0)
    next_steps_until(runner, "Cleanup")  # 3. the Sovereign Workplace goes
    assert purple.workplaces == 8 and not purple.sovereign
    next_steps_until(runner)
    assert runner.state.season == 3  # 4. from hand, no discard needed
    while now(runner) != "Purple":
        idle(runner)
    standard(runner, "Build")
    pick(runner, "which Workplace", "a Workplace from hand")
    assert runner.pending.default == 8
    answer(runner, "Workplaces built", "")
    answer(runner, "Pay", "")  # no discard question below the limit
    assert purple.workplaces == 9 and runner.state.standard_done == 1


# ---- H-4 -------------------------------------------------------------------------------------

def test_h_4_an_alliance_tie_then_a_tie_with_the_bandits():
    """H-4 — N §3-4 (HL-www battles: an Alliance takes the weaker of its two priorities; all
    Knights outside the strongest side are removed; survivors +1 Influence per removed Knight);
    PT: Tie Breaker (after all Idle, who Idled sooner wins). S1 Idle order Purple, Yellow, Green,
    Blue: Battles priorities Purple, Yellow, Green, Blue, Bandits."""
    seats = [("Purple", "Lady", ""), ("Yellow", "Lord", ""), ("Green", "Lady", ""), ("Blue", "Lord", "")]
    runner = set_up(seats=seats)
    for _ in range(4):
        idle(runner)
    assert prio(runner) == ["Purple", "Yellow", "Green", "Blue", "Bandits"]
    count_battles(runner, 2)
    # 1. Meadow: Purple + Blue allied (4) against Yellow (4): the Alliance ranks at Blue's 4th place.
    line = tie(runner, 1, "Lady Purple", "Lord Yellow", "Lord Blue", alliance="Lady Purple + Lord Blue")
    assert line.startswith("Battle 1, a tie: Yellow › Purple + Blue (allied: ranked at Blue's place, the later). "
                           "Lord Yellow wins")
    answer(runner, "Knights removed", "3")
    # 2. Thicket: Green 2 against the Bandits 2: Green (3rd) before the Bandits (5th).
    line = tie(runner, 2, "Lady Green", "Bandits")
    assert line.startswith("Battle 2, a tie: Green › Bandits. Lady Green wins")
    answer(runner, "Knights removed", "2")
    assert [player(runner, c).influence for c in ("Purple", "Yellow", "Green", "Blue")] == [0, 3, 2, 0]


# ---- H-5 -------------------------------------------------------------------------------------

def broken_promise_tied_vote(runner) -> None:
    """Promise #1 signed by Lord Blue and Lady Green; Green reports Blue's break, Blue disagrees;
    the vote of all players ends 2 yay, 2 nay."""
    free(runner, "Guarantee")
    pick(runner, "signs", "Lord Blue", "Lady Green")
    answer(runner, "promise", "If possible, we will not Deploy to Meadow this Season")
    free(runner, "Oathbreak")
    recorded(runner, "Broken promise → ")  # the only promise in force
    pick(runner, "Who failed", "Lord Blue")
    answer(runner, "agree", "n")
    for voter, yay in (("Lord Blue", "n"), ("Lady Green", "y"), ("Lord Purple", "y"), ("Lady Red", "n")):
        answer(runner, f"{voter} on #1", yay)


SEATS_5 = [("Blue", "Lord", ""), ("Green", "Lady", ""), ("Purple", "Lord", ""), ("Red", "Lady", "")]


def test_h_5_a_tied_oathbreak_vote_is_the_tables_call_and_only_the_breaker_pays():
    """H-5 — PT: Guarantee (only the parties failing pay 20; an Oathbreak voids the promise; a
    disagreement goes to a yay/nay vote of all players, which the rules give no tie rule for).
    Clockwork does not settle 2 yay, 2 nay by itself: it asks the table (reading dispute-tie)."""
    runner = set_up({"prestige": "10"}, seats=SEATS_5)
    broken_promise_tied_vote(runner)
    assert isinstance(runner.pending, Choice) and "2 yay, 2 nay" in runner.pending.text
    assert not any("stands" in t or "broken by vote" in t for t in log_texts(runner))
    pick(runner, "tie", "an Oathbreak")
    blue, green = player(runner, "Blue"), player(runner, "Green")
    assert (blue.prestige, blue.oathbreaks) == (-10, 1)
    assert (green.prestige, green.oathbreaks) == (10, 0)
    assert runner.state.promises[0].broken and runner.state.promises[0].broken_by == [index(runner, "Blue")]
    assert "Promise #1 is void: cross it out" in log_texts(runner)


def test_h_5_the_table_may_settle_the_tie_for_the_promise():
    """H-5 (the other answer) — PT: Guarantee: the table settles the tie as no Oathbreak; the
    promise stays in force and nobody pays."""
    runner = set_up({"prestige": "10"}, seats=SEATS_5)
    broken_promise_tied_vote(runner)
    pick(runner, "tie", "no Oathbreak")
    assert all(p.prestige == 10 and p.oathbreaks == 0 for p in runner.state.players)
    assert not runner.state.promises[0].broken
    assert "Promise #1 stands: 2 yay, 2 nay, the tie settled by the table" in log_texts(runner)


# ---- H-6 -------------------------------------------------------------------------------------

def test_h_6_a_commissioned_path_for_one_season_only():
    """H-6 — PT: Commission (a Worker to Employed, no Influence; for the rest of the Season the
    path is the owner's Free Action, X of A + X of B → X of C); Free Actions (at any time, even
    on another player's turn). Reading paths-close: the path closes at Cleanup."""
    seats = [("Blue", "Lord", ""), ("Green", "Lady", ""), ("Purple", "Lord", "")]
    runner = set_up({"influence": "1"}, seats=seats)
    standard(runner, "Commission")
    answer(runner, "path", "Bricks + Logs → Marble")
    assert player(runner, "Blue").influence == 1  # no Influence for that Worker
    idle(runner)  # Blue Idles
    assert now(runner) == "Green"
    free(runner, "Convert")  # on Green's turn, Blue Idle: Blue's path, the only one
    assert recorded(runner, "Convert: path → ").startswith("Convert: path → Lord Blue: Bricks + Logs → Marble")
    answer(runner, "how many", "2")
    assert "Lord Blue converts along 'Bricks + Logs → Marble' with X = 2" in log_texts(runner)
    idle(runner)
    idle(runner)
    count_battles(runner, 0)
    next_steps_until(runner)
    assert runner.state.season == 2 and all(p.paths == [] for p in runner.state.players)
    answer(runner, "'s turn", "f")
    assert "Convert along a commissioned path" not in [o.label for o in runner.pending.options]
