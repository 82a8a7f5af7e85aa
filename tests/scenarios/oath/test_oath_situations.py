"""Worked situations for the Clockwork Prince from the rules reviewer (issue 17,
/work/scenarios/oath.md), driven through the game's procedures with the table's answers. Each
docstring names the situation (S<n>) and its source: the seed oath-clockwork-prince.txt ("RT",
by section) and the data notes shared/rules/oath.md. Box values are the ruleset's defaults, the
same as the situations' givens (actions 2/3/4/5 from box 1 up). Clockwork keeps the Prince board
(relationships, tactics, threat, markers, Ambition box) and walks the Mind sheet; sites, banks,
warbands and relics stay on the table, so there the test checks what Clockwork asks and says."""

from __future__ import annotations

import pytest

from test_oath_helpers import answer, arranged, choose, log_texts, new_runner, pending_label, play_card, rules, skip_threat
from tui.engine.game import Context
from tui.engine.prompts import Instruction, Number, TextEntry, YesNo, valid_answers
from tui.engine.facts import FactBook
from tui.games.oath.cleanup import cleanup
from tui.games.oath.facts import HOLDS_PF
from tui.games.oath.search import place_in_row
from tui.games.oath.state import CONSPIRATOR, FRIEND, OTHERS


def walk(runner, *steps) -> None:
    """Answer the pending prompts in order: (label part, answer); an Instruction takes ''."""
    for label, raw in steps:
        answer(runner, label, raw)


def no_threat_questions(runner, pf: str = "n") -> None:
    """Chancellor Prince with Exiles: no Usurper, no Vision, no Oathkeeper; the Wake answer."""
    skip_threat(runner) if pf == "n" else walk(
        runner, ("Exile Usurper?", "n"), ("completed a Vision", "n"), ("Exile Oathkeeper?", "n"),
        ("People's Favor", pf), ("Wake: favor", ""))


def plainly(runner) -> None:
    """A plain answer to whatever waits: done, no, the smallest number, no cards."""
    prompt = runner.pending
    plain: dict[type, str] = {Instruction: "", YesNo: "n", Number: str(getattr(prompt, "lo", 0)), TextEntry: "-"}
    raw = plain.get(type(prompt))
    runner.answer(raw if raw is not None else valid_answers(prompt)[0])


def box(runner, suit: str) -> tuple[str, int]:
    m = runner.state.marker(suit)
    return m.column, m.row


def confirm_board(runner) -> None:
    if pending_label(runner) == "Prince board markers":
        answer(runner, "Prince board markers")


# ---- S1 - S4: the search -------------------------------------------------------------------------

def test_s1_first_turn_no_threat_a_vision_in_the_draw_and_the_row_seen():
    """S1 — RT: SETUP 4; 1. ASSESS THREAT (skipped on the first turn); 2. SEARCH AND PLAY ONE CARD.
    The Vision is one of the three and stays out of the row: Hearth is the 2nd card the table sees.
    With no Friend drawn, Clockwork follows reading card-choice (the first Unaligned card drawn,
    here Order) rather than asking, and reading column (the quadrant's column) for its marker;
    both are named under `g`; the reviewer expected a question (the text is silent)."""
    runner = new_runner({"oath": "supremacy"})
    walk(runner, ("Prince board values", "y"), ("Tactics star", "1"), ("Citizens at the start", ""), ("Prince boards", ""),
         ("Role rules", ""), ("Markers and pawn", ""), ("Powers", ""))
    state = runner.state
    assert state.round == 1 and state.current_node == state.start_node == "T_SUP"
    assert pending_label(runner) == "Cards drawn"  # no Threat questions, no Wake
    tactics = state.tactics
    answer(runner, "Cards drawn", "o+ v h")
    assert state.threat == rules().threat_track.start
    assert state.tactics == tactics + 1
    assert place_in_row(state, 2) == 3  # Hearth: 3rd as the cards lie, the Vision face down 2nd
    assert "the Order card (card 1 from the left)" in runner.pending.text
    play_card_rest(runner, "Cradle")
    assert box(runner, "Order") == (FRIEND, 1) and state.actions_allowed == 2
    assert {"card-choice", "column", "visions-drawn"} <= {r.id for r in rules().readings}


def play_card_rest(runner, region: str) -> None:
    for r in ("Cradle", "Provinces", "Hinterland"):
        if r == region:
            answer(runner, f"fits a {r} site", "y")
            answer(runner, "Play the")
            confirm_board(runner)
            return
        answer(runner, f"fits a {r} site", "n")


