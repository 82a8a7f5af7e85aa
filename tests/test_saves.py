"""Saves a player can trust: atomic writes with a backup, one-line errors that never touch the
file, names that stay in the saves folder, and exact undo/redo and draws across reloads."""

from __future__ import annotations

import errno
import os
import random
import shutil
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import drivers
import per_game
from toy_game import TURN
from tui.engine import saves
from tui.engine.prompts import step_label, valid_answers
from tui.engine.saves import SaveError
from tui.opengame import OpenGame

FIXTURES = Path(__file__).parent / "fixtures" / "saves"


@pytest.fixture
def game(toy, tmp_path):
    og = OpenGame.new("toy", {}, 11, tmp_path / "saves" / "game.json")
    for answer in TURN:
        og.answer(answer)
    return og


def picture(og):
    """Everything a player sees of the game: the state, the history and the next question."""
    runner = og.runner
    return (
        msgspec.json.encode(runner.state),
        [(e.step, e.kind, e.text) for e in runner.session.log],
        msgspec.json.encode(runner.pending),
    )


def play_random(og, steps, seed):
    pick = random.Random(seed)
    for _ in range(steps):
        if og.runner.finished:
            break
        og.answer(pick.choice(valid_answers(og.runner.pending)))


# -- atomic writes ------------------------------------------------------------------------------


def test_each_write_keeps_the_previous_save_as_bak_and_leaves_no_temp_files(game):
    first = game.path.read_bytes()
    game.answer("")
    second = game.path.read_bytes()
    assert second != first
    assert Path(str(game.path) + ".bak").read_bytes() == first
    game.answer("y")
    assert Path(str(game.path) + ".bak").read_bytes() == second
    assert sorted(p.name for p in game.path.parent.iterdir()) == ["game.json", "game.json.bak"]


def test_the_backup_opens_one_step_behind(game):
    game.answer("")
    shutil.copy(str(game.path) + ".bak", game.path.parent / "restored.json")
    restored = OpenGame.open(game.path.parent / "restored.json")
    assert restored.runner.applied == game.runner.applied - 1


@pytest.mark.parametrize("failing", ["replace", "write"])
def test_a_failing_write_raises_save_error_and_keeps_the_previous_save(game, monkeypatch, failing):
    before = game.path.read_bytes()

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as patch, pytest.raises(SaveError) as caught:
        patch.setattr(os, failing, disk_full)
        game.answer("")
    message = str(caught.value)
    assert "\n" not in message and str(game.path) in message and "No space left" in message
    assert game.path.read_bytes() == before
    assert [Path(i.path).name for i in saves.listing(game.path.parent)] == ["game.json"]
    # The answer is kept in memory; the next successful save writes it.
    game.answer("y")
    assert OpenGame.open(game.path).runner.applied == game.runner.applied == 7


# -- unreadable files ---------------------------------------------------------------------------


def _truncated(good: bytes) -> bytes:
    return good[: len(good) // 2]


def _random_bytes(good: bytes) -> bytes:
    return random.Random(4).randbytes(len(good))


def _corrupted(good: bytes) -> bytes:
    # A plausible file with its answers mangled: the damage is found by replaying.
    return good.replace(b'"answer": "y"', b'"answer": "x"', 1)


def _newer(good: bytes) -> bytes:
    return good.replace(b'"format": 1', b'"format": 2', 1)


BAD = {
    "truncated": (_truncated, "not a Clockwork save"),
    "random bytes": (_random_bytes, "not a Clockwork save"),
    "mangled answer": (_corrupted, "does not fit"),
    "newer format": (_newer, "written by a newer Clockwork (save format 2"),
    "empty": (lambda good: b"", "empty file"),
    "only whitespace": (lambda good: b"\n  \n", "empty file"),
    "wrong shape": (lambda good: b'{"format": 1, "game": "toy", "session": 3}', "damaged save"),
}


@pytest.mark.parametrize("kind", BAD)
def test_an_unreadable_save_is_one_line_naming_the_file_and_is_left_untouched(game, kind):
    spoil, problem = BAD[kind]
    bad = game.path.parent / "bad.json"
    data = spoil(game.path.read_bytes())
    bad.write_bytes(data)
    with pytest.raises(SaveError) as caught:
        OpenGame.open(bad)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"{bad}: ") and problem in message
    assert bad.read_bytes() == data
    # The rest of the app carries on: the good save still opens and the listing names the bad one.
    assert OpenGame.open(game.path).runner.applied == 5
    listed = {Path(i.path).name: i.error for i in saves.listing(game.path.parent)}
    assert listed["game.json"] == "" and "bad.json" in listed


