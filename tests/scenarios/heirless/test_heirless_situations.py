"""Worked situations for Heirless from the rules reviewer (issue 17, /work/scenarios/heirless.md),
driven through the game's procedures with the table's answers. Each docstring names the situation
(H<n>) and its source: the seed season-game-player-turns.txt ("RT" in the situations) by heading,
and the data notes shared/rules/heirless.md. Clockwork keeps the tracker, Influence, Prestige,
the ledger, Laws, built Workplaces and commissioned paths; Knights, Resources and Workers stay on
the table, so where a situation counts those the test checks what Clockwork asks and tells."""

from __future__ import annotations

import re

import pytest

from drivers import refused
from test_heirless_helpers import (
    answer, count_battles, enact, free, guarantee, idle, index, log_texts, next_steps_until, now,
    order, pick, player, prio, recorded, rules, set_up, standard,
)
from tui.engine.prompts import AnswerError, CardEntry, Choice, Number
from tui.games.heirless.state import SEASON_END, TURNS
from tui.games.heirless.tracker import BANDITS, earliest

BGP = [("Blue", "Lord", "Ada"), ("Green", "Lady", "Bram"), ("Purple", "Lord", "Cleo")]


def give(runner, colour: str, influence: int | None = None, prestige: int | None = None) -> None:
    """A given of the start: the table's counts (the setup form sets one value for everyone)."""
    p = player(runner, colour)
    if influence is not None:
        p.influence = influence
    if prestige is not None:
        p.prestige = prestige


def deploy(runner, tile: str = "Meadow") -> None:
    standard(runner, "Deploy")
    answer(runner, "Deploy: where", "t")
    answer(runner, "Which Tile", tile)


def two_actions_and_end(runner) -> None:
    deploy(runner)
    deploy(runner, "Valley")
    answer(runner, "'s turn", "e")


def menu(runner) -> list[str]:
    assert isinstance(runner.pending, Choice) and "'s turn" in runner.pending.text, runner.pending
    return [o.key for o in runner.pending.options]


def standard_labels(runner) -> list[str]:
    answer(runner, "'s turn", "s")
    labels = [o.label for o in runner.pending.options]
    pick(runner, "Standard Action", "back")
    return labels


def propose(runner, law: str, threshold: int, commit: int) -> None:
    enact(runner, law, threshold)
    answer(runner, "commits", str(commit))


def votes_asked(runner, amounts: dict[str, int]) -> list[str]:
    """Answer the vote prompts in the order asked; returns the colours in that order."""
    asked = []
    while isinstance(runner.pending, Number) and "Influence" in runner.pending.text:
        colour = next(c for c in amounts if f" {c}" in runner.pending.label)
        asked.append(colour)
        runner.answer(str(amounts[colour]))
    return asked


def example_a_to_c(runner) -> None:
    """Blue Idles first, so the tracker stands as in the rules' example A."""
    idle(runner)


def to_season_end(runner, idle_order: list[str]) -> None:
    for colour in idle_order:
        assert now(runner) == colour
        idle(runner)
    assert runner.state.phase == SEASON_END


def battles_at(runner, count: int = 1) -> None:
    count_battles(runner, count)


# ---- H1 - H3: the tracker and the turns ---------------------------------------------------------

def test_h1_the_rules_example_orders_priorities_and_the_swap():
    """H1 — RT: Player Turn Order and Tie Breaker (examples A, B, C); notes §3."""
    runner = set_up(seats=BGP)
    example_a_to_c(runner)
    assert order(runner) == ["Bandits", "Green", "Purple"]
    assert prio(runner) == ["Bandits", "Green", "Purple", "Blue"]
    assert now(runner) == "Green"
    idle(runner)  # example B
    assert order(runner) == ["Bandits", "Purple"]
    assert prio(runner) == ["Bandits", "Purple", "Blue", "Green"]
    assert now(runner) == "Purple"  # the Bandits take no turn (reading bandit-turns)
    idle(runner)  # example C
    assert runner.state.phase == SEASON_END and runner.state.turn is None
    assert order(runner) == prio(runner) == ["Blue", "Green", "Purple", "Bandits"]


