"""The reviewer's second question audit RA2-1 … RA2-25 for Root's Clockwork bots
(tests/scenarios/review-2026-11/root-2.md, part B): what a bot's record (or the record of the hits
and pieces the table just reported) already answers is never asked, and an answer the record
contradicts is refused. One file's steps cannot read or change another bot's record, so items
about another bot's record (RA2-8, RA2-9, RA2-21) are met by the table starting that bot's
reaction; the tests say so."""

from __future__ import annotations

import pytest

from test_root_review_helpers import NO_LOSS, marquise_record, mine, play, record, table
from tui.engine.prompts import AnswerError

MM, EE, AA, VB = "mechanical-marquise", "electric-eyrie", "automated-alliance", "vagabot"
LV = "Loyal Vizier"


def refused(runner, raw: str) -> None:
    with pytest.raises(AnswerError):
        runner.answer(raw)


def eyrie_turn(zones, order, answers, **values):
    runner = table([EE])
    record(runner, EE, zones=zones, **values)
    return runner, play(runner, [("Which suit", order), ("still in the supply", "n"), *answers])


def marquise_hit(options, **values):
    runner = table([MM], options={MM: options}, order=["Player 1"])
    marquise_record(runner, **values)
    return runner


# -- questions the app must not ask -----------------------------------------------------------------


@pytest.mark.parametrize(("zones", "extra"), [
    ({"decree_fox": ["fox"], "decree_bird": [LV, LV]}, None),
    ({"decree_fox": ["fox", "fox"], "decree_bird": [LV, LV]}, "fox"),
])
def test_ra2_1_the_extra_hit_is_computed_a_tie_gives_none(zones, extra):
    """RA2-1 — LAW-EE 5.5.1 battle clause (only a column larger than every other deals the extra hit;
    Part C #1); R2-5, R2-4: fox 2 = bird 2 gives none; fox 3 > bird 2 gives it to fox; never asked."""
    _, turn = eyrie_turn(zones, "fox", [("Recruit (fox column", "n"), ("Recruit (bird column", "n"), NO_LOSS, ("Build:", "y")],
                         warriors=10, roosts_left=5, roosts=2)
    turn.never_asks("extra")
    extras = [t for t in turn.said if "extra hit" in t]
    assert [t.split(" column")[0] for t in extras] == ([f"Battle ({extra}"] if extra else [])


def test_ra2_2_bird_cards_and_viziers_are_counted_not_asked():
    """RA2-2 — APP:Extra.EE.YesNobility, APP Turmoil, APP:Difficulty.EE.Easy/Challenging (R2-6, R2-7):
    the Turmoil VP comes from the Decree the bot keeps, the Challenging Ambush included."""
    runner = table([EE], options={EE: {"Difficulty": "Challenging"}})
    record(runner, EE, warriors=10, roosts_left=0, roosts=7, vp=10)
    turn = play(runner, [("Which suit", "bird"), ("still in the supply", "n"), ("Recruit (bird column, 4", "n"), NO_LOSS])
    assert turn.says("Turmoil: the Eyrie loses 4 VP")
    turn.never_asks("bird card")
    turn.never_asks("Vizier")
    assert mine(runner, EE).counters["vp"] == 6 + 5  # then Evening: the track empty, G-EE 5


def test_ra2_3_no_roost_left_is_turmoil_without_a_clearing_question():
    """RA2-3 — APP:Daylight.EE.ExtraBuild (R2-7): the track count says no roost is left."""
    _, turn = eyrie_turn({"decree_bird": [LV, LV]}, "fox", [("Recruit (fox column", "n"), ("Recruit (bird column", "n"), NO_LOSS],
                         warriors=10, roosts_left=0, roosts=7, vp=5)
    turn.never_asks("Build")
    assert turn.says("No roost can be placed: the Eyrie falls into Turmoil.")


def test_ra2_4_after_a_blitz_battle_expand_counts_the_record():
    """RA2-4 — APP:Rules.TextBlitz, APP:Daylight.MM.Repeat, Part C #5 (R2-1): the Blitz battle's loss
    report puts the sawmill back on its track and Expand counts five without asking."""
    runner = table([MM], options={MM: {"Trait: Blitz": "On"}})
    marquise_record(runner, supply=8, sawmills=3, workshops=4, recruiters=5, vp=0)
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"), NO_LOSS, ("rule any fox", "y"), ("Build a sawmill", "n"),
                         ("did they remove any", "y"), ("How many Marquise warriors", "1"), ("How many sawmills", "1"),
                         ("How many workshops", "0"), ("How many recruiters", "0"), ("enemy buildings and tokens", "0"),
                         ("Expand: discard", "rabbit")])
    turn.never_asks("placed this turn")
    turn.never_asks("buildings on the map")


