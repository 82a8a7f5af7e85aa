"""The `clockwork` command: what a player or a script sees on stdout, stderr and in the save.

Most tests drive main() in-process with the toy game (tests/toy_game.py) so they do not depend on
any real game's rules; the subprocess tests run the installed command with the shipped game.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import random
import subprocess
import sys
import types
from pathlib import Path

import msgspec
import pytest

import toy_game
from toy_game import TOY_TOML, TURN
import tui.games
from tui import cli
from tui.engine import saves
from tui.engine.prompts import valid_answers
from tui.opengame import OpenGame



@pytest.fixture
def save(toy, tmp_path, capsys):
    path = tmp_path / "game.json"
    assert cli.main(["new", "toy", "--seed", "5", "--save", str(path)]) == 0
    capsys.readouterr()
    return path


def run(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def fails_in_one_line(capsys, *argv):
    code, out, err = run(capsys, *argv)
    assert code != 0
    assert err.count("\n") == 1 and err.startswith("clockwork: "), err
    assert "Traceback" not in err
    return err


def state_of(path):
    og = OpenGame.open(path)
    return msgspec.json.encode(og.runner.state), [e.text for e in og.runner.session.log], og.runner.applied


# -- new ----------------------------------------------------------------------------------------


def test_new_saves_a_game_with_default_options_and_shows_the_first_question(toy, tmp_path, capsys):
    path = tmp_path / "g.json"
    code, out, err = run(capsys, "new", "toy", "--seed", 5, "--save", path)
    assert code == 0 and err == ""
    assert "seed 5" in out and "gold=3" in out
    assert "drew " in out  # the first turn's draw is shown
    assert "Next (step 1): Read" in out and "press Enter" in out
    og = OpenGame.open(path)
    assert og.runner.session.seed == 5 and og.runner.session.options == {"gold": "3"}


def test_new_without_a_suffix_saves_a_json_the_app_lists(toy, tmp_path, capsys):
    code, out, _ = run(capsys, "new", "toy", "--seed", 1, "--save", tmp_path / "tuesday")
    assert code == 0 and str(tmp_path / "tuesday.json") in out
    assert [Path(i.path).name for i in saves.listing(tmp_path)] == ["tuesday.json"]


def test_games_lists_each_game_with_its_options_and_defaults(toy, capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert out.splitlines() == ["toy  Toy · test game", "  --option gold=0..9  (default 3) Gold"]


def test_new_with_an_option(toy, tmp_path, capsys):
    path = tmp_path / "g.json"
    assert run(capsys, "new", "toy", "--seed", 1, "--option", "gold=7", "--save", path)[0] == 0
    assert OpenGame.open(path).runner.state.gold.value == 7


@pytest.mark.parametrize(
    "option, named",
    [("gold=11", "gold"), ("gold=lots", "gold"), ("colour=red", "colour"), ("gold", "gold")],
)
def test_new_with_a_bad_option_is_one_line_naming_it_and_saves_nothing(toy, tmp_path, capsys, option, named):
    path = tmp_path / "g.json"
    err = fails_in_one_line(capsys, "new", "toy", "--option", option, "--save", path)
    assert named in err
    assert not path.exists()


def test_new_unknown_game_is_one_line_listing_known_games(toy, tmp_path, capsys):
    err = fails_in_one_line(capsys, "new", "chess", "--save", tmp_path / "g.json")
    assert "chess" in err and "toy" in err


def test_new_with_a_broken_ruleset_is_one_line_pointing_to_validate(toy, tmp_path, capsys, monkeypatch):
    picky = dataclasses.replace(toy_game.GAME, validate=lambda rules: [("cards", "too few"), ("cards[0]", "odd")])
    monkeypatch.setattr(tui.games, "all_games", lambda: {"toy": picky})
    err = fails_in_one_line(capsys, "new", "toy", "--save", tmp_path / "g.json")
    assert f"{toy / 'toy.toml'}: cards: too few (and 1 more: clockwork validate {toy / 'toy.toml'})" in err
    assert not (tmp_path / "g.json").exists()


def test_new_does_not_replace_an_existing_save_unless_forced(save, capsys):
    before = save.read_bytes()
    err = fails_in_one_line(capsys, "new", "toy", "--seed", 9, "--save", save)
    assert "already exists" in err and save.read_bytes() == before
    assert run(capsys, "new", "toy", "--seed", 9, "--save", save, "--force")[0] == 0
    assert OpenGame.open(save).runner.session.seed == 9
    assert Path(str(save) + ".bak").read_bytes() == before


# -- step ---------------------------------------------------------------------------------------


def test_step_applies_answers_in_order_and_prints_labels_log_and_next_question(save, capsys):
    code, out, err = run(capsys, "step", save, *TURN, "")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["1", "✓", "Read", lines[0].split()[-2], "aloud"]
    assert any("Pay 1 gold? → yes" in line for line in lines)
    assert any("pays 1 gold: 3 → 2" in line for line in lines)
    assert any(line.startswith("── Turn 2") for line in lines)
    assert lines[-2] == "Next (step 7): Pay 1 gold?"
    assert lines[-1] == "  answer: y (yes) or n (no)"
    assert OpenGame.open(save).runner.applied == 6


@pytest.mark.parametrize(
    "answers, shown",
    [
        (["", "y"], "answer: 1 = one, a = alpha"),
        (["", "y", "1"], "a whole number from 0 to 3"),
        (["", "y", "1", "0"], "a card name (a unique beginning is enough): c0, c1"),
    ],
)
def test_the_next_question_says_how_to_answer_it(save, capsys, answers, shown):
    out = run(capsys, "step", save, *answers)[1]
    assert shown in out


def test_step_with_no_answers_only_shows_the_question(save, capsys):
    code, out, _ = run(capsys, "step", save)
    assert code == 0
    assert out.startswith("Next (step 1): Read") and OpenGame.open(save).runner.applied == 0


def test_a_bad_answer_stops_with_one_line_and_keeps_the_earlier_answers(save, capsys):
    err = fails_in_one_line(capsys, "step", save, "", "y", "z", "1")
    assert "step 3" in err and "'z'" in err and "Choose one of: 1, a" in err
    assert OpenGame.open(save).runner.applied == 2


def test_random_steps_then_reload_give_the_same_state_as_the_same_answers_in_memory(save, capsys):
    assert run(capsys, "step", save, "--random", 200, "--seed", 7)[0] == 0
    saved = state_of(save)
    assert saved[2] == 200
    # The same driver seed picks the same answers; replaying them without any file matches.
    twin = OpenGame.new("toy", {}, 5, None)
    pick = random.Random(7)
    for _ in range(200):
        twin.answer(pick.choice(valid_answers(twin.runner.pending)))
    assert saved == (msgspec.json.encode(twin.runner.state), [e.text for e in twin.runner.session.log], 200)


def test_random_steps_stop_cleanly_when_the_game_ends(save, capsys):
    code, out, _ = run(capsys, "step", save, "--random", 1000, "--seed", 1)
    assert code == 0
    assert out.rstrip().endswith("The game is over.")
    og = OpenGame.open(save)
    assert og.runner.finished and og.runner.applied == 300
    err = fails_in_one_line(capsys, "step", save, "y")
    assert "game is over" in err


# -- undo / redo --------------------------------------------------------------------------------


def test_undo_and_redo_say_what_they_did_and_persist(save, capsys):
    run(capsys, "step", save, *TURN)
    before = state_of(save)
    code, out, _ = run(capsys, "undo", save, 2)
    assert code == 0
    assert out.splitlines()[:2] == ["Undone: Which card? → c1", "Undone: How many? → 2"]
    assert "Next (step 4): How many?" in out
    assert OpenGame.open(save).runner.applied == 3
    code, out, _ = run(capsys, "redo", save)
    assert out.splitlines()[0] == "Redone 1 step:" and "How many? → 2" in out
    run(capsys, "redo", save, 5)
    assert state_of(save) == before
    out = run(capsys, "redo", save)[1]
    assert out.startswith("Nothing to redo.")


def test_undo_with_nothing_to_undo(save, capsys):
    code, out, _ = run(capsys, "undo", save)
    assert code == 0 and out.startswith("Nothing to undo.")


def test_step_flags_that_do_not_go_together(save, capsys):
    before = save.read_bytes()
    fails_in_one_line(capsys, "step", save, "y", "--random", 3)
    fails_in_one_line(capsys, "step", save, "--seed", 3)
    assert save.read_bytes() == before


def test_undo_count_must_be_positive(save, capsys):
    fails_in_one_line(capsys, "undo", save, 0)
    fails_in_one_line(capsys, "undo", save, "many")


# -- show / log ---------------------------------------------------------------------------------


def test_show_prints_the_game_view_and_the_next_question(save, capsys):
    run(capsys, "step", save, "", "y")
    code, out, _ = run(capsys, "show", save)
    assert code == 0
    assert out.startswith("Toy · test game\n")
    assert "seed 5" in out and "gold=3" in out and "2 steps answered" in out
    assert "Bank:" in out and "Gold  2 [0 to 9]" in out
    assert "Steps:\n  ✓ draw" in out
    assert "Next (step 3): Pick" in out
    assert "\x1b" not in out


def test_show_json_is_the_save_envelope(save, capsys):
    run(capsys, "step", save, "", "y")
    code, out, _ = run(capsys, "show", save, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == saves.FORMAT_VERSION and data["game"] == "toy"
    assert [a["answer"] for a in data["session"]["answers"]] == ["ok", "y"]
    assert saves.decode(out.encode(), "stdout") == saves.read(save)


def test_log_has_turn_headers_and_step_numbers(save, capsys):
    run(capsys, "step", save, *TURN, "", "n")
    code, out, _ = run(capsys, "log", save)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "── Turn 1 ──"
    assert "── Turn 2 ──" in lines
    answered = [line for line in lines if line[:5].strip().isdigit() and line[7] != " "]  # effects are indented
    assert [int(line.split()[0]) for line in answered] == list(range(1, 8))
    assert lines[-1].split()[0] == "7" and lines[-1].endswith("Pay 1 gold? → no")


# -- validate -----------------------------------------------------------------------------------


def test_validate_good_and_bad_rulesets(toy, tmp_path, capsys):
    good = toy / "toy.toml"
    bad = tmp_path / "bad.toml"
    bad.write_text(TOY_TOML.replace('version = "1"', "version = 1"))
    other = tmp_path / "other.toml"
    other.write_text(TOY_TOML.replace('game = "toy"', 'game = "chess"'))
    broken = tmp_path / "broken.toml"
    broken.write_text("cards = [")
    code, out, err = run(capsys, "validate", good, bad, other, broken)
    assert code == 1
    assert out == f"ok: {good}\n"
    lines = err.splitlines()
    assert lines[0] == f"{bad}: ruleset.version: Expected `str`, got `int`"
    assert lines[1] == f"{other}: ruleset.game: unknown game 'chess' (known: toy)"
    assert lines[2].startswith(f"{broken}: (top): not valid TOML")
    assert len(lines) == 3


def test_validate_without_files_checks_every_shipped_ruleset(toy, capsys):
    code, out, _ = run(capsys, "validate")
    assert code == 0 and out == f"ok: {toy / 'toy.toml'}\n"


# -- errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["show", "log", "step", "undo", "redo"])
@pytest.mark.parametrize(
    "content, problem",
    [
        (None, "no such save"),
        (b"", "empty file"),
        (b"\x00\xff garbage \x13", "not a Clockwork save"),
        (b'{"format": 99, "game": "toy"}', "newer Clockwork"),
        (b'{"format": 1, "game": "chess"}', "damaged save"),
    ],
)
def test_unreadable_saves_are_one_line_and_untouched(toy, tmp_path, capsys, command, content, problem):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_bytes(content)
    err = fails_in_one_line(capsys, command, path)
    assert str(path) in err and problem in err
    assert (path.read_bytes() if path.exists() else None) == content


def test_a_truncated_save_is_one_line(save, capsys):
    data = save.read_bytes()
    save.write_bytes(data[: len(data) // 2])
    err = fails_in_one_line(capsys, "show", save)
    assert str(save) in err
    assert save.read_bytes() == data[: len(data) // 2]


def test_a_save_of_an_unknown_game_is_one_line(save, capsys):
    save.write_bytes(save.read_bytes().replace(b'"game": "toy"', b'"game": "chess"', 1))
    err = fails_in_one_line(capsys, "show", save)
    assert "unknown game 'chess'" in err


@pytest.mark.parametrize(
    "argv",
    [["step"], ["frobnicate"], ["new", "toy"], ["undo", "x.json", "1", "2"], ["new", "toy", "--seed", "x", "--save", "y"]],
)
def test_usage_errors_are_one_line(toy, capsys, argv):
    fails_in_one_line(capsys, *argv)


def test_help_exits_zero(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "validate" in out and "--saves-dir" in out


# -- line mode ----------------------------------------------------------------------------------


def play_plain(monkeypatch, capsys, path, typed):
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code, out, err = run(capsys, "play", "--plain", path)
    return code, out, err


def test_plain_mode_answers_line_by_line_and_ends_cleanly_at_end_of_input(save, monkeypatch, capsys):
    code, out, err = play_plain(monkeypatch, capsys, save, "\ny\nmaybe\na\n")
    assert code == 0 and err == ""
    assert "\x1b" not in out
    lines = out.splitlines()
    assert "1> Read" in out and "2> Pay 1 gold?  [y (yes) or n (no)]" in lines
    assert "! Choose one of: 1, a." in lines
    assert lines.count("3> Pick  [1 = one, a = alpha]") == 2  # asked again after the bad answer
    assert any(line.endswith("Pick → alpha") for line in lines)
    assert lines[-1].startswith("4> How many?")
    assert OpenGame.open(save).runner.applied == 3


def test_plain_mode_commands(save, monkeypatch, capsys):
    typed = "\n".join(["", "y", "undo", "undo 5", "redo 2", "log", "show", "help", "=a", "quit", "1"]) + "\n"
    code, out, _ = play_plain(monkeypatch, capsys, save, typed)
    assert code == 0
    assert "Undone: Pay 1 gold? → yes" in out and "Undone: ✓ Read" in out
    assert "Nothing to undo." not in out.split("Undone: ✓ Read")[0]
    assert "── Turn 1 ──" in out  # log
    assert "Bank:" in out  # show
    assert "undo [N]" in out  # help
    assert "Pick → alpha" in out  # '=a' answered, and quit stopped before '1'
    og = OpenGame.open(save)
    assert [r.answer for r in og.runner.session.answers] == ["ok", "y", "a"]


def test_plain_mode_at_game_end_says_so(save, monkeypatch, capsys):
    run(capsys, "step", save, "--random", 400, "--seed", 2)
    code, out, _ = play_plain(monkeypatch, capsys, save, "y\n")
    assert code == 0 and "The game is over." in out and "game is over" in out.split("The game is over.", 1)[1]


def test_plain_mode_reports_a_failing_save_and_exits_non_zero(save, monkeypatch, capsys):
    def disk_full(path, save_file):
        raise saves.SaveError(f"{path}: could not save (No space left on device); the previous save is intact")

    before = save.read_bytes()
    monkeypatch.setattr(saves, "write", disk_full)
    code, out, _ = play_plain(monkeypatch, capsys, save, "\ny\n")
    assert code == 1
    assert out.count("! ") == 2 and "No space left on device" in out
    assert "2  Pay 1 gold? → yes" in out  # play goes on; the answers are kept in memory
    assert save.read_bytes() == before


# -- the app commands ---------------------------------------------------------------------------


@pytest.fixture
def fake_app(monkeypatch):
    """Stands in for tui.app so the wiring can be checked without a terminal."""
    seen = {}

    class ClockworkApp:
        return_code = None

        def __init__(self, saves_dir, opened=None, watch=False, notices=(), restricted=False):
            seen.update(saves_dir=saves_dir, open_path=opened.path if opened else None)
            if watch or restricted:
                seen.update(watch=watch, restricted=restricted)

        def run(self):
            seen["ran"] = True

    monkeypatch.setitem(sys.modules, "tui.app", types.SimpleNamespace(ClockworkApp=ClockworkApp))
    monkeypatch.setattr(cli, "_has_terminal", lambda: True)
    return seen


def test_clockwork_opens_the_home_screen_in_the_saves_folder(fake_app, monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("CLOCKWORK_SAVES", str(tmp_path / "env"))
    assert run(capsys, "--saves-dir", tmp_path / "mine")[0] == 0
    assert fake_app == {"saves_dir": tmp_path / "mine", "open_path": None, "ran": True}
    fake_app.clear()
    assert run(capsys)[0] == 0
    assert fake_app["saves_dir"] == tmp_path / "env"


def test_play_opens_the_save_in_the_app(fake_app, save, capsys):
    assert run(capsys, "play", save)[0] == 0
    assert fake_app["open_path"] == save and fake_app["ran"]


def test_play_with_a_bad_save_is_one_line_before_the_app_starts(fake_app, tmp_path, capsys):
    fails_in_one_line(capsys, "play", tmp_path / "missing.json")
    assert fake_app == {}


def test_the_app_without_a_terminal_is_one_line(capsys, monkeypatch):
    monkeypatch.setattr(cli, "_has_terminal", lambda: False)
    err = fails_in_one_line(capsys)
    assert "needs a terminal" in err


def test_list_shows_saves_in_the_saves_folder(save, capsys):
    (save.parent / "junk.json").write_text("nope")
    out = run(capsys, "list", "--saves-dir", save.parent)[1]
    assert f"{save}  toy  Turn 1" in out
    assert f"{save.parent / 'junk.json'}: " in out and "not a Clockwork save" in out


# -- the installed command ----------------------------------------------------------------------


def clockwork(*argv, cwd, closed_stdin=False):
    exe = Path(sys.executable).with_name("clockwork")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "tui"]
    if closed_stdin:  # not even /dev/null: file descriptor 0 is closed
        cmd = ["sh", "-c", 'exec "$@" <&-', "sh", *cmd]
    env = {k: v for k, v in os.environ.items() if k not in ("CLOCKWORK_RULESETS", "CLOCKWORK_SAVES")}
    return subprocess.run(
        [*cmd, *map(str, argv)], stdin=subprocess.DEVNULL, capture_output=True, text=True, cwd=cwd, env=env, timeout=60
    )


def test_installed_command_plays_the_shipped_game_without_a_terminal(tmp_path):
    path = tmp_path / "g.json"
    done = clockwork("new", "command-of-nature", "--seed", 3, "--save", path, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Next (step 1)" in done.stdout
    done = clockwork("step", path, "--random", 40, "--seed", 1, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    done = clockwork("show", path, cwd=tmp_path)
    assert done.returncode == 0 and "Command of Nature" in done.stdout
    for closed in (False, True):  # no input: line mode ends at once
        done = clockwork("play", "--plain", path, cwd=tmp_path, closed_stdin=closed)
        assert done.returncode == 0 and done.stderr == ""
        assert "\x1b" not in done.stdout and "Type help for commands." in done.stdout


def test_installed_command_errors_are_one_line_without_traceback(tmp_path):
    for argv in (["show", tmp_path / "missing.json"], [], ["new", "chess", "--save", tmp_path / "x.json"]):
        for closed in (False, True):
            done = clockwork(*argv, cwd=tmp_path, closed_stdin=closed)
            assert done.returncode != 0
            assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
            assert "internal error" not in done.stderr


def test_python_dash_m_tui_is_the_same_command(tmp_path):
    done = subprocess.run([sys.executable, "-m", "tui", "--help"], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0 and "usage: clockwork" in done.stdout


def test_shipped_rulesets_validate(tmp_path):
    done = clockwork("validate", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "ok: " in done.stdout and "command-of-nature.toml" in done.stdout


def test_escape_codes_inside_a_save_are_shown_not_obeyed(save, capsys):
    run(capsys, "step", save, "", "y")
    data = save.read_bytes().replace(b"Pay 1 gold?", b"Pay\\u001b[2J\\u0007 1 gold?")
    save.write_bytes(data)
    for argv in (["log", save], ["show", save, "--json"]):
        code, out, _ = run(capsys, *argv)
        assert code == 0 and "\x1b" not in out and "\x07" not in out
    code, out, _ = run(capsys, "undo", save)
    assert out.splitlines()[0] == "Undone: Pay\\x1b[2J\\x07 1 gold? → yes"
    save.write_bytes(data.replace(b'"game": "toy"', b'"game": "to\\u001b]0;pwned\\u0007y"', 1))
    err = fails_in_one_line(capsys, "show", save)
    assert "\x1b" not in err and "to\\x1b]0;pwned\\x07y" in err
