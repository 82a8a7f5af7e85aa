"""Issue 21 (F2): the saves list reads a bounded amount, whatever the folder holds: only the header
of each save (the first LIST_HEAD bytes), of at most MAX_LISTED files, the rest said in one line.
A folder of huge files, or hundreds of links to one, no longer stalls `clockwork list` or the home
screen."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from toy_game import TURN
from tui.engine import files, records, saves
from tui.opengame import OpenGame


@pytest.fixture
def bytes_read(monkeypatch):
    count = {"bytes": 0, "opens": 0}
    real_pread, real_open = os.pread, files.open_regular

    def pread(fd, n, offset):
        data = real_pread(fd, n, offset)
        count["bytes"] += len(data)
        return data

    def open_regular(*args, **kwargs):
        count["opens"] += 1
        return real_open(*args, **kwargs)

    monkeypatch.setattr(os, "pread", pread)
    monkeypatch.setattr(files, "open_regular", open_regular)
    return count


def test_many_links_to_a_huge_file_are_listed_reading_only_their_heads(tmp_path: Path, bytes_read):
    folder = tmp_path / "saves"
    folder.mkdir()
    big = folder / "big.json"
    with open(big, "wb") as out:  # the hostile file: deep brackets around 8 MB of spaces
        out.write(b"[" * 1000)
        out.truncate(8 * 1024 * 1024)
        out.seek(0, os.SEEK_END)
        out.write(b"]" * 1000)
    for i in range(saves.MAX_LISTED + 50):
        os.link(big, folder / f"hl{i}.json")

    infos = saves.listing(folder)

    assert len(infos) == saves.MAX_LISTED
    assert bytes_read["opens"] <= saves.MAX_LISTED
    assert bytes_read["bytes"] <= saves.MAX_LISTED * saves.LIST_HEAD  # not 251 times 8 MB
    assert all("8.0 MB, not read for the list" in i.error for i in infos), infos[0]
    said = records.take_notices()
    assert len(said) == 1 and "51 more .json files not listed" in said[0], said


def test_a_save_larger_than_the_head_is_still_listed_with_its_summary(toy, tmp_path: Path, bytes_read):
    og = OpenGame.new("toy", {}, 11, tmp_path / "saves" / "game.json")
    og.answer(TURN[0])
    path = tmp_path / "saves" / "game.json"
    data = path.read_bytes()
    # A long game: the session (after the header) far larger than what the list reads.
    path.write_bytes(data.replace(b'"session":', b'"session":' + b" " * (3 * saves.LIST_HEAD), 1))
    whole = saves.read(path)  # still a whole, readable save
    assert whole.summary
    bytes_read["bytes"] = 0

    [info] = saves.listing(tmp_path / "saves")

    assert bytes_read["bytes"] <= saves.LIST_HEAD
    assert info.error == "" and info.game == "toy" and info.summary == whole.summary
    assert info.updated == whole.updated
