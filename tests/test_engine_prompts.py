"""The step protocol's answer reading (DESIGN.md, "The step protocol")."""

import pytest

from tui.engine.prompts import (
    AnswerError,
    CardEntry,
    Choice,
    Instruction,
    Number,
    Option,
    YesNo,
    answer_value,
    parse_answer,
    step_label,
    valid_answers,
)

CHOICE = Choice("Which row?", [Option("1", "Row I"), Option("2", "Row II"), Option("s", "Skip")])


def test_instruction_is_acknowledged_with_enter_only():
    assert parse_answer(Instruction("Place 2 warbands"), "") == "ok"
    with pytest.raises(AnswerError, match="Enter"):
        parse_answer(Instruction("Place 2 warbands"), "y")


def test_yes_no_accepts_words_and_letters_and_rejects_the_rest():
    q = YesNo("Does the Prince rule the most sites?")
    assert [parse_answer(q, a) for a in ("y", "YES", "n", " no ")] == ["y", "y", "n", "n"]
    with pytest.raises(AnswerError, match="y .yes. or n"):
        parse_answer(q, "maybe")
    assert answer_value(q, "y") is True and answer_value(q, "n") is False


def test_choice_by_key_or_label_and_a_hint_listing_keys():
    assert parse_answer(CHOICE, "2") == "2"
    assert parse_answer(CHOICE, "S") == "s"
    assert parse_answer(CHOICE, "row i") == "1"
    with pytest.raises(AnswerError, match="1, 2, s"):
        parse_answer(CHOICE, "9")


def test_number_in_range_with_default():
    q = Number("How much gold did it gain?", 0, 5, default=0)
    assert parse_answer(q, "3") == "3" and answer_value(q, "3") == 3
    assert parse_answer(q, "") == "0"
    with pytest.raises(AnswerError, match="out of range"):
        parse_answer(q, "6")
    with pytest.raises(AnswerError, match="whole number"):
        parse_answer(q, "three")


def test_card_entry_exact_prefix_and_ambiguity():
    q = CardEntry("Which card?", ["Riptide Tiger", "River Rogue", "Wade", "Wade"])
    assert parse_answer(q, "wade") == "Wade"
    assert parse_answer(q, "Rip") == "Riptide Tiger"
    with pytest.raises(AnswerError, match="several"):
        parse_answer(q, "Ri")
    with pytest.raises(AnswerError, match="No card"):
        parse_answer(q, "Dragon")
    assert valid_answers(q) == ["Riptide Tiger", "River Rogue", "Wade"]


def test_step_labels_are_concrete():
    assert step_label(CHOICE, "2") == "Which row? → Row II"
    assert step_label(YesNo("Room?", label="Room for Wade?"), "n") == "Room for Wade? → no"
    assert step_label(Instruction("Deal 2 DMG to your Row I"), "ok") == "✓ Deal 2 DMG to your Row I"


def test_every_valid_answer_parses_back_to_itself():
    for prompt in (CHOICE, YesNo("q"), Number("n", 2, 4), Instruction("i")):
        for a in valid_answers(prompt):
            assert parse_answer(prompt, a) == a
