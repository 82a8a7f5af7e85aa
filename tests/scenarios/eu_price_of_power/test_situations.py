"""Worked situations from the rules reviewer (/work/scenarios/eu-price-of-power.md), each written
from the Bot booklet (eu-price-of-power-bots.txt) and the notes only, driven here through the
game's procedures with the table's answers. Each test names its situation (S<n>) and section."""

from __future__ import annotations

import re

from test_eu_price_of_power_helpers import Ctx, answers, bot, default_answer, drive, fresh_rules, next_turn, table
from tui.engine.prompts import Number, TextEntry, YesNo
from tui.engine.rng import Rng
from tui.games.eu_price_of_power import bot_deck, bot_power, wars
from tui.games.eu_price_of_power.battles import land_battle_npr, land_dice, naval_opponent_dice
from tui.games.eu_price_of_power.bot_turn import bot_turn, record_pass
from tui.games.eu_price_of_power.charts import choose_action, play_card
from tui.games.eu_price_of_power.cleanup import update_manpower
from tui.games.eu_price_of_power.income_and_upkeep import imperial_authority_roll, income_phase
from tui.games.eu_price_of_power.outcomes import roll_target
from tui.games.eu_price_of_power.peace_and_rebels import peace_phase, rebel_dice_roll
from tui.games.eu_price_of_power.action_phase import human_turn, passive_trade
from tui.games.eu_price_of_power.state import DRAW, FOCUS_ASIDE, OUT_FOR_AGE, REAL_WAR, REMOVED, USED, Memory
from tui.games.eu_price_of_power.rules import TargetNode as T

from test_eu_price_of_power_helpers import new_runner, answer_runner, raw, rules


def on_top(b, *cards: str) -> None:
    for card in reversed(cards):
        for pile in b.deck.piles.values():
            if card in pile:
                pile.remove(card)
        b.deck.piles[DRAW].insert(0, card)


def usual(prompt):
    """Enter: the marked default, else nothing happened."""
    default = getattr(prompt, "default", None)
    return default if default is not None else default_answer(prompt)


def units(b, army: int, manpower: int) -> None:
    b.army, b.manpower = army, manpower


def texts(prompts) -> str:
    return " | ".join(p.text for p in prompts)


# ---- S1 ------------------------------------------------------------------------------------------

def test_s1_a_bot_declares_war_on_another_bot():
    """S1 (Bot Warfare: DoW on a Bot p.4 steps 3-4; Recruiting Units p.4-5; Difficulty p.2; War Action
    p.1, card table p.7): the Ottomans' MILITARY Action declares War on VeniceBot (Hard)."""
    ottomans = bot("b1", "Ottomans", available=5)
    venice = bot("b2", "Venice", difficulty="hard", available=2)
    venice.spent = 5
    units(venice, 3, 9)
    state = table(ottomans, venice, humans=1)
    on_top(ottomans, "3")
    reply = answers({"What happened": [["w"]], "On whom": "1", "NPR Allies": 1})
    ctx = Ctx()
    _, prompts = drive(bot_turn(state, ctx, ottomans), reply, ctx)
    # Ragusa +2 → 4, targeted +1 → 5, top-up to 6 (Hard), recruit 1 BP: 9 paid, 6 in the Reserve
    assert (venice.available, venice.spent, venice.army, bot_power.reserve(venice)) == (5, 6, 9, 0)
    assert "Flip the 1 called NPR Allies" in texts(prompts)
    assert venice.at_war and ottomans.at_war
    assert (ottomans.available, ottomans.spent) == (4, 1)  # only its card: no +1, no top-up
    next_turn(state, ctx)  # on their own Turns, a card with a War Action runs it
    assert drive(choose_action(state, ctx, venice, 6), answers({}), ctx)[0] == "Military"
    assert drive(choose_action(state, ctx, ottomans, 12), answers({}), ctx)[0] == "Military"
    state.phase = "3 Peace & Rebels"
    _, prompts = drive(peace_phase(state, Ctx()), answers({"at War now": True}))
    eh = next(p for p in prompts if p.label == "Phase 3 E-H")
    assert "Ottomans: +2 Unrest (at War)" in eh.text and "Venice: +2 Unrest (at War)" in eh.text


# ---- S2 ------------------------------------------------------------------------------------------

def test_s2_an_npr_allied_to_two_bots_calls_them_one_accepts_one_is_busy():
    """S2 (DoW on a Bot p.4: a Bot's Ally attacked, Defensive CtA accepted unless already at War with
    an Opponent; step 4 for a Bot joining by an NPR's CtA)."""
    venice = bot("b1", "Venice", available=1)
    venice.spent = 3
    units(venice, 0, 4)
    ottomans = bot("b2", "Ottomans", difficulty="easy", available=3)
    ottomans.spent, ottomans.at_war = 2, True
    units(ottomans, 5, 7)
    state = table(venice, ottomans, humans=1)
    drive(wars.joins_by_cta(state, Ctx(), venice), answers({}))
    assert (venice.available, venice.spent, venice.army, bot_power.reserve(venice)) == (4, 4, 4, 0)
    assert venice.at_war
    _, prompts = drive(wars.joins_by_cta(state, Ctx(), ottomans), answers({"already at War with an Opponent": True}))
    assert (ottomans.available, ottomans.spent, ottomans.army, bot_power.reserve(ottomans)) == (3, 2, 5, 2)
    assert "refuses the Call to Arms" in prompts[-1].text


