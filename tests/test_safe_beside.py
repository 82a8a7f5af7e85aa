"""Issue 21, items 1, 2 and 6: every file beside a save is read one way (no link followed, regular
files only, never blocking, capped); backups never reopen a path; nothing is lost without a word.

The drill: at every name Clockwork reads or writes beside a save (the names are traced, not
guessed: see the first test), plant a FIFO, a link to /dev/zero, a link to another account's file
(a file made outside the folder stands for it) and a folder, then run the real commands. Nothing
hangs, nothing is followed, play goes on where it can, and what is refused is said in one line.
"""

from __future__ import annotations

import json
import os
import re
import resource
import select
import shutil
import signal
import stat
import subprocess
import sys
import time
import traceback
from pathlib import Path

import pytest

import drivers
import per_game
from test_safe_fuzz import bounded as fuzz_bounded
from test_app_support import make_app, running, sync
from tui import cli
from tui.engine import files, records, saves
from tui.engine.prompts import valid_answers
from tui.games.command_of_nature import records as board
from tui.games.eu_price_of_power import memory
from tui.games.kings_dilemma import campaign
from tui.opengame import OpenGame
from tui.rules import loader, parse_cache

ROOT = Path(__file__).resolve().parents[1]
SAVE = "table.json"
HEX = "0123456789abcdef"
MARK = "Ann-private"  # in every file standing for another account's: never read, never copied
KINDS = ["fifo", "zero", "foreign", "folder"]


def temp_names(name: str) -> list[str]:
    """Clockwork's temporary names made from ``name`` (files.py, savelock.py), and the backup
    link's name of earlier versions, which killed writers may have left."""
    return [f".{name}.{HEX}.tmp", f".{name}.bak.{HEX}.tmp", f".{name}.{HEX}.bak.tmp"]


CACHE = "RULESET.v1.msgpack"  # a parsed ruleset kept in the cache folder (rules/parse_cache.py)
# Each registered game's records beside its saves (its BESIDE in tests/per_game), by game.
BESIDE = {game: beside for game in per_game.ids() if (beside := per_game.piece(game, "BESIDE")) is not None}
RECORDS = {n: game for game, beside in BESIDE.items() for n in [beside.file, beside.file + ".bak", *temp_names(beside.file)]}
NAMES = {
    # name planted: the game whose commands meet it
    SAVE: "command-of-nature",
    SAVE + ".bak": "command-of-nature",
    SAVE + ".lock": "command-of-nature",
    **{n: "command-of-nature" for n in temp_names(SAVE) + temp_names(SAVE + ".lock")},
    **RECORDS,
    CACHE: "command-of-nature",
    **{n: "command-of-nature" for n in temp_names(CACHE)},
}