def test_ra2_5_the_keep_and_the_hospitals_warriors_are_the_record():
    """RA2-5 — LAW-MM 4.2.1 (Keep flag), APP:Rules.TextHospitals, Part C #7 (the removed warriors are
    back before Hospitals places: with an empty supply it still places two) (R2-4, R2-14)."""
    runner = marquise_hit({"Trait: Hospitals": "On"}, supply=0, sawmills=5, workshops=5, recruiters=5, vp=0)
    turn = play(runner, [("Player 1's turn", "@the Marquise takes hits"), ("How many hits", "2"),
                         ("How many Marquise warriors were in that clearing", "2")])
    turn.never_asks("Keep on the map")
    turn.never_asks("Hospitals")
    assert turn.says("Hospitals: place 2 Marquise warrior(s) in the Keep's clearing")
    assert mine(runner, MM).counters["warriors"] == 0


def test_ra2_6_the_marquise_hit_outside_its_turn_defends_unasked():
    """RA2-6 — APP:Rules.TextHospitals, Part C #7: outside its own turn the Marquise is the defender of
    any battle it is hit in; the hits reaction asks no defender question."""
    runner = marquise_hit({"Trait: Hospitals": "On"}, supply=10, sawmills=5, workshops=5, recruiters=5, vp=0)
    turn = play(runner, [("Player 1's turn", "@the Marquise takes hits"), ("How many hits", "3"),
                         ("How many Marquise warriors were in that clearing", "3")])
    turn.never_asks("defender")
    assert turn.says("Hospitals: place 2")


def test_ra2_7_fortified_computes_how_many_buildings_the_hits_remove():
    """RA2-7 — APP:Rules.TextFortified, LAW-CH 1.2.1 (R2-3): 4 hits, 1 warrior, 2 buildings: one
    building; only its type (random among those there) is asked."""
    runner = marquise_hit({"Trait: Fortified": "On"}, supply=6, sawmills=3, workshops=4, recruiters=5, vp=0)
    turn = play(runner, [("Player 1's turn", "@the Marquise takes hits"), ("How many hits", "4"),
                         ("How many Marquise warriors were in that clearing", "1"), ("keep token in that clearing", "n"),
                         ("How many Marquise buildings are in that clearing", "2"), ("Which building", "workshop")])
    assert sum(t.startswith("Which building") for t in turn.asked) == 1
    turn.never_asks("buildings did")


def test_ra2_8_the_vagabot_asks_no_ones_vp():
    """RA2-8 — APP:ActionBattle (R2-13): the table names the target (the enemy with the most VP); the
    bot asks no score, neither a bot's (a record) nor a human's (the table weighs it). One file
    cannot read another bot's VP, so the question is the table's to settle, not asked."""
    runner = table([VB, EE], order=[VB, "Player 1", EE])
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), ("enemy piece on the map", "y"),
                         ("Battle: move toward", "0"), ("How many enemy warriors", "1"), ("How many hits", "0"),
                         ("Battle again", "n")])
    turn.never_asks("How many VP")
    assert "the enemy with the most VP" in turn.asked[3]


def test_ra2_9_relentless_is_asked_once_and_war_tax_lowers_the_victims_record():
    """RA2-9 — APP:Rules.TextRelentless, TextWarTax, CORE (R2-8): the Eyrie asks once what Relentless
    removed and scores it; the Marquise's loss is its own reaction's single question (one file
    cannot change another bot's record; VP never below 0, round one's Part C #12)."""
    runner = table([EE, MM], options={EE: {"Trait: Relentless": "On", "Trait: War Tax": "On"}}, order=[EE, "Player 1", MM])
    record(runner, EE, warriors=10, roosts_left=5, roosts=2, vp=0, zones={"decree_bird": [LV, LV]})
    record(runner, MM, vp=1)
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"), ("Recruit (fox column", "n"), ("Recruit (bird column", "n"),
                         NO_LOSS, ("Relentless", "2"), ("Build:", "y"),
                         ("Player 1's turn", "@Mechanical Marquise 2.0: War Tax"), ("War Tax", "2")])
    assert sum("Relentless" in t for t in turn.asked) == 1
    assert sum("War Tax" in t for t in turn.asked) == 1
    assert mine(runner, MM).counters["vp"] == 0