# ---- S3 ------------------------------------------------------------------------------------------

def test_s3_the_bot_emperor_defends_an_imperial_subject():
    """S3 (Bot Emperor p.6: BP equal to IA on answering the CtA; DoW on a Bot step 4 p.4; Bot HRE
    Members p.6): IA first, then +1, the top-up and the recruit (readings: emperor_defence)."""
    austria = bot("b1", "Austria", available=2)
    austria.spent = 4
    units(austria, 2, 9)
    brandenburg = bot("b2", "Brandenburg", available=4)
    bohemia = bot("b3", "Bohemia", available=3)
    bohemia.at_war = True
    state = table(austria, brandenburg, bohemia, humans=1)
    state.emperor, state.ia = "b1", 3
    _, prompts = drive(wars.defending_the_hre(state, Ctx(), attacked=True),
                       answers({"HRE members": [["1"]]}))
    assert (austria.available, austria.spent, austria.army, bot_power.reserve(austria)) == (5, 5, 9, 0)
    assert brandenburg.available == 3 and bohemia.available == 3
    members = next(p for p in prompts if p.label == "Bot HRE members")
    assert [o.label for o in members.options] == ["Brandenburg"]  # Bohemia is already at War
    assert "connected to its Capital for MAC" in texts(prompts)


# ---- S4 ------------------------------------------------------------------------------------------

def s4_start(austria_at_war: bool):
    brandenburg = bot("b1", "Brandenburg", available=3)
    brandenburg.spent = 4
    austria = bot("b2", "Austria", difficulty="hard", available=1)
    austria.spent, austria.at_war = 6, austria_at_war
    units(austria, 4, 7)
    bohemia = bot("b3", "Bohemia", available=0)
    bohemia.spent = 5
    state = table(brandenburg, austria, bohemia)
    state.emperor, state.ia = "b2", 2
    return state, brandenburg, austria, bohemia


def test_s4_a_bot_member_attacks_an_hre_member_and_the_bot_emperor_defends():
    """S4 (Bot Emperor p.6: defends members attacked by HRE members without a CB; Bots hold no CB
    p.2; Bot HRE Members p.6; DoW on a Bot step 4 p.4)."""
    state, brandenburg, austria, bohemia = s4_start(False)
    reply = answers({"On whom": "n", "Allies of that NPR": [[]], "defend the HRE": True, "HRE members": [["1"]]})
    _, prompts = drive(wars.declare_war(state, Ctx(), brandenburg, "Brandenburg"), reply)
    # IA 2 → 3, +1 → 4, top-up to 6 (Hard), recruit: 9 paid, 3 in the Reserve
    assert (austria.available, austria.spent, austria.army) == (5, 7, 7)
    assert (brandenburg.available, brandenburg.spent) == (3, 4)  # the aggressor: no loss, no gain
    assert bohemia.available == 0
    members = next(p for p in prompts if p.label == "Bot HRE members")
    assert [o.label for o in members.options] == ["Bohemia"]
    assert austria.at_war and brandenburg.at_war


def test_s4_variant_an_emperor_already_at_war_does_not_defend_and_no_member_pays():
    """S4 variant (Bot Emperor p.6: not when already at War with an Opponent; Bot HRE Members p.6:
    the loss comes only when Defending the HRE is activated)."""
    state, brandenburg, austria, bohemia = s4_start(True)
    bohemia.available = 2
    reply = answers({"On whom": "n", "Allies of that NPR": [[]], "defend the HRE": True,
                     "already at War with an Opponent or": True})
    _, prompts = drive(wars.declare_war(state, Ctx(), brandenburg, "Brandenburg"), reply)
    assert (austria.available, austria.spent, austria.army) == (1, 6, 4)
    assert bohemia.available == 2
    assert not any(p.label == "Bot HRE members" for p in prompts)


# ---- S5 ------------------------------------------------------------------------------------------

def test_s5_manpower_falls_below_the_army():
    """S5 (Cleanup: Update Manpower Reserve p.3, min 3, the Reserve first; Bot Emperor p.6 with the
    IA die p.2): Reserve Units go first, then Army Units; the Emperor's Manpower follows its IA."""
    venice = bot("b1", "Venice")
    units(venice, 7, 8)
    poland = bot("b2", "Poland")
    units(poland, 4, 3)
    austria = bot("b3", "Austria")
    units(austria, 9, 9)
    austria.manpower_ia = 3
    state = table(venice, poland, austria)
    state.emperor, state.ia = "b3", imperial_authority_roll(rules(), 3, 1)
    assert state.ia == 2
    _, said = drive(update_manpower(state, Ctx(), venice), answers({"Manpower": 5}))
    assert (venice.manpower, venice.army) == (5, 5)
    assert "1 from its Manpower Reserve, then 2 from its Army" in said[-1].text
    _, prompts = drive(update_manpower(state, Ctx(), poland), answers({"Manpower": 3}))
    assert prompts[0].lo == 3 and (poland.manpower, poland.army) == (3, 3)
    assert "1 from its Army (Army 3)" in prompts[-1].text
    drive(update_manpower(state, Ctx(), austria), answers({"Manpower": 6}))
    assert (austria.manpower, austria.army) == (8, 8)


