"""Issue 14, found when verifying it as a hostile or unlucky user would:

- a hard link planted at the lock's name (to a file of the player's) is never written or chmodded;
- something at the lock's name that cannot be removed (a folder, another account's file in a
  sticky folder) never lets the save be played unlocked: a folder is moved aside, the rest refuse
  in one line; a full disk never costs the lock itself;
- a name given to `new` leaves room for its .bak, .lock and temporary names;
- a planted file name's newline never splits a line of `list` or `show`;
- a plain GET of the web page's WebSocket address is a 400, not a traceback;
- the not-saved banner keeps what to do in sight at 80 columns whatever the path's length.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from test_app_support import app_on, make_app, sync, toy  # noqa: F401  (the in-memory toy: readable by any account)
from test_resilience import FailingOs
from test_safe_accounts import ANN, BO, as_account, can_switch_uid, table  # noqa: F401
from toy_game import TURN
from tui import cli
from tui.engine import files, savelock
from tui.engine.savelock import Locked, LockUnavailable, SaveLock
from tui.engine.saves import SaveError
from tui.opengame import OpenGame, take_lock
from tui.screens.game import GameScreen
from tui.widgets.unsaved_bar import UnsavedBar, fitted


@pytest.fixture
def game(toy, tmp_path):  # noqa: F811
    og = OpenGame.new("toy", {}, 11, tmp_path / "saves" / "game.json")
    og.answer(TURN[0])
    og.release()
    return og


# -- the lock's name --------------------------------------------------------------------------


def test_a_hard_link_planted_at_the_lock_name_is_never_written_or_chmodded(game, tmp_path):
    victim = tmp_path / "notes.txt"
    victim.write_text("mine\n")
    victim.chmod(0o600)
    os.link(victim, savelock.lock_path(game.path))
    lock = SaveLock.acquire(game.path)
    try:
        assert victim.read_text() == "mine\n" and stat.S_IMODE(victim.stat().st_mode) == 0o600
        assert os.fstat(lock.fd).st_nlink == 1 and not os.path.samefile(victim, lock.path)
    finally:
        lock.release()
    assert victim.read_text() == "mine\n" and not lock.path.exists()


def test_a_held_lock_with_a_second_name_stays_held(game, tmp_path):
    """A backup's hard link to a lock someone holds is no reason to take the save from them."""
    lock = SaveLock.acquire(game.path)
    try:
        os.link(lock.path, tmp_path / "backup-of-the-lock")
        with pytest.raises(Locked):
            SaveLock.acquire(game.path, wait=0.05)
    finally:
        lock.release()


def test_a_folder_at_the_lock_name_is_moved_aside_not_played_around(game):
    planted = savelock.lock_path(game.path)
    planted.mkdir()
    (planted / "x").write_text("x")
    lock = SaveLock.acquire(game.path)
    try:
        assert lock.path.is_file()
        aside = [p for p in game.path.parent.iterdir() if p.name.startswith(planted.name + ".damaged-")]
        assert len(aside) == 1 and (aside[0] / "x").read_text() == "x"
    finally:
        lock.release()