@pytest.mark.parametrize("follow_up", [False, True])
def test_s2_card_choice_quadrant_then_box_then_entry_then_leftmost(follow_up):
    """S2 — RT: 2. (the Hearth/Discord example), TIEBREAKERS (first drawn; first that entered);
    reading higher-relationship. Unplayed cards: the Prince discards the other drawn cards (the
    core rules' search: play one, discard the rest), so the reviewer's 'no destination' is a
    misreading; Clockwork says to discard them (reading visions-drawn)."""
    friends = [("Hearth", 2), ("Beast", 3), ("Discord", 2)] if follow_up else [("Hearth", 3), ("Beast", 3), ("Discord", 2)]
    runner = arranged(node="T_SUP", friends=friends, conspirators=[("Order", 3)])
    skip_threat(runner)
    answer(runner, "Cards drawn", "b v h")
    if follow_up:
        assert "the Beast card (card 1 from the left)" in runner.pending.text
        return
    assert "the Hearth card (card 3 from the left, counting the face-down Vision before it)" in runner.pending.text
    answer(runner, "fits a Cradle site", "y")
    text = runner.pending.text
    assert "topmost Cradle site" in text and "+1 favor from the Hearth bank" in text
    assert "Discard the other 2 drawn cards" in text
    answer(runner, "Play the")
    confirm_board(runner)
    assert box(runner, "Hearth") == (FRIEND, 4) and runner.state.actions_allowed == 5


def test_s3_the_topmost_site_of_the_first_region_that_can_take_it():
    """S3 — RT: 2. (topmost Cradle site, else Provinces, else Hinterland; +1 favor from the matching
    bank). The table says which region can take the card; Clockwork names the topmost site."""
    runner = arranged(node="T_PRO", conspirators=[("Order", 1)])
    skip_threat(runner)
    answer(runner, "Cards drawn", "v o v")
    assert "the Order card (card 2 from the left, counting the face-down Vision before it)" in runner.pending.text
    answer(runner, "fits a Cradle site", "n")
    answer(runner, "fits a Provinces site", "y")
    assert "topmost Provinces site it can join; +1 favor from the Order bank" in runner.pending.text
    assert "Ambition" not in runner.pending.text
    answer(runner, "Play the")
    confirm_board(runner)
    assert box(runner, "Order") == (CONSPIRATOR, 2) and runner.state.actions_allowed == 3


@pytest.mark.parametrize("case,node,bank_gave", [("a", "T_PEO", 2), ("b", "T_PEO", 1), ("c", "T_SUP", None)])
def test_s4_cant_play_the_quadrants_box_favor_into_ambition(case, node, bank_gave):
    """S4 — RT: 2. (cannot be played: discard, gain the Can't Play box, its favor from the
    discarded card's bank into the Ambition box, the shield advances tactics; the marker still
    advances); notes §2.1 (BR: 2 favor; TL: 2 warbands + 1 tactic). Reading cant-play-favor."""
    runner = arranged(node=node, friends=[("Hearth", 2)])
    skip_threat(runner)
    tactics = runner.state.tactics
    answer(runner, "Cards drawn", "h v v")
    for region in ("Cradle", "Provinces", "Hinterland"):
        answer(runner, f"fits a {region} site", "n")
    text = runner.pending.text
    assert "+1 favor" not in text and "discard it" in text
    if case == "c":
        assert "2 warbands" in text and "favor into Ambition" not in text
        answer(runner, "Can't play the Hearth card")
        assert runner.state.tactics == tactics + 1 and sum(runner.state.ambition.values()) == 0
    else:
        assert "2 Hearth favor into Ambition" in text and "warband" not in text
        answer(runner, "Can't play the Hearth card")
        answer(runner, "Ambition favor from Hearth", str(bank_gave))  # the bank may run short
        assert runner.state.ambition["Hearth"] == bank_gave and runner.state.tactics == tactics
    confirm_board(runner)
    assert box(runner, "Hearth") == (FRIEND, 3) and runner.state.actions_allowed == 4


# ---- S5 - S7: the Threat ----------------------------------------------------------------------

def test_s5_a_citizen_successor_outranks_an_exile_oathkeeper():
    """S5 — RT: 1. ASSESS THREAT (the first true question; a different Threat moves both markers;
    the Darkest Secret example); notes §2.2. Cleanup: a Successor → no Citizenship offer."""
    runner = arranged(round=4, node="BR_TRADE_FAVOR", threat="oathkeeper", threat_quadrant="BR",
                      options={"oath": "people", "humans": "2"}, citizens=[2])
    answer(runner, "Citizen meets Successor goal?", "y")
    assert pending_label(runner) == "Move the action markers"  # Q2-Q4 not asked
    assert runner.state.threat == "successor"
    answer(runner, "Move the action markers")
    assert runner.state.current_node == runner.state.start_node == "T_DEV"
    answer(runner, "People's Favor", "n")
    ctx = Context(rules(), {}, lambda t: None)
    gen = cleanup(runner.state, ctx)
    assert next(gen).label == "Cleanup"
    with pytest.raises(StopIteration):
        gen.send(None)  # no Citizenship questions


@pytest.mark.parametrize("case,node,usurper,moves", [
    ("a", "BL_MUSTER", "n", False), ("b", "BL_TRADE_FS", "y", False), ("c", "TL_MUSTER_LOW", "n", True)])
