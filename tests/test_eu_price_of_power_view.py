"""What the screen shows (the brief's panes): the drawn Bot cards, the chart being walked, tracks per
Bot and the table-wide strip (Age, Round, Phase, who passed)."""

from __future__ import annotations

from test_eu_price_of_power_helpers import Ctx, answers, bot, drive, fresh_rules, rules, table
from tui.games.eu_price_of_power.bot_turn import bot_turn, record_pass
from tui.games.eu_price_of_power.charts import play_card
from tui.games.eu_price_of_power.state import DRAW
from tui.games.eu_price_of_power.view import status, view


def stacked(card: str, **kw):
    b = bot(**kw)
    b.deck.piles[DRAW] = [card] + [c for c in b.deck.piles[DRAW] if c != card]
    return b


def test_a_drawn_card_shows_its_action_cost_and_payment():
    """Seed p.1, p.7: the card row shows the Bot card drawn, its Action, cost and what was paid."""
    b = stacked("12", available=2)
    state = table(b, humans=1)
    state.seat = 1
    drive(bot_turn(state, Ctx(), b), answers({}))
    shown = view(state, rules())
    card = shown.cards[0]
    assert (card.name, card.kind) == ("12 Colonize", "Austria")
    assert "cost 3, paid 2" in card.detail and "used" in card.detail
    assert status(state).headline == "Age I R1 · Austria"


def test_tracks_per_bot_and_the_table_strip():
    """The brief: BP available/spent, focus areas, ideas, deck counts by pile, war status; the table
    strip with Age, Round, Phase and who passed."""
    a, f = bot("b1", "Austria", available=4), bot("b2", "France", difficulty="easy", available=0)
    a.spent, a.at_war = 3, True
    a.ideas["Mil"] = 3
    a.focus["Pol"], a.milestones = 1, ["War"]
    state = table(a, f, humans=1)
    record_pass(state, Ctx(), "b2")
    shown = view(state, rules())
    strip, austria, france = shown.tracks
    rows = {r.label: r for r in strip.rows}
    assert rows["Phase"].value == "2 Action" and rows["Passed"].value == "France"
    assert strip.title == "Table" and rows["Age · Round"].value == "I · 1"
    a_rows = {r.label: r for r in austria.rows}
    assert a_rows["BP"].value == "4 (spent 3)" and "at War" in a_rows["BP"].note
    assert "SIEGE 2 Tax Value per BP" in a_rows["Ideas"].note
    assert a_rows["Focus"].value == "0/0/1/0" and "scored War" in a_rows["Focus"].note
    assert a_rows["Deck"].value == "24 to draw"
    assert france.title == "France · Red · Easy"
    assert "passed" in {r.label: r for r in france.rows}["BP"].note


def test_bot_power_shows_its_number_without_a_bar():
    """Issue 24 playtest, eu-price-of-power-bots.txt p.1 Bot Power: BP are cubes in the Mat's
    Available area, with no printed track or maximum (the 15 of p.6 caps only a replaced human's
    BP), so the tracks pane draws no bar with a scale of its own."""
    a = bot("b1", "Austria", available=22)
    shown = view(table(a, humans=1), rules())
    row = {r.label: r for r in shown.tracks[1].rows}["BP"]
    assert row.value.startswith("22") and row.pos is None


def test_the_flow_pane_walks_the_main_turn_structure():
    """Seed p.7: the flow pane shows the Main Turn Structure with the questions passed and the step now."""
    b = bot(available=3)
    state = table(b)
    walk = bot_turn(state, Ctx(), b)
    prompt = next(walk)
    assert "under attack" in prompt.text
    shown = view(state, rules())
    assert shown.flow_title == "Austria: Main Turn Structure · p.7"
    marks = [(s.label, s.state) for s in shown.flow]
    assert marks[0] == ("◇ No Available BP left?", "done")
    assert marks[2] == ("? Under attack?", "current")
    walk.send(True)  # → DEFEND, followed by hand: the instruction opens its first question
    shown = view(state, rules())
    assert shown.flow_title == "Austria: DEFEND Action · p.8"
    assert shown.flow[0].label == "Follow p.8 by hand" and shown.flow[0].state == "current"
    # Issue 24 playtest: one ▶ only; the instruction and the first question are one prompt.
    assert (shown.flow[1].label, shown.flow[1].state) == ("Ask: recruits", "todo")
    assert [s.state for s in shown.flow].count("current") == 1
    walk.send(0)
    after = view(state, rules()).flow
    assert [s.state for s in after[:3]] == ["done", "done", "current"]
    assert any("Invaders are Hostile Units" in s.label for s in shown.flow)


def test_a_card_with_the_discard_icon_names_the_action_deck():
    """Seed p.1: some Bot cards discard the top card of the A, D or M Action deck when drawn (which
    cards is ruleset data: cards[].discards)."""
    r = fresh_rules()
    r.card(9).discards = "D"
    b = stacked("9")
    _, prompts = drive(play_card(table(b), Ctx(r), b), answers({}))
    assert "discard the top card of the D Action deck" in prompts[0].text