def test_h2_the_next_season_bandits_last_then_first_in_the_battles():
    """H2 — RT: Player Turn Order and Tie Breaker (right half starts at the Bandit cube, left half
    ends at it; Idlers go to the next free spot of the other half; sooner Idlers win Battle ties)."""
    runner = set_up(seats=BGP)
    to_season_end(runner, ["Blue", "Green", "Purple"])
    battles_at(runner, 0)
    next_steps_until(runner)
    assert runner.state.phase == TURNS and runner.state.season == 2
    assert order(runner) == ["Blue", "Green", "Purple", "Bandits"]
    seen = [now(runner)]
    two_actions_and_end(runner)  # Blue
    seen.append(now(runner))
    deploy(runner)  # Green: 1 Standard Action, then Idle
    idle(runner)
    assert runner.state.tracker.right[:1] == [index(runner, "Green")]
    assert order(runner) == ["Blue", "Purple", "Bandits"]
    assert prio(runner) == ["Blue", "Purple", "Bandits", "Green"]
    seen.append(now(runner))
    two_actions_and_end(runner)  # Purple
    seen.append(now(runner))
    idle(runner)  # Blue
    assert prio(runner) == ["Purple", "Bandits", "Green", "Blue"]
    seen.append(now(runner))
    idle(runner)  # Purple
    assert seen == ["Blue", "Green", "Purple", "Blue", "Purple"]
    assert prio(runner) == ["Bandits", "Green", "Blue", "Purple"]
    assert earliest(runner.state.tracker, [BANDITS, index(runner, "Green")]) == BANDITS
    assert earliest(runner.state.tracker, [index(runner, "Blue"), index(runner, "Green")]) == index(runner, "Green")
    battles_at(runner, 0)
    next_steps_until(runner)
    assert runner.state.season == 3 and now(runner) == "Green"


def test_h3_two_standard_actions_one_and_idle_or_idle_turns_repeat():
    """H3 — RT: Player Turns; Summary of Available Actions; Idling; Free Actions (any time)."""
    seats = [("Red", "Lady", ""), ("Blue", "Lord", ""), ("Green", "Lady", "")]
    runner = set_up(seats=seats)
    done = {"Red": 0, "Blue": 0, "Green": 0}

    def act(colour, name):
        assert now(runner) == colour
        if name == "Assign":
            standard(runner, "Assign")
            pick(runner, "Faction", "Wolf Tribe")
            answer(runner, "allowed", "y")
            answer(runner, "Workers", "1")
        elif name == "Build":
            standard(runner, "Build")
            answer(runner, "which Workplace", "")
            answer(runner, "Workplaces built", "")
            answer(runner, "Pay", "")
        elif name == "Commission":
            standard(runner, "Commission")
            answer(runner, "path", "Bricks + Logs → Marble")
        else:
            deploy(runner)
        done[colour] += 1

    act("Red", "Assign")
    assert menu(runner) == ["s", "f", "x"]  # no end of turn after one Standard Action
    act("Red", "Build")
    assert menu(runner) == ["f", "e"]  # no third Standard Action
    answer(runner, "'s turn", "e")
    act("Blue", "Deploy")
    idle(runner)
    assert now(runner) == "Green"
    idle(runner)
    act("Red", "Commission")
    free(runner, "Haggle")  # Green, already Idle, haggles during Red's turn
    pick(runner, "Who trades", "Lady Green", "Lady Red")
    pick(runner, "goods", "Resources")
    answer(runner, "changed hands", "Green gives 2 Logs to Red for 1 Brick")
    act("Red", "Deploy")
    answer(runner, "'s turn", "e")
    assert now(runner) == "Red" and runner.state.phase == TURNS  # Blue and Green Idle: Red again
    idle(runner)
    assert runner.state.phase == SEASON_END
    assert done == {"Red": 4, "Blue": 1, "Green": 0}
    assert order(runner) == ["Blue", "Green", "Red", "Bandits"]
    assert any("Haggle between Lady Red, Lady Green" in t for t in log_texts(runner))


# ---- H4 - H9: costs, gains, Laws, Workplaces ----------------------------------------------------

def test_h4_zero_influence_assign_pays_then_flee_is_possible():
    """H4 — RT: Assign (+1 Influence per Worker; Bandit Tiles count), Flee (1 Influence; not from
    the Capital), Enact (commit the threshold). Reading enact-influence: with 0 Influence, Flee and
    Enact are not offered (the menu says what they cost), so neither uses a Standard Action."""
    seats = [("Red", "Lady", ""), ("Blue", "Lord", ""), ("Green", "Lady", "")]
    runner = set_up(seats=seats)
    labels = standard_labels(runner)
    assert not any(label.startswith(("Flee", "Enact")) for label in labels)
    assert runner.state.standard_done == 0
    standard(runner, "Assign")
    pick(runner, "Faction", "Cat Tribe")
    assert "camps count" in runner.pending.text  # the Cat camp is a Cat Tile
    answer(runner, "allowed", "y")
    answer(runner, "Workers", "2")
    assert player(runner, "Red").influence == 2 and runner.state.standard_done == 1
    standard(runner, "Flee")
    assert isinstance(runner.pending, CardEntry) and "Capital" not in runner.pending.cards
    answer(runner, "flee from", "Meadow")
    assert player(runner, "Red").influence == 1 and runner.state.standard_done == 2
    assert menu(runner) == ["f", "e"]  # no Enact left this turn


