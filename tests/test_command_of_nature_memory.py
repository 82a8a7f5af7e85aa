"""What Clockwork remembers of the table's answers (issue 15, fewer questions): the gold printed on
a card, asked once; the gold printed on the Clockwork Sage board, asked at the first game and kept
beside the saves for later games (GameDef.recall / remember)."""

from __future__ import annotations

from drivers import waiting
from test_command_of_nature_helpers import answer, arranged, daybreak_gold, end_your_turn, log_texts
from tui.engine.prompts import Instruction, Number
from tui.games.command_of_nature import GAME
from tui.games.command_of_nature.records import FILE, recall
from tui.games.command_of_nature.state import INSTANTS, YOURS
from tui.opengame import OpenGame

FORMATION = ["Timber", "Timber", "Timber", "Slumber Jack", "Cedar", "Quill Thornback"]


def test_a_cards_printed_gold_is_asked_once_then_only_its_effect_is_recalled():
    """seed: HOW TO PLAY (a DRAW gives 1 gold per card); readings: printed-gold — Slumber Jack's
    daybreak gold is asked at its first daybreak only; later the table is only told to resolve it."""
    runner = arranged(deck=["Twig Charm", "Leaf Charm", "Pebble Charm", "Droplet Charm"], gold=0, formation=FORMATION)
    end_your_turn(runner)
    prompt = runner.pending
    assert isinstance(prompt, Number) and "remembers this for Slumber Jack" in prompt.text
    runner.answer("1")
    answer(runner, "Daybreak: Cedar", "0")
    assert runner.state.card_gold == {"Slumber Jack": 1, "Cedar": 0}
    assert runner.state.phase == YOURS
    end_your_turn(runner)
    asked = []
    while "Daybreak:" in runner.pending.label:
        asked.append(runner.pending)
        runner.answer("")
    assert [p.label for p in asked] == ["Daybreak: Slumber Jack — 1 gold", "Daybreak: Cedar — 0 gold"]
    assert not any(isinstance(p, Number) for p in asked)
    assert "It gives the Clockwork 1 gold, as printed on Slumber Jack" in asked[0].text
    assert "Clockwork gains 1 gold (Slumber Jack daybreak): 0 → 1" in log_texts(runner)


def test_an_instant_set_off_again_is_not_asked_again():
    """seed: HOW TO PLAY (Instant pile); readings: printed-gold — the same Instant, set off a second
    time, gives the gold it gave the first time (and the same card sets off its copy: readings
    instant-copies, so that is not asked either)."""
    runner = arranged(deck=["Buy Strike"], formation=FORMATION, piles={INSTANTS: ["Twig Charm", "Twig Charm"]})
    answer(runner, "Your turn", "1")
    answer(runner, "Does your card set off Twig Charm?", "y")
    answer(runner, "Resolve Twig Charm", "2")
    prompt = runner.pending
    assert isinstance(prompt, Instruction) and "It gives the Clockwork 2 gold" in prompt.text
    runner.answer("")
    assert runner.state.gold.value == 1 + 2 + 2


def first_game(folder, board: dict[str, str], seed=1, options=None):
    """A new game in ``folder`` through setup; ``board`` answers the board questions by label part
    (a question it does not name takes 4)."""
    og = OpenGame.new("command-of-nature", dict(options or {}), seed, folder / f"game{seed}.json")
    og.answer("1")  # the unused Warrior and Basic
    while "Sage board" in waiting(og.runner).label:
        label = waiting(og.runner).label
        og.answer(next((v for k, v in board.items() if k in label), "4"))
    while isinstance(og.runner.pending, Instruction):
        og.answer("")
    return og


