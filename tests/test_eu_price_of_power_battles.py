"""Battles a Bot fights, with the dice Clockwork rolls or the table types (seed: Land Battles and
Naval Battles p.5; ruleset readings: battle_dice)."""

from __future__ import annotations

from test_eu_price_of_power_helpers import Ctx, answers, bot, drive, table
from tui.engine.prompts import Number
from tui.games.eu_price_of_power import battles
from tui.games.eu_price_of_power.dice import count_hits


def fight(state, b, reply, options=None):
    return drive(battles.land_battle_npr(state, Ctx(options=options), b), reply)


def test_land_battle_vs_npr_rolls_one_infantry_die_per_enemy_unit_with_the_tables_faces():
    """Seed p.5 Land Battles vs Rebels/NPRs: as many Infantry dice as NPR Units; each result with an
    Infantry icon is one Bot casualty. The app rolls them from the faces the table gave at setup."""
    b = bot()
    b.army = 30
    state = table(b, seed=4)
    state.infantry_faces = 2
    reply = answers({"against whom": "1", "How many enemy Units": 12, "stand": 30})
    won, prompts = fight(state, b, reply)
    assert not any(isinstance(p, Number) and "Infantry icon" in p.text for p in prompts)
    expected, _ = count_hits(table(bot(), seed=4), 12, 2)  # the same seeded rolls
    assert won is True and b.army == 30 - expected
    assert f"{expected} casualty results" in prompts[-1].text


def test_all_bot_units_eliminated_loses_and_the_faces_set_the_odds():
    """Seed p.5: all the Bot's Units eliminated → it loses. The app's dice show the icon on as many
    faces of six as the table said."""
    b = bot()
    b.army = 4
    state = table(b, seed=2)
    state.infantry_faces = 6  # every die a casualty
    won, _ = fight(state, b, answers({"against whom": "1", "How many enemy Units": 5, "stand": 4}))
    assert won is False and b.army == 0
    hits, rolls = count_hits(table(bot(), seed=9), 600, 1)
    assert 60 < hits < 140 and all(1 <= r <= 6 for r in rolls)  # about one face in six
    assert count_hits(table(bot(), seed=9), 50, 0)[0] == 0


def test_with_real_dice_or_unknown_faces_the_table_types_the_results():
    """Readings battle_dice: 'dice' set to the table, or faces not given (0) → the table rolls."""
    for options, faces in (({"dice": "table"}, 3), ({}, 0)):
        b = bot()
        b.army = 5
        state = table(b)
        state.infantry_faces = faces
        reply = answers({"Infantry icon": 2, "against whom": "1", "How many enemy Units": 3, "stand": 5})
        won, prompts = fight(state, b, reply, options)
        asked = [p for p in prompts if isinstance(p, Number) and "Roll 3 Infantry dice" in p.text]
        assert len(asked) == 1 and asked[0].hi == 3
        assert won and b.army == 3


def test_naval_battle_vs_opponent_adds_automatic_hits_for_ports_and_npr_ships():
    """Seed p.5 Naval Battles vs Opponents: 1 Artillery die + 1 per adjacent Bot Ship (+1 with a
    Diplomatic Idea, -1 against an Admiral); 1 automatic hit per 2 Ports facing the Sea Zone; beside
    NPR Ships every second one is an extra hit."""
    b = bot()
    b.ideas["Dip"] = 1
    state = table(b)
    reply = answers({"against whom": "1", "adjacent to the Battle": 2, "Admiral": True, "Ports face": 5,
                     "NPR Ships fighting": 3, "Artillery icon": 1, "sunk": True})
    won, prompts = drive(battles.naval_battle(state, Ctx(options={"dice": "table"}), b), reply)
    rolled = next(p for p in prompts if isinstance(p, Number) and "Artillery dice" in p.text)
    assert rolled.text.startswith("Roll 3 Artillery dice")  # 1 + 2 Ships + 1 Idea - 1 Admiral
    sunk = next(p for p in prompts if "sunk" in p.text)
    assert "scores 4 hits" in sunk.text  # 1 rolled + 5 // 2 Ports + 3 // 2 NPR Ships
    assert won


def test_naval_battle_vs_npr_ships_loses_at_two_plus_adjacent_ports():
    """Seed p.5 Naval Battles vs NPRs: Artillery dice equal to the NPR Ships; hits ≥ 2 + the Bot's
    adjacent Ports → the Bot loses its Ship. The app rolls when it knows the faces."""
    b = bot()
    state = table(b, seed=3)
    state.artillery_faces = 6  # every die hits
    reply = answers({"against whom": "2", "How many NPR Ships": 3, "adjacent to the Sea Zone": 1})
    won, prompts = drive(battles.naval_battle(state, Ctx(), b), reply)
    assert won is False and "remove its Ship" in prompts[-1].text
    state.artillery_faces = 6
    reply = answers({"against whom": "2", "How many NPR Ships": 3, "adjacent to the Sea Zone": 2})
    won, _ = drive(battles.naval_battle(state, Ctx(), b), reply)
    assert won is True  # 3 hits < 2 + 2


def test_two_bots_at_sea_most_hits_wins_and_ties_are_rolled_again():
    """Seed p.5: if two Bots fight each other, the Bot scoring the most hits wins; re-roll if tied.
    They are at War with each other (p.4: a Naval Battle is fought against an Enemy's Ships)."""
    a, f = bot("b1", "Austria"), bot("b2", "France")
    a.at_war, f.at_war, a.enemies, f.enemies = True, True, ["b2"], ["b1"]
    state = table(a, f)
    # table dice: a tie (1 v 1), then 2 v 1
    reply = answers({"against whom": "3", "Artillery icon": [1, 1, 2, 1]})
    won, prompts = drive(battles.naval_battle(state, Ctx(options={"dice": "table"}), a), reply)
    assert won is True
    assert sum(1 for p in prompts if isinstance(p, Number) and "Artillery dice" in p.text) == 4
    assert "Austria 2 hits, France 1" in prompts[-1].text
