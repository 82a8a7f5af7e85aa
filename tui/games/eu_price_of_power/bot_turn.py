"""A Bot's Turn in the Action Phase: walk the Main Turn Structure (seed p.7), record a pass."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Instruction
from .rules import EuPricePowerRules
from . import bot_power
from .charts import PASS, walk_chart
from .options import option
from .state import Bot, TableState
from .texts import reading_help, rule_help


def pass_place(state: TableState, ctx: Context, seat: str) -> int:
    """Where this pass counts for the bonus (readings: pass_order): among all passes at the table,
    or among the Bots' passes only. ``seat`` has already been recorded."""
    if option(ctx.rules, ctx.options, "pass_bonus") == "bots":
        return [s for s in state.passed if s.startswith("b")].index(seat)
    return state.passed.index(seat)


def record_pass(state: TableState, ctx: Context, seat: str) -> int:
    """Returns the pass bonus paid (Bots only; seed: Passing p.2)."""
    state.passed.append(seat)
    if not seat.startswith("b"):
        ctx.log(f"{state.seat_name(seat)} passes ({len(state.passed)} passed)")
        return 0
    bot = state.bot(seat)
    place = pass_place(state, ctx, seat)
    bonus = bot_power.pass_bonus(ctx.rules, place)
    ctx.log(f"{bot.name} passes ({len(state.passed)} passed)")
    bot_power.gain(ctx, bot, bonus, f"pass bonus, {ordinal(place + 1)} to pass")
    return bonus


def ordinal(n: int) -> str:
    """1 → '1st', 2 → '2nd', 11 → '11th', 22 → '22nd' (any number of seats)."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def bot_turn(state: TableState, ctx: Context, bot: Bot):
    rules: EuPricePowerRules = ctx.rules
    bot.battle_won = False
    state.stack = []
    bot.facts_checked = False
    walk = walk_chart(state, ctx, bot, "main")
    asked = 0
    answer = None
    try:
        while True:
            prompt = walk.send(answer)
            asked += 1
            answer = yield prompt
    except StopIteration as stop:
        result = stop.value
    bot.new_war = False  # its next Turn recaps a War it had in this one (p.3 At War?)
    if result == PASS:
        bonus = record_pass(state, ctx, bot.key)
        gained = f" It gains {bonus} BP for passing ({bot.available} now)." if bonus else ""
        yield Instruction(
            f"{bot.name} passes.{gained}",
            label=f"{bot.name} passes",
            help=" ".join((rule_help(rules, "pass"), reading_help(rules, "pass_trigger"),
                           rule_help(rules, "token_limits"))),
        )
        return
    cards = ", ".join(f"card {d.card} {d.action}" for d in bot.drawn if d.turn == state.turns)
    ctx.log(f"{bot.name}'s Turn ends: {bot.available} BP available, {bot.spent} spent"
            + (f" ({cards})" if cards else ""))
    if not asked:  # a transcribed chart that asks nothing: the table still sees the Turn go by
        yield Instruction(f"{bot.name}'s Turn ends with nothing for the table to do.",
                          label=f"{bot.name}'s Turn ends")

