"""Bot Power (seed: Bot Power p.1, Passing and Income & Upkeep p.2, Bot Trade and Bot Warfare
p.4-5, Substitute Bots p.6) and the Battle arithmetic (p.5)."""

from __future__ import annotations

import pytest

from test_eu_price_of_power_helpers import Ctx, answers, bot, drive, rules, table
from tui.engine.prompts import Choice
from tui.games.eu_price_of_power import battles, bot_power
from tui.games.eu_price_of_power.bot_turn import record_pass
from tui.games.eu_price_of_power.charts import play_card
from tui.games.eu_price_of_power.income_and_upkeep import emperor_bonus, imperial_authority_roll, income_phase
from tui.games.eu_price_of_power.state import DRAW, USED


@pytest.mark.parametrize("level,gain", [("easy", 6), ("normal", 7), ("hard", 8), ("very_hard", 9)])
def test_phase_4_refresh_by_difficulty(level, gain):
    """Seed p.2 Difficulty Level ('BP gained in Phase 4 each Round') and Income & Upkeep (discard
    all Spent, replenish Available), with p.1 Bot Power ('Bots gain BP ... placed in the Available
    area'): the gain is added to what is left, not a fill-up (readings: refresh)."""
    b = bot(difficulty=level, available=2)
    b.spent = 5
    bot_power.refresh(Ctx(), b)
    assert (b.available, b.spent) == (2 + gain, 0)


def test_refresh_bonuses_for_towns_papal_controller_and_emperor():
    """Seed p.2: +1 for 20+ Small Towns, +1 for 8 Large Towns (+2 with both), +1 Papal Controller,
    a Bot Emperor adds the Imperial Authority bonus."""
    b = bot(difficulty="normal", available=0)
    b.small_towns = b.large_towns = True
    bot_power.refresh(Ctx(), b, papal=True, emperor_bonus=2)
    assert b.available == 7 + 1 + 1 + 1 + 2
    c = bot(difficulty="normal", available=0)
    c.small_towns = True
    bot_power.refresh(Ctx(), c)
    assert c.available == 8


def test_income_phase_asks_the_table_and_refreshes_every_bot():
    """Seed p.2 Income & Upkeep: Town bonuses, the Bot Emperor's IA roll and bonus, Papal Controller."""
    a, f = bot("b1", "Austria", "easy", 0), bot("b2", "France", "hard", 1)
    a.spent = 3
    state = table(a, f)
    ctx = Ctx(options={"dice": "table"})
    reply = answers({
        "20\\+ Small": ["1"], "8 Large": [[]], "HRE Emperor": "1", "Imperial Authority now": 2,
        "Roll a d6": 6, "Papal Controller": "2",
    })
    drive(income_phase(state, ctx), reply)
    assert state.ia == 3
    assert (a.available, a.spent) == (0 + 6 + 1 + 1, 0)
    assert f.available == 1 + 8 + 1


@pytest.mark.parametrize("ia,die,after", [(2, 6, 3), (2, 4, 3), (2, 3, 2), (4, 2, 3), (4, 1, 3), (0, 1, 0), (5, 6, 6)])
def test_imperial_authority_roll(ia, die, after):
    """Seed p.2, p.6 with notes §5 (S6, main rules p.45): a 6 or IA+2 or more raises IA, a 1 or IA-2
    or less lowers it."""
    assert imperial_authority_roll(rules(), ia, die) == after


def test_pass_bonus_counts_every_players_pass_by_default():
    """Seed p.2 Passing: first to pass +2 BP, second +1; readings: pass_order (table count)."""
    a, f = bot("b1", "Austria", available=0), bot("b2", "France", available=0)
    state = table(a, f, humans=1)
    ctx = Ctx()
    assert record_pass(state, ctx, "b1") == 2
    assert record_pass(state, ctx, "h1") == 0
    assert record_pass(state, ctx, "b2") == 0  # third at the table
    assert (a.available, f.available) == (2, 0)


def test_pass_bonus_counting_bots_only():
    """Readings: pass_order, the setup option 'Bots' passes only': 1st Bot +2, 2nd Bot +1."""
    a, f = bot("b1", "Austria", available=0), bot("b2", "France", available=0)
    state = table(a, f, humans=1)
    ctx = Ctx(options={"pass_bonus": "bots"})
    record_pass(state, ctx, "h1")
    record_pass(state, ctx, "b2")
    record_pass(state, ctx, "b1")
    assert (f.available, a.available) == (2, 1)


