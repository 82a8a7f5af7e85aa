"""The reviewer's question audit RA-1 … RA-32 for Root's Clockwork bots (issue 25 item 6;
tests/scenarios/review-2026-11/root.md, part B): a bot asks the table only about the map; what its
own record holds (supply, tracks, Decree, bases, items, flags) it never asks, and an answer beyond
what the record allows is refused. Each test fails if the question were asked (the script is
strict: an unexpected question fails it). Items about the map stay questions, and say so."""

from __future__ import annotations

import pytest

from test_root_review_helpers import NO_LOSS, expand_twice, marquise_record, mine, play, record, table
from tui.engine.prompts import AnswerError, Number

MM, EE, AA, VB = "mechanical-marquise", "electric-eyrie", "automated-alliance", "vagabot"
def refused(runner, raw: str) -> None:
    with pytest.raises(AnswerError):
        runner.answer(raw)


# -- all bots --------------------------------------------------------------------------------------


def test_ra1_the_craft_question_is_asked_once_and_the_vp_is_the_bots():
    """RA-1 — LAW-MM 4.4.2, NOTES §2 (craft for 1 VP), APP:Daylight.MM.Repeat (an Expand reveal is not
    crafted): one craft question in a turn of three orders; a craft scores 1 VP unasked."""
    runner, turn = expand_twice()
    assert sum("still in the supply" in t for t in turn.asked) == 1
    runner = table([EE])
    before = mine(runner, EE).counters["vp"]
    play(runner, [("Which suit", "fox"), ("still in the supply", "y")])
    assert mine(runner, EE).counters["vp"] == before + 1


def test_ra2_no_bot_asks_its_own_vp():
    """RA-2 — LAW-NR 2.2 (defender by pieces, then VP): the table names the defender; the bot never
    asks how many VP it has (its record)."""
    _, turn = expand_twice()
    assert not any("VP" in t for t in turn.asked)
    assert "on a tie, the one with the most VP" in turn.says("Battle in every fox clearing")


def test_ra3_a_battle_report_beyond_the_record_is_refused():
    """RA-3 — NOTES §2 (hits), CORE (a building back on its track): the Marquise's own battles are
    reported at once; more warriors than left its supply, or more buildings of a type than its track
    puts on the map, are refused in one line and asked again; a type with none on the map is not
    asked about."""
    runner = table([MM])
    marquise_record(runner, supply=20, sawmills=5, workshops=6, recruiters=4, vp=0)
    play(runner, [("Which suit", "fox"), ("still in the supply", "n"), ("did they remove any", "y")])
    refused(runner, "6")  # 25 - 20 warriors are on the map
    runner.answer("5")
    assert isinstance(runner.pending, Number) and "sawmills" in runner.pending.text
    refused(runner, "2")  # one sawmill on the map
    runner.answer("1")
    turn = play(runner, [("How many recruiters", "2")])  # no workshop on the map: not asked
    turn.never_asks("workshops")
    c = mine(runner, MM).counters
    assert (c["warriors"], c["sawmills_left"], c["recruiters_left"]) == (25, 6, 6)


def test_ra4_the_bot_never_asks_which_clearing_has_priority():
    """RA-4 — LAW-NR 2.1: the bot names the rule (highest or lowest priority) in what it says; it asks
    only yes or no and counts, never a choice among clearings."""
    _, turn = expand_twice()
    assert any("highest priority" in t for t in turn.said)
    assert not any("priority?" in t for t in turn.asked)


# -- the Mechanical Marquise ---------------------------------------------------------------------


@pytest.mark.parametrize(("workshops", "expands"), [(5, True), (4, False)])
def test_ra5_buildings_on_the_map_come_from_the_tracks(workshops, expands):
    """RA-5 — APP:Daylight.MM.Repeat, NOTES §3: 18 less the three tracks; five on the map expands,
    six does not, and neither asks the table."""
    runner = table([MM])
    marquise_record(runner, supply=12, sawmills=3, workshops=workshops, recruiters=5, vp=0)
    script = [("Which suit", "mouse"), ("still in the supply", "n"), NO_LOSS, ("rule any mouse", "y"), ("Build a recruiter", "n")]
    if expands:
        script += [("Expand: discard", "fox"), NO_LOSS, ("rule any fox", "y"), ("Build a sawmill", "y")]
    turn = play(runner, script)
    turn.never_asks("buildings on the map")
    assert any(t.startswith("Expand: discard") for t in turn.asked) is expands


