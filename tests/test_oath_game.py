"""Setup (seed: SETUP), Cleanup (seed: 4. CLEANUP), the humans' turns, the end of the game and
the Chronicle (seed: WRITING THE CHRONICLE AS THE WINNER), and the rules at hand (key F2)."""

from __future__ import annotations

import pytest

from test_oath_helpers import answer, arranged, choose, log_texts, new_runner, pending_label, play_card, rules
from tui.engine.prompts import AnswerError
from tui.engine.game import Context
from tui.engine.game import reference_pages
from tui.games.oath import GAME
from tui.games.oath.cleanup import cleanup
from tui.games.oath.state import OTHERS, OVER, PRINCE


def setup_through(runner, **answers):
    answer(runner, "Prince board values as the defaults?", "y")
    answer(runner, "Tactics star", answers.get("Tactics star", "1"))
    for label in ("Prince's seat", "Citizens at the start"):
        if label in pending_label(runner):
            answer(runner, label, answers.get(label, ""))
    for label in ("Prince boards", "Role rules", "Markers and pawn", "Powers:"):
        answer(runner, label)


def test_setup_puts_both_markers_on_the_oaths_threat_space():
    """seed: SETUP 3-6 — markers Unaligned, action markers on the Threat space showing the
    Oathkeeper goal, pawn on the top Cradle site; the Chancellor Prince goes first."""
    runner = new_runner({"oath": "protection"})
    state = runner.state
    assert state.start_node == state.current_node == "T_PRO"
    assert all(m.row == 0 for m in state.relationships) and len(state.relationships) == 6
    assert state.tactics == rules().tactics.start
    setup_through(runner)
    assert any("top Cradle site" in e.text or "Markers and pawn" in e.text for e in runner.session.log)
    assert runner.state.phase == PRINCE and runner.state.round == 1
    assert pending_label(runner) == "Cards drawn"  # first turn: no Assess Threat


def test_exile_prince_setup_asks_its_seat_and_waits_for_the_chancellor():
    """seed: SETUP 2 — an Exile Prince takes an Exile board; the human Chancellor goes first."""
    runner = new_runner({"role": "exile", "humans": "2"})
    answer(runner, "Prince board values as the defaults?", "y")
    answer(runner, "Tactics star", "1")
    answer(runner, "Prince's seat", "3")
    assert "spare Exile board" in runner.pending.text
    answer(runner, "Prince boards")
    assert "no Visions revealed, no Citizenship taken" in runner.pending.text
    for label in ("Role rules", "Markers and pawn", "Powers:"):
        answer(runner, label)
    assert runner.state.phase == OTHERS and runner.state.seat == 3
    assert "seats 1 and 2 start round 1" in runner.pending.text
    answer(runner, "Humans' turns", "1")
    assert runner.state.round == 1 and runner.state.phase == PRINCE


def humans_turns_titles(humans: int, seat: int) -> list[str]:
    """The history's turn titles of an Exile Prince game through the Prince's round-1 turn and the
    humans' turns after it (random valid answers on the Prince's turn)."""
    import random

    from drivers import answer_taken, waiting
    from tui.engine.prompts import valid_answers

    runner = new_runner({"role": "exile", "humans": str(humans)})
    answer(runner, "Prince board values as the defaults?", "y")
    answer(runner, "Tactics star", "1")
    answer(runner, "Prince's seat", str(seat))
    for label in ("Prince boards", "Role rules", "Markers and pawn", "Powers:"):
        answer(runner, label)
    answer(runner, "Humans' turns", "1")
    rnd = random.Random(3)
    for _ in range(300):
        if runner.state.phase == OTHERS:
            break
        answer_taken(runner, rnd.choice(valid_answers(waiting(runner))), rnd)
    assert runner.state.phase == OTHERS and runner.state.round == 1
    return [e.text for e in runner.session.log if e.kind == "turn"]