def test_s6_an_exile_prince_is_threatened_by_the_usurper_unless_it_is_the_usurper(case, node, usurper, moves):
    """S6 — RT: RULES CONFLICTS (an Exile Prince: Threat Usurper, or No Threat if it is the
    Usurper; no Visions, no Citizenship), 1. ASSESS THREAT (move rules); notes §2.2."""
    runner = arranged(node=node, threat="usurper", threat_quadrant="BL", options={"role": "exile", "oath": "devotion"})
    answer(runner, "Prince is the Usurper?", usurper)
    assert runner.state.threat == ("none" if usurper == "y" else "usurper")
    if moves:
        answer(runner, "Move the action markers")
        assert runner.state.current_node == "T_DEV"
    else:
        if usurper == "y":  # the threat marker goes to No Threat; the action markers stay
            assert "the action markers stay" in runner.pending.text
            answer(runner, "Threat marker")
        assert runner.state.current_node == node
    assert pending_label(runner) == "Prince holds the People's Favor?"
    assert not any("Vision" in r.label or "Citizen" in r.label for r in runner.session.answers)


@pytest.mark.parametrize("round_", [8, 7])
def test_s7_the_last_round_an_exile_oathkeeper_is_the_usurper_threat(round_):
    """S7 — RT: 1. ASSESS THREAT Q2 (an Exile Oathkeeper on round eight), Q4, the move rules: a
    different Threat moves the markers even inside its quadrant."""
    runner = arranged(round=round_, node="TL_TRADE_FAVOR", threat="oathkeeper", threat_quadrant="TL",
                      options={"oath": "supremacy"})
    assert "(round 8) an Exile the Oathkeeper" in runner.pending.text if round_ == 8 else True
    if round_ == 8:
        answer(runner, "Exile Usurper?", "y")
        assert runner.state.threat == "usurper"
        answer(runner, "Move the action markers")
        assert runner.state.current_node == "T_SUP"
    else:
        walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "n"), ("Exile Oathkeeper?", "y"))
        assert runner.state.threat == "oathkeeper" and runner.state.current_node == "TL_TRADE_FAVOR"
        assert pending_label(runner) == "Prince holds the People's Favor?"


# ---- S8 - S12: the Mind sheet -------------------------------------------------------------------

def test_s8_same_threat_markers_stay_decision_and_threat_spaces_cost_no_action():
    """S8 — RT: 1. (same Threat in its quadrant: no move), 3. TAKE ACTIONS; notes §2.3, §2.5 item 3;
    reading threat-space-count. Issue 15: the Wake answer (no People's Favor) is not asked again
    at The People's red arrow."""
    runner = arranged(node="TL_MUSTER_HIGH", threat="vision", threat_quadrant="TL", threat_vision="Conquest",
                      friends=[("Hearth", 1), ("Beast", 1)])
    walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "y"))
    choose(runner, "Completed Vision", "Conquest")
    answer(runner, "People's Favor", "n")
    assert runner.state.current_node == "TL_MUSTER_HIGH"
    play_card(runner, "h d o")
    assert runner.state.actions_allowed == 3
    walk(runner, ("Battle Ready?", "y"), ("Travel+Campaign", ""), ("Prince won the campaign?", "y"),
         ("Garrison", ""))
    assert runner.state.actions_taken == 1
    answer(runner, "Rule most sites?", "y")
    choose(runner, "Need a banner?", "Only the People's Favor")
    assert runner.state.current_node == "T_PEO" and runner.state.actions_taken == 1
    walk(runner, ("Battle Ready? (People's Favor holder)", "n"), ("Can pay? (People's Favor)", "n"))
    assert runner.state.current_node == "BR_TRADE_FAVOR"
    walk(runner, ("Empty cards at the Prince's site", "b"), ("Trade banks have favor?", "y"))
    assert "1 Beast" in runner.pending.text
    answer(runner, "Trade: favor")
    assert runner.state.actions_taken == 2
    walk(runner, ("Can pay? (People's Favor)", "n"), ("Trade for favor possible anywhere?", "y"),
         ("Already at the most-favor site?", "n"), ("Travel", ""))
    assert runner.state.actions_taken == 3 and pending_label(runner) == "Cleanup"
    answer(runner, "Cleanup")
    assert runner.state.start_node == "BR_TRAVEL_FAVOR"


