"""The rules review's question audit for EU (tests/scenarios/review-2026-11/eu-price-of-power.md, Part B):
EA-3, EA-4 and the two notes under the table, each against the Bot booklet
(/work/shared/seeds/eu-price-of-power-bots.txt, pages are the booklet's). EA-1, EA-2 and EA-5 are in
tests/test_eu_price_of_power_record.py and test_review_situations.py (EU-1). Played through the
runner, as at the table, from a state set up for the case."""

from __future__ import annotations

from test_eu_price_of_power_helpers import Ctx, answers, bot, drive, table
from test_eu_price_of_power_record import action_state, known, play_until, runner_at
from tui.engine.prompts import Number
from tui.games.eu_price_of_power.cleanup import cleanup_phase
from tui.games.eu_price_of_power.replace import replace_bot_realm
from tui.games.eu_price_of_power.state import INCOME


def test_ea3_a_bot_emperor_a_human_declared_war_on_stays_out_of_a_subjects_war():
    """EA-3 (p.6 Bot Emperor: it defends its Imperial Subjects unless already at War with an
    Opponent or that Subject; p.4 DoW on a Bot): Human 1 declared War on Austria, the Bot Emperor
    (IA 4), this Round; when an Imperial Subject is attacked on Human 2's Turn, Austria is not asked
    whether it is already at War, stays out, and gains no IA + 1 BP."""
    austria = bot("b1", "Austria", available=5)
    state = action_state(austria, humans=2)
    state.emperor, state.emperor_known, state.ia = "b1", True, 4
    runner = runner_at(state)
    play_until(runner, r"^Human 2's Turn$", {r"^Human 1's Turn": "w", r"^Human 1: War": "1"})
    before = runner.state.bots[0].available
    shown = play_until(runner, r"stays out", {r"^Human 2's Turn": "w", r"^Human 2: War": "3",
                                             r"Defending the HRE\?": "1"})
    assert "Austria already at War?" not in shown
    assert any(line.startswith("Austria is already at War with an Opponent") for line in known(runner))
    runner.answer("")
    assert runner.state.bots[0].available == before


def test_ea4_the_bot_emperor_named_this_round_is_not_asked_again_in_phase_4():
    """EA-4 (p.6 Bot Emperor: no Imperial Election while a Bot is Emperor; p.1 Bots have no
    Rulers): Austria was named the Bot Emperor with IA 4 earlier this Round (on a War declared on a
    Bot); Phase 4 neither asks which Bot is Emperor nor lets another be named, and offers IA 4 as
    recorded."""
    austria, france = bot("b1", "Austria", available=5), bot("b2", "France", available=5)
    state = action_state(austria, france, humans=1)
    runner = runner_at(state)
    play_until(runner, r"Imperial Authority", {r"^Human 1's Turn": "w", r"^Human 1: War": "1",
                                               r"On which Bot": "2", r"HRE Emperor": "1"})
    runner.answer("4")
    assert (runner.state.emperor, runner.state.ia) == ("b1", 4)
    runner.state.phase, runner.state.towns_known = INCOME, True
    phase_4 = runner_at(runner.state)
    shown = play_until(phase_4, r"^Imperial Authority$", {r"Town bonuses": "y"})
    assert "Bot Emperor" not in shown
    ia = phase_4.pending
    assert isinstance(ia, Number) and ia.default == 4


def test_ea_note_a_bot_out_of_towns_in_phase_5_leaves_only_final_scoring():
    """Part B note (p.4 Token Limitations, Towns: a Bot still out of Towns in Phase 5 triggers Final
    Scoring): once the table says France is out of Towns, 'What comes next' offers nothing but
    Final Scoring: another Round cannot follow."""
    austria, france = bot("b1", "Austria"), bot("b2", "France")
    france.small_towns = True
    state = table(austria, france, humans=1)
    state.phase = "5 Cleanup"
    _, prompts = drive(cleanup_phase(state, Ctx()), answers({"out of Towns now": "1"},
                                                             fallback=lambda p: getattr(p, "default", None)))
    nxt = next(p for p in prompts if p.label == "After the Round")
    assert [o.key for o in nxt.options] == ["3"] and "France is still out of Towns" in nxt.options[0].label
    assert state.over


def test_ea_note_the_emperors_realm_replaced_raises_the_emperor_question():
    """Part B note (p.6 Replacing Bot Realms: the new Bot inherits Prestige, Ideas and Milestones,
    nothing else; p.6 Bot Emperor): France, the Bot Emperor, is eliminated and Denmark replaces it;
    Denmark is not the Emperor, and the next War on a Bot asks who holds it."""
    france, austria = bot("b1", "France"), bot("b2", "Austria")
    state = table(france, austria, humans=1)
    state.emperor, state.emperor_known, state.ia = "b1", True, 4
    reply = answers({"Which Bot realm was eliminated": "1", "realm": "Denmark"},
                    fallback=lambda p: getattr(p, "default", None) or ("1" if hasattr(p, "options") else ""))
    drive(replace_bot_realm(state, Ctx()), reply)
    assert state.emperor == "" and not state.emperor_known
    state.phase = "2 Action"
    war = {"What did": "w", "Which War step": "1", "On which Bot": "1", "NPR Allies": 0, "HRE Emperor": "0"}
    from tui.games.eu_price_of_power.action_phase import human_turn

    _, prompts = drive(human_turn(state, Ctx(), "h1"), answers(war))
    assert any("HRE Emperor" in p.text for p in prompts)
