"""What the table told Clockwork that holds for every game (GameDef.recall / remember): the gold
printed on its Clockwork Sage board and on cards, kept beside the saves in command-of-nature.board
(not a .json, so the saves list does not take it for a save)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from ...engine import saves
from .state import Records, SageState

FILE = "command-of-nature.board"
# Bounds of a value worth keeping (the file is data, maybe edited by hand).
MOST_GOLD = 40


def sane_name(name: str) -> bool:
    return bool(name.strip()) and len(name) <= 40 and not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in name)


def recall(saves_dir) -> Records:
    """The records; a missing or damaged file gives none, and values out of bounds are dropped."""
    try:
        stored = msgspec.json.decode((Path(saves_dir) / FILE).read_bytes(), type=Records)
    except (OSError, ValueError, RecursionError, msgspec.DecodeError, msgspec.ValidationError):
        return Records()

    def keep(values: dict, good_key) -> dict:
        return {k: v for k, v in values.items() if good_key(k) and 0 <= v <= MOST_GOLD}

    return Records(
        starting_gold=keep(stored.starting_gold, sane_name),
        daybreak_gold=keep(stored.daybreak_gold, lambda level: 1 <= level <= 20),
        card_gold=keep(stored.card_gold, sane_name),
    )


def records_of(state: SageState) -> Records:
    """What this game knows: every value of the board and every card's gold the table gave."""
    return Records(
        starting_gold=dict(state.board_gold),
        daybreak_gold=dict(state.daybreak_gold),
        card_gold=dict(state.card_gold),
    )


def remember(state: SageState, saves_dir, key: str) -> None:
    """Merge this game's values into the file; writing the same again changes nothing."""
    ours = records_of(state)
    if not (ours.starting_gold or ours.daybreak_gold or ours.card_gold):
        return
    stored = recall(saves_dir)
    merged = Records(
        starting_gold={**stored.starting_gold, **ours.starting_gold},
        daybreak_gold={**stored.daybreak_gold, **ours.daybreak_gold},
        card_gold={**stored.card_gold, **ours.card_gold},
    )
    if merged == stored:
        return
    data = msgspec.json.format(msgspec.json.encode(merged), indent=1)
    saves.write_atomic(Path(saves_dir) / FILE, data, what="the Clockwork Sage board values")


def home_lines(saves_dir) -> list[str]:
    if not recall(saves_dir).starting_gold:
        return []
    return ["Command of Nature · your Sage board's gold is remembered"]
