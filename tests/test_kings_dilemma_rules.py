"""The ruleset and what the screen draws from it (notes §1 tracks; seed: Icon list and Setup)."""

from __future__ import annotations

import msgspec

from test_kings_dilemma_helpers import rules, seated
from tui.engine.game import reference_pages
from tui.games.kings_dilemma import GAME
from tui.games.kings_dilemma.view import track_line, view
from tui.games.kings_dilemma.rules import validate


def test_the_shipped_ruleset_is_clean():
    """notes §1-§4: the shipped data passes every cross-reference check."""
    assert validate(rules()) == []
    assert [h.name for h in rules().houses][:3] == ["Blodyn", "Solad", "Tork"]
    assert len(rules().houses) == 12 and len(rules().agendas) == 6


def test_broken_data_is_reported_by_path():
    """Bad ruleset input: one (path, message) per problem."""
    bad = msgspec.structs.replace(
        rules(),
        tracks=msgspec.structs.replace(rules().tracks, stability_spaces=16),
        rewards=rules().rewards[:2],
        houses=rules().houses[:4],
    )
    paths = [path for path, _ in validate(bad)]
    assert "tracks.stability_spaces" in paths
    assert "rewards" in paths
    assert "houses" in paths


def test_each_resource_is_drawn_on_its_17_rows():
    """notes §1 (17 rows, centre 9): the marker sits in the cell of its row, ▲/▼ its Momentum side."""
    assert track_line(9, 17, "▲") == "────────▲────────"
    assert track_line(1, 17, "▼") == "▼───────┼────────"
    assert track_line(17, 17, "▲") == "────────┼───────▲"
    state = seated(3)
    res = state.resource("wealth")
    res.row, res.up, res.marker = 14, False, True
    rows = {r.label.strip(): r for r in view(state, rules()).tracks[0].rows}
    assert rows["Wealth"].value == "────────┼────▼─── M"
    assert rows["Stab."].editable_default  # the Stability length is not public


def test_the_prestige_chart_matches_the_notes():
    """notes §3 (Prestige/Crave table per end cause and rank)."""
    chart = {r.cause: list(zip(r.prestige, r.crave)) for r in rules().rewards}
    assert chart["death"] == [(2, 0), (2, 0), (1, 1), (1, 1), (0, 2)]
    assert chart["abdication_top"] == [(3, 0), (2, 0), (1, 0), (1, 0), (0, 2)]
    assert chart["abdication_bottom"] == [(0, 2), (0, 1), (0, 1), (0, 1), (2, 0)]


def test_rules_at_hand_list_the_round_the_chart_and_our_readings():
    """Rules kept at hand (g, one key further than the turn): paraphrased procedure, chart, and
    readings with sources from the ruleset."""
    quick, sections = reference_pages(GAME, rules(), seated(3))
    assert [s.title for s in quick] == ["The turn", "Keys"]
    titles = [s.title for s in sections]
    assert titles[:3] == ["The round", "Prestige and Crave chart", "Secret Agendas"]
    readings = {s.title: s.lines for s in sections}["How Clockwork reads the unclear rules"]
    assert any("leader" in line.lower() and "losing side" in line for line in readings)
