"""3. TAKE ACTIONS (seed: oath-clockwork-prince.txt): arrows, counting, skips, and each action."""

from __future__ import annotations

from test_oath_helpers import answer, arranged, choose, log_texts, pending_label, play_card, rules, skip_threat
from tui.engine.game import Context
from tui.games.oath.actions import take_action


def start_actions(node: str, cards: str = "h d o", **kw):
    """A Prince's turn at ``node`` whose played card leaves the marker in a box; stops at the
    first question of Take Actions."""
    runner = arranged(node=node, **kw)
    skip_threat(runner)
    play_card(runner, cards)
    assert runner.state.step == "actions"
    return runner


def test_skipped_actions_move_the_marker_but_are_not_counted():
    """seed: 3. — 'If you SKIP any actions, do not count them toward the number of actions'."""
    runner = start_actions("TL_TRAVEL_FAVOR")  # Hearth into box 1: 2 actions
    assert runner.state.actions_allowed == 2
    # black arrow → Trade for favor: no empty Friend card at the site → skipped
    answer(runner, "Empty cards at the Prince's site", "o a")
    assert runner.state.current_node == "TL_MUSTER_HIGH"
    assert (runner.state.actions_taken, runner.state.skipped) == (0, 1)
    # black → Muster (upper): the 2 empty cards the Trade was told (issue 23), 5 favor → taken
    assert "Empty cards at the Prince's site: 2 (said at this site)" in log_texts(runner)
    answer(runner, "favor outside Ambition", "5")
    assert "4 warbands" in runner.pending.text
    answer(runner, "Muster")
    assert runner.state.actions_taken == 1
    # orange Battle Ready? no → black → Trade for favor: the Muster put favor on both empty cards
    # (issue 23 item 3, OA-1), so no card there is empty: skipped without a question, and so is
    # the Muster after it; back at a space passed since, the turn's actions end (reading skip-loop).
    answer(runner, "Battle Ready?", "n")
    assert "Empty cards at the Prince's site: 0 (the Muster put favor on 2 of the 2 empty cards at its site)" \
        in log_texts(runner)
    assert (runner.state.actions_taken, runner.state.skipped) == (1, 3)
    assert pending_label(runner) == "Cleanup"


def test_arriving_at_a_threat_space_is_not_an_action():
    """Reading 'threat-space-count': 'Need a banner?' and Threat spaces take no action."""
    runner = start_actions("TL_TC_HIGH")
    answer(runner, "Rule most sites?", "y")
    choose(runner, "Need a banner?", "Only the People's Favor")
    assert runner.state.current_node == "T_PEO" and runner.state.actions_taken == 0
    assert runner.pending.label == "Battle Ready? (People's Favor holder)"


def test_what_the_table_said_about_the_peoples_favor_is_not_asked_again_that_turn():
    """Issue 15 (seed: 1. Wake, 3. Take Actions): once the table said at Wake that the Prince holds
    the People's Favor, the red arrow 'Hold People's Favor?' out of The People is followed without
    asking; nobody but the Prince acts in its turn, so nothing could have changed."""
    runner = arranged(node="T_PEO")
    for label in ("Exile Usurper?", "Exile completed a Vision?", "Exile Oathkeeper?"):
        answer(runner, label, "n")
    answer(runner, "Prince holds the People's Favor?", "y")
    answer(runner, "Wake: favor on the People's Favor")
    play_card(runner, "h d o")
    assert runner.state.current_node == "BR_SEARCH"
    assert "The Prince holds the People's Favor (said at the Wake)" in log_texts(runner)
    assert not any(r.label.startswith("Hold People's Favor?") for r in runner.session.answers)


def test_need_a_banner_offers_only_answers_that_fit_the_wake_answer():
    """Issue 15 (seed: 1. Wake; reading 'need-banner'): the table said at Wake that the Prince
    lacks the People's Favor, so 'only the Darkest Secret is missing' cannot be the answer."""
    runner = start_actions("TL_TC_HIGH")
    answer(runner, "Rule most sites?", "y")
    labels = [o.label for o in runner.pending.options]
    assert labels == ["Only the People's Favor is missing", "Both banners are missing, or neither"]