def test_h5_law_vote_reverse_order_proposer_twice_net_below_threshold_fails():
    """H5 — RT: Enact (reverse Player Turn Order; the current player votes twice; for − against ≥
    threshold; all spent Influence discarded; the winning way +2 Prestige; a failed vote still uses
    the action). Reading vote-against: those against won."""
    seats = [("Red", "Lady", ""), ("Blue", "Lord", ""), ("Green", "Lady", ""), ("Yellow", "Lord", "")]
    runner = set_up({"prestige": "10"}, seats=seats)
    two_actions_and_end(runner)  # Red
    for colour, amount in (("Red", 2), ("Blue", 7), ("Green", 3), ("Yellow", 4)):
        give(runner, colour, influence=amount)
    propose(runner, "Law L", 4, 4)
    asked = votes_asked(runner, {"Yellow": -3, "Green": 1, "Blue": 2, "Red": -1})
    assert asked == ["Yellow", "Green", "Blue", "Red"]
    assert [player(runner, c).influence for c in ("Red", "Blue", "Green", "Yellow")] == [1, 1, 2, 1]
    assert [player(runner, c).prestige for c in ("Red", "Blue", "Green", "Yellow")] == [12, 10, 10, 12]
    law = runner.state.laws[-1]
    assert not law.enacted and runner.state.standard_done == 1
    assert menu(runner) == ["s", "f", "x"]


def test_h6_idle_players_vote_first_abstention_is_no_vote():
    """H6 — RT: Enact; Tie Breaker (example B). Readings vote-order (the reverse of the priorities,
    Idlers included) and vote-zero (spending 0 is no vote)."""
    runner = set_up({"prestige": "10"}, seats=BGP)
    idle(runner)  # Blue
    idle(runner)  # Green
    assert now(runner) == "Purple"
    for colour, amount in (("Purple", 5), ("Blue", 2), ("Green", 4)):
        give(runner, colour, influence=amount)
    propose(runner, "Law M", 2, 3)
    assert votes_asked(runner, {"Green": 0, "Blue": 1, "Purple": 0}) == ["Green", "Blue", "Purple"]
    assert runner.state.laws[-1].enacted
    assert [player(runner, c).influence for c in ("Purple", "Blue", "Green")] == [2, 1, 4]
    assert [player(runner, c).prestige for c in ("Purple", "Blue", "Green")] == [12, 12, 10]


def test_h7_a_commissioned_path_is_the_owners_free_action_for_the_season():
    """H7 — RT: Commission (no Influence; a Free Action for the rest of the Season; only the board's
    owner). Reading paths-close: the path closes at the Season's Cleanup. Resources stay on the
    table: Clockwork logs each conversion under the owner's name."""
    seats = [("Green", "Lady", ""), ("Blue", "Lord", ""), ("Purple", "Lord", "")]
    runner = set_up({"influence": "1"}, seats=seats)
    standard(runner, "Commission")
    answer(runner, "path", "Bricks + Logs → Marble")
    assert player(runner, "Green").influence == 1
    free(runner, "Convert")  # the only path open this Season: the record names it
    answer(runner, "how many", "3")
    idle(runner)  # Green: 1 Standard Action then Idle
    assert now(runner) == "Blue"
    free(runner, "Haggle")
    pick(runner, "Who trades", "Lady Green", "Lord Blue")
    pick(runner, "goods", "Resources")
    answer(runner, "changed hands", "Blue gives Green 2 Bricks")
    free(runner, "Convert")
    assert recorded(runner, "Convert: path → ") == (
        "Convert: path → Lady Green: Bricks + Logs → Marble (the only path commissioned this Season)")  # Green's
    answer(runner, "how many", "2")
    assert "Lady Green converts along 'Bricks + Logs → Marble' with X = 2" in log_texts(runner)
    idle(runner)
    idle(runner)
    battles_at(runner, 0)
    next_steps_until(runner)
    assert runner.state.season == 2 and player(runner, "Green").paths == []
    answer(runner, "'s turn", "f")
    assert "Convert along a commissioned path" not in [o.label for o in runner.pending.options]


def test_h8_at_nine_workplaces_a_build_discards_an_empty_one_or_is_refused():
    """H8 — RT: Build (at most 9; at the limit discard one with no Workers, its Resources lost, as
    part of the build)."""
    seats = [("Yellow", "Lady", ""), ("Blue", "Lord", ""), ("Green", "Lady", "")]
    runner = set_up(seats=seats)
    standard(runner, "Build")
    answer(runner, "which Workplace", "1")
    answer(runner, "Workplaces built", "9")
    assert "Discard one with no Workers assigned (its Resources are lost)" in runner.pending.text
    answer(runner, "Discard to make room?", "y")
    answer(runner, "Pay", "")
    assert player(runner, "Yellow").workplaces == 9 and runner.state.standard_done == 1
    standard(runner, "Build")  # second case: no Workplace without Workers
    answer(runner, "which Workplace", "1")
    recorded(runner, "Workplaces built → 9 (said this Season")  # counted since the table said 9
    answer(runner, "Discard to make room?", "n")
    assert player(runner, "Yellow").workplaces == 9 and runner.state.standard_done == 1