def test_a_save_of_another_game_is_refused_when_a_game_is_expected(game):
    before = game.path.read_bytes()
    with pytest.raises(SaveError, match=r"game\.json: a save of 'toy', not 'command-of-nature'$"):
        OpenGame.open(game.path, expect_game="command-of-nature")
    assert game.path.read_bytes() == before


def test_a_folder_is_not_a_save(toy, tmp_path):
    folder = tmp_path / "looks-like.json"
    folder.mkdir()
    with pytest.raises(SaveError, match="is a folder, not a save$"):
        OpenGame.open(folder)
    assert folder.is_dir() and not any(folder.iterdir())


def test_a_missing_save_is_one_line(toy, tmp_path):
    with pytest.raises(SaveError, match=r"nope\.json: no such save$"):
        OpenGame.open(tmp_path / "nope.json")
    assert not (tmp_path / "nope.json").exists()


# -- player-typed names -------------------------------------------------------------------------

HOSTILE = ["../x", "../../etc/passwd", "/etc/passwd", "a/b", "a\\b", "..", ".", "", "   ", "nul\x00name",
           "bell\x07\x1b[2J", "new\nline", "~/x", "....//x", ".hidden", "x" * 500, "ok name_1-2.json"]


@pytest.mark.parametrize("name", HOSTILE)
def test_a_typed_save_name_never_leaves_the_saves_folder(game, tmp_path, name):
    folder = tmp_path / "saves"
    try:
        target = game.save_as(folder, name)
    except SaveError as exc:
        assert "\n" not in str(exc)
        return
    assert target.parent == folder.resolve()
    assert target.name.endswith(".json") and not target.name.startswith(".")
    assert all(c.isprintable() for c in target.name) and len(target.name) <= 90
    assert OpenGame.open(target).runner.applied == 5


@pytest.mark.parametrize("name", ["..", "", "   ", "/", "../", "..\x00"])
def test_names_with_nothing_usable_are_refused(toy, tmp_path, name):
    with pytest.raises(SaveError, match="not a usable save name"):
        saves.path_in(tmp_path, name)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_any_typed_name_stays_in_the_folder(tmp_path_factory, name):
    folder = tmp_path_factory.getbasetemp() / "names"
    try:
        target = saves.path_in(folder, name)
    except SaveError:
        return
    assert target.parent == folder.resolve() and target.name.endswith(".json")


@pytest.mark.parametrize(("name", "why"), [
    ("tuesday", ""), ("tuesday.json", ""), ("café night", ""),
    ("../evil", "no folder or path"), ("a/b", "no folder or path"), ("..\\evil", "no folder or path"),
    ("tues*day", "only letters"), ("x" * 90, "at most 80 characters"),
])
def test_a_name_changed_to_be_usable_says_why(name, why):
    """The notice after Save as names the file used and, when it is not the name typed, why."""
    said = saves.renamed(name)
    assert (said == "") if not why else said.startswith(why)


# -- exact undo, redo and draws across reloads --------------------------------------------------


