"""Players name themselves (issue 24, item 9): `--player NAME`, CLOCKWORK_PLAYER, or p on the home
screen. The lock of the save they play carries the name, so the others' home screen and watch line
say who is playing; on a shared (restricted) account another window is someone else unless it
carries this window's own name. The name is remembered on one's own account, never on a shared one.

The other players are real Clockwork processes on this account: a line-mode player holding its
save, and the full-screen app on a pseudo-terminal whose screen is read from its output.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import msgspec
import pytest

from test_app_support import app_on, make_app, running, sync
from tui import cli
from tui.engine import players, savelock
from tui.screens.game import GameScreen

ROOT = Path(__file__).resolve().parents[1]
ME = f"{savelock.current_user()}@{savelock.this_host()}"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A shared saves folder (CLOCKWORK_SAVES) with two games of Oath in it."""
    place = tmp_path / "saves"
    for name in ("first", "second"):
        assert cli.main(["new", "oath", "--seed", "3", "--save", str(place / f"{name}.json")]) == 0
    monkeypatch.setenv("CLOCKWORK_SAVES", str(place))
    players.start(None, shared=False)  # cli.main chose this test's player: nobody yet
    return place


@contextlib.contextmanager
def line_player(save: Path, *options: str, env: dict[str, str] | None = None):
    """Another Clockwork process of this account playing ``save`` line by line (`play --plain`):
    it holds the save's lock until it is killed."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui", *options, "play", "--plain", str(save)], cwd=ROOT,
        env={**os.environ, **(env or {})}, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # the game's title: the save is open, its lock held
        held = savelock.holder(save)
        assert held is not None and held.pid == proc.pid, first
        yield held
    finally:
        proc.kill()
        proc.wait(timeout=10)


class Terminal:
    """The full-screen app in a pseudo-terminal, wide so no save's line wraps: everything it drew."""

    def __init__(self, *options: str):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 200, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "200", "LINES": "40"}
        self.proc = subprocess.Popen([sys.executable, "-m", "tui", *options], cwd=ROOT, env=env,
                                     stdin=slave, stdout=slave, stderr=slave, start_new_session=True)
        os.close(slave)
        self.drawn = b""

    def wait_for(self, text: str, seconds: float = 30) -> bool:
        deadline = time.monotonic() + seconds
        while text.encode() not in self.drawn and time.monotonic() < deadline and self.read():
            pass
        return text.encode() in self.drawn

    def read(self) -> bool:
        """What the app drew in the next tenth of a second; False once it has ended."""
        ready, _, _ = select.select([self.master], [], [], 0.1)
        if ready:
            try:
                self.drawn += os.read(self.master, 65536)
            except OSError:
                return False
        return True

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=10)
        os.close(self.master)


def labels(app) -> list[str]:
    return [str(option.prompt) for option in app.screen.query_one("#saves").options]


def label_of(app, name: str) -> str:
    return next(label for label in labels(app) if label.startswith(name + "  "))


def watch_line(app) -> str:
    return str(app.screen.query_one("#watch-bar").render())


# -- two people on one shared account ----------------------------------------------------------