def test_h9_the_sovereign_workplace_counts_and_leaves_at_cleanup():
    """H9 — RT: Build (the Sovereign Workplace follows the same rules and is discarded at Cleanup);
    notes §1 (step 7 Cleanup)."""
    seats = [("Red", "Lady", ""), ("Blue", "Lord", ""), ("Green", "Lady", "")]
    runner = set_up(seats=seats)
    standard(runner, "Build")
    pick(runner, "which Workplace", "the Sovereign Workplace")
    answer(runner, "Workplaces built", "8")
    answer(runner, "Pay", "")
    red = player(runner, "Red")
    assert red.workplaces == 9 and red.sovereign
    standard(runner, "Build")  # from hand: only by discarding one without Workers
    # The Sovereign is not offered twice; the count is the one said this Season, and the Build since.
    assert recorded(runner, "Workplaces built → 9") == \
        "Workplaces built → 9 (said this Season; Clockwork counted the Builds since)"
    answer(runner, "Discard to make room?", "n")  # Red keeps the Sovereign: no Build
    assert red.workplaces == 9 and runner.state.standard_done == 1
    idle(runner)
    idle(runner)
    idle(runner)
    battles_at(runner, 0)
    next_steps_until(runner, "Cleanup")
    assert red.workplaces == 8 and not red.sovereign


def test_h9_the_sovereign_workplace_may_be_the_one_discarded_to_make_room():
    """H9 (other branch) — RT: Build: the only Workplace without Workers is the Sovereign one."""
    seats = [("Red", "Lady", ""), ("Blue", "Lord", ""), ("Green", "Lady", "")]
    runner = set_up(seats=seats)
    standard(runner, "Build")
    pick(runner, "which Workplace", "the Sovereign Workplace")
    answer(runner, "Workplaces built", "8")
    answer(runner, "Pay", "")
    standard(runner, "Build")
    answer(runner, "Discard to make room?", "y")
    answer(runner, "Sovereign", "y")
    answer(runner, "Pay", "")
    red = player(runner, "Red")
    assert red.workplaces == 9 and not red.sovereign


# ---- H10 - H12: Battles ----------------------------------------------------------------------

def test_h10_a_tie_between_two_players_goes_to_the_sooner_idler_only_its_knights_stay():
    """H10 — notes §3 (Battle ties: who Idled sooner), §4 (only the strongest side stays;
    survivors +1 Influence per removed Knight); RT: Tie Breaker."""
    runner = set_up(seats=BGP)
    to_season_end(runner, ["Blue", "Green", "Purple"])
    give(runner, "Purple", influence=3)
    battles_at(runner)
    answer(runner, "Battle 1: a tie?", "y")
    pick(runner, "tie in strength", "Lady Green", "Lord Purple")
    assert runner.pending.text.startswith("Battle 1, a tie: Green › Purple. Lady Green wins: only their Knights")
    answer(runner, "Battle 1: tie", "")
    answer(runner, "Knights removed", "2")
    assert player(runner, "Green").influence == 2 and player(runner, "Purple").influence == 3


@pytest.mark.parametrize("case", ["A", "B"])
def test_h11_a_tie_with_the_bandits_goes_by_where_the_bandit_cube_stands(case):
    """H11 — notes §3 (Bandits first in one Action Phase, last in the next), §4 (Bandits fight as
    a player); RT: Tie Breaker. Case A: Season 1 Battles (Blue before the Bandits); case B: Season
    2 Battles (the Bandits first). The table counts a removed Bandit as a removed Knight."""
    runner = set_up(seats=BGP)
    to_season_end(runner, ["Blue", "Green", "Purple"])
    if case == "B":
        battles_at(runner, 0)
        next_steps_until(runner)
        to_season_end(runner, ["Blue", "Green", "Purple"])
        # Season 2: order Blue, Green, Purple, Bandits; each Idles → right half after the Bandits.
        assert prio(runner)[0] == "Bandits"
    battles_at(runner)
    answer(runner, "Battle 1: a tie?", "y")
    pick(runner, "tie in strength", "Lord Blue", "Bandits")
    answer(runner, "Battle 1: tie", "")
    if case == "A":
        answer(runner, "Knights removed", "2")
        assert player(runner, "Blue").influence == 2
    else:
        assert "Battle 1: no player's Knights survived" in log_texts(runner)
        assert player(runner, "Blue").influence == 0


def test_h12_an_alliance_ties_at_its_weaker_priority_and_loses():
    """H12 — notes §3 (an Alliance takes the weaker of its two priorities), §4 (only the strongest
    side stays; +1 Influence per removed Knight)."""
    runner = set_up(seats=BGP)
    to_season_end(runner, ["Blue", "Green", "Purple"])
    battles_at(runner)
    answer(runner, "Battle 1: a tie?", "y")
    pick(runner, "tie in strength", "Lord Blue", "Lady Green", "Lord Purple")
    pick(runner, "Alliance", "Lord Blue + Lord Purple")
    assert "Green › Blue + Purple (allied: ranked at Purple's place" in runner.pending.text
    answer(runner, "Battle 1: tie", "")
    answer(runner, "Knights removed", "3")
    assert [player(runner, c).influence for c in ("Blue", "Green", "Purple")] == [0, 3, 0]