def test_search_action_does_not_add_actions():
    """seed: 3. Search — resolve Search and Play again; it does not increase the actions this turn."""
    runner = start_actions("T_DEV", cards="a o o", conspirators=[("Arcane", 1)])
    assert runner.state.actions_allowed == 3  # Arcane into box 2
    answer(runner, "Hold Darkest Secret?", "y")
    assert runner.state.current_node == "BL_SEARCH"
    play_card(runner, "a b b")
    assert runner.state.marker("Arcane").row == 3  # a box worth 4 actions…
    assert runner.state.actions_allowed == 3 and runner.state.actions_taken == 1  # …changes nothing


def test_campaign_is_skipped_when_not_battle_ready_and_not_asked_twice():
    """seed: 3. Travel + Campaign (skipped unless Battle Ready); reading 'ready-asked-once'."""
    runner = start_actions("T_SUP")
    answer(runner, "Rule most sites?", "n")
    answer(runner, "Battle Ready?", "y")
    assert runner.state.current_node == "TL_TC_LOW"
    assert pending_label(runner) == "Travel+Campaign: rival sites, lower"
    assert "+0 attack dice" in runner.pending.text
    answer(runner, "Travel+Campaign")
    answer(runner, "Prince won the campaign?", "y")
    assert "one Prince warband on each targeted site" in runner.pending.text
    assert "Rival: the enemy ruling the most sites" not in runner.pending.text
    answer(runner, "Garrison")
    assert runner.state.actions_taken == 1


def test_campaign_reached_by_a_black_arrow_asks_battle_ready():
    """seed: 3. Travel + Campaign — skip if not Battle Ready, even when the arrow did not ask."""
    runner = arranged(node="T_SUP")
    ctx = Context(rules(), {}, lambda t: None)
    gen = take_action(runner.state, ctx, rules().node("TL_TC_LOW"), arrived_by="")
    assert next(gen).label == "Battle Ready? (rival site, fewest)"
    try:
        gen.send(False)
        raise AssertionError("the campaign went ahead")
    except StopIteration as stop:
        assert stop.value is False


def test_travel_is_skipped_when_the_site_already_is_the_best():
    """seed: 3. Travel — skip this action if your site already meets its condition."""
    runner = start_actions("TL_TC_LOW")
    answer(runner, "Battle Ready?", "n")
    assert runner.state.current_node == "TL_TRAVEL_FAVOR"
    answer(runner, "Trade for favor possible anywhere?", "y")
    answer(runner, "Already at the most-favor site?", "y")
    assert runner.state.skipped == 1 and runner.state.actions_taken == 0


def test_travel_without_any_favor_to_trade_gains_favor_from_the_bank_nearest_the_deck():
    """seed: 3. Travel — no favor could be gained from Trade: 1 favor from the bank closest to the
    world deck that has favor (setup option bank_end)."""
    runner = start_actions("TL_TC_LOW", options={"bank_end": "Nomad"})
    answer(runner, "Battle Ready?", "n")
    answer(runner, "Trade for favor possible anywhere?", "n")
    assert "1 favor from the Nomad bank (nearest the world deck" in runner.pending.text
    answer(runner, "Travel fallback")
    assert runner.state.actions_taken == 1


def test_travel_to_a_relic_falls_back_to_a_facedown_site_then_favor():
    """seed: 3. Travel — no relics on the map: a facedown site; one without relics: gain 1 favor."""
    runner = start_actions("T_PRO", cards="h d o")
    answer(runner, "Hold most relics", "n")
    answer(runner, "Battle Ready?", "n")
    assert runner.state.current_node == "TR_TRAVEL_RELIC_R"
    answer(runner, "Relic at the Prince's site?", "n")
    answer(runner, "Relic on the map?", "n")
    answer(runner, "Facedown site?", "y")
    answer(runner, "Travel to a facedown site")
    answer(runner, "Relic at the new site?", "n")
    assert "gains 1 favor" in runner.pending.text
    answer(runner, "Travel fallback: favor")
    assert runner.state.actions_taken == 1


