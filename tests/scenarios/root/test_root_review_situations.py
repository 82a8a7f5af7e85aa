"""The reviewer's hand-worked Root situations R-1 … R-16 (issue 25 item 6;
tests/scenarios/review-2026-11/root.md, part A), worked from the Law and
shared/rules/root-clockwork.md alone: each drives the real bot file with the reviewer's table
answers and checks the reviewer's numbers and what the bot tells the table. Source keys as in the
review: LAW-MM/EE/AA/VB/NR (the Law of Root), APP:key (Clockroot's board reminders), NOTES §n,
CORE (a base-game rule), Part C #n (the review's open readings)."""

from __future__ import annotations

import pytest

from test_root_review_helpers import NO_LOSS, expand_twice, marquise_record, mine, play, record, table

MM, EE, AA, VB = "mechanical-marquise", "electric-eyrie", "automated-alliance", "vagabot"
def on_map(runner) -> int:
    """Marquise buildings on the map: 18 less the three tracks (the reviewer's G-MM)."""
    c = mine(runner, MM).counters
    return 18 - c["sawmills_left"] - c["workshops_left"] - c["recruiters_left"]


def decree(runner) -> list[list[str]]:
    piles = mine(runner, EE).piles
    return [list(piles.pile(f"decree_{s}")) for s in ("fox", "mouse", "rabbit", "bird")]


# -- the Mechanical Marquise 2.0 ---------------------------------------------------------------


def test_r1_expand_loops_over_three_orders_and_stops_when_a_building_is_placed():
    """R-1 — LAW-MM 4.4.1-4.4.2, 4.5.1-4.5.2; APP:Daylight.MM.Repeat, NOTES §3 (Expand): no building
    and four on the map: discard, reveal, no craft, Daylight again; the rabbit Daylight builds a
    workshop with the last warrior placed (short supply, Part C #1) and the loop ends. Evening scores
    the workshop track's space 2 (G-MM: 2)."""
    runner, turn = expand_twice()
    assert sum("still in the supply" in t for t in turn.asked) == 1  # Expand's orders are not crafted
    assert turn.says("Recruit: place 4 warrior(s) over the fox")
    assert turn.says("Recruit: place 4 warrior(s) over the mouse")
    assert turn.says("Recruit: place 1 warrior(s) over the rabbit")
    assert turn.says("Evening:").startswith("Evening: the Marquise scores 2 VP")
    c = mine(runner, MM).counters
    assert (c["warriors"], on_map(runner), c["workshops_left"], c["vp"]) == (0, 5, 4, 12)


def test_r2_no_expand_with_six_buildings_on_the_map():
    """R-2 — APP:Daylight.MM.Repeat, NOTES §3: 18 less the tracks' 3+4+5 gives six on the map, so no
    reveal; the bot counts them itself (RA-5). Evening: recruiter space 1, 0 VP."""
    runner = table([MM])
    marquise_record(runner, supply=12, sawmills=3, workshops=4, recruiters=5, vp=15)
    turn = play(runner, [("Which suit", "mouse"), ("still in the supply", "n"), NO_LOSS,
                         ("rule any mouse", "y"), ("Build a recruiter", "n")])
    assert not any(t.startswith("Expand") for t in turn.asked)
    turn.never_asks("buildings on the map")
    assert turn.says("Evening:").startswith("Evening: the Marquise scores 0 VP")
    assert (mine(runner, MM).counters["warriors"], mine(runner, MM).counters["vp"]) == (8, 15)


def test_r3_a_building_lost_in_its_own_battle_reopens_expand():
    """R-3 — LAW-MM 4.5.1 (battle), NOTES §2 (warriors first), CORE / Part C #8 (a removed building
    goes back to its track), APP:Daylight.MM.Repeat: the Expand test counts the map at step 5, after
    the battle took a sawmill: 5 on the map, so a rabbit is revealed and a workshop built; Evening:
    workshop space 3, 2 VP."""
    runner = table([MM])
    marquise_record(runner, supply=10, sawmills=3, workshops=4, recruiters=5, vp=15)
    turn = play(runner, [
        ("Which suit", "fox"), ("still in the supply", "n"),
        ("did they remove any", "y"), ("How many Marquise warriors", "1"), ("How many sawmills", "1"),
        ("How many workshops", "0"), ("How many recruiters", "0"), ("enemy buildings and tokens", "0"),
        ("rule any fox", "y"), ("Build a sawmill", "n"),
        ("Expand: discard", "rabbit"), NO_LOSS, ("rule any rabbit", "y"), ("Build a workshop", "y"),
    ])
    c = mine(runner, MM).counters
    assert (c["sawmills_left"], c["workshops_left"], on_map(runner)) == (4, 3, 6)
    assert c["warriors"] == 10 + 1 - 4 - 4
    assert turn.says("Evening:").startswith("Evening: the Marquise scores 2 VP")
    assert c["vp"] == 17


