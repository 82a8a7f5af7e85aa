"""Realm removals remembered between games (GameDef.recall / remember): the card IDs a group typed
for each realm and Age, kept in saves/eu-price-of-power.realms."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...engine import records
from ...engine.files import SaveError
from .state import Memory, TableState

FILE = "eu-price-of-power.realms"
WHAT = "remembered realm removals"
AGES = {"1": "I", "2": "II", "3": "III", "4": "IV"}


def recall(saves_dir) -> Memory:
    """The remembered removals; a missing, unreadable or damaged file gives an empty memory (a
    damaged one is kept aside), and each entry that is not a realm name with card IDs 1-24 per
    Age is left out and named, the rest kept (the file is data, maybe edited by hand)."""
    try:
        return _read(saves_dir)[0]
    except SaveError as exc:  # unreadable or newer: empty here, and never overwritten (remember)
        records.note(str(exc))
        return Memory()


def _sane_realm(realm: str) -> bool:
    return bool(realm.strip()) and len(realm) <= 30 and not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in realm)


def _read(saves_dir) -> tuple[Memory, records.Entries]:
    """Raises SaveError when the file cannot be read at all or was written by a newer Clockwork."""
    path = Path(saves_dir) / FILE
    entries = records.Entries(path, WHAT)
    stored = records.load(path, dict[str, Any], WHAT)
    if stored is None:  # missing, or damaged and set aside
        return Memory(), entries
    removals = stored.get("removals", {})
    if not isinstance(removals, dict):
        entries.left_out("removals is not a table of realms")
        removals = {}
    kept: dict[str, dict[str, list[int]]] = {}
    for realm, ages in removals.items():
        if not _sane_realm(realm):
            entries.left_out(f"{realm!r} is not a realm name")
            continue
        if not isinstance(ages, dict):
            entries.left_out(f"{realm}: not a table of Ages")
            continue
        kept_ages = {}
        for age, ids in ages.items():
            if age not in AGES:
                entries.left_out(f"{realm}: {age!r} is not an Age (1 to 4)")
            elif not isinstance(ids, list):
                entries.left_out(f"{realm}, Age {AGES[age]}: {ids!r} is not a list of card IDs")
            else:
                good = []
                for n in ids:
                    if type(n) is int and 1 <= n <= 24:
                        good.append(n)
                    else:
                        entries.left_out(f"{realm}, Age {AGES[age]}: {n!r} is not a Bot card ID (1 to 24)")
                if good or not ids:  # an Age of bad IDs only is left to be typed again
                    kept_ages[age] = sorted(set(good))
        if kept_ages:
            kept[realm] = kept_ages
    faces = stored.get("dice_faces", {})
    if not isinstance(faces, dict):
        entries.left_out("dice_faces is not a table of dice faces")
        faces = {}
    dice = {}
    for kind, value in faces.items():
        if kind in ("Infantry", "Artillery") and type(value) is int and 0 <= value <= 6:
            dice[kind] = value
        else:
            entries.left_out(f"dice faces {kind}: {value!r} is not a count of faces (0 to 6)")
    entries.say()
    return Memory(removals=kept, dice_faces=dice), entries


def remember(state: TableState, saves_dir, key: str) -> None:
    """Merge this game's typed removals into the file; writing the same again changes nothing."""
    if not state.memory.removals and not state.memory.dice_faces:
        return
    stored, entries = _read(saves_dir)  # unreadable: SaveError, and the file is not overwritten
    merged = {realm: dict(ages) for realm, ages in stored.removals.items()}
    for realm, ages in state.memory.removals.items():  # Age by Age: an Age typed earlier stays
        merged[realm] = {**merged.get(realm, {}), **ages}
    dice = dict(stored.dice_faces)
    dice.update(state.memory.dice_faces)
    if merged == stored.removals and dice == stored.dice_faces:
        return
    entries.keep_aside()
    records.write(Path(saves_dir) / FILE, Memory(removals=merged, dice_faces=dice), WHAT)


def home_lines(saves_dir) -> list[str]:
    memory = recall(saves_dir)
    if not memory.removals:
        return []
    return ["EU: Price of Power · removals remembered for " + ", ".join(sorted(memory.removals))]
