"""A lost terminal lets go (issue 21, item 5): the real `clockwork play SAVE` in a pseudo-terminal
that goes away under it (SIGHUP, the terminal closed, `make play` as its parent). The app ends by
itself, its save holds every answer given, and its lock is free for the next player.

How soon is not asserted (no timed tests): a generous wait only tells "ended" from "never ends",
which is what a spinning app on a dead terminal does.
"""

from __future__ import annotations

import errno
import fcntl
import os
import random
import select
import shutil
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from drivers import answer_lasting
from test_app_support import make_app, running, sync, toy  # noqa: F401
from test_resilience import FailingOs
from tui import lost_terminal
from tui.engine import files, savelock
from tui.lost_terminal import HANGUP_EXIT
from tui.engine.prompts import Choice, Instruction, YesNo
from tui.engine.savelock import SaveLock
from tui.opengame import OpenGame

ROOT = Path(__file__).resolve().parents[1]
CLOCKWORK = Path(sys.executable).parent / "clockwork"
GAME = "command-of-nature"
GAME_SCREEN = b"History"  # the history pane's title: drawn on the game screen only
ENDS_WITHIN = 20  # seconds: far beyond the second it takes; a spinning app never ends
needs_pty = pytest.mark.skipif(not hasattr(os, "openpty") or not CLOCKWORK.exists(), reason="needs a pty and the clockwork command")


class Terminal:
    """A pseudo-terminal with ``argv`` running in it as a terminal window or sshd starts a program:
    leading its own session, the terminal its controlling terminal (``controlling``), so the kernel
    sends it SIGHUP when the terminal goes. Without ``controlling`` the terminal only ends its input
    (as for a program under `make` or a shell, which gets no signal). Its output is read all along."""

    def __init__(self, argv: list[str], controlling: bool = True, env: dict[str, str] | None = None):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        environ = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
        environ.update(TERM="xterm-256color", **(env or {}))
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=environ, start_new_session=True,
            # The one way to make the terminal the child's controlling terminal before exec; the
            # call takes no lock, so the threads of the test runner cannot deadlock it.
            preexec_fn=(lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0)) if controlling else None,  # noqa: PLW1509
        )
        os.close(slave)
        self.output = bytearray()
        self._open = True
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while self._open:
            if select.select([self.master], [], [], 0.05)[0]:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                self.output += chunk

    def wait_for(self, text: bytes) -> None:
        deadline = time.monotonic() + ENDS_WITHIN
        while text not in self.output and time.monotonic() < deadline and self.proc.poll() is None:
            time.sleep(0.02)
        assert text in self.output, f"{text!r} never drawn; last output: {bytes(self.output[-300:])!r}"
        self.output.clear()

    def settle(self, quiet: float = 0.3) -> None:
        """Wait until nothing has been drawn for ``quiet`` seconds (a screen fully drawn)."""
        deadline = time.monotonic() + ENDS_WITHIN
        seen = -1
        while seen != len(self.output) and time.monotonic() < deadline:
            seen = len(self.output)
            time.sleep(quiet)
        self.output.clear()

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def close(self) -> None:
        """The terminal goes away (a closed tmux pane, SSH session or window)."""
        self._open = False
        self._reader.join()
        os.close(self.master)

    def ended(self) -> int | None:
        """The exit status once the program has ended by itself; None if it never does."""
        try:
            return self.proc.wait(ENDS_WITHIN)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)  # its session: make and the app under it too
            self.proc.wait()
            return None


def _keys(prompt, answer: str) -> bytes:
    if isinstance(prompt, Instruction):
        return b"\r"
    if isinstance(prompt, (YesNo, Choice)) and len(answer) == 1:
        return answer.encode()
    return answer.encode() + b"\r"


def _saved_steps(save: Path) -> int:
    return OpenGame.open(save).runner.applied


def play_some(terminal: Terminal, save: Path, steps: int = 3) -> int:
    """Answer ``steps`` steps with keys, each once the app has saved the one before. Returns how many
    answers the save holds."""
    shadow = OpenGame.open(save)
    shadow.path = None  # a copy in memory, to know what the app asks next
    rng = random.Random(7)
    for _ in range(steps):
        prompt, answer = answer_lasting(shadow, rng)
        terminal.send(_keys(prompt, answer))
        deadline = time.monotonic() + ENDS_WITHIN
        while _saved_steps(save) < shadow.runner.applied and time.monotonic() < deadline:
            time.sleep(0.02)
    assert _saved_steps(save) == shadow.runner.applied
    return shadow.runner.applied


