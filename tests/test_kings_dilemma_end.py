"""P5.E-F end checks and End the Game scoring (seed: Play P5, End the Game; notes §2.5 F, §3)."""

from __future__ import annotations

from test_kings_dilemma_helpers import Drive, Table, seated
from tui.games.kings_dilemma.outcome import outcome_turn
from tui.games.kings_dilemma.scoring import chart_columns, open_agenda_points, power_points, scoring_turn
from tui.games.kings_dilemma.state import (
    ABDICATION_BOTTOM, ABDICATION_TOP, AYE, DEATH, DILEMMA, GRAND_FINALE, OUTCOME, OVER, SCORING,
)

# Read the outcome; no Resource effects; no sticker; no envelope; no Power/Coins changes.
QUIET = ["", "0", "n", "n", "n"]


def at_outcome(n: int = 3):
    state = seated(n)
    state.phase, state.outcome, state.card = OUTCOME, AYE, "Famine"
    return state


def test_a_card_before_the_skull_section_starts_a_new_round():
    """seed: Play P5.E-F (else start a new round at P1)."""
    state = at_outcome()
    Drive(outcome_turn(state, Table().ctx), QUIET + ["1"])
    assert state.phase == DILEMMA and state.round == 2
    assert state.time_cards == ["Famine (AYE)"]


def test_a_skull_icon_kills_the_king():
    """seed: Play P5.E (card marked with a skull icon: THE KING IS DEAD)."""
    state = at_outcome()
    Drive(outcome_turn(state, Table().ctx), QUIET + ["3", ""])
    assert state.phase == SCORING and state.end_cause == DEATH


def test_the_fifth_card_in_the_skull_section_kills_the_king_without_a_skull():
    """notes §2.5 F (or is the 5th card there)."""
    state = at_outcome()
    for n in range(1, 5):
        Drive(outcome_turn(state, Table().ctx), QUIET + ["2"])
        assert state.phase == DILEMMA and state.skull_cards == n
        state.phase = OUTCOME
    d = Drive(outcome_turn(state, Table().ctx), QUIET + ["2", ""])
    assert state.end_cause == DEATH and state.skull_cards == 5
    # Once in the skull section, "before the skull section" is no longer offered.
    assert [o.key for o in d.prompts[5].options] == ["2", "3", "4"]


def test_abdication_at_either_end_even_after_the_card_is_placed():
    """seed: P5.B End of Round Check; notes §2.5 F (all effects of the last card still apply)."""
    for start, way, cause in [(2, "2", ABDICATION_BOTTOM), (16, "1", ABDICATION_TOP)]:
        state = at_outcome()
        state.stability = start
        res = state.resource("influence")
        res.up = way == "1"
        d = Drive(outcome_turn(state, Table().ctx), ["", "1", way, "1", "2", way, "1", "0", "n", "n", "n", "1", ""])
        assert state.end_cause == cause and state.phase == SCORING
        assert state.resource("wealth").row != 9  # the effect after Stability stopped still applied
        assert len(state.time_cards) == 1
        assert d.left == []


def test_open_agendas_plus_three_plus_one_minus_three_minus_one():
    """seed: End the Game 1.B (+3 first, +1 second white; −1 second lowest, −3 lowest black)."""
    state = seated(3)
    rows = {"influence": 14, "wealth": 12, "morale": 9, "welfare": 6, "knowledge": 3}
    for r in state.resources:
        r.row = rows[r.key]
    state.players[0].open_positive = ["influence", "wealth"]
    state.players[1].open_negative = ["knowledge", "welfare"]
    state.players[2].open_positive = ["morale"]
    state.players[2].open_negative = ["morale"]
    assert open_agenda_points(state, state_rules()) == [4, -4, 0]


def test_tied_resources_share_the_bonus():
    """seed: End the Game 1.B (ties get the same bonus each); KD-rb p.17 and reading
    bonus-ties: below two markers tied on top, the next row is still second highest."""
    state = seated(3)
    rows = {"influence": 12, "wealth": 12, "morale": 9, "welfare": 3, "knowledge": 3}
    for r in state.resources:
        r.row = rows[r.key]
    state.players[0].open_positive = ["influence"]
    state.players[1].open_positive = ["wealth", "morale"]  # morale: second highest row, +1
    state.players[2].open_negative = ["welfare", "knowledge"]
    assert open_agenda_points(state, state_rules()) == [3, 3 + 1, -6]