def test_s9_red_before_orange_and_next_turn_the_markers_come_back():
    """S9 — RT: 3. (red if able, then orange, then black), Muster (never Ambition favor), Trade;
    1. (same Threat, marker outside its quadrant: back to the Threat space)."""
    runner = arranged(node="BL_MUSTER", options={"oath": "protection"}, friends=[("Hearth", 3)],
                      ambition={"Hearth": 2})
    walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "n"), ("Exile Oathkeeper?", "y"),
         ("Move the action markers", ""), ("People's Favor", "n"))
    assert runner.state.current_node == "T_PRO"
    play_card(runner, "d a o")
    assert runner.state.actions_allowed == 2
    answer(runner, "Hold most relics", "y")  # red wins; the orange is not asked
    assert runner.state.current_node == "TL_MUSTER_HIGH"
    walk(runner, ("Empty cards at the site", "2"), ("favor outside Ambition", "1"))
    assert "put 1 favor on each of 1 empty card" in runner.pending.text and "2 warbands" in runner.pending.text
    answer(runner, "Muster")
    assert runner.state.ambition["Hearth"] == 2
    walk(runner, ("Battle Ready?", "n"), ("Empty cards at the Prince's site", "h"), ("Trade banks have favor?", "y"))
    assert "2 Hearth" in runner.pending.text
    answer(runner, "Trade: favor")
    assert runner.state.actions_taken == 2
    # Issue 23: the Threat said an Exile holds the Oathkeeper title, so Cleanup does not ask.
    walk(runner, ("Cleanup", ""), ("Seat 2 meets Successor goal?", "n"), ("Seat 2 becomes a Citizen?", "n"))
    assert "The Prince does not hold the Oathkeeper title (an Exile holds it: this turn's Threat)" in log_texts(runner)
    assert runner.state.start_node == "TL_TRADE_FAVOR"
    walk(runner, ("Humans' turns", "1"), ("Exile Usurper?", "n"), ("completed a Vision", "n"),
         ("Exile Oathkeeper?", "y"))
    assert "T_PRO" == rules().quadrant("TR").threat_space
    answer(runner, "Move the action markers")
    assert runner.state.current_node == "T_PRO"


def test_s10_two_orange_arrows_the_higher_priority_one():
    """S10 — RT: 3. (two orange arrows: the Higher Priority one); reading higher-priority (the
    Battle Ready arrow). Issue 15: won, the Prince holds the Darkest Secret, so the red 'Hold
    Darkest Secret?' out of the campaign space is followed without asking."""
    runner = arranged(node="BL_MUSTER", threat="none", options={"role": "exile", "oath": "devotion"})
    walk(runner, ("Prince is the Usurper?", "n"), ("Move the action markers", ""), ("People's Favor", "n"))
    assert runner.state.current_node == "T_DEV"
    play_card(runner, "n d o")
    assert runner.state.actions_allowed == 2
    walk(runner, ("Hold Darkest Secret?", "n"), ("Battle Ready? (Darkest Secret holder)", "y"))
    assert runner.state.current_node == "BL_TC_DS"  # the 'Can pay?' arrow is not asked
    walk(runner, ("Travel+Campaign", ""), ("Prince won the campaign?", "y"))
    assert runner.state.current_node == "BL_SEARCH" and runner.state.actions_taken == 1
    assert "The Prince holds the Darkest Secret (it won it in a campaign this turn)" in log_texts(runner)


@pytest.mark.parametrize("ready", ["y", "n"])
def test_s11_skips_are_not_counted_and_a_loop_of_skips_ends_the_turn(ready):
    """S11 — RT: 3. (skipped actions are not counted; Muster never uses the Ambition box; Travel
    skipped when the site already meets it); reading skip-loop for (b)."""
    runner = arranged(node="T_SUP", friends=[("Hearth", 3), ("Discord", 1)], ambition={"Order": 3})
    skip_threat(runner)
    play_card(runner, "d o a")
    assert runner.state.actions_allowed == 3
    walk(runner, ("Rule most sites?", "n"), ("Battle Ready?", "n"),
         ("Empty cards at the site", "3"), ("favor outside Ambition", "0"))
    # Muster skipped; the same 'Battle Ready?' out of TL_MUSTER_LOW is not asked again, nothing
    # having been taken since (reading asked-once; the reviewer listed it twice).
    assert runner.state.current_node == "TL_TRAVEL_FAVOR" and runner.state.actions_taken == 0
    walk(runner, ("Trade for favor possible anywhere?", "y"), ("Already at the most-favor site?", "y"))
    assert runner.state.actions_taken == 0 and runner.state.skipped == 2
    walk(runner, ("Empty cards at the Prince's site", "o h b"), ("Trade banks have favor?", "y"))
    assert "2 Hearth" in runner.pending.text
    answer(runner, "Trade: favor")
    # Issue 23: a Trade puts nothing on the cards, so Muster's 3 empty cards are known.
    walk(runner, ("favor outside Ambition", "2"))
    assert "each of 2 empty cards" in runner.pending.text and "4 warbands" in runner.pending.text
    answer(runner, "Muster")
    assert runner.state.actions_taken == 2
    answer(runner, "Battle Ready?", ready)
    if ready == "y":
        walk(runner, ("Travel+Campaign", ""), ("Prince won the campaign?", "n"))
        assert runner.state.actions_taken == 3 and pending_label(runner) == "Cleanup"
        return
    walk(runner, ("Empty cards at the Prince's site", "b"))  # Hearth has favor now: skipped
    # The 1 empty card the Trade was told, and no favor left (told 2, 2 placed: issue 23 item 3,
    # OA-8): the Muster is skipped without a question.
    assert "Muster, upper skipped (not counted)" in log_texts(runner)
    # 'Battle Ready?' is not asked again: nothing was taken since (reading asked-once).
    assert pending_label(runner) == "Cleanup" and runner.state.actions_taken == 2
    assert any("every action since skipped: no more actions" in t for t in log_texts(runner))