def test_the_humans_turns_after_the_princes_belong_to_the_round_by_seat_order():
    """Issue 24 playtest; seed: SETUP 2 (an Exile Prince takes a seat after the Chancellor's) with
    the core rules' turn order (a round starts with the Chancellor, seat 1): an Exile Prince in the
    last seat (3 of 3) is followed by seats 1 and 2 starting round 2; in seat 3 of 4, seat 4
    finishes round 1 before seats 1 and 2 start round 2."""
    titles = humans_turns_titles(humans=2, seat=3)
    assert titles[-3:] == ["Round 1 · humans' turns", "Round 1 · Prince's turn", "Round 2 · humans' turns"]
    assert humans_turns_titles(humans=3, seat=3)[-1] == "Rounds 1 and 2 · humans' turns"


def test_the_board_values_note_goes_once_its_question_is_answered():
    """Issue 24 playtest; notes §3, §6 (the retail Prince board values are not public: setup asks
    whether the table's board shows the defaults): the note explaining that question is on screen
    while it waits, and gone once it is answered."""
    from tui.games.oath.view import view

    runner = new_runner()
    note = rules().defaults.note
    assert note in view(runner.state, rules()).notices
    answer(runner, "Prince board values as the defaults?", "y")
    assert note not in view(runner.state, rules()).notices


def test_board_values_entered_at_setup_set_the_actions():
    """notes §3, §6 — retail box values unknown: editable defaults the table may correct."""
    runner = new_runner()
    answer(runner, "Prince board values as the defaults?", "n")
    answer(runner, "Box 1 actions", "3")
    for _ in range(6):
        runner.answer("")  # keep the other defaults (the top box's five actions are not asked)
    for _ in range(len(rules().tactics.spaces)):
        runner.answer("")
    assert runner.state.box_actions[0] == 3 and runner.state.board_values == "entered"


def test_setup_refuses_a_relationship_box_with_no_actions():
    """Issue 15 (seed: 3. TAKE ACTIONS, the number of actions shown by the box advanced into): a
    box gives at least one action, so 0 is refused at setup and never recorded."""
    runner = new_runner()
    answer(runner, "Prince board values as the defaults?", "n")
    for box in range(1, len(runner.state.box_actions)):
        with pytest.raises(AnswerError, match="out of range: 1 to 9"):
            runner.answer("0")
        answer(runner, f"Box {box} actions", "1")
        answer(runner, f"Box {box} trade", "0")
    assert all(n >= 1 for n in runner.state.box_actions)


def test_limited_powers_are_shown_at_setup_and_at_hand():
    """seed: POWERS AND PERMISSION — the humans choose Limited or Expanded; its rules are shown."""
    runner = new_runner({"powers": "expanded"})
    answer(runner, "Prince board values as the defaults?", "y")
    answer(runner, "Tactics star", "1")
    answer(runner, "Citizens at the start", "")
    answer(runner, "Prince boards")
    answer(runner, "Role rules")
    answer(runner, "Markers and pawn")
    assert runner.pending.label == "Powers: expanded" and "human seated right of its Threat" in runner.pending.help
    sections = {s.title: s.lines for s in GAME.reference(rules(), runner.state)}
    assert "Powers and permission: expanded (chosen at setup)" in sections


def test_rules_at_hand_hold_tiebreakers_campaign_dice_and_the_chronicle():
    """Issue 'always at hand': tiebreakers, powers and permission, the campaign dice rule
    (tactics adds/subtracts attack dice) and writing the Chronicle as the winner."""
    runner = arranged(friends=[("Arcane", 2)])
    titles = [s.title for s in GAME.reference(rules(), runner.state)]
    assert titles[:4] == ["Tiebreakers", "Powers and permission: limited (chosen at setup)", "Campaign dice",
                          "Writing the Chronicle as the winner"]
    quick, more = reference_pages(GAME, rules(), runner.state)
    sections = {s.title: s.lines for s in more}
    assert any("adds its Tactics value in attack dice" in line for line in sections["Campaign dice"])
    assert any("highest Friend now: Arcane" in line for line in sections["Writing the Chronicle as the winner"])
    assert any("Need a banner" in line for line in sections["How Clockwork reads the unclear rules"])


