"""Issue 14, a shared table that is safe: files planted or damaged by another account of the
players' group never redirect a write, hang a command or crash the app; names fit the file
system; a write that fails keeps every answer and says so until it is saved."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from test_app_support import app_on, sync
from test_resilience import FailingOs
from toy_game import TURN
from tui import cli
from tui.engine import files, records, savelock, saves
from tui.engine.savelock import Locked, SaveLock
from tui.engine.saves import SaveError
from tui.games.eu_price_of_power import memory
from tui.games.kings_dilemma import campaign
from tui.opengame import OpenGame, unsaved_line
from tui.screens.dialogs import ConfirmScreen
from tui.screens.game import GameScreen
from tui.widgets.unsaved_bar import UnsavedBar

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def game(toy, tmp_path):
    og = OpenGame.new("toy", {}, 11, tmp_path / "saves" / "game.json")
    og.answer(TURN[0])
    return og


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# -- 1. links planted by another account ------------------------------------------------------


@pytest.mark.parametrize("planted", [".game.json.tmp", ".game.json.bak.tmp", "game.json.lock"])
def test_a_link_planted_under_a_name_we_use_never_redirects_a_write(game, tmp_path, planted):
    """The old fixed temp and lock names, linked to a file of the player's: the step is saved and
    the player's file is untouched."""
    victim = tmp_path / "authorized_keys"
    victim.write_text("ssh-ed25519 AAAA mine\n")
    link = game.path.parent / planted
    link.symlink_to(victim)
    game.release()
    game.hold()
    game.answer(TURN[1])
    assert victim.read_text() == "ssh-ed25519 AAAA mine\n"
    assert OpenGame.open(game.path).runner.applied == 2
    game.release()


def test_temp_files_have_unpredictable_names_and_are_created_exclusively(tmp_path, monkeypatch):
    seen = []
    real_open = files.os.open

    def spy(path, flags, *rest):
        if str(path).endswith(".tmp"):
            seen.append((Path(path).name, flags))
        return real_open(path, flags, *rest)

    monkeypatch.setattr(files.os, "open", spy)
    for _ in range(2):
        saves.write_atomic(tmp_path / "x.json", b"{}")
    monkeypatch.undo()
    assert len({name for name, _ in seen}) == len(seen) == 2
    for name, flags in seen:
        assert name.startswith(".x.json.") and len(name) >= len(".x.json.") + 16 + len(".tmp")
        assert flags & os.O_EXCL and flags & os.O_NOFOLLOW and flags & os.O_CREAT


@pytest.mark.parametrize("kind", ["fifo", "folder", "device-link"])
def test_a_save_path_that_is_not_a_regular_file_is_refused_in_one_line_without_blocking(tmp_path, kind):
    """A FIFO would hang show, list, play and the home screen; /dev/zero would be read forever."""
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / "trap.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to("/dev/zero")
    env = {k: v for k, v in os.environ.items() if k != "CLOCKWORK_RULESETS"}
    for args in (["show", str(path)], ["step", str(path), "x"], ["list", "--saves-dir", str(folder)]):
        done = subprocess.run([sys.executable, "-m", "tui", *args], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=30, stdin=subprocess.DEVNULL)
        if args[0] == "list":
            assert done.returncode == 0 and "not a save" in done.stdout
        else:
            assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
            assert "trap.json" in done.stderr and "not a save" in done.stderr
    assert [i.error != "" for i in saves.listing(folder)] == [True]


def test_reads_are_capped(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "MAX_READ", 1000)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 1001)
    with pytest.raises(SaveError, match=r"big.json: .*larger than any save \(0 MB at most\)"):
        saves.read(big)


def test_restricted_mode_does_not_follow_a_link_out_of_the_folder(tmp_path, monkeypatch, game):
    outside = tmp_path / "private.json"
    outside.write_bytes(game.path.read_bytes())
    (game.path.parent / "peek.json").symlink_to(outside)
    monkeypatch.setattr(files, "follow_links", False)
    with pytest.raises(SaveError, match="peek.json: .*a link, and links are not followed here"):
        saves.read(game.path.parent / "peek.json")


# -- 2. locks between accounts ----------------------------------------------------------------


def test_a_forged_lock_naming_pid_1_blocks_nothing(game):
    """The flock is the truth: the pid in the file only describes the holder."""
    game.release()
    savelock.lock_path(game.path).write_text(f'{{"pid": 1, "host": "{savelock.this_host()}", "user": "mallory"}}')
    assert savelock.holder(game.path) is None
    lock = SaveLock.acquire(game.path)
    assert lock.stale.who().startswith("mallory@") and savelock.holder(game.path).pid == os.getpid()
    lock.release()


