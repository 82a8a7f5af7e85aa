"""Issue 21, item 9: fuzz (hypothesis) over the files beside a save that tests/test_safe_fuzz.py
does not reach: the Sage board, realms and campaign records as they are rewritten, lock files,
parsed-ruleset copies and backups. None crashes, hangs or says more than one line; nothing
readable is dropped without a word and nothing is lost: the old bytes stay in the folder."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from types import SimpleNamespace

import msgspec
from hypothesis import given
from hypothesis import strategies as st

import toy_game
from test_safe_fuzz import CAMPAIGN, REALMS, SAVE, bounded, fuzz, holding, mutations, one_line
from tui.engine import files, records, savelock
from tui.engine.savelock import LockInfo, SaveLock
from tui.engine.saves import SaveError
from tui.games.command_of_nature import records as board
from tui.games.eu_price_of_power import memory
from tui.games.kings_dilemma import campaign
from tui.rules import loader, parse_cache

BOARD = msgspec.json.encode(board.Records(starting_gold={"Easy": 2, "Normal": 4}, daybreak_gold={4: 1, 6: 1},
                                          card_gold={"Shadow Blade": 2}))
# What a game adds to the records (only the fields remember reads).
SAGE_GAME = SimpleNamespace(board_values="asked", board_gold={"Normal": 5}, daybreak_gold={8: 1}, card_gold={"Oak": 1})
EU_GAME = SimpleNamespace(memory=memory.Memory(removals={"Venice": {"1": [3, 7]}}, dice_faces={"Artillery": 1}))
KD_GAME_OVER = campaign.GameRecord(seed=7, rounds=5, end_cause="death", king="Ysolde", winners=["Tork"], houses={})


def kept_somewhere(folder: Path, data: bytes) -> bool:
    """The bytes are in some regular file of the folder: the file itself, its backup, or a copy
    kept aside (``.damaged-<time>``)."""
    return any(p.is_file() and not p.is_symlink() and p.read_bytes() == data for p in folder.iterdir())


def notices_are_lines() -> list[str]:
    said = records.take_notices()
    assert all(one_line(n) for n in said), said
    return said


@fuzz(250)
@given(data=mutations(BOARD))
def test_a_mutated_board_file_is_read_entry_by_entry_and_never_lost(tmp_path_factory, data):
    folder = holding(tmp_path_factory, board.FILE, data)
    with bounded():
        got = board.recall(folder)
        lines = board.home_lines(folder)
        board.remember(SAGE_GAME, folder, "k")
    assert all(board.sane_name(k) and 0 <= v <= board.MOST_GOLD for k, v in {**got.starting_gold, **got.card_gold}.items())
    assert all(1 <= level <= 20 and 0 <= v <= board.MOST_GOLD for level, v in got.daybreak_gold.items())
    assert all(one_line(line) for line in lines)
    notices_are_lines()
    assert kept_somewhere(folder, data)
    assert board.recall(folder).starting_gold["Normal"] == 5  # this game's value was remembered


def dropped(data: bytes, got: memory.Memory) -> bool:
    """Some card ID the file holds (as any JSON reader sees it) is not in what was recalled."""
    try:
        raw = json.loads(data)
    except (ValueError, RecursionError):
        return True
    removals = raw.get("removals", {}) if isinstance(raw, dict) else None
    if not isinstance(removals, dict):
        return True
    for realm, ages in removals.items():
        if not isinstance(ages, dict):
            return True
        for age, ids in ages.items():
            if not isinstance(ids, list) or any(n not in got.removals.get(realm, {}).get(age, []) for n in ids):
                return True
    return False


@fuzz(250)
@given(data=mutations(REALMS))
def test_a_mutated_realms_file_keeps_what_is_readable_and_loses_nothing(tmp_path_factory, data):
    folder = holding(tmp_path_factory, memory.FILE, data)
    with bounded():
        got = memory.recall(folder)
        said = notices_are_lines()
        memory.remember(EU_GAME, folder, "k")
    for realm, ages in got.removals.items():
        assert realm.strip() and all(age in memory.AGES and all(1 <= n <= 24 for n in ids) for age, ids in ages.items())
    if dropped(data, got):
        assert said, "an entry was dropped without a word"
    notices_are_lines()
    assert kept_somewhere(folder, data)
    assert memory.recall(folder).removals["Venice"] == {"1": [3, 7]}


@fuzz(200)
@given(data=mutations(CAMPAIGN))
def test_a_mutated_campaign_file_is_never_lost_when_a_game_is_recorded(tmp_path_factory, data):
    folder = holding(tmp_path_factory, campaign.FILE, data)
    with bounded():
        try:
            camp, entries = campaign.read_entries(folder)
        except SaveError as exc:  # written by a newer Clockwork: left alone, said in one line
            assert one_line(str(exc)) and (folder / campaign.FILE).read_bytes() == data
            return
        camp.games["k"] = KD_GAME_OVER
        entries.keep_aside()
        records.write(campaign.path(folder), camp, "campaign records")
    notices_are_lines()
    assert kept_somewhere(folder, data)
    assert campaign.read(folder).games["k"] == KD_GAME_OVER


LOCK = msgspec.json.encode(LockInfo(pid=4242, host="table-pi", user="ann", started="2026-01-01T20:00:00+00:00"))


@fuzz(250)
@given(data=mutations(LOCK))
def test_a_mutated_lock_file_is_described_in_one_line_and_never_blocks_the_lock(tmp_path_factory, data):
    """Any account may write the lock file: its text only describes the holder; the flock decides."""
    folder = tmp_path_factory.mktemp("lock")
    save = folder / "g.json"
    savelock.lock_path(save).write_bytes(data)
    with bounded():
        info = savelock.read_info(save)
        assert savelock.holder(save) is None  # nobody holds its flock
        lock = SaveLock.acquire(save)
        lock.release()
    for described in (info, lock.stale):
        if described is not None:
            assert one_line(described.who()) and one_line(described.describe())


@fuzz(200)
@given(damage=st.one_of(st.binary(max_size=64), st.tuples(st.integers(0, 10**6), st.binary(min_size=1, max_size=4))))
def test_a_damaged_parsed_ruleset_copy_is_never_used(tmp_path_factory, monkeypatch, damage):
    """A copy is only a faster way to the same rules: damaged in any way, the TOML is parsed."""
    base = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(base))
    path = base / "toy.toml"
    path.write_text(toy_game.TOY_TOML)
    fresh = loader.load(path, toy_game.GAME)
    [copy] = parse_cache.folder().iterdir()
    kept = copy.read_bytes()
    if isinstance(damage, bytes):
        damaged = damage
    else:
        at, new = damage
        at %= len(kept)
        damaged = kept[:at] + new + kept[at + len(new):]
    copy.write_bytes(damaged)
    with bounded():
        assert loader.load(path, toy_game.GAME) == fresh
    assert copy.read_bytes() == kept  # a damaged copy is replaced by a sound one


PLANTS = st.sampled_from(["nothing", "file", "folder", "fifo", "link"])


@fuzz(250)
@given(old=st.one_of(st.binary(max_size=3000), mutations(SAVE)), mode=st.sampled_from([0o600, 0o640, 0o644, 0o664]),
       hard_links=st.booleans(), plant=PLANTS)
def test_a_backup_is_exactly_the_old_file_never_more_readable(tmp_path_factory, monkeypatch, old, mode,
                                                             hard_links, plant):
    """Whatever the old save held, however readable it was, and whatever sits at the .bak name,
    the save is written, its backup holds the old bytes and is no more readable than they were."""
    folder = tmp_path_factory.mktemp("bak")
    save = folder / "g.json"
    save.write_bytes(old)
    save.chmod(mode)
    bak = folder / "g.json.bak"
    outside = folder.parent / f"{folder.name}-outside"
    outside.write_bytes(b"not the old save")
    if plant == "file":
        bak.write_bytes(b"an older backup")
    elif plant == "folder":
        bak.mkdir()
    elif plant == "fifo":
        os.mkfifo(bak)
    elif plant == "link":
        bak.symlink_to(outside)
    if not hard_links:
        def refused(*args, **kwargs):
            raise PermissionError(1, "Operation not permitted")
        monkeypatch.setattr(files.os, "link", refused)
    try:
        with bounded():
            files.replace(save, b"the new save", "save")
    finally:
        monkeypatch.setattr(files.os, "link", os.link)
    assert save.read_bytes() == b"the new save"
    assert bak.is_file() and not bak.is_symlink() and bak.read_bytes() == old
    assert stat.S_IMODE(bak.stat().st_mode) & ~mode & 0o777 == 0
    assert outside.read_bytes() == b"not the old save"
    assert not [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
    said = notices_are_lines()
    assert (plant == "folder") == bool(said) and (plant != "folder" or "moved aside" in said[0])
