"""What a real table found (issues 15 and 17), each against the Bot booklet
(/work/shared/seeds/eu-price-of-power-bots.txt): wars declared on Bots by anyone, the Emperor's
defence and Manpower, Manpower below the Army, the End of the Action Phase, removals per Age,
running out of Towns, remembered board facts and the small slips."""

from __future__ import annotations

from test_eu_price_of_power_helpers import (
    Ctx, answer_runner, answers, bot, drive, new_runner, next_turn, raw, table,
)
from tui.engine.prompts import Choice, Instruction, TextEntry, YesNo
from tui.games.eu_price_of_power.action_phase import action_turn
from tui.games.eu_price_of_power.bot_turn import bot_turn, ordinal, record_pass
from tui.games.eu_price_of_power.charts import choose_action, walk_chart
from tui.games.eu_price_of_power.cleanup import cleanup_phase, update_manpower
from tui.games.eu_price_of_power.outcomes import Doing, ask_outcome
from tui.games.eu_price_of_power.state import DRAW, REAL_WAR, ChartPos, Memory
from tui.games.eu_price_of_power.view import view
from tui.games.eu_price_of_power import wars

from test_eu_price_of_power_helpers import rules


def on_top(b, card: str) -> None:
    b.deck.piles[DRAW].remove(card)
    b.deck.piles[DRAW].insert(0, card)


# ---- wars declared on Bots (issue 17) ---------------------------------------------------------

def test_a_bot_declaring_war_on_another_bot_runs_the_targets_steps_and_its_war_action():
    """eu-price-of-power-bots.txt p.4 DoW on a Bot (+1 BP, top-up to the difficulty's minimum p.2,
    recruit) and p.1 (at War the War Action replaces the top Actions): France's MILITARY DoW on
    Austria, with no human at the table."""
    austria, france = bot("b1", "Austria", available=2), bot("b2", "France", available=6)
    state = table(austria, france)
    state.stack = [ChartPos("military", bot="b2")]
    reply = answers({"What happened": [["w"]], "On whom": "1", "NPR Allies": 0})
    ctx = Ctx()
    _, prompts = drive(ask_outcome(state, ctx, france, "dow_and_battles", Doing("MILITARY Action")), reply, ctx)
    whom = next(p for p in prompts if isinstance(p, Choice) and "On whom" in p.text)
    assert [o.label for o in whom.options] == ["Austria", "a human's realm", "an NPR"]
    assert france.at_war and austria.at_war
    # Normal: +1 → 3, top-up to 5, 1 BP recruits min(9, Reserve 3) Units
    assert (austria.available, austria.spent, austria.army) == (4, 1, 3)
    assert any(p.label == "Austria: War declared on it" for p in prompts)
    # its next card with a War Action runs it, without asking whether the War is real or
    # recapping it (on its Turn: the War began since its last one, p.3 At War?)
    next_turn(state, ctx)
    action, asked = drive(choose_action(state, ctx, austria, 5), answers({}), ctx)
    assert action == "Military" and asked == []


def test_an_event_can_declare_war_on_a_bot_with_no_human_at_the_table():
    """eu-price-of-power-bots.txt p.9 (the EVENT Action) and p.4 DoW on a Bot: a War the Event
    declares on another Bot gives that Bot its steps."""
    austria, france = bot("b1", "Austria", available=9), bot("b2", "France", available=0)
    state = table(austria, france)
    state.stack = [ChartPos("event", bot="b1")]
    reply = answers({"start a War": "b", "On which Bot": "2", "NPR Allies": 1})
    drive(ask_outcome(state, Ctx(), austria, "dow", Doing("EVENT Action")), reply)
    assert france.at_war and not austria.at_war
    assert france.available + france.spent == 2 + 1 + 2  # one NPR Ally +2, +1, top-up to 5


def test_bots_allied_to_an_npr_answer_its_call_to_arms():
    """eu-price-of-power-bots.txt p.4: a War declared on a Bot's Ally: a Bot accepts the Defensive
    CtA (unless already at War with an Opponent) and gains as a Bot joining by a CtA; the gain is
    named for the Call to Arms, not as a war declared on it (issue 15)."""
    austria, france, venice = bot("b1", "Austria"), bot("b2", "France", available=0), bot("b3", "Venice")
    state = table(austria, france, venice)
    ctx = Ctx()
    reply = answers({"On whom": "n", "Allies of that NPR": [["1"]]})
    _, prompts = drive(wars.declare_war(state, ctx, austria, "Austria"), reply)
    assert france.at_war and not venice.at_war
    assert france.available + france.spent == 5
    assert any("joins the War by a Call to Arms" in line for line in ctx.lines)
    assert not any("war declared on it" in line and "France" in line for line in ctx.lines)
    assert any(p.label == "France answers a Call to Arms" for p in prompts)