@pytest.mark.parametrize("level,minimum,units",
                         [("easy", 5, 7), ("normal", 5, 9), ("hard", 6, 9), ("very_hard", 7, 11)])
def test_dow_on_a_bot_tops_up_and_recruits(level, minimum, units):
    """Seed p.4 DoW on a Bot: +1 BP, top up to the difficulty minimum, then spend 1 BP to recruit
    the difficulty's Units (readings: dow_units, the p.2 table)."""
    b = bot(difficulty=level, available=1)
    b.manpower = 30
    got = bot_power.declared_on(Ctx(), b, npr_allies=0)
    assert got == units
    assert b.available == minimum - 1 and b.spent == 1
    assert b.at_war and b.army == units


def test_dow_recruits_are_capped_by_manpower_but_paid_in_full():
    """Seed p.5 Recruiting Units: fewer Units left in the Reserve → fewer Units, the BP still spent."""
    b = bot(difficulty="very_hard", available=8)
    b.manpower, b.army = 6, 2
    got = bot_power.declared_on(Ctx(), b, npr_allies=0)
    assert got == 4 and b.army == 6
    assert (b.available, b.spent) == (8, 1)  # 8 + 1 = 9 ≥ 7: no top-up; 1 spent


def test_dow_ctas_to_npr_allies_give_2_bp_each_before_the_top_up():
    """Seed p.4 Calls to Arms: +2 BP for each NPR Ally next to the Aggressor."""
    b = bot(difficulty="normal", available=0)
    b.manpower = 3
    bot_power.declared_on(Ctx(), b, npr_allies=3)
    assert b.available + b.spent == 7  # 6 from Allies + 1, above the minimum 5
    assert b.spent == 1


def test_card_cost_spends_what_is_left_and_still_carries_out_the_card():
    """Seed p.7 fn2: with less BP than the card's cost the Bot spends what it has and executes it."""
    b = bot(available=1)
    b.deck.piles[DRAW] = ["5"] + [c for c in b.deck.piles[DRAW] if c != "5"]
    state = table(b)
    result, prompts = drive(play_card(state, Ctx(), b), answers({}))
    assert (b.available, b.spent) == (0, 1)
    assert b.drawn[0].paid == 1 and b.drawn[0].action == "Diplomacy"
    assert any("DIPLOMACY Action" in p.text for p in prompts)
    assert b.deck.pile(USED) == ["5"]


@pytest.mark.parametrize("card,peace,war", [(5, "Diplomacy", "Military"), (11, "Explore", "Naval"),
                                            (12, "Colonize", "Military"), (15, "Convert", "Military"),
                                            (7, "Diplomacy", "Diplomacy"), (24, "Idea", "Idea")])
def test_at_war_the_war_action_replaces_the_cards_actions(card, peace, war):
    """Seed p.1: the War Action replaces the top Actions when the Bot is at War; a card without one
    keeps its Actions."""
    for at_war, expected in ((False, peace), (True, war)):
        b = bot(available=9)
        b.at_war = at_war
        b.deck.piles[DRAW] = [str(card)] + [c for c in b.deck.piles[DRAW] if c != str(card)]
        drive(play_card(table(b), Ctx(), b), answers({"which Action": "1", "still have Provinces": True}))
        assert b.drawn[0].action == expected


def test_a_war_only_against_realms_without_provinces_does_not_count():
    """Seed p.3 At War?: if every Enemy has no Provinces left, the Bot is treated as not at War
    (here: the card's own Action, not its War Action)."""
    b = bot(available=9)
    b.at_war = True
    b.deck.piles[DRAW] = ["5"] + [c for c in b.deck.piles[DRAW] if c != "5"]
    drive(play_card(table(b), Ctx(), b), answers({"still have Provinces": False}))
    assert b.drawn[0].action == "Diplomacy" and b.at_war


def test_a_card_with_two_actions_asks_which_one_and_focus_cards_are_set_aside():
    """Seed p.1 (one of its Actions, most often the top one; readings: second_action) and p.3
    (a card used for FOCUS is set aside)."""
    b = bot(difficulty="normal", available=9)
    b.deck.piles[DRAW] = ["17"] + [c for c in b.deck.piles[DRAW] if c != "17"]
    _, prompts = drive(play_card(table(b), Ctx(), b), answers({"which Action": "2", "More BP": 1}))
    choice = next(p for p in prompts if isinstance(p, Choice))
    assert [o.label for o in choice.options] == ["Convert (1st, most often)", "Focus (Exp)"]
    assert b.focus["Exp"] == 0 and b.milestones == ["Exp"]  # 1 paid + 1 more reach Normal's threshold 2
    assert (b.available, b.spent) == (9 - 1 - 1, 0)
    assert b.deck.pile("focus aside") == ["17"]


