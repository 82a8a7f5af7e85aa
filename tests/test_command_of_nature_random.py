"""Random play: any valid answers keep the Clockwork's bookkeeping consistent.

Invariants checked after every answered step (notes §2–§4; engine deck: cards are only moved):
cards are conserved across piles and formation (plus cards that joined from a market), gold is
never negative, the level stays within 1..8, the formation keeps its six spaces, at most one card
is being resolved, and the Clockwork Sage stays in its formation until you defeat it.
"""

from __future__ import annotations

from collections import Counter

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_command_of_nature_helpers import new_runner, rules
from tui.engine.prompts import Choice, Number, valid_answers
from tui.engine.session import Runner, Session
from tui.games.command_of_nature import GAME
from tui.games.command_of_nature.state import REVEALED

ENDINGS = {("Your turn", "8")}


def candidate_answers(prompt, allow_ending: bool) -> list[str]:
    answers = valid_answers(prompt)
    if isinstance(prompt, Number):
        # Small amounts keep Clockwork turns short enough to see many of them.
        return answers[:4]
    if isinstance(prompt, Choice) and not allow_ending:
        ending = {"8"} if prompt.label == "Your turn" else {"s"} if prompt.label.startswith("Did ") else set()
        if prompt.label == "Defeated Clockwork Elemental":
            ending = {o.key for o in prompt.options if o.label.startswith(("Cedar", "Gravel", "Porella", "Torrent"))}
        kept = [a for a in answers if a not in ending]
        return kept or answers
    return answers


def check_invariants(runner, initial: Counter, sage: str) -> None:
    state = runner.state
    assert state.census() == initial + Counter(state.entered)
    assert state.gold.value >= 0
    assert 1 <= state.level.value <= 8
    assert len(state.formation) == 6
    assert state.deck.count(REVEALED) <= 1
    if not (state.over and state.winner == "you"):
        assert sage in state.formation_cards()


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    seed=st.integers(0, 2**32),
    sage=st.sampled_from(["twig", "pebble", "leaf", "droplet"]),
    leftovers=st.sampled_from(["1", "2"]),
)
def test_random_play_keeps_the_books_straight(data, seed, sage, leftovers):
    """seed: all sections; notes: ambiguities 3, 4, 12 — conservation and bounds under random play."""
    options = {
        "sage": sage,
        "gold_cap": data.draw(st.sampled_from(["yes", "no"])),
        "highest_hp": data.draw(st.sampled_from(["printed", "remaining"])),
        "overflow_damage": data.draw(st.sampled_from(["reducible", "unreducible"])),
        "difficulty": data.draw(st.sampled_from([d.key for d in rules().difficulties])),
    }
    runner = new_runner(options, seed=seed)
    initial = runner.state.census()
    sage_card = rules().pack(sage).sage
    runner.answer(leftovers)
    check_invariants(runner, initial, sage_card)
    for _ in range(400):
        if runner.finished:
            break
        allow_ending = data.draw(st.integers(0, 40)) == 0
        raw = data.draw(st.sampled_from(candidate_answers(runner.pending, allow_ending)))
        runner.answer(raw)
        check_invariants(runner, initial, sage_card)
        runner.view()
    # DESIGN.md (resume = replay from the last turn snapshot): reopening the session gives the same game.
    reopened = Runner(GAME, rules(), msgspec.json.decode(msgspec.json.encode(runner.session), type=Session))
    assert msgspec.json.encode(reopened.state) == msgspec.json.encode(runner.state)
    assert reopened.pending == runner.pending
