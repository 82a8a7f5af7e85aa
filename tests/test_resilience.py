"""Resilience drills (issue 7): a game killed at random moments never loses an answered step, and
a write that fails (read-only folder, full disk) says so in one line, keeps the previous save and
lets play go on until a later write catches up.

Tests run as root, where chmod does not stop a write, so the failing disk is simulated: the
``os`` module the saves code calls is replaced by one whose open/write/fsync/replace raises the
OSError a read-only or full file system raises (EROFS, ENOSPC, EIO).
"""

from __future__ import annotations

import errno
import io
import os
import random
import select
import signal
import time
from pathlib import Path

import msgspec
import pytest

from drivers import answer_lasting, hint_line
from test_app_support import app_on, sync
from toy_game import TURN
from tui import games, plain
from tui.engine import files, saves
from tui.engine.prompts import valid_answers
from tui.engine.savelock import Locked
from tui.opengame import OpenGame
from tui.screens.game import GameScreen

KILLS = 50
MAX_STEPS = 1500  # a save longer than this is set aside and a new game begun, to bound replay time


# -- killed at random moments -------------------------------------------------------------------


def _play_until_killed(path: Path, out: int, seed: int) -> None:
    """The child: reopen the save and answer random lasting answers for ever. After each answer
    is autosaved (OpenGame.answer has returned) it reports the step count and the answer."""
    try:
        og = OpenGame.open_to_play(path)  # as the app does: holds the save's lock while playing
        rng = random.Random(seed)
        os.write(out, b"ready\n")
        while og.runner.pending is not None:
            answer_lasting(og, rng)
            answers = og.runner.session.answers
            os.write(out, msgspec.json.encode([len(answers), answers[-1].answer]) + b"\n")
        os.write(out, b"over\n")
    finally:
        os._exit(0)


def _run_and_kill(path: Path, seed: int, rng: random.Random) -> tuple[list[bytes], bool]:
    """Fork a child playing ``path``; SIGKILL it after a random delay. Returns its report lines
    and whether it was still running when killed."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        _play_until_killed(path, write_end, seed)
    os.close(write_end)
    data = b""
    try:
        if rng.random() < 0.8:  # most kills while playing; some while the save is being reopened
            deadline = time.monotonic() + 10
            while b"ready\n" not in data and time.monotonic() < deadline:
                if select.select([read_end], [], [], 0.5)[0]:
                    chunk = os.read(read_end, 65536)
                    if not chunk:
                        break
                    data += chunk
        time.sleep(rng.uniform(0, 0.06))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        while chunk := os.read(read_end, 65536):
            data += chunk
    finally:
        os.close(read_end)
    killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    lines = data.split(b"\n")[:-1]  # a line cut by the kill has no newline yet: not reported
    return lines, killed


def test_a_game_killed_at_50_random_moments_loses_no_answered_step(tmp_path):
    """Issue 7, "Resilience drills": SIGKILL at random moments, the save reopened each time.
    Every answer the child saw autosaved is in the save, the save always opens (no torn file) and
    the killed player's lock never keeps the next one out. Rotates over every registered game."""
    rng = random.Random(7)
    ids = sorted(games.all_games())
    saves_of: dict[str, Path] = {}
    known: dict[str, list[str]] = {}  # the answers in the save, as far as the reports tell
    reported: dict[str, int] = {}  # how many of them a child reported saved: these must stay
    torn_writes = killed_playing = reports = 0
    for kill in range(KILLS):
        game_id = ids[kill % len(ids)]
        path = saves_of.get(game_id)
        if path is None or len(known[game_id]) > MAX_STEPS:
            path = tmp_path / f"{game_id}-{kill}.json"
            OpenGame.new(game_id, {}, kill, path)
            saves_of[game_id], known[game_id], reported[game_id] = path, [], 0
        lines, killed = _run_and_kill(path, kill, rng)
        torn_writes += any(p.name.endswith(".tmp") for p in tmp_path.iterdir())
        for line in lines:
            if line in (b"ready", b"over"):
                continue
            count, answer = msgspec.json.decode(line)
            known[game_id] = known[game_id][: count - 1] + [answer]
            reported[game_id] = count
            reports += 1
        killed_playing += killed and b"ready" in lines
        try:
            reopened = OpenGame.open_to_play(path)  # the dead child's lock is stale: cleared
        except (saves.SaveError, Locked) as exc:
            pytest.fail(f"kill {kill} ({game_id}): the save does not open: {exc}")
        reopened.release()
        stored = [r.answer for r in reopened.runner.session.answers]
        must_keep = known[game_id][: reported[game_id]]
        assert stored[: len(must_keep)] == must_keep, f"kill {kill} ({game_id}) lost answers"
        known[game_id] = stored  # answers saved but not reported yet may still be undone by the driver
        if reopened.runner.finished:
            saves_of.pop(game_id)  # over: the next kill of this game plays a new one
    # The drill is only worth something if the kills land while playing and inside writes.
    assert killed_playing >= KILLS // 2 and reports > KILLS
    assert torn_writes >= 1, "no kill landed inside a write: the drill did not test atomicity"


# -- a write that fails -------------------------------------------------------------------------