def test_the_bp_spent_on_focus_go_to_the_focus_area_not_to_spent():
    """Seed p.1 Bot Mat: the Focus areas hold the BP spent when the Bot takes a FOCUS Action; p.2:
    Easy needs 3 there for a Milestone (readings: focus_milestone)."""
    b = bot(difficulty="easy", available=9)
    b.deck.piles[DRAW] = ["20"] + [c for c in b.deck.piles[DRAW] if c != "20"]
    drive(play_card(table(b), Ctx(), b), answers({"which Action": "2", "More BP": 0}))
    assert (b.focus["Eco"], b.spent, b.available) == (1, 0, 8)
    assert b.milestones == []


def test_passive_trade_income():
    """Seed p.4 Humans Trading: 2 BP maritime main map, 3 Distant, 2 inland; -1 per Pirate;
    -1 against Mercantilism with 3+ Key trade power."""
    r = rules()
    assert bot_power.trade_income(r, "maritime_main", 0, False) == 2
    assert bot_power.trade_income(r, "maritime_distant", 1, False) == 2
    assert bot_power.trade_income(r, "inland", 1, True) == 0
    assert bot_power.trade_income(r, "maritime_main", 5, True) == 0


def test_rebel_dice_at_most_five_and_one_bp_lost():
    """Seed p.4 Rebel Dice Rolls: at most 5 dice for all Unrest at once, at most 1 BP lost."""
    r = rules()
    assert [bot_power.rebel_dice(r, n) for n in (0, 3, 5, 9)] == [0, 3, 5, 5]
    assert [bot_power.rebel_loss(r, n) for n in (0, 1, 4)] == [0, 1, 1]


def test_replacing_a_human_converts_resources_with_the_clamp():
    """Seed p.6 Replacing Humans: 1 BP per Monarch Power, 1 per 5 Ducats (max 5), ±1 per Stability,
    -1 per Loan; at least the DoW minimum, at most 15."""
    r = rules()
    assert bot_power.human_to_bot_bp(r, "normal", 6, 12, 1, 0) == 6 + 2 + 1
    assert bot_power.human_to_bot_bp(r, "normal", 2, 0, -2, 1) == 5  # 2 - 2 - 1 → minimum 5
    assert bot_power.human_to_bot_bp(r, "very_hard", 1, 0, 0, 0) == 7
    assert bot_power.human_to_bot_bp(r, "easy", 14, 60, 3, 0) == 15  # ducats capped at 5, then 15


def test_first_battle_won_in_a_turn_gives_one_bp_once():
    """Seed p.5: a Bot as Active Player gains 1 BP when it wins its first Battle of a Turn."""
    b = bot(available=0)
    ctx = Ctx()
    assert bot_power.first_battle_won(ctx, b) == 1
    assert bot_power.first_battle_won(ctx, b) == 0
    assert b.available == 1


def test_battle_arithmetic():
    """Seed p.5: Land vs NPR/Rebels (each hit result one casualty, any Unit left wins); Naval vs
    Opponents (1 die + adjacent Ships + Dip Idea - Admiral; 1 automatic hit per 2 Ports); Naval vs
    NPR (hits ≥ 2 + adjacent Ports loses); readings: rebel_loss."""
    assert battles.land_npr_result(standing=5, hits=3) == (3, True)
    assert battles.land_npr_result(standing=3, hits=4) == (3, False)
    assert battles.rebel_town_loss(7) == 3
    assert battles.naval_opponent_dice(2, 1, False) == 4
    assert battles.naval_opponent_dice(0, 0, True) == 0
    assert battles.naval_opponent_hits(5, 1) == 3
    assert battles.naval_npr_lost(3, 1) and not battles.naval_npr_lost(2, 1)


def test_land_battle_against_rebels_removes_units_and_reports_the_town_loss():
    """Seed p.5 Land Battles vs Rebels/NPRs, played through its prompts."""
    b = bot()
    b.army = 6
    reply = answers({"Infantry icon": 6, "against whom": "2", "How many enemy Units": 7, "stand": 6})
    won, prompts = drive(battles.land_battle_npr(table(b), Ctx(), b), reply)
    assert won is False and b.army == 0
    assert "take 3 of its Towns" in prompts[-1].text


