"""The rules reviewer's Oath situations O-1 … O-6 (issue 23 item 3, /work/review/oath.md), worked by
hand from the seed oath-clockwork-prince.txt ("RT", by section) and the data notes
shared/rules/oath.md ("N §"). The expected values are the reviewer's; the table keeps sites, banks
and warbands, so there the test checks what Clockwork asks, refuses and says. Box values are the
ruleset's defaults (2/3/4/5 actions, trade 1/1/2/2 per card)."""

from __future__ import annotations

from drivers import refused
from test_oath_helpers import answer, arranged, log_texts, pending_label, play_card, rules, skip_threat
from tui.games.oath.state import FRIEND, OTHERS


def walk(runner, *steps) -> None:
    for label, raw in steps:
        answer(runner, label, raw)


def test_o1_a_search_action_does_not_reset_the_action_count():
    """O-1 — RT: 2. SEARCH AND PLAY ONE CARD; 3. TAKE ACTIONS (Search: repeat phase 2, no actions
    added). Hearth enters Friends box 1 (2 actions); the Search action moves it to box 2 (a box of
    3 actions), yet the turn keeps 2 and the Search is action 1 of 2; the battle plan adds tactics."""
    runner = arranged(round=1, node="T_SUP", options={"oath": "supremacy", "humans": "1"})
    tactics = runner.state.tactics
    play_card(runner, "h+ d o")
    assert runner.state.marker("Hearth").column == FRIEND and runner.state.marker("Hearth").row == 1
    assert runner.state.actions_allowed == 2 and runner.state.tactics == tactics + 1
    walk(runner, ("Rule most sites?", "y"))
    answer(runner, "Need a banner?", next(o.key for o in runner.pending.options if "neither" in o.label))
    walk(runner, ("Hold People's Favor?", "y"))
    assert runner.state.current_node == "BR_SEARCH"
    play_card(runner, "o h d")
    assert runner.state.marker("Hearth").row == 2
    assert runner.state.actions_allowed == 2 and runner.state.actions_taken == 1
    assert "action 1/2: Search done" in log_texts(runner)
    assert runner.state.current_node == "TR_TRAVEL_FAVOR"  # the reviewer: Travel: most favor (TR)


def test_o2_round_eight_the_first_true_condition_and_a_different_threat_moves_the_markers():
    """O-2 — RT: 1. ASSESS THREAT (first true condition; question 2's round-eight clause; move on a
    different Threat even with the markers already in its quadrant); N §4 Ending (War Exhaustion
    after round 8: no ninth Prince turn)."""
    runner = arranged(round=8, node="TR_MUSTER", threat="vision", threat_quadrant="TR",
                      options={"oath": "protection", "humans": "2"}, threat_vision="Sanctuary")
    assert pending_label(runner) == "Exile Usurper?"  # no Citizens: question 1 is not asked
    assert "(round 8) an Exile the Oathkeeper" in runner.pending.text
    answer(runner, "Exile Usurper?", "y")
    assert runner.state.threat == "usurper"
    assert pending_label(runner) == "Move the action markers"
    answer(runner, "Move the action markers")
    assert runner.state.current_node == "T_PRO"


def test_o2_no_prince_turn_after_round_eight():
    """O-2 — N §4 Ending: after round 8 the game ends by War Exhaustion."""
    runner = arranged(round=8, options={"oath": "protection", "humans": "2"}, phase=OTHERS)
    assert pending_label(runner) == "Humans' turns"
    assert [o.key for o in runner.pending.options] == ["x"]