def test_a_lock_name_that_cannot_be_cleared_refuses_play_in_one_line(game, monkeypatch, capsys):
    """As another account's 0644 lock file in a sticky folder: nobody may play it unlocked."""
    planted = savelock.lock_path(game.path)
    planted.mkdir()
    monkeypatch.setattr(savelock.files, "set_aside", lambda p, stamp: None)  # cannot be moved
    with pytest.raises(LockUnavailable) as caught:
        take_lock(game.path)
    assert isinstance(caught.value, SaveError) and "\n" not in str(caught.value)
    with pytest.raises(SaveError):
        OpenGame.open_to_play(game.path)
    assert cli.main(["step", str(game.path), TURN[1]]) == 1
    assert cli.main(["new", "toy", "--force", "--seed", "1", "--save", str(game.path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "cannot be taken" in err and "internal error" not in err
    assert OpenGame.open(game.path).runner.applied == 1
    assert cli.main(["show", str(game.path)]) == 0  # reading and watching still work


def test_a_read_only_folder_still_plays_without_a_lock(game, monkeypatch):
    """No write can happen there either: each failing autosave says so (unchanged behaviour)."""
    def refuse(folder, stem):
        raise PermissionError(errno.EACCES, "Permission denied", str(folder))

    monkeypatch.setattr(savelock.files, "create_exclusive", refuse)
    monkeypatch.setattr(savelock.os, "access", lambda path, mode: False)
    assert take_lock(game.path) is None


def test_a_full_disk_never_costs_the_lock_itself(game, monkeypatch):
    real_pwrite = os.pwrite

    def full(fd, data, offset):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(savelock.os, "pwrite", full)
    lock = SaveLock.acquire(game.path)
    monkeypatch.setattr(savelock.os, "pwrite", real_pwrite)
    try:
        assert lock.held
        with pytest.raises(Locked):
            SaveLock.acquire(game.path, wait=0.05)
    finally:
        lock.release()
    assert not savelock.lock_path(game.path).exists()


@pytest.mark.skipif(not can_switch_uid(), reason="needs the right to switch uid (run as root)")
def test_in_a_sticky_folder_another_accounts_save_is_refused_without_leftovers(toy, table):  # noqa: F811
    folder, _ = table
    folder.chmod(0o3775)
    save = folder / "table.json"
    assert as_account(ANN, lambda: {"applied": OpenGame.new("toy", {}, 4, save).runner.applied}) == {"applied": 0}
    before = sorted(p.name for p in folder.iterdir())

    def bo_answers():
        og = OpenGame.open_to_play(save)
        try:
            og.answer(TURN[0])
        except SaveError as exc:
            return {"error_line": str(exc)}
        finally:
            og.release()
        return {"saved": True}

    result = as_account(BO, bo_answers)
    assert "chmod -t" in result.get("error_line", ""), result
    assert sorted(p.name for p in folder.iterdir()) == before  # no temporary file left behind


# -- names ------------------------------------------------------------------------------------


def test_new_refuses_a_name_too_long_for_its_lock_and_backup_names(toy, tmp_path, capsys):  # noqa: F811
    longest = files.max_name_bytes(tmp_path)
    too_long = tmp_path / ("a" * (longest - len(".json") + 1) + ".json")
    assert cli.main(["new", "toy", "--seed", "1", "--save", str(too_long)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "too long" in err and not too_long.exists()
    fits = tmp_path / ("é" * ((longest - len(".json")) // 2) + ".json")
    assert files.name_fits(fits)
    assert cli.main(["new", "toy", "--seed", "1", "--save", str(fits)]) == 0
    for answer in TURN[:2]:  # every later step makes a .bak, a lock and temporary files
        assert cli.main(["step", str(fits), answer]) == 0
    assert OpenGame.open(fits).runner.applied == 2


def test_a_newline_in_a_planted_file_name_never_splits_a_line(game, capsys):
    folder = game.path.parent
    odd = folder / "odd\nfake.json  toy  forged.json"
    odd.write_bytes(game.path.read_bytes())
    (folder / "bad\r\nname.json").write_text("{garbage")
    assert cli.main(["list", "--saves-dir", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3, out
    assert any(line.startswith(str(folder / "odd\\x0afake.json")) for line in out)
    bad = [line for line in out if "bad\\x0d\\x0aname" in line]
    assert len(bad) == 1 and bad[0].count(str(folder)) == 1  # the error names the file once
    assert cli.main(["show", str(odd)]) == 0
    shown = capsys.readouterr().out
    assert f"Save: {folder}/odd\\x0afake.json  toy  forged.json" in shown


# -- web --------------------------------------------------------------------------------------


def test_a_plain_get_of_the_websocket_address_is_a_400(tmp_path):
    from test_safe_web import status
    from test_web import fetch, free_port
    import signal
    import subprocess
    import sys
    import time

    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("CLOCKWORK_RULESETS", "CLOCKWORK_SAVES")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui", "web", "--port", str(port), "--max-sessions", "1",
         "--saves-dir", str(tmp_path / "saves")],
        cwd=Path(__file__).resolve().parents[1], env=env, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        link = proc.stdout.readline().decode().split("open ", 1)[1].strip()
        fetch(link, time.monotonic() + 15)
        for _ in range(3):  # more than --max-sessions: none of them counts as a window
            assert status(link + "ws") == 400
        assert status(link) == 200
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate(timeout=10)
    assert b"Traceback" not in out


# -- the not-saved banner ---------------------------------------------------------------------


def _lines(text: str, width: int) -> int:
    return len(Text(text).wrap(Console(width=200), width))


@pytest.mark.parametrize("width", [40, 58, 78, 118])
def test_the_banner_keeps_what_to_do_in_sight_however_long_the_path(width):
    path = "/srv/clockwork/saves for the tuesday table/" + "the long campaign of " * 6 + "game.json"
    line = (f"Not saved: {path}: could not write the save (No space left on device); the previous one is"
            " intact · ctrl+r tries again · ctrl+s saves elsewhere")
    shown = fitted(line, width, _lines)
    assert _lines(shown, width) <= 2
    if width >= 58:
        assert shown.startswith("Not saved: …") and shown.endswith("ctrl+r tries again · ctrl+s saves elsewhere")
        assert "No space left on device" in shown or width < 78
    assert fitted("Not saved: x · ctrl+r tries again", width, _lines) == "Not saved: x · ctrl+r tries again"


@sync
async def test_the_app_banner_at_80_columns_names_ctrl_r_with_a_long_path(tmp_path, toy, monkeypatch):  # noqa: F811
    folder = tmp_path / "saves for the tuesday table at the community hall"
    path = folder / "the long campaign of the tuesday table.json"
    async with app_on(folder, path, (80, 24), new="toy") as (app, pilot):
        screen = app.screen
        assert isinstance(screen, GameScreen)
        monkeypatch.setattr(files, "os", FailingOs("write", errno.ENOSPC))
        await pilot.press("enter")
        await pilot.pause()
        banner = screen.query_one(UnsavedBar)
        text = str(banner.render())
        assert banner.display and text.startswith("Not saved: …") and "ctrl+r tries again" in text
        assert banner.size.height == 2
        monkeypatch.setattr(files, "os", os)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert not banner.display


# -- a holder that is suspended ---------------------------------------------------------------


def test_a_suspended_holder_is_named_as_suspended(game):
    import signal
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        info = savelock.LockInfo(pid=child.pid, host=savelock.this_host(), user="ann", started="")
        assert "suspended" not in info.describe()
        os.kill(child.pid, signal.SIGSTOP)
        for _ in range(100):
            if savelock.suspended(child.pid):
                break
            import time
            time.sleep(0.01)
        assert "suspended" in info.describe() and "\n" not in info.describe()
        assert info.who() == "ann@" + savelock.this_host() + " (suspended)"
        elsewhere = savelock.LockInfo(pid=child.pid, host="another-host", user="ann", started="")
        assert "suspended" not in elsewhere.describe()
    finally:
        child.kill()
        child.wait()
    assert not savelock.suspended(0) and not savelock.suspended(2**40)


# -- the folder advice never suggests a harmful chmod -------------------------------------------


@pytest.mark.skipif(not can_switch_uid(), reason="needs the right to switch uid (run as root)")
def test_no_chmod_is_suggested_for_tmp_or_a_folder_of_another_group(tmp_path):
    world = tmp_path / "tmp-like"
    world.mkdir()
    world.chmod(0o1777)
    (world / "someone.json").write_text("{}")
    os.chown(world / "someone.json", BO, -1)
    home = tmp_path / "home-like"
    home.mkdir()
    home.chmod(0o755)
    (home / "ann").mkdir()
    os.chown(home / "ann", ANN, -1)
    os.chown(home, 0, 0)
    tmp_path.chmod(0o755)

    def advice():
        return {"world": files.folder_advice(world), "home": files.folder_advice(home)}

    assert as_account(ANN, advice) == {"world": "", "home": ""}


@pytest.mark.parametrize("started", ["9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00", "x\x1b[2J"])
def test_a_lock_file_with_an_extreme_start_time_or_pid_is_still_one_line(game, started, capsys):
    import fcntl

    path = savelock.lock_path(game.path)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o664)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.write(fd, ('{"pid": 18446744073709551615, "host": "%s", "user": "bo", "started": "%s"}'  # noqa: UP031 (JSON)
                      % (savelock.this_host(), started.replace("\x1b", "\\u001b"))).encode())
        assert cli.main(["step", str(game.path), TURN[1]]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "bo@" in err and "internal error" not in err and "\x1b" not in err
        assert not savelock.pid_alive(2**64 - 1) and not savelock.pid_alive(-5)
    finally:
        os.close(fd)


@sync
async def test_a_save_updated_in_year_9999_never_breaks_the_saves_list(tmp_path, toy):  # noqa: F811
    from tui.engine import saves

    folder = tmp_path / "saves"
    path = folder / "game.json"
    OpenGame.new("toy", {}, 3, path)
    text = path.read_text()
    import re

    for stamp, name in (("9999-12-31T23:59:59-14:00", "late"), ("0001-01-01T00:00:00+14:00", "early")):
        (folder / f"{name}.json").write_text(re.sub(r'"updated": "[^"]*"', f'"updated": "{stamp}"', text))
    listed = {Path(i.path).stem: i for i in saves.listing(folder)}
    assert listed["late"].updated == "" and listed["early"].updated == "" and not listed["late"].error
    assert listed["game"].updated
    async with app_on(folder, size=(80, 24)) as (app, pilot):
        assert app.screen.__class__.__name__ == "HomeScreen"