def test_a_live_holder_in_another_process_is_named(game):
    game.release()
    code = ("import sys, time; from tui.engine.savelock import SaveLock; SaveLock.acquire(sys.argv[1]); "
            "print('held', flush=True); time.sleep(30)")
    other = subprocess.Popen([sys.executable, "-c", code, str(game.path)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline().strip() == "held"
        with pytest.raises(Locked) as caught:
            SaveLock.acquire(game.path)
        assert caught.value.info.pid == other.pid
        assert savelock.holder(game.path).pid == other.pid
    finally:
        other.kill()
        other.wait()
    SaveLock.acquire(game.path).release()  # its death freed the lock at once


def test_lock_and_record_files_are_group_writable_whatever_the_umask(game, tmp_path):
    game.release()
    old = os.umask(0o077)
    try:
        lock = SaveLock.acquire(game.path)
        campaign_file = tmp_path / "saves" / campaign.FILE
        records.write(campaign_file, campaign.CampaignFile(), "campaign records")
        game.answer(TURN[1])
    finally:
        os.umask(old)
    for path in (lock.path, campaign_file, game.path):
        assert stat.S_IMODE(path.stat().st_mode) & 0o060 == 0o060, path
    lock.release()


@pytest.mark.parametrize("mode, fix", [(0o3775, "chmod -t"), (0o2755, "chmod g+w"), (0o3755, "chmod g+w,-t")])
def test_a_shared_folder_that_would_lock_players_out_is_named_with_its_fix(tmp_path, mode, fix):
    folder = tmp_path / "table"
    folder.mkdir()
    folder.chmod(mode)
    advice = files.folder_advice(folder)
    assert f"run `{fix} {folder}`" in advice
    folder.chmod(0o2775)
    assert files.folder_advice(folder) == ""
    private = tmp_path / "mine"
    private.mkdir(mode=0o755)
    assert files.folder_advice(private) == ""  # not shared: nothing to say


# -- 3. damaged records ---------------------------------------------------------------------------


@pytest.mark.parametrize("damage", [b"\xff", b"}", b'{"format": 1, "games": 5}', "fifo"])
def test_a_damaged_campaign_file_is_set_aside_and_new_goes_on(tmp_path, damage, capsys):
    folder = tmp_path / "saves"
    folder.mkdir()
    target = folder / campaign.FILE
    if damage == "fifo":
        os.mkfifo(target)
    else:
        target.write_bytes(b'{"format": 1, "games": {}}' + damage if damage in (b"\xff", b"}") else damage)
    code = cli.main(["new", "kings-dilemma", "--save", str(folder / "next"), "--seed", "1"])
    err = capsys.readouterr().err
    assert code == 0
    assert err.count("\n") == 1 and campaign.FILE in err and "damaged campaign records" in err
    [aside] = folder.glob(campaign.FILE + ".damaged-*")
    assert aside.name in err
    if damage != "fifo":
        assert aside.read_bytes().endswith(damage)


def test_a_game_entry_that_is_no_game_is_named_and_the_file_left_for_now(tmp_path, capsys):
    """Issue 21: the campaign is read entry by entry; one bad game is named, not the file lost."""
    folder = tmp_path / "saves"
    folder.mkdir()
    data = b'{"format": 1, "games": {"k": 5}}'
    (folder / campaign.FILE).write_bytes(data)
    code = cli.main(["new", "kings-dilemma", "--save", str(folder / "next"), "--seed", "1"])
    err = capsys.readouterr().err
    assert code == 0
    assert err.count("\n") == 1 and campaign.FILE in err and "game 'k'" in err, err
    assert (folder / campaign.FILE).read_bytes() == data and not list(folder.glob("*.damaged-*"))


def test_a_damaged_realms_file_is_set_aside_not_overwritten(tmp_path):
    (tmp_path / memory.FILE).write_bytes(b"\x00not json")
    assert memory.recall(tmp_path).removals == {}
    [aside] = tmp_path.glob(memory.FILE + ".damaged-*")
    assert aside.read_bytes() == b"\x00not json"
    [notice] = records.take_notices()
    assert memory.FILE in notice and "\n" not in notice and "damaged remembered realm removals" in notice


def test_a_records_file_that_cannot_be_moved_aside_is_never_overwritten(tmp_path, monkeypatch):
    target = tmp_path / campaign.FILE
    target.write_bytes(b"{bad")
    monkeypatch.setattr(files, "set_aside", lambda p, stamp: None)
    with pytest.raises(SaveError, match="cannot be moved aside"):
        campaign.read(tmp_path)
    assert target.read_bytes() == b"{bad"


# -- 4. names -------------------------------------------------------------------------------------


def test_a_long_name_of_four_byte_characters_fits_every_derived_name(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    path = saves.path_in(folder, "𠀀" * 70)
    assert len(path.name.encode()) <= saves.NAME_BYTES + len(saves.SUFFIX)
    assert path.stem == "𠀀" * (saves.NAME_BYTES // 4)  # cut between characters
    saves.write_atomic(path, b"{}")
    saves.write_atomic(path, b"{}")  # a backup and a temp name beside it
    SaveLock.acquire(path).release()
    assert (folder / (path.name + ".bak")).exists()


def test_an_os_error_on_a_named_file_is_one_line(tmp_path, capsys):
    code = cli.main(["new", "oath", "--save", str(tmp_path / ("é" * 200))])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and "too long" in err and "internal error" not in err


# -- 7. a write that fails ------------------------------------------------------------------------


def test_a_failed_write_keeps_the_answer_marks_the_game_unsaved_and_a_retry_saves_it(game, monkeypatch):
    before = game.path.read_bytes()
    monkeypatch.setattr(files, "os", FailingOs("write", errno.ENOSPC))
    with pytest.raises(SaveError):
        game.answer(TURN[1])
    assert game.runner.applied == 2 and game.path.read_bytes() == before
    line = unsaved_line(game)
    assert line.startswith("Not saved: ") and "No space left on device" in line and "ctrl+r" in line
    with pytest.raises(SaveError):
        game.retry_save()
    monkeypatch.setattr(files, "os", os)
    assert game.retry_save() and unsaved_line(game) == ""
    assert OpenGame.open(game.path).runner.applied == 2


@sync
async def test_the_app_shows_a_lasting_banner_and_asks_before_quitting_unsaved(tmp_path, toy, monkeypatch):
    folder = tmp_path / "saves"
    path = folder / "game.json"
    async with app_on(folder, path, new="toy") as (app, pilot):
        screen = app.screen
        assert isinstance(screen, GameScreen)
        banner = screen.query_one(UnsavedBar)
        assert not banner.display
        monkeypatch.setattr(files, "os", FailingOs("write", errno.ENOSPC))
        await pilot.press("enter")
        await pilot.pause()
        assert banner.display and "Not saved" in str(banner.render())
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and banner.display
        monkeypatch.setattr(files, "os", os)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert not banner.display
        assert OpenGame.open(path).runner.applied == 1
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code in (0, None)


def test_plain_mode_asks_before_quitting_unsaved_and_save_tries_again(toy, tmp_path, monkeypatch):
    import io

    from tui import plain

    path = tmp_path / "game.json"
    OpenGame.new("toy", {}, 3, path)
    monkeypatch.setattr(files, "os", FailingOs("write", errno.ENOSPC, times=2))
    out = io.StringIO()
    code = plain.run(OpenGame.open(path), io.StringIO("\nquit\nsave\nquit\n"), out)
    text = out.getvalue()
    assert "quit again to leave without them" in text and text.count("! ") == 3  # answer, quit, save
    assert code == 1 and OpenGame.open(path).runner.applied == 0
    out = io.StringIO()
    monkeypatch.setattr(files, "os", FailingOs("write", errno.ENOSPC, times=1))
    assert plain.run(OpenGame.open(path), io.StringIO("\nsave\nquit\n"), out) == 0
    assert "Saved." in out.getvalue() and OpenGame.open(path).runner.applied == 1


@sync
async def test_the_app_names_a_badly_set_up_folder_and_a_damaged_campaign_at_start(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    folder.chmod(0o3775)
    (folder / campaign.FILE).write_bytes(b"\x00")
    async with app_on(folder) as (app, pilot):
        await pilot.pause()
        said = [n.message for n in app._notifications]
    assert any(f"run `chmod -t {folder}`" in m for m in said)
    assert any(campaign.FILE in m and "damaged campaign records" in m and "\n" not in m for m in said)
    assert list(folder.glob(campaign.FILE + ".damaged-*"))


def test_an_option_edited_out_of_range_in_a_save_is_refused_in_one_line(tmp_path):
    """Issue 14, sizes: the ranges `new` checks hold for a save's stored options too."""
    og = OpenGame.new("kings-dilemma", {}, 1, tmp_path / "kd.json")
    og.release()
    save = saves.read(og.path)
    save.session.options["players"] = str(2**31)
    og.path.write_bytes(saves.encode(save))
    with pytest.raises(SaveError, match=r"kd.json: option players must be from 3 to 5, not 2147483648$"):
        OpenGame.open(og.path)