def in_child(work, seconds: float = 120) -> str:
    """``work()`` in a forked child whose memory is capped (reading /dev/zero would fill the
    machine's) and which is killed if it hangs; '' when it returned, else what went wrong."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        os.close(read_end)
        report = ""
        try:
            resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
            work()
        except BaseException as exc:
            report = "".join(traceback.format_exception(exc))[-4000:] or repr(exc)
        os.write(write_end, report.encode() or b"ok")
        os._exit(0)
    os.close(write_end)
    try:
        ready, _, _ = select.select([read_end], [], [], seconds)
        if not ready:
            os.kill(pid, signal.SIGKILL)
            return f"still running after {seconds} s: something blocked on a planted file"
        chunks = []
        while chunk := os.read(read_end, 65536):
            chunks.append(chunk)
        said = b"".join(chunks).decode()
        return "" if said == "ok" else said or "the child died (out of memory?)"
    finally:
        os.close(read_end)
        os.waitpid(pid, 0)


def bounded(seconds: float = 20):
    return fuzz_bounded(seconds, "something blocked on a planted file")


# -- what the app reads and writes beside a save: traced ---------------------------------------


def _normal(name: str, saves_stems: set[str]) -> str:
    name = re.sub(r"[0-9a-f]{32}", "RULESET", name)
    name = re.sub(r"[0-9a-f]{16}", HEX, name)
    for stem in saves_stems:
        name = name.replace(stem + ".json", SAVE)
    return name


def trace_scenario(folder: str, cache: str) -> None:
    """Run in a child process: every command on a game of each registered game (those keeping
    records play to their first write of them, twice when written at the end), with an audit hook
    noting each file opened, linked, renamed or removed (whoever does it: pathlib, open(), os).
    Prints the events as JSON."""
    events: list[list] = []
    watched = (os.path.realpath(folder), os.path.realpath(cache))

    def hook(event: str, args: tuple) -> None:
        if event not in ("open", "os.link", "os.rename", "os.remove", "os.mkdir", "os.symlink"):
            return
        for arg in args[:2] if event != "open" else args[:1]:
            if isinstance(arg, (str, bytes, os.PathLike)):
                path = os.fsdecode(arg)
                parent = os.path.realpath(os.path.dirname(os.path.abspath(path)))
                if parent in watched:
                    events.append([event, os.path.basename(path), args[2] if event == "open" else None])

    sys.addaudithook(hook)
    rng = __import__("random").Random(3)
    run = lambda *args: cli.main(list(args))  # noqa: E731
    f = Path(folder)
    for game in per_game.ids():
        beside = BESIDE.get(game)
        if beside is not None and beside.finish is not None:
            for seed in (4, 5):  # two finished games: the records are written, then rewritten with a backup
                og = OpenGame.new(game, beside.options, seed, f / f"{_stem(game)}{seed}.json")
                beside.finish(og, rng)
                og.release()
            continue
        stem = "table" if game == "command-of-nature" else _stem(game)
        options = _options(beside) if beside else []
        run("new", game, "--save", str(f / stem), "--seed", "1", *options)
        if beside is not None:
            run("step", str(f / f"{stem}.json"), *beside.steps or [])
        run("step", str(f / f"{stem}.json"), "--random", "8", "--seed", "1")
        run("show", str(f / f"{stem}.json"))
        run("log", str(f / f"{stem}.json"))
        run("undo", str(f / f"{stem}.json"))
        run("redo", str(f / f"{stem}.json"))
        og = OpenGame.open_to_play(f / f"{stem}.json")
        drivers.answer_taken(og, valid_answers(drivers.waiting(og.runner))[0], rng)
        og.release()
    run("list", "--saves-dir", folder)
    from tui import games

    for definition in games.all_games().values():  # the home screen's lines
        definition.home_lines(f) if definition.home_lines else None
    print(json.dumps(events))


def _options(beside: per_game.Beside) -> list[str]:
    return [arg for key, value in beside.options.items() for arg in ("--option", f"{key}={value}")]


def _stem(game: str) -> str:
    """The name of a game's saves in the trace (not SAVE's, which only the Sage's game has)."""
    return per_game.package(game)


def test_every_name_used_beside_a_save_is_planted_at_and_opened_the_safe_way(tmp_path):
    """Item 1: the names the drill below plants at are every name the commands touch; and every
    open of a file there, by any code, refuses links and never blocks (files.read_file), or
    creates a new file exclusively (files.create_exclusive)."""
    folder, cache = tmp_path / "saves", tmp_path / "cache"
    folder.mkdir()
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONPATH": str(ROOT / "tests")}
    env.pop("CLOCKWORK_RULESETS", None)
    code = f"import test_safe_beside as t; t.trace_scenario({str(folder)!r}, {str(cache / 'clockwork' / 'rulesets')!r})"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr[-2000:]
    events = json.loads(done.stdout.splitlines()[-1])
    stems = {"table"} | {_stem(game) + end for game in per_game.ids() for end in ("", "4", "5")}
    touched = {_normal(name, stems) for _, name, _ in events}
    ends = {beside.file + ".bak" for beside in BESIDE.values() if beside.finish is not None}
    assert {SAVE, SAVE + ".bak", SAVE + ".lock", CACHE, *(b.file for b in BESIDE.values()), *ends} <= touched, \
        sorted(touched)  # the scenario reached every kind of file, and every game's records
    assert touched <= set(NAMES), sorted(touched - set(NAMES))
    unsafe = [(name, flags) for event, name, flags in events if event == "open" and not (
        flags & os.O_NOFOLLOW and (flags & os.O_NONBLOCK or flags & os.O_CREAT and flags & os.O_EXCL))]
    assert unsafe == [], [(name, oct(flags)) for name, flags in unsafe]


# -- the drill: something planted at every name --------------------------------------------------


