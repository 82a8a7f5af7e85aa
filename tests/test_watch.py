"""One writer, many watchers (issue 7): the lock beside each save, headless commands that respect
it, and the watcher view that follows a game another process plays and takes over once it quits.

The other player is a real process holding the lock (``holder`` below); its steps are written to
the save the way its autosave does, through OpenGame.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_app_support import app_on, make_app, running, sync, toy  # noqa: F401
from tui import cli
from tui.engine import savelock
from tui.engine.savelock import Locked, SaveLock
from tui.engine.savewatch import SaveWatch
from tui.opengame import OpenGame
from tui.screens.game import GameScreen

ROOT = Path(__file__).resolve().parents[1]
HOLD = "import sys, time; from tui.engine.savelock import SaveLock; SaveLock.acquire(sys.argv[1]); print('held', flush=True); time.sleep(30)"


@contextlib.contextmanager
def holder(save: Path):
    """Another Clockwork process playing ``save``: it holds the lock until killed."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(save)], cwd=ROOT, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "held"
        yield proc
    finally:
        proc.kill()
        proc.wait(timeout=10)


@pytest.fixture
def save(tmp_path, toy):  # noqa: F811
    path = tmp_path / "saves" / "game.json"
    OpenGame.new("toy", {}, 5, path)
    return path


# -- the lock -------------------------------------------------------------------------------------


def test_a_second_writer_is_refused_while_the_first_plays(save):
    with holder(save) as proc:
        with pytest.raises(Locked) as caught:
            SaveLock.acquire(save)
        assert caught.value.info.pid == proc.pid
        assert savelock.holder(save).pid == proc.pid
        assert f"pid {proc.pid}" in str(caught.value)


def test_releasing_removes_the_lock_and_the_next_writer_gets_it(save):
    lock = SaveLock.acquire(save)
    assert savelock.lock_path(save).exists() and savelock.holder(save).pid == os.getpid()
    lock.release()
    assert not savelock.lock_path(save).exists() and savelock.holder(save) is None
    again = SaveLock.acquire(save)
    assert again.stale is None
    again.release()


def test_a_lock_left_by_a_killed_process_is_detected_and_cleared(save):
    with holder(save) as proc:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        assert savelock.lock_path(save).exists()  # the file stays behind ...
        assert savelock.holder(save) is None  # ... but nobody plays: its pid is gone
        lock = SaveLock.acquire(save)
    assert lock.stale is not None and lock.stale.pid == proc.pid
    assert savelock.read_info(save).pid == os.getpid()
    lock.release()


def test_a_lock_file_naming_a_dead_pid_is_stale(save):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = int(dead.stdout)
    savelock.lock_path(save).write_text(f'{{"pid": {pid}, "host": "{savelock.this_host()}", "user": "ann"}}')
    assert savelock.holder(save) is None
    lock = SaveLock.acquire(save)
    assert lock.stale.user == "ann"
    lock.release()


def test_a_lock_file_nobody_holds_blocks_nothing_whatever_it_names(save):
    """Issue 14: the flock is the truth, the file only describes the holder. A leftover or forged
    file naming another host (or pid 1) is nobody playing, and the next player takes it over."""
    savelock.lock_path(save).write_text('{"pid": 1, "host": "elsewhere-9f3", "user": "bo"}')
    assert savelock.holder(save) is None
    lock = SaveLock.acquire(save)
    assert lock.stale.who() == "bo@elsewhere-9f3"
    lock.release()


def test_save_as_moves_the_lock_to_the_new_name(save):
    playing = OpenGame.open_to_play(save)
    target = playing.save_as(save.parent, "copy")
    assert savelock.holder(target).pid == os.getpid() and savelock.holder(save) is None
    with pytest.raises(Locked):
        OpenGame.open_to_play(target)
    playing.release()
    assert savelock.holder(target) is None


# -- headless commands ------------------------------------------------------------------------


