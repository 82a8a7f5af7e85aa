"""The Mind sheet as data (notes §2.3, from APP) and the arrow rules of RT: 3. TAKE ACTIONS:
every space and arrow, their priority, and what validate() refuses."""

from __future__ import annotations

import msgspec
import pytest

from test_oath_helpers import rules
from tui.engine.game import Context
from tui.engine.prompts import Choice, YesNo
from tui.games.oath.mind import choose_arrow, follow
from tui.games.oath.setup import new_state
from tui.games.oath.rules import Arrow, validate


def fresh_rules():
    return msgspec.convert(msgspec.to_builtins(rules()), type=type(rules()))


def test_shipped_ruleset_is_valid_and_has_the_whole_graph():
    """notes §2.3: 4 Threat spaces, 1 decision ('Need a banner?'), 28 action spaces (TL 6, TR 8, BL 7, BR 7)."""
    r = rules()
    assert validate(r) == []
    kinds = [n.kind for n in r.nodes]
    assert kinds.count("threat") == 4 and kinds.count("decision") == 1 and kinds.count("action") == 28
    per_quadrant = {q: sum(1 for n in r.nodes if n.kind == "action" and n.quadrant == q) for q in ("TL", "TR", "BL", "BR")}
    assert per_quadrant == {"TL": 6, "TR": 8, "BL": 7, "BR": 7}


def walk_to(arrow: Arrow):
    """Drive choose_arrow at the arrow's space, answering 'no' to every condition before it and
    'yes' to its own (the option for a decision); returns (questions asked, state after follow)."""
    r = rules()
    state = new_state(r, {}, 1)
    state.current_node = arrow.source_id
    ctx = Context(r, {}, lambda text: None)
    gen = choose_arrow(state, ctx)
    wanted = r.condition(arrow.condition) if arrow.condition else None
    asked = []
    try:
        prompt = next(gen)
        while True:
            if isinstance(prompt, Choice):
                asked.append(prompt.label)
                assert wanted is not None, "a decision's arrows all have conditions"
                pick = next(o.key for o in prompt.options if o.label == wanted.question)
                prompt = gen.send(pick)
            else:
                assert isinstance(prompt, YesNo)
                asked.append(prompt.label)
                prompt = gen.send(wanted is not None and prompt.label == wanted.label)
    except StopIteration as stop:
        taken = stop.value
    follow(state, ctx, taken)
    return asked, state, taken


@pytest.mark.parametrize("index", range(65))
def test_every_arrow_is_followed_to_its_destination(index):
    """notes §2.3 (every arrow); RT: 3. TAKE ACTIONS — meeting an arrow's condition (and failing
    the ones before it) moves the current marker to that arrow's destination."""
    arrow = rules().arrows[index]
    asked, state, taken = walk_to(arrow)
    assert taken is arrow
    assert state.current_node == arrow.to
    assert state.last_arrow.startswith(arrow.colour)


def test_every_space_is_reached_by_some_arrow_or_is_a_threat_space():
    """RT: SETUP 4 / 1. ASSESS THREAT put the markers on Threat spaces; every other space is a destination."""
    r = rules()
    destinations = {a.to for a in r.arrows}
    for node in r.nodes:
        assert node.kind == "threat" or node.id in destinations, node.id


def test_priority_red_then_higher_priority_orange_then_orange_then_black():
    """RT: 3. — red if able, then orange (the Higher Priority one of two first), then black."""
    r = rules()
    order = [(a.colour, a.condition) for a in r.arrows_from("T_DEV")]
    assert order == [("red", "hold_ds"), ("orange", "ready_ds"), ("orange", "pay_ds"), ("black", "")]
    black = next(a for a in r.arrows if a.source_id == "T_DEV" and a.colour == "black")
    asked, state, _ = walk_to(black)
    assert asked == ["Hold Darkest Secret?", "Battle Ready? (Darkest Secret holder)", "Can pay? (Darkest Secret)"]
    assert state.current_node == "BL_TRADE_SECRETS"