def test_a_human_declares_war_on_a_bot_from_the_war_menu():
    """eu-price-of-power-bots.txt p.4 DoW on a Bot, from a human's Turn (a player or an Event)."""
    runner = new_runner({"bots": "1", "humans": "1"})
    answer_runner(runner, raw, lambda r: r.pending.label == "Human 1's Turn")
    b = runner.state.bots[0]
    runner.answer("w")
    assert "Event" in next(o.label for o in runner.pending.options if o.key == "1")
    runner.answer("1")
    runner.answer("1")  # one NPR Ally called
    assert b.at_war and b.available + b.spent == 9 + 2 + 1


# ---- the Emperor (issue 15) --------------------------------------------------------------------

def test_a_bot_emperor_asked_to_defend_by_a_bots_dow_gets_the_defence_gains():
    """eu-price-of-power-bots.txt p.6 Bot Emperor (BP equal to IA when Defending the HRE) and p.4
    (a Bot joining a War by a CtA: +1 BP, top-up, recruit); readings: emperor_defence."""
    austria, france = bot("b1", "Austria", available=0), bot("b2", "France", available=9)
    state = table(austria, france)
    state.emperor, state.ia = "b1", 2
    reply = answers({"On whom": "n", "Allies of that NPR": [[]], "defend the HRE": True})
    drive(wars.declare_war(state, Ctx(), france, "France"), reply)
    # IA 2 → 2, +1 → 3, top-up to 5, recruit 1 BP
    assert (austria.available, austria.spent, austria.army, austria.at_war) == (4, 1, 3, True)


def test_the_emperors_manpower_counts_its_imperial_authority():
    """eu-price-of-power-bots.txt p.6: Imperial Authority is also added to the Bot Emperor's
    Manpower; the Town tracks' value is asked, Clockwork adds IA (and takes it out again next
    Phase 5 before adding the new IA)."""
    emp = bot("b1", "Austria")
    state = table(emp)
    state.emperor, state.ia = "b1", 3
    _, prompts = drive(update_manpower(state, Ctx(), emp), answers({"Manpower": 7}))
    assert emp.manpower == 10 and "adds its Imperial Authority 3" in prompts[0].text
    state.ia = 4
    _, prompts = drive(update_manpower(state, Ctx(), emp), lambda p: p.default)
    assert prompts[0].default == 7 and emp.manpower == 11


def test_manpower_below_the_army_says_which_units_to_remove():
    """eu-price-of-power-bots.txt p.2-3 Update Manpower Reserve: Units leave the Reserve first;
    what is still over goes from the Army, and the table is told (issue 15)."""
    b = bot()
    b.manpower, b.army = 12, 9
    _, prompts = drive(update_manpower(table(b), Ctx(), b), answers({"Manpower": 5}))
    said = prompts[-1]
    assert isinstance(said, Instruction)
    assert "3 from its Manpower Reserve" in said.text and "4 from its Army (Army 5)" in said.text
    assert (b.manpower, b.army) == (5, 5)


# ---- the Action Phase ---------------------------------------------------------------------------

def test_seven_or_more_seats_pass_without_a_crash():
    """eu-price-of-power-bots.txt p.2 Passing, at 11 seats (6 Bots, 5 humans): every pass gets its
    place, the bonus only for the 1st and 2nd (issue 15: the labels stopped at 6th)."""
    bots = [bot(f"b{i}", f"Realm {i}") for i in range(1, 7)]
    state = table(*bots, humans=5)
    for seat in state.order:
        record_pass(state, Ctx(), seat)
    assert len(state.passed) == 11 and all(b.available == 9 for b in bots)
    assert [ordinal(n) for n in (1, 2, 3, 7, 11, 12, 21, 22)] == \
        ["1st", "2nd", "3rd", "7th", "11th", "12th", "21st", "22nd"]


def test_the_end_of_the_action_phase_comes_when_no_one_is_left_to_gain_ducats():
    """Main rules, Passing (3 players: 2 passes earn Ducats) with eu-price-of-power-bots.txt p.2:
    no question after each pass; at the second pass the End of the Action Phase begins
    (readings: end_of_action_phase)."""
    a, f = bot("b1", "Austria", available=0), bot("b2", "France", available=0)
    state = table(a, f, humans=1)
    state.seat = 1  # Austria passes (no BP): the first pass, nothing to ask
    _, prompts = drive(action_turn(state, Ctx()), answers({}))
    assert not state.ending and not any("End of the Action Phase" in p.text for p in prompts)
    state.seat = 2  # France passes: the second
    _, prompts = drive(action_turn(state, Ctx()), answers({}))
    assert state.ending and any(p.label == "End of the Action Phase" for p in prompts)
    assert not any(isinstance(p, YesNo) for p in prompts)


