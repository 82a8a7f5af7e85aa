"""Setup of the Clockwork Sage (seed: HOW TO START)."""

from __future__ import annotations

from collections import Counter

import pytest

from test_command_of_nature_helpers import answer, log_texts, new_runner, rules
from tui.engine.prompts import AnswerError, Instruction, Number
from tui.games.command_of_nature.state import BOX, CHAMPIONS, DECK, INSTANTS, LEFTOVER, YOURS


def give_board_values(runner, gold: str = "4"):
    """The table reads the Sage board's starting gold off its board (nothing is offered on a
    first game: notes §4, the values are not public)."""
    while "Sage board" in runner.pending.label:
        runner.answer(gold)


def finish_setup(runner, leftovers="1"):
    answer(runner, "Unused Warrior and Basic", leftovers)
    give_board_values(runner)
    while isinstance(runner.pending, Instruction):
        runner.answer("")


def test_formation_is_built_from_the_pack():
    """seed: HOW TO START (step 8); CNW setup — Row I 1 Basic, Row II 2 Basics, Row III Sage in the
    centre with 2 of the pack's 3 Warriors."""
    for key in ("twig", "pebble", "leaf", "droplet"):
        runner = new_runner({"sage": key}, seed=5)
        pack = rules().pack(key)
        f = [s.card if s else None for s in runner.state.formation]
        assert f[0:3] == [pack.basic] * 3
        assert f[4] == pack.sage
        assert f[3] in pack.warriors and f[5] in pack.warriors and f[3] != f[5]


def test_row_three_warriors_are_picked_by_the_rng():
    """seed: HOW TO START (randomize the 2 Warriors beside the Sage) — different seeds, different picks."""
    picks = set()
    for seed in range(30):
        f = new_runner({}, seed=seed).state.formation
        picks.add(frozenset((f[3].card, f[5].card)))
    assert len(picks) == 3  # every pair of the 3 Warriors turns up
    a = new_runner({}, seed=11).state.formation
    b = new_runner({}, seed=11).state.formation
    assert [s and s.card for s in a] == [s and s.card for s in b]


def test_deck_is_pack_commands_plus_clockwork_commands_shuffled():
    """seed: HOW TO START (step 9) — the 9 Clockwork Commands are shuffled into its deck; notes:
    ambiguity 12 — by our reading the unused Warrior and Basic go in too."""
    runner = new_runner({}, seed=3)
    unused = list(runner.state.deck.pile(LEFTOVER))
    finish_setup(runner, leftovers="1")
    pack = rules().pack("twig")
    expected = Counter(pack.deck) + Counter(c.name for c in rules().clockwork_commands) + Counter(unused)
    assert Counter(runner.state.deck.pile(DECK)) == expected
    assert runner.state.deck.pile(INSTANTS) == []
    assert runner.state.deck.pile(CHAMPIONS) == [c.card for c in pack.champions]
    ordered = list(pack.deck) + [c.name for c in rules().clockwork_commands] + unused
    assert runner.state.deck.pile(DECK) != ordered  # shuffled


def test_leftovers_can_leave_the_game():
    """notes: ambiguity 12 — asked at setup: 'out of the game' puts them in the box."""
    runner = new_runner({}, seed=3)
    unused = list(runner.state.deck.pile(LEFTOVER))
    finish_setup(runner, leftovers="2")
    assert sorted(runner.state.deck.pile(BOX)) == sorted(unused)
    assert runner.state.deck.count(DECK) == 5 + 9


def test_starting_gold_follows_the_difficulty():
    """seed: HOW TO START (after step 4: gold by difficulty); notes §4: only the board prints it, so
    the table gives the chosen difficulty's amount."""
    for n, d in enumerate(rules().difficulties):
        runner = new_runner({"difficulty": d.key}, seed=2)
        answer(runner, "Unused Warrior and Basic", "1")
        assert runner.pending.label == f"Sage board: {d.label} starting gold"
        answer(runner, "starting gold", str(3 + n))
        while isinstance(runner.pending, Instruction):
            runner.answer("")
        assert runner.state.gold.value == 3 + n and runner.state.board_gold == {d.key: 3 + n}
        assert runner.state.level.value == 1


def test_table_gives_the_board_values_at_the_first_game():
    """notes §4 / ambiguity 2 — starting gold and daybreak gold are printed on the Sage board only:
    a first game asks the chosen difficulty's starting gold, offering nothing (Enter alone is no
    answer), and no daybreak gold yet (issue 23: asked when a level needs it)."""
    runner = new_runner({"difficulty": "easy"}, seed=2)
    answer(runner, "Unused Warrior and Basic", "1")
    prompt = runner.pending
    assert prompt.label == "Sage board: Easy starting gold" and prompt.default is None
    with pytest.raises(AnswerError, match="whole number"):
        runner.answer("")
    answer(runner, "Easy starting gold", "7")
    assert runner.state.board_gold == {"easy": 7}
    assert not isinstance(runner.pending, Number)
    while isinstance(runner.pending, Instruction):
        runner.answer("")
    assert runner.state.gold.value == 7
    assert runner.state.daybreak_gold == {}


def test_human_goes_first_after_setup_instructions():
    """seed: HOW TO START — the table is told what to place, and the human takes the first turn."""
    runner = new_runner({"sage": "droplet"}, seed=9)
    answer(runner, "Unused Warrior and Basic", "1")
    give_board_values(runner)
    texts = []
    while isinstance(runner.pending, Instruction):
        texts.append(runner.pending.text)
        runner.answer("")
    joined = " ".join(texts)
    assert "Torrent" in joined and "Tide Turner (level 4)" in joined and "Instant pile" in joined
    assert texts[-1].startswith("You take the first turn")
    assert runner.state.phase == YOURS and runner.pending.label == "Your turn"
    assert "Round 1 · Your turn" in log_texts(runner)


def test_gold_cap_option_caps_the_wallet():
    """notes: ambiguity 11 — with the cap option on, the wallet stops at the cap."""
    runner = new_runner({"gold_cap": "yes"}, seed=2)
    answer(runner, "Unused Warrior and Basic", "1")
    answer(runner, "Normal starting gold", "30")
    while isinstance(runner.pending, Instruction):
        runner.answer("")
    assert runner.state.gold.value == rules().gold_cap.amount


def test_the_flow_pane_walks_the_setup_steps():
    """seed: HOW TO START — the steps pane shows which setup step the table is on."""
    runner = new_runner()
    marks = lambda: [s.state for s in runner.view().flow]  # noqa: E731
    assert runner.view().flow_title == "Setup"
    assert marks() == ["current"] + ["todo"] * 5
    runner.answer("1")  # leftovers settled
    assert marks() == ["done", "current"] + ["todo"] * 4
    give_board_values(runner)
    runner.answer("")  # play area set up
    assert marks() == ["done"] * 3 + ["current"] + ["todo"] * 2
