"""The Clockwork wallet: every change of its gold, logged with old → new."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Instruction, Number
from .asking import ask
from .state import SageState

# Upper bound for the gold one card's effect gives (gold tokens come as 1s and 3s): keeps the
# number prompts short; more can still be reported as gold gained another way (7).
MOST_GOLD_PER_EFFECT = 5
# Upper bound for one report of gold gained or lost another way (7); more: report it twice.
MOST_GOLD_CORRECTION = 10


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


def printed_gold(state: SageState, ctx: Context, card: str, doing: str, label: str, help_text: str,
                 remind: bool = True, why: str = ""):
    """The table resolves ``card``'s printed effect for the Clockwork. The gold it gives is asked the
    first time only, then remembered for the card, in this game and later ones (readings: printed
    gold); ``remind`` still tells the table to resolve the rest of the effect. ``label`` heads the
    step ("Daybreak: Gravel")."""
    if card in state.card_gold:
        gold = state.card_gold[card]
        if remind:
            yield from ask(state, ctx, Instruction(
                f"{doing} It gives the Clockwork {gold} gold, as printed on {card}.",
                label=f"{label} — {gold} gold", help=help_text,
            ))
    else:
        gold = yield Number(
            f"{doing} How much gold does {card} give the Clockwork, as printed on it (a DRAW gives it 1 "
            f"gold per card)? Clockwork remembers this for {card}.",
            0, MOST_GOLD_PER_EFFECT, label=f"{label} — gold gained", default=0, help=help_text,
        )
        state.card_gold[card] = gold
    gain_gold(state, ctx, gold, why or card)
