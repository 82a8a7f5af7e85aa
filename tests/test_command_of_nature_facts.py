"""What the record already answers in Command of Nature (issue 23 item 2; engine/facts.py): a
known answer is not asked, a forced one is applied and the history says so, a contradicting one
is refused in one line. Sources: shared/seeds/command-of-nature-clockwork-sage.txt (sections
named in each test) and the rules notes (§3: the market cards and their copies)."""

from __future__ import annotations

import msgspec
from drivers import refused
from test_command_of_nature_helpers import (
    answer, arranged, choose, daybreak_gold, end_your_turn, log_texts, react_defeating, rules,
)
from tui.engine.prompts import CardEntry, Instruction, Number
from tui.engine.session import Runner, Session
from tui.games.command_of_nature.state import DISCARD, INSTANTS, YOURS

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


def test_an_attacker_gone_with_no_one_left_to_attack_is_not_asked():
    """seed: THE CLOCKWORK SAGE'S TURN, III.D (each Elemental attacks once a turn); readings:
    attacker-gone. You defeat Quill Thornback before its Buy Strike lands; Timber and Cedar have
    attacked this turn, so no other Elemental can take the attack over: no DMG, and the rest of
    the card (its market part) still happens, without a question, and the history says why."""
    runner = arranged(deck=["Buy Strike", FILLER], gold=1, formation=TWIG)
    end_your_turn(runner)
    runner.state.formation[1].attacked = runner.state.formation[4].attacked = True
    daybreak_gold(runner, 0)
    assert "Quill Thornback attacks with Buy Strike" in runner.pending.text
    react_defeating(runner, "Quill Thornback", "Row II left → Row I")
    assert runner.pending.label == "Costliest in the Elemental Market"
    assert known(runner) == ["No attack from Buy Strike; the rest of it still happens "
                             "(every Clockwork Elemental has attacked this turn)"]
    answer(runner, "Costliest in the Elemental Market", "Oak Lumbertron")
    assert runner.state.deck.pile(DISCARD) == ["Buy Strike", "Oak Lumbertron"]
    assert not any("attacks with Buy Strike:" in t for t in log_texts(runner))


def test_an_attacker_gone_is_answered_once_your_reaction_takes_the_last_fresh_elemental():
    """seed: THE CLOCKWORK SAGE'S TURN, III.D; readings: attacker-gone, reactions. Quill Thornback
    is defeated before its Buy Strike lands; the Timber in Row II right has not attacked, so you
    are asked. You react first and defeat that Timber too: asked again, nobody is left who has not
    attacked, so the record answers 'no attack'."""
    runner = arranged(deck=["Buy Strike", FILLER], gold=1, formation=["Quill Thornback", "Timber", "Timber",
                                                                        None, "Cedar", None])
    end_your_turn(runner)
    runner.state.formation[1].attacked = runner.state.formation[4].attacked = True
    daybreak_gold(runner, 0)
    react_defeating(runner, "Quill Thornback", "Row II left → Row I")
    assert runner.pending.label == "Buy Strike: attacker gone"  # the Timber in Row II right is fresh
    react_defeating(runner, "Row II right")
    assert runner.pending.label == "Costliest in the Elemental Market"
    assert known(runner) == ["No attack from Buy Strike; the rest of it still happens "
                             "(every Clockwork Elemental has attacked this turn)"]


def every_market_card(market: str) -> list[str]:
    entries = rules().markets.elemental if market == "elemental" else rules().markets.command
    return [e.card for e in entries for _ in range(e.copies)]


def test_a_market_card_the_clockwork_holds_every_copy_of_cannot_go_to_its_hand():
    """seed: HOW TO PLAY (a card that would go to the Clockwork's hand goes on top of its deck);
    notes §3 (Oak Lumbertron is a single card of the Elemental Market): Oak Lumbertron lies in
    the Clockwork discard, so it is in no market; the question says so and naming it is refused."""
    runner = arranged(deck=["Buy Strike"], formation=TWIG, piles={DISCARD: ["Oak Lumbertron", "Willow"]})
    answer(runner, "Your turn", "5")
    choose(runner, "Card to the Clockwork's hand", "a card from a market")
    prompt = runner.pending
    assert isinstance(prompt, CardEntry) and "Oak Lumbertron" not in prompt.cards and "Willow" in prompt.cards
    assert "Not there: Oak Lumbertron (the Clockwork has it)." in prompt.text
    refused(runner, "Oak Lumbertron", "Oak Lumbertron")
    answer(runner, "Market card to the Clockwork", "Willow")
    assert runner.state.deck.pile("deck")[0] == "Willow"