def test_ra6_a_building_placed_is_the_bots_own_flag():
    """RA-6 — APP:Daylight.MM.Repeat: the Build step sets the flag; the loop stops without a question."""
    runner, turn = expand_twice()
    turn.never_asks("placed this turn")
    assert mine(runner, MM).flags["placed"] is True


def test_ra7_the_most_common_type_comes_from_the_tracks():
    """RA-7 — APP:Daylight.MM.Bird2: the type is read off the tracks (two recruiters on the map
    against one sawmill and one workshop: a recruiter); nothing is asked about it."""
    runner = table([MM])
    marquise_record(runner, supply=12, sawmills=5, workshops=5, recruiters=4, vp=0)
    turn = play(runner, [("Which suit", "bird"), ("still in the supply", "n"), NO_LOSS, ("rule any clearing", "y"),
                         ("Build a recruiter", "n"), NO_LOSS])
    turn.never_asks("most pieces")
    assert turn.says("Build the type with the most pieces on the map: recruiter")


def test_ra8_the_supply_is_never_asked_and_caps_the_recruit():
    """RA-8 — LAW-MM 4.5.2, Part C #1: the bot tells how many to place, capped by its supply."""
    _, turn = expand_twice()
    assert not any("supply?" in t and "Marquise" in t for t in turn.asked)
    assert turn.says("Recruit: place 1 warrior(s) over the rabbit")


def test_ra9_ruled_ordered_clearings_are_asked_once_per_daylight():
    """RA-9 — LAW-MM 4.5.2: which ordered clearings it rules is the map's (a question), asked at
    Recruit once in each Daylight, not again at Build or Move."""
    _, turn = expand_twice()
    assert sum(t.startswith("Does the Marquise rule any") for t in turn.asked) == 3


def test_ra10_build_is_asked_in_each_daylight_of_the_loop():
    """RA-10 — APP:Daylight.MM.Suit2: the open slot is the map's: asked once in each Daylight."""
    _, turn = expand_twice()
    assert sum(t.startswith("Build a") for t in turn.asked) == 3


def test_ra11_move_asks_no_warrior_counts():
    """RA-11 — APP:Daylight.MM.Suit3: the Move is told, not counted by the bot (the map's); no number
    is asked in a turn without losses."""
    runner, turn = expand_twice()
    assert sum(t.startswith("Move:") for t in turn.said) == 3
    assert not any("How many" in t for t in turn.asked)


def test_ra12_a_move_legal_or_not_is_the_tables():
    """RA-12 — LAW-NR 2.3: the legality of a move is the map's; the bot says the rule and asks nothing."""
    _, turn = expand_twice()
    assert "adjacent clearing with the most enemy pieces" in turn.says("Move:")
    turn.never_asks("legal")


def test_ra13_the_keep_is_the_bots_flag_and_gone_keeps_hospitals_quiet():
    """RA-13 — LAW-MM 4.2.1 (the Keep, once removed, is out of the game); Part C #22 (Hospitals places
    nothing then): after the table reports the Keep removed, warriors lost ask nothing more."""
    runner = table([MM], options={MM: {"Trait: Hospitals": "On"}}, order=["Player 1"])
    turn = play(runner, [("Player 1's turn", "@the keep token was removed"),
                         ("Player 1's turn", "@Marquise warriors were removed"), ("How many Marquise warriors", "3"),
                         ("Player 1's turn", "d")])
    turn.never_asks("Hospitals")
    turn.never_asks("Keep")
    assert mine(runner, MM).flags["keep"] is False and mine(runner, MM).counters["warriors"] == 16