def test_the_targeting_die_is_rolled_before_the_chart_is_followed():
    """eu-price-of-power-bots.txt p.6 Targeting Charts: the d6 is part of following the chart, so
    it is shown with the instruction, and the flow marks the chart step done only after (issue 15)."""
    b = bot(available=0)
    state = table(b)
    walk = walk_chart(state, Ctx(), b, "diplomacy")
    first = next(walk)
    assert "follow the DIPLOMACY Action chart" in first.text and "follow the d6 =" in first.text
    shown = view(state, rules())
    assert shown.flow[0].state == "current" and shown.flow[1].state == "done"


def test_an_idea_is_logged_in_good_english():
    """eu-price-of-power-bots.txt p.3 Bots & Ideas: 'an Administrative Idea' (issue 15: 'a Adm Idea')."""
    b = bot()
    ctx = Ctx()
    drive(ask_outcome(table(b), ctx, b, "idea", Doing("IDEA Action")), answers({"type of Idea": "1"}))
    assert any("Researches an Administrative Idea" in line for line in ctx.lines)


def test_naval_bp_help_is_the_naval_charts_own():
    """eu-price-of-power-bots.txt p.12 NAVAL Action (Pirates, Trade): its BP question's help is its own
    chart's, not the General Event Rules (issue 15)."""
    b = bot()
    state = table(b)
    state.stack = [ChartPos("naval", bot="b1")]
    _, prompts = drive(ask_outcome(state, Ctx(), b, "bp_gained", Doing("NAVAL Action")), answers({}))
    assert "Pirate" in prompts[0].help and "General Event Rules" not in prompts[0].help


# ---- remembered board facts ---------------------------------------------------------------------

def test_board_facts_are_asked_once_then_only_whether_anything_changed():
    """eu-price-of-power-bots.txt p.7 Main Turn Structure: 'no' to under attack, a Siege and a
    Colonist is remembered; the next Turn asks once which of them changed, and a changed one is
    taken the other way without asking it again (readings: remembered_facts)."""
    b = bot()
    state = table(b)
    ctx = Ctx()
    _, first = drive(bot_turn(state, ctx, b), answers({}), ctx)
    asked = [p.text for p in first if isinstance(p, YesNo)]
    assert any("under attack" in t for t in asked) and any("Colonist" in t for t in asked)
    next_turn(state, ctx)
    _, second = drive(bot_turn(state, ctx, b), answers({}), ctx)
    changed = second[0]
    assert changed.label == "Austria: anything changed?"
    assert "under attack: no" in changed.text and "a Colonist and a vacant Territory: no" in changed.text
    assert [o.label for o in changed.options][0] == "under attack: now yes"
    assert not any(isinstance(p, YesNo) for p in second)
    next_turn(state, ctx)
    _, third = drive(bot_turn(state, ctx, b), answers({"Which of these changed": [["1"]]}), ctx)
    assert not any(isinstance(p, YesNo) and "under attack" in p.text for p in third)
    assert any("follow the DEFEND" in p.text for p in third)
    # at Peace no Siege is the record's answer (p.8), not a remembered one
    assert "main.m1" not in b.facts and "main.m2" not in b.facts


def test_a_yes_that_sent_the_bot_to_act_is_asked_again():
    """eu-price-of-power-bots.txt p.7-8: under attack sends the Bot to DEFEND, which may end the
    attack, so the next Turn asks it again instead of assuming it."""
    b = bot(available=9)
    state = table(b)
    drive(bot_turn(state, Ctx(), b), answers({"under attack": True}))
    assert "main.m1" not in b.facts
    _, second = drive(bot_turn(state, Ctx(), b), answers({}))
    assert any("Is Austria under attack" in p.text for p in second)


def test_a_new_war_is_a_real_war_and_peace_forgets_it():
    """eu-price-of-power-bots.txt p.3 At War? and p.15 Peace: a War just declared is with a realm
    that holds Provinces; at Peace the fact is dropped."""
    b = bot()
    state = table(b)
    wars.at_war(state, Ctx(), b)
    assert b.facts[REAL_WAR] is True
    state.stack = [ChartPos("peace", bot="b1")]
    drive(ask_outcome(state, Ctx(), b, "war", Doing("Bot Peace Resolution")), answers({"at War now": False}))
    assert REAL_WAR not in b.facts and not b.at_war