def test_the_sage_board_is_asked_at_the_first_game_and_remembered_for_the_next(tmp_path):
    """seed: HOW TO START (gold by difficulty), HOW TO PLAY (daybreak gold by level); notes §4: only
    the printed board gives them, so the table gives each once, when a game needs it (issue 23):
    the first game asks Normal's starting gold only; a later game at Normal asks nothing, one at
    Hard asks Hard's."""
    og = first_game(tmp_path, {"Normal starting gold": "5"})
    assert og.runner.state.gold.value == 5
    assert (tmp_path / FILE).exists()
    assert recall(tmp_path).starting_gold == {"normal": 5}
    og.runner.state.daybreak_gold[4] = 2  # given when its Clockwork reached level 4
    og.autosave()
    assert recall(tmp_path).daybreak_gold == {4: 2}

    og = OpenGame.new("command-of-nature", {}, 2, tmp_path / "second.json")
    og.answer("1")
    assert "Sage board" not in og.runner.pending.label  # nothing asked again
    state = og.runner.state
    assert state.starting_gold == 5 and state.daybreak_gold == {4: 2}
    # Answered from the record (issue 23 item 2): the history says so.
    assert ("known", "Your Sage board: starting gold for Normal 5 (given in an earlier game)") in [
        (e.kind, e.text) for e in og.runner.session.log]
    rows = {r.label: r for g in og.runner.view().tracks for r in g.rows}
    # Level 1 adds none yet; level 4's printed gold is known from the first game.
    assert (rows["Daybreak gold"].value, rows["Daybreak gold"].note) == (
        "none yet", "from level 4: +2, as printed on your Sage board")
    assert any("+2 from level 4" in line for s in GAME.reference(og.rules, state) for line in s.lines)
    assert GAME.home_lines(tmp_path) == [
        "Command of Nature · your Sage board's gold is remembered"]

    og = OpenGame.new("command-of-nature", {"difficulty": "hard"}, 3, tmp_path / "third.json")
    og.answer("1")
    assert og.runner.pending.label == "Sage board: Hard starting gold" and og.runner.pending.default is None
    og.answer("6")
    assert recall(tmp_path).starting_gold == {"normal": 5, "hard": 6}


def test_the_board_can_be_checked_again_with_the_remembered_values_offered(tmp_path):
    """Setup option 'check the board again': the questions come back when needed, Enter keeps what
    was given; a card's gold given before is offered too (issue 23: a remembered value may be the
    default, a value nobody gave never is)."""
    og = first_game(tmp_path, {"Normal starting gold": "5"})
    og.runner.state.card_gold["Cedar"] = 2
    og.autosave()
    og = OpenGame.new("command-of-nature", {"check_board": "yes"}, 3, tmp_path / "third.json")
    og.answer("1")
    prompt = og.runner.pending
    assert prompt.label == "Sage board: Normal starting gold" and prompt.default == 5
    og.answer("")
    while isinstance(og.runner.pending, Instruction):
        og.answer("")
    og.answer("e")  # your turn ends: the Clockwork's daybreak
    asked = {}
    while "Daybreak:" in og.runner.pending.label:
        asked[og.runner.pending.label] = og.runner.pending.default
        og.answer("0" if og.runner.pending.default is None else "")
    assert asked["Daybreak: Cedar — gold gained"] == 2
    assert [d for label, d in asked.items() if "Cedar" not in label] == [None] * (len(asked) - 1)
    assert og.runner.state.card_gold["Cedar"] == 2


def test_a_cards_gold_given_in_one_game_is_not_asked_in_the_next(tmp_path):
    """readings: printed-gold — the records keep each card's gold for later games."""
    og = first_game(tmp_path, {})
    og.runner.state.card_gold["Cedar"] = 1
    og.autosave()
    assert recall(tmp_path).card_gold == {"Cedar": 1}
    og = first_game(tmp_path, {}, seed=2)
    assert og.runner.state.card_gold == {"Cedar": 1}
    # Asked again on request: a mistaken value can be corrected.
    og = first_game(tmp_path, {}, seed=3, options={"check_board": "yes"})
    assert og.runner.state.card_gold == {}


def test_damaged_records_give_a_first_game_again(tmp_path):
    """A damaged or edited records file is read as no records: the board is asked again."""
    (tmp_path / FILE).write_text('{"starting_gold": {"easy": -3}, "card_gold": "x"}')
    assert recall(tmp_path).starting_gold == {}
    og = OpenGame.new("command-of-nature", {}, 1, tmp_path / "g.json")
    og.answer("1")
    assert "Sage board" in og.runner.pending.label


def test_no_gold_is_explained_in_the_tables_words():
    """seed: THE CLOCKWORK SAGE'S TURN II, VI — with an empty wallet the Sage sits still; the screen
    says why and where its gold comes from (issue 15)."""
    runner = arranged(deck=["Buy Strike"], gold=0, formation=FORMATION)
    notices = runner.view().notices
    assert any(n.startswith("The Clockwork Sage has no gold") for n in notices)
    end_your_turn(runner)
    daybreak_gold(runner, 0, 0)
    prompt = runner.pending
    assert "no gold after its daybreak, so it reveals no card and its turn ends" in prompt.text
    # Gold it gained that the table reports now still buys a flip (readings: 3, reactions).
    runner.answer("r")
    answer(runner, "Something happened", "7")
    answer(runner, "Clockwork gold change", "1")
    assert any(t.startswith("Reveals Buy Strike") for t in log_texts(runner))
    assert "Timber attacks with Buy Strike" in runner.pending.text
