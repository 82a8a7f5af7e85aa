"""Campaign records that outlive one game (KD-rb p.16-17: Prestige, Crave, achievements,
alignment marks, kings' names): one msgspec file beside the saves.

Each finished game is stored under its save's key, so recording it again replaces it instead of
counting it twice; totals are always summed from the stored games. Undoing past a game's end
takes its record back out. A missing or damaged file reads as an empty campaign; a damaged file
is set aside, never overwritten (engine/records.py). A game entry that cannot be read is left
out and named in one line, the others kept, and the file kept aside before it is rewritten."""

from __future__ import annotations

from pathlib import Path

import msgspec

from ...engine import records, saves
from ...engine.prompts import shown
from .state import GRAND_FINALE, GameRecord, HouseRecord, KDState, Recalled, Score

FILE = "kings-dilemma.campaign"  # not *.json, so the saves list never mistakes it for a save
FORMAT = 1


class CampaignFile(msgspec.Struct):
    format: int = FORMAT
    games: dict[str, GameRecord] = {}


def path(folder: Path) -> Path:
    return Path(folder) / FILE


class _Entries(msgspec.Struct):
    """The file as stored, each game left undecoded: one bad game costs only itself."""
    format: int = FORMAT
    games: dict[str, msgspec.Raw] = {}


WHAT = "campaign records"


def read(folder: Path) -> CampaignFile:
    """Raises SaveError when the file exists but cannot be read or is newer; a missing or damaged
    file is empty (a damaged one set aside); a game entry that cannot be read is left out and
    named in one line, the other games kept."""
    return read_entries(folder)[0]


def read_entries(folder: Path) -> tuple[CampaignFile, records.Entries]:
    """``read``, with the entries left out: ``keep_aside()`` before the file is written again."""
    entries = records.Entries(path(folder), WHAT)
    stored = records.load(path(folder), _Entries, WHAT, FORMAT)
    camp = CampaignFile()
    if stored is None:
        return camp, entries
    for key, raw in stored.games.items():
        try:
            camp.games[key] = msgspec.json.decode(raw, type=GameRecord)
        except (msgspec.DecodeError, ValueError, OverflowError, RecursionError) as exc:
            why = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
            entries.left_out(f"game {key!r}: {why}")
    entries.say()
    return camp, entries


def totals(camp: CampaignFile) -> Recalled:
    out = Recalled(games=len(camp.games))
    for game in camp.games.values():
        out.mystery_stickers += game.mystery_stickers
        for agenda, points in game.card_points.items():
            out.card_points.setdefault(agenda, {}).update(points)
        for house, rec in game.houses.items():
            out.prestige[house] = out.prestige.get(house, 0) + rec.prestige
            out.crave[house] = out.crave.get(house, 0) + rec.crave
            if rec.alignment:
                marks = out.alignment.setdefault(house, {})
                marks[rec.alignment] = marks.get(rec.alignment, 0) + 1
    return out


def recall(folder: Path) -> Recalled:
    """Never fails: a missing or damaged file gives empty records."""
    try:
        return totals(read(folder))
    except saves.SaveError:
        return Recalled()


def record_of(state: KDState) -> GameRecord:
    houses = {}
    # A game ended by the Grand Finale has no scores: its Houses keep only their corrections.
    scores = {sc.house: sc for sc in state.scores}
    for player in state.players:
        score = scores.get(player.house, Score(house=player.house))
        # Prestige entered at setup that differs from the records is kept as a correction.
        fix = player.prestige - state.recalled.prestige.get(player.house, 0)
        houses[player.house] = HouseRecord(
            prestige=score.prestige + fix,
            crave=score.crave,
            achievements=list(score.achievements),
            alignment=score.agenda if score.alignment_marked else "",
        )
    return GameRecord(
        seed=state.seed, rounds=state.round, end_cause=state.end_cause, king=state.king,
        winners=list(state.winners), houses=houses, mystery_stickers=state.mystery_stickers,
        card_points={k: dict(v) for k, v in state.card_points.items()},
    )


def remember(state: KDState, folder: Path, key: str) -> None:
    """Idempotent per save key; writes only when the stored record changes."""
    if state.over:
        camp, entries = read_entries(folder)
        record = record_of(state)
        if camp.games.get(key) == record:
            return
        camp.games[key] = record
    else:
        if not path(folder).exists():
            return
        camp, entries = read_entries(folder)
        old = camp.games.get(key)
        if old is None or old.seed != state.seed:
            return
        del camp.games[key]  # undone past its end: the game is no longer finished
    entries.keep_aside()
    records.write(path(folder), camp, WHAT)


def home_lines(folder: Path) -> list[str]:
    try:
        camp = read(folder)
    except saves.SaveError as exc:
        return [f"The King's Dilemma campaign: {exc}"]
    if not camp.games:
        return []
    tot = totals(camp)
    # Kings' and Houses' names are player text from a file anyone may edit: one line each, written out.
    kings = [shown(g.king, one_line=True) for g in camp.games.values() if g.king]
    played = f"{len(camp.games)} game" + ("s" if len(camp.games) != 1 else "")
    lines = [f"The King's Dilemma campaign: {played} played"
             + (f"; kings: {', '.join(kings[-3:])}" if kings else "")
             + f"; Mystery stickers {tot.mystery_stickers}"]
    if any(g.end_cause == GRAND_FINALE for g in camp.games.values()):
        lines.append("  The Grand Finale was reached: Envelope 70 ends the campaign.")
    ranked = sorted(tot.prestige, key=lambda h: (-tot.prestige[h], h))[:5]
    if ranked:
        lines.append("  Prestige/Crave: " + ", ".join(
            f"{shown(h, one_line=True)} {tot.prestige[h]}/{tot.crave.get(h, 0)}" for h in ranked))
    return lines
