"""Issue 21, item 3: a saved game is range-checked as it is read, like a ruleset. One number edited
out of range (an Oath save with 10,000,000 humans made every command that opened it fill
gigabytes) is refused in one line naming the file and the field's path in the save; every save
that play makes still opens, however long the game (tui/engine/bounds.py)."""

from __future__ import annotations

import dataclasses
import json
import random
import resource
import subprocess
import sys
from pathlib import Path
from typing import Annotated

import msgspec
import pytest

import drivers
import per_game
from toy_game import RULES
from tui import cli, games
from tui.engine import session
from tui.engine.game import GameDef, Status
from tui.engine.prompts import AnswerError, Instruction, TurnStart, valid_answers
from tui.engine.session import Runner
from tui.engine.view import GameView
from tui.opengame import OpenGame

ROOT = Path(__file__).resolve().parents[1]
STATE = ("session", "snapshots", 0, "state")


def made_save(tmp_path: Path, game: str, capsys) -> Path:
    """A real save: `clockwork new` and a few random steps."""
    path = tmp_path / f"{game}.json"
    assert cli.main(["new", game, "--seed", "7", "--save", str(path)]) == 0
    assert cli.main(["step", str(path), "--random", "25", "--seed", "3"]) == 0
    capsys.readouterr()
    return path


def edit(path: Path, where: tuple, value) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    holder = data
    for key in (*STATE, *where)[:-1]:
        holder = holder[key]
    if value is None:  # a list made longer than its bound: copies of its first item
        holder[where[-1]] = holder[where[-1]] * 10
    else:
        holder[where[-1]] = value
    path.write_text(json.dumps(data), encoding="utf-8")