def drive(gen, answers: dict[str, object]):
    """Run a procedure, answering each prompt by its label; returns the labels asked."""
    asked = []
    try:
        prompt = next(gen)
        while True:
            asked.append(prompt.label)
            prompt = gen.send(answers.get(prompt.label))
    except StopIteration:
        return asked


def test_cleanup_offers_citizenship_to_each_exile_in_turn_order():
    """seed: 4. CLEANUP — Chancellor Prince without the Oathkeeper title, a Threat but no
    Successor: each Exile in turn order (not one meeting the Successor goal) may take the bottom
    relic and become a Citizen."""
    runner = arranged(node="TL_MUSTER_LOW", options={"humans": "3"}, threat="usurper", threat_quadrant="TL")
    state = runner.state
    ctx = Context(rules(), {}, lambda t: None)
    asked = drive(cleanup(state, ctx), {
        "Prince is Oathkeeper?": False,
        "Seat 2 meets Successor goal?": True,
        "Seat 3 meets Successor goal?": False, "Seat 3 becomes a Citizen?": True,
        "Seat 4 meets Successor goal?": False, "Seat 4 becomes a Citizen?": False,
    })
    assert asked == ["Cleanup", "Prince is Oathkeeper?", "Seat 2 meets Successor goal?",
                     "Seat 3 meets Successor goal?", "Seat 3 becomes a Citizen?",
                     "Seat 4 meets Successor goal?", "Seat 4 becomes a Citizen?"]
    assert state.citizens == [3] and state.start_node == state.current_node


def test_no_citizenship_offer_with_the_oathkeeper_title_no_threat_a_successor_or_as_exile():
    """seed: 4. CLEANUP (conditions) and RULES CONFLICTS (an Exile Prince offers nothing)."""
    ctx = Context(rules(), {}, lambda t: None)
    keeper = arranged(options={"humans": "2"}, threat="usurper", threat_quadrant="TL").state
    assert drive(cleanup(keeper, ctx), {"Prince is Oathkeeper?": True}) == ["Cleanup", "Prince is Oathkeeper?"]
    for threat in ("none", "successor"):
        state = arranged(options={"humans": "2"}, threat=threat).state
        assert drive(cleanup(state, ctx), {}) == ["Cleanup"]
    exile = arranged(options={"humans": "2", "role": "exile"}, threat="usurper").state
    assert drive(cleanup(exile, ctx), {}) == ["Cleanup"]


def test_cleanup_moves_the_starting_marker_to_the_current_one():
    """seed: 4. CLEANUP — move your starting action marker to the space with your current marker."""
    runner = arranged(node="TL_TRAVEL_FAVOR", options={"humans": "1"})
    for label in ("Exile Usurper?", "Exile completed a Vision?", "Exile Oathkeeper?", "People's Favor"):
        answer(runner, label, "n")
    play_card(runner, "h d o")
    answer(runner, "Empty cards at the Prince's site", "-")
    # Muster: no empty card, as the Trade was just told (issue 23): skipped without asking.
    answer(runner, "Battle Ready?", "n")
    assert pending_label(runner) == "Cleanup"  # back at Trade with nothing done since: stop
    answer(runner, "Cleanup")
    assert runner.state.start_node == "TL_TRADE_FAVOR" and runner.state.phase == OTHERS