# ---- S6 ------------------------------------------------------------------------------------------

def test_s6_phase_4_for_an_emperor_papal_controller_with_both_town_bonuses():
    """S6 (Income & Upkeep p.2-3: discard Spent, difficulty gain, +1/+1 Towns, Papal Controller +1,
    the IA die then the new level's bonus; Token Limitations p.4). The IA-track bonus is the given
    of this table (+0 at IA 4, +1 at IA 5): a group's own ruleset holds it (readings: ia_bonus)."""
    r = fresh_rules()
    r.bot_power.ia_bonus = [0, 0, 0, 0, 0, 1, 1]
    austria = bot("b1", "Austria", available=1)
    austria.spent = 4
    state = table(austria)
    state.phase = "4 Income & Upkeep"
    reply = answers({"20\\+ Small": [["1"]], "8 Large": [["1"]], "HRE Emperor": "1", "Imperial Authority now": 4,
                     "Roll a d6": 6, "Papal Controller": "1"})
    _, prompts = drive(income_phase(state, Ctx(r, {"dice": "table"})), reply)
    assert state.ia == 5
    assert (austria.available, austria.spent) == (12, 0)
    assert "Catholic PRs - 1 Prestige" in prompts[-1].text


# ---- S7 ------------------------------------------------------------------------------------------

def test_s7_pass_bonuses_with_eight_seats():
    """S7 (Passing p.2, literal reading: 1st and 2nd among every player who passes; readings:
    pass_order; Income & Upkeep p.2): H2, B3, B1, B6, B2, H1, B4, B5."""
    bots = [bot(f"b{i}", f"Realm {i}", available=3) for i in range(1, 7)]
    for b in bots:
        b.spent = 4
    state = table(*bots, humans=2)
    state.order = ["h1", "b1", "b2", "h2", "b3", "b4", "b5", "b6"]
    for seat in ["h2", "b3", "b1", "b6", "b2", "h1", "b4", "b5"]:
        record_pass(state, Ctx(), seat)
    assert [b.available for b in bots] == [3, 3, 4, 3, 3, 3]
    for b in bots:
        bot_power.refresh(Ctx(), b)
    assert (bots[2].available, bots[0].available) == (11, 10)
    first = table(*[bot(f"b{i}", f"Realm {i}", available=3) for i in (1, 2)], humans=1)
    record_pass(first, Ctx(), "b1")
    assert first.bot("b1").available == 5  # variant: a Bot passing first of all gains 2


# ---- S8 ------------------------------------------------------------------------------------------

def test_s8_the_last_bot_targets_past_the_passed_realms():
    """S8 (Invalid Military Targets p.6: a passed Opponent, an NPR Ally of one; Invalid Targets:
    next sibling by raising the die; Placing Claims on NPRs p.6; Passing p.2)."""
    r = fresh_rules()
    r.realm("Poland").military = [T(1, 2, "Brandenburg"), T(3, 4, "Riga", kind="owner"), T(5, 6, "Muscovy")]
    poland = bot("b1", "Poland", available=2)
    poland.spent = 6
    on_top(poland, "4")
    state = table(poland)
    _, prompts = drive(play_card(state, Ctx(r, {"dice": "table"}), poland),
                       answers({"Roll a d6": 1, "Is Brandenburg": False, "Owner of Riga": False, "Is Muscovy": "y"}))
    assert (poland.available, poland.spent) == (0, 8)
    follow = next(p for p in prompts if "follow the MILITARY" in p.text)
    assert "Poland targets Muscovy. If it is an NPR, place a Claim now (its Capital Area" in follow.text
    others = [bot(f"b{i}", f"R{i}") for i in range(2, 9)]
    state = table(poland, *others)
    state.passed = [b.key for b in others]
    before = poland.available
    record_pass(state, Ctx(), "b1")
    assert poland.available == before  # 8th to pass: nothing


# ---- S9 / S10 / S11 -------------------------------------------------------------------------------

def test_s9_the_phase_5_reshuffle_rounds_half_up():
    """S9 (Cleanup, Reshuffle Bot Deck p.3): Events and Ideas back, FOCUS aside, half of the other
    used cards (5 → 3) back, the rest out for the Age."""
    castile = bot("b1", "Castile", removals={"1": [9, 10, 14, 17]})
    deck = castile.deck
    for card in ("1", "24", "22", "2", "5", "7", "12"):
        deck.move(card, DRAW, USED)
    deck.move("18", DRAW, FOCUS_ASIDE)
    assert deck.count(DRAW) == 12
    back, out = bot_deck.reshuffle_for_next_round(castile, Rng.from_seed(3), lambda c: rules().card(c).first)
    assert {"1", "24"} <= set(back) and len(back) == 5 and len(out) == 2
    assert deck.count(DRAW) == 17 and deck.pile(FOCUS_ASIDE) == ["18"]
    assert deck.count(OUT_FOR_AGE) == 2 and deck.count(REMOVED) == 4