def test_s12_a_search_action_never_raises_the_action_count():
    """S12 — RT: 3. Search ('does not increase the number of actions'), 2. (battle plans, the
    higher Conspirator, the marker to the top box)."""
    runner = arranged(node="TL_MUSTER_LOW", threat="usurper", threat_quadrant="BL",
                      options={"role": "exile", "oath": "devotion"},
                      conspirators=[("Arcane", 3), ("Discord", 1), ("Nomad", 1)])
    walk(runner, ("Prince is the Usurper?", "n"), ("Move the action markers", ""), ("People's Favor", "n"))
    assert runner.state.current_node == "T_DEV"
    play_card(runner, "n h o")
    assert box(runner, "Nomad") == (CONSPIRATOR, 2) and runner.state.actions_allowed == 3
    answer(runner, "Hold Darkest Secret?", "y")
    assert runner.state.current_node == "BL_SEARCH"
    tactics = runner.state.tactics
    answer(runner, "Cards drawn", "d+ a n")
    assert runner.state.tactics == tactics + 1
    assert "the Arcane card (card 2 from the left)" in runner.pending.text
    answer(runner, "fits a Cradle site", "y")
    answer(runner, "Play the")
    confirm_board(runner)
    assert box(runner, "Arcane") == (CONSPIRATOR, 4)
    assert runner.state.actions_allowed == 3 and runner.state.actions_taken == 1
    walk(runner, ("Empty cards at the site", "2"), ("favor outside Ambition", "5"))
    assert "4 warbands" in runner.pending.text
    walk(runner, ("Muster", ""), ("Battle Ready?", "n"))
    # No Friend anywhere, so no Trade could gain favor: the Prince gains 1 favor instead (reading
    # travel-fallback); the action counts, as the reviewer expects ('not skipped').
    assert pending_label(runner) == "Travel fallback: favor"
    answer(runner, "Travel fallback")
    assert runner.state.actions_taken == 3 and pending_label(runner) == "Cleanup"


# ---- S13 - S17: Cleanup, banners, relics ----------------------------------------------------------

def test_s13_the_citizenship_offer_in_turn_order_skipping_a_successor():
    """S13 — RT: 4. CLEANUP (each Exile in turn order, except one meeting the Successor goal, may
    take the bottom relic); reading citizenship."""
    runner = arranged(node="TL_MUSTER_HIGH", threat="oathkeeper", threat_quadrant="TL",
                      options={"oath": "supremacy", "humans": "3"})
    state = runner.state
    ctx = Context(rules(), {}, lambda t: None)
    gen = cleanup(state, ctx)
    prompt = next(gen)
    assert "favor on cards back to its banks; starting action marker to" in prompt.text
    asked = []
    answers = {"Prince is Oathkeeper?": False, "Seat 2 meets Successor goal?": False,
               "Seat 2 becomes a Citizen?": False, "Seat 3 meets Successor goal?": True,
               "Seat 4 meets Successor goal?": False, "Seat 4 becomes a Citizen?": True}
    try:
        prompt = gen.send(None)
        while True:
            asked.append(prompt.label)
            prompt = gen.send(answers[prompt.label])
    except StopIteration:
        pass
    assert asked == ["Prince is Oathkeeper?", "Seat 2 meets Successor goal?", "Seat 2 becomes a Citizen?",
                     "Seat 3 meets Successor goal?", "Seat 4 meets Successor goal?", "Seat 4 becomes a Citizen?"]
    assert state.citizens == [4] and state.start_node == "TL_MUSTER_HIGH"


def test_s14_recovering_the_peoples_favor_ambition_first_then_the_next_wake():
    """S14 — RT: 3. Recover (Ambition favor first; as much favor on the banner as possible), 1.
    Wake. Issue 15: having told the table the Prince recovered the People's Favor, Clockwork does
    not ask this turn whether it holds it; the next turn's Wake asks again (humans played)."""
    runner = arranged(node="BL_MUSTER", options={"oath": "protection", "humans": "2"}, citizens=[2],
                      ambition={"Hearth": 2}, friends=[("Beast", 1)])
    # Issue 23: a Citizen meeting the Protection Successor goal holds the People's Favor, so the
    # Wake does not ask whether the Prince holds it.
    walk(runner, ("Citizen meets Successor goal?", "y"), ("Move the action markers", ""))
    assert runner.state.current_node == "T_PEO"
    play_card(runner, "b d o")
    assert runner.state.actions_allowed == 3
    walk(runner, ("Battle Ready? (People's Favor holder)", "n"), ("Can pay? (People's Favor)", "y"))
    assert runner.state.current_node == "BR_RECOVER_PF" and "Ambition box (2) first" in runner.pending.text
    walk(runner, ("Recover: People's Favor", ""))  # all of the box goes on it: not asked (issue 23)
    assert sum(runner.state.ambition.values()) == 0 and runner.state.actions_taken == 1
    assert runner.state.current_node == "BR_SEARCH" and pending_label(runner) == "Cards drawn"
    play_card(runner, "h d o")
    assert runner.state.actions_taken == 2 and FactBook(runner.facts).holds(HOLDS_PF) is True
    while pending_label(runner) != "Cleanup":  # the third action: nothing asks about the banner
        assert "Hold People's Favor?" not in pending_label(runner)
        plainly(runner)
    walk(runner, ("Cleanup", ""), ("Humans' turns", "1"), ("Citizen meets Successor goal?", "n"),
         ("Exile Usurper?", "n"), ("completed a Vision", "n"), ("Exile Oathkeeper?", "n"), ("Threat marker", ""))
    assert pending_label(runner) == "Prince holds the People's Favor?"
    answer(runner, "People's Favor", "y")
    assert "places favor on the People's Favor if it can" in runner.pending.text