def test_step_undo_redo_refuse_in_one_line_while_another_process_plays(save, capsys):
    before = save.read_bytes()
    with holder(save) as proc:
        for argv in (
            ["step", save, ""], ["undo", save], ["redo", save], ["play", "--plain", save],
            ["new", "toy", "--save", save, "--force"],
        ):
            assert cli.main([str(a) for a in argv]) == 1
            err = capsys.readouterr().err
            assert err.count("\n") == 1 and f"pid {proc.pid}" in err and "clockwork watch" in err
        assert save.read_bytes() == before
        # Reading is free while someone plays.
        assert cli.main(["show", str(save)]) == 0 and "Turn 1" in capsys.readouterr().out
        assert cli.main(["log", str(save)]) == 0
    assert cli.main(["step", str(save), ""]) == 0  # they quit (killed): the stale lock is cleared
    assert "no longer running" in capsys.readouterr().err
    assert not savelock.lock_path(save).exists()


# -- the watcher ------------------------------------------------------------------------------


def _watch_bar(screen: GameScreen) -> str:
    return str(screen.query_one("#watch-bar").render())


def _prompt_text(screen: GameScreen) -> str:
    return str(screen.prompt_bar.query_one("#prompt-text").render())


@sync
async def test_opening_a_played_save_watches_it_live_and_takes_over_when_its_player_quits(save):
    writer = OpenGame.open(save)
    with holder(save) as proc:
        app = make_app(save.parent, save)
        async with running(app) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.watching
            assert "watching — " in _watch_bar(screen) and "is playing" in _watch_bar(screen)
            assert "Read" in _prompt_text(screen)
            # A watcher's keys never answer or undo.
            await pilot.press("enter", "u", "ctrl+z", "ctrl+y")
            await pilot.pause()
            assert screen.opened.runner.applied == 0 and OpenGame.open(save).runner.applied == 0
            assert "Watching: only" in str(screen.prompt_bar.query_one("#prompt-hint").render())
            # The player answers in the other process: the watcher follows (how soon is measured
            # by benchmarks/run.py's watcher delay, not asserted here).
            writer.answer("")
            started = time.monotonic()
            while screen.opened.runner.applied != 1 and time.monotonic() - started < 10:
                await pilot.pause(0.05)
            assert screen.opened.runner.applied == 1
            assert "Pay 1 gold?" in _prompt_text(screen)
            assert [e.text for e in screen.history.entries] == [e.text for e in writer.runner.session.log]
            # ^o does nothing while they play; once they quit it takes over.
            await pilot.press("ctrl+o")
            await pilot.pause()
            assert screen.watching
            proc.kill()
            proc.wait(timeout=10)
            await pilot.pause(0.4)
            assert "nobody is playing" in _watch_bar(screen)
            await pilot.press("ctrl+o")
            await pilot.pause()
            assert not screen.watching and not screen.query_one("#watch-bar").display
            assert savelock.holder(save).pid == os.getpid()
            await pilot.press("y")
            await pilot.pause()
            assert OpenGame.open(save).runner.applied == 2
            await pilot.press("ctrl+q")
    assert not savelock.lock_path(save).exists()


@sync
async def test_a_watcher_follows_behind_a_dialog_too(save):
    """Help open (or the terminal too small) over the watcher: the steps are there once it closes."""
    writer = OpenGame.open(save)
    with holder(save):
        app = make_app(save.parent, save)
        async with running(app) as pilot:
            screen = app.screen
            await pilot.press("f1")
            writer.answer("")
            await pilot.resize_terminal(40, 10)
            writer.answer("n")
            await pilot.pause(0.6)
            await pilot.resize_terminal(100, 30)
            await pilot.press("q")
            await pilot.pause()
            assert app.screen is screen and screen.opened.runner.applied == 2
            assert "Pick" in _prompt_text(screen)


@sync
async def test_the_saves_list_says_who_is_playing(save):
    with holder(save):
        async with app_on(save.parent) as (app, pilot):
            labels = [str(o.prompt) for o in app.screen.query_one("#saves").options]
            # The same account in another window: said as the player would say it, not user@host.
            assert any(label.startswith("game") and label.endswith("you have it open in another window") for label in labels)


def test_the_saves_list_names_who_holds_a_save_as_the_reader_would():
    """Issue 13, 'Where you are': your own open game reads as yours; another account's by name."""
    from tui.screens.home import playing

    host = savelock.this_host()
    assert playing(savelock.LockInfo(pid=os.getpid(), host=host, user=savelock.current_user())) == "● open here"
    assert playing(savelock.LockInfo(pid=1, host=host, user="ann-" + savelock.current_user())) == (
        f"◉ ann-{savelock.current_user()}@{host} playing"
    )