def test_ra2_10_public_pity_counts_the_tokens_and_knows_the_track_is_empty():
    """RA2-10 — LAW-AA 6.4.4 / REF (the count), APP:Daylight.AA.Sympathy (cannot spread: 5 VP) (R2-10, R2-15)."""
    runner = table([AA])
    record(runner, AA, base_rabbit=True, bases=1, sympathy_left=0, sympathy=10, vp=0)
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n")])
    turn.never_asks("sympathy tokens are on the map")
    turn.never_asks("Can a token be placed")
    assert turn.says("Public Pity: 10 sympathy tokens on the map, five or more, so it spreads once now")


def test_ra2_11_evening_warriors_are_one_per_base_capped_by_the_supply():
    """RA2-11 — APP:Evening.AA.WarriorPlace, Part C #15 (R2-9): two bases, one warrior: 1 in all, by
    priority; nothing asked about it."""
    runner = table([AA])
    record(runner, AA, warriors=1, base_rabbit=True, base_fox=True, bases=2, sympathy_left=1, sympathy=9)
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), ("Can a token be placed", "y"), ("Martial Law", "n"),
                         ("Organize", "0")])
    assert "(1 in all" in turn.says("Place one Alliance warrior")
    turn.never_asks("How many Alliance warriors")
    turn.never_asks("warriors in its supply")
    assert mine(runner, AA).counters["warriors"] == 0


def test_ra2_12_a_base_reported_removed_is_in_the_box():
    """RA2-12 — APP Revolt, LAW-AA 6.2.4 (R2-11): the removal report puts the base in the box; the next
    order of its suit revolts without asking about the base."""
    runner = table([AA], order=["Player 1", AA])
    record(runner, AA, base_rabbit=True, bases=1, sympathy_left=8, sympathy=2)
    turn = play(runner, [("Player 1's turn", "@an Alliance base was removed"), ("Which base", "rabbit"), ("Crackdown", "1"),
                         ("Player 1's turn", "d"), ("Which suit", "rabbit"), ("still in the supply", "n"),
                         ("Revolt: the Alliance's rabbit base is not on the map", "n")])
    turn.never_asks("base on the map?")


def test_ra2_13_the_vagabots_items_are_never_asked():
    """RA2-13 — LAW-VB 7.2.3-7.2.5, APP:ActionRepair, APP:Extra.VB.SpecialRanger, APP:Evening.VB
    (R2-12, R2-13): the battle cap, the Ranger test, the repair and the refresh come from its items."""
    runner = table([VB], options={VB: {"Character": "Ranger"}})
    record(runner, VB, ready=4, exhausted=0, damaged_up=2, damaged_down=2)
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), ("enemy piece on the map", "n")])
    for word in ("damaged", "exhausted", "refresh", "repair", "track"):
        turn.never_asks(word)
    assert turn.says("Ranger: with three or more damaged items")


def test_ra2_14_the_sequence_and_special_come_from_the_order_and_character():
    """RA2-14 — APP-TS vagabond.ts (rabbit: battle, repair, special) (R2-13): no question picks them."""
    runner = table([VB], options={VB: {"Character": "Ranger"}})
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), ("enemy piece on the map", "n"),
                         ("Is the Vagabot in a forest", "n")])
    turn.never_asks("action")
    turn.never_asks("special")
    order = [turn.said.index(turn.says(t)) for t in ("Battle: skipped", "Repair: skipped", "Special action: skipped")]
    assert order == sorted(order)


def test_ra2_15_a_roost_removed_by_a_revolt_leads_to_a_new_roost_unasked():
    """RA2-15 — LAW-EE 5.4.4 (R2-9): the roost reported removed empties the map by the track; the next
    Birdsong asks only for A New Roost's clearing."""
    runner = table([EE], order=["Player 1", EE])
    record(runner, EE, roosts_left=6, roosts=1, warriors=10)
    turn = play(runner, [("Player 1's turn", "@an Eyrie roost was removed"), ("Player 1's turn", "d"),
                         ("Which suit", "fox"), ("still in the supply", "n"), ("no roost on the map", "y")])
    turn.never_asks("last roost")
    assert mine(runner, EE).counters["roosts_left"] == 6