def test_s15_the_top_box_keeps_its_marker_and_order_inside_a_box():
    """S15 — RT: 2. (no advance past the top box; an advancing marker stands right of those there),
    3. (five if topmost), TIEBREAKERS (first that entered)."""
    top = rules().top_row
    a = arranged(node="T_PEO", friends=[("Hearth", top), ("Discord", 2), ("Beast", 2)])
    skip_threat(a)
    play_card(a, "h b v")
    assert box(a, "Hearth") == (FRIEND, top) and a.state.actions_allowed == 5
    b = arranged(node="T_PEO", friends=[("Hearth", top), ("Discord", 2), ("Beast", 2)])
    skip_threat(b)
    answer(b, "Cards drawn", "d b v")
    assert "the Discord card (card 1 from the left)" in b.pending.text
    answer(b, "fits a Cradle site", "y")
    answer(b, "Play the")
    confirm_board(b)
    assert box(b, "Discord") == (FRIEND, 3) and b.state.actions_allowed == 4
    c = arranged(node="T_PEO", friends=[("Hearth", top), ("Beast", 2), ("Discord", 3)])
    skip_threat(c)
    answer(c, "Cards drawn", "b d v")
    assert "the Discord card (card 2 from the left)" in c.pending.text
    assert all(n >= 1 for n in c.state.box_actions)  # never a box of 0 actions (issue 15)


@pytest.mark.parametrize("facedown", ["y", "n"])
def test_s16_travel_to_a_relic_facedown_site_then_favor_from_the_bank_nearest_the_deck(facedown):
    """S16 — RT: Travel (no relic on the map: a facedown site; none: 1 favor from the bank nearest
    the world deck that has favor, and travel to the most-secrets site; a facedown site without a
    relic: 1 favor). Banks stay on the table: Clockwork names the nearest bank (setup option) and
    says to take the next one with favor when it is empty (here Arcane, past an empty Discord)."""
    runner = arranged(node="T_PRO", threat="oathkeeper", threat_quadrant="TR",
                      options={"oath": "protection", "bank_end": "Discord"})
    walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "n"), ("Exile Oathkeeper?", "y"),
         ("People's Favor", "n"))
    play_card(runner, "d a o")
    walk(runner, ("Hold most relics", "n"), ("Battle Ready?", "n"))
    assert runner.state.current_node == "TR_TRAVEL_RELIC_R"
    walk(runner, ("Relic at the Prince's site?", "n"), ("Relic on the map?", "n"), ("Facedown site?", facedown))
    if facedown == "y":
        assert "facedown site (leftmost on a tie)" in runner.pending.text
        walk(runner, ("Travel to a facedown site", ""), ("Relic at the new site?", "n"))
        assert "the Discord bank (nearest the world deck; if empty, the next with favor)" in runner.pending.text
    else:
        text = runner.pending.text
        assert "+1 favor from the Discord bank (or the next one with favor)" in text and "most secrets" in text
    answer(runner, "Travel fallback")
    assert runner.state.actions_taken == 1
    if facedown == "n":  # no relic anywhere: it cannot pay for one (issue 23: not asked)
        assert "The Prince cannot pay for a relic at its site (no relic on the map and no facedown site)" \
            in log_texts(runner)
    else:  # the site it turned up has no relic either
        assert "The Prince cannot pay for a relic at its site (no relic at its site)" in log_texts(runner)
    assert runner.state.current_node == "TR_TRADE_FS_R"