def test_r4_escalated_daylight_sawmill_wins_the_tie_and_moves_cascade():
    """R-4 — LAW-MM 4.4.2 (craft, 1 VP), 4.5 intro (bird: Escalated Daylight); APP:Daylight.MM.Bird0-3;
    LAW-NR 2.4 (priority order); Part C #6 reading A (moves counted live, in priority order). Two
    battle losses back to the supply, 2 + 2 recruited, sawmills tie workshops at two on the map:
    a sawmill; Evening scores the best track, 2."""
    runner = table([MM])
    marquise_record(runner, supply=12, sawmills=4, workshops=4, recruiters=5, vp=14)
    turn = play(runner, [
        ("Which suit", "bird"), ("still in the supply", "y"),
        ("did they remove any", "y"), ("How many Marquise warriors", "2"), ("How many sawmills", "0"),
        ("How many workshops", "0"), ("How many recruiters", "0"), ("enemy buildings and tokens", "0"), ("rule any clearing", "y"),
        ("Build a sawmill", "y"), NO_LOSS,
    ])
    assert turn.says("Recruit: place 2 warrior(s) in the clearing the Marquise rules of lowest priority and 2 in")
    assert turn.says("Build the type with the most pieces on the map: sawmill")
    assert "in priority order" in turn.says("Move: from every clearing")
    assert not any(t.startswith("Expand") for t in turn.asked)
    c = mine(runner, MM).counters
    assert (c["warriors"], c["sawmills_left"], on_map(runner), c["vp"]) == (10, 3, 6, 17)


def test_r5_escalated_build_workshops_tied_with_recruiters_build_a_recruiter():
    """R-5 — APP:Daylight.MM.Bird1-2 (all four in the one ruled clearing; a workshop-recruiter tie
    builds a recruiter), APP:Evening.MM.Score (bird: the track that scores most: workshops, 2)."""
    runner = table([MM])
    marquise_record(runner, supply=20, sawmills=5, workshops=4, recruiters=4, vp=20)
    turn = play(runner, [("Which suit", "bird"), ("still in the supply", "n"), NO_LOSS,
                         ("rule any clearing", "y"), ("Build a recruiter", "y"), NO_LOSS])
    assert "if it rules only one clearing, all 4 go there" in turn.says("Recruit: place")
    assert turn.says("Build the type with the most pieces on the map: recruiter")
    assert turn.says("Evening:").startswith("Evening: the Marquise scores 2 VP")
    c = mine(runner, MM).counters
    assert (c["warriors"], c["recruiters_left"], c["vp"]) == (16, 3, 22)


def test_r5_variant_easy_recruits_two():
    """R-5 variant — APP:Difficulty.MM.Easy: Easy places 2, both in the one ruled clearing."""
    runner = table([MM], options={MM: {"Difficulty": "Easy"}})
    marquise_record(runner, supply=20, sawmills=5, workshops=4, recruiters=4, vp=20)
    turn = play(runner, [("Which suit", "bird"), ("still in the supply", "n"), NO_LOSS,
                         ("rule any clearing", "y"), ("Build a recruiter", "y"), NO_LOSS])
    assert "all 2 go there" in turn.says("Recruit: place")
    assert mine(runner, MM).counters["warriors"] == 18


@pytest.mark.parametrize(("supply", "left"), [(15, 5), (9, 0)])
def test_r6_iron_will_doubles_the_escalated_recruit_not_challengings_two(supply, left):
    """R-6 — APP:Rules.TextIronWill, APP:Daylight.MM.BirdChallenging; Part C #5 (on a bird order
    every clearing is ordered) and reading A (Iron Will doubles the 2 + 2 only): 4 and 4, then 2 in
    the highest-priority ruled clearing, 10 in all; with 9 in supply the two extra are short
    (Part C #1: spares dropped first)."""
    runner = table([MM], options={MM: {"Difficulty": "Challenging", "Trait: Iron Will": "On"}})
    record(runner, MM, warriors=supply, vp=8)
    turn = play(runner, [("Which suit", "bird"), ("still in the supply", "n"), NO_LOSS,
                         ("rule any clearing", "y"), ("Build a sawmill", "n"), NO_LOSS])
    assert turn.says("Recruit: place 4 warrior(s) in the clearing the Marquise rules of lowest priority and 4 in")
    assert turn.says("more warrior(s) in the clearing the Marquise rules of highest priority")
    assert mine(runner, MM).counters["warriors"] == left


