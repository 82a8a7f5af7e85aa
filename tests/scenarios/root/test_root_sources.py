"""Root's Clockwork bots against the sources found in November 2026 (tests/scenarios/review-2026-11/
root-sources.md): each test names its source by address and section and drives the real bot file
through the engine. Source keys:

LAW-EE / LAW-AA  the Law of Root's pages at therootdatabase.com/law/electric-eyrie/en and
                 /law/automated-alliance/en (the stored copies stop at 5.5.1 and 6.4.4).
REF              a public fan reference that paraphrases the Law of Rootbotics (cover date
                 September 8, 2021) whole, bot by bot, citing its pages and sections (§5 Electric
                 Eyrie p.6-7, §6 Automated Alliance p.8-9, §7 Vagabot p.10-12); root-sources.md
                 says where it is and how far it was trusted.
APP              github.com/Vagabottos/clockroot at 7327f0b (src/app/models/*.ts, en-US.json)."""

from __future__ import annotations

import pytest

from test_root_review_helpers import mine, play, record, table, told_at_setup
from tui.automaton import table as table_module

EE, AA, VB = "electric-eyrie", "automated-alliance", "vagabot"


# -- the Automated Alliance -------------------------------------------------------------------------


@pytest.mark.parametrize(("on_the_map", "spreads"), [(4, 2), (5, 1)])
def test_public_pity_spreads_twice_up_to_four_tokens_on_the_map(on_the_map, spreads):
    """REF §6.4.4 (Public Pity: twice with zero to four sympathy tokens on the map, once with five or
    more); APP src/app/models/woodland.ts (once when the track's first five spaces are empty, commit
    5ccaf0d 'slice from 0-5'). The file spread once at four."""
    runner = table([AA])
    record(runner, AA, base_rabbit=True, bases=1, sympathy_left=10 - on_the_map, sympathy=on_the_map)
    script = [("Which suit", "rabbit"), ("still in the supply", "n")]
    script += [("Can a token be placed", "y"), ("Martial Law", "n")] * spreads
    turn = play(runner, script)
    assert f"so it spreads {'twice' if spreads == 2 else 'once'} now" in turn.says("Public Pity:")
    # Daylight's own spread follows: one more token to place.
    assert runner.pending is not None and "Can a token be placed" in runner.pending.text
    assert mine(runner, AA).counters["sympathy_left"] == 10 - on_the_map - spreads


def test_outrage_is_a_human_players_reaction():
    """LAW-AA 6.2.3 (Automated Outrage: whenever a human removes a sympathy token or moves warriors
    into a sympathetic clearing); REF §6.2.3 (bots never cause it). The reaction says so."""
    runner = table([AA], order=["Player 1", AA])
    record(runner, AA, sympathy_left=9, sympathy=1)  # offered only with sympathy on the map
    prompt = runner.pending
    assert prompt is not None and "Player 1's turn" in prompt.text
    labels = [label for _, _, label in table_module._reactions(runner.state)]  # the menu r opens
    assert any("a human player removed Alliance sympathy" in label for label in labels), labels
    turn = play(runner, [("Player 1's turn", "@a human player removed Alliance sympathy"), ("Outrage", "n")])
    assert "a human player only" in turn.asked[-1]
    assert turn.says("They could not: the Alliance scores 1 VP.")


# -- the Electric Eyrie -----------------------------------------------------------------------------


def test_eyrie_setup_corner_is_the_laws(monkeypatch):
    """LAW-EE 5.3.2 (a random corner that is no other bot's starting corner, diagonally opposite a
    starting corner if possible) and 5.2.1 (Lords of the Forest: never an empty clearing). The file
    said 'opposite the Keep' (the app's reminder)."""
    text = " ".join(told_at_setup(monkeypatch, EE))
    assert "no other bot's starting corner" in text
    assert "diagonally opposite the Keep" not in text
    assert "never an empty clearing" in text