@sync
async def test_on_a_shared_account_each_window_sees_the_others_name(folder):
    first, second = folder / "first.json", folder / "second.json"
    # Ann plays the first game line by line; this window is Bob's, on the same shared account.
    with line_player(first, "--restricted", "--player", "Ann"):
        players.start("Bob", shared=True)  # as `clockwork --restricted --player Bob`
        app = make_app(folder)
        app.restricted = True
        async with running(app, (120, 30)) as pilot:
            assert label_of(app, "first").endswith("◉ Ann playing")  # her name, not the shared account
            assert "Bob is playing here" in str(app.screen.query_one("#player").render())
            app.open_save(first)
            await pilot.pause()
            assert isinstance(app.screen, GameScreen) and app.screen.watching
            assert "watching — Ann is playing" in watch_line(app)
            # Bob plays the second game; Ann's other window, the full-screen app, sees him.
            app.go_home("saves")
            await pilot.pause()
            app.open_save(second)
            await pilot.pause()
            assert savelock.holder(second).player == "Bob"

            def anns_window() -> tuple[bool, bool, bool]:
                home = Terminal("--restricted", "--player", "Ann")
                try:
                    names_bob = home.wait_for("◉ Bob playing")
                    # Ann's line-mode game is hers: "you have it open" (her name is on its lock).
                    own = home.wait_for("◉ you have it open in another window", 5)
                finally:
                    home.close()
                game = Terminal("--restricted", "--player", "Ann", "play", str(second))
                try:
                    return names_bob, own, game.wait_for("watching — Bob is playing")
                finally:
                    game.close()

            home, own, watching = await asyncio.to_thread(anns_window)
            assert home, "Ann's home screen names Bob on the game he plays"
            assert own, "Ann's home screen calls the game her other window plays hers"
            assert watching, "Ann's watch line names Bob"


@sync
async def test_without_names_a_shared_account_never_says_another_window_is_yours(folder):
    """Nobody named: today's words (the account), but the other window may be anyone."""
    with line_player(folder / "first.json", "--restricted"):
        players.start(None, shared=True)
        async with app_on(folder, size=(120, 30)) as (app, pilot):
            assert label_of(app, "first").endswith(f"◉ {ME} playing")
    # On one's own account an unnamed window is one's own, as before.
    with line_player(folder / "first.json"):
        players.start(None, shared=False)
        async with app_on(folder, size=(120, 30)) as (app, pilot):
            assert label_of(app, "first").endswith("◉ you have it open in another window")


@pytest.mark.parametrize(("shared", "mine", "theirs", "said"), [
    (False, "", "", "◉ you have it open in another window"),  # one's own account: as before
    (False, "Ann", "ann", "◉ you have it open in another window"),
    (False, "Ann", "Bob", f"◉ Bob ({ME}) playing"),  # two people taking turns on one login
    (False, "", "Bob", f"◉ Bob ({ME}) playing"),
    (True, "Ann", "Ann", "◉ you have it open in another window"),
    (True, "Ann", "", f"◉ {ME} playing"),  # a shared account: unnamed is anyone
    (True, "", "", f"◉ {ME} playing"),
    (True, "Ann", "Bob", "◉ Bob playing"),
])
def test_another_window_of_this_account_is_yours_only_when_it_could_be(shared, mine, theirs, said):
    from tui.screens.home import playing

    players.start(mine, shared=shared)
    other = savelock.LockInfo(pid=1, host=savelock.this_host(), user=savelock.current_user(), player=theirs)
    assert playing(other) == said


def test_the_lock_says_the_name_and_on_ones_own_account_the_account_too(folder, capsys):
    with line_player(folder / "first.json", env={players.ENV: "Ann"}) as held:
        players.start("Bob", shared=False)
        assert held.player == "Ann" and held.who() == f"Ann ({ME})"
        assert held.describe().startswith(f"Ann ({ME}, pid {held.pid}, since ")
        players.start("Bob", shared=True)  # read from the shared account: the account says nothing
        assert held.who() == "Ann" and held.describe().startswith(f"Ann (pid {held.pid}, since ")
        # A command refused while she plays says who, in one line.
        assert cli.main(["--restricted", "--player", "Bob", "step", str(folder / "first.json"), "y"]) == 1
        refused = capsys.readouterr().err
        assert refused.count("\n") == 1 and f": Ann (pid {held.pid}, since " in refused, refused


# -- naming oneself --------------------------------------------------------------------------


@sync
async def test_p_on_the_home_screen_names_this_window_and_its_games(folder):
    players.start(None, shared=True)  # a browser window of `clockwork web`: restricted
    app = make_app(folder)
    app.restricted = True
    async with running(app, (80, 24)) as pilot:
        assert "p says who is playing here" in str(app.screen.query_one("#player").render())
        await pilot.press("p", *"Dee", "enter")
        await pilot.pause()
        assert "Dee is playing here" in str(app.screen.query_one("#player").render())
        app.open_save(folder / "first.json")
        await pilot.pause()
        assert savelock.holder(folder / "first.json").player == "Dee"
    # A shared account keeps no name: the next window starts unnamed, its file untouched.
    assert players.where() is not None and not players.where().exists()