def test_o3_an_exile_prince_threat_is_the_usurper_and_the_markers_follow_it():
    """O-3 — RT: RULES CONFLICTS (an Exile Prince acts as if its Threat is the Usurper; if it is the
    Usurper, No Threat), 1. ASSESS THREAT (same Threat: stay only inside its quadrant)."""
    # Turn 3: same Threat, markers outside BL (in TL) → back to the Devotion Threat space.
    runner = arranged(round=3, node="TL_MUSTER_LOW", threat="usurper", threat_quadrant="BL",
                      options={"role": "exile", "oath": "devotion", "humans": "2"}, citizens=[2])
    assert pending_label(runner) == "Prince is the Usurper?"
    answer(runner, "Prince is the Usurper?", "n")
    answer(runner, "Move the action markers")
    assert runner.state.current_node == "T_DEV"
    # Turn 4: same Threat, markers inside BL → they stay.
    runner = arranged(round=4, node="BL_TRAVEL_SECRETS", threat="usurper", threat_quadrant="BL",
                      options={"role": "exile", "oath": "devotion", "humans": "2"}, citizens=[2])
    answer(runner, "Prince is the Usurper?", "n")
    assert runner.state.current_node == "BL_TRAVEL_SECRETS"
    # Turn 5: the Prince is the Usurper → No Threat, markers stay.
    runner = arranged(round=5, node="BL_TRADE_FS", threat="usurper", threat_quadrant="BL",
                      options={"role": "exile", "oath": "devotion", "humans": "2"}, citizens=[2])
    answer(runner, "Prince is the Usurper?", "y")
    assert runner.state.threat == "none" and runner.state.current_node == "BL_TRADE_FS"


def test_o3_a_citizens_successor_goal_is_not_asked_of_an_exile_prince():
    """O-3 — RT: 1. ASSESS THREAT (question 1 is the Chancellor's; as Exile, question 2 only)."""
    runner = arranged(round=2, node="BL_TRADE_FS", options={"role": "exile", "oath": "devotion", "humans": "2"},
                      citizens=[2])
    assert pending_label(runner) == "Prince is the Usurper?"
    answer(runner, "Prince is the Usurper?", "n")
    assert runner.state.threat == "usurper" and runner.state.threat_quadrant == "BL"


def o4_to_the_travel():
    """O-4 up to the Travel: Hearth in Friends box 2 is played into box 3 (4 actions); Muster at S1
    with two empty cards and 3 favor."""
    runner = arranged(node="T_SUP", friends=[("Hearth", 2)], options={"oath": "supremacy", "humans": "1"})
    skip_threat(runner)
    play_card(runner, "h d o")
    assert runner.state.actions_allowed == 4
    walk(runner, ("Rule most sites?", "n"), ("Battle Ready?", "n"))
    assert runner.state.current_node == "TL_MUSTER_LOW"
    walk(runner, ("Empty cards at the site", "2"), ("favor outside Ambition", "3"))
    assert "each of 2 empty cards" in runner.pending.text and "4 warbands" in runner.pending.text
    answer(runner, "Muster")
    walk(runner, ("Battle Ready?", "n"))
    assert runner.state.current_node == "TL_TRAVEL_FAVOR"
    answer(runner, "Trade for favor possible anywhere?", "y")
    return runner


def test_o4_after_a_muster_filled_its_site_the_prince_is_not_at_the_most_favor_site():
    """O-4 — RT: 3. TAKE ACTIONS (Muster puts favor on the empty cards; Travel ignores cards with
    favor on them, skip only if the site already meets the condition), 4. CLEANUP (favor comes back
    only then): S1 has no empty card left, so the Prince travels to S2."""
    runner = o4_to_the_travel()
    if pending_label(runner) == "Already at the most-favor site?":
        refused(runner, "y", "contradicts")
        answer(runner, "Already at the most-favor site?", "n")
    assert pending_label(runner) == "Travel: most favor"
    answer(runner, "Travel: most favor")
    assert runner.state.actions_taken == 2


def test_o4_the_trade_and_the_second_muster_at_the_new_site():
    """O-4 — RT: 3. Trade (favor for each empty Friend card, the box's amount: Hearth box 3 → 2;
    nothing placed on the cards), Muster (the Hearth card is still empty: 1 favor, 2 warbands)."""
    runner = o4_to_the_travel()
    if pending_label(runner) == "Already at the most-favor site?":
        answer(runner, "Already at the most-favor site?", "n")
    answer(runner, "Travel: most favor")
    walk(runner, ("Empty cards at the Prince's site", "h"), ("Trade banks have favor?", "y"))
    assert "favor: 2 Hearth" in runner.pending.text and "Nothing goes on the cards" in runner.pending.text
    answer(runner, "Trade: favor")
    assert runner.state.current_node == "TL_MUSTER_HIGH"
    assert pending_label(runner) != "Empty cards at the site"  # the Trade said: 1 empty card
    if pending_label(runner) == "Prince's favor outside Ambition":
        answer(runner, "Prince's favor outside Ambition", "3")
    assert "each of 1 empty card" in runner.pending.text and "2 warbands" in runner.pending.text
    answer(runner, "Muster")
    assert runner.state.actions_taken == 4