def test_ra14_track_values_are_asked_once_per_game_never_in_a_turn():
    """RA-14 — G-MM (values no source gives, asked at the first game and remembered)."""
    _, turn = expand_twice()
    turn.never_asks("printed under space")


def test_ra15_hospitals_never_asks_about_its_own_battles():
    """RA-15 — APP:Rules.TextHospitals: in its own battles the Marquise attacks, so its losses there
    ask nothing about defending; on a player's turn (a map matter: one battle or another effect)
    the question stays."""
    runner = table([MM], options={MM: {"Trait: Hospitals": "On"}})
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"), ("did they remove any", "y"),
                         ("How many Marquise warriors", "3"), ("How many sawmills", "0"), ("How many workshops", "0"),
                         ("How many recruiters", "0"), ("enemy buildings and tokens", "0"),
                         ("rule any fox", "y"), ("Build a sawmill", "y"),
                         ("Player 1's turn", "@Marquise warriors were removed"), ("How many Marquise warriors", "2"),
                         ("Hospitals:", "y")])
    assert sum(t.startswith("Hospitals") for t in turn.asked) == 1
    assert turn.says("Hospitals: place 2 Marquise warrior(s) in the Keep's clearing")


def test_ra16_blitz_is_told_not_asked():
    """RA-16 — APP:Rules.TextBlitz: the quiet clearing is the map's: the bot says the rule."""
    runner = table([MM], options={MM: {"Trait: Blitz": "On"}})
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"), NO_LOSS, ("rule any fox", "y"),
                         ("Build a sawmill", "y")])
    assert turn.says("Blitz: take the clearing the Marquise rules of highest priority with no enemy pieces")
    turn.never_asks("Blitz")


# -- the Electric Eyrie ---------------------------------------------------------------------------


def eyrie(**values):
    runner = table([EE])
    record(runner, EE, **values)
    return runner


def test_ra17_a_roost_on_the_map_comes_from_the_track():
    """RA-17 — LAW-EE 5.4.4: with a roost on the map (track short of seven) A New Roost asks nothing."""
    runner = eyrie()
    turn = play(runner, [("Which suit", "mouse"), ("still in the supply", "n"), ("Recruit (mouse", "y"),
                         ("Recruit (bird", "y"), NO_LOSS, ("Build:", "y")])
    turn.never_asks("no roost on the map")


def test_ra18_decree_sizes_and_the_turmoil_loss_are_counted():
    """RA-18 — APP:Extra.EE.NoNobility, Purge: the bird cards (Viziers included) are counted from the
    Decree; nothing about them is asked."""
    runner = eyrie(vp=5)
    turn = play(runner, [("Which suit", "bird"), ("still in the supply", "n"), ("Recruit (bird", "y"), NO_LOSS,
                         ("Build:", "n")])
    assert not any("How many" in t for t in turn.asked)
    assert turn.says("Turmoil: the Eyrie loses 3 VP")


def test_ra19_no_roost_on_the_map_asks_no_recruit():
    """RA-19 — LAW-EE 5.5.1 (recruit in a clearing with a roost): with every roost on the track no
    column can recruit, so none is asked. Since the sources of November 2026 (REF §5 Turmoil,
    root-sources.md) a New Roost that cannot be placed is Turmoil at once, so Daylight never comes:
    the turn goes to Evening without a recruit, move or battle question."""
    runner = eyrie(roosts_left=7, roosts=0)
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"), ("no roost on the map", "n")])
    turn.never_asks("Recruit (")
    turn.never_asks("Build:")
    assert turn.says("A New Roost cannot be placed: the Eyrie falls into Turmoil.")


def test_ra20_an_empty_roost_track_is_turmoil_without_a_question():
    """RA-20 — APP:BotSetup.TurmoilText: no roost left to place is Turmoil at once."""
    runner = eyrie(roosts_left=0, roosts=7)
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"), ("Recruit (fox", "y"), ("Recruit (bird", "y"),
                         NO_LOSS])
    turn.never_asks("Build:")
    assert turn.says("No roost can be placed: the Eyrie falls into Turmoil.")


