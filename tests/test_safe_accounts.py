"""Issue 14, the two-account drill: two accounts of one players' group share a 2775 save folder
under the usual umask 022. Links one account plants never redirect the other's writes, and both
answering one save at once lose nothing. Needs the right to switch uid (root); skipped otherwise.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
import time
from pathlib import Path

import pytest

from test_app_support import toy  # noqa: F401  (the in-memory toy game: no file outside the folder)
from tui.engine.prompts import valid_answers
from tui.engine.savelock import Locked
from tui.opengame import OpenGame

GROUP = 61000
ANN, BO = 61001, 61002


def as_account(uid: int, work) -> dict:
    """Run ``work()`` in a forked child as ``uid`` (group GROUP, umask 022); its JSON result."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 1
        try:
            os.close(read)
            os.setgroups([GROUP])
            os.setgid(GROUP)
            os.setuid(uid)
            os.umask(0o022)
            os.environ["USER"] = f"u{uid}"
            result = work()
            os.write(write, json.dumps(result).encode())
            code = 0
        except BaseException as exc:  # reported to the parent, which fails the test
            os.write(write, json.dumps({"error": f"{type(exc).__name__}: {exc}"}).encode())
        finally:
            os._exit(code)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    os.waitpid(pid, 0)
    return json.loads(b"".join(chunks) or b"{}")


def can_switch_uid() -> bool:
    if not hasattr(os, "fork") or os.geteuid() != 0:
        return False
    return as_account(ANN, lambda: {"uid": os.getuid()}).get("uid") == ANN


pytestmark = pytest.mark.skipif(not can_switch_uid(), reason="needs the right to switch uid (run as root)")


@pytest.fixture
def table():
    """/tmp/<random>/table: mode 2775, group GROUP; /tmp/<random>/ann: Ann's private home."""
    base = Path(tempfile.mkdtemp(prefix="clockwork-drill-"))
    base.chmod(0o755)
    folder = base / "table"
    folder.mkdir()
    os.chown(folder, ANN, GROUP)
    folder.chmod(0o2775)
    home = base / "ann"
    home.mkdir()
    os.chown(home, ANN, GROUP)
    home.chmod(0o700)
    yield folder, home
    shutil.rmtree(base)


def test_links_planted_by_one_account_never_redirect_the_others_writes(toy, table):  # noqa: F811
    folder, home = table
    save = folder / "table.json"

    def ann_starts():
        (home / "authorized_keys").write_text("ssh-ed25519 AAAA ann\n")
        og = OpenGame.new("toy", {}, 4, save)
        og.answer("")
        return {"applied": og.runner.applied}

    assert as_account(ANN, ann_starts) == {"applied": 1}

    def bo_plants():
        target = str(home / "authorized_keys")
        planted = [".table.json.tmp", ".table.json.bak.tmp", "table.json.lock", "kings-dilemma.campaign"]
        (folder / "table.json.bak").unlink()  # the folder is group-writable: Bo may replace it
        planted.append("table.json.bak")
        for name in planted:
            (folder / name).unlink(missing_ok=True)
            os.symlink(target, folder / name)
        return {"planted": planted}

    assert "error" not in as_account(BO, bo_plants)

    def ann_plays():
        og = OpenGame.open_to_play(save)
        for _ in range(3):
            og.answer(valid_answers(og.runner.pending)[0])
        og.release()
        return {"applied": OpenGame.open(save).runner.applied,
                "keys": (home / "authorized_keys").read_text()}

    result = as_account(ANN, ann_plays)
    assert result == {"applied": 4, "keys": "ssh-ed25519 AAAA ann\n"}
    assert not (folder / "table.json.bak").is_symlink() and not (folder / "table.json").is_symlink()