@pytest.mark.parametrize("role", ["exile", "chancellor"])
def test_s17_recovering_a_relic_ambition_first_secrets_only_for_an_exile(role):
    """S17 — RT: Recover (Ambition favor first; an Exile burns secrets as favor once its favor is
    spent), Muster (never Ambition favor)."""
    threat = "usurper" if role == "exile" else "oathkeeper"
    runner = arranged(node="TR_TRAVEL_RELIC_L", threat=threat, threat_quadrant="TR",
                      options={"oath": "protection", "role": role}, ambition={"Order": 1},
                      friends=[("Hearth", 2)])
    if role == "exile":
        walk(runner, ("Prince is the Usurper?", "n"), ("People's Favor", "n"))
    else:
        walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "n"), ("Exile Oathkeeper?", "y"),
             ("People's Favor", "n"))
    assert runner.state.current_node == "TR_TRAVEL_RELIC_L"
    play_card(runner, "d a o")
    assert runner.state.actions_allowed == 2
    answer(runner, "Hold most relics", "n")
    if role == "exile":
        answer(runner, "Can pay? (relic)", "y")
        assert "Ambition box (1) first. Exile: then it burns secrets as favor." in runner.pending.text
        walk(runner, ("Recover: relic", ""), ("Ambition favor spent", "1"))
        assert sum(runner.state.ambition.values()) == 0
        walk(runner, ("Hold most relics", "n"), ("Battle Ready?", "n"))
        assert runner.state.current_node == "TR_TRADE_FS_L" and runner.state.actions_taken == 1
        return
    answer(runner, "Can pay? (relic)", "n")
    walk(runner, ("Empty cards at the site", "2"), ("favor outside Ambition", "0"))  # Muster skipped
    assert runner.state.actions_taken == 0 and runner.state.ambition["Order"] == 1
    walk(runner, ("Battle Ready?", "n"), ("Trade for favor possible anywhere?", "y"),
         ("Already at the most-favor site?", "n"), ("Travel", ""))
    assert runner.state.actions_taken == 1 and runner.state.current_node == "TR_TRADE_FS_L"
    assert pending_label(runner) == "Empty cards at the Prince's site"  # action 2, the Trade


# ---- S18 - S23 ----------------------------------------------------------------------------------

def test_s18_battle_ready_leaves_out_battle_plans_and_the_oathkeeper_die():
    """S18 — RT: Travel + Campaign (Battle Ready without the defender's battle plans or the
    Oathkeeper die; relics fewest defence dice first, leftmost on a tie; reading relic-target-tie).
    The table counts the dice; Clockwork says what to count and adds its tactics."""
    runner = arranged(node="T_PRO", threat="oathkeeper", threat_quadrant="TR", options={"oath": "protection"})
    walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "n"), ("Exile Oathkeeper?", "y"),
         ("People's Favor", "n"))
    play_card(runner, "d a o")
    answer(runner, "Hold most relics", "n")
    prompt = runner.pending
    assert prompt.label == "Battle Ready? (holder of most relics)"
    assert "ignore battle plans and the Oathkeeper die" in prompt.help
    answer(runner, "Battle Ready?", "y")
    assert runner.state.current_node == "TR_TC_RELICS"
    text, help_ = runner.pending.text, runner.pending.help
    assert "whoever holds the most relics; target relics, fewest defence dice first" in text
    assert "leftmost in the holder's row" in help_ and "most recently" not in help_


def test_s19_three_visions_then_an_adviser_only_denizen_is_a_cant_play():
    """S19 — RT: 2. (three Visions: draw until a denizen; a battle plan advances tactics; Can't
    Play: the shield advances tactics); notes §2.1 (BL: 1 warband, 1 secret, 1 tactic)."""
    runner = arranged(node="T_DEV", conspirators=[("Beast", 1)])
    skip_threat(runner)
    tactics = runner.state.tactics
    answer(runner, "Cards drawn", "v v v")
    answer(runner, "Next card drawn", "b+")
    assert pending_label(runner) == "Beast card fits a Cradle site?"  # no further card drawn
    assert "the Beast card (card 4 from the left, counting the face-down Visions before it)" in runner.pending.text
    for region in ("Cradle", "Provinces", "Hinterland"):
        answer(runner, f"fits a {region} site", "n")
    text = runner.pending.text
    assert "1 warband, 1 secret" in text and "favor" not in text
    answer(runner, "Can't play the Beast card")
    confirm_board(runner)
    assert runner.state.tactics == tactics + 2
    assert sum(runner.state.ambition.values()) == 0
    assert box(runner, "Beast") == (CONSPIRATOR, 2) and runner.state.actions_allowed == 3


@pytest.mark.parametrize("variant", [False, True])
def test_s20_trade_friends_give_favor_conspirators_secrets_only_empty_cards(variant):
    """S20 — RT: Trade (favor from empty Friend cards, secrets from empty Conspirator cards, the
    box's amount each; skip if nothing at all). A bank short of favor gives what it has: the
    table answers whether the banks have any, Clockwork says 'as far as each bank has'."""
    friends = [("Hearth", 3), ("Discord", 1)]
    runner = arranged(node="BR_TRADE_FS", friends=friends,
                      conspirators=[] if variant else [("Order", 2)])
    state = runner.state
    ctx = Context(rules(), {}, lambda t: None)
    from tui.games.oath.actions import take_action
    gen = take_action(state, ctx, rules().node("BR_TRADE_FS"), arrived_by="")
    prompt = next(gen)
    assert prompt.label == "Empty cards at the Prince's site"
    prompt = gen.send("h o a")  # Discord has favor on it: not empty, not typed
    assert prompt.label == "Trade banks have favor?" and "2 from the Hearth bank" in prompt.text
    if variant:
        with pytest.raises(StopIteration) as stop:
            gen.send(False)
        assert stop.value.value is False  # nothing to gain: skipped, not counted
        return
    prompt = gen.send(True)
    assert isinstance(prompt, Instruction)
    assert prompt.text == ("Trade: the Prince gains favor: 2 Hearth (as far as each bank has); 1 secret (Order 1). "
                           "Nothing goes on the cards.")


