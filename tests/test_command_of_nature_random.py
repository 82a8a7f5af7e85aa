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

from drivers import answer_taken
from test_command_of_nature_helpers import new_runner, rules
from tui.engine.prompts import Choice, Instruction, Number, YesNo, valid_answers
from tui.engine.session import Runner, Session
from tui.games.command_of_nature import GAME
from tui.games.command_of_nature.state import REVEALED

def candidate_answers(prompt, allow_ending: bool) -> list[str]:
    answers = valid_answers(prompt)
    if isinstance(prompt, Number):
        # Small amounts keep Clockwork turns short enough to see many of them.
        return answers[:4]
    if isinstance(prompt, Choice) and not allow_ending:
        ending = {"s"} if prompt.label.startswith("Did ") or prompt.label == "Defeated by the Clockwork" else set()
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
        answer_taken(runner, raw)  # a card the Clockwork already has is refused: another is named
        check_invariants(runner, initial, sage_card)
        runner.view()
    # DESIGN.md (resume = replay from the last turn snapshot): reopening the session gives the same game.
    reopened = Runner(GAME, rules(), msgspec.json.decode(msgspec.json.encode(runner.session), type=Session))
    assert msgspec.json.encode(reopened.state) == msgspec.json.encode(runner.state)
    assert reopened.pending == runner.pending


# -- long random games: several seeds, thousands of steps, reactions on the Clockwork's turn too --

SEEDS = (1, 7, 23, 99, 2024)


def long_game(seed: int, steps: int, on_step=None) -> int:
    """Random valid answers (small numbers, reactions included) for ``steps`` answers; a game that
    ends is followed by a new one. Returns the number of games played."""
    import random

    pick = random.Random(seed)
    sage = pick.choice(["twig", "pebble", "leaf", "droplet"])
    runner = new_runner({"sage": sage, "gold_cap": pick.choice(["yes", "no"])}, seed=seed)
    initial, sage_card, games = runner.state.census(), rules().pack(sage).sage, 1
    for _ in range(steps):
        if runner.finished:
            sage = pick.choice(["twig", "pebble", "leaf", "droplet"])
            runner = new_runner({"sage": sage}, seed=pick.randrange(2**32))
            initial, sage_card, games = runner.state.census(), rules().pack(sage).sage, games + 1
        prompt = runner.pending
        answer_taken(runner, pick.choice(candidate_answers(prompt, pick.randrange(300) == 0)), pick)
        check_invariants(runner, initial, sage_card)
        if on_step is not None:
            on_step(prompt, runner)
    return games


def test_long_random_games_never_crash():
    """Issue 15 check: random play of several seeds, thousands of steps, ends without a crash and
    keeps the books straight (cards conserved, gold ≥ 0, level 1–8, the Sage in place)."""
    reacted = []

    def note(prompt, runner):
        pending, state = runner.pending, runner.state
        if pending is not None and pending.label == "Something happened":
            reacted.append(state.phase)
        # Issue 17: every instruction, yes/no and choice of its turn also offers r.
        if pending is not None and state.phase == "clockwork" and not state.reacting:
            assert not isinstance(pending, (Instruction, YesNo)), pending
            if isinstance(pending, Choice):
                assert "r" in [o.key for o in pending.options], pending

    for seed in SEEDS:
        long_game(seed, 1500, note)
    assert reacted and set(reacted) == {"clockwork"}  # reactions were reached on its turn


# Developer words that never belong on the play screen (issue 13 item 5): sources, readings,
# provenance markers.
DEVELOPER_WORDS = ("seed:", "seed ", "notes:", "notes §", "ambiguity", "reading", "our sources", "editable",
                   "default,", "(fn", "repo", "cnw", "not public", "*", "rulesets/", ".toml")


def shown_texts(prompt, runner) -> list[str]:
    """Everything the play screen shows for a step: the question (text, label, help under i, options),
    every pane of the view and the newest history lines."""
    texts = []
    if prompt is not None:
        texts += [prompt.text, prompt.label, prompt.help]
        texts += [o.label for o in getattr(prompt, "options", [])]
    view = runner.view()
    texts += [view.title, view.status, view.cards_title, view.flow_title, view.finished, *view.notices]
    texts += [f"{c.name} {c.kind} {c.detail}" for c in view.cards]
    texts += [f"{s.label} {s.note}" for s in view.flow]
    for group in view.tracks:
        texts.append(group.title)
        for row in group.rows:
            assert not row.editable_default, row  # drawn as a '*' provenance marker
            texts += [row.label, row.value, row.note]
    texts += [e.text for e in runner.session.log[-3:]]
    return texts


def test_the_play_screen_speaks_player_words_only():
    """Issue 13 item 5: over random games, no prompt, help, pane or history line carries a source,
    a reading or a provenance marker; those stay in the ruleset and the g reference."""
    found: dict[str, str] = {}

    def scan(prompt, runner):
        for text in shown_texts(runner.pending, runner):
            low = text.lower()
            for word in DEVELOPER_WORDS:
                if word in low:
                    found.setdefault(word, text)

    for seed in SEEDS[:3]:
        long_game(seed, 600, scan)
    assert not found, found