def test_r7_a_building_back_on_its_track_then_nightmare_scores_one_more():
    """R-7 — CORE / Part C #8 (a removed sawmill goes back to the rightmost empty space, n 3 → 4),
    APP:Difficulty.MM.Nightmare (+2 in the highest-priority ordered clearing it rules),
    APP:Evening.MM.NightmareScore: the sawmill built brings n back to 3, space 3 scores 2, +1."""
    runner = table([MM], options={MM: {"Difficulty": "Nightmare"}}, order=["Player 1"])
    marquise_record(runner, supply=10, sawmills=3, workshops=5, recruiters=4, vp=18)
    play(runner, [("Player 1's turn", "@a Marquise building was removed"), ("Which building", "sawmill")])
    assert mine(runner, MM).counters["sawmills_left"] == 4
    turn = play(runner, [("Player 1's turn", "d"), ("Which suit", "fox"), ("still in the supply", "n"), NO_LOSS,
                         ("rule any fox", "y"), ("Build a sawmill", "y")])
    assert turn.says("Place 2 more warrior(s) in the fox clearing the Marquise rules of highest priority")
    assert turn.says("Evening:").startswith("Evening: the Marquise scores 2 VP")
    assert turn.says("Nightmare: the Marquise scores 1 more VP")
    c = mine(runner, MM).counters
    assert (c["warriors"], c["sawmills_left"], c["vp"]) == (4, 3, 21)


@pytest.mark.parametrize(("case", "difficulty", "supply", "placed", "extra", "left"), [
    ("a", "Normal", 12, 4, 0, 8),
    ("b", "Easy", 12, 2, 0, 10),
    ("c", "Normal", 3, 3, 0, 0),
    ("d", "Normal", 12, 4, 0, 8),
    ("e", "Challenging", 12, 4, 2, 6),
])
def test_r8_recruit_spreads_evenly_then_one_each_by_priority(case, difficulty, supply, placed, extra, left):
    """R-8 — LAW-MM 4.5.2 (four over three: the fourth to the highest priority), Part C #1 reading A
    (an even share, then one each by priority; a short supply drops spares first), LAW-NR 2.1,
    APP:Difficulty.MM.Challenging (2 more in the highest-priority ordered clearing). The clearings
    are the table's: the bot says how many and how they spread."""
    runner = table([MM], options={MM: {"Difficulty": difficulty}})
    record(runner, MM, warriors=supply)
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), NO_LOSS,
                         ("rule any rabbit", "y"), ("Build a workshop", "y")])
    said = turn.says("Recruit: place")
    assert said.startswith(f"Recruit: place {placed} warrior(s) over the rabbit clearings")
    assert "as evenly as they go; any left over after an even share go one each to those of highest priority" in said
    if extra:
        assert turn.says(f"Place {extra} more warrior(s) in the rabbit clearing the Marquise rules of highest priority")
    assert mine(runner, MM).counters["warriors"] == left


# -- the Electric Eyrie ----------------------------------------------------------------------------