def test_s10_the_end_of_age_resets_the_deck_to_the_new_ages_list():
    """S10 (End of Age Routine p.3; Bot Realms p.6), per-Age reading (readings: removals): Age II's
    list alone makes the Age II deck; the Age's removals and set-asides come back."""
    castile = bot("b1", "Castile", removals={"1": [9, 10, 14, 17], "2": [3, 11, 13, 21]})
    castile.ideas["Adm"], castile.focus["Eco"], castile.available = 2, 1, 7
    for card in ("2", "7", "8", "13", "23"):
        castile.deck.move(card, DRAW, OUT_FOR_AGE)
    for card in ("18", "20"):
        castile.deck.move(card, DRAW, FOCUS_ASIDE)
    bot_deck.compose_for_age(castile, 2, Rng.from_seed(1))
    assert castile.deck.count(DRAW) == 20
    assert sorted(castile.deck.pile(REMOVED), key=int) == ["3", "11", "13", "21"]
    assert {"2", "7", "8", "23", "18", "20"} <= set(castile.deck.pile(DRAW))
    assert (castile.ideas["Adm"], castile.focus["Eco"], castile.available) == (2, 1, 7)


def test_s11_a_second_game_starting_in_age_ii_remembers_the_first():
    """S11 (Bot Setup p.1; Bot Cards p.1; Bot Realms p.6): Castile's typed lists are reused, Ages
    never typed are asked (Age I is not needed in a game starting in Age II, per-Age reading);
    nothing of the first game's play carries over."""
    memory = Memory(removals={"Castile": {"1": [9, 10, 14, 17], "2": [3, 11, 13, 21]}})
    runner = new_runner({"bots": "2", "humans": "1", "age": "2"}, recalled=memory)
    asked: list[str] = []

    def answer(prompt):
        asked.append(prompt.text)
        if isinstance(prompt, TextEntry) and prompt.label == "Bot 1 realm":
            return "Castile"
        if isinstance(prompt, TextEntry) and prompt.label == "Bot 2 realm":
            return "Venice"
        if prompt.label == "Castile difficulty":
            return "3"
        if isinstance(prompt, YesNo) and "Removals for Castile" in prompt.text:
            return "y"
        if isinstance(prompt, TextEntry) and "Venice: Bot card IDs removed in Age II" in prompt.text:
            return "5 9 16 22"
        return raw(prompt)

    answer_runner(runner, answer, lambda r: r.state.phase != "setup")
    castile, venice = runner.state.bots
    offer = next(t for t in asked if "Removals for Castile" in t)
    assert "Age I:" not in offer and "Age II: 3 11 13 21" in offer
    assert castile.deck.count(DRAW) == 20 and venice.deck.count(DRAW) == 20
    assert not any("Venice: Bot card IDs removed in Age I " in t for t in asked)
    assert any("Castile: Bot card IDs removed in Age III" in t for t in asked)  # never typed: asked
    assert (castile.available, castile.spent, castile.milestones) == (9, 0, [])
    assert rules().difficulty(castile.difficulty).dow_minimum == 6
    assert rules().difficulty(venice.difficulty).dow_minimum == 5


# ---- S12 / S13 -----------------------------------------------------------------------------------

def test_s12_focus_milestones_at_two_difficulties():
    """S12 (Bot Mat p.1; Difficulty p.2; FOCUS p.14; card fn2 p.7; Reshuffle p.3; readings:
    focus_milestone): the card's BP go into the Focus area; Easy scores at 3, Normal at 2."""
    castile = bot("b1", "Castile", difficulty="easy", available=4)
    castile.spent, castile.focus["Eco"] = 2, 2
    venice = bot("b2", "Venice", available=3)
    venice.focus["War"] = 1
    ottomans = bot("b3", "Ottomans", available=0)
    ottomans.focus["Exp"] = 1
    state = table(castile, venice, ottomans)
    second = answers({"which Action": "2"})
    for b, card in ((castile, "16"), (venice, "23"), (ottomans, "21")):
        on_top(b, card)
        drive(play_card(state, Ctx(), b), second)
    assert (castile.available, castile.spent, castile.milestones) == (3, 2, ["Eco"])
    assert (venice.available, venice.milestones) == (2, ["War"])
    assert (ottomans.available, ottomans.focus["Exp"], ottomans.milestones) == (0, 1, [])
    assert all(b.deck.count(FOCUS_ASIDE) == 1 for b in (castile, venice, ottomans))
    bot_power.refresh(Ctx(), castile)
    assert (castile.available, castile.spent) == (9, 0)