@pytest.mark.parametrize("ia,bonus", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)])
def test_bot_emperor_bonus_by_imperial_authority(ia, bonus):
    """Seed p.2 and p.6 Bot Emperor (the IA level's Monarch Power bonus is added to the BP it gains)
    with the main rules' levels as S6 lists them: IA 2-3 +1, 4-5 +2, 6 +3 (readings: ia_bonus)."""
    assert emperor_bonus(rules(), ia) == bonus


def test_imperial_authority_stays_on_its_track_and_the_top_scores_prestige():
    """Seed p.2 ('a Bot Emperor gains [Prestige] if at +6'; S6: 1 Prestige at IA 6): the roll never
    lifts IA past 6, and the step says so."""
    assert imperial_authority_roll(rules(), 6, 6) == 6
    a = bot("b1", "Austria", "normal", 0)
    state = table(a)
    reply = answers({"HRE Emperor": "1", "Imperial Authority now": 5, "Roll a d6": 6, "20\\+ Small": [[]],
                     "8 Large": [[]], "Papal Controller": "0"})
    _, prompts = drive(income_phase(state, Ctx(options={"dice": "table"})), reply)
    assert state.ia == 6 and a.available == 7 + 3
    ia_step = next(p for p in prompts if p.label.startswith("IA 6"))
    assert "1 Prestige" in ia_step.text


def test_a_defend_recruit_costs_two_bp():
    """Seed p.8 DEFEND fn1: the Units recruited 'per 2 BP spent' are set by the difficulty (the
    footnote marks of the text are superscripts, so the 2 is a number; readings: recruit_cost)."""
    assert bot_power.recruit_cost(rules(), "defend") == 2
    assert bot_power.recruit_cost(rules(), "dow") == 1
    b = bot(difficulty="very_hard", available=5)
    b.manpower = 40
    ctx = Ctx()
    assert bot_power.recruit(ctx, b, "DEFEND", bot_power.recruit_cost(rules(), "defend")) == 11
    assert (b.available, b.spent) == (3, 2)
    b.available = 1
    assert bot_power.recruit(ctx, b, "DEFEND", 2) == 0 and b.spent == 2  # cannot pay: no recruit


def test_dow_recruits_only_with_units_in_the_manpower_reserve():
    """Seed p.4 DoW on a Bot: 'if it has any Available [icon]' it spends 1 BP to recruit; S6 restores
    the icon as Manpower (readings: dow_recruit): with an empty Reserve nothing is spent."""
    b = bot(difficulty="normal", available=9)
    b.manpower, b.army = 5, 5
    got = bot_power.declared_on(Ctx(), b, npr_allies=0)
    assert got == 0 and (b.available, b.spent) == (10, 0)


def test_land_battles_against_opponents_roll_five_infantry_dice_plus_one_with_a_military_idea():
    """Seed p.5 Land Battles vs. Opponents: 5 Infantry dice each Battle Round, one more with at least
    one Military Idea; the by-hand question for a Battle won tells the table."""
    from tui.games.eu_price_of_power.battles import land_dice

    b = bot()
    assert land_dice(rules(), b) == 5
    b.ideas["Mil"] = 2
    assert land_dice(rules(), b) == 6
    from tui.games.eu_price_of_power.outcomes import Doing, ask_outcome
    _, prompts = drive(ask_outcome(table(b), Ctx(), b, "battle_won", Doing("MILITARY Action")), answers({}))
    assert "rolls 6 Infantry dice" in prompts[0].help


def test_military_recruits_cost_the_ruleset_default_and_say_so():
    """Seed p.2 (one 'Units per recruit on DEF + MIL Actions' column) and p.8 fn1 (DEFEND: per 2 BP);
    MILITARY's own cost is in a lost chart: the default is shown with "check against your printed chart" (readings: recruit_cost)."""
    from tui.engine.prompts import Number
    from tui.games.eu_price_of_power.outcomes import Doing, ask_outcome
    from tui.games.eu_price_of_power.state import ChartPos

    b = bot(difficulty="easy", available=5)
    b.manpower = 20
    state = table(b)
    state.stack = [ChartPos("military", bot="b1")]
    _, prompts = drive(ask_outcome(state, Ctx(), b, "recruit", Doing("MILITARY Action")), answers({"times did": 2}))
    asked = next(p for p in prompts if isinstance(p, Number))
    assert "7 Units for 2 BP each: check against your printed chart" in asked.text and asked.hi == 2
    assert (b.army, b.available, b.spent) == (14, 1, 4)