def test_r9_the_decree_across_two_turns_then_turmoil():
    """R-9 — LAW-EE 5.3.3 (Viziers), 5.4.1-5.4.4 (no New Roost with roosts on the map), 5.5.1 (recruit
    column by column; bird matches every suit); APP:Daylight.EE.ExtraHit, ExtraBuild;
    APP:BotSetup.TurmoilText, APP:Extra.EE.NoNobility, Purge, Evening; Part C #10 (Viziers count)."""
    runner = table([EE])
    record(runner, EE, warriors=14, roosts_left=5, roosts=2, vp=6,
           zones={"decree_mouse": ["mouse"], "decree_bird": ["Loyal Vizier", "Loyal Vizier"]})
    first = play(runner, [
        ("Which suit", "fox"), ("still in the supply", "n"),
        ("Recruit (fox column, 1", "y"), ("Recruit (mouse column, 1", "y"), ("Recruit (bird column, 2", "y"),
        ("did they remove any", "n"), ("Build:", "y"),
    ])
    first.never_asks("no roost on the map")
    assert first.says("Battle (bird column, 2 card(s), the largest column: deal one extra hit)")
    assert decree(runner) == [["fox"], ["mouse"], [], ["Loyal Vizier", "Loyal Vizier"]]
    e = mine(runner, EE).counters
    assert (e["warriors"], e["roosts_left"], e["vp"]) == (10, 4, 8)
    second = play(runner, [
        ("Player 1's turn", "d"), ("Which suit", "bird"), ("still in the supply", "y"),
        ("Recruit (fox column, 1", "y"), ("Recruit (mouse column, 1", "y"), ("Recruit (bird column, 3", "y"),
        ("did they remove any", "n"), ("Build:", "n"),
    ])
    assert second.says("Turmoil: the Eyrie loses 3 VP")
    assert decree(runner) == [[], [], [], ["Loyal Vizier", "Loyal Vizier"]]
    e = mine(runner, EE).counters
    assert (e["warriors"], e["roosts_left"], e["vp"]) == (5, 4, 9 - 3 + 2)


def test_r10_challenging_ambush_turmoil_at_the_floor_then_a_new_roost():
    """R-10 — APP:Difficulty.EE.Challenging (a bird Ambush in the Decree), APP:Extra.EE.Purge and
    Part C #10 (the Ambush is purged, the Viziers stay), Part C #12 (VP floor 0), LAW-EE 5.4.4
    (A New Roost when none is on the map: roost and 4 warriors), LAW-MM 4.2.1 (not the Keep's clearing)."""
    runner = table([EE], options={EE: {"Difficulty": "Challenging"}})
    record(runner, EE, warriors=8, roosts_left=6, roosts=1, vp=2,
           zones={"decree_rabbit": ["rabbit", "rabbit"], "decree_bird": ["Loyal Vizier", "Loyal Vizier", "bird Ambush"]})
    turn = play(runner, [
        ("Which suit", "bird"), ("still in the supply", "n"),
        ("Recruit (rabbit column, 2", "n"), ("Recruit (bird column, 4", "y"), ("did they remove any", "n"), ("Build:", "n"),
    ])
    assert turn.says("Turmoil: the Eyrie loses 2 VP")
    assert decree(runner) == [[], [], [], ["Loyal Vizier", "Loyal Vizier"]]
    assert mine(runner, EE).counters["vp"] == 0 and mine(runner, EE).counters["warriors"] == 4
    nxt = play(runner, [
        ("Player 1's turn", "@an Eyrie roost was removed"),
        ("Player 1's turn", "@Eyrie warriors were removed"), ("How many Eyrie warriors", "4"),
        ("Player 1's turn", "d"), ("Which suit", "mouse"), ("still in the supply", "n"),
        ("no roost on the map", "y"),
    ])
    assert "not the Keep's clearing" in nxt.asked[-1]
    assert nxt.says("Place a roost and 4 Eyrie warriors there")
    e = mine(runner, EE).counters
    assert (e["roosts_left"], e["warriors"]) == (6, 4)


# -- the Automated Alliance -------------------------------------------------------------------------


def test_r11_revolt_with_the_vagabot_in_the_clearing():
    """R-11 — LAW-AA 6.4.3 (revolt when the ordered base is off the map), Part C #15 reading P (the
    pawn is an enemy piece), CORE (1 VP per enemy building removed), LAW-VB 7.2.1.I (the pawn stays,
    three items damaged), 7.2.5 / Part C #16 (exhausted first), 7.2.4 (under six undamaged: the
    track empties); LAW-AA 6.4.4 (no Public Pity after a revolt)."""
    runner = table([AA, VB], options={VB: {"Does it keep the item it crafts": "No"}}, order=[AA, "Player 1", VB])
    record(runner, AA, warriors=6, base_rabbit=True, bases=1, sympathy_left=5, sympathy=5, vp=9)
    record(runner, VB, ready=5, exhausted=2, damaged_up=0, damaged_down=0)
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"),
                         ("Is any fox clearing sympathetic", "y"), ("enemy buildings and tokens", "1")])
    assert "the Vagabot pawn counts as an enemy piece" in turn.says("Revolt: in the sympathetic fox clearing")
    turn.never_asks("Public Pity")
    a = mine(runner, AA)
    assert (a.counters["vp"], a.flags["base_fox"], a.counters["bases"], a.counters["sympathy_left"]) == (10, True, 2, 5)
    play(runner, [("Can a token be placed", "y"), ("Martial Law", "n"), ("Organize", "0"),
                  ("Player 1's turn", "@removes all enemy pieces from the Vagabot's clearing")])
    v = mine(runner, VB)
    assert (v.counters["ready"], v.counters["exhausted"], v.counters["damaged_down"], v.counters["damaged_up"]) == (4, 0, 2, 1)
    assert v.variables["on_track"] == 0