# -- answers the app must refuse ---------------------------------------------------------------------


def test_ra2_16_buildings_beyond_the_track_or_the_fortified_hits_are_refused():
    """RA2-16 — CORE, LAW-CH 1.2.1, APP:Rules.TextFortified (R2-3): the buildings in the hit clearing
    are bounded by those on the map; under Fortified 3 hits after the warrior remove one building,
    so one type only is asked; a type with none on the map changes nothing."""
    runner = marquise_hit({"Trait: Fortified": "On"}, supply=6, sawmills=5, workshops=5, recruiters=6, vp=0)
    play(runner, [("Player 1's turn", "@the Marquise takes hits"), ("How many hits", "4"),
                  ("How many Marquise warriors were in that clearing", "1"), ("keep token in that clearing", "n")])
    refused(runner, "3")  # two buildings on the map
    turn = play(runner, [("How many Marquise buildings are in that clearing", "2"), ("Which building", "recruiter")])
    assert turn.says("none can have been removed")
    assert sum(t.startswith("Which building") for t in turn.asked) == 1
    c = mine(runner, MM).counters
    assert (c["sawmills_left"], c["workshops_left"], c["recruiters_left"]) == (5, 5, 6)


@pytest.mark.parametrize(("keep", "hits", "there", "places"), [(True, 3, 3, True), (False, 3, 3, False), (True, 1, 1, False)])
def test_ra2_17_hospitals_only_for_two_lost_in_one_battle_with_the_keep(keep, hits, there, places):
    """RA2-17 — APP:Rules.TextHospitals, Part C #7, #8, round one's Part C #22 (R2-4, R2-14)."""
    runner = marquise_hit({"Trait: Hospitals": "On"}, supply=10, sawmills=5, workshops=5, recruiters=5, vp=0)
    record(runner, MM, keep=keep)
    turn = play(runner, [("Player 1's turn", "@the Marquise takes hits"), ("How many hits", str(hits)),
                         ("How many Marquise warriors were in that clearing", str(there))])
    assert any(t.startswith("Hospitals: place") for t in turn.said) is places


def test_ra2_18_blitz_names_a_clearing_with_two_or_more_warriors():
    """RA2-18 — APP:Rules.TextBlitz, CORE 4.2 (a move needs a warrior), LAW-NR 2.3, Part C #4 (R2-1):
    the bot says the rule (told, not asked, round one's RA-16), a single warrior there moves nobody
    and the next clearing is taken."""
    runner = table([MM], options={MM: {"Trait: Blitz": "On"}})
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"), NO_LOSS, ("rule any fox", "y"), ("Build a sawmill", "y")])
    said = turn.says("Blitz:")
    assert "no enemy pieces and two or more Marquise warriors" in said and "the next" in said
    turn.never_asks("Blitz")


def test_ra2_19_no_roost_placed_from_an_empty_track():
    """RA2-19 — APP:Daylight.EE.ExtraBuild, LAW-EE 5.4.4 (R2-7): with the track empty neither Build
    nor A New Roost asks for a clearing; the track stays empty."""
    runner, turn = eyrie_turn({"decree_bird": [LV, LV]}, "mouse", [("Recruit (mouse column", "n"), ("Recruit (bird column", "n"), NO_LOSS],
                              warriors=10, roosts_left=0, roosts=7)
    turn.never_asks("Build")
    turn.never_asks("no roost on the map")
    assert mine(runner, EE).counters["roosts_left"] == 0


@pytest.mark.parametrize(("bot", "supply", "reaction", "question", "most"), [
    (EE, 15, "@Eyrie warriors were removed", "How many Eyrie warriors", 5),
    (MM, 20, "@Marquise warriors were removed", "How many Marquise warriors", 5),
    (MM, 20, "@the Marquise takes hits", "How many hits", None),
    (AA, 7, "@Alliance warriors were removed", "How many Alliance warriors", 3),
])
def test_ra2_20_warriors_removed_beyond_those_on_the_map_are_refused(bot, supply, reaction, question, most):
    """RA2-20 — CORE (warriors come back to the supply): Eyrie 20, Marquise 25, Alliance 10 less the supply."""
    runner = table([bot], order=["Player 1"])
    record(runner, bot, warriors=supply)
    play(runner, [("Player 1's turn", reaction)])
    if most is None:  # the hits reaction bounds the warriors in the clearing
        play(runner, [(question, "9")])
        most = 25 - supply
    refused(runner, str(most + 1))
    runner.answer(str(most))
    assert mine(runner, bot).counters["warriors"] == supply + most