def test_s13_idea_bonuses_where_they_meet_phase_3_and_battles():
    """S13 (Bots & Ideas p.3; Phase 3 G-H p.2; Land Battles and Naval Battles p.5; SIEGE fn3 p.8)."""
    ottomans = bot("b1", "Ottomans")
    ottomans.ideas.update({"Adm": 3, "Dip": 1, "Mil": 3})
    ottomans.at_war = True
    venice = bot("b2", "Venice")
    venice.ideas.update({"Adm": 1})
    venice.at_war = True
    state = table(ottomans, venice)
    state.phase = "3 Peace & Rebels"
    _, prompts = drive(peace_phase(state, Ctx()), answers({"at War now": True}))
    eh = next(p for p in prompts if p.label == "Phase 3 E-H")
    assert "at most 1 Religious Dissent" in eh.text
    assert "Ottomans: +2 Unrest (at War), remove 2 Unrest" in eh.text
    assert "Venice: +2 Unrest (at War), remove 1 Unrest" in eh.text
    assert (land_dice(rules(), ottomans), land_dice(rules(), venice)) == (6, 5)
    assert naval_opponent_dice(2, ottomans.ideas["Dip"], False) == 4
    units(ottomans, 9, 9)
    state.phase = "2 Action"
    _, prompts = drive(land_battle_npr(state, Ctx(options={"dice": "table"}), ottomans),
                       answers({"against whom": "1", "^How many enemy Units": 4}))
    roll = next(p for p in prompts if isinstance(p, Number) and "Infantry dice" in p.text)
    assert roll.text.startswith("Roll 4 Infantry dice")
    on_top(ottomans, "8")
    _, prompts = drive(play_card(state, Ctx(), ottomans), answers({}))
    assert "2 Tax Value per BP (max 6)" not in texts(prompts)  # a DIPLOMACY card: no Siege note
    assert "+1 influence" in texts(prompts)


# ---- S14 / S15 -----------------------------------------------------------------------------------

def test_s14_a_bot_out_of_towns_in_phase_5_triggers_final_scoring():
    """S14 (Token Limitations, Towns p.4; Income & Upkeep p.2; Final Scoring p.3; readings:
    out_of_towns): +9 in Phase 4, then the Phase 5 check ends the game."""
    from tui.games.eu_price_of_power.cleanup import cleanup_phase

    poland = bot("b1", "Poland", available=0)
    poland.small_towns = poland.large_towns = True
    poland.at_war = True
    bot_power.refresh(Ctx(), poland)
    assert poland.available == 9
    state = table(poland, humans=1)
    state.phase = "5 Cleanup"
    _, prompts = drive(cleanup_phase(state, Ctx()), answers({"out of Towns now": "1"}, fallback=usual))
    assert state.over and "Final Scoring" in state.finished
    assert next(p for p in prompts if p.label == "After the Round").default == "3"


def test_s15_rebel_dice_and_the_battle_against_the_rebels():
    """S15 (Rebel Dice Rolls p.4: all at once, at most 5 dice, at most 1 BP lost; Land Battles vs
    Rebels p.5; MAC p.5: laid-down Units take no part)."""
    castile = bot("b1", "Castile", available=4)
    units(castile, 7, 9)
    state = table(castile)
    _, prompts = drive(rebel_dice_roll(state, Ctx(), castile), answers({"How much Unrest": 7, "BP loss": 2}))
    assert next(p for p in prompts if "Rebel dice" in p.text).text.startswith("Roll 5 Rebel dice")
    assert castile.available == 3
    assert "Rebellions in its Army's Area" in prompts[-1].text
    _, prompts = drive(land_battle_npr(state, Ctx(options={"dice": "table"}), castile),
                       answers({"against whom": "2", "^How many enemy Units": 3, "stand": 5, "Infantry dice": 2}))
    assert castile.army == 5 and "wins" in prompts[-1].label
    units(castile, 2, 9)
    _, prompts = drive(land_battle_npr(state, Ctx(options={"dice": "table"}), castile),
                       answers({"against whom": "2", "^How many enemy Units": 3, "stand": 2, "Infantry dice": 3}))
    assert castile.army == 0 and "Rebels also take 1 of its Towns" in prompts[-1].text


# ---- S16 -----------------------------------------------------------------------------------------

def test_s16_targeting_wraps_around_and_rolls_the_invalid_targets_children():
    """S16 (Targeting Charts p.6: invalid → substitute, else children; next sibling by raising the
    die, wrapping; target types; Placing Claims on NPRs). The table judges validity, the Vassal's
    passed Overlord included (readings: targeting_order)."""
    r = fresh_rules()
    r.realm("Ottomans").military = [
        T(1, 2, "Venice"),
        T(3, 4, "Hungary", children=[T(1, 3, "Belgrade", kind="owner"), T(4, 6, "WALLACHIA", kind="area")]),
        T(5, 6, "Mamluks")]
    ottomans = bot("b1", "Ottomans")
    validity = {"Is Mamluks": False, "Is Venice": False, "Is Hungary": False, "Owner of Belgrade": "y",
                "Realm in WALLACHIA": "y"}
    said, prompts = drive(roll_target(table(ottomans), Ctx(r, {"dice": "table"}), ottomans, "military"),
                          answers({"Roll a d6": [5, 2], **validity}))
    asked = [p.text.split(" a valid")[0] for p in prompts if "a valid military target" in p.text]
    assert asked == ["Is Mamluks", "Is Venice", "Is Hungary", "Is the Owner of Belgrade (Lawful Owner if Occupied)"]
    assert "targets the Owner of Belgrade" in said and "place a Claim now" in said and "named Area/Province" in said
    said, _ = drive(roll_target(table(ottomans), Ctx(r, {"dice": "table"}), ottomans, "military"),
                    answers({"Roll a d6": [4, 5], **validity}))
    assert "a Realm in WALLACHIA (Capital there, then most Tax Value there" in said


