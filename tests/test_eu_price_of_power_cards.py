"""The Bot deck and difficulty data against the seed, and `clockwork validate` on the charts."""

from __future__ import annotations

import re
from pathlib import Path

from test_eu_price_of_power_helpers import SEED_FILE, fresh_rules, rules
from tui.games.eu_price_of_power.rules import ChartNode, RollBranch, TargetNode, validate

ABBREVIATIONS = {"Papal C.": "Papal Curia", "Mil.": "Military", "-": ""}


def seed_card_rows():
    """The 24 rows of the BOT CARD ACTIONS table (seed p.7): id, 1st, '2nd / War', cost."""
    rows = []
    for line in Path(SEED_FILE).read_text(encoding="utf-8").splitlines():
        m = re.match(r"^(\d+)\t([^\t]+)\t([^\t]+)\t(\d+)\s*$", line)
        if m:
            rows.append((int(m.group(1)), m.group(2).strip(), m.group(3).strip(), int(m.group(4))))
    return rows


def parse_second(cell: str) -> tuple[str, str, str]:
    """'Focus (Eco.) / -' → ('Focus', 'Eco', ''); 'Papal C. / Mil.' → ('Papal Curia', '', 'Military')."""
    second, war = (part.strip() for part in cell.split("/"))
    focus = ""
    m = re.match(r"Focus \((\w+)\.\)", second)
    if m:
        second, focus = "Focus", m.group(1)
    return ABBREVIATIONS.get(second, second), focus, ABBREVIATIONS.get(war, war)


def test_card_table_matches_the_seed_row_by_row():
    """Seed p.7 BOT CARD ACTIONS: every card's 1st action, 2nd action, War Action and cost."""
    rows = seed_card_rows()
    assert [r[0] for r in rows] == list(range(1, 25))
    for card_id, first, cell, cost in rows:
        card = rules().card(card_id)
        second, focus, war = parse_second(cell)
        assert (card.first, card.second, card.focus, card.war, card.cost) == (first, second, focus, war, cost), card_id


def test_difficulty_table_matches_the_seed():
    """Seed p.2 Difficulty Level: BP per Round, Focus BP for a Milestone, DoW minimum, Units per recruit."""
    text = Path(SEED_FILE).read_text(encoding="utf-8")
    for level in rules().difficulties:
        m = re.search(rf"^{level.label}\t(\d+)\t(\d+)\t(\d+)\t(\d+)\s*$", text, re.M)
        assert m, level.label
        assert [int(g) for g in m.groups()] == [
            level.bp_gain, level.focus_threshold, level.dow_minimum, level.units_per_recruit,
        ]


def test_shipped_ruleset_validates_and_every_action_has_a_chart():
    """Seed p.7-16: each Bot Action has its chart; the Main Turn Structure is walked as nodes."""
    assert validate(rules()) == []
    assert set(rules().action_charts) == {
        "Event", "Military", "Diplomacy", "Naval", "Explore", "Colonize", "Unrest", "Spy", "Papal Curia",
        "Convert", "Focus", "Idea",
    }
    assert rules().chart("main").nodes


def test_validate_reports_broken_charts():
    """Ruleset CHART SCHEMA: a transcribed chart is checked arrow by arrow, check by check, and each
    roll covers the die faces 1-6 exactly once."""
    r = fresh_rules()
    idea = r.chart("idea")
    idea.start = "a"
    idea.nodes = [
        ChartNode(id="a", kind="question", text="Q?", yes="b", no="nowhere"),
        ChartNode(id="b", kind="roll", branches=[RollBranch(1, 3, "c"), RollBranch(3, 5, "c")]),
        ChartNode(id="c", kind="check", check="moon_phase", yes="d", no="d"),
        ChartNode(id="d", kind="chart", chart="idea", next="e"),
        ChartNode(id="e", kind="action", do="teleport", next="f"),
        ChartNode(id="f", kind="end"),
    ]
    messages = {path: msg for path, msg in validate(r)}
    i = r.charts.index(idea)
    assert "'nowhere' is not a node" in messages[f"charts[{i}].nodes[0].no"]
    assert "exactly once" in messages[f"charts[{i}].nodes[1].branches"]
    assert "moon_phase" in messages[f"charts[{i}].nodes[2].check"]
    assert "cannot call itself" in messages[f"charts[{i}].nodes[3].chart"]
    assert "teleport" in messages[f"charts[{i}].nodes[4].do"]


def test_validate_reports_targeting_trees_that_miss_die_faces():
    """Seed p.6 Targeting Charts: every sibling group is a d6 roll, so it must cover 1-6."""
    r = fresh_rules()
    r.realms[0].military = [
        TargetNode(1, 3, "Venice", children=[TargetNode(1, 6, "Milan")]),
        TargetNode(3, 5, "Hungary"),
    ]
    r.realms[0].removals = {"1": [25]}
    problems = dict(validate(r))
    assert "6 lead nowhere" in problems["realms[0].military"]
    assert "3 are covered twice" in problems["realms[0].military"]
    assert "25 is not a Bot card ID" in problems["realms[0].removals.1"]


def test_validate_reports_a_card_table_that_is_not_the_24_cards():
    """Seed p.1: each Bot deck has the same 24 cards."""
    r = fresh_rules()
    r.cards = r.cards[:-1]
    assert ("cards", "the Bot deck has exactly the cards 1 to 24, once each") in validate(r)
