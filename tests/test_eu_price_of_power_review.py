"""What the third table review found (issue 23), each against the Bot booklet
(/work/shared/seeds/eu-price-of-power-bots.txt, pages are the booklet's): the charts that lead on
to the MILITARY Action, a Bot's casualties against an Opponent, the Light Ship a human captures,
the Bot Emperor's answer to a Call to Arms, and the dice setting's default."""

from __future__ import annotations

from test_eu_price_of_power_helpers import Ctx, answers, bot, drive, rules, table
from tui.games.eu_price_of_power.charts import play_card, walk_chart
from tui.games.eu_price_of_power.state import DRAW, REAL_WAR
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
    venice.at_war, venice.facts[REAL_WAR], venice.facts_checked = True, True, True
    venice.manpower = 9
    state = table(venice, humans=1)
    on_top(venice, "13")
    ctx = Ctx()
    drive(play_card(state, ctx, venice), answers({"on to the MILITARY": True, "times did": 1}))
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
    assert ("Ask: on to MILITARY Action?", "current") in steps
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
    from tui.rules.eu_price_of_power import validate

    r = fresh_rules()
    assert r.chart("papal").leads_to == ["military"] and r.chart("spy").leads_to == ["military"]
    assert validate(r) == []
    r.chart("papal").leads_to = ["papal", "warfare"]
    assert [problem for path, problem in validate(r) if ".leads_to" in path] == [
        "a chart cannot lead on to itself", "'warfare' is not a chart id"]
