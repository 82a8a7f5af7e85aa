"""The plain d6: rolled by the app with the state's Rng, or by the table and typed in (the
'dice' setting). Battle and Rebel dice are always rolled at the table (readings: battle_dice)."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Number
from .state import TableState


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