# ---- setup memory and Phase 5 -------------------------------------------------------------------

def test_remembered_removals_offer_only_the_ages_typed():
    """eu-price-of-power-bots.txt p.6 Bot Realms (a list per Age): a realm set up before in a game
    that began in Age II has no Age I list; it is asked, not offered as 'none' (issue 17)."""
    memory = Memory(removals={"Austria": {"2": [4], "3": [5], "4": [6]}})
    runner = new_runner({"bots": "1", "humans": "0"}, recalled=memory)
    answer_runner(runner, raw, lambda r: isinstance(r.pending, YesNo) and "Removals for Austria" in r.pending.text)
    offered = runner.pending.text
    assert "Age I:" not in offered and "Age II: 4" in offered and "Age I still to type" in offered
    runner.answer("y")
    assert isinstance(runner.pending, TextEntry) and "Age I " in runner.pending.text
    runner.answer("7 8")
    b = runner.state.bots[0]
    assert b.removals == {"1": [7, 8], "2": [4], "3": [5], "4": [6]}
    assert runner.state.memory.removals["Austria"]["1"] == [7, 8]


def test_a_bot_out_of_towns_in_phase_5_triggers_final_scoring():
    """eu-price-of-power-bots.txt p.4 Token Limitations, Towns: still out of Towns in Phase 5 →
    Final Scoring (issue 17); asked only when a Bot could be out (readings: out_of_towns)."""
    a, f = bot("b1", "Austria"), bot("b2", "France")
    state = table(a, f)
    state.phase = "5 Cleanup"
    _, prompts = drive(cleanup_phase(state, Ctx()), answers({"What comes next": "1"}))
    assert not any("out of Towns now" in p.text for p in prompts)
    nxt = next(p for p in prompts if p.label == "After the Round")
    assert "a Bot still out of Towns" in next(o.label for o in nxt.options if o.key == "3")
    f.small_towns = True
    state.phase = "5 Cleanup"
    _, prompts = drive(cleanup_phase(state, Ctx()), answers({"out of Towns now": "1"},
                                                             fallback=lambda p: getattr(p, "default", None)))
    nxt = next(p for p in prompts if p.label == "After the Round")
    final = next(o for o in nxt.options if o.key == "3")
    assert nxt.default == "3" and "France is still out of Towns" in final.label
    assert state.over


def test_yes_no_questions_are_yes_no_and_usual_choices_take_enter():
    """Issue 13 item 6: a yes/no question is a YesNo (y/n); a Choice with a usual answer marks it as
    the default (the card's 1st Action, the next Round, the table's difficulty)."""
    b = bot()
    on_top(b, "16")
    state = table(b)
    _, prompts = drive(bot_turn(state, Ctx(), b), answers({}))
    which = next(p for p in prompts if isinstance(p, Choice) and "which Action" in p.text)
    assert which.default == "1"
    runner = new_runner({"bots": "1", "humans": "0", "difficulty": "hard"})
    answer_runner(runner, raw, lambda r: r.pending.label.endswith("difficulty"))
    assert runner.pending.options[int(runner.pending.default) - 1].label == "Hard"
    for p in prompts:
        if isinstance(p, Choice):
            assert sorted(o.label.lower() for o in p.options) != ["no", "yes"]


def test_an_invalid_vassal_target_gives_way_to_its_overlord():
    """eu-price-of-power-bots.txt p.6 Invalid Military Targets: a Vassal of another Realm → its
    Overlord instead (and all Provinces owned by PRs/DNPRs → the Owner of its Capital); the table
    names the substitute, and an NPR substitute gets the Claim as any NPR target."""
    from test_eu_price_of_power_helpers import fresh_rules
    from tui.games.eu_price_of_power.outcomes import roll_target
    from tui.games.eu_price_of_power.rules import TargetNode as T

    r = fresh_rules()
    r.realm("Austria").military = [T(1, 6, "Hungary", children=[T(1, 6, "Serbia")])]
    b = bot()
    reply = answers({"Roll a d6": 3, "Is Hungary": "s", "substitutes for Hungary": "Poland"})
    said, prompts = drive(roll_target(table(b), Ctx(r, {"dice": "table"}), b, "military"), reply)
    assert said.startswith("Austria targets Poland.")
    assert not any("Serbia" in p.text for p in prompts)