def test_ra21_lords_of_the_forest_is_told_to_the_table():
    """RA-21 — LAW-EE 5.2.1: who rules a clearing is the map's; the table is told the Eyrie rules ties
    at setup, and the ruling questions stay questions."""
    runner = table([EE])
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"), ("Recruit (fox", "y"), ("Recruit (bird", "y"),
                         NO_LOSS, ("Build: does the Eyrie rule", "y")])
    assert turn.asked[-1].startswith("Build: does the Eyrie rule a clearing")


def test_ra22_the_eyries_supply_is_never_asked():
    """RA-22 — LAW-EE 5.5.1: the supply caps the recruit: with one warrior left the bird column places 1."""
    runner = eyrie(warriors=1)
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"), ("Recruit (fox", "y"), ("Recruit (bird", "y"),
                         NO_LOSS, ("Build:", "y")])
    assert turn.says("Place 1 Eyrie warrior(s) in one such clearing")
    assert not any("supply" in t and "Eyrie" in t for t in turn.asked[2:])


# -- the Automated Alliance -----------------------------------------------------------------------


def test_ra23_the_ordered_base_is_the_bots_record():
    """RA-23 — LAW-AA 6.4.3: with its rabbit base on the map (record) a rabbit order does not revolt
    and nothing asks about the base."""
    runner = table([AA])
    record(runner, AA, base_rabbit=True, bases=1, sympathy_left=4, sympathy=6)
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), ("Can a token be placed", "y"), ("Martial Law", "n")])
    turn.never_asks("base")
    assert turn.says("Public Pity: 6 sympathy tokens on the map, five or more, so it spreads once now")


def test_ra24_sympathy_on_the_map_is_counted_from_the_track():
    """RA-24 — LAW-AA 6.4.4 (Public Pity's count), APP:Daylight.AA.Sympathy (cannot spread: 5 VP): with
    every token on the map the spread scores 5 unasked."""
    runner = table([AA])
    record(runner, AA, base_rabbit=True, bases=1, sympathy_left=0, sympathy=10, vp=0)
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n")])
    turn.never_asks("sympathy")
    turn.never_asks("Can a token")
    assert turn.says("Spread Sympathy (Birdsong, Public Pity 1 of 1): no sympathy token can be placed, so the Alliance "
                     "scores 5 VP instead.")


def test_ra25_no_sympathy_on_the_map_asks_no_revolt():
    """RA-25 — LAW-AA 6.4.3: a revolt needs a sympathetic clearing; with no token on the map (record)
    the question is not asked and Public Pity follows."""
    runner = table([AA])
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"), ("Can a token be placed", "y"), ("Martial Law", "n"),
                         ("Can a token be placed", "y"), ("Martial Law", "n")])
    turn.never_asks("sympathetic?")
    assert "so it spreads twice now" in turn.says("Public Pity:")


def test_ra26_martial_law_is_asked_once_per_spread():
    """RA-26 — LAW-AA 6.2.5: the enemy warriors where the token goes are the map's: one question per
    spread, never two."""
    runner = table([AA])
    record(runner, AA, base_rabbit=True, bases=1)
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), ("Can a token be placed", "y"), ("Martial Law", "y"),
                         ("Can a token be placed", "y"), ("Martial Law", "n"), ("Can a token be placed", "y"), ("Martial Law", "n")])
    assert sum(t.startswith("Martial Law") for t in turn.asked) == 3