def test_trade_counts_friend_cards_at_their_box_amount_and_skips_when_nothing():
    """seed: 3. Trade — favor from each empty Friend card, the amount of its Relationships box."""
    runner = start_actions("BR_TRADE_FAVOR", cards="h b o", friends=[("Discord", 3)])
    # Hearth into box 1 (trade 1); Discord in box 3 (trade 2). Orange 'Can pay? (PF)' first.
    answer(runner, "Can pay?", "n")
    assert runner.state.current_node == "BR_TRAVEL_FAVOR"
    answer(runner, "Trade for favor possible anywhere?", "y")
    answer(runner, "Already at the most-favor site?", "n")
    answer(runner, "Travel: most favor")
    assert runner.state.current_node == "BR_TRADE_FS" and runner.state.actions_taken == 1
    # black → Trade favor+secrets: Discord ×2 and Hearth, Beast is nobody's Friend
    answer(runner, "Empty cards at the Prince's site", "d d h b")
    answer(runner, "Trade banks have favor?", "y")
    assert "favor: 4 Discord, 1 Hearth" in runner.pending.text


def test_muster_is_skipped_without_favor_to_place():
    """seed: 3. Muster — skip if you would gain no warbands (no empty card or no favor to place)."""
    runner = start_actions("BR_TRADE_FS")
    answer(runner, "Can pay?", "n")
    assert runner.state.current_node == "BR_MUSTER"
    answer(runner, "Empty cards at the site", "3")
    answer(runner, "favor outside Ambition", "0")
    assert runner.state.skipped == 1 and runner.state.actions_taken == 0


def test_recover_spends_the_ambition_box_first():
    """seed: 3. Recover — spend favor from your Ambition box first; a banner gets as much favor as
    possible, so all of the box goes on the People's Favor (issue 23: not asked)."""
    runner = start_actions("T_PEO", ambition={"Hearth": 2, "Discord": 1})
    answer(runner, "Battle Ready?", "n")  # 'Hold People's Favor?': the Wake answer, no
    answer(runner, "Can pay? (People's Favor)", "y")
    assert runner.state.current_node == "BR_RECOVER_PF"
    assert "Ambition box (3) first" in runner.pending.text
    answer(runner, "Recover: People's Favor")
    assert "All 3 favor leaves the Ambition box (the People's Favor takes all the Prince's favor)" in log_texts(runner)
    assert sum(runner.state.ambition.values()) == 0
    assert runner.state.actions_taken == 1


def test_exile_prince_burns_secrets_as_favor_for_a_relic():
    """seed: 3. Recover — an Exile recovering a relic burns secrets and counts them as favor."""
    runner = arranged(node="TR_TRAVEL_RELIC_R", options={"role": "exile"})
    answer(runner, "Prince is the Usurper?", "y")  # No Threat: markers stay
    answer(runner, "People's Favor", "n")
    play_card(runner, "h d o")
    answer(runner, "Can pay? (relic)", "y")
    assert "it burns secrets as favor" in runner.pending.text


def test_a_loop_of_skipped_actions_ends_the_actions():
    """Reading 'skip-loop' — back at a space passed since the last action taken: stop."""
    runner = start_actions("BR_MUSTER", friends=[("Hearth", 3)])  # Hearth into box 4: 5 actions
    answer(runner, "Battle Ready?", "n")
    answer(runner, "Trade for favor possible anywhere?", "y")
    answer(runner, "Already at the most-favor site?", "y")  # travel skipped
    # At the most-favor site a Friend's card is empty (issue 23 item 3, OA-4); its bank is not.
    answer(runner, "Empty cards at the Prince's site", "h")
    answer(runner, "Trade banks have favor?", "n")  # trade skipped
    answer(runner, "Can pay?", "n")
    # Muster: the one empty card the Trade was told (issue 23); no favor to put there: skipped.
    answer(runner, "favor outside Ambition", "0")
    # 'Battle Ready?' was answered no since the last action (reading 'asked-once'): not asked again;
    # back to Travel, passed with nothing taken since: stop.
    assert pending_label(runner) == "Cleanup"
    assert "Empty cards at the Prince's site: 1 (said at this site)" in log_texts(runner)
    assert "Battle Ready? (People's Favor holder) → no (said since its last action)" in log_texts(runner)
    assert runner.state.actions_taken == 0 and runner.state.skipped == 3
    assert any("every action since skipped" in t for t in log_texts(runner))