def test_power_bonus_most_and_second_with_shared_ties():
    """seed: End the Game 1.C (+2 the most, +1 second most, ties get the same); KD-rb p.17.
    Reading bonus-ties, one reading with the Open Agendas: two Houses tied for the most share +2
    and the next most Power is still "second most" (+1). Before issue 17 this test expected
    nobody to get +1 here, the Open Agendas being read the other way."""
    state = seated(4)
    for p, power in zip(state.players, [9, 5, 9, 1]):
        p.power = power
    assert power_points(state, state_rules()) == [2, 1, 2, 0]
    for p, power in zip(state.players, [9, 5, 5, 1]):
        p.power = power
    assert power_points(state, state_rules()) == [2, 1, 1, 0]


def test_chart_columns_by_player_count_and_bottom_ties():
    """notes §3 (2nd only with 4-5, 3rd only with 5; always a Last; tied at the bottom all Last)."""
    assert chart_columns([10, 8, 5]) == [0, 3, 4]
    assert chart_columns([10, 8, 7, 5]) == [0, 1, 3, 4]
    assert chart_columns([10, 8, 7, 6, 5]) == [0, 1, 2, 3, 4]
    assert chart_columns([10, 10, 5]) == [0, 0, 4]
    assert chart_columns([10, 5, 5, 5]) == [0, 4, 4, 4]
    assert chart_columns([7, 7, 7]) == [4, 4, 4]


def state_rules():
    from test_kings_dilemma_helpers import rules
    return rules()


def test_full_scoring_with_money_ranks_prestige_and_the_kings_name():
    """seed: End the Game 1-4; KD-rb p.16 (Moderate money ranks 5/3/1, Greedy 8/6/4); notes §3 chart."""
    state = seated(3, moderator=2)
    state.phase, state.end_cause = SCORING, DEATH
    for p, coins, power in zip(state.players, [15, 10, 4], [6, 3, 3]):
        p.coins, p.power = coins, power
    table = Table()
    answers = [
        "5", "4",          # Blodyn: Moderate, goal 4; richest → money I = 5
        "6", "2",          # Solad: Greedy, goal 2; money II = 6
        "1", "3", "2",     # Tork: Extremist (money points asked), goal 3, money III on its card: 2
        "",                # Prestige and Crave
        "Aldric II",       # the winner names the King
        "1",               # achievements: Blodyn
        "First Charter",
        "", "",            # alignment, store
    ]
    d = Drive(scoring_turn(state, table.ctx), answers)
    assert d.left == []
    totals = [s.total for s in state.scores]
    assert totals == [4 + 5 + 2, 2 + 6 + 1, 3 + 2 + 1]
    assert state.winners == ["Blodyn"] and state.king == "Aldric II"
    # King died: 1st P2; Solad second-to-last P1+C1 with 3 players; Tork Last C2.
    assert [(s.prestige, s.crave) for s in state.scores] == [(2, 0), (1, 1), (0, 2)]
    assert state.scores[0].achievements == ["First Charter"]
    assert all(s.alignment_marked for s in state.scores)
    assert state.phase == OVER


def test_a_shared_win_lets_the_moderator_pick_who_names_the_king():
    """KD-rb p.17 (a tie shares the win; the Moderator picks); reading king-name."""
    state = seated(3, moderator=2)
    state.phase, state.end_cause = SCORING, ABDICATION_TOP
    for p in state.players:
        p.coins, p.power = 10, 8
    answers = [
        "5", "4",        # Blodyn: Moderate, goal 4, money rank I (all tied) 5: 9 (+2 Power)
        "6", "1",        # Solad: Greedy, goal 1, money rank I 8: 9 (+2 Power)
        "3", "0", "0",   # Tork: Opulent, goal 0, money points on its card 0
        "", "2", "Maelis", "", "", "",
    ]
    d = Drive(scoring_turn(state, Table().ctx), answers)
    assert d.left == []
    assert state.winners == ["Blodyn", "Solad"]
    assert "names the next King" in d.prompts[9].text and d.prompts[9].text.startswith("Solad")
    # Abdication at the top: 1st P3 each; Tork Last C2.
    assert [(s.prestige, s.crave) for s in state.scores] == [(3, 0), (3, 0), (0, 2)]