def test_after_round_eight_the_game_ends_and_a_winning_prince_writes_the_chronicle():
    """LAW (War Exhaustion after round 8); seed: WRITING THE CHRONICLE AS THE WINNER — random goal
    reference; a Chancellor Prince builds at the leftmost site it rules; highest Friend."""
    runner = arranged(round=8, phase=OTHERS, friends=[("Order", 1)])
    assert [o.key for o in runner.pending.options] == ["x"]
    answer(runner, "Humans' turns", "x")
    choose(runner, "Winner", "the Prince")
    text = runner.pending.text
    assert "(at random)" in text and "leftmost site it rules" in text and "else its top Friend, Order" in text
    assert any(o.name in text for o in rules().oaths)
    answer(runner, "Write the Chronicle")
    assert runner.state.phase == OVER and runner.finished
    assert runner.view().finished == "The Clockwork Prince won."


def test_exile_prince_chronicle_offers_no_citizenship():
    """seed: WRITING THE CHRONICLE — an Exile Prince does not offer Citizenship."""
    runner = arranged(round=3, phase=OTHERS, options={"role": "exile"})
    answer(runner, "Humans' turns", "x")
    choose(runner, "Winner", "the Prince")
    assert "offers no Citizenship" in runner.pending.text


def test_a_human_win_ends_the_game_without_the_chronicle_procedure():
    """seed: WRITING THE CHRONICLE AS THE WINNER applies only when the Prince wins."""
    runner = arranged(round=3, phase=OTHERS)
    answer(runner, "Humans' turns", "x")
    choose(runner, "Winner", "a human")
    assert runner.finished and "a human player won" in log_texts(runner)[-1]


def test_humans_are_reminded_that_the_princes_tactics_cut_their_attack_dice():
    """seed: RULES CONFLICTS — as defender the Prince subtracts attack dice per its Tactics track."""
    runner = arranged(round=3, phase=OTHERS, tactics=2)
    value = runner.state.tactics_value
    assert value > 0
    assert f"roll {value} fewer attack dice" in runner.view().notices[0]


def test_only_an_exile_prince_is_told_about_the_exile_and_citizen_boards():
    """seed: SETUP 2 — only if the Prince is an Exile does it take an Exile board while the
    Chancellor takes a Citizen board under the Princely Reliquary."""
    runner = new_runner({"humans": "2"})
    answer(runner, "Prince board values as the defaults?", "y")
    answer(runner, "Tactics star", "1")
    answer(runner, "Citizens at the start", "")
    assert pending_label(runner) == "Prince boards"
    assert "Exile board" not in runner.pending.text and "Exile board" not in runner.pending.help
    exile = new_runner({"role": "exile", "humans": "1"})
    answer(exile, "Prince board values as the defaults?", "y")
    answer(exile, "Tactics star", "1")
    assert "spare Exile board" in exile.pending.text and "Citizen board" in exile.pending.help


def test_an_exile_prince_does_not_claim_to_know_which_humans_are_exiles():
    """seed: RULES CONFLICTS (Exile Prince) — its Threat is the Usurper whatever the other roles
    are, so Clockwork never asks who the human Chancellor made a Citizen and shows no such list."""
    runner = arranged(options={"role": "exile", "humans": "3"})
    rows = {r.label: r.value for g in runner.view().tracks if g.title == "Table" for r in g.rows}
    assert not {"Exile", "Exiles", "Citizen", "Citizens"} & set(rows) and rows["Chancellor"] == "seat 1"
    chancellor = arranged(options={"humans": "3"}, citizens=[3])
    rows = {r.label: r.value for g in chancellor.view().tracks if g.title == "Table" for r in g.rows}
    assert rows["Exiles"] == "seats 2, 4" and rows["Citizen"] == "seat 3"


def test_the_table_pane_names_seats_not_counts():
    """Playtest Oath-d: F4 read 'Exiles 2 seats' (a count, meant seat 2) and 'Citizens none seats'.
    Now 'Exile: seat 2' and 'Citizens: none' (seed: RULES CONFLICTS, the Prince as Chancellor: Exiles and Citizens)."""
    runner = arranged(options={"humans": "1"})
    rows = {r.label: (r.value, r.note) for g in runner.view().tracks if g.title == "Table" for r in g.rows}
    assert rows["Exile"] == ("seat 2", "") and rows["Citizens"] == ("none", "")