def test_both_accounts_answering_one_save_at_once_lose_nothing(toy, table):  # noqa: F811
    folder, _ = table
    save = folder / "table.json"
    assert as_account(ANN, lambda: {"applied": OpenGame.new("toy", {}, 4, save).runner.applied}) == {"applied": 0}
    rounds = 25

    def player():
        saved_steps, waits = [], 0
        while len(saved_steps) < rounds:
            try:
                og = OpenGame.open_to_play(save)
            except Locked:
                waits += 1
                time.sleep(0.005)
                continue
            og.answer(valid_answers(og.runner.pending)[0])  # raises if the save was not written
            saved_steps.append(og.runner.applied)
            og.release()
        return {"steps": saved_steps, "waits": waits}

    # Both start together: fork both before waiting for either.
    results = {}
    read_fds, pids = {}, {}
    for uid in (ANN, BO):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            os.write(w, json.dumps(as_account(uid, player)).encode())
            os._exit(0)
        os.close(w)
        read_fds[uid], pids[uid] = r, pid
    for uid in (ANN, BO):
        chunks = []
        while chunk := os.read(read_fds[uid], 65536):
            chunks.append(chunk)
        os.close(read_fds[uid])
        os.waitpid(pids[uid], 0)
        results[uid] = json.loads(b"".join(chunks))
    for result in results.values():
        assert "error" not in result, result
    steps = results[ANN]["steps"] + results[BO]["steps"]
    assert sorted(steps) == list(range(1, 2 * rounds + 1))  # every step told saved is a distinct step
    final = OpenGame.open(save)
    assert final.runner.applied == 2 * rounds
    for name in os.listdir(folder):  # everything either account made is group-writable
        mode = os.lstat(folder / name).st_mode
        if stat.S_ISREG(mode) and name.endswith((".lock", ".campaign", ".realms")):
            assert mode & 0o060 == 0o060, name


def as_account_paused(uid: int, first, then, meanwhile) -> tuple[dict, object]:
    """``first()`` as ``uid`` in a forked child, then ``meanwhile()`` here while the child waits
    (its game still open), then ``then(what first returned)`` in the child. Returns the child's
    JSON result and what ``meanwhile`` returned."""
    ready_r, ready_w = os.pipe()
    go_r, go_w = os.pipe()
    out_r, out_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        os.close(ready_r)
        os.close(go_w)
        os.close(out_r)
        try:
            os.setgroups([GROUP])
            os.setgid(GROUP)
            os.setuid(uid)
            os.umask(0o022)
            state = first()
            os.write(ready_w, b"r")
            os.close(ready_w)
            os.read(go_r, 1)
            result = then(state)
        except BaseException as exc:
            result = {"error": f"{type(exc).__name__}: {exc}"}
        os.write(out_w, json.dumps(result).encode())
        os._exit(0)
    for fd in (ready_w, go_r, out_w):
        os.close(fd)
    meanwhile_result = None
    try:
        if os.read(ready_r, 1) == b"r":
            meanwhile_result = meanwhile()
    finally:
        os.write(go_w, b"g")
        os.close(go_w)
        os.close(ready_r)
    chunks = []
    while chunk := os.read(out_r, 65536):
        chunks.append(chunk)
    os.close(out_r)
    os.waitpid(pid, 0)
    return json.loads(b"".join(chunks) or b"{}"), meanwhile_result


KEY = "-----BEGIN OPENSSH PRIVATE KEY----- ann's, mode 0600\n"


def _copies_of_the_key(folder: Path) -> list[str]:
    found = []
    for dirpath, _, filenames in os.walk(folder):
        for name in filenames:
            path = Path(dirpath) / name
            if stat.S_ISREG(os.lstat(path).st_mode) and KEY.encode() in path.read_bytes():
                found.append(f"{name} (mode {stat.S_IMODE(os.lstat(path).st_mode):o})")
    return found


@pytest.mark.parametrize("planted", ["table.json", "command-of-nature.board"])
def test_a_link_bo_plants_to_anns_private_file_never_puts_a_copy_of_it_in_the_folder(table, planted):
    """Issue 21, item 2: Bo links Ann's save (between two of her answers) or the Sage board file
    to Ann's 0600 key. A hard link to Bo's link is refused (fs.protected_hardlinks), so the
    backup used to be copied by opening the path again, which followed the link: the key landed
    in a group-readable .bak. Now nothing Clockwork writes comes from a link."""
    folder, home = table
    save = folder / "table.json"

    def ann_starts():
        key = home / "id_ed25519"
        key.write_text(KEY)
        key.chmod(0o600)
        og = OpenGame.new("command-of-nature", {}, 1, save)
        for answer in ("", "5"):  # step 2 writes the Sage board's starting gold beside the save
            og.answer(answer)
        return og

    def bo_plants():
        def plant():
            target = folder / planted
            target.unlink()
            os.symlink(home / "id_ed25519", target)
            return {"planted": planted}
        return as_account(BO, plant)

    def ann_plays_on(og):
        copies = []
        for _ in range(3):  # the next backup replaces the last: look after each answer
            og.answer(valid_answers(og.runner.pending)[0])
            copies += _copies_of_the_key(folder)
        og.release()
        return {"applied": og.runner.applied, "copies": copies}

    result, planted_by_bo = as_account_paused(ANN, ann_starts, ann_plays_on, bo_plants)
    assert planted_by_bo == {"planted": planted}
    assert result == {"applied": 5, "copies": []}  # two answers of setup, three played on
    assert (home / "id_ed25519").read_text() == KEY
