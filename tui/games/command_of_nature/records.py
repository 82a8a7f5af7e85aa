"""What the table told Clockwork that holds for every game (GameDef.recall / remember): the gold
printed on its Clockwork Sage board and on cards, kept beside the saves in command-of-nature.board
(not a .json, so the saves list does not take it for a save). Read as safely as a save
(engine/records.py): a damaged file is kept aside with a line, and one bad value costs only
itself, named in a line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...engine import records
from ...engine.files import SaveError
from .state import Records, SageState

FILE = "command-of-nature.board"
# Bounds of a value worth keeping (the file is data, maybe edited by hand).
MOST_GOLD = 40


def sane_name(name: str) -> bool:
    return bool(name.strip()) and len(name) <= 40 and not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in name)


WHAT = "Clockwork Sage board values"


def recall(saves_dir) -> Records:
    """The records; a missing, unreadable or damaged file gives none (a damaged one is kept
    aside), and each value that is not a sane one is left out and named."""
    try:
        return _read(saves_dir)[0]
    except SaveError as exc:
        records.note(str(exc))
        return Records()


def _read(saves_dir) -> tuple[Records, records.Entries]:
    """Raises SaveError when the file cannot be read at all or was written by a newer Clockwork
    (it is then never overwritten)."""
    path = Path(saves_dir) / FILE
    entries = records.Entries(path, WHAT)
    stored = records.load(path, dict[str, Any], WHAT)
    if stored is None:
        return Records(), entries

    def keep(section: str, good_key, key_type=str) -> dict:
        values = stored.get(section, {})
        if not isinstance(values, dict):
            entries.left_out(f"{section} is not a table of values")
            return {}
        kept = {}
        for key, value in values.items():
            try:
                typed = key_type(key)
            except ValueError:
                typed = None
            if typed is None or not good_key(typed):
                entries.left_out(f"{section} {key!r} is not a name Clockwork keeps")
            elif type(value) is not int or not 0 <= value <= MOST_GOLD:
                entries.left_out(f"{section} {key}: {value!r} is not a gold amount from 0 to {MOST_GOLD}")
            else:
                kept[typed] = value
        return kept

    out = Records(
        starting_gold=keep("starting_gold", sane_name),
        daybreak_gold=keep("daybreak_gold", lambda level: 1 <= level <= 20, int),
        card_gold=keep("card_gold", sane_name),
    )
    entries.say()
    return out, entries


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
    stored, entries = _read(saves_dir)  # unreadable: SaveError, and the file is not overwritten
    merged = Records(
        starting_gold={**stored.starting_gold, **ours.starting_gold},
        daybreak_gold={**stored.daybreak_gold, **ours.daybreak_gold},
        card_gold={**stored.card_gold, **ours.card_gold},
    )
    if merged == stored:
        return
    entries.keep_aside()
    records.write(Path(saves_dir) / FILE, merged, WHAT)


def home_lines(saves_dir) -> list[str]:
    if not recall(saves_dir).starting_gold:
        return []
    return ["Command of Nature · your Sage board's gold is remembered"]
