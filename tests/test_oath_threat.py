"""1. ASSESS THREAT (seed: oath-clockwork-prince.txt) for both roles, the marker-move rules and
Wake; RULES CONFLICTS (the Exile Prince's Threat)."""

from __future__ import annotations

import pytest

from test_oath_helpers import answer, arranged, choose, log_texts, pending_label


def chancellor(**kw):
    return arranged(options={"humans": "2"}, **kw)


@pytest.mark.parametrize(
    "answers, threat, quadrant",
    [
        (["y"], "successor", "TR"),  # Supremacy's Successor goal: relics and banners (notes §2.2)
        (["n", "y"], "usurper", "TL"),
        (["n", "n", "y", "Faith"], "vision", "BL"),
        (["n", "n", "n", "y"], "oathkeeper", "TL"),
        (["n", "n", "n", "n"], "none", ""),
    ],
)
def test_chancellor_threat_is_the_first_true_condition(answers, threat, quadrant):
    """seed: 1. ASSESS THREAT — the first true condition of the four, in order, else No Threat."""
    runner = chancellor(node="TL_MUSTER_LOW", citizens=[3])
    labels = ["Citizen meets Successor goal?", "Exile Usurper?", "Exile completed a Vision?", "Completed Vision",
              "Exile Oathkeeper?"]
    for raw in answers:
        if raw == "Faith":
            choose(runner, "Completed Vision", "Faith")
        else:
            label = next(part for part in labels if part in pending_label(runner))
            answer(runner, label, raw)
    assert (runner.state.threat, runner.state.threat_quadrant) == (threat, quadrant)


def test_without_citizens_the_successor_question_is_not_asked_and_round_eight_adds_the_oathkeeper():
    """seed: 1. ASSESS THREAT, condition 2 — 'or is an Exile the Oathkeeper on round eight'."""
    runner = chancellor(node="TL_MUSTER_LOW", round=8)
    assert pending_label(runner) == "Exile Usurper?"
    assert "or (round 8) an Exile the Oathkeeper" in runner.pending.text
    runner = chancellor(node="TL_MUSTER_LOW", round=7)
    assert "round 8" not in runner.pending.text


@pytest.mark.parametrize("usurper, threat", [("n", "usurper"), ("y", "none")])
def test_exile_prince_acts_as_if_the_threat_were_the_usurper(usurper, threat):
    """seed: RULES CONFLICTS (Exile) and 1. condition 2 — Usurper whatever Threats exist; if the
    Prince is the Usurper, No Threat. Its Usurper space is the Oath's (notes §2.2)."""
    runner = arranged(node="BR_MUSTER", options={"role": "exile", "oath": "devotion"})
    answer(runner, "Prince is the Usurper?", usurper)
    assert runner.state.threat == threat
    if threat == "usurper":
        assert runner.state.threat_quadrant == "BL"
        answer(runner, "Move the action markers")
        assert runner.state.current_node == runner.state.start_node == "T_DEV"
    else:
        assert pending_label(runner) == "Prince holds the People's Favor?"
        assert runner.state.current_node == "BR_MUSTER"


def test_first_turn_skips_assess_threat():
    """seed: TURN STRUCTURE, 1. — skip this phase on your first turn."""
    runner = arranged(round=1)
    assert pending_label(runner) == "Cards drawn"
    assert "Assess Threat: skipped on the Prince's first turn" in log_texts(runner)


def test_new_threat_moves_both_markers_to_its_space():
    """seed: 1. — a new or different Threat: both action markers go to its Threat space."""
    runner = chancellor(node="BR_MUSTER", threat="oathkeeper", threat_quadrant="TL")
    answer(runner, "Exile Usurper?", "y")
    answer(runner, "Move the action markers")
    assert runner.state.start_node == runner.state.current_node == "T_SUP"
    assert runner.state.threat_before == "oathkeeper"


def test_same_threat_with_the_marker_in_its_quadrant_stays():
    """seed: 1. — same Threat as last turn and the marker in its quadrant: do not move."""
    runner = chancellor(node="TL_MUSTER_LOW", threat="usurper", threat_quadrant="TL")
    answer(runner, "Exile Usurper?", "y")
    assert pending_label(runner) == "Prince holds the People's Favor?"
    assert runner.state.current_node == "TL_MUSTER_LOW"


def test_same_threat_with_the_marker_outside_its_quadrant_moves():
    """seed: 1. — same Threat but the action marker is not in the Threat's quadrant: move."""
    runner = chancellor(node="BR_MUSTER", threat="usurper", threat_quadrant="TL")
    answer(runner, "Exile Usurper?", "y")
    assert pending_label(runner) == "Move the action markers"
    answer(runner, "Move the action markers")
    assert runner.state.current_node == "T_SUP"
    assert any("same Threat, marker outside its quadrant" in t for t in log_texts(runner))


def test_no_threat_leaves_the_markers():
    """seed: 1. — no Threat: do not move the action markers."""
    runner = chancellor(node="BR_MUSTER", threat="usurper", threat_quadrant="TL")
    for label in ("Exile Usurper?", "Exile completed a Vision?", "Exile Oathkeeper?"):
        answer(runner, label, "n")
    assert runner.state.threat == "none" and runner.state.current_node == "BR_MUSTER"
    assert runner.pending.text == "Put the threat marker on No Threat; the action markers stay."


def test_citizen_successor_holding_the_darkest_secret_sends_markers_to_its_space():
    """seed: 1. example — a Citizen meeting the Successor goal by holding the Darkest Secret: the
    markers go to the Darkest Secret Threat space (Oath of the People)."""
    runner = arranged(node="TL_MUSTER_LOW", options={"oath": "people", "humans": "2"}, citizens=[2])
    answer(runner, "Citizen meets Successor goal?", "y")
    answer(runner, "Move the action markers")
    assert runner.state.current_node == "T_DEV"


def test_wake_places_favor_on_the_peoples_favor():
    """seed: 1. Wake — if you have the People's Favor, place favor on it if able."""
    runner = chancellor(node="TL_MUSTER_LOW")
    for label in ("Exile Usurper?", "Exile completed a Vision?", "Exile Oathkeeper?"):
        answer(runner, label, "n")
    answer(runner, "Prince holds the People's Favor?", "y")
    assert "places favor on the People's Favor" in runner.pending.text