def test_ra27_organize_counts_come_from_the_record():
    """RA-27 — APP:Evening.AA.Organize: no base on the map (record), no Organize question; with bases,
    clearings are bounded by the bases and warriors by 10 less the supply."""
    runner = table([AA])
    turn = play(runner, [("Which suit", "bird"), ("still in the supply", "n"), ("Can a token be placed", "y"), ("Martial Law", "n"),
                         ("Can a token be placed", "y"), ("Martial Law", "n"), ("Can a token be placed", "y"), ("Martial Law", "n")])
    turn.never_asks("Organize")
    runner = table([AA])
    record(runner, AA, base_rabbit=True, bases=1, warriors=7)
    play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), ("Can a token be placed", "y"), ("Martial Law", "n"),
                  ("Can a token be placed", "y"), ("Martial Law", "n"), ("Can a token be placed", "y"), ("Martial Law", "n")])
    refused(runner, "2")  # one base on the map
    runner.answer("1")
    refused(runner, "4")  # 10 - 7 warriors are on the map
    runner.answer("3")
    play(runner, [("Can a token be placed", "y"), ("Martial Law", "n")])
    assert mine(runner, AA).counters["warriors"] == 10 - 1  # 3 back, then one at its base


# -- the Vagabot ----------------------------------------------------------------------------------


def bird_vagabot():
    runner = table([VB])
    record(runner, VB, ready=7, exhausted=1, vp=11)
    turn = play(runner, [
        ("Which suit", "bird"), ("still in the supply", "n"),
        ("item left under any ruin", "y"), ("How many moves", "1"), ("Quest: move toward", "0"),
        ("How many items do they hold", "1"), ("enemy piece on the map", "y"), ("Battle: move toward", "0"), ("How many enemy warriors", "3"), ("How many hits", "1"), ("Battle again", "n"),
    ])
    return runner, turn


def test_ra28_item_states_are_the_vagabots():
    """RA-28 — LAW-VB 7.2.3-7.2.5: the table reports hits and items taken or given only; the items'
    states, the track and the most rolled hits are the bot's."""
    runner, turn = bird_vagabot()
    assert not any("Vagabot's items" in t or "on the track" in t or "undamaged" in t for t in turn.asked)
    assert mine(runner, VB).variables["on_track"] == 2


def test_ra29_no_forest_question_after_slipping_into_one():
    """RA-29 — LAW-VB 7.2.1 (only its own actions move the pawn), APP:Birdsong.VB.RestOrder; a move of
    its own ends in a clearing (round 2 Part C #23); with neither, the forest is the map's, asked in
    Evening."""
    runner = table([VB])
    record(runner, VB, ready=1, exhausted=1, damaged_up=1)
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n")])
    turn.never_asks("forest")
    _, turn = bird_vagabot()
    turn.never_asks("forest")
    runner = table([VB])
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), ("enemy piece on the map", "n"), ("Thief", "n"),
                         ("Is the Vagabot in a forest", "n")])
    assert "Is the Vagabot in a forest?" in turn.asked


def test_ra30_the_bot_damages_its_own_items():
    """RA-30 — LAW-VB 7.2.5: the hit count only; an exhausted item is damaged first."""
    runner, turn = bird_vagabot()
    assert not any("Which item" in t for t in turn.asked)
    assert mine(runner, VB).counters["damaged_down"] == 0  # repaired in Evening: back face down
    assert mine(runner, VB).counters["exhausted"] == 3


def test_ra31_aid_exhausts_what_the_bot_can_pay():
    """RA-31 — APP:ActionAid: the player's item count is asked (the map's); how many the bot exhausts
    is its own: the fewer of its usable items and theirs."""
    runner = table([VB])
    record(runner, VB, ready=3, exhausted=0, vp=0)
    turn = play(runner, [("Which suit", "mouse"), ("still in the supply", "n"), ("Quest: move toward", "0"),
                         ("How many items do they hold", "5")])
    assert turn.says("Aid: exhaust 1 item(s)")  # the quest took two of its three


def test_ra32_a_move_the_items_cannot_pay_is_refused():
    """RA-32 — APP:Daylight.VB.ActionExplore (one item per move): the distance is the map's, but more
    moves than usable items are refused."""
    runner = table([VB])
    record(runner, VB, ready=3, exhausted=0)
    play(runner, [("Which suit", "fox"), ("still in the supply", "n"), ("item left under any ruin", "y")])
    prompt = runner.pending
    assert isinstance(prompt, Number) and "How many moves" in prompt.text
    refused(runner, "4")  # three usable items
    assert isinstance(runner.pending, Number) and "How many moves" in runner.pending.text