def assert_let_go(save: Path, answered: int, pid: int) -> None:
    """The lock is free (another process takes it), the save holds every answer, the process is gone."""
    assert savelock.holder(save) is None
    lock = SaveLock.acquire(save, wait=0)
    lock.release()
    assert _saved_steps(save) == answered
    assert not savelock.pid_alive(pid) or _zombie(pid)


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_bytes().rpartition(b")")[2].split()[0] == b"Z"
    except OSError:
        return False


@pytest.fixture
def save(tmp_path) -> Path:
    path = tmp_path / "saves" / "table.json"
    OpenGame.new(GAME, {}, 11, path)
    return path


def _play(save: Path, controlling: bool = True) -> Terminal:
    terminal = Terminal([str(CLOCKWORK), "play", str(save), "--saves-dir", str(save.parent)], controlling)
    terminal.wait_for(GAME_SCREEN)
    return terminal


@needs_pty
def test_a_hang_up_signal_ends_the_game_with_every_answer_saved_and_its_lock_free(save):
    terminal = _play(save)
    answered = play_some(terminal, save)
    assert savelock.holder(save).pid == terminal.proc.pid
    terminal.proc.send_signal(signal.SIGHUP)
    assert terminal.ended() == HANGUP_EXIT  # ended by itself, not killed by the signal
    terminal.close()
    assert_let_go(save, answered, terminal.proc.pid)


@needs_pty
def test_closing_the_terminal_ends_the_game_with_every_answer_saved_and_its_lock_free(save):
    """The terminal window, tmux pane or SSH session closes: the kernel hangs the terminal up."""
    terminal = _play(save)
    answered = play_some(terminal, save)
    terminal.close()
    assert terminal.ended() == HANGUP_EXIT
    assert_let_go(save, answered, terminal.proc.pid)


@needs_pty
def test_end_of_input_alone_ends_the_game(save):
    """No SIGHUP reaches the app (it does not lead the terminal's session: a shell or make does):
    the terminal only stops giving input, where Textual's input thread used to spin for ever."""
    terminal = _play(save, controlling=False)
    answered = play_some(terminal, save, steps=2)
    terminal.close()
    assert terminal.ended() == HANGUP_EXIT
    assert_let_go(save, answered, terminal.proc.pid)


@needs_pty
@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_play_leaves_no_make_and_no_clockwork_behind(save):
    """`make play` in a tmux pane or `ssh -t host 'cd … && make play'`: make leads the session and
    gets the hang-up; the app gets no signal, only the end of its input. Both end."""
    terminal = Terminal(
        ["make", "-s", "-o", ".venv/.installed", "play", f"BIN={CLOCKWORK.parent}"],
        env={"CLOCKWORK_SAVES": str(save.parent)},
    )
    terminal.wait_for(b"table")  # the saves list
    terminal.settle()
    terminal.send(b"l")  # into the saves list; Enter opens its only save
    terminal.settle()
    terminal.send(b"\r")
    terminal.wait_for(GAME_SCREEN)
    answered = play_some(terminal, save, steps=2)
    app = savelock.holder(save).pid
    assert app != terminal.proc.pid  # make's child plays it
    terminal.close()
    assert terminal.ended() is not None  # make, once its child is gone
    assert_let_go(save, answered, app)


@sync
async def test_letting_go_writes_answers_a_failed_autosave_left_unsaved(tmp_path, toy, monkeypatch):  # noqa: F811
    """Every answer is saved as it is given; one whose write failed (a full disk, since cleared) is
    written once more as the terminal goes, before the lock is freed."""
    folder = tmp_path / "saves"
    path = folder / "game.json"
    OpenGame.new("toy", {}, 3, path)
    ends = []
    monkeypatch.setattr(lost_terminal, "end_soon", ends.append)
    app = make_app(folder, path)
    async with running(app) as pilot:
        monkeypatch.setattr(files, "os", FailingOs("write", errno.ENOSPC))
        await pilot.press("enter", "y")
        await pilot.pause()
        assert app.screen.opened.unsaved and OpenGame.open(path).runner.applied == 0
        monkeypatch.setattr(files, "os", os)
        assert savelock.holder(path).pid == os.getpid()
        app.terminal_lost("the terminal is gone")
        assert savelock.holder(path) is None and ends  # freed at once; the process ends soon
        await pilot.pause()
    assert app.return_code == HANGUP_EXIT
    assert [r.answer for r in OpenGame.open(path).runner.session.answers] == ["ok", "y"]
