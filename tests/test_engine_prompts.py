"""The step protocol's answer reading (DESIGN.md, "The step protocol")."""

import pytest

from tui.engine.prompts import (
    AnswerError,
    CardEntry,
    Choice,
    Instruction,
    MultiChoice,
    Number,
    Option,
    TextEntry,
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


def test_a_range_reads_as_a_range_everywhere_a_number_is_asked():
    """Issue 24 playtest: '(-5–5' read as a dash between two numbers. A range is written '−5 to 5'
    (the minus sign, 'to') in the prompt, the hints, the refusals and the plain listing, and the
    minus sign as shown is accepted when typed."""
    from tui.engine.prompts import span
    from tui.plain import how_to_answer
    from tui.widgets.prompt_bar import render_prompt

    q = Number("How much Influence?", -5, 5, default=-1)
    assert span(-5, 5) == "\u22125 to 5" and span(0, 9) == "0 to 9"
    assert "(\u22125 to 5, Enter = \u22121)" in render_prompt(q, "", width=80).plain
    assert "\u22125 to 5" in how_to_answer(q)
    assert parse_answer(q, "\u22123") == "-3" and parse_answer(q, "-3") == "-3"
    with pytest.raises(AnswerError, match="\u22126 is out of range: \u22125 to 5"):
        parse_answer(q, "-6")


def test_a_number_may_also_take_a_letter_for_something_else_first():
    """A Heirless vote asks an amount, and a Free Action may come first (issue 23): the letter is
    an answer of its own, read before the number and named in the history."""
    q = Number("Lady Green spends Influence", -3, 3, default=0, keys=[Option("f", "a Free Action first")])
    assert parse_answer(q, "F") == "f" and answer_value(q, "f") == "f"
    assert parse_answer(q, "-2") == "-2" and answer_value(q, "-2") == -2
    assert parse_answer(q, "") == "0"
    assert valid_answers(q)[-1] == "f" and step_label(q, "f") == "Lady Green spends Influence → a Free Action first"
    with pytest.raises(AnswerError, match="whole number"):
        parse_answer(q, "g")
    with pytest.raises(AnswerError, match="whole number"):
        parse_answer(Number("How many?", 0, 5), "f")


def test_card_entry_exact_prefix_and_ambiguity():
    q = CardEntry("Which card?", ["Riptide Tiger", "River Rogue", "Wade", "Wade"])
    assert parse_answer(q, "wade") == "Wade"
    assert parse_answer(q, "Rip") == "Riptide Tiger"
    with pytest.raises(AnswerError, match="several"):
        parse_answer(q, "Ri")
    with pytest.raises(AnswerError, match="Nothing here is called"):
        parse_answer(q, "Dragon")
    assert valid_answers(q) == ["Riptide Tiger", "River Rogue", "Wade"]


def test_step_labels_are_concrete():
    assert step_label(CHOICE, "2") == "Which row? → Row II"
    assert step_label(YesNo("Room?", label="Room for Wade?"), "n") == "Room for Wade? → no"
    assert step_label(Instruction("Deal 2 DMG to your Row I"), "ok") == "✓ Deal 2 DMG to your Row I"


def test_every_valid_answer_parses_back_to_itself():
    multi = MultiChoice("Who signs?", [Option("1", "Lady Green"), Option("2", "Lord Red")], lo=1)
    for prompt in (CHOICE, YesNo("q"), Number("n", 2, 4), Instruction("i"), multi, TextEntry("t", examples=["a b"])):
        for a in valid_answers(prompt):
            assert parse_answer(prompt, a) == a


def test_text_entry_keeps_the_words_and_refuses_control_characters():
    """Typed names and promises are stored as typed; escape sequences never reach a save."""
    q = TextEntry("Name?", max_len=12)
    assert parse_answer(q, "  Lady [b]G  ") == "Lady [b]G"
    for bad in ("\x1b[2J", "ring\x07", "a\x9bb"):
        with pytest.raises(AnswerError, match="Control characters"):
            parse_answer(q, bad)
    with pytest.raises(AnswerError, match="Type something"):
        parse_answer(q, "   ")
    assert parse_answer(TextEntry("Note?", allow_empty=True), "") == ""
    with pytest.raises(AnswerError, match="at most 12"):
        parse_answer(q, "x" * 13)
    assert answer_value(q, "Lady Green") == "Lady Green"


def test_multi_choice_reads_keys_or_names_in_any_order_and_counts_them():
    q = MultiChoice(
        "Who signs?", [Option("1", "Lady Green"), Option("2", "Lord Red"), Option("3", "Sir Blue")], lo=2, hi=3
    )
    assert parse_answer(q, "3, 1") == "1 3"
    assert parse_answer(q, "Lord Red, sir blue") == "2 3"
    assert answer_value(q, "1 3") == ["1", "3"]
    assert step_label(q, "1 3") == "Who signs? → Lady Green, Sir Blue"
    with pytest.raises(AnswerError, match="Pick 2 to 3"):
        parse_answer(q, "2")
    with pytest.raises(AnswerError, match="'9' is not one of"):
        parse_answer(q, "1 9")
    none_ok = MultiChoice("Who passed?", q.options)
    assert parse_answer(none_ok, "-") == "" and answer_value(none_ok, "") == []
    assert step_label(none_ok, "") == "Who passed? → none"


def test_a_choice_with_a_default_takes_it_on_enter_and_an_empty_text_reads_none():
    q = Choice("Difficulty?", [Option("1", "Easy"), Option("2", "Normal")], default="2")
    assert parse_answer(q, "") == "2" and parse_answer(q, "1") == "1"
    with pytest.raises(AnswerError):
        parse_answer(CHOICE, "")
    assert step_label(TextEntry("Removed in Age II?", allow_empty=True), "") == "Removed in Age II? → none"


def test_a_text_entry_check_refuses_in_place_and_nothing_is_recorded():
    """Issue 13 item 7: an answer the game cannot read is refused by the prompt's parser (its
    check raises AnswerError), before the session records anything."""
    from tui.engine.session import without_controls

    def digits_only(text):
        if not text.isdigit():
            raise AnswerError("Not read: digits only.")

    prompt = TextEntry("Card IDs?", check=digits_only)
    assert parse_answer(prompt, "123") == "123"
    with pytest.raises(AnswerError, match="digits only"):
        parse_answer(prompt, "xyz")
    shown = without_controls(TextEntry("Card \x1b IDs?", check=digits_only))
    assert shown.text == "Card \\x1b IDs?" and shown.check is digits_only