# ---- S17 -----------------------------------------------------------------------------------------

def test_s17_the_last_round_peace_refused_and_final_scoring():
    """S17 (Phase 3 D p.2 and Bot Peace Resolution p.15: the table follows the chart; Passing p.2;
    Final Scoring p.3): White Peace refused keeps Venice at War and its Army on the map."""
    venice = bot("b1", "Venice", available=2)
    venice.at_war = True
    state = table(venice, humans=1)
    record_pass(state, Ctx(), "b1")
    assert venice.available == 4
    state.phase = "3 Peace & Rebels"
    _, prompts = drive(peace_phase(state, Ctx()), answers({"at War now": True}))
    chart = next(p for p in prompts if "Bot Peace Resolution chart" in p.text)
    assert "White Peace only if the enemy Occupies Bot Provinces of more Tax Value" in chart.help
    assert venice.at_war and not any("remove its Army from the map" in p.text for p in prompts)


# ---- S18 -----------------------------------------------------------------------------------------

def test_s18_a_human_replaced_by_a_bot_between_rounds():
    """S18 (Replacing Humans p.6: BP from Monarch Power, Ducats (max 5), Stability, Loans, clamped
    to [DoW minimum, 15]; Ideas max 3; FOCUS cards of achieved Milestones leave the deck)."""
    r = rules()
    assert bot_power.human_to_bot_bp(r, "normal", 9, 27, 1, 0) == 15
    assert bot_power.human_to_bot_bp(r, "normal", 9, 40, 1, 0) == 15
    assert bot_power.human_to_bot_bp(r, "normal", 14, 27, 1, 0) == 15
    assert bot_power.human_to_bot_bp(r, "hard", 3, 9, -2, 0) == 6
    runner = new_runner({"bots": "1", "humans": "1"})
    answer_runner(runner, lambda p: "p" if p.label == "Human 1's Turn" else raw(p),
                  lambda r_: r_.pending.label == "After the Round")
    runner.answer("4")

    def answer(prompt):
        values = {"Monarch Power": "9", "Ducats": "27", "Stability": "1", "Milestones": "2",
                  "Administrative Ideas": "3", "Adm Ideas": "3", "Dip Ideas": "1", "Manpower": "10", "Army Units": "6",
                  "realm": "France"}
        for key, value in values.items():
            if key in prompt.label:
                return value
        return raw(prompt)

    answer_runner(runner, answer, lambda r_: r_.pending.label == "After the Round")
    france = runner.state.bots[-1]
    assert (france.available, france.ideas["Adm"], france.ideas["Dip"]) == (15, 3, 1)
    assert (france.army, bot_power.reserve(france)) == (6, 4)
    assert {"17", "21"} <= set(france.deck.pile(REMOVED))


# ---- S19 / S20 -----------------------------------------------------------------------------------

def test_s19_an_event_the_bot_takes_gains_bp_and_may_declare_war():
    """S19 (EVENT Action, General Event Rules p.9; card 1 p.7): the table converts (35 Ducats → 3,
    +2 Stability with no Unrest → 4, 1 Diplomatic Power → 1) by the rules shown; 'May Declare War'
    at Peace with Available above Spent → a War is declared."""
    venice = bot("b1", "Venice", available=5)
    venice.spent = 5
    other = bot("b2", "Castile")
    state = table(venice, other, humans=1)
    on_top(venice, "1")
    reply = answers({"gain in EVENT": 8, "start a War": "d", "On whom": "h"})
    _, prompts = drive(play_card(state, Ctx(), venice), reply)
    gain = next(p for p in prompts if "gain in EVENT" in p.text)
    assert "1 BP per 10, rounded up, at most 3 BP" in gain.help and "+2 BP per step with no Unrest" in gain.help
    assert (venice.available, venice.spent) == (13, 5) and venice.at_war
    venice.at_war = False
    on_top(venice, "1")
    drive(play_card(state, Ctx(), venice), answers({"gain in EVENT": -1}))
    assert venice.available == 12  # an Event taken by the Bot that costs it BP: a negative gain


def test_s20_card_cost_above_available_and_the_war_action():
    """S20 (Bot Cards p.1; card fn2 p.7; card table p.7; At War? p.3). The situation's premise is
    that the Main Turn Structure reaches a Bot card each time; Clockwork's Main Turn Structure makes
    a Bot with no BP pass first (readings: pass_trigger), so the cards are played as that premise
    says, straight from the chart's card step."""
    venice = bot("b1", "Venice", available=2)
    venice.spent, venice.at_war = 3, True
    state = table(venice, humans=1)
    on_top(venice, "5", "7", "13")
    actions = []
    venice.facts_checked = True  # the Main Turn Structure reached a Bot card each time (the premise)
    for _ in range(3):
        drive(play_card(state, Ctx(), venice), answers({"still have Provinces": True}))
        actions.append(venice.drawn[-1].action)
    assert actions == ["Military", "Diplomacy", "Spy"]
    assert (venice.available, venice.spent) == (0, 5)
    ferrara = bot("b2", "Venice", available=2)
    ferrara.at_war = True
    on_top(ferrara, "5")
    drive(play_card(table(ferrara), Ctx(), ferrara), answers({"still have Provinces": False}))
    assert ferrara.drawn[-1].action == "Diplomacy" and ferrara.available == 0