def test_h12_reverse_an_alliance_strongest_each_survivor_gains():
    """H12 (reverse case) — notes §4; the reviewer asks the app to ask who gains: reading
    battle-influence (each surviving player gains 1 per removed Knight) is what Clockwork does,
    named under `g`; the table picks the survivors, so an Alliance's two players both gain."""
    runner = set_up(seats=BGP)
    to_season_end(runner, ["Blue", "Green", "Purple"])
    battles_at(runner)
    answer(runner, "Battle 1: a tie?", "n")
    pick(runner, "survived", "Lord Blue", "Lord Purple")
    answer(runner, "Knights removed", "1")
    assert [player(runner, c).influence for c in ("Blue", "Green", "Purple")] == [1, 0, 1]
    assert "battle-influence" in {r.id for r in rules().readings}


# ---- H13 - H17: the ledger and haggles -------------------------------------------------------

def test_h13_a_joint_promise_broken_by_one_party_only_that_party_pays():
    """H13 — RT: Guarantee (only the parties failing pay 20; the promise is voided). Reading
    prestige-below-zero: Clockwork keeps both numbers, the Oathbreak count and the Prestige net of
    the penalty (14 − 20 = −6)."""
    seats = [("Red", "Lord", ""), ("Blue", "Lady", ""), ("Green", "Lady", "")]
    runner = set_up(seats=seats)
    for colour, prestige in (("Red", 14), ("Blue", 25), ("Green", 8)):
        give(runner, colour, prestige=prestige)
    free(runner, "Guarantee")
    pick(runner, "signs", "Lord Red", "Lady Blue")
    answer(runner, "promise", "Red and Blue each give Green 1 Brick on her next turn")
    free(runner, "Oathbreak")  # the only promise in force: the record names it
    assert [o.label for o in runner.pending.options] == ["Lord Red", "Lady Blue"]  # signatories only
    pick(runner, "Who failed", "Lord Red")
    answer(runner, "agree", "y")
    red, blue, green = (player(runner, c) for c in ("Red", "Blue", "Green"))
    assert (red.prestige, red.oathbreaks) == (-6, 1)
    assert (blue.prestige, blue.oathbreaks, green.prestige) == (25, 0, 8)
    assert runner.state.promises[0].broken
    answer(runner, "'s turn", "f")
    assert "Oathbreak: mark a promise broken" not in [o.label for o in runner.pending.options]


def test_h14_a_disputed_oathbreak_tied_vote_is_no_oathbreak_and_spends_nothing():
    """H14 — RT: Guarantee (a yay/nay vote of all players, not Influence). Reading dispute-tie: the
    rules give the vote no tie rule, so the table settles the tie (issue 23 item 3, H-5); here it
    says no Oathbreak, and the promise stays in force."""
    seats = [("Red", "Lord", ""), ("Blue", "Lord", ""), ("Green", "Lady", ""), ("Yellow", "Lady", "")]
    runner = set_up({"influence": "2", "prestige": "10"}, seats=seats)
    give(runner, "Green", influence=3)
    guarantee(runner, "Lady Green", "If possible, Green will not Deploy a Knight to the Meadow this Season")
    free(runner, "Oathbreak")  # one promise, one signatory: the record names both
    recorded(runner, "Breaking parties → Lady Green")
    answer(runner, "agree", "n")
    for colour, yay in (("Red", "y"), ("Blue", "n"), ("Green", "n"), ("Yellow", "y")):
        answer(runner, f"Lady {colour}" if colour in ("Green", "Yellow") else f"Lord {colour}", yay)
    pick(runner, "the tie", "no Oathbreak")
    green = player(runner, "Green")
    assert (green.prestige, green.oathbreaks, green.influence) == (10, 0, 3)
    assert all(p.prestige == 10 for p in runner.state.players)
    assert not runner.state.promises[0].broken
    assert "Promise #1 stands: 2 yay, 2 nay, the tie settled by the table" in log_texts(runner)


def test_h15_promises_for_this_season_at_the_seasons_end():
    """H15 — RT: Guarantee (the letter decides); notes §1 (Season steps). The table may still keep
    a promise during the Battles; at the last step it reports the break of G3 (Blue −20); G4, kept,
    ends with the Season (reading promise-season) and no longer binds in Season 2."""
    runner = set_up({"prestige": "10"}, seats=BGP)
    guarantee(runner, "Lord Blue", "Lord Blue will give Lady Green 2 Bricks this Season")
    guarantee(runner, "Lady Green", "Lady Green will not Deploy a Knight to the Thicket this Season")
    to_season_end(runner, ["Blue", "Green", "Purple"])
    assert player(runner, "Blue").prestige == 10  # nothing is judged when the turns end
    battles_at(runner, 0)
    next_steps_until(runner, "Event Board")
    pick(runner, "Event Board", "a Free Action first")
    pick(runner, "Free Action", "Oathbreak")
    answer(runner, "Which promise", "1")
    recorded(runner, "Breaking parties → Lord Blue")  # G3's only signatory
    answer(runner, "agree", "y")
    answer(runner, "Event Board", "n")
    assert runner.state.season == 2
    g3, g4 = runner.state.promises
    assert g3.broken and player(runner, "Blue").prestige == -10
    assert g4.ended and not g4.broken and player(runner, "Green").prestige == 10
    assert runner.view().tracks[1].title == "Guarantees (0 in force)"


