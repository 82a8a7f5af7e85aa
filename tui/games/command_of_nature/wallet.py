"""The Clockwork wallet: every change of its gold, logged with old → new."""

from __future__ import annotations

from ...engine.game import Context
from .state import SageState

# Upper bound for "how much gold did it gain?" answers: keeps the number prompts short; a larger
# gain can still be entered in several steps on your turn ("gains or loses gold").
MOST_GOLD_PER_EFFECT = 10
# Upper bound for a correction of the wallet on your turn ("gains or loses gold another way").
MOST_GOLD_CORRECTION = 30


def gain_gold(state: SageState, ctx: Context, amount: int, why: str) -> None:
    if amount == 0:
        return
    old, new = state.gold.move(amount)
    verb = "gains" if amount > 0 else "loses"
    line = f"Clockwork {verb} {abs(amount)} gold ({why}): {old} → {new}"
    lost = old + amount - new
    if lost > 0:
        # Only with the gold-cap option (notes: ambiguity 11).
        line += f" (cap {state.gold.hi}: {lost} lost)"
    ctx.log(line)


def pay_one_gold(state: SageState, ctx: Context) -> None:
    """Step II: one gold from the wallet back to the pile (seed: THE CLOCKWORK SAGE'S TURN, II)."""
    old, new = state.gold.move(-1)
    ctx.log(f"Clockwork pays 1 gold: {old} → {new}")