@sync
async def test_on_ones_own_account_the_name_given_on_the_home_screen_is_remembered(folder):
    async with app_on(folder, size=(80, 24)) as (app, pilot):
        await pilot.press("p", *"Eve", "enter")
        await pilot.pause()
        await pilot.press("p")  # the dialog starts from the name: changed, then left as it was
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    players.start(None, shared=False)  # the next run
    assert players.current() == "Eve"


def test_the_name_persists_across_runs_on_ones_own_account_only(folder):
    def run(*argv: str, env: dict[str, str] | None = None) -> None:
        done = subprocess.run([sys.executable, "-m", "tui", *argv], cwd=ROOT, env={**os.environ, **(env or {})},
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr

    save = folder / "first.json"
    run("--player", "Ann", "list")
    with line_player(save) as held:  # no name given: the remembered one
        assert held.player == "Ann"
    run("list", env={players.ENV: "Cy"})
    with line_player(save) as held:
        assert held.player == "Cy"
    # Restricted: a shared account's name is nobody's; nothing read, nothing written.
    run("--restricted", "--player", "Zed", "list")
    with line_player(save, "--restricted") as held:
        assert held.player == ""
    with line_player(save) as held:
        assert held.player == "Cy"


def test_a_lock_file_from_before_names_reads_as_before(folder):
    save = folder / "first.json"
    savelock.lock_path(save).write_bytes(b'{"pid":4242,"host":"table-pi","user":"ann","started":"2026-11-22T20:15:00+00:00"}\n')
    old = savelock.read_info(save)
    assert old is not None and old.player == "" and old.pid == 4242
    assert old.who() == "ann@table-pi"
    assert old.describe().startswith("ann@table-pi (pid 4242, since ")
    from tui.screens.home import playing

    assert playing(old) == "◉ ann@table-pi playing"
    # And a lock file with a name still reads where the name is not known (a later field is ignored).

    class Before(msgspec.Struct, kw_only=True):
        pid: int
        host: str
        user: str = ""
        started: str = ""

    new = savelock.LockInfo(pid=1, host="table-pi", user="ann", player="Ann")
    assert msgspec.json.decode(msgspec.json.encode(new), type=Before).user == "ann"


def test_names_are_player_text_written_out_and_capped(folder):
    forged = savelock.LockInfo(pid=1, host="table-pi", user="ann", player="\x1b]0;owned\x07Ann" + "n" * 500)
    who = forged.who()
    assert "\x1b" not in who and "\x07" not in who and "\\x1b" in who
    assert len(who) < players.MAX_LENGTH * 2 + len(" (ann@table-pi)")
    assert players.set_name("  Ann\n  Lee\t ") == "Ann Lee"
    assert len(players.set_name("x" * 100)) == players.MAX_LENGTH


@sync
async def test_the_palette_offers_naming_on_the_home_screen(folder):
    async with app_on(folder, size=(80, 24)) as (app, pilot):
        assert "Player" in [c.title for c in app.get_system_commands(app.screen)]


def test_a_browser_window_is_not_named_after_the_servers_player(monkeypatch, tmp_path):
    """`clockwork web` runs a Clockwork per browser window: each names itself on its home screen."""
    seen = {}

    class Server:
        def __init__(self, command, host, port, public_url, secret, max_sessions):
            self.link = f"{public_url}/{secret}/"

        def serve(self):
            seen["env"] = os.environ.get(players.ENV)

    import tui.web

    monkeypatch.setattr(tui.web, "TableServer", Server)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CLOCKWORK_SAVES", raising=False)  # set by `web` for its windows: undone after
    monkeypatch.setenv(players.ENV, "Host")
    assert cli.main(["web"]) == 0
    assert seen == {"env": None}
