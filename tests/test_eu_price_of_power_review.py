"""What the third table review found (issue 23), each against the Bot booklet
(/work/shared/seeds/eu-price-of-power-bots.txt, pages are the booklet's): the charts that lead on
to the MILITARY Action, a Bot's casualties against an Opponent, the Light Ship a human captures,
the Bot Emperor's answer to a Call to Arms, and the dice setting's default."""

from __future__ import annotations

from test_eu_price_of_power_helpers import Ctx, answer_runner, answers, bot, drive, new_runner, raw, rules, table
from tui.engine.prompts import Number
from tui.games.eu_price_of_power.action_phase import human_turn
from tui.games.eu_price_of_power.battles import naval_battle
from tui.games.eu_price_of_power.charts import play_card, walk_chart
from tui.games.eu_price_of_power.outcomes import Doing, ask_outcome
from tui.games.eu_price_of_power.state import DRAW, REAL_WAR, ChartPos, Memory
from tui.games.eu_price_of_power.view import view


def on_top(b, card: str) -> None:
    b.deck.piles[DRAW].remove(card)
    b.deck.piles[DRAW].insert(0, card)


def labels(prompts) -> list[str]:
    return [p.label for p in prompts]


# ---- PAPAL CURIA and SPY lead on to the MILITARY Action (p.10, p.12, p.13) -----------------------

def test_papal_curia_leads_on_to_the_military_action_and_its_war():
    """eu-price-of-power-bots.txt p.10 (MILITARY is entered 'from PAPAL and SPY Actions'), p.12
    (PAPAL CURIA, card 14), p.6 (Military Targeting Chart), p.4 (DoW on a Bot), p.5 (first Battle
    won as Active Player +1 BP): the MILITARY Action the chart leads to rolls its target, recruits,
    declares War on a Bot, fights and pays the first win."""
    venice, austria = bot("b1", "Venice", available=6), bot("b2", "Austria", available=2)
    venice.manpower = 9
    state = table(venice, austria, humans=1)
    on_top(venice, "14")
    ctx = Ctx()
    reply = answers({"which Action": "1", "on to the MILITARY": True, "times did": 1,
                     "What happened": [["w", "o"]], "On whom": "1", "NPR Allies": 0,
                     "win its Land Battle": True})
    _, prompts = drive(play_card(state, ctx, venice), reply)
    assert any("d6 for Venice's Military Targeting Chart" in line for line in ctx.lines)
    assert venice.at_war and austria.at_war
    # card 2 BP, a MILITARY recruit 2 BP (9 Units), the first win +1: 6 - 2 - 2 + 1
    assert (venice.available, venice.spent, venice.army) == (3, 4, 9)
    assert (austria.available, austria.spent) == (4, 1)  # +1, top-up to 5, recruit 1 BP
    assert "Venice: War declared on it" not in labels(prompts)
    assert "Austria: War declared on it" in labels(prompts)


def test_spy_at_war_leads_on_to_the_military_action():
    """eu-price-of-power-bots.txt p.13 (SPY, War Action of card 13) and p.10 (MILITARY from SPY):
    the target roll and the recruit of the MILITARY Action are not lost."""
    venice = bot("b1", "Venice", available=6)
    venice.at_war, venice.facts[REAL_WAR] = True, True  # its Enemy held Provinces at its last Turn
    venice.manpower = 9
    state = table(venice, humans=1)
    on_top(venice, "13")
    ctx = Ctx()
    drive(play_card(state, ctx, venice), answers({"on to the MILITARY": True, "times did": 1}), ctx)
    assert venice.drawn[-1].action == "Spy"
    assert any("d6 for Venice's Military Targeting Chart" in line for line in ctx.lines)
    assert (venice.available, venice.spent, venice.army) == (2, 4, 9)