def _outside(tmp_path: Path, name: str) -> Path:
    """Another account's file (a private save, records, a lock) outside the folder: content a
    Clockwork command would use if it followed a link to it."""
    home = tmp_path / "ann"
    home.mkdir(exist_ok=True)
    if name.startswith((SAVE, f".{SAVE}")):
        og = OpenGame.new("command-of-nature", {}, 424242, None)
        og.save_file.summary = MARK
        data = saves.encode(og.save_file)
    elif name in RECORDS:
        data = BESIDE[RECORDS[name]].foreign(MARK)
    else:
        data = f'{{"pid": 1, "host": "{MARK}"}}'.encode()
    path = home / "private"
    path.write_bytes(data)
    path.chmod(0o600)
    return path


def _plant(path: Path, kind: str, outside: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif os.path.lexists(path):
        path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "foreign":
        path.symlink_to(outside)
    else:
        path.mkdir()
        (path / "inside").write_text("a folder that cannot simply be removed")


def _cache_copy(game: str) -> Path:
    data = files.read_file(loader.shipped_path(game), "ruleset", follow=True)
    digest = parse_cache.blake2b(data, digest_size=16).hexdigest()
    cache = parse_cache.folder()
    assert cache is not None
    return cache / f"{digest}.v{parse_cache.FORMAT}.msgpack"


def _where(folder: Path, name: str, game: str) -> Path:
    if "RULESET" in name:
        copy = _cache_copy(game)
        return copy.parent / name.replace("RULESET", copy.name.split(".")[0])
    return folder / name


class Commands:
    """The real commands, in this process (so a hang is caught): exit code and output of each."""

    def __init__(self, capsys):
        self.capsys = capsys
        self.said: list[tuple[list[str], int, str, str]] = []

    def __call__(self, *args: str) -> int:
        with bounded():
            code = cli.main(list(args))
        out, err = self.capsys.readouterr()
        self.said.append((list(args), code, out, err))
        return code

    def last_err(self) -> str:
        return self.said[-1][3]

    def all_text(self) -> str:
        return "".join(out + err for _, _, out, err in self.said)


def _links_and_marks(folder: Path, planted: str) -> list[str]:
    """Anything in the folder that follows the planted link or holds the other account's file:
    a regular file with its content, a link that is not the planted one (kept as it is, or kept
    aside under its name)."""
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            mode = os.lstat(path).st_mode
            kept = Path(dirpath) == folder and (name == planted or name.startswith(planted + ".damaged-"))
            if stat.S_ISLNK(mode) and not kept:
                found.append(f"{name}: a link to {os.readlink(path)}")
            elif stat.S_ISREG(mode) and MARK.encode() in path.read_bytes():
                found.append(f"{name}: holds the other account's file")
    return found


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", list(NAMES))
def test_something_planted_at_any_name_never_hangs_is_never_followed_and_play_goes_on(tmp_path, capsys, monkeypatch,
                                                                                     name, kind):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # this test's own ruleset cache
    failed = in_child(lambda: _drill(tmp_path, capsys, name, kind))
    assert failed == "", failed


def _drill(tmp_path: Path, capsys, name: str, kind: str) -> None:
    game = NAMES[name]
    folder = tmp_path / "saves"
    folder.mkdir()
    folder.chmod(0o2775)
    outside = _outside(tmp_path, name)
    before = outside.read_bytes()
    run = Commands(capsys)
    save = folder / SAVE
    beside = BESIDE[game]
    options = _options(beside)
    assert run("new", game, "--save", str(save), "--seed", "1", *options) == 0
    beside.earlier(folder)
    target = _where(folder, name, game)
    _plant(target, kind, outside)

    # A second game in the folder reads the records (and the ruleset cache) as `new` does.
    assert run("new", game, "--save", str(folder / "other.json"), "--seed", "2", *options) == 0, run.last_err()
    # This game: answered by `step`, then the open game (what the app holds) answers on.
    refused_save = name == SAVE
    if beside.steps is None:  # the records are written at the game's end
        assert beside.finish is not None
        expect = 0
        with bounded(60):
            try:
                og = OpenGame.open_to_play(save)
            except saves.SaveError as exc:
                assert refused_save and str(save) in str(exc) and "\n" not in str(exc)
            else:
                assert not refused_save
                beside.finish(og, __import__("random").Random(1))
                expect = og.runner.applied
                og.release()
        for notice in records.take_notices():
            assert "\n" not in notice
    else:
        code = run("step", str(save), *beside.steps)
        if refused_save:
            assert code == 1 and run.last_err().count("\n") == 1 and SAVE in run.last_err(), run.last_err()
        else:
            assert code == 0, run.last_err()
        with bounded():
            try:
                og = OpenGame.open_to_play(save)
            except saves.SaveError as exc:
                assert refused_save and str(save) in str(exc) and "\n" not in str(exc)
            else:
                assert not refused_save
                og.answer(valid_answers(drivers.waiting(og.runner))[0])
                og.release()
        expect = len(beside.steps) + 1
        for notice in records.take_notices():
            assert "\n" not in notice
    code = run("show", str(save))
    if refused_save:
        assert code == 1 and run.last_err().count("\n") == 1 and SAVE in run.last_err()
        assert "is a" in run.last_err() or "link" in run.last_err()
    else:
        assert code == 0, run.last_err()
        assert OpenGame.open(save).runner.applied == expect
        assert beside.kept(folder)

    for args, _code, _out, err in run.said:
        assert "internal error" not in err and "Traceback" not in err, (args, err)
        assert all(line.startswith("clockwork: ") for line in err.splitlines()), (args, err)
    assert MARK not in run.all_text() and "424242" not in run.all_text()
    assert _links_and_marks(folder, name) == []
    assert outside.read_bytes() == before and stat.S_IMODE(outside.stat().st_mode) == 0o600
    if name.endswith(".bak") and kind == "folder":
        # Item 2: a folder at the backup's name is moved aside, in one line naming it.
        said = [line for line in run.all_text().splitlines() if name in line]
        assert said or any(folder.glob(name + ".damaged-*")), run.all_text()
        assert (folder / name).is_file()  # later backups are kept again


def test_the_app_opens_and_plays_with_a_fifo_board_a_link_to_dev_zero_and_a_folder_at_the_backup(tmp_path):
    """The app's home screen reads every game's records and lists the saves; the game screen
    autosaves with a backup. None of them hangs on what another account planted."""
    failed = in_child(lambda: _app_drill(tmp_path))
    assert failed == "", failed


@sync
async def _app_drill(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    path = folder / SAVE
    og = OpenGame.new("command-of-nature", {}, 1, path)
    og.release()
    os.mkfifo(folder / board.FILE)
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / memory.FILE).symlink_to("/dev/zero")
    (folder / (SAVE + ".bak")).mkdir()
    app = make_app(folder)
    with bounded(60):
        async with running(app) as pilot:
            said = [n.message for n in app._notifications]
            app.open_save(path)
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            hint = drivers.hint_line(app.screen)  # the backup's folder moved aside: said under the question
            await pilot.press("ctrl+q")
            await pilot.pause()
    assert any(board.FILE in m and "\n" not in m for m in said), said
    assert OpenGame.open(path).runner.applied == 1
    assert (folder / (SAVE + ".bak")).is_file()
    assert f"{SAVE}.bak: is a folder" in hint and "moved aside" in hint, hint


# -- item 2: backups never reopen a path ---------------------------------------------------------


def _no_hard_links(monkeypatch):
    """What another account's file is to a player under fs.protected_hardlinks (root is exempt,
    so the tests say it): a hard link to it is refused, and the backup is made by copying."""
    real_link = os.link

    def link(src, dst, *args, **kwargs):
        raise PermissionError(1, "Operation not permitted", str(src))

    monkeypatch.setattr(files.os, "link", link)
    return real_link


def test_a_backup_copy_is_made_from_the_file_clockwork_opened_never_through_a_link(tmp_path, monkeypatch, capsys):
    """The leak: the save swapped for a link to the player's key between two answers; the
    backup, made by copying, used to open the path again and copy the key, group-readable."""
    key = tmp_path / "id_ed25519"
    key.write_text(f"-----BEGIN OPENSSH PRIVATE KEY----- {MARK}\n")
    key.chmod(0o600)
    folder = tmp_path / "saves"
    path = folder / SAVE
    og = OpenGame.new("command-of-nature", {}, 1, path)
    path.unlink()
    path.symlink_to(key)  # between two answers
    _no_hard_links(monkeypatch)
    og.answer("")
    og.release()
    assert _links_and_marks(folder, "nothing planted") == []
    assert OpenGame.open(path).runner.applied == 1  # the answer is saved
    [line] = records.take_notices()
    assert SAVE in line and "link" in line and "no backup" in line


def test_a_backup_copy_is_never_more_readable_than_the_file_it_copies(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    path = folder / SAVE
    og = OpenGame.new("command-of-nature", {}, 1, path)
    path.chmod(0o600)
    old = path.read_bytes()
    _no_hard_links(monkeypatch)
    og.answer("")
    og.release()
    bak = folder / (SAVE + ".bak")
    assert bak.read_bytes() == old and stat.S_IMODE(bak.stat().st_mode) & 0o077 == 0


def test_a_backup_link_to_a_file_swapped_in_after_the_check_is_not_kept(tmp_path, monkeypatch):
    """The old save is opened and checked, then hard-linked by name: if the name was swapped in
    between, the linked file is not the one checked, and the backup is copied from the one
    Clockwork opened."""
    folder = tmp_path / "saves"
    path = folder / SAVE
    og = OpenGame.new("command-of-nature", {}, 1, path)
    old = path.read_bytes()
    other = tmp_path / "swapped-in"
    other.write_text(MARK)
    real_link = os.link

    def swap_then_link(src, dst, *args, **kwargs):
        if Path(src) == path:
            os.unlink(path)
            real_link(other, path)  # someone's file under the save's name, after the check
        return real_link(src, dst, *args, **kwargs)

    monkeypatch.setattr(files.os, "link", swap_then_link)
    og.answer("")
    og.release()
    assert (folder / (SAVE + ".bak")).read_bytes() == old
    assert _links_and_marks(folder, "nothing planted") == []


def test_a_folder_at_the_backup_name_is_moved_aside_and_saving_goes_on(tmp_path, capsys):
    folder = tmp_path / "saves"
    path = folder / SAVE
    assert cli.main(["new", "command-of-nature", "--save", str(path), "--seed", "1"]) == 0
    (folder / (SAVE + ".bak")).mkdir()
    (folder / (SAVE + ".bak") / "inside").write_text("x")
    capsys.readouterr()
    assert cli.main(["step", str(path), ""]) == 0
    err = capsys.readouterr().err
    [aside] = folder.glob(SAVE + ".bak.damaged-*")
    assert (aside / "inside").read_text() == "x"
    assert err.count("\n") == 1 and f"{SAVE}.bak" in err and aside.name in err and "folder" in err
    assert (folder / (SAVE + ".bak")).is_file() and OpenGame.open(path).runner.applied == 1


def test_a_backup_that_cannot_be_replaced_is_skipped_with_a_line_and_saving_goes_on(tmp_path, monkeypatch):
    """Another account's file at the .bak name of a sticky folder cannot be replaced (EPERM; root
    can, so the refusal is simulated): the save is written, the backup skipped, said once."""
    folder = tmp_path / "saves"
    path = folder / SAVE
    og = OpenGame.new("command-of-nature", {}, 1, path)
    bak = folder / (SAVE + ".bak")
    bak.write_text("theirs")
    real_replace = os.replace

    def replace(src, dst, *args, **kwargs):
        if Path(dst) == bak:
            raise PermissionError(1, "Operation not permitted", str(dst))
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(files.os, "replace", replace)
    og.answer("")
    og.answer("5")  # the Sage board's starting gold
    og.release()
    assert bak.read_text() == "theirs" and OpenGame.open(path).runner.applied == 2
    [line] = records.take_notices()
    assert f"{SAVE}.bak" in line and "no backup" in line
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


# -- item 6: nothing lost without a word ----------------------------------------------------------


def test_a_damaged_board_file_is_kept_aside_with_a_line(tmp_path, capsys):
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / board.FILE).write_bytes(b'{"starting_gold": {"Normal": 5}, "card_gold": {')
    assert cli.main(["new", "command-of-nature", "--save", str(folder / "g"), "--seed", "1"]) == 0
    err = capsys.readouterr().err
    [aside] = folder.glob(board.FILE + ".damaged-*")
    assert aside.read_bytes().endswith(b'"card_gold": {')
    assert err.count("\n") == 1 and board.FILE in err and aside.name in err


def test_a_bad_entry_in_the_board_file_is_named_and_the_rest_kept(tmp_path):
    (tmp_path / board.FILE).write_bytes(
        b'{"starting_gold": {"Normal": 5, "Hard": 99}, "daybreak_gold": {"4": 1}, "card_gold": {"Sly Dog": "x"}}')
    got = board.recall(tmp_path)
    assert got.starting_gold == {"Normal": 5} and got.daybreak_gold == {4: 1}
    [line] = records.take_notices()
    assert board.FILE in line and "Hard" in line and "\n" not in line and "2 entries" in line


def test_one_bad_card_id_in_the_realms_file_drops_only_itself_and_is_named(tmp_path):
    (tmp_path / memory.FILE).write_bytes(json.dumps(
        {"removals": {"France": {"1": [3, 4], "2": [9, 25], "3": [5]}, "Venice": {"1": [1]}}}).encode())
    got = memory.recall(tmp_path)
    assert got.removals == {"France": {"1": [3, 4], "2": [9], "3": [5]}, "Venice": {"1": [1]}}
    [line] = records.take_notices()
    assert memory.FILE in line and "France" in line and "25" in line and "\n" not in line


def test_realms_entries_of_the_wrong_type_are_named_and_every_readable_one_kept(tmp_path):
    (tmp_path / memory.FILE).write_bytes(json.dumps(
        {"removals": {"France": {"1": [3], "2": "nine"}, "Venice": ["x"], "Spain": {"1": [2]}},
         "dice_faces": {"Infantry": 2, "Artillery": "six"}}).encode())
    got = memory.recall(tmp_path)
    assert got.removals == {"France": {"1": [3]}, "Spain": {"1": [2]}} and got.dice_faces == {"Infantry": 2}
    [line] = records.take_notices()
    assert memory.FILE in line and "3 entries" in line and "\n" not in line


def test_remembering_beside_a_realms_file_with_a_bad_entry_keeps_that_file_aside(tmp_path):
    """The new file leaves the bad entry out: the old one is kept, and the line says where."""
    folder = tmp_path / "saves"
    folder.mkdir()
    original = json.dumps({"removals": {"France": {"1": [3], "2": [25]}}}).encode()
    (folder / memory.FILE).write_bytes(original)
    og = OpenGame.new("eu-price-of-power", {}, 1, folder / "g.json")
    for raw in ["Venice", "", "", "", "", "", "3 7", "", "", ""]:
        og.answer(raw)
    og.release()
    assert memory.recall(folder).removals == {"France": {"1": [3]}, "Venice": {"1": [3, 7], "2": [], "3": [], "4": []}}
    [aside] = folder.glob(memory.FILE + ".damaged-*")
    assert aside.read_bytes() == original
    said = " ".join(records.take_notices())
    assert aside.name in said


def _temp(folder: Path, name: str, kind: str = "file") -> Path:
    path = folder / name
    if kind == "file":
        path.write_bytes(b"a write its writer never finished")
    elif kind == "link":
        path.symlink_to(folder.parent / "precious")
    else:
        path.mkdir()
    return path


def test_temporary_files_of_killed_writers_are_removed_at_the_next_open_and_live_ones_kept(tmp_path, monkeypatch):
    """Only Clockwork's own temporary names, only regular files, and only once older than any
    live writer keeps one (files.STALE_TEMP); a link is never followed, nor removed."""
    folder = tmp_path / "saves"
    path = folder / SAVE
    OpenGame.new("command-of-nature", {}, 1, path).release()
    precious = tmp_path / "precious"
    precious.write_text("keep me")
    ours = [f".{SAVE}.{HEX}.tmp", f".{SAVE}.bak.{HEX}.tmp", f".{SAVE}.{HEX}.bak.tmp",
            f".{SAVE}.lock.{HEX}.tmp", f".{board.FILE}.{HEX}.tmp"]
    for name in ours:
        _temp(folder, name)
    others = [_temp(folder, ".notes.tmp"), _temp(folder, f".{SAVE}.{HEX[:15]}.tmp"),
              _temp(folder, f"{SAVE}.{HEX}.tmp"), _temp(folder, f".x.{HEX}.tmp.keep")]
    link = _temp(folder, f".{memory.FILE}.{HEX}.tmp", "link")
    dirs = _temp(folder, f".{campaign.FILE}.{HEX}.tmp", "folder")

    OpenGame.open_to_play(path).release()  # young: a live writer may be about to rename them
    assert all((folder / name).exists() for name in ours)

    later = time.time() + files.STALE_TEMP + 60
    monkeypatch.setattr(files.time, "time", lambda: later)
    OpenGame.open_to_play(path).release()
    assert not [name for name in ours if os.path.lexists(folder / name)]
    assert all(p.exists() for p in others) and link.is_symlink() and dirs.is_dir()
    assert precious.read_text() == "keep me"