# ---- S21 / S22 / S23 -----------------------------------------------------------------------------

def test_s21_a_human_trades_and_several_bots_collect():
    """S21 (Humans Trading p.4: maritime 2/3, inland 2 with an adjacent Town, -1 per Pirate, -1 for
    Mercantilism with 3+ from Key Provinces; the Merchant moves)."""
    bots = [bot(f"b{i}", n, available=3) for i, n in enumerate(("France", "Castile", "Venice", "Ottomans"), 1)]
    state = table(*bots, humans=1)
    _, prompts = drive(passive_trade(state, Ctx(), "Human 1"),
                       answers({"Where did": "1", "Pirates": 1, "Mercantilism": True,
                                "eligible": [True, True, True, False]}))
    assert [b.available for b in bots] == [3, 3, 3, 3]
    assert sum("Merchant" in p.text for p in prompts) == 3
    drive(passive_trade(state, Ctx(), "Human 1"),
          answers({"Where did": "3", "Pirates": 0, "Mercantilism": True, "eligible": [False, False, True, False]}))
    drive(passive_trade(state, Ctx(), "Human 1"),
          answers({"Where did": "2", "Pirates": 0, "Mercantilism": True, "eligible": [False, True, False, False]}))
    assert [b.available for b in bots] == [3, 5, 4, 3]


def test_s22_out_of_cubes_the_table_applies_the_token_limitations():
    """S22 (Token Limitations, Cubes p.4; Passing p.2; Income & Upkeep p.2). Clockwork does not see
    the cube Supply; a gain tells the table where the cubes come from when the Supply is empty
    (readings: cube_supply), and the pass bonus is +2."""
    venice = bot("b1", "Venice", available=1)
    venice.spent = 1
    state = table(venice, humans=1)
    record_pass(state, Ctx(), "b1")
    assert venice.available == 3
    state.phase = "4 Income & Upkeep"
    _, prompts = drive(income_phase(state, Ctx()), answers({}))
    assert "Out of cubes: take them from Spent BP" in prompts[-1].help


def test_s23_phase_3_one_npr_invasion_and_the_army_at_peace():
    """S23 (Peace & Rebels A-I p.2; Land Battles vs NPRs p.5; no Active Player in Phase 3)."""
    ottomans = bot("b1", "Ottomans", available=4)
    units(ottomans, 9, 9)
    state = table(ottomans)
    state.phase = "3 Peace & Rebels"
    _, prompts = drive(peace_phase(state, Ctx(options={"dice": "table"})),
                       answers({"NPR Invasion\\?": [["1"]], "against whom": "1", "^How many enemy Units": 4, "stand": 9,
                                "Infantry dice": 1}))
    invasion = next(p for p in prompts if p.label == "Ottomans: NPR Invasion")
    assert "only the NPR Invasion with the most NPR Units (ties alphabetical)" in invasion.text
    roll = next(p for p in prompts if isinstance(p, Number) and "Infantry dice" in p.text)
    assert roll.text.startswith("Roll 4 Infantry dice")
    assert ottomans.army == 8 and ottomans.available == 4 and not ottomans.battle_won
    eh = next(p for p in prompts if p.label == "Phase 3 E-H")
    assert "at most 1 Religious Dissent" in eh.text and "Ottomans" not in eh.text
    assert re.search(r"No Bot gains or removes Unrest", eh.text)


# ---- S24-S27: where the parts meet (issue 23, third table review) ------------------------------

def test_s24_papal_curia_leads_on_to_a_war_on_a_bot_a_battle_and_the_first_win():
    """S24 (Main Turn Structure p.7; card 14 p.7; PAPAL CURIA p.12 → MILITARY p.10 'from PAPAL';
    Targeting p.6; DoW on a Bot p.4 with an NPR Ally; Recruiting p.5; Land Battles vs. Opponents
    p.5, 'human or Bot', never retreat; first Battle won +1 BP p.5; War Action p.1)."""
    venice = bot("b1", "Venice", available=6)
    units(venice, 0, 12)
    austria = bot("b2", "Austria", available=1)
    austria.spent = 4
    units(austria, 0, 6)
    state = table(venice, austria, humans=1)
    on_top(venice, "14")
    ctx = Ctx()
    reply = answers({"which Action": "1", "spent in PAPAL": 1, "on to the MILITARY": True, "times did": 1,
                     "What happened": [["w", "o"]], "On whom": "1", "NPR Allies": 1,
                     "against which Opponent": "1", "Venice's Units were casualties": 4,
                     "Austria's Units were casualties": 6})
    _, prompts = drive(bot_turn(state, ctx, venice), reply, ctx)
    assert any("d6 for Venice's Military Targeting Chart" in line for line in ctx.lines)
    # Venice: 6 - 2 (card) - 1 (PAPAL) - 2 (recruit, 9 Units) + 1 (Austria's Army gone: the first win)
    assert (venice.available, venice.spent, venice.army, venice.battle_won) == (2, 5, 5, True)
    # Austria: +2 (its NPR Ally) → 3, +1 → 4, top-up to 5, 1 BP recruits its 6 Units, all lost
    assert (austria.available, austria.spent, austria.army) == (4, 5, 0)
    assert venice.at_war and austria.at_war
    assert not any("win its Land Battle" in p.text for p in prompts)
    next_turn(state, ctx)  # on its own Turn: its next card with a War Action runs it
    assert drive(choose_action(state, ctx, austria, 5), answers({}), ctx)[0] == "Military"