def test_h16_the_last_season_invents_no_break_and_no_winner():
    """H16 — notes §1 (the chosen number of Seasons; scoring UNKNOWN), RT: Guarantee, Build. G5 for
    'next Season' never falls due: Clockwork records no Oathbreak; G6 kept ends with the Season;
    the Sovereign Workplace goes at Cleanup; the end screen leaves scoring to the rulebook."""
    seats = [("Red", "Lord", ""), ("Yellow", "Lady", ""), ("Blue", "Lord", "")]
    runner = set_up({"seasons": "2"}, seats=seats)
    for _colour in ("Red", "Yellow", "Blue"):
        idle(runner)
    battles_at(runner, 0)
    next_steps_until(runner)
    assert runner.state.season == 2  # the last Season
    give(runner, "Red", prestige=30)
    give(runner, "Yellow", prestige=28)
    guarantee(runner, "Lady Yellow", "Lady Yellow will give Lord Red 3 Logs next Season")
    guarantee(runner, "Lord Red", "Lord Red will give Lady Yellow 1 Marble this Season")
    assert now(runner) == "Red"
    standard(runner, "Build")
    pick(runner, "which Workplace", "the Sovereign Workplace")
    answer(runner, "Workplaces built", "")
    answer(runner, "Pay", "")
    for _ in range(3):
        idle(runner)
    battles_at(runner, 0)
    next_steps_until(runner)
    assert runner.pending is None and runner.state.phase == "over"
    g5, g6 = runner.state.promises
    assert not g5.broken and not g5.ended and g6.ended and not g6.broken
    assert (player(runner, "Red").prestige, player(runner, "Yellow").prestige) == (30, 28)
    assert not player(runner, "Red").sovereign
    assert runner.view().finished.startswith("After 2 Seasons, score per your rulebook.")


def test_h17_what_may_change_hands_in_a_haggle():
    """H17 — RT: Haggle (Workplaces in hand, Resources, Unemployed Workers, markers; never Card
    Resources, Influence, Prestige, Oathbreaks) and Guarantee. A refused deal is refused in place."""
    runner = set_up({"influence": "4", "prestige": "12"}, seats=BGP)
    idle(runner)  # Blue Idles; Green and Purple still act

    def haggle(goods, deal):
        free(runner, "Haggle")
        pick(runner, "Who trades", "Lord Blue", "Lord Purple")
        pick(runner, "goods", *goods)
        return runner.answer(deal)

    with pytest.raises(AnswerError, match="^Influence cannot be traded"):  # (a), refused in place
        haggle(["Resources", "Unemployed Workers"], "Blue's 2 Influence for 3 Logs")
    answer(runner, "changed hands", "Blue's 3 Bricks and 1 Unemployed Fox Worker for 4 Logs")  # (b)
    with pytest.raises(AnswerError, match="^Employed Workers cannot be traded"):  # (c)
        haggle(["Unemployed Workers"], "Blue's employed Cat Worker for 1 Log")
    runner.undo(4)  # the table drops (c): Free Action, Haggle, parties, goods
    give(runner, "Purple", influence=1)  # (after the undo: a replay starts from the turn's first state)
    haggle(["Workplaces in hand", "markers"], "Workplace X and 2 markers for Purple's promise")  # (d)
    guarantee(runner, "Lord Purple", "If possible, Lord Purple votes for the next Law Lord Blue proposes")
    assert runner.state.promises[-1].signatories == [index(runner, "Purple")]
    assert runner.state.standard_done == 0
    assert (player(runner, "Blue").influence, player(runner, "Blue").prestige) == (4, 12)
    assert player(runner, "Purple").influence == 1


# ---- H18 - H21: ties in the Action Phase, movement, votes, Assign --------------------------------

def test_h18_in_the_action_phase_non_idlers_then_bandits_then_idlers():
    """H18 — RT: Tie Breaker (Idlers go after non-Idlers); notes §3 (the ring model puts the
    Bandits, ending the left half, after the players still acting and before the Idlers)."""
    runner = set_up(seats=BGP)
    to_season_end(runner, ["Blue", "Green", "Purple"])
    battles_at(runner, 0)
    next_steps_until(runner)
    assert order(runner) == ["Blue", "Green", "Purple", "Bandits"]
    two_actions_and_end(runner)  # Blue acts
    idle(runner)  # Green Idles
    assert prio(runner) == ["Blue", "Purple", "Bandits", "Green"]
    tr = runner.state.tracker
    blue, green, purple = (index(runner, c) for c in ("Blue", "Green", "Purple"))
    assert earliest(tr, [green, purple]) == purple
    assert earliest(tr, [blue, BANDITS]) == blue
    assert earliest(tr, [green, BANDITS]) == BANDITS
    assert [row.label for row in runner.view().tracks[0].rows] == [
        "1. Lord Blue", "2. Lord Purple", "3. Bandits", "4. Lady Green"]
    two_actions_and_end(runner)  # Purple
    idle(runner)  # Blue
    idle(runner)  # Purple: the halves swap
    assert earliest(runner.state.tracker, [green, purple]) == green