class FailingOs:
    """The os module as the saves code sees it, with one call failing like a bad disk would."""

    def __init__(self, call: str, code: int, partial: bool = False, times: int | None = None):
        """``times``: fail only that many calls, then work again (the disk was cleaned up)."""
        self.call, self.code, self.partial, self.times = call, code, partial, times
        self.failures = 0

    def __getattr__(self, name):
        real = getattr(os, name)
        if name != self.call or self.failures == self.times:
            return real

        def failing(*args):
            if name == "open" and not args[1] & os.O_CREAT:
                return real(*args)  # a read-only folder still reads
            self.failures += 1
            if self.partial:  # some bytes reach the disk before it is full
                real(args[0], bytes(args[1][: len(args[1]) // 2]))
            raise OSError(self.code, os.strerror(self.code))

        return failing


FAILURES = [
    pytest.param("open", errno.EROFS, False, id="read-only-folder"),
    pytest.param("write", errno.ENOSPC, True, id="disk-full-mid-write"),
    pytest.param("write", errno.ENOSPC, False, id="disk-full"),
    pytest.param("fsync", errno.EIO, False, id="io-error-on-fsync"),
    pytest.param("replace", errno.EROFS, False, id="read-only-on-rename"),
]


@pytest.mark.parametrize("call, code, partial", FAILURES)
def test_a_failing_write_keeps_the_previous_save_and_play_goes_on(tmp_path, toy, monkeypatch, call, code, partial):
    """Issue 7: a failing write shows a one-line message and leaves the previous save intact and
    loadable; the game in memory goes on; the next write that succeeds catches up."""
    path = tmp_path / "saves" / "game.json"
    og = OpenGame.new("toy", {}, 3, path)
    for raw in TURN[:2]:
        og.answer(raw)
    before = path.read_bytes()
    failing = FailingOs(call, code, partial)
    monkeypatch.setattr(files, "os", failing)
    for raw in TURN[2:4]:
        with pytest.raises(saves.SaveError) as caught:
            og.answer(raw)
        message = str(caught.value)
        assert "\n" not in message and os.strerror(code) in message and "intact" in message
    assert failing.failures == 2
    assert og.runner.applied == 4  # play went on in memory
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["game.json", "game.json.bak"]  # no leftovers
    assert OpenGame.open(path).runner.applied == 2

    monkeypatch.setattr(files, "os", os)
    og.answer(TURN[4])
    reopened = OpenGame.open(path)
    assert [r.answer for r in reopened.runner.session.answers] == [r.answer for r in og.runner.session.answers]
    assert reopened.runner.applied == 5


@sync
async def test_the_app_says_a_write_failed_and_play_goes_on(tmp_path, toy, monkeypatch):
    """Issue 7: on the game screen a failed autosave is a one-line notification; the next
    prompt is shown, and the next successful write saves every answer."""
    folder = tmp_path / "saves"
    path = folder / "game.json"
    async with app_on(folder, path, new="toy") as (app, pilot):
        screen = app.screen
        assert isinstance(screen, GameScreen)
        monkeypatch.setattr(files, "os", FailingOs("write", errno.ENOSPC))
        await pilot.press("enter", "y")
        await pilot.pause()
        shown = hint_line(screen)
        assert "Not saved" in shown and "No space left on device" in shown
        assert screen.opened.runner.applied == 2
        assert OpenGame.open(path).runner.applied == 0  # the last good save is untouched
        monkeypatch.setattr(files, "os", os)
        await pilot.press("a")
        await pilot.pause()
        assert screen.opened.runner.applied == 3
    assert [r.answer for r in OpenGame.open(path).runner.session.answers] == ["ok", "y", "a"]


def test_plain_mode_says_a_write_failed_and_catches_up(tmp_path, toy, monkeypatch):
    """Issue 7, `clockwork play --plain`: each failed autosave is one line starting with '!', the
    next prompt follows, and once the disk has room again the next answer saves them all."""
    path = tmp_path / "game.json"
    OpenGame.new("toy", {}, 3, path)
    monkeypatch.setattr(files, "os", FailingOs("write", errno.ENOSPC, times=2))
    out = io.StringIO()
    code = plain.run(OpenGame.open(path), io.StringIO("\ny\na\nquit\n"), out)
    errors = [line for line in out.getvalue().splitlines() if line.startswith("! ")]
    assert len(errors) == 2 and all("No space left on device" in e and "intact" in e for e in errors)
    assert "3> Pick" in out.getvalue() and "4> How many?" in out.getvalue()
    assert code == 0  # the last autosave worked: nothing is left unsaved
    assert [r.answer for r in OpenGame.open(path).runner.session.answers] == ["ok", "y", "a"]


def test_random_play_of_every_game_survives_a_disk_that_fails_now_and_then(tmp_path, monkeypatch):
    """Every registered game: writes fail at random (ENOSPC); the save on disk is always one
    that opens and is a prefix of the game in memory, and the first good write catches up."""
    rng = random.Random(11)
    registered = games.all_games()
    rules = {gid: OpenGame.load_rules(g) for gid, g in registered.items()}
    # Each step reopens the save; its ruleset is parsed once, not once per step.
    monkeypatch.setattr(OpenGame, "load_rules", staticmethod(lambda game: rules[game.id]))
    for game_id in sorted(registered):
        path = tmp_path / f"{game_id}.json"
        og = OpenGame.new(game_id, {}, 11, path)
        for _ in range(40):
            if og.runner.pending is None:
                break
            failing = rng.random() < 0.3
            monkeypatch.setattr(files, "os", FailingOs("write", errno.ENOSPC, partial=True) if failing else os)
            try:
                og.answer(rng.choice(valid_answers(og.runner.pending)))
                assert not failing
            except saves.SaveError:
                assert failing
            monkeypatch.setattr(files, "os", os)
            stored = [r.answer for r in OpenGame.open(path).runner.session.answers]
            played = [r.answer for r in og.runner.session.answers]
            assert played[: len(stored)] == stored
            if not failing:
                assert stored == played
