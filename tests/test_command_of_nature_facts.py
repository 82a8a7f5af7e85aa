"""What the record already answers in Command of Nature (issue 23 item 2; engine/facts.py): a
known answer is not asked, a forced one is applied and the history says so, a contradicting one
is refused in one line. Sources: shared/seeds/command-of-nature-clockwork-sage.txt (sections
named in each test) and the rules notes (§3: the market cards and their copies)."""

from __future__ import annotations

import msgspec
from test_command_of_nature_helpers import answer, arranged, end_your_turn, rules
from tui.engine.prompts import Instruction, Number
from tui.engine.session import Runner, Session
from tui.games.command_of_nature.state import INSTANTS, YOURS

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


def test_the_card_that_set_off_an_instant_sets_off_the_same_instant_below_it():
    """seed: HOW TO PLAY (each card you play: resolve the top Instant it sets off, then check the
    next): a second Natural Defense under the first one has the same text, so the card that set
    off the first sets it off too; it is not asked. The next card you play is asked afresh."""
    runner = arranged(deck=["Buy Strike"], gold=0, formation=TWIG,
                      piles={INSTANTS: ["Natural Defense", "Natural Defense", "Twig Charm", "Natural Defense"]})
    answer(runner, "Your turn", "1")
    answer(runner, "Does your card set off Natural Defense?", "y")
    answer(runner, "Resolve Natural Defense — gold gained", "1")
    prompt = runner.pending
    assert isinstance(prompt, Instruction) and "It gives the Clockwork 1 gold, as printed on Natural Defense" in prompt.text
    assert known(runner) == ["Your card sets off Natural Defense (the same card set off another copy of it)",
                             "Natural Defense gives the Clockwork 1 gold, as printed (given this game)"]
    runner.answer("")
    answer(runner, "Does your card set off Twig Charm?", "n")
    assert runner.state.deck.pile(INSTANTS) == ["Twig Charm", "Natural Defense"]
    assert runner.state.gold.value == 2
    answer(runner, "Your turn", "1")
    answer(runner, "Does your card set off Twig Charm?", "y")
    answer(runner, "Resolve Twig Charm — gold gained", "0")
    assert runner.pending.label == "Does your card set off Natural Defense?"  # another card: asked


def test_a_save_from_before_the_record_answered_these_replays_as_it_was_played():
    """seed: HOW TO PLAY (the Instant pile); engine facts (DESIGN.md, "Saves"): a game saved before
    Command of Nature answered questions from the record holds the table's answer to the second
    Natural Defense. It opens and replays as it was played; the record answers again from then on."""
    runner = arranged(deck=["Buy Strike"], gold=0, formation=TWIG,
                      piles={INSTANTS: ["Natural Defense", "Natural Defense", "Natural Defense"]})
    answer(runner, "Your turn", "1")
    answer(runner, "Does your card set off Natural Defense?", "y")
    answer(runner, "Resolve Natural Defense — gold gained", "1")
    runner.answer("")  # the second is set off (the record), its gold is told
    runner.answer("")  # the third too
    played = runner.saved_session()
    # As the game saved it then: the second Natural Defense was asked, and the table said yes;
    # facts_from 0: Clockwork had the record then, but Command of Nature used none of it.
    answers = list(played.answers)
    asked = next(a for a in answers if a.label == "Does your card set off Natural Defense? → yes")
    answers.insert(3, msgspec.structs.replace(asked))
    old = msgspec.json.encode(msgspec.structs.replace(played, answers=answers, facts_from=0, facts_version=0))
    game = runner.game
    reopened = Runner(game, rules(), msgspec.json.decode(old, type=Session))
    assert reopened.applied == len(answers) and reopened.pending.label == "Your turn"
    assert [e.text for e in reopened.session.log if e.kind == "answer"] == [a.label for a in answers]
    assert reopened.state.gold.value == 3
    reopened.undo(reopened.applied)
    reopened.redo(10_000)
    assert reopened.applied == len(answers)