@pytest.mark.parametrize(("on_the_map", "spreads"), [(3, 2), (5, 1)])
def test_r12_public_pity_spreads_twice_then_martial_law(on_the_map, spreads):
    """R-12 — LAW-AA 6.4.3 (no revolt: the rabbit base is on the map), 6.4.4 as REF paraphrases it /
    APP:Birdsong.AA.RevoltSpread (twice with four or fewer tokens on the map, once with five: APP
    woodland.ts reads the first five spaces; root-sources.md), Part C #13 (counted once before
    spreading), APP:Daylight.AA.Sympathy, LAW-AA 6.2.5 (Martial Law: one fewer). G-AA: the 4th token
    scores 1, the 5th 2 - 1; once (five on the map): the 6th alone, 2."""
    runner = table([AA])
    record(runner, AA, base_rabbit=True, bases=1, sympathy_left=10 - on_the_map, sympathy=on_the_map, vp=4)
    script = [("Which suit", "rabbit"), ("still in the supply", "n"), ("Can a token be placed", "y"), ("Martial Law", "n")]
    if spreads == 2:
        script += [("Can a token be placed", "y"), ("Martial Law", "y")]
    turn = play(runner, script)
    assert f"so it spreads {'twice' if spreads == 2 else 'once'} now" in turn.says("Public Pity:")
    turn.never_asks("sympathetic?")
    a = mine(runner, AA).counters
    # Twice: the 4th token 1, the 5th 2 less 1; once (five on the map): the 6th alone, 2.
    assert (a["vp"], a["sympathy_left"]) == (6, 10 - on_the_map - spreads)


@pytest.mark.parametrize(("difficulty", "organized", "removed", "vp", "supply"), [
    ("Normal", 1, 4, 15, 4), ("Nightmare", 2, 6, 19, 6)])
def test_r13_evening_organize_then_a_warrior_at_each_base(difficulty, organized, removed, vp, supply):
    """R-13 — APP:Evening.AA.Organize (Normal 3, Part C #18; Nightmare 2), Part C #17 (the order's
    suit), APP:Evening.AA.WarriorPlace, APP:Difficulty.AA.Nightmare (+1 at the end of Evening).
    G-AA: the 7th token scores 3, the 8th 3."""
    runner = table([AA], options={AA: {"Difficulty": difficulty}})
    record(runner, AA, base_rabbit=True, base_fox=True, bases=2)
    play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), ("Can a token be placed", "y"), ("Martial Law", "n"),
                  ("Can a token be placed", "y"), ("Martial Law", "n"), ("Can a token be placed", "y"), ("Martial Law", "n")])
    # Evening: the record as the reviewer starts it.
    record(runner, AA, warriors=2, sympathy_left=4, sympathy=6, vp=12)
    script = [("Organize: how many clearings", str(organized)), ("How many is that", str(removed))]
    script += [("Can a token be placed", "y"), ("Martial Law", "n")] * organized
    turn = play(runner, script)
    assert turn.says("Place one Alliance warrior in each clearing with an Alliance base (2 in all")
    a = mine(runner, AA).counters
    assert (a["vp"], a["warriors"], a["sympathy_left"]) == (vp, supply, 4 - organized)


# -- the Vagabot ------------------------------------------------------------------------------------


def test_r14_slip_away_then_repair_everything_in_the_forest():
    """R-14 — APP:Birdsong.VB.CraftOrder then RestOrder (two or fewer undamaged: slip into a forest,
    skip Daylight), APP:Evening.VB.Refresh/Forest (repair all; unexhausted before exhausted), Part C
    #19 (a repaired item keeps its face); RA-29 (it knows it is in a forest). Outcome: the APP
    (vagabond.ts) prints the refresh as four with a damaged item (not the review's given 2); only one
    item is exhausted, so one is refreshed either way."""
    runner = table([VB])
    record(runner, VB, ready=1, exhausted=1, damaged_up=2, damaged_down=1, vp=7)
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n")])
    assert turn.says("Slip away")
    turn.never_asks("forest")
    v = mine(runner, VB).counters
    assert (v["ready"], v["exhausted"], v["damaged_up"] + v["damaged_down"], v["vp"]) == (4, 1, 0, 7)


