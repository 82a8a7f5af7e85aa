"""The Clockwork wallet: every change of its gold, logged with old → new."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Instruction, Number
from .rules import CommandOfNatureRules
from .asking import ask
from .facts import card_gold, daybreak_gold, remembered
from .state import SageState
from .texts import rule_help

# Upper bound for the gold one card's effect gives (gold tokens come as 1s and 3s): keeps the
# number prompts short; more can still be reported as gold gained another way (7).
MOST_GOLD_PER_EFFECT = 5
# Upper bound for one report of gold gained or lost another way (7); more: report it twice.
MOST_GOLD_CORRECTION = 10
# Most daybreak gold one level of the Sage board may add, when typed (notes §4).
MOST_DAYBREAK_GOLD = 20


def enter_keeps(offered: int | None) -> str:
    """A value given in an earlier game is offered on Enter; one nobody gave is never offered."""
    return f" (Enter keeps {offered})" if offered is not None else ""


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
    first time only, then known for the card, in this game and later ones (readings: printed
    gold; facts.CARD_GOLD): the record answers it and ``remind`` still tells the table to resolve
    the rest of the effect. ``label`` heads the step ("Daybreak: Gravel")."""
    fact = card_gold(card, state.card_gold.get(card))
    known = remembered(ctx, fact, state.card_gold.get(card))
    # Only the card knows: nothing is offered on Enter unless an earlier game gave it (an Enter read
    # as 0 would leave a Sage idle whose daybreak gives gold).
    offered = state.offered.card_gold.get(card)
    gold = yield Number(
        f"{doing} How much gold does {card} give the Clockwork, as printed on it (a DRAW gives it 1 "
        f"gold per card)?{enter_keeps(offered)} Clockwork remembers this for {card}.",
        0, MOST_GOLD_PER_EFFECT, label=f"{label} — gold gained", default=offered, help=help_text, fact=fact,
    )
    state.card_gold[card] = gold
    if known and remind:
        yield from ask(state, ctx, Instruction(
            f"{doing} It gives the Clockwork {gold} gold, as printed on {card}.",
            label=f"{label} — {gold} gold", help=help_text,
        ))
    gain_gold(state, ctx, gold, why or card)


def board_daybreak_gold(state: SageState, ctx: Context, level: int):
    """The daybreak gold the Sage board adds from ``level`` on (notes: ambiguity 2; not public):
    asked when the Clockwork first needs it, with nothing offered unless an earlier game gave it,
    then known (facts.DAYBREAK_GOLD) and remembered. Returns it."""
    rules: CommandOfNatureRules = ctx.rules
    fact = daybreak_gold(level, state.daybreak_gold.get(level))
    known = remembered(ctx, fact, state.daybreak_gold.get(level))
    offered = state.offered.daybreak_gold.get(level)
    gold = yield Number(
        f"Your Clockwork Sage board: the daybreak gold it adds from level {level} on, as printed?"
        f"{enter_keeps(offered)} Clockwork remembers it for later games.",
        0, MOST_DAYBREAK_GOLD, label=f"Sage board: daybreak gold from level {level}",
        default=offered, help=rule_help(rules, "daybreak"), fact=fact,
    )
    state.daybreak_gold[level] = gold
    if not known:
        ctx.log(f"Your Sage board: daybreak gold +{gold} from level {level} (remembered for later games)")
    return gold