def test_h19_flee_never_from_a_castle_deploy_to_another_castle():
    """H19 — RT: Deploy (to a Tile or another player's Castle), Flee (1 Influence; not from the
    Capital or a Castle): Flee offers only Tiles, never the Capital; with 0 Influence left it is
    not offered."""
    seats = [("Red", "Lord", ""), ("Blue", "Lord", ""), ("Green", "Lady", "")]
    runner = set_up({"influence": "1"}, seats=seats)
    standard(runner, "Flee")
    cards = runner.pending.cards
    assert "Capital" not in cards and not any("Castle" in c for c in cards)
    answer(runner, "flee from", "Valley")
    assert player(runner, "Red").influence == 0
    standard(runner, "Deploy")
    answer(runner, "Deploy: where", "c")
    pick(runner, "Whose Castle", "Lady Green")
    assert "Lord Red deploys a Knight to Lady Green's Castle" in log_texts(runner)
    assert player(runner, "Red").influence == 0 and runner.state.standard_done == 2
    answer(runner, "'s turn", "e")
    idle(runner)
    idle(runner)
    labels = standard_labels(runner)  # Red's next turn
    assert not any(label.startswith("Flee") for label in labels)


def test_h20_the_proposers_second_chance_reaches_the_threshold_exactly():
    """H20 — RT: Enact (reverse order: the first in turn order votes last; enacted when for −
    against is at least the threshold; all spent Influence discarded; winners +2 Prestige)."""
    seats = [("Green", "Lady", ""), ("Blue", "Lord", ""), ("Purple", "Lord", "")]
    runner = set_up({"prestige": "5"}, seats=seats)
    for colour, amount in (("Green", 6), ("Blue", 3), ("Purple", 2)):
        give(runner, colour, influence=amount)
    propose(runner, "Law P", 3, 3)
    assert votes_asked(runner, {"Purple": -2, "Blue": -1, "Green": 3}) == ["Purple", "Blue", "Green"]
    assert runner.state.laws[-1].enacted
    answer(runner, "Apply Law P", "")
    assert [player(runner, c).influence for c in ("Green", "Blue", "Purple")] == [0, 2, 0]
    assert [player(runner, c).prestige for c in ("Green", "Blue", "Purple")] == [7, 5, 5]
    assert runner.state.standard_done == 1
    labels = standard_labels(runner)
    assert not any(label.startswith(("Flee", "Enact")) for label in labels)


def test_h21_assign_refused_until_the_castles_controller_permits():
    """H21 — RT: Assign (the Workplace unused, the Castle controller's leave, Control of a Tile of
    the Faction). Refusals use no Standard Action; the leave bought with a marker is a promise
    and a haggle (Free Actions)."""
    seats = [("Purple", "Lord", ""), ("Green", "Lady", ""), ("Blue", "Lord", "")]
    runner = set_up({"influence": "1"}, seats=seats)
    for faction in ("Wolf Tribe", "Wolf Tribe", "Fox Tribe"):  # Q in use; S refused; T no Fox Tile
        standard(runner, "Assign")
        pick(runner, "Faction", faction)
        answer(runner, "allowed", "n")
    assert runner.state.standard_done == 0 and player(runner, "Purple").influence == 1
    guarantee(runner, "Lady Green", "Lady Green lets Lord Purple use Workplace S")
    free(runner, "Haggle")
    pick(runner, "Who trades", "Lord Purple", "Lady Green")
    pick(runner, "goods", "markers")
    answer(runner, "changed hands", "Purple gives Green 1 marker")
    standard(runner, "Assign")
    pick(runner, "Faction", "Wolf Tribe")
    answer(runner, "allowed", "y")
    answer(runner, "Workers", "1")
    assert player(runner, "Purple").influence == 2 and player(runner, "Green").influence == 1
    assert runner.state.standard_done == 1


# ---- H22 - H26: where the parts meet (issue 23, third table review) -------------------------------
# H21 and every Assign before it named a single Faction, where the one Worker the Number allowed at
# the least was also the least the rule allows; no situation named two Factions with too few
# Workers, so none saw that the count was never checked against the Factions named.

def test_h22_two_factions_need_two_workers_at_once():
    """H22 — RT: Standard Actions, Assign (each Faction's Workers on the Workplace, all the
    required Workers provided at once; +1 Influence per Worker newly assigned). One Worker cannot
    be Workers of two Factions: refused in place, nothing paid, no Standard Action used."""
    runner = set_up({"influence": "1"}, seats=BGP)
    standard(runner, "Assign")
    pick(runner, "Faction", "Wolf Tribe", "Cat Tribe")
    answer(runner, "allowed", "y")
    refused(runner, "1", "out of range: 2 to")
    assert player(runner, "Blue").influence == 1 and runner.state.standard_done == 0
    answer(runner, "Workers", "2")
    assert player(runner, "Blue").influence == 3 and runner.state.standard_done == 1