def test_after_the_end_of_the_action_phase_a_player_s_final_turn_counts_as_a_pass():
    """Main rules, Passing (the End of the Action Phase: one last Action, one more Turn for an Event
    not yet taken, then the player counts as passed) with eu-price-of-power-bots.txt p.2."""
    a = bot("b1", "Austria")
    state = table(a, humans=2)
    state.ending, state.passed, state.seat = True, ["b1"], 0
    _, prompts = drive(action_turn(state, Ctx()), answers({"What did": "e", "final Turn": False}))
    assert "h1" not in state.passed and prompts[-1].label == "Human 1: final Turn?"
    state.seat = 0
    drive(action_turn(state, Ctx()), answers({"What did": "x", "BP Austria gains": 0, "final Turn": True}))
    assert "h1" in state.passed and state.seat == 1


def test_town_bonuses_are_confirmed_after_the_first_phase_4():
    """eu-price-of-power-bots.txt p.2 Income & Upkeep (+1 for 20+ Small Towns, +1 for 8 Large) and
    p.4 Towns: the next Phase 4 asks once whether the Towns are as before (readings:
    remembered_facts)."""
    from tui.games.eu_price_of_power.income_and_upkeep import town_bonuses

    a, f = bot("b1", "Austria"), bot("b2", "France")
    state = table(a, f)
    _, first = drive(town_bonuses(state, Ctx()), answers({"20\\+ Small": [["2"]], "8 Large": [[]]}))
    assert len(first) == 2 and f.small_towns and not a.small_towns
    _, second = drive(town_bonuses(state, Ctx()), answers({"Still so": True}))
    assert len(second) == 1 and "20+ Small Towns: France; all 8 Large Towns: none" in second[0].text
    _, third = drive(town_bonuses(state, Ctx()), answers({"Still so": False, "20\\+ Small": [[]], "8 Large": [["1"]]}))
    assert len(third) == 3 and a.large_towns and not f.small_towns


def test_a_fact_belongs_to_a_question_node():
    """Ruleset CHART SCHEMA: 'fact' marks a board question whose 'no' is remembered; on any other
    node kind `clockwork validate` names the mistake."""
    from test_eu_price_of_power_helpers import fresh_rules
    from tui.games.eu_price_of_power.rules import validate

    r = fresh_rules()
    assert validate(r) == []
    r.chart("main").node("m0").fact = "no BP"
    assert any(path.endswith(".fact") for path, _ in validate(r))


def test_a_war_on_the_bot_emperor_itself_does_not_ask_it_to_defend_the_hre():
    """eu-price-of-power-bots.txt p.6 Bot Emperor: it defends its Imperial Subjects; a War declared on
    the Emperor itself is a DoW on a Bot (p.4), with no IA BP."""
    austria, france = bot("b1", "Austria", available=9), bot("b2", "France")
    state = table(austria, france)
    state.emperor, state.ia = "b1", 3
    _, prompts = drive(wars.declare_war(state, Ctx(), france, "France"), answers({"On whom": "1"}))
    assert not any("defend the HRE" in p.text for p in prompts)
    assert austria.available + austria.spent == 9 + 1


def test_phase_5_manpower_is_confirmed_in_one_answer_and_the_emperors_ia_still_counts():
    """eu-price-of-power-bots.txt p.2-3 Update Manpower Reserve and p.6 (IA in the Emperor's
    Manpower): Town tracks as before → one answer for every Bot; the Emperor's new IA is added."""
    a, f = bot("b1", "Austria"), bot("b2", "France")
    a.manpower, a.manpower_ia = 9, 3
    f.manpower = 6
    state = table(a, f)
    state.phase = "5 Cleanup"
    state.emperor, state.ia = "b1", 4
    _, prompts = drive(cleanup_phase(state, Ctx()), answers({"as before": True, "What comes next": "1"}))
    assert "Austria 6, France 6" in prompts[0].text
    assert not any(p.label.endswith(" Manpower") for p in prompts)
    assert (a.manpower, f.manpower) == (10, 6)


def test_an_event_of_a_player_changes_a_bots_bp_in_one_answer():
    """eu-price-of-power-bots.txt p.2 Event Resolution (the General Event Rules for Events other PRs
    take, p.9): what the Bot gains or loses is one number."""
    from tui.games.eu_price_of_power.action_phase import event_on_bot

    a = bot("b1", "Austria", available=4)
    _, prompts = drive(event_on_bot(table(a, humans=1), Ctx(), "Human 1"), answers({"gains by": -2}))
    assert len(prompts) == 1 and prompts[0].lo == -4 and a.available == 2