def test_the_flow_pane_shows_the_step_that_leads_on():
    """eu-price-of-power-bots.txt p.12 (PAPAL CURIA), p.10: followed by hand, the flow pane lists
    the step 'on to MILITARY Action?' after the chart's own questions, and then shows MILITARY."""
    venice = bot("b1", "Venice", available=0)
    state = table(venice, humans=1)
    state.stack = []
    walk = walk_chart(state, Ctx(), venice, "papal")
    prompt = next(walk)
    assert "on to the MILITARY Action" in prompt.text and "follow the PAPAL CURIA" in prompt.text
    steps = [(s.label, s.state) for s in view(state, rules()).flow]
    assert ("Ask: on to MILITARY Action?", "todo") in steps
    # One ▶ only (issue 24 playtest): the question opens with the instruction to follow the chart.
    assert [state for _, state in steps].count("current") == 1 and steps[0] == ("Follow p.12 by hand", "current")
    walk.send(True)
    assert view(state, rules()).flow_title == "Venice: MILITARY Action · p.10"


def test_papal_curia_that_does_not_lead_on_asks_nothing_of_the_military_action():
    """eu-price-of-power-bots.txt p.12: the chart 'may' lead on; when it does not, no target is
    rolled and nothing is recruited."""
    venice = bot("b1", "Venice", available=6)
    state = table(venice, humans=1)
    on_top(venice, "14")
    ctx = Ctx()
    _, prompts = drive(play_card(state, ctx, venice), answers({"which Action": "1"}))
    assert not any("Targeting Chart" in line for line in ctx.lines)
    assert not any("MILITARY Action chart" in p.text for p in prompts)
    assert (venice.available, venice.spent, venice.army) == (4, 2, 0)


def test_a_chart_can_lead_on_only_to_another_known_chart():
    """Ruleset CHART SCHEMA: leads_to names the charts a chart may lead on to (PAPAL CURIA and SPY to
    MILITARY, p.10); `clockwork validate` names a chart id it does not know, or the chart itself."""
    from test_eu_price_of_power_helpers import fresh_rules
    from tui.games.eu_price_of_power.rules import validate

    r = fresh_rules()
    assert r.chart("papal").leads_to == ["military"] and r.chart("spy").leads_to == ["military"]
    assert validate(r) == []
    r.chart("papal").leads_to = ["papal", "warfare"]
    assert [problem for path, problem in validate(r) if ".leads_to" in path] == [
        "a chart cannot lead on to itself", "'warfare' is not a chart id"]


# ---- a Land Battle against an Opponent: the Bot's casualties (p.5) ------------------------------

def test_a_land_battle_against_an_opponent_takes_the_bots_casualties():
    """eu-price-of-power-bots.txt p.5 Land Battles vs. Opponents: the normal Battle Sequence (main
    rules p.26), where both sides take casualties; a Bot never retreats. Its Army loses them, the
    second Battle of the Turn as well (only the first win pays)."""
    b = bot("b1", "France", available=3)
    b.army, b.manpower = 9, 12
    state = table(b, humans=1)
    state.stack = [ChartPos("military", bot="b1")]
    reply = answers({"What happened": [["o"], ["o"]], "casualties": [4, 2], "win its Land Battle": True})
    _, first = drive(ask_outcome(state, Ctx(), b, "battles", Doing("MILITARY Action")), reply)
    assert (b.army, b.available, b.battle_won) == (5, 4, True)
    _, second = drive(ask_outcome(state, Ctx(), b, "battles", Doing("MILITARY Action")), reply)
    assert b.army == 3 and b.available == 4
    assert not any("win its Land Battle" in p.text for p in second)  # a second win pays nothing


def test_a_bot_whose_whole_army_fell_did_not_win():
    """eu-price-of-power-bots.txt p.5: a Bot never retreats; with every Unit a casualty it cannot have
    won, so the win is not asked and no BP is paid."""
    b = bot("b1", "France", available=3)
    b.army = 4
    state = table(b, humans=1)
    reply = answers({"What happened": [["o"]], "casualties": 4, "win its Land Battle": True})
    _, prompts = drive(ask_outcome(state, Ctx(), b, "battles", Doing("MILITARY Action")), reply)
    casualties = next(p for p in prompts if isinstance(p, Number) and "casualties" in p.text)
    assert casualties.hi == 4
    assert (b.army, b.available, b.battle_won) == (0, 3, False)
    assert not any("win its Land Battle" in p.text for p in prompts)