def test_ra2_21_the_revolt_passes_over_the_keep_clearing():
    """RA2-21 — LAW-MM 4.2.1, LAW-NR 2.3, Part C #14 (R2-9): the Alliance's revolt names the Keep's
    clearing as closed (the Alliance cannot read the Marquise's Keep flag: the table applies it);
    A New Roost says the same (round one's R-10)."""
    runner = table([AA])
    record(runner, AA, base_fox=True, bases=1, sympathy_left=5, sympathy=5)
    turn = play(runner, [("Which suit", "mouse"), ("still in the supply", "n"), ("Is any mouse clearing sympathetic", "y")])
    assert "not the Keep's clearing" in turn.says("Revolt:")


def test_ra2_22_a_base_in_the_box_or_tokens_beyond_the_map_are_refused():
    """RA2-22 — LAW-AA 6.2.4, APP Revolt (R2-11): a base of a suit in the box was not removed:
    nothing changes and no Crackdown; sympathy removed beyond the tokens on the map is refused."""
    runner = table([AA], order=["Player 1"])
    record(runner, AA, base_fox=True, bases=1, sympathy_left=7, sympathy=3)
    turn = play(runner, [("Player 1's turn", "@an Alliance base was removed"), ("Which base", "mouse")])
    turn.never_asks("Crackdown")
    assert turn.says("not on the map")
    play(runner, [("Player 1's turn", "@a bot removed Alliance sympathy")])
    refused(runner, "4")
    runner.answer("3")
    a = mine(runner, AA)
    assert (a.flags["base_fox"], a.counters["bases"], a.counters["sympathy_left"]) == (True, 1, 10)


def test_ra2_23_vagabot_items_quest_ranger_and_forest_answers():
    """RA2-23 — LAW-VB 7.2.5 (hits beyond its undamaged items refused), APP:ActionQuest (two usable
    items), APP:Extra.VB.SpecialRanger (three damaged), Part C #23 (R2-13): a quest's move leaves
    the forest, so Evening does not ask."""
    runner = table([VB], options={VB: {"Character": "Ranger", "Trait: Adventurer": "On"}}, order=["Player 1", VB])
    record(runner, VB, ready=3, exhausted=0, damaged_up=0, damaged_down=1)
    play(runner, [("Player 1's turn", "@the Vagabot takes hits")])
    refused(runner, "4")
    turn = play(runner, [("How many hits", "0"), ("Player 1's turn", "d"), ("Which suit", "rabbit"), ("still in the supply", "n"),
                         ("enemy piece on the map", "n"), ("Quest: move toward", "1")])
    assert turn.says("Special action: skipped")  # nothing damaged after the repair: the Ranger does not slip
    assert turn.says("Quest: not completed")
    turn.never_asks("forest")


def test_ra2_24_organize_counts_no_more_clearings_than_bases():
    """RA2-24 — APP:Evening.AA.Organize: the base clearings are the record's bases."""
    runner = table([AA])
    record(runner, AA, base_fox=True, base_rabbit=True, bases=2, sympathy_left=5, sympathy=5)
    play(runner, [("Which suit", "rabbit"), ("still in the supply", "n")] + [("Can a token be placed", "y"), ("Martial Law", "n")] * 2)
    refused(runner, "3")
    runner.answer("0")


def test_ra2_25_no_extra_hit_on_a_tie_even_for_the_largest_bird_column():
    """RA2-25 — LAW-EE 5.5.1 battle clause (R2-5): bird 2 and rabbit 2 tie: no column says it."""
    _, turn = eyrie_turn({"decree_rabbit": ["rabbit"], "decree_bird": [LV, LV]}, "rabbit",
                         [("Recruit (rabbit column", "n"), ("Recruit (bird column", "n"), NO_LOSS, ("Build:", "y")],
                         warriors=10, roosts_left=5, roosts=2)
    assert not any("extra hit" in t for t in turn.said)