def test_h22_three_factions_at_once_and_the_prompt_says_so():
    """H22 (three Factions) — RT: Assign: a Workplace needing all three Factions takes at least one
    Worker of each, at once; the question says how many at the least."""
    runner = set_up(seats=BGP)
    standard(runner, "Assign")
    pick(runner, "Faction", "Wolf Tribe", "Cat Tribe", "Fox Tribe")
    answer(runner, "allowed", "y")
    assert isinstance(runner.pending, Number) and runner.pending.lo == 3
    assert "at least one of each" in runner.pending.text
    refused(runner, "2", "out of range: 3 to")
    answer(runner, "Workers", "4")
    assert player(runner, "Blue").influence == 4


def test_h23_a_promise_between_two_voters_then_the_vote_goes_on():
    """H23 — RT: Free Actions ("at any time, even during other players' turns"), Enact (reverse
    turn order, the proposer votes twice): in the middle of a Law vote, before Green's vote, Blue
    and Green sign a promise; the same voter is then asked again and the vote ends as counted."""
    runner = set_up({"prestige": "5"}, seats=BGP)
    for colour, amount in (("Blue", 5), ("Green", 3), ("Purple", 2)):
        give(runner, colour, influence=amount)
    propose(runner, "Law Q", 2, 2)
    assert " Purple" in runner.pending.label
    runner.answer("-1")  # Purple votes against
    assert " Green" in runner.pending.label
    runner.answer("f")  # between two voters: a Free Action
    pick(runner, "Free Action", "Guarantee")
    pick(runner, "signs", "Lord Blue", "Lady Green")
    answer(runner, "promise", "Lady Green votes for Law Q; Lord Blue adds 1 more")
    assert " Green" in runner.pending.label and "now 2 for, 1 against" in runner.pending.text
    runner.answer("2")
    runner.answer("f")  # before the proposer's second chance: a haggle, then back to the vote
    pick(runner, "Free Action", "Haggle")
    pick(runner, "Who trades", "Lord Blue", "Lord Purple")
    pick(runner, "goods", "Resources")
    answer(runner, "changed hands", "Blue gives Purple 1 Log")
    assert "second chance" in runner.pending.text
    runner.answer("1")
    answer(runner, "Apply Law Q", "")
    law = runner.state.laws[-1]
    assert law.enacted and [(v.side, v.influence) for v in law.votes] == [
        ("for", 2), ("against", 1), ("for", 2), ("for", 1)]
    assert runner.state.promises[-1].signatories == [index(runner, "Blue"), index(runner, "Green")]
    assert [player(runner, c).influence for c in ("Blue", "Green", "Purple")] == [2, 1, 1]
    assert [player(runner, c).prestige for c in ("Blue", "Green", "Purple")] == [7, 7, 5]
    assert runner.state.standard_done == 1


def test_h24_a_free_action_between_two_battles():
    """H24 — RT: Free Actions (at any time); notes §1 (Battles, one Tile after another) and §4
    (survivors +1 Influence per removed Knight): after the first Battle, before the second, a
    promise about the second; each Battle is counted as answered."""
    runner = set_up(seats=BGP)
    to_season_end(runner, ["Blue", "Green", "Purple"])
    battles_at(runner, 2)
    answer(runner, "Battle 1: a tie?", "n")
    pick(runner, "survived", "Lord Blue")
    answer(runner, "Knights removed", "2")
    assert "Battle 2" in runner.pending.label
    runner.answer("f")
    pick(runner, "Free Action", "Guarantee")
    pick(runner, "signs", "Lady Green")
    answer(runner, "promise", "Lady Green will not ally with anyone in Battle 2")
    assert "Battle 2" in runner.pending.label
    answer(runner, "Battle 2: a tie?", "n")
    pick(runner, "survived", "Lady Green")
    answer(runner, "Knights removed", "1")
    assert [player(runner, c).influence for c in ("Blue", "Green", "Purple")] == [2, 1, 0]
    assert len(runner.state.promises) == 1


def test_h25_the_battle_step_is_not_read_as_a_count():
    """H25 — notes §1 (the Season's steps: the Battles after the turns; their content unknown for
    some): the step before the Battles, and the checklist after them, name the step in the
    game's words, with no number in front that reads like "2 Battles" or "5 Workplaces"."""
    runner = set_up(seats=BGP)
    to_season_end(runner, ["Blue", "Green", "Purple"])
    texts = [runner.pending.text]
    assert "Battle Phase" in runner.pending.text
    battles_at(runner, 0)
    while runner.state.phase == SEASON_END:
        texts.append(runner.pending.text)
        answer(runner, "", "n")
    labels = [s.label for s in rules().season_steps]
    for text in [*texts, *labels]:
        assert not re.match(r"\d+ [A-Z]", text), text