def test_a_land_battle_between_two_bots_takes_both_armies_casualties():
    """eu-price-of-power-bots.txt p.5 Land Battles vs. Opponents ('human or Bot'): both Bots' Armies
    lose their casualties; Bots never retreat, so the Bot whose Army is gone lost and the other won
    (its first win as Active Player +1 BP, without asking)."""
    france, austria = bot("b1", "France", available=3), bot("b2", "Austria", available=3)
    france.army, austria.army = 9, 4
    france.at_war, austria.at_war = True, True  # France declared War on Austria (p.4)
    france.enemies, austria.enemies = ["b2"], ["b1"]
    state = table(france, austria, humans=1)
    reply = answers({"What happened": [["o"]], "against which Opponent": "1", "casualties in": 3,
                     "Austria's Units were casualties": 4})
    _, prompts = drive(ask_outcome(state, Ctx(), france, "battles", Doing("MILITARY Action")), reply)
    assert (france.army, austria.army) == (6, 0)
    assert (france.available, france.battle_won) == (4, True)
    assert not any("win its Land Battle" in p.text for p in prompts)


def test_the_land_battle_chart_followed_by_hand_asks_the_casualties_against_an_opponent():
    """eu-price-of-power-bots.txt p.16 (Land Battle Resolution) and p.5: the chart followed by hand
    asks for a Battle against an Opponent, then its casualties, then the win."""
    b = bot("b1", "France", available=3)
    b.army = 6
    state = table(b, humans=1)
    reply = answers({"Land Battle against an Opponent in": True, "casualties": 1, "win its Land Battle": True})
    drive(walk_chart(state, Ctx(), b, "land_battle"), reply)
    assert (b.army, b.available, b.battle_won) == (5, 4, True)


def test_a_human_attacks_a_bots_army_on_the_humans_turn():
    """eu-price-of-power-bots.txt p.4 (a human waging War on a Bot follows the normal rules) and p.5
    (normal Battle Sequence): the Bot's casualties come off its Army; no BP, it is not the Active
    Player."""
    b = bot("b1", "France", available=3)
    b.army, b.manpower = 9, 9
    state = table(b, humans=1)
    reply = answers({"What did": "w", "Which War step": "4", "Land or Naval": "1", "casualties": 5})
    drive(human_turn(state, Ctx(), "h1"), reply)
    assert (b.army, b.available) == (4, 3)


# ---- a Naval Battle lost to a human with an Admiral or a Battle Action (p.5) ---------------------

def test_a_human_with_an_admiral_who_wins_at_sea_captures_a_light_ship():
    """eu-price-of-power-bots.txt p.5 Naval Battles vs. Opponents: the Bot that does not sink every
    human Ship loses and removes its Ship; a winning human with an Admiral or a Battle Action
    captures a Light Ship."""
    b = bot("b1", "Venice")
    state = table(b, humans=1)
    reply = answers({"against whom": "1", "Admiral": True, "Artillery icon": 0, "sunk": False})
    won, prompts = drive(naval_battle(state, Ctx(options={"dice": "table"}), b), reply)
    assert won is False
    assert "remove its Ship" in prompts[-1].text and "captures a Light Ship" in prompts[-1].text
    reply = answers({"against whom": "1", "Admiral": False, "Artillery icon": 0, "sunk": False})
    _, prompts = drive(naval_battle(state, Ctx(options={"dice": "table"}), b), reply)
    assert "Light Ship" not in prompts[-1].text


# ---- the Bot Emperor answers an Imperial Subject's Call to Arms by the rule (p.6) ----------------

