"""What the record already answers in Command of Nature (issue 23 item 2; engine/facts.py): a
known answer is not asked, a forced one is applied and the history says so, a contradicting one
is refused in one line. Sources: shared/seeds/command-of-nature-clockwork-sage.txt (sections
named in each test) and the rules notes (§3: the market cards and their copies)."""

from __future__ import annotations

from test_command_of_nature_helpers import answer, arranged, end_your_turn
from tui.engine.prompts import Number
from tui.games.command_of_nature.state import YOURS

FILLER = "Pebble Charm"  # an Instant: it goes to the Instant pile without a question
TWIG = ["Quill Thornback", "Timber", None, None, "Cedar", None]


def known(runner) -> list[str]:
    """The history's lines for answers the record gave."""
    return [e.text for e in runner.session.log if e.kind == "known"]


def test_printed_gold_given_before_is_answered_from_the_record():
    """seed: HOW TO PLAY (a DRAW gives 1 gold per card); readings: printed-gold — Cedar's daybreak
    gold, given at its first daybreak, is not asked again: the history says it came from the record."""
    runner = arranged(deck=[FILLER, FILLER], gold=0, formation=TWIG)
    end_your_turn(runner)
    answer(runner, "Daybreak: Cedar — gold gained", "1")
    assert runner.state.phase == YOURS
    end_your_turn(runner)
    assert not isinstance(runner.pending, Number) and runner.pending.label == "Daybreak: Cedar — 1 gold"
    assert known(runner) == ["Cedar gives the Clockwork 1 gold, as printed (given this game)"]
