"""Issue 23 (Oath): the printed Prince board's starred Tactics space is asked at setup and
remembered with the board for later games; a winning Exile Prince is told the Archive suit. Each
docstring names the rule in the seed oath-clockwork-prince.txt ("RT", by section)."""

from __future__ import annotations

from test_oath_helpers import answer, arranged, log_texts, new_runner, pending_label, rules
from tui.games.oath.state import OTHERS
from tui.opengame import OpenGame


def walk(runner, *steps) -> None:
    for label, raw in steps:
        answer(runner, label, raw)


def told(runner, start: str) -> list[str]:
    return [t for t in log_texts(runner) if t.startswith(start)]


def test_a_winning_exile_prince_is_told_the_archive_suit():
    """RT: WRITING THE CHRONICLE AS THE WINNER: with no edifice built or repaired (an Exile builds
    none) the six Archive cards take the suit of the highest Friend."""
    top = rules().top_row
    runner = arranged(node="T_SUP", friends=[("Hearth", top), ("Beast", 2)], options={"role": "exile"},
                      round=rules().world_deck.last_round, phase=OTHERS)
    walk(runner, ("Humans' turns", "x"), ("Winner", "p"))
    text = runner.pending.text
    assert "Archive" in text and "Hearth" in text and "Edifice" not in text


def setup_to_the_star(runner) -> None:
    answer(runner, "Prince board values", "y")


def test_setup_asks_which_tactics_space_is_starred():
    """RT: SETUP 5 (the tactics marker starts on the starred space of its track); notes §3 (the
    retail start is not public): asked, never assumed, and the marker starts there."""
    runner = new_runner({})
    setup_to_the_star(runner)
    prompt = runner.pending
    assert prompt.label == "Tactics star" and prompt.default is None
    answer(runner, "Tactics star", "3")
    assert runner.state.tactics == 2
    assert told(runner, "Tactics marker starts on space 3")


def test_the_printed_board_is_remembered_for_the_next_game(tmp_path):
    """Common brief (never invent data: asked at setup and remembered); RT: SETUP 5. The second
    game in the same folder asks neither the board values nor the starred space; the history
    says they come from the earlier game."""
    first = OpenGame.new("oath", {}, 1, tmp_path / "one.json")
    first.answer("n")  # the board differs from the defaults
    while pending_label(first.runner).startswith(("Box", "Tactics space")):
        first.answer("2" if pending_label(first.runner) == "Tactics space 1" else "")
    first.answer("4")  # the starred space
    assert first.runner.state.tactics == 3 and first.runner.state.tactics_spaces[0] == 2
    second = OpenGame.new("oath", {}, 2, tmp_path / "two.json")
    assert pending_label(second.runner) == "Citizens at the start"
    state = second.runner.state
    assert state.tactics == 3 and state.tactics_spaces[0] == 2
    assert any("earlier game" in t for t in log_texts(second.runner))
    again = OpenGame.new("oath", {"check_board": "yes"}, 3, tmp_path / "three.json")
    assert pending_label(again.runner) == "Prince board values as the defaults?"




def test_a_later_game_remembers_the_star_not_where_the_marker_ended(tmp_path):
    """RT: SETUP 5 (the tactics marker starts on the starred space) and 2. (each battle plan
    revealed advances Tactics by one). Playtest Oath-a: the table gave space 3; a battle plan
    moved the marker to space 4; the next game must still start it on space 3."""
    first = OpenGame.new("oath", {}, 1, tmp_path / "one.json")
    first.answer("y")  # the board values are the defaults
    first.answer("3")  # the starred space
    while pending_label(first.runner) != "Cards drawn":
        first.answer("")
    first.answer("o+ d h")  # one battle plan: the marker moves on
    assert first.runner.state.tactics == 3  # space 4
    second = OpenGame.new("oath", {}, 2, tmp_path / "two.json")
    assert second.runner.state.tactics == 2  # space 3, the star
    assert told(second.runner, "Tactics marker starts on space 3")
    assert not told(second.runner, "Tactics marker starts on space 4")


def test_a_board_entered_by_hand_logs_what_the_table_gave():
    """RT: 3. TAKE ACTIONS (five actions if topmost); notes §3, §6 (the other values are the
    table's). Playtest Oath-c: after 'n', boxes 1-3 are asked actions and trade and box 4 trade
    only; the question says why, and the history does not claim the table gave box 4's actions."""
    runner = new_runner({})
    answer(runner, "Prince board values", "n")
    asked = []
    while pending_label(runner).startswith(("Box", "Tactics space")):
        asked.append(pending_label(runner))
        if pending_label(runner) == "Box 4 trade":
            assert "the topmost: the rules give it 5 actions" in runner.pending.text
        runner.answer({"Box 1 actions": "3", "Box 3 actions": "6"}.get(pending_label(runner), ""))
    boxes = len(rules().relationships.boxes)
    assert asked[: 2 * boxes - 1] == [f"Box {b} {what}" for b in range(1, boxes) for what in ("actions", "trade")] + [
        f"Box {boxes} trade"]
    line = told(runner, "Prince board values from the table")[0]
    assert "actions per box 3/3/6 (the topmost box gives 5, as the rules say)" in line