def test_a_bot_emperor_at_peace_answers_the_call_to_arms_without_being_asked():
    """eu-price-of-power-bots.txt p.6 Bot Emperor: it always comes to the defence of its Imperial
    Subjects attacked by a Realm outside the HRE, unless at War with an Opponent or that Subject;
    answering their Call to Arms it gains BP equal to IA; p.4 step 4 for a Bot joining by a CtA."""
    austria, france = bot("b1", "Austria", available=1), bot("b2", "France", available=4)
    state = table(austria, france, humans=1)
    state.emperor, state.ia = "b1", 3
    reply = answers({"What did": "w", "Which War step": "3", "brings Austria": "1", "HRE members": [[]]})
    _, prompts = drive(human_turn(state, Ctx(), "h1"), reply)
    assert not any("answering" in p.label and "Call to Arms" in p.label for p in prompts)
    # IA 3 → 4, +1 → 5, top-up to 5 (Normal), recruit 1 BP
    assert (austria.available, austria.spent, austria.at_war) == (4, 1, True)


def test_a_bot_emperor_already_at_war_with_an_opponent_stays_out():
    """eu-price-of-power-bots.txt p.6: not when already at War with an Opponent or the Subject under
    attack; Defending the HRE is then not activated, so no Bot member loses BP."""
    austria, france = bot("b1", "Austria", available=1), bot("b2", "France", available=4)
    austria.at_war = True
    state = table(austria, france, humans=1)
    state.emperor, state.ia = "b1", 3
    reply = answers({"What did": "w", "Which War step": "3", "brings Austria": "1",
                     "already at War with an Opponent": True, "HRE members": [["1"]]})
    _, prompts = drive(human_turn(state, Ctx(), "h1"), reply)
    assert (austria.available, france.available) == (1, 4)
    assert not any(p.label == "Bot HRE members" for p in prompts)


def test_no_subject_attacked_from_outside_the_bot_emperor_does_not_defend():
    """eu-price-of-power-bots.txt p.6: a Bot Emperor defends an Imperial Subject attacked from outside
    the HRE, or a member attacked by a member with no CB; otherwise it stays out."""
    austria, france = bot("b1", "Austria", available=1), bot("b2", "France", available=4)
    state = table(austria, france, humans=1)
    state.emperor, state.ia = "b1", 3
    reply = answers({"What did": "w", "Which War step": "3", "brings Austria": "0"})
    drive(human_turn(state, Ctx(), "h1"), reply)
    assert (austria.available, austria.at_war, france.available) == (1, False, 4)


def test_a_human_emperor_s_choice_to_defend_the_hre_is_asked():
    """eu-price-of-power-bots.txt p.6 Bot HRE Members: Bot members lose 1 BP when Defending the HRE
    gets activated; with no Bot Emperor that is the human Emperor's choice, so it is asked."""
    bohemia = bot("b1", "Bohemia", available=4)
    state = table(bohemia, humans=1)
    reply = answers({"What did": "w", "Which War step": "3", "HRE Emperor": "0", "activate Defending": False,
                     "HRE members": [["1"]]})
    drive(human_turn(state, Ctx(), "h1"), reply)
    assert bohemia.available == 4
    reply = answers({"What did": "w", "Which War step": "3", "HRE Emperor": "0", "activate Defending": True,
                     "HRE members": [["1"]]})
    drive(human_turn(state, Ctx(), "h1"), reply)
    assert bohemia.available == 3


# ---- the dice setting decides the default (readings: battle_dice) --------------------------------

def test_with_clockwork_rolling_the_dice_faces_never_default_to_rolling_at_the_table():
    """eu-price-of-power-bots.txt p.5 (the icons a Bot's Battles count) and the setup option 'Dice:
    Clockwork rolls': the faces question's Enter answer must not be 0 (the table rolls); with no
    count remembered there is none to take, a remembered count is offered."""
    label = "Infantry die: faces with the icon"

    def until_faces(runner):
        answer_runner(runner, lambda p: "Austria" if p.label == "Bot 1 realm" else raw(p),
                      lambda r: r.pending.label == label)
        return runner.pending

    assert until_faces(new_runner({"bots": "1", "humans": "1"})).default is None
    remembered = Memory(dice_faces={"Infantry": 2, "Artillery": 0})
    runner = new_runner({"bots": "1", "humans": "1"}, recalled=remembered)
    assert until_faces(runner).default == 2
    runner.answer("2")
    assert runner.pending.label == "Artillery die: faces with the icon" and runner.pending.default is None