def test_o5_the_relic_target_tie_is_a_named_choice():
    """O-5 — RT: TIEBREAKERS (relic to target: first taken, leftmost) against 3. Travel + Campaign
    (equal dice: the most recently taken, 'leftmost'); RULES CONFLICTS (humans line up relics in the
    order taken). Clockwork does not pick silently: the campaign's help names the tie rule it uses,
    and the ruleset records the choice as a reading. Battle Ready ignores the Oathkeeper die and
    battle plans."""
    reading = next(r for r in rules().readings if r.id == "relic-target-tie")
    assert "first taken" in reading.reading and "leftmost" in reading.reading
    runner = arranged(round=3, node="T_PRO", threat="oathkeeper", threat_quadrant="TR",
                      options={"oath": "protection", "humans": "1"}, friends=[("Hearth", 1)])
    walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "n"), ("Exile Oathkeeper?", "y"),
         ("People's Favor", "n"))
    play_card(runner, "h d o")
    walk(runner, ("Hold most relics", "n"))
    assert pending_label(runner) == "Battle Ready? (holder of most relics)"
    assert "Oathkeeper" in runner.pending.help and "battle plans" in runner.pending.help
    answer(runner, "Battle Ready?", "y")
    assert runner.state.current_node == "TR_TC_RELICS"
    help_text = runner.pending.help
    assert "fewest defence dice first" in help_text and "leftmost" in help_text and "first taken" in help_text


def test_o6_cleanup_skips_the_exile_meeting_the_successor_goal_and_the_next_may_become_a_citizen():
    """O-6 — RT: 4. CLEANUP (a Threat but no Successor, the Prince not Oathkeeper: each Exile in turn
    order not meeting the Successor goal may take the bottom relic and become a Citizen); 1. ASSESS
    THREAT (question 1 for a Citizen next turn; Supremacy's Successor goal → TR, N §2.2)."""
    runner = arranged(round=3, node="TL_MUSTER_HIGH", threat="vision", threat_quadrant="TL",
                      threat_vision="Conquest", options={"oath": "supremacy", "humans": "2"},
                      actions_allowed=0)
    walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "y"))
    answer(runner, "Completed Vision", next(o.key for o in runner.pending.options if "Conquest" in o.label))
    for _ in range(40):
        if pending_label(runner) == "Cleanup":
            break
        label = pending_label(runner)
        answer(runner, label, {"Cards drawn": "v v o"}.get(label, "n" if runner.pending.__class__.__name__ == "YesNo"
                                                           else ""))
    answer(runner, "Cleanup")
    walk(runner, ("Prince is Oathkeeper?", "n"), ("Seat 2 meets Successor goal?", "y"))
    assert pending_label(runner) == "Seat 3 meets Successor goal?"
    walk(runner, ("Seat 3 meets Successor goal?", "n"), ("Seat 3 becomes a Citizen?", "y"))
    assert runner.state.citizens == [3]
    # Citizens refresh Supply from the Prince's own bank: 12 warbands there → 5 (N §3, RT RULES CONFLICTS).
    assert "11-17 → 5" in runner.pending.help
    walk(runner, ("Humans' turns", "1"))
    assert pending_label(runner) == "Citizen meets Successor goal?"
    answer(runner, "Citizen meets Successor goal?", "y")
    assert runner.state.threat == "successor" and runner.state.threat_quadrant == "TR"
    answer(runner, "Move the action markers")
    assert runner.state.current_node == "T_PRO"


def test_o6_the_exile_left_is_still_asked_about():
    """O-6 — RT: 1. ASSESS THREAT (questions 2-4 while an Exile is left: seat 2)."""
    runner = arranged(round=8, node="TL_MUSTER_HIGH", options={"oath": "supremacy", "humans": "2"}, citizens=[3])
    answer(runner, "Citizen meets Successor goal?", "n")
    assert pending_label(runner) == "Exile Usurper?" and "(round 8) an Exile the Oathkeeper" in runner.pending.text