def test_s21_a_chancellor_prince_citizens_refresh_from_its_bank_of_warbands():
    """S21 — RT: RULES CONFLICTS (Citizens refresh their Supply by counting the warbands in the
    Prince's bank), 3. ('Don't track Supply'). Clockwork keeps no warbands: it tells the table
    the rule at setup and keeps it in the humans' turn help."""
    runner = new_runner({"role": "chancellor", "humans": "2"})
    walk(runner, ("Prince board values", "y"), ("Tactics star", "1"), ("Citizens at the start", "2"),
         ("Prince boards", ""))
    assert "refresh Supply from the Prince's bank of warbands" in runner.pending.text
    walk(runner, ("Role rules", ""), ("Markers and pawn", ""), ("Powers", ""))
    play_card(runner, "h d o")
    while pending_label(runner) != "Humans' turns":
        plainly(runner)
    # The humans' turns keep the rule at hand, with the Princely Reliquary's brackets.
    assert "by the number of warbands the Prince has in its own bank" in runner.pending.help
    assert "11-17 → 5" in runner.pending.help and "4-10 → 4" in runner.pending.help



@pytest.mark.parametrize("case", ["a", "b"])
def test_s22_threat_spaces_for_a_vision_and_the_devotion_successor(case):
    """S22 — RT: 1. (Q1, Q3); notes §2.2. (a) Rebellion → The People (BR), a new Threat: the markers
    move; a Threat and no Successor: the Citizenship offer comes at Cleanup. (b) The Devotion
    Successor (the Grand Scepter) has no known space: reading devotion-successor (Protection, TR),
    editable in the ruleset; the reviewer asked for an editable default or a question."""
    if case == "a":
        runner = arranged(node="TL_TRADE_FAVOR", threat="oathkeeper", threat_quadrant="TL",
                          options={"oath": "supremacy", "humans": "2"})
        walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "y"))
        choose(runner, "Completed Vision", "Rebellion")
        assert runner.state.threat == "vision" and runner.state.threat_vision == "Rebellion"
        answer(runner, "Move the action markers")
        assert runner.state.current_node == "T_PEO"
        return
    runner = arranged(node="TL_TRADE_FAVOR", threat="none", options={"oath": "devotion", "humans": "2"},
                      citizens=[2])
    answer(runner, "Citizen meets Successor goal?", "y")
    answer(runner, "Move the action markers")
    assert runner.state.threat == "successor" and runner.state.current_node == "T_PRO"
    assert "devotion-successor" in {r.id for r in rules().readings}


@pytest.mark.parametrize("role", ["chancellor", "exile"])
def test_s23_the_prince_wins_and_writes_the_chronicle(role):
    """S23 — RT: WRITING THE CHRONICLE AS THE WINNER (goal reference at random; a Chancellor builds
    at the leftmost site it rules, else repairs; the six cards by the edifice's suit, else the
    highest Friend; an Exile offers no Citizenship). The table sees its sites: Clockwork says the
    rule and names the highest Friend."""
    top = rules().top_row
    runner = arranged(node="T_SUP", friends=[("Hearth", top), ("Beast", 2)], options={"role": role},
                      round=rules().world_deck.last_round, phase=OTHERS)
    answer(runner, "Humans' turns", "x")
    answer(runner, "Winner", "p")
    text = runner.pending.text
    assert "(random)" in text or "(at random)" in text
    if role == "chancellor":
        assert "Edifice: leftmost site it rules" in text and "else its top Friend, Hearth" in text
    else:
        assert "It offers no Citizenship" in text and "Edifice" not in text


def test_s24_the_second_turn_compares_with_the_starred_start_no_threat():
    """S24 — RT: SETUP 4-5, 1. ASSESS THREAT (skipped on the first turn; 'new or different').
    Reading threat-track: the threat marker starts on No Threat, so the first Threat assessed is
    always new and the markers go to its Threat space (the reviewer's Reading 1); editable with
    the track in the ruleset once the printed start is known."""
    runner = arranged(round=2, node="TL_TRADE_FAVOR", options={"oath": "supremacy"})
    assert runner.state.threat == rules().threat_track.start == "none"
    walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "n"), ("Exile Oathkeeper?", "y"))
    assert runner.state.threat == "oathkeeper" and runner.state.threat_quadrant == "TL"
    assert "Put the threat marker on" in runner.pending.text
    answer(runner, "Move the action markers")
    assert runner.state.current_node == runner.state.start_node == "T_SUP"
    assert "threat-track" in {r.id for r in rules().readings}
