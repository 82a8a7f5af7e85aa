"""Restricted mode for a shared SSH account (issue 7): `clockwork --restricted` or
CLOCKWORK_RESTRICTED=1, as an sshd ForceCommand. Each refusal is one line and changes nothing."""

from __future__ import annotations

import os
import signal

import pytest
from drivers import hint_line

import toy_game
from test_app_support import make_app, running, sync
from tui import cli
from tui.engine import saves
from tui.opengame import OpenGame

REAL_LOAD_RULES = OpenGame.__dict__["load_rules"]


@pytest.fixture
def folder(toy, tmp_path, monkeypatch, capsys):
    """The admin's saves folder (CLOCKWORK_SAVES) with one toy game in it, made before restriction.
    The toy's ruleset is held in memory (it ships nowhere) so restricted runs can play it."""
    monkeypatch.setattr(OpenGame, "load_rules", staticmethod(lambda game: toy_game.RULES))
    place = tmp_path / "saves"
    assert cli.main(["new", "toy", "--seed", "5", "--save", str(place / "game.json")]) == 0
    monkeypatch.setenv("CLOCKWORK_SAVES", str(place))
    capsys.readouterr()
    return place


def refused(capsys, *argv) -> str:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code != 0 and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_the_saves_folder_comes_from_the_environment_only(folder, tmp_path, capsys, monkeypatch):
    err = refused(capsys, "--restricted", "--saves-dir", tmp_path, "list")
    assert "set by the administrator" in err
    monkeypatch.setenv("CLOCKWORK_RESTRICTED", "1")  # the same from the environment
    assert "set by the administrator" in refused(capsys, "list", "--saves-dir", tmp_path)
    assert cli.main(["list"]) == 0 and "game.json" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["play", "watch", "show", "log", "step", "undo", "redo"])
def test_no_save_outside_the_saves_folder(folder, tmp_path, capsys, command):
    outside = tmp_path / "elsewhere.json"
    outside.write_bytes((folder / "game.json").read_bytes())
    for path in (outside, folder / ".." / "elsewhere.json", folder / "sub" / "game.json"):
        assert "only saves inside" in refused(capsys, "--restricted", command, path)
    assert outside.read_bytes() == (folder / "game.json").read_bytes()


def test_a_bare_name_means_a_save_in_the_folder(folder, capsys):
    assert cli.main(["--restricted", "show", "game"]) == 0
    assert "Turn 1" in capsys.readouterr().out
    assert cli.main(["--restricted", "step", str(folder / "game.json"), ""]) == 0
    assert OpenGame.open(folder / "game.json").runner.applied == 1


def test_new_games_only_in_the_folder(folder, tmp_path, capsys):
    assert "only saves inside" in refused(capsys, "--restricted", "new", "toy", "--save", tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()
    assert "only saves inside" in refused(capsys, "--restricted", "new", "toy", "--save", "../x")
    assert cli.main(["--restricted", "new", "toy", "--seed", "1", "--save", "mine"]) == 0
    assert (folder / "mine.json").exists()


def test_no_ruleset_from_an_arbitrary_path(folder, toy, capsys, monkeypatch):
    """CLOCKWORK_RULESETS (here the toy's folder) is ignored: only the shipped rulesets load,
    which have no toy game, so the toy cannot be set up."""
    monkeypatch.setattr(OpenGame, "load_rules", REAL_LOAD_RULES)
    assert os.environ["CLOCKWORK_RULESETS"] == str(toy)
    err = refused(capsys, "--restricted", "new", "toy", "--save", "other")
    assert str(toy) not in err and "toy.toml" in err
    assert "validate checks only the shipped" in refused(capsys, "--restricted", "validate", toy / "toy.toml")


def test_no_web_server_from_a_restricted_account(folder, capsys):
    assert "not available" in refused(capsys, "--restricted", "web", "--port", "8123")


def test_debug_and_screenshot_settings_are_dropped(folder, monkeypatch, capsys):
    """Textual's devtools, log file and auto-screenshot would write or connect where the admin did not say."""
    for name in ("TEXTUAL", "TEXTUAL_LOG", "TEXTUAL_SCREENSHOT", "TEXTUAL_SCREENSHOT_LOCATION"):
        monkeypatch.setenv(name, "/tmp/x")
    monkeypatch.setenv("TEXTUAL_DRIVER", "evil.module:Driver")
    assert cli.main(["--restricted", "log", "game"]) == 0
    capsys.readouterr()
    assert not {"TEXTUAL", "TEXTUAL_LOG", "TEXTUAL_SCREENSHOT", "TEXTUAL_DRIVER"} & set(os.environ)


def test_the_app_is_told_it_is_restricted(folder, monkeypatch, capsys):
    seen = {}

    class App:
        return_code = 0

        def __init__(self, saves_dir, opened=None, watch=False, notices=(), restricted=False):
            seen.update(saves_dir=saves_dir, open_path=opened.path, restricted=restricted)

        def run(self):
            pass

    monkeypatch.setattr(cli, "_has_terminal", lambda: True)
    monkeypatch.setattr("tui.app.ClockworkApp", App)
    assert cli.main(["--restricted", "play", "game"]) == 0
    assert seen == {"saves_dir": folder, "open_path": saves.path_in(folder, "game"), "restricted": True}


@sync
async def test_no_suspend_to_the_shell_and_a_palette_that_stays_inside(folder, monkeypatch):
    kills = []
    monkeypatch.setattr(os, "kill", lambda pid, sig: kills.append(sig))
    app = make_app(folder, folder / "game.json")
    app.restricted = True
    async with running(app) as pilot:
        app.action_suspend_process()
        await pilot.pause()
        assert signal.SIGTSTP not in kills
        assert "restricted" in hint_line(app.screen)  # said under the question, not over it
        names = {c.title for c in app.get_system_commands(app.screen)}
        assert names <= {"New game", "Load", "Save as", "Undo", "Redo", "History", "Quit"}
