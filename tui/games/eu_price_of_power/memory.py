"""Realm removals remembered between games (GameDef.recall / remember): the card IDs a group typed
for each realm and Age, kept in saves/eu-price-of-power.realms."""

from __future__ import annotations

from pathlib import Path

from ...engine import records, saves
from .state import Memory, TableState

FILE = "eu-price-of-power.realms"


def recall(saves_dir) -> Memory:
    """The remembered removals; a missing or damaged file gives an empty memory, and entries that
    are not a realm name with card IDs 1-24 per Age are dropped (the file is data, maybe edited)."""
    try:
        stored = records.load(Path(saves_dir) / FILE, Memory, "remembered realm removals")
    except saves.SaveError:  # unreadable or newer: empty here, and never overwritten (remember)
        return Memory()
    if stored is None:  # missing, or damaged and set aside
        return Memory()
    kept: dict[str, dict[str, list[int]]] = {}
    for realm, ages in stored.removals.items():
        if not realm.strip() or len(realm) > 30 or any(ord(c) < 32 or 127 <= ord(c) < 160 for c in realm):
            continue
        if all(age in ("1", "2", "3", "4") and all(1 <= n <= 24 for n in ids) for age, ids in ages.items()):
            kept[realm] = {age: sorted(set(ids)) for age, ids in ages.items()}
    dice = {k: v for k, v in stored.dice_faces.items() if k in ("Infantry", "Artillery") and 0 <= v <= 6}
    return Memory(removals=kept, dice_faces=dice)


def remember(state: TableState, saves_dir, key: str) -> None:
    """Merge this game's typed removals into the file; writing the same again changes nothing."""
    if not state.memory.removals and not state.memory.dice_faces:
        return
    records.load(Path(saves_dir) / FILE, Memory, "remembered realm removals")  # unreadable: SaveError, not overwritten
    stored = recall(saves_dir)
    merged = {realm: dict(ages) for realm, ages in stored.removals.items()}
    for realm, ages in state.memory.removals.items():  # Age by Age: an Age typed earlier stays
        merged[realm] = {**merged.get(realm, {}), **ages}
    dice = dict(stored.dice_faces)
    dice.update(state.memory.dice_faces)
    if merged == stored.removals and dice == stored.dice_faces:
        return
    records.write(Path(saves_dir) / FILE, Memory(removals=merged, dice_faces=dice), "remembered realm removals")


def home_lines(saves_dir) -> list[str]:
    memory = recall(saves_dir)
    if not memory.removals:
        return []
    return ["EU: Price of Power · removals remembered for " + ", ".join(sorted(memory.removals))]
