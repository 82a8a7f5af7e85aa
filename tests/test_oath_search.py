"""2. SEARCH AND PLAY ONE CARD (seed: oath-clockwork-prince.txt): the drawn cards, the card the
Prince picks, where it goes, Can't Play, battle plans and the relationship markers."""

from __future__ import annotations

import msgspec
import pytest

from test_oath_helpers import answer, arranged, log_texts, pending_label, play_card, skip_threat
from tui.engine.prompts import AnswerError, valid_answers
from tui.games.oath.state import CONSPIRATOR, FRIEND


def test_seed_example_hearth_higher_friend_plays_the_first_hearth_drawn():
    """seed: 2. SEARCH AND PLAY ONE CARD (example) — a Discord and two Hearth cards, Hearth the
    higher Friend: the Prince plays the Hearth card it drew first (the leftmost)."""
    runner = arranged(node="T_SUP", friends=[("Discord", 1), ("Hearth", 2)])
    skip_threat(runner)
    answer(runner, "Cards drawn", "d h h")
    assert "card 2 from the left" in runner.pending.text
    assert [c.outcome for c in runner.state.drawn] == ["", "to play", ""]
    assert [c.name for c in runner.view().cards] == ["Discord", "Hearth", "Hearth"]
    assert [c.marked for c in runner.view().cards] == [False, True, False]


def test_friends_in_one_box_tie_goes_to_the_first_that_entered():
    """seed: TIEBREAKERS — which Friend suit in the same row: the first that entered the space."""
    runner = arranged(node="T_SUP", friends=[("Hearth", 1), ("Discord", 1)])
    skip_threat(runner)
    answer(runner, "Cards drawn", "d h o")
    assert "the Hearth card (card 2" in runner.pending.text


def test_conspirator_quadrant_plays_a_conspirator():
    """seed: 2. — the quadrant describes the suit: Devotion (BL) plays a Conspirator (notes §2.1)."""
    runner = arranged(node="T_DEV", friends=[("Hearth", 3)], conspirators=[("Beast", 1)])
    skip_threat(runner)
    answer(runner, "Cards drawn", "h b h")
    assert "the Beast card (card 2" in runner.pending.text


def test_without_a_matching_card_the_first_unaligned_card_is_played():
    """Reading 'card-choice' — no Friend drawn: the first Unaligned card, before any Conspirator."""
    runner = arranged(node="T_SUP", conspirators=[("Order", 2)])
    skip_threat(runner)
    answer(runner, "Cards drawn", "o n a")
    assert "the Nomad card (card 2" in runner.pending.text


def test_regions_are_asked_cradle_then_provinces_then_hinterland():
    """seed: 2. — the topmost Cradle site it can, else Provinces, else Hinterland; +1 favor."""
    runner = arranged(node="T_SUP")
    skip_threat(runner)
    answer(runner, "Cards drawn", "h d o")
    answer(runner, "fits a Cradle site", "n")
    answer(runner, "fits a Provinces site", "y")
    assert "topmost Provinces site" in runner.pending.text and "1 favor from the Hearth bank" in runner.pending.text
    assert "Discard the other 2 drawn cards" in runner.pending.text


def test_three_visions_keep_the_draw_going_until_a_denizen():
    """seed: 2. — Visions do not stop the draw; after three Visions, draw until a denizen."""
    runner = arranged(node="T_SUP")
    skip_threat(runner)
    answer(runner, "Cards drawn", "v v v")
    answer(runner, "Next card drawn", "v")
    answer(runner, "Next card drawn", "h")
    assert pending_label(runner) == "Hearth card fits a Cradle site?"
    assert [c.name for c in runner.view().cards] == ["Vision"] * 4 + ["Hearth"]


def test_a_vision_among_three_does_not_stop_the_draw_and_is_not_played():
    """seed: 2. — 'Do not stop drawing if you draw a Vision'; Visions are not revealed or played,
    but the Vision drawn first lies face down in its place, so the Hearth is card 2 as the cards
    lie at the table (reading visions-drawn), and the question says the Vision is counted."""
    runner = arranged(node="T_SUP")
    skip_threat(runner)
    answer(runner, "Cards drawn", "v h d")
    assert "the Hearth card (card 2 from the left, counting the face-down Vision before it)" in runner.pending.text
    answer(runner, "fits a Cradle site", "y")
    assert "Play the Hearth card (card 2)" in runner.pending.text