@sync
async def test_watch_command_opens_a_watcher_even_when_nobody_plays(save, monkeypatch):
    seen = {}

    class App:
        return_code = 0

        def __init__(self, saves_dir, opened=None, watch=False, notices=(), restricted=False):
            seen.update(open_path=opened.path, watch=watch)

        def run(self):
            pass

    monkeypatch.setattr(cli, "_has_terminal", lambda: True)
    monkeypatch.setattr("tui.app.ClockworkApp", App)
    assert cli.main(["watch", str(save)]) == 0
    assert seen == {"open_path": save, "watch": True}

    app = make_app(save.parent, save)
    app.watch_first = True
    async with running(app, (80, 24)):
        screen = app.screen
        assert screen.watching and "nobody is playing" in _watch_bar(screen)
        assert screen.check_action("take_over", ()) is True
        assert not savelock.lock_path(save).exists()  # watching never locks


@sync
async def test_a_writer_and_a_watcher_in_the_palette(save):
    """A watcher's palette offers no undo, redo or save as; it offers Take over once free."""
    app = make_app(save.parent, save)
    app.watch_first = True
    async with running(app):
        names = [c.title for c in app.get_system_commands(app.screen)]
        assert "Take over" in names and not {"Save as", "Undo", "Redo"} & set(names)


# -- told, not looking (issue 21: watchers follow within 50 ms) --------------------------------

needs_inotify = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")


async def _told(calls: list, before: int) -> bool:
    """Wait (for a while) until the watch has called back since ``before`` calls."""
    deadline = time.monotonic() + 10
    while len(calls) == before and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    return len(calls) > before


@needs_inotify
@sync
async def test_the_save_watch_is_told_of_steps_and_players_but_not_of_readers(save):
    calls: list[int] = []
    watch = SaveWatch.start(save, lambda: calls.append(1))
    assert watch is not None and watch.active
    # Readers (a watcher re-opening the save, probing its lock, `show`) never wake a watcher.
    OpenGame.open(save)
    savelock.holder(save)
    assert cli.main(["show", str(save)]) == 0
    await asyncio.sleep(0.2)
    assert calls == []
    writer = OpenGame.open(save)
    writer.answer("")  # the autosave's rename onto the save's name
    assert await _told(calls, 0)
    with holder(save) as proc:  # a player takes the lock ...
        assert await _told(calls, len(calls))
        seen = len(calls)
        proc.kill()  # ... and is killed: the kernel closes its lock file
        proc.wait(timeout=10)
        assert await _told(calls, seen)
    lock = SaveLock.acquire(save)  # the next player takes the lock left behind over
    assert lock.stale is not None and await _told(calls, len(calls))
    seen = len(calls)
    lock.release()
    assert await _told(calls, seen)
    watch.stop()
    seen = len(calls)
    writer.answer("n")
    await asyncio.sleep(0.2)
    assert len(calls) == seen and not watch.active


@needs_inotify
@sync
async def test_a_watcher_that_never_looks_still_follows_each_step_and_its_player_leaving(save, monkeypatch):
    """With looking at the file switched off, the OS alone tells the watcher of each step and of
    its player's end (how soon: benchmarks/run.py's watcher update delay)."""
    monkeypatch.setattr(GameScreen, "FOLLOW_EVERY", 3600)
    monkeypatch.setattr(GameScreen, "FOLLOW_TOLD_EVERY", 3600)
    writer = OpenGame.open(save)
    with holder(save) as proc:
        app = make_app(save.parent, save)
        async with running(app) as pilot:
            screen = app.screen
            assert screen.watching and "is playing" in _watch_bar(screen)
            writer.answer("")
            started = time.monotonic()
            while screen.opened.runner.applied != 1 and time.monotonic() - started < 10:
                await pilot.pause(0.02)
            assert "Pay 1 gold?" in _prompt_text(screen)
            proc.kill()
            proc.wait(timeout=10)
            started = time.monotonic()
            while "nobody is playing" not in _watch_bar(screen) and time.monotonic() - started < 10:
                await pilot.pause(0.02)
            assert "nobody is playing" in _watch_bar(screen)
            await pilot.press("ctrl+o")  # take over (tui/keys.py)
            await pilot.pause()
            assert not screen.watching and screen._save_watch is None  # a player is told nothing
