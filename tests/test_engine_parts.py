"""Reusable parts every game uses: Rng, Deck, Track, dice, setup options."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui.engine import dice
from tui.engine.deck import Deck, DeckError
from tui.engine.game import OptionError, OptionSpec, check_options
from tui.engine.prompts import Option
from tui.engine.rng import Rng
from tui.engine.track import Track


def test_same_seed_same_sequence_and_state_round_trips():
    a, b = Rng.from_seed(7), Rng.from_seed(7)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    saved = Rng(state=a.state)
    assert [a.below(6) for _ in range(20)] == [saved.below(6) for _ in range(20)]
    assert Rng.from_seed(8).next64() != Rng.from_seed(7).next64()


def test_below_is_roughly_uniform():
    rng = Rng.from_seed(1)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(850 < c < 1150 for c in counts.values())


@given(st.lists(st.text(min_size=1, max_size=3), max_size=30), st.integers(0, 2**64 - 1))
def test_deck_moves_and_shuffles_conserve_cards(cards, seed):
    rng = Rng.from_seed(seed)
    deck = Deck({"draw": list(cards), "discard": [], "box": []})
    before = deck.census()
    deck.shuffle("draw", rng)
    while (card := deck.draw("draw")) is not None:
        deck.put(card, "discard" if rng.below(2) else "box")
    deck.move_all("discard", "draw")
    deck.shuffle("draw", rng)
    assert deck.census() == before


def test_deck_top_is_index_zero_and_missing_cards_are_refused():
    deck = Deck({"draw": ["a", "b"], "discard": []})
    deck.put("c", "draw")
    assert deck.top("draw") == "c" and deck.draw("draw") == "c"
    deck.put("z", "draw", bottom=True)
    assert deck.pile("draw") == ["a", "b", "z"]
    with pytest.raises(DeckError):
        deck.move("q", "draw", "discard")
    assert deck.draw("discard") is None


def test_track_is_bounded_and_reports_old_and_new():
    gold = Track("gold", 1, lo=0, hi=12)
    assert gold.move(-3) == (1, 0) and gold.at_lo
    assert gold.move(20) == (0, 12) and gold.at_hi
    level = Track("level", 1, 1, 8, labels={"4": "Champion"})
    assert level.space_label(4) == "Champion" and level.space_label(3) == "3"


def test_dice_faces_in_range_and_described():
    rng = Rng.from_seed(3)
    faces = dice.roll_spec(rng, "3d6")
    assert len(faces) == 3 and all(1 <= f <= 6 for f in faces)
    assert dice.describe("3d6", [1, 2, 3]) == "rolled 3d6: 1 + 2 + 3 = 6"
    with pytest.raises(ValueError):
        dice.parse("2x6")


def test_setup_options_fill_defaults_and_reject_bad_values():
    specs = [
        OptionSpec("pack", "Sage pack", "choice", [Option("twig", "Twig"), Option("leaf", "Leaf")], "twig"),
        OptionSpec("gold", "Starting gold", "int", default="4", lo=0, hi=12),
        OptionSpec("cap", "Gold cap", "bool", default="no"),
    ]
    assert check_options(specs, {}) == {"pack": "twig", "gold": "4", "cap": "no"}
    assert check_options(specs, {"cap": "on", "gold": "7"})["cap"] == "yes"
    for bad, msg in [({"pack": "moss"}, "one of twig, leaf"), ({"gold": "13"}, "from 0 to 12"), ({"x": "1"}, "unknown option 'x'")]:
        with pytest.raises(OptionError, match=msg):
            check_options(specs, bad)