def test_an_agenda_already_revealed_is_not_offered_again():
    """KD-rb p.5 (six different Secret Agenda cards, one per player): two players cannot both
    reveal the same Agenda."""
    state = seated(3, moderator=2)
    state.phase, state.end_cause = SCORING, DEATH
    for p, coins in zip(state.players, [15, 10, 5]):
        p.coins = coins
    d = Drive(scoring_turn(state, Table().ctx), ["5", "0", "6", "0", "4", "0", "0", "", "Aldric", "", "", ""])
    assert [o.label for o in d.prompts[2].options] == ["Extremist", "Rebel", "Opulent", "Opportunist", "Greedy"]
    assert "Greedy" not in [o.label for o in d.prompts[4].options]
    assert [s.agenda for s in state.scores] == ["moderate", "greedy", "opportunist"]


def test_a_full_alignment_row_is_not_marked():
    """seed: End the Game 4 (only if there is a space remaining); KD-rb p.18 (an unlocked
    alignment gets no mark)."""
    state = seated(3, moderator=2)
    state.recalled.alignment = {"Blodyn": {"moderate": 4}}
    for p, coins in zip(state.players, [15, 10, 5]):
        p.coins = coins
    state.phase, state.end_cause = SCORING, DEATH
    answers = ["5", "0", "6", "0", "4", "0", "0", "", "Aldric", "", "", ""]
    d = Drive(scoring_turn(state, Table().ctx), answers)
    assert [s.alignment_marked for s in state.scores] == [False, True, True]
    shown = [p for p in d.prompts if p.label == "Alignment marks"][0].text
    assert "Blodyn Moderate (unlocked: 4 marks*)" in shown and "if your House screen has more, mark one" in shown


def test_the_sixth_mystery_sticker_opens_envelope_70_after_the_dilemma():
    """seed: End the Campaign (the 6th Mystery sticker: finish the Dilemma card resolution, then
    open Envelope 70); KD-rb p.18 (immediately after the resolution). The same outcome also
    attaches a Chronicle sticker, which the Leader signs. Nothing mid-resolution mentions
    Envelope 70; it comes after the Time Counter, and no next round is drawn."""
    state = at_outcome()
    state.recalled.mystery_stickers = 5
    table = Table()
    d = Drive(outcome_turn(state, table.ctx), ["", "0", "b", "", "n", "n", "1", ""])
    assert state.mystery_stickers == 1
    assert "the Leader, Blodyn, signs it" in d.prompts[3].text
    labels = [p.label for p in d.prompts]
    assert labels.index("Open Envelope 70") == labels.index("Time Counter") + 1 == len(labels) - 1
    assert not any("Envelope 70" in p.text for p in d.prompts[:-1])
    assert state.phase == OVER and state.end_cause == GRAND_FINALE and state.round == 1
    assert state.time_cards == ["Famine (AYE)"]
    assert "Mystery sticker attached: 6 of 6 in the campaign" in table.text()


def test_the_grand_finale_comes_before_an_abdication_in_the_same_round():
    """KD-rb p.18 (immediately open Envelope 70) with p.15 (Stability at an end): the campaign
    ends at Envelope 70 rather than at the game's scoring (readings: grand-finale)."""
    state = at_outcome()
    state.recalled.mystery_stickers = 5
    state.stability = 2
    state.resource("influence").up = False
    Drive(outcome_turn(state, Table().ctx), ["", "1", "2", "1", "0", "m", "n", "n", "1", ""])
    assert state.stability_stopped
    assert state.phase == OVER and state.end_cause == GRAND_FINALE and state.scores == []


def test_a_mystery_sticker_is_not_a_chronicle_sticker():
    """KD-rb p.18 (a card may ask for a Mystery sticker, from a dossier door A-L) and p.13
    (Chronicle stickers are signed by the Leader): an outcome with only a Mystery sticker is
    counted without asking anyone to sign, and Envelope 70 waits for the 6th."""
    state = at_outcome()
    state.recalled.mystery_stickers = 2
    table = Table()
    d = Drive(outcome_turn(state, table.ctx), ["", "0", "m", "n", "n", "1"])
    assert state.mystery_stickers == 1 and state.phase == DILEMMA
    assert not any("signs" in p.text or "Envelope 70" in p.text for p in d.prompts)
    assert "Mystery sticker attached: 3 of 6 in the campaign" in table.text()


def test_event_and_trigger_cards_do_not_count_on_the_time_counter():
    """seed: Play P5.E (Special Event and Trigger cards go to the Event area)."""
    state = at_outcome()
    state.skull_cards = 4
    Drive(outcome_turn(state, Table().ctx), QUIET + ["4"])
    assert state.phase == DILEMMA and state.skull_cards == 4 and state.time_cards == []
