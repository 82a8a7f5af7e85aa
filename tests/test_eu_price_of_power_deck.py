"""The Bot deck held digitally (seed: Bot Cards p.1, Reshuffle Bot Deck and End of Age Routine p.3,
Bot Realms p.6, Replacing Humans p.6)."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from test_eu_price_of_power_helpers import bot, rules
from tui.engine.rng import Rng
from tui.games.eu_price_of_power import bot_deck
from tui.games.eu_price_of_power.state import DRAW, FOCUS_ASIDE, IN_PLAY, OUT_FOR_AGE, REMOVED, USED

FULL = Counter(str(n) for n in range(1, 25))


def first_action(card_id: int) -> str:
    return rules().card(card_id).first


def with_used(used: list[int], aside: Sequence[int] = ()):
    """A Bot whose used pile holds ``used`` and whose FOCUS aside pile holds ``aside``."""
    b = bot()
    for c in used:
        b.deck.move(str(c), DRAW, USED)
    for c in aside:
        b.deck.move(str(c), DRAW, FOCUS_ASIDE)
    return b


def test_setup_removes_the_realms_cards_for_the_age():
    """Seed p.6 Bot Realms: each realm lists the card IDs removed in each Age (typed at setup)."""
    b = bot(removals={"1": [3, 7, 12], "2": [5]})
    assert sorted(b.deck.pile(REMOVED), key=int) == ["3", "7", "12"]
    assert b.deck.count(DRAW) == 21
    bot_deck.compose_for_age(b, 2, Rng.from_seed(3))
    assert b.deck.pile(REMOVED) == ["5"]
    assert b.deck.count(DRAW) == 23


@pytest.mark.parametrize("others", range(0, 9))
def test_reshuffle_returns_half_the_other_used_cards_rounded_up(others):
    """Seed p.3 Reshuffle Bot Deck: half of the remaining used cards, rounded UP, are reshuffled;
    the rest are out for the Age (v1.2; notes §6.7: an older draft rounded down)."""
    used = [2, 3, 4, 5, 6, 7, 8, 9][:others]
    b = with_used(used)
    draw_before = b.deck.count(DRAW)
    back, out = bot_deck.reshuffle_for_next_round(b, Rng.from_seed(others), first_action)
    assert len(back) == math.ceil(others / 2)
    assert len(out) == others - len(back)
    assert b.deck.count(DRAW) == draw_before + len(back)
    assert sorted(b.deck.pile(OUT_FOR_AGE), key=int) == out
    assert b.deck.count(USED) == 0


def test_event_and_idea_always_return_and_focus_cards_stay_aside():
    """Seed p.3: EVENTs and IDEAs are always reshuffled; cards used for FOCUS are set aside."""
    b = with_used([1, 24, 2, 3, 4], aside=[16, 21])
    back, out = bot_deck.reshuffle_for_next_round(b, Rng.from_seed(9), first_action)
    assert "1" in back and "24" in back
    assert len([c for c in back if c not in ("1", "24")]) == 2  # ceil(3 / 2)
    assert sorted(b.deck.pile(FOCUS_ASIDE)) == ["16", "21"]
    assert "1" in b.deck.pile(DRAW) and "24" in b.deck.pile(DRAW)
    assert b.deck.census() == FULL


def test_which_half_returns_is_random_but_seeded():
    """Seed p.3: the reshuffled half is chosen at random; the app's Rng makes it replayable."""
    picks = set()
    for seed in range(12):
        back, _ = bot_deck.reshuffle_for_next_round(with_used([2, 3, 4, 5, 6, 7]), Rng.from_seed(seed), first_action)
        picks.add(tuple(back))
        again, _ = bot_deck.reshuffle_for_next_round(with_used([2, 3, 4, 5, 6, 7]), Rng.from_seed(seed), first_action)
        assert again == back
    assert len(picks) > 1


def test_cards_are_conserved_across_draws_reshuffles_and_ages():
    """Seed p.1, p.3: cards only move between the draw, in-play, used, FOCUS-aside, out-for-Age and
    removed piles; every pile together is always the 24 cards."""
    rnd = random.Random(4)
    rng = Rng.from_seed(4)
    b = bot(removals={"1": [1, 2], "2": [3], "3": [], "4": [24]})
    for age in (1, 2, 3, 4):
        bot_deck.compose_for_age(b, age, rng)
        for _ in range(4):
            for _ in range(rnd.randint(0, 8)):
                card = bot_deck.draw_card(b)
                if card is None:
                    break
                assert b.deck.pile(IN_PLAY) == [str(card)]
                focus = rules().card(card).second == "Focus" and rnd.random() < 0.5
                bot_deck.finish_card(b, card, used_for_focus=focus)
                assert b.deck.census() == FULL
            bot_deck.reshuffle_for_next_round(b, rng, first_action)
            assert b.deck.census() == FULL
            assert b.deck.count(IN_PLAY) == 0


def test_end_of_age_resets_the_whole_deck():
    """Seed p.3 End of Age Routine: all Bot cards are reset to the realm's composition and shuffled."""
    b = with_used([2, 3, 4, 5], aside=[17])
    bot_deck.reshuffle_for_next_round(b, Rng.from_seed(1), first_action)
    assert b.deck.count(OUT_FOR_AGE) == 2
    bot_deck.compose_for_age(b, 2, Rng.from_seed(2))
    assert b.deck.count(DRAW) == 24
    assert b.deck.count(OUT_FOR_AGE) == b.deck.count(FOCUS_ASIDE) == b.deck.count(USED) == 0


def test_focus_cards_of_achieved_milestones_leave_the_deck():
    """Seed p.6 Replacing Humans: remove the cards whose FOCUS matches Milestones the player achieved."""
    b = bot()
    gone = bot_deck.remove_focus_cards(b, ["Eco", "War"], lambda c: rules().card(c).focus)
    assert sorted(gone, key=int) == ["16", "19", "20", "23"]
    assert set(gone) <= set(b.deck.pile(REMOVED))
    bot_deck.compose_for_age(b, 3, Rng.from_seed(1))
    assert set(gone) <= set(b.deck.pile(REMOVED))
    assert b.deck.census() == FULL