def test_the_card_asked_about_is_where_f4_shows_it():
    """Playtest (issue 24): 'vob' drew Vision, Order, Beast; F4 shows the Vision first and the Order
    card second, so the question must call the Order card card 2, as it lies at the table
    (seed: 2., in draw order left to right; reading visions-drawn)."""
    runner = arranged(node="T_SUP", friends=[("Order", 3)])
    skip_threat(runner)
    answer(runner, "Cards drawn", "vob")
    names = [c.name for c in runner.view().cards]
    assert names == ["Vision", "Order", "Beast"]
    assert runner.view().cards[0].detail == "face down in its place"
    assert f"the Order card (card {names.index('Order') + 1} from the left" in runner.pending.text
    assert "card 2 from the left" in runner.pending.text


def test_a_draw_that_cannot_be_read_is_refused_in_place_and_never_recorded():
    """Issue 13 item 7: 'xyz' or two cards for three are refused with a one-line reason; nothing
    enters the history or the save, and the same question waits (seed: 2., draw three cards)."""
    runner = arranged(node="T_SUP")
    skip_threat(runner)
    answers = len(runner.session.answers)
    for typed, reason in (("xyz", "'x' is not a suit letter"), ("v h", "2 cards typed, 3 drawn"),
                          ("h v+ d", "a Vision carries no battle plan")):
        with pytest.raises(AnswerError, match=reason):
            runner.answer(typed)
        assert pending_label(runner) == "Cards drawn"
    assert len(runner.session.answers) == answers
    assert not any(typed in text for text in log_texts(runner) for typed in ("xyz", "v h ", "v+"))
    assert "xyz" not in msgspec.json.encode(runner.saved_session()).decode()


def test_no_search_turns_up_more_visions_than_the_deck_holds():
    """notes §4: the world deck holds 5 Visions; a sixth is refused in place."""
    runner = arranged(node="T_SUP")
    skip_threat(runner)
    answer(runner, "Cards drawn", "vvv")
    answer(runner, "Next card drawn", "v")
    answer(runner, "Next card drawn", "v")
    with pytest.raises(AnswerError, match="only 5 Visions"):
        runner.answer("v")
    answer(runner, "Next card drawn", "h")
    assert [c.vision for c in runner.state.drawn] == [True] * 5 + [False]


def test_empty_cards_that_cannot_be_read_are_refused_in_place():
    """Issue 13 item 7 (seed: 3. Trade, empty cards at the site): a Vision or a battle plan is no
    card on a site; refused, never recorded."""
    runner = arranged(node="T_SUP", friends=[("Hearth", 1)])
    skip_threat(runner)
    play_card(runner, "h d o")
    while pending_label(runner) != "Empty cards at the Prince's site":
        runner.answer(next(iter(valid_answers(runner.pending))))
    answers = len(runner.session.answers)
    for typed in ("v", "h+", "q"):
        with pytest.raises(AnswerError, match="Not read"):
            runner.answer(typed)
    assert len(runner.session.answers) == answers


def test_each_battle_plan_advances_tactics():
    """seed: 2. — for each battle plan revealed, advance Tactics by one."""
    runner = arranged(node="T_SUP")
    skip_threat(runner)
    start = runner.state.tactics
    answer(runner, "Cards drawn", "h+ d+ o")
    assert runner.state.tactics == start + 2


def test_cant_play_discards_and_gains_the_quadrant_box_into_ambition():
    """seed: 2. — cannot be played: discard, gain the Can't Play box (TR: 1 warband, 1 favor, 1
    tactic), favor from the discarded card's bank into the Ambition box; the marker advances."""
    runner = arranged(node="T_PRO")
    skip_threat(runner)
    tactics = runner.state.tactics
    play_card(runner, "h d o", region="")
    assert "discard it" in runner.pending.text and "1 warband" in runner.pending.text
    answer(runner, "Can't play the Hearth card")
    answer(runner, "Ambition favor from Hearth", "1")
    assert runner.state.ambition["Hearth"] == 1
    assert runner.state.tactics == tactics + 1
    hearth = runner.state.marker("Hearth")
    assert (hearth.row, hearth.column) == (1, CONSPIRATOR)  # reading 'column': the TR quadrant's column
    assert runner.state.drawn[0].outcome == "discarded"