def test_buy_strike_asks_no_card_when_the_clockwork_holds_every_elemental_market_card():
    """seed: CLOCKWORK COMMAND CARDS, Buy Strike (move the costliest Elemental Market card to the
    Clockwork discard); notes §3 (40 cards): the Clockwork holds all 40, so the market is empty and
    nothing is bought. Before, the table was asked to name the costliest card with none it could
    name, and the game could not go on."""
    runner = arranged(deck=["Buy Strike", FILLER], gold=1, formation=TWIG,
                      piles={DISCARD: every_market_card("elemental")})
    end_your_turn(runner)
    daybreak_gold(runner, 0)
    runner.answer("")  # Quill Thornback attacks
    answer(runner, "Did Quill Thornback's attack defeat", "n")
    assert runner.pending.label == "Your turn"
    assert "Buy Strike: no card can be left in the Elemental Market (the Clockwork holds all of them)" in log_texts(runner)
    assert runner.state.deck.pile(DISCARD)[0] == "Buy Strike" and runner.state.entered == []
    assert runner.state.phase == YOURS


def test_direct_summon_summons_nothing_when_the_clockwork_holds_every_elemental_market_card():
    """seed: CLOCKWORK COMMAND CARDS, Direct Summon (the costliest Elemental Market card joins the
    formation); notes §3: the Clockwork holds all 40 Elemental Market cards, so none is summoned."""
    runner = arranged(deck=["Direct Summon", FILLER], gold=1, formation=TWIG,
                      piles={DISCARD: every_market_card("elemental")})
    end_your_turn(runner)
    daybreak_gold(runner, 0)
    assert runner.pending.label == "Your turn"
    assert "Direct Summon: no card can be left in the Elemental Market (the Clockwork holds all of them)" \
        in log_texts(runner)
    assert runner.state.formation_cards() == ["Quill Thornback", "Timber", "Cedar"]


def test_buy_strike_with_one_market_card_left_buys_it_without_a_question():
    """seed: CLOCKWORK COMMAND CARDS, Buy Strike; notes §3 (Willow: two copies). The Clockwork holds
    every Elemental Market card but one Willow: that Willow is the only card the market can hold,
    so it is bought without a question; the history says why and the table is told to move it."""
    held = every_market_card("elemental")
    held.remove("Willow")
    runner = arranged(deck=["Buy Strike", FILLER], gold=1, formation=TWIG, piles={DISCARD: held})
    end_your_turn(runner)
    daybreak_gold(runner, 0)
    runner.answer("")  # Quill Thornback attacks
    answer(runner, "Did Quill Thornback's attack defeat", "n")
    assert known(runner) == ["Costliest in the Elemental Market → Willow "
                             "(the Clockwork holds every copy of every other card)"]
    prompt = runner.pending
    assert prompt.label == "Buy Strike: buy Willow" and "the only card that can be in the Elemental Market" in prompt.text
    runner.answer("")
    assert runner.state.entered == ["Willow"] and runner.state.deck.pile(DISCARD)[:2] == ["Buy Strike", "Willow"]


def test_an_emptied_market_is_answered_none_and_nothing_is_bought():
    """Issue 24 playtest; seed: CLOCKWORK COMMAND CARDS, Buy Strike (move the costliest Elemental
    Market card to the Clockwork discard); notes §2 (each market is a 40-card deck showing 3: bought
    and boxed cards can empty it at the table). The question naming the costliest card takes
    'none'; nothing is bought and the history says the market is empty."""
    runner = arranged(deck=["Buy Strike", FILLER], gold=1, formation=TWIG)
    end_your_turn(runner)
    daybreak_gold(runner, 0)
    runner.answer("")  # Quill Thornback attacks
    answer(runner, "Did Quill Thornback's attack defeat", "n")
    prompt = runner.pending
    assert isinstance(prompt, CardEntry) and "none" in prompt.cards and "Type none if the market is empty" in prompt.text
    answer(runner, "Costliest in the Elemental Market", "none")
    assert "Costliest in the Elemental Market: none, the market is empty" in log_texts(runner)
    assert runner.state.entered == [] and runner.state.deck.pile(DISCARD)[0] == "Buy Strike"