def test_undo_and_redo_260_steps_across_turns_survive_save_and_reload(toy, tmp_path):
    path = tmp_path / "deep.json"
    og = OpenGame.new("toy", {}, 21, path)
    seen = [picture(og)]
    pick = random.Random(8)
    for _ in range(290):
        og.answer(pick.choice(valid_answers(og.runner.pending)))
        seen.append(picture(og))
    assert og.runner.applied == 290
    assert sum(e.kind == "turn" for e in og.runner.session.log) == 59

    for depth in range(1, 261):
        og.undo()
        if depth % 65 == 0:
            og = OpenGame.open(path)  # reload mid-way: the save carries the undo
        assert picture(og) == seen[290 - depth]
    og = OpenGame.open(path)
    assert og.runner.applied == 30 and picture(og) == seen[30]
    assert len(og.runner.session.redo) == 260

    og.redo(100)
    og = OpenGame.open(path)
    assert picture(og) == seen[130]
    og.redo(1000)
    og = OpenGame.open(path)
    assert picture(og) == seen[290] and not og.runner.session.redo


def lasting_answers(game_id: str, seed: int, steps: int) -> list[str]:
    """Random valid answers that never end the game, so a real game runs across many turns."""
    og = OpenGame.new(game_id, {}, seed, None)
    drivers.play(og, steps, random.Random(seed))
    return [r.answer for r in og.runner.session.answers]


def crossing_game(game_id: str, steps: int, span: int) -> tuple[int, list[str]]:
    """The first seed whose random answers begin two turns or more in their last ``span`` steps
    (random play reports many reactions on the Clockwork's turn, whose gold can keep one turn
    going for long; which seed does depends on the questions the game asks)."""
    for seed in range(1, 60):
        og = OpenGame.new(game_id, {}, seed, None)
        drivers.play(og, steps, random.Random(seed))
        answers = [r.answer for r in og.runner.session.answers]
        top = len(answers)
        if top == steps and sum(e.kind == "turn" and e.step > top - span for e in og.runner.session.log) >= 2:
            return seed, answers
    raise AssertionError(f"no seed of {game_id} crosses two turns in {span} steps")


def test_the_real_game_undoes_and_redoes_270_steps_across_rounds_through_reloads(tmp_path):
    seed, answers = crossing_game("command-of-nature", 400, 270)
    path = tmp_path / "sage.json"
    og = OpenGame.new("command-of-nature", {}, seed, path)
    seen = [picture(og)]
    for answer in answers:
        og.answer(answer)
        seen.append(picture(og))
    top = len(answers)
    turns_at = [sum(kind == "turn" for _, kind, _ in p[1]) for p in seen]
    assert turns_at[top] - turns_at[top - 270] >= 2  # the undo crosses turn boundaries

    for _ in range(3):
        og.undo(90)
        og = OpenGame.open(path)
    assert og.runner.applied == top - 270 and picture(og) == seen[top - 270]
    og.redo(135)
    og = OpenGame.open(path)
    assert picture(og) == seen[top - 135]
    og.redo(1000)
    og = OpenGame.open(path)
    assert picture(og) == seen[top]


def test_undo_to_a_line_of_the_history_survives_reload(game):
    line = next(e for e in game.runner.session.log if e.text == "Pick → alpha")
    expected = OpenGame.new("toy", {}, 11, None)
    for answer in TURN[: line.step]:
        expected.answer(answer)
    game.undo_to(line.step)
    assert picture(OpenGame.open(game.path)) == picture(expected)


def test_the_same_seed_and_answers_give_the_same_draws_across_save_and_reload(toy, tmp_path):
    straight = OpenGame.new("toy", {}, 99, None)
    play_random(straight, 150, seed=5)
    answers = [r.answer for r in straight.runner.session.answers]

    path = tmp_path / "reloaded.json"
    og = OpenGame.new("toy", {}, 99, path)
    for i, answer in enumerate(answers):
        if i % 37 == 0:
            og = OpenGame.open(path)
        og.answer(answer)
    og = OpenGame.open(path)
    assert picture(og) == picture(straight)

    def draws(o):
        return [e.text for e in o.runner.session.log if e.text.startswith(("drew", "rolled", "reshuffled"))]

    other = OpenGame.new("toy", {}, 100, None)
    for answer in answers:
        other.answer(answer)
    assert draws(og) == draws(straight) and draws(other) != draws(straight)


