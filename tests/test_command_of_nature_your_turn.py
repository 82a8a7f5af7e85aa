"""What the Clockwork reacts to during your turn (seed: HOW TO PLAY) and how the game ends
(seed: HOW TO WIN)."""

from __future__ import annotations

from test_command_of_nature_helpers import TWIG_FORMATION, answer, arranged, choose, log_texts
from tui.engine.prompts import Choice
from tui.games.command_of_nature import GAME
from tui.games.command_of_nature.state import BOX, CHAMPIONS, CLOCKWORK, DECK, DISCARD, INSTANTS


def test_playing_a_card_sets_off_instants_down_the_pile():
    """seed: HOW TO PLAY (Instant pile); notes: ambiguity 9 — resolve the top Instant, move it to the
    discard, check the next; stop at the first that does not react."""
    runner = arranged(deck=["Buy Strike"], formation=TWIG_FORMATION,
                      piles={INSTANTS: ["Twig Charm", "Leaf Charm", "Natural Restoration"]})
    answer(runner, "Your turn", "1")
    answer(runner, "Does your card set off Twig Charm?", "y")
    answer(runner, "Resolve Twig Charm — gold gained", "0")
    answer(runner, "Does your card set off Leaf Charm?", "y")
    answer(runner, "Resolve Leaf Charm — gold gained", "2")
    answer(runner, "Does your card set off Natural Restoration?", "n")
    state = runner.state
    assert state.deck.pile(INSTANTS) == ["Natural Restoration"]
    assert state.deck.pile(DISCARD) == ["Leaf Charm", "Twig Charm"]
    assert state.gold.value == 3
    assert runner.pending.label == "Your turn"


def test_empty_instant_pile_asks_nothing():
    """seed: HOW TO PLAY (Instant pile) — an empty pile cannot react."""
    runner = arranged(deck=["Buy Strike"], formation=TWIG_FORMATION)
    answer(runner, "Your turn", "1")
    assert runner.pending.label == "Your turn"
    assert "Instant pile is empty: nothing reacts to your card" in log_texts(runner)


def test_defeating_a_clockwork_elemental_removes_it_and_you_shift_the_formation():
    """seed: HOW TO PLAY (you choose who moves when the formation shifts); CNW: defeated leave the game."""
    runner = arranged(deck=["Buy Strike"], formation=TWIG_FORMATION)
    answer(runner, "Your turn", "2")
    choose(runner, "Defeated Clockwork Elemental", "in Row I")
    prompt = runner.pending
    assert isinstance(prompt, Choice) and prompt.label == "Formation shift"
    choose(runner, "Formation shift", "Row II right → Row I")
    choose(runner, "Formation shift", "Quill Thornback: Row III right → Row II right")
    # The new gap is in Row III, the back row: nothing can move into it, so no more questions.
    assert runner.pending.label == "Your turn"
    f = [s.card if s else None for s in runner.state.formation]
    assert f == ["Timber", "Timber", "Quill Thornback", "Acorn Squire", "Cedar", None]
    assert runner.state.deck.pile(BOX) == ["Timber"]


def test_defeating_the_clockwork_sage_wins():
    """seed: HOW TO WIN — defeat the Clockwork Sage to win. The choice marks the Sage and says the
    game ends with it (issue 24 playtest: it read like any Elemental); no other choice says so."""
    runner = arranged(deck=["Buy Strike"], formation=TWIG_FORMATION)
    answer(runner, "Your turn", "2")
    marked = [o.label for o in runner.pending.options if "Clockwork Sage" in o.label]
    assert marked == ["Cedar (3/12) in Row III centre: the Clockwork Sage, you win and the game ends"]
    assert not any("game ends" in o.label for o in runner.pending.options if not o.label.startswith("Cedar"))
    choose(runner, "Defeated Clockwork Elemental", "Cedar")
    assert runner.finished and runner.state.winner == "you"
    assert runner.view().finished.startswith("You defeated the Clockwork Sage")
    assert "game over, you won" in GAME.summary(runner.state)


def test_clockwork_defeating_your_sage_ends_the_game():
    """CNW: Rules of Play (win by defeating the enemy Sage) — the table records the Clockwork's win."""
    runner = arranged(deck=["Buy Strike"], formation=TWIG_FORMATION)
    answer(runner, "Your turn", "3")
    answer(runner, "Defeated by the Clockwork", "s")
    assert runner.finished and runner.state.winner == "clockwork"


