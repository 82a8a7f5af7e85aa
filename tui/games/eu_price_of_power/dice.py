"""Dice: the plain d6 and the Battle dice, rolled by the app with the state's Rng or by the table
and typed in (the 'dice' setting). Our sources name the icons a Bot's Battles count (seed p.5)
but not how many faces of each die show them: the table tells Clockwork once, at setup, by
looking at its own dice (readings: battle_dice). Rebel dice are always rolled at the table."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Number
from .state import TableState

# What a Bot's Battles count on each Battle die (seed p.5).
ICONS = {"Infantry": "Infantry icon", "Artillery": "Artillery icon"}


def table_rolls(ctx: Context) -> bool:
    return ctx.options.get("dice", "app") == "table"


def roll_d6(state: TableState, ctx: Context, why: str):
    """Generator returning a die value 1-6."""
    if table_rolls(ctx):
        value = yield Number(f"Roll a d6 for {why}; what does it show?", 1, 6, label=f"d6: {why}")
        ctx.log(f"d6 for {why}: {value} (rolled at the table)")
        return value
    value = state.rng.between(1, 6)
    ctx.log(f"d6 for {why}: {value}")
    return value


def faces(state: TableState, kind: str) -> int:
    """How many of the 6 faces of this Battle die show the icon a Bot's Battle counts; 0 = unknown."""
    return state.infantry_faces if kind == "Infantry" else state.artillery_faces


def count_hits(state: TableState, dice: int, hit_faces: int) -> tuple[int, list[int]]:
    """Roll ``dice`` six-sided Battle dice: faces 1..hit_faces stand for the icon. (hits, rolls)."""
    rolls = [state.rng.between(1, 6) for _ in range(dice)]
    return sum(1 for r in rolls if r <= hit_faces), rolls


def roll_battle_dice(state: TableState, ctx: Context, dice: int, kind: str, why: str, help_text: str = ""):
    """Generator returning how many of ``dice`` Battle dice of ``kind`` show its icon: rolled by the
    app when the setting says so and the table gave the faces, else rolled at the table."""
    if dice <= 0:
        return 0
    icon = ICONS[kind]
    known = faces(state, kind)
    if table_rolls(ctx) or not known:
        hits = yield Number(f"Roll {dice} {kind} dice for {why}. How many show the {icon}?", 0, dice,
                            label=f"{why}: {icon} results", default=0, help=help_text)
        ctx.log(f"{dice} {kind} dice for {why}: {hits} with the {icon} (rolled at the table)")
        return hits
    hits, rolls = count_hits(state, dice, known)
    ctx.log(f"{dice} {kind} dice for {why}: {hits} with the {icon} ({known} of 6 faces; rolled "
            f"{' '.join(map(str, rolls))})")
    return hits
