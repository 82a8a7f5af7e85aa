"""Issue 21 item 2: what sits at a name Clockwork writes beside a save (another account's file at
the backup's name, a folder at the lock's name) is set aside with a line naming it, never
replaced or moved without a word."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tui.engine import files, records
from tui.engine.savelock import SaveLock

OTHER_UID = 54321


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another account needs root")
def test_another_accounts_file_at_the_backup_name_is_moved_aside_with_a_line(tmp_path: Path):
    save = tmp_path / "table.json"
    bak = tmp_path / "table.json.bak"
    files.replace(save, b'{"one": 1}')
    bak.write_bytes(b"their own secret")
    os.chmod(bak, 0o600)
    os.chown(bak, OTHER_UID, OTHER_UID)

    files.replace(save, b'{"two": 2}')

    said = records.take_notices()
    aside = list(tmp_path.glob("table.json.bak.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == b"their own secret"
    assert aside[0].stat().st_uid == OTHER_UID
    assert any(str(bak) in line and "another account" in line and aside[0].name in line
               for line in said), said
    assert bak.read_bytes() == b'{"one": 1}' and save.read_bytes() == b'{"two": 2}'


def test_my_own_backup_is_replaced_without_a_line(tmp_path: Path):
    save = tmp_path / "table.json"
    files.replace(save, b"1")
    files.replace(save, b"2")
    files.replace(save, b"3")
    assert (tmp_path / "table.json.bak").read_bytes() == b"2"
    assert not list(tmp_path.glob("*.damaged-*")) and records.take_notices() == []


def test_a_folder_at_the_lock_name_is_moved_aside_with_a_line(tmp_path: Path):
    save = tmp_path / "table.json"
    save.write_text("{}")
    lock_dir = tmp_path / "table.json.lock"
    lock_dir.mkdir()
    (lock_dir / "theirs.txt").write_text("kept")

    lock = SaveLock.acquire(save)
    try:
        said = records.take_notices()
        aside = list(tmp_path.glob("table.json.lock.damaged-*"))
        assert len(aside) == 1 and (aside[0] / "theirs.txt").read_text() == "kept"
        assert any(str(lock_dir) in line and "folder" in line and aside[0].name in line
                   for line in said), said
        assert lock_dir.is_file()
    finally:
        lock.release()


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another account needs root")
def test_another_accounts_file_that_cannot_be_moved_aside_is_said_when_replaced(tmp_path: Path, monkeypatch):
    save = tmp_path / "table.json"
    bak = tmp_path / "table.json.bak"
    files.replace(save, b"1")
    bak.write_bytes(b"theirs")
    os.chown(bak, OTHER_UID, OTHER_UID)
    monkeypatch.setattr(files, "set_aside", lambda p, stamp: None)

    files.replace(save, b"2")

    said = records.take_notices()
    assert len(said) == 1 and str(bak) in said[0] and "another account" in said[0], said
    assert "replaced" in said[0] and bak.read_bytes() == b"1"
