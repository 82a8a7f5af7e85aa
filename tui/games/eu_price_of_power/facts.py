"""Board facts the table told Clockwork on a Bot's earlier Turns ("not under attack", "an Enemy
still holds Provinces"): they stay true until the board changes, so a later Turn asks once
which of them changed instead of each question again (seed p.7 Main Turn Structure, p.3 At
War?). A "yes" that sent the Bot to act is not kept: acting on it may change it."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import MultiChoice, Option
from ...rules.eu_price_of_power import EuPricePowerRules
from .state import REAL_WAR, Bot, TableState


def fact_names(rules: EuPricePowerRules) -> dict[str, str]:
    """Every remembered board fact by its key: the charts' fact questions, and At War? (p.3)."""
    names = {f"{c.id}.{n.id}": n.fact for c in rules.charts for n in c.nodes if n.fact}
    names[REAL_WAR] = "an Enemy still holds Provinces"
    return names


def anything_changed(state: TableState, ctx: Context, bot: Bot):
    """Asked once a Turn, when the first remembered fact is needed: the facts that changed are
    picked, and each picked one holds the other way now."""
    names = fact_names(ctx.rules)
    known = {k: v for k, v in bot.facts.items() if k in names and (k != REAL_WAR or bot.at_war)}
    bot.facts = known
    if not known:
        return
    keys = list(known)
    recap = "; ".join(f"{names[k]}: {'yes' if known[k] else 'no'}" for k in keys)
    changed = yield MultiChoice(
        f"{bot.name}: at its last Turn, {recap}. Which of these changed? Keys, or Enter for none.",
        [Option(str(i + 1), f"{names[k]}: now {'no' if known[k] else 'yes'}") for i, k in enumerate(keys)],
        label=f"{bot.name}: anything changed?",
        help="Pick what no longer matches the board; Clockwork takes it the other way now.",
    )
    for pick in changed:
        key = keys[int(pick) - 1]
        bot.facts[key] = not known[key]
        ctx.log(f"{bot.name}: {names[key]}: now {'yes' if bot.facts[key] else 'no'}")


def recall(state: TableState, ctx: Context, bot: Bot, key: str):
    """Generator: the remembered answer for ``key``, or None when it must be asked."""
    if not bot.facts_checked:
        bot.facts_checked = True
        yield from anything_changed(state, ctx, bot)
    return bot.facts.get(key)


def keep(bot: Bot, key: str, answer: bool, keep_yes: bool = False) -> None:
    if answer and not keep_yes:
        bot.facts.pop(key, None)
    else:
        bot.facts[key] = answer