@pytest.mark.parametrize(("supply", "can", "asked"), [(10, "n", True), (3, None, False)])
def test_a_new_roost_that_cannot_be_placed_is_turmoil(supply, can, asked):
    """REF §5 Turmoil (whenever a roost it must place, Build or A New Roost, cannot be placed, the
    Eyrie falls into Turmoil at once); LAW-EE 5.4.4 (a roost and four warriors, all of them placed).
    Before, the file placed nothing and went on to Daylight. Humiliate: 1 VP per bird card (the two
    Loyal Viziers); Purge; Rest: Evening, no Daylight question."""
    runner = table([EE])
    record(runner, EE, roosts_left=7, roosts=0, warriors=supply, vp=5,
           zones={"decree_fox": ["fox"], "decree_bird": ["Loyal Vizier", "Loyal Vizier"]})
    script = [("Which suit", "fox"), ("still in the supply", "n")]
    if asked:
        script.append(("no roost on the map", can))
    turn = play(runner, script)
    if not asked:
        turn.never_asks("no roost on the map")
    turn.never_asks("Recruit (")
    assert turn.says("A New Roost cannot be placed: the Eyrie falls into Turmoil.")
    assert turn.says("Turmoil: the Eyrie loses 2 VP")
    e = mine(runner, EE)
    assert e.counters["vp"] == 3 and e.counters["warriors"] == supply
    assert [list(e.piles.pile(z)) for z in ("decree_fox", "decree_bird")] == [[], ["Loyal Vizier", "Loyal Vizier"]]


def test_a_new_roost_takes_four_warriors():
    """LAW-EE 5.4.4: with a roost and four warriors placeable, the new roost goes on the map and
    Daylight follows (no Turmoil)."""
    runner = table([EE])
    record(runner, EE, roosts_left=7, roosts=0, warriors=10)
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"), ("no roost on the map", "y")])
    assert turn.says("Place a roost and 4 Eyrie warriors there.")
    e = mine(runner, EE).counters
    assert (e["warriors"], e["roosts_left"]) == (6, 6)
    assert not any("Turmoil" in t for t in turn.said)


# -- the Vagabot ------------------------------------------------------------------------------------


def test_moving_to_the_quest_exhausts_one_item_per_move():
    """REF §7 (an action naming the nearest clearing moves the pawn there, one item exhausted per
    move, even when it then cannot pay); APP Daylight ActionQuest (two items to complete it). A mouse
    order: Quest, Aid, Battle, Repair. Five usable items: two moves leave three, the quest takes two
    (1 VP). Before, the file moved for free."""
    runner = table([VB])
    record(runner, VB, ready=5, exhausted=0, vp=0)
    turn = play(runner, [("Which suit", "mouse"), ("still in the supply", "n"), ("Quest: move toward", "2")])
    assert turn.says("Quest: exhaust two items")
    v = mine(runner, VB).counters
    assert (v["ready"], v["exhausted"], v["vp"]) == (1, 4, 1)


def test_a_quest_too_far_to_pay_for_is_not_completed():
    """REF §7: the Vagabot moves even if it then lacks the items to act. Three usable items, two
    moves: one left, no quest, no VP."""
    runner = table([VB])
    record(runner, VB, ready=3, exhausted=0, vp=0)
    turn = play(runner, [("Which suit", "mouse"), ("still in the supply", "n"), ("Quest: move toward", "2")])
    assert turn.says("Quest: not completed")
    v = mine(runner, VB).counters
    assert (v["ready"], v["exhausted"], v["vp"]) == (1, 2, 0)


def test_moving_to_battle_exhausts_one_item_per_move():
    """REF §7 (nearest clearing: one item per move) with APP Daylight ActionBattle (one item to battle,
    two for each battle again, 1 VP per enemy warrior removed). A rabbit order: Battle, Repair,
    Special. Four usable items: one move, one battle, then a battle again for two."""
    runner = table([VB])
    record(runner, VB, ready=4, exhausted=0, vp=0)
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), ("enemy piece on the map", "y"),
                         ("Battle: move toward", "1"), ("How many enemy warriors", "1"), ("How many hits", "0"),
                         ("Battle again", "y"), ("How many enemy warriors", "0"), ("enemy buildings and tokens", "0"),
                         ("How many hits", "0")])
    # All four spent before Evening: nothing left to repair or for the special action.
    assert turn.says("Special action: skipped")
    assert turn.says("Refresh: turn 4 exhausted item(s) face up")
    assert mine(runner, VB).counters["vp"] == 1


def test_exhausting_turns_items_face_down_and_loses_none():
    """LAW-VB 7.2.3 (to exhaust is to flip an undamaged item face down: it stays on the board).
    Three face-up items, a quest paid with two: one face up, two face down. Version 2 counted the
    face-down ones after the face-up count had dropped and lost an item whenever fewer than twice
    the cost were face up."""
    runner = table([VB])
    record(runner, VB, ready=3, exhausted=0)
    play(runner, [("Which suit", "mouse"), ("still in the supply", "n"), ("Quest: move toward", "0")])
    v = mine(runner, VB).counters
    assert (v["ready"], v["exhausted"]) == (1, 2)