def test_cant_play_in_the_people_quadrant_gives_two_favor_and_no_tactic():
    """notes §2.1 (APP): BR Can't Play = 2 favor; no shield, so Tactics stays."""
    runner = arranged(node="T_PEO")
    skip_threat(runner)
    tactics = runner.state.tactics
    play_card(runner, "n d o", region="")
    answer(runner, "Can't play the Nomad card")
    answer(runner, "Ambition favor from Nomad", "1")  # the bank ran short
    assert runner.state.ambition["Nomad"] == 1 and runner.state.tactics == tactics


def test_advancing_marker_goes_right_of_markers_already_there():
    """seed: 2. — placed to the right of markers already in the new space."""
    runner = arranged(node="T_SUP", friends=[("Hearth", 1)])
    skip_threat(runner)
    play_card(runner, "o d o")
    hearth, order = runner.state.marker("Hearth"), runner.state.marker("Order")
    assert (order.row, order.column) == (1, FRIEND) and order.entered > hearth.entered
    assert any("right of Hearth" in t for t in log_texts(runner))


def test_marker_in_the_top_box_stays_and_gives_five_actions():
    """seed: 2. ('unless the marker is in the top Relationships space') and 3. ('five if topmost')."""
    runner = arranged(node="T_SUP", friends=[("Hearth", 4)])
    skip_threat(runner)
    play_card(runner, "h d o")
    assert runner.state.marker("Hearth").row == 4
    assert runner.state.actions_allowed == 5


def test_actions_follow_the_box_advanced_into():
    """seed: 3. — as many actions as the Relationships box advanced into (PnP values 2/3/4/5)."""
    runner = arranged(node="T_SUP", friends=[("Hearth", 2)])
    skip_threat(runner)
    play_card(runner, "h d o")
    assert runner.state.marker("Hearth").row == 3 and runner.state.actions_allowed == 4


def test_column_rule_ask_lets_the_table_say_where_a_marker_goes():
    """Reading 'column' — with the setup option 'ask', the table names the column on leaving Unaligned."""
    runner = arranged(node="T_SUP", options={"column_rule": "ask"})
    skip_threat(runner)
    play_card(runner, "h d o")
    answer(runner, "Hearth marker column", "c")
    hearth = runner.state.marker("Hearth")
    assert (hearth.row, hearth.column) == (1, CONSPIRATOR)


def test_the_prince_board_markers_are_moved_on_the_table_after_the_card():
    """seed: 2. SEARCH AND PLAY ONE CARD — +1 tactics per battle plan; the played card's marker
    advances one space, right of the markers already there. The board is on the table, so the
    player is told where both markers go."""
    runner = arranged(node="T_SUP", friends=[("Discord", 1)])
    skip_threat(runner)
    start = runner.state.tactics
    answer(runner, "Cards drawn", "h+ o+ n")  # no Friend drawn: the first Unaligned card, Hearth
    answer(runner, "fits a Cradle site", "y")
    answer(runner, "Play the Hearth card")
    assert pending_label(runner) == "Prince board markers"
    text = runner.pending.text
    assert "Hearth marker up to Friends box 1, right of Discord" in text
    assert f"tactics marker to space {start + 3}" in text


def test_a_marker_already_on_top_is_said_to_stay_and_tactics_unmoved_is_not_mentioned():
    """seed: 2. — 'unless the marker is in the top Relationships space'; no battle plan, no shield."""
    runner = arranged(node="T_SUP", friends=[("Hearth", 4)])
    skip_threat(runner)
    answer(runner, "Cards drawn", "h d o")
    answer(runner, "fits a Cradle site", "y")
    answer(runner, "Play the Hearth card")
    assert runner.pending.text == "Prince board: the Hearth marker stays in the top box."


def test_the_action_count_is_not_shown_before_the_search_fixes_it():
    """seed: 3. TAKE ACTIONS — the count comes from the box advanced into this turn, so before
    the card is placed the tracks pane shows no number."""
    runner = arranged(node="T_SUP", friends=[("Hearth", 2)], actions_allowed=5, actions_taken=5)
    skip_threat(runner)

    def actions_row():
        rows = next(g for g in runner.view().tracks if g.title == "Prince").rows
        return next(r for r in rows if r.label == "Actions").value

    assert actions_row().startswith("—")
    play_card(runner, "h d o")
    assert actions_row() == "0/4"