# -- one fixture per save format ----------------------------------------------------------------


def test_every_save_format_has_a_fixture():
    versions = {msgspec.json.decode(p.read_bytes())["format"] for p in FIXTURES.glob("*.json")}
    assert versions == set(range(1, saves.FORMAT_VERSION + 1))


@pytest.mark.parametrize("game", per_game.ids())
def test_every_game_has_a_fixture_save(game):
    """Each registered game keeps a save a released Clockwork made (make_fixture.py, from its
    FIXTURE in tests/per_game): every later Clockwork must still open and replay it."""
    assert list(FIXTURES.glob(f"format-*-{game}.json")), \
        f"{game} has no fixture save: python tests/fixtures/saves/make_fixture.py {game}"


@pytest.mark.parametrize("fixture", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.name)
def test_a_fixture_save_still_opens_and_replays_exactly(fixture, tmp_path):
    path = tmp_path / fixture.name
    shutil.copy(fixture, path)
    og = OpenGame.open(path)
    saved = msgspec.json.decode(fixture.read_bytes())
    assert og.runner.applied == len(saved["session"]["answers"]) > 100
    assert og.runner.summary() == saved["summary"]
    loaded = picture(og)
    og.undo(og.runner.applied)
    assert og.runner.applied == 0
    og.redo(10_000)
    assert picture(og) == loaded
    assert picture(OpenGame.open(path)) == loaded
    assert fixture.read_bytes() == (FIXTURES / fixture.name).read_bytes()


@pytest.mark.parametrize("game", ["eu-price-of-power", "heirless"])
def test_colours_picked_in_a_save_made_before_replay_to_the_same_colours(game, tmp_path):
    """Issue 24: a colour keeps its number at setup from facts_version 3 on; a save made before
    holds positions among the colours still free, and each replays to the colour it picked then
    (the label the save keeps names it)."""
    path = tmp_path / "old.json"
    shutil.copy(FIXTURES / f"format-1-{game}.json", path)
    runner = OpenGame.open(path).runner
    runner.undo(runner.applied)
    picked = 0
    while runner.session.redo:
        record = runner.session.redo[0]
        if " colour → " in record.label:
            assert step_label(runner.pending, record.answer) == record.label
            picked += 1
        runner.redo()
    assert picked >= 2


@pytest.mark.parametrize("game", ["eu-price-of-power", "heirless"])
def test_a_colour_picked_anew_in_a_save_made_before_replays_as_picked(game, tmp_path):
    """Undone back to a colour question of a save made before facts_version 3, the question is
    asked as played then (positions among the free colours); a different colour picked there, and
    the colours asked after it, are the same once the save is opened again."""
    path = tmp_path / "old.json"
    shutil.copy(FIXTURES / f"format-1-{game}.json", path)
    og = OpenGame.open(path)
    colours = [i for i, a in enumerate(og.runner.session.answers) if " colour → " in a.label]
    og.undo(og.runner.applied - colours[1])
    old = og.runner.session.redo[0]
    other = [o for o in og.runner.pending.options if o.key != old.answer][-1]  # numbered otherwise now
    assert og.answer(other.key).endswith(f" colour → {other.label}")
    while og.runner.pending is not None and og.runner.applied < colours[1] + 40:
        og.answer(valid_answers(og.runner.pending)[0])
    again = OpenGame.open(path).runner
    assert [r.label for r in again.session.answers] == [r.label for r in og.runner.session.answers]
    assert again.session.log == og.runner.session.log


def test_names_in_any_script_are_kept(tmp_path):
    """A player naming a save in their own language gets that name, still inside the folder."""
    for name, file in (("Ölspiel", "Ölspiel.json"), ("日本の夜", "日本の夜.json"), ("partie d'été", "partie d-été.json")):
        path = saves.path_in(tmp_path, name)
        assert path.parent == tmp_path.resolve()
        assert path.name == file