def test_arrows_pane_shows_the_space_its_arrows_in_colour_and_which_was_taken():
    """Issue: the arrows pane shows the current space, every outgoing arrow in its colour, and which was taken."""
    runner = start_actions("T_DEV")
    flow = runner.view().flow
    assert flow[0].label == "at Threat: Devotion (BL) · threat space, no action"
    assert [f.label.split(":")[0] for f in flow[1:]] == ["red", "orange (Higher Priority)", "orange", "black"]
    assert flow[1].state == "current"
    answer(runner, "Hold Darkest Secret?", "n")
    flow = runner.view().flow
    assert flow[1].state == "skipped" and flow[2].state == "current"
    answer(runner, "Battle Ready?", "y")
    flow = runner.view().flow
    assert flow[0].label.startswith("took orange (Higher Priority): Battle Ready? (Darkest Secret holder)")
    assert flow[1].label.startswith("at Travel+Campaign: Darkest Secret (BL)")


def test_while_an_action_is_taken_the_space_is_current_not_its_arrows():
    """Issue (arrows pane): during the action at a space, the space is what is being done."""
    runner = start_actions("T_DEV")
    answer(runner, "Hold Darkest Secret?", "y")
    assert runner.state.current_node == "BL_SEARCH" and pending_label(runner) == "Cards drawn"
    flow = runner.view().flow
    assert flow[1].label == "at Search (BL)" and flow[1].state == "current"
    assert [f.state for f in flow[2:]] == ["todo"]


def test_trade_for_secrets_counts_conspirator_cards_and_says_one_secret():
    """seed: 3. Trade — secrets the same way as favor, for Conspirators (the box's amount per card)."""
    runner = start_actions("BL_TRAVEL_SECRETS", conspirators=[("Order", 1)])  # Order into box 2
    assert runner.state.current_node == "BL_TRADE_FS"  # the black arrow, followed without a question
    answer(runner, "Empty cards at the Prince's site", "o h")
    assert runner.pending.text == "Trade: the Prince gains 1 secret (Order 1). Nothing goes on the cards."


def test_relics_with_equal_defence_go_leftmost_in_the_holders_row():
    """seed: TIEBREAKERS ('first taken, placed leftmost in row') against 3. Travel + Campaign
    ('most recently (leftmost)'): reading 'relic-target-tie' — the leftmost relic, everywhere."""
    runner = start_actions("T_PRO")
    answer(runner, "Hold most relics", "n")
    answer(runner, "Battle Ready?", "y")
    assert runner.state.current_node == "TR_TC_RELICS"
    assert "whoever holds the most relics" in runner.pending.text
    assert "leftmost in the holder's row" in runner.pending.help
    shown = runner.pending.help + rules().rules["tiebreakers"].text + rules().rules["campaign"].text
    assert "most recently" not in shown
    assert "relic-target-tie" in {r.id for r in rules().readings}


def test_a_trade_taken_can_be_taken_again_after_a_loop_of_skips():
    """seed: 3. Trade — the Prince places nothing on the cards, so the same Trade gains again;
    reading 'skip-loop' stops only a loop in which every action was skipped."""
    runner = start_actions("BL_MUSTER", cards="o d h", conspirators=[("Order", 1)])  # Order → box 2: 3 actions
    answer(runner, "Battle Ready?", "n")
    answer(runner, "Trade for secrets possible anywhere?", "y")
    answer(runner, "Already at the most-secrets site?", "y")  # travel skipped
    answer(runner, "Empty cards at the Prince's site", "o")
    answer(runner, "Trade: favor+secrets")  # taken: 1 secret
    answer(runner, "Can pay?", "n")
    # Muster: the Trade put nothing on the cards, so the one empty card is known (issue 23).
    answer(runner, "favor outside Ambition", "0")  # muster skipped
    # 'Battle Ready?' holds over a Trade, which changes no warbands or tactics (issue 23 item 3, OA-5).
    answer(runner, "Trade for secrets possible anywhere?", "y")
    answer(runner, "Already at the most-secrets site?", "y")  # travel skipped again
    # The Trade again at the same site, nothing placed since: its cards are known.
    assert runner.state.current_node == "BL_TRADE_FS" and pending_label(runner) == "Trade: favor+secrets"
    answer(runner, "Trade: favor+secrets")
    assert (runner.state.actions_taken, runner.state.skipped) == (2, 3)