@pytest.mark.parametrize(("kept", "slips"), [("No", True), ("Yes", False)])
def test_r14_variant_craft_before_the_slip_away_test(kept, slips):
    """R-14 variant — APP:Birdsong.VB.CraftOrder (craft, 1 VP, before the slip-away test), Part C #25:
    whether the Vagabot keeps what it crafts (LAW-VB 7.2.3: gained items go face up into the
    Satchel) is a setup choice; kept, it has three undamaged items and takes its Daylight."""
    runner = table([VB], options={VB: {"Does it keep the item it crafts": kept}})
    record(runner, VB, ready=1, exhausted=1, damaged_up=2, damaged_down=1, vp=7)
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "y")])
    assert mine(runner, VB).counters["vp"] == 8
    assert any("Slip away" in t for t in turn.said) is slips
    if not slips:
        assert mine(runner, VB).counters["ready"] == 2
        assert runner.pending is not None and "Explore" in runner.pending.text


def test_r15_a_bird_order_explores_quests_aids_and_battles():
    """R-15 — LAW-VB 7.2.4 (the battle track at 6 and 9 undamaged, exhausted items first),
    APP:Daylight.VB.ActionExplore, ActionQuest, ActionAid, ActionBattle, LAW-VB 7.2.5 (a hit damages an
    exhausted item), APP:Evening.VB (refresh, repair one outside a forest), Part C #19. Outcome: the
    refresh is four with a damaged item as APP vagabond.ts prints it (the review's G-VB 2 was a
    given, the review not having that file), so the end differs from the review's 5 / 3 / 2 / 0:
    7 face up, 3 exhausted (2 on the track), none damaged; VP 16 as the review."""
    runner = table([VB])
    record(runner, VB, ready=7, exhausted=1, damaged_up=0, damaged_down=0, vp=11)
    turn = play(runner, [
        ("Which suit", "bird"), ("still in the supply", "n"),
        ("item left under any ruin", "y"), ("How many moves", "1"), ("Quest: move toward", "0"),
        ("How many items do they hold", "1"),
        ("enemy piece on the map", "y"), ("Battle: move toward", "0"), ("How many enemy warriors", "3"), ("How many hits", "1"),
        ("Battle again", "n"),
    ])
    turn.never_asks("forest")  # its own moves ended in a clearing (round 2 Part C #23)
    assert "Most rolled hits: 3" in turn.says("Battle the enemy with the most VP")
    assert turn.says("Aid: exhaust 1 item(s)")
    v = mine(runner, VB)
    assert v.counters["vp"] == 16
    assert (v.counters["ready"], v.counters["exhausted"], v.counters["damaged_up"] + v.counters["damaged_down"]) == (7, 3, 0)
    assert v.variables["on_track"] == 2


def test_r16_twelve_items_then_hits_take_the_track_apart():
    """R-16 — LAW-MM 4.5.1 (the pawn alone: the Vagabot defends), LAW-VB 7.2.4 (12 undamaged: 3 on the
    track, an extra hit as attacker), 7.2.5 (exhausted first), Part C #16 (the track re-seated from
    undamaged items), Part C #21 (no VP as defender); APP:Rules.TextHospitals (no Hospitals: the
    Marquise attacked, so its own losses ask nothing about defending)."""
    runner = table([MM, VB], order=[MM, "Player 1", VB])
    record(runner, VB, ready=9, exhausted=3, damaged_up=0, damaged_down=0, vp=20, on_track=3)
    turn = play(runner, [
        ("Which suit", "fox"), ("still in the supply", "n"),
        ("did they remove any", "y"), ("How many Marquise warriors", "2"), ("How many sawmills", "0"),
        ("How many workshops", "0"), ("How many recruiters", "0"), ("enemy buildings and tokens", "0"), ("rule any fox", "y"),
        ("Build a sawmill", "y"), ("Player 1's turn", "@the Vagabot takes hits"), ("How many hits", "3"),
    ])
    turn.never_asks("defender")
    assert mine(runner, MM).counters["warriors"] == 13 + 2 - 4
    v = mine(runner, VB)
    assert (v.counters["ready"], v.counters["exhausted"], v.counters["damaged_down"], v.counters["vp"]) == (9, 0, 3, 20)
    assert (v.variables["on_track"], v.variables["free"]) == (2, 7)