def test_clockwork_defeats_your_elemental_on_your_turn():
    """seed: HOW TO PLAY (levels up like any Sage) — e.g. by a triggered effect or an Instant."""
    runner = arranged(deck=["Buy Strike"], formation=TWIG_FORMATION, level=5,
                      piles={CHAMPIONS: ["Horned Hollow", "Calamity Leopard"]})
    answer(runner, "Your turn", "3")
    answer(runner, "Defeated by the Clockwork", "")  # Enter: one of my Elementals
    assert "level 6" in runner.pending.text and "Horned Hollow" in runner.pending.text
    runner.answer("")
    assert runner.state.deck.pile(DISCARD) == ["Horned Hollow"]
    assert runner.state.level.value == 6


def test_level_never_passes_eight():
    """CNW: General Info — the level track tops out at 8."""
    runner = arranged(deck=["Buy Strike"], formation=TWIG_FORMATION, level=8)
    answer(runner, "Your turn", "3")
    answer(runner, "Defeated by the Clockwork", "y")
    assert runner.state.level.value == 8
    assert runner.pending.label == "Your turn"


def test_draw_gives_gold_instead():
    """seed: HOW TO PLAY (no hand: a DRAW gives 1 gold per card)."""
    runner = arranged(deck=["Buy Strike"], gold=2, formation=TWIG_FORMATION)
    answer(runner, "Your turn", "4")
    answer(runner, "Clockwork draws", "3")
    assert runner.state.gold.value == 5
    assert "Clockwork gains 3 gold (would draw 3 cards): 2 → 5" in log_texts(runner)


def test_card_to_hand_goes_on_top_of_the_deck_for_one_gold():
    """seed: HOW TO PLAY (a card sent to its hand goes on top of its deck; +1 gold)."""
    runner = arranged(deck=["Buy Strike"], gold=0, formation=TWIG_FORMATION)
    answer(runner, "Your turn", "5")
    choose(runner, "Card to the Clockwork's hand", "Quill Thornback")
    answer(runner, "Quill Thornback → top of the Clockwork deck", "")
    assert runner.state.deck.pile(DECK) == ["Quill Thornback", "Buy Strike"]
    assert runner.state.gold.value == 1
    assert runner.state.formation[5] is None
    # The gap is in the back row: nothing can move forward into it, so no shift question.
    assert runner.pending.label == "Your turn"


def test_the_sage_is_never_offered_back_to_the_hand():
    """seed: HOW TO PLAY — the Sage leads the formation; only other cards can be returned."""
    runner = arranged(deck=["Buy Strike"], formation=TWIG_FORMATION)
    answer(runner, "Your turn", "5")
    assert not any("Cedar" in o.label for o in runner.pending.options)


def test_discard_is_resolved_as_the_maximum():
    """seed: HOW TO PLAY (DISCARD: no hand, resolved as if the most were discarded)."""
    runner = arranged(deck=["Buy Strike"], formation=TWIG_FORMATION)
    answer(runner, "Your turn", "6")
    assert "most it could discard" in runner.pending.text
    runner.answer("")
    assert runner.state.deck.count(DECK) == 1


def test_ending_your_turn_starts_the_clockwork_turn():
    """seed: THE CLOCKWORK SAGE'S TURN — after your turn the Clockwork takes its turn."""
    runner = arranged(deck=["Buy Strike"], formation=TWIG_FORMATION)
    answer(runner, "Your turn", "e")
    assert runner.state.phase == CLOCKWORK
    assert "Round 1 · Clockwork's turn" in log_texts(runner)
    assert runner.pending.label.startswith("Daybreak: Cedar")


def test_the_sage_is_marked_when_the_clockwork_s_own_attack_cost_it_an_elemental():
    """seed: HOW TO WIN; HOW TO PLAY (your Instant during its turn may defeat its Elementals). The
    same choice after 'a Clockwork Elemental was defeated' marks the Sage too (issue 24 playtest)."""
    runner = arranged(deck=["Buy Strike", "Aggression"], gold=1, formation=TWIG_FORMATION)
    answer(runner, "Your turn", "e")
    while "Daybreak" in runner.pending.label:
        runner.answer("0")
    runner.answer("d")  # Timber attacks
    answer(runner, "defeat", "c")
    prompt = runner.pending
    assert prompt.label == "Defeated Clockwork Elemental"
    assert [o.label for o in prompt.options if "you win" in o.label] == [
        "Cedar (3/12) in Row III centre: the Clockwork Sage, you win and the game ends"]