def test_s25_a_naval_battle_lost_to_a_human_admiral():
    """S25 (card 9 p.7; NAVAL p.12; Naval Battles vs. Opponents p.5: 1 die + 1 per adjacent Ship, +1
    with a Diplomatic Idea, -1 against an Admiral; 1 hit per 2 Ports; not every human Ship sunk →
    the Bot removes its Ship and the Admiral's side captures a Light Ship; no BP for a loss)."""
    venice = bot("b1", "Venice", available=5)
    venice.ideas["Dip"] = 1
    state = table(venice, humans=1)
    on_top(venice, "9")
    reply = answers({"gain in NAVAL": 3, "Naval Battle in": True, "against whom": "1", "adjacent to the Battle": 1,
                     "Admiral": True, "Ports face": 3, "Artillery icon": 1, "sunk": False})
    _, prompts = drive(play_card(state, Ctx(options={"dice": "table"}), venice), reply)
    assert next(p for p in prompts if "Artillery dice" in p.text).text.startswith("Roll 2 Artillery dice")
    assert "scores 2 hits" in next(p for p in prompts if "sunk" in p.text).text
    lost = next(p for p in prompts if p.label == "Venice loses the Naval Battle")
    assert "remove its Ship" in lost.text and "captures a Light Ship" in lost.text
    assert (venice.available, venice.spent, venice.battle_won) == (7, 1, False)


def test_s26_casualties_then_manpower():
    """S26 (Land Battles vs. Opponents p.5; Recruiting Units p.5: Units in the Reserve are Available;
    Update Manpower Reserve p.3, the Reserve first; DoW on a Bot p.4, the recruit capped by the
    Reserve): a human's Battle costs Castile 5 Units, then its Towns give 6 Manpower."""
    castile = bot("b1", "Castile", available=4)
    units(castile, 9, 12)
    state = table(castile, humans=1)
    drive(human_turn(state, Ctx(), "h1"),
          answers({"What did": "w", "Which War step": "4", "Land or Naval": "1", "casualties": 5}))
    assert (castile.army, bot_power.reserve(castile)) == (4, 8)
    _, said = drive(update_manpower(state, Ctx(), castile), answers({"Manpower": 6}))
    assert (castile.manpower, castile.army) == (6, 4)
    assert "return 6 from its Manpower Reserve to the Supply" in said[-1].text and "Army" not in said[-1].text
    drive(wars.declared_on(state, Ctx(), castile, "Human 1"), answers({"NPR Allies": 0}))
    # +1 → 5, top-up to 5, 1 BP recruits the 2 Units left in its Reserve
    assert (castile.available, castile.spent, castile.army) == (4, 1, 6)


def test_s27_spy_at_war_leads_on_to_a_war_on_an_imperial_subject():
    """S27 (card 13's War Action SPY p.7, p.13 → MILITARY p.10 'from SPY'; DoW p.4: Bots allied to
    the NPR target answer its Defensive CtA; Bot Emperor p.6: it defends an Imperial Subject
    attacked from outside the HRE, answering the CtA with BP equal to IA, then +1, top-up, recruit)."""
    venice = bot("b1", "Venice", available=4)
    venice.at_war, venice.facts[REAL_WAR] = True, True  # its Enemy held Provinces at its last Turn
    france = bot("b2", "France", available=2)
    units(france, 0, 5)
    austria = bot("b3", "Austria", available=0)
    austria.spent = 3
    units(austria, 2, 9)
    state = table(venice, france, austria, humans=1)
    state.emperor, state.ia = "b3", 2
    on_top(venice, "13")
    reply = answers({"on to the MILITARY": True, "What happened": [["w"]], "On whom": "n",
                     "Allies of that NPR": [["1"]], "outside the HRE": True})
    ctx = Ctx()
    _, prompts = drive(play_card(state, ctx, venice), reply, ctx)
    assert venice.drawn[-1].action == "Spy" and (venice.available, venice.spent) == (2, 2)
    # France joins by the CtA: +1 → 3, top-up to 5, 1 BP recruits its 5 Units
    assert (france.available, france.spent, france.army, france.at_war) == (4, 1, 5, True)
    # Austria: IA 2 → 2, +1 → 3, top-up to 5, 1 BP recruits 7 (9 Manpower, 2 in its Army)
    assert (austria.available, austria.spent, austria.army, austria.at_war) == (4, 4, 9, True)
    assert not any("answering" in p.label for p in prompts)