def _limit_memory() -> None:
    # A command that builds a list of ten million seats fails here in a moment instead of
    # paging the machine: "fast" without a clock.
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def clockwork(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tui", *argv], cwd=ROOT, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=300, preexec_fn=_limit_memory)


@pytest.mark.parametrize("game", per_game.ids())
def test_an_out_of_range_number_in_a_save_is_refused_in_one_line_by_every_command(tmp_path, capsys, game):
    """Each game's OUT_OF_RANGE (tests/per_game): a value in its saved state the game itself never
    makes (the first ones made `show` loop over it on main), and what the one line names."""
    bound = per_game.piece(game, "OUT_OF_RANGE")
    named = bound.says
    path = made_save(tmp_path, game, capsys)
    edit(path, bound.where, bound.value)
    before = path.read_bytes()
    for argv in (["show", str(path)], ["step", str(path)], ["log", str(path)], ["play", "--plain", str(path)]):
        done = clockwork(*argv)
        assert done.returncode == 1, (argv, done.stdout[-500:], done.stderr[-500:])
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
        assert done.stderr.startswith(f"clockwork: {path}: damaged save: {named}"), done.stderr
        assert done.stdout == ""
    assert path.read_bytes() == before  # refused, never rewritten


@pytest.mark.parametrize("where, value, named", [
    (("seed",), -1, "session.seed is out of range (at least 0)"),
    (("seed",), 2**64, "session.seed is out of range"),
    (("answers", 0, "label"), "x" * 5000, "session.answers[0].label is longer than 2000 characters"),
    (("options", "role"), "y" * 300, "session.options[...] is longer than 200 characters"),
], ids=["negative seed", "seed past 64 bits", "long label", "long option"])
def test_an_out_of_range_field_of_the_session_is_named_by_its_path(tmp_path, capsys, where, value, named):
    path = made_save(tmp_path, "oath", capsys)
    data = json.loads(path.read_text(encoding="utf-8"))
    holder = data["session"]
    for key in where[:-1]:
        holder = holder[key]
    holder[where[-1]] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli.main(["show", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"clockwork: {path}: damaged save: {named}"), err


def test_the_ranges_in_a_shared_ruleset_and_the_saves_agree(tmp_path):
    """The King's Dilemma's player count comes from its ruleset: a ruleset cannot seat more than a
    save holds, so no game it sets up makes a save that is refused."""
    from tui.rules import loader

    text = loader.shipped_path("kings-dilemma").read_text(encoding="utf-8")
    path = tmp_path / "kings-dilemma.toml"
    path.write_text(text.replace("hi = 5", "hi = 12", 1), encoding="utf-8")
    with pytest.raises(loader.RulesetError, match=r"players\.hi: out of range \(at most 9\)"):
        loader.load(path, games.get("kings-dilemma"))


# -- every save that play makes opens ------------------------------------------------------


@pytest.fixture
def no_answer_refused_for_a_bound(monkeypatch):
    """Random play gives another answer when one is refused: fail instead when the refusal is a
    bound (the bounds would be too tight for a real game)."""
    passed = []
    check = Runner._check_bounds

    def checked(self):
        try:
            check(self)
        except AnswerError as exc:
            passed.append(str(exc))
            raise

    monkeypatch.setattr(Runner, "_check_bounds", checked)
    yield
    assert passed == []


def reopened(og: OpenGame, path: Path) -> OpenGame:
    og.path = path
    og.autosave()
    again = OpenGame.open(path)
    assert msgspec.json.encode(again.runner.state) == msgspec.json.encode(og.runner.state)
    return again


@pytest.mark.parametrize("game", list(games.all_games()))
def test_long_random_games_of_every_game_save_and_open_again(tmp_path, game, no_answer_refused_for_a_bound):
    """Random answers that keep the game going as long as it can (up to 600), games played to
    their end, and the first answer every time for 2,000 steps (what benchmarks/ plays: the game
    that never ends, its counters and lists growing)."""
    for seed in range(1, 4):
        og = OpenGame.new(game, {}, seed, None)
        pick = random.Random(seed)
        while og.runner.applied < 600 and og.runner.pending is not None:
            drivers.answer_lasting(og, pick)
        reopened(og, tmp_path / f"lasting-{seed}.json")
    for seed in range(4, 12):
        og = OpenGame.new(game, {}, seed, None)
        pick = random.Random(seed)
        while og.runner.pending is not None and og.runner.applied < 3000:
            drivers.answer_taken(og, pick.choice(valid_answers(og.runner.pending)), pick)
        reopened(og, tmp_path / f"random-{seed}.json")
    og = OpenGame.new(game, {}, 1, None)
    while og.runner.pending is not None and og.runner.applied < 2000:
        drivers.answer_taken(og, valid_answers(og.runner.pending)[0])
    reopened(og, tmp_path / "first.json")


# -- play never makes a save it cannot open ------------------------------------------------


class Counting(msgspec.Struct):
    count: Annotated[int, msgspec.Meta(le=3)] = 0
    over: bool = False


def _count(state, ctx):
    yield TurnStart("Counting")
    while True:
        yield Instruction(f"Add one to {state.count}")
        state.count += 1


COUNTING = GameDef(
    id="counting", title="Counting", subtitle="", ruleset_type=object, state_type=Counting,
    new_state=lambda rules, options, seed: Counting(),
    play=_count, view=lambda state, rules: GameView(title="Counting"),
    status=lambda state: Status(str(state.count), header=""),
)


def test_an_answer_that_would_pass_a_bound_is_refused_in_place():
    runner = Runner.new(COUNTING, RULES, {}, 1)
    for _ in range(3):
        runner.answer("ok")
    with pytest.raises(AnswerError, match=r"Clockwork cannot keep that: state\.count is out of range \(at most 3\)"):
        runner.answer("ok")
    assert runner.applied == 3 and runner.state.count == 3 and len(runner.session.answers) == 3
    again = Runner(COUNTING, RULES, msgspec.json.decode(msgspec.json.encode(runner.saved_session()),
                                                       type=session.Session))
    assert again.state.count == 3


class Free(msgspec.Struct):
    count: int = 0
    over: bool = False


def test_a_save_holds_at_most_its_number_of_answers(monkeypatch):
    monkeypatch.setattr(session, "ANSWERS", 5)
    game = dataclasses.replace(COUNTING, state_type=Free, new_state=lambda rules, options, seed: Free())
    runner = Runner.new(game, RULES, {}, 1)
    with pytest.raises(AnswerError, match="holds 5 answers"):
        for _ in range(6):
            runner.answer("ok")
    assert runner.applied == 5
    runner.undo(5)
    runner.redo(5)
    assert runner.applied == 5 and len(runner.session.answers) + len(runner.session.redo) == 5



class Piece(msgspec.Struct):
    count: Annotated[int, msgspec.Meta(le=3)] = 0


class Seated(msgspec.Struct):
    """A table of structs, as Root keeps its bots by id: the check decodes the entries that change."""

    bots: Annotated[dict[Annotated[str, msgspec.Meta(max_length=5)], Piece], msgspec.Meta(max_length=3)]
    turn: Annotated[int, msgspec.Meta(le=3)] = 0


def seated(change):
    def play(state, ctx):
        yield TurnStart("Seated")
        while True:
            yield Instruction("Go on")
            change(state)
    return dataclasses.replace(
        COUNTING, id="seated", state_type=Seated, play=play, status=lambda state: Status("", header=""),
        new_state=lambda rules, options, seed: Seated(bots={"a": Piece(), "z": Piece(count=2)}))


def _more(state):
    state.bots["a"].count += 1


def _seat(state):
    state.bots["b" * len(state.bots)] = Piece()


def _longer(state):
    last = list(state.bots)[-1]
    state.bots[last + "bb"] = state.bots.pop(last)


def _turn(state):
    state.turn += 1


@pytest.mark.parametrize("change, refused", [
    (_more, r"state\.bots\[\.\.\.\]\.count is out of range \(at most 3\)"),  # one entry, the other unchanged
    (_seat, r"state\.bots has more than 3 entries"),
    (_longer, r"state\.bots \(a key\) is longer than 5 characters"),
    (_turn, r"state\.turn is out of range \(at most 3\)"),  # the rest of the state
])
def test_a_bound_passed_in_a_table_of_structs_is_refused_as_the_whole_state_names_it(change, refused):
    runner = Runner.new(seated(change), RULES, {}, 1)
    runner.answer("ok")
    with pytest.raises(AnswerError, match=f"^Clockwork cannot keep that: {refused}.$"):
        for _ in range(3):
            runner.answer("ok")
    again = Runner(runner.game, RULES, msgspec.json.decode(msgspec.json.encode(runner.saved_session()),
                                                          type=session.Session))
    assert msgspec.json.encode(again.state) == msgspec.json.encode(runner.state)