def test_a_met_red_condition_wins_over_orange():
    """RT: 3. — the red arrow is followed if able, the orange ones are not even asked."""
    red = next(a for a in rules().arrows if a.source_id == "T_SUP" and a.colour == "red")
    asked, state, _ = walk_to(red)
    assert asked == ["Rule most sites?"] and state.current_node == "NEED_BANNER"


def test_need_a_banner_is_one_question():
    """Reading 'need-banner' (APP NeedBanner): its three red arrows are one choice."""
    for arrow in (a for a in rules().arrows if a.source_id == "NEED_BANNER"):
        asked, state, _ = walk_to(arrow)
        assert asked == ["Need a banner?"] and state.current_node == arrow.to


def broken(edit) -> list[tuple[str, str]]:
    r = fresh_rules()
    edit(r)
    return validate(r)


def test_validate_reports_a_missing_destination():
    """Issue (validate): every arrow's destination exists."""
    def edit(r):
        r.arrows[0].to = "NOWHERE"
    assert ("arrows[0].to", "no space called 'NOWHERE'") in broken(edit)


def test_validate_reports_an_unreachable_space():
    """Issue (validate): every space is reachable from a Threat space."""
    def edit(r):
        r.arrows = [a for a in r.arrows if a.to != "BL_RECOVER_DS"]
    assert any("'BL_RECOVER_DS' cannot be reached" in m for _, m in broken(edit))


def test_validate_reports_a_space_without_black_arrow_and_two_unmarked_oranges():
    """seed: 3. TAKE ACTIONS — a black arrow to fall back on; of two oranges one is Higher Priority."""
    def edit(r):
        r.arrows = [a for a in r.arrows if not (a.source_id == "TL_MUSTER_LOW" and a.colour == "black")]
        for a in r.arrows:
            a.higher_priority = False
    problems = [m for _, m in broken(edit)]
    assert any("'TL_MUSTER_LOW' needs exactly one black arrow" in m for m in problems)
    assert any("'T_DEV' has 2 orange arrows: mark exactly one Higher Priority" in m for m in problems)


def test_validate_reports_an_unknown_condition_and_a_coloured_arrow_without_one():
    """seed: 3. — to follow a red or orange arrow its condition must be met: each needs a known question."""
    def edit(r):
        r.arrows[0].condition = "guess"
        r.arrows[1].condition = ""
    problems = broken(edit)
    assert ("arrows[0].condition", "a red arrow needs a known condition, not 'guess'") in problems
    assert ("arrows[1].condition", "a orange arrow needs a known condition, not ''") in problems


def test_validate_keeps_five_actions_in_the_top_box():
    """seed: 3. TAKE ACTIONS — 'five if topmost'."""
    def edit(r):
        r.relationships.boxes[-1].actions = 4
    assert ("relationships.boxes[3].actions", "the topmost box gives five actions (RT: 3. TAKE ACTIONS)") in broken(edit)


def test_every_discrepancy_of_the_notes_has_a_reading():
    """notes §2.5 (discrepancies 1-5) and §6 (unknowns): each gets a stated reading in the ruleset."""
    ids = {r.id for r in rules().readings}
    for rid in ("grand-scepter", "br-campaign-red", "threat-space-count", "printing", "pf-recovery",
                "column", "card-choice", "box-values", "threat-track", "devotion-successor"):
        assert rid in ids

    def edit(r):
        r.readings = [x for x in r.readings if x.id != "grand-scepter"]
    assert ("readings", "no reading for 'grand-scepter'") in broken(edit)


def test_validate_wants_every_group_in_a_quadrants_card_choice():
    """seed: 2. — the Prince always plays one card; reading 'card-choice': a quadrant tries its own
    column, Unaligned and the other column, so any drawn denizen can be picked."""
    def edit(r):
        r.quadrants[0].card_choice = ["Friend"]
    wanted = ("quadrants[0].card_choice", "list each of Friend, Unaligned, Conspirator once, in the order tried")
    assert wanted in broken(edit)
