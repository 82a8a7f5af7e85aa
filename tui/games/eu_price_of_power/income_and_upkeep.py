"""Phase 4, Income & Upkeep (seed p.2): Town bonuses, the Bot Emperor's Imperial Authority, the
Papal Controller, and each Bot's Bot Power refresh."""

from __future__ import annotations

from ...engine.facts import Ask
from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, MultiChoice, Number, Option, YesNo
from .rules import EuPricePowerRules
from . import bot_power
from .dice import roll_d6
from .facts import emperor
from .state import CLEANUP, TableState
from .texts import reading_help, rule_help


def seat_choice(state: TableState, text: str, label: str, current: str, help_text: str, fact: Ask | None = None):
    options = [Option("0", "not a Bot")] + [
        Option(str(i + 1), b.name + (" (now)" if b.key == current else "")) for i, b in enumerate(state.bots)
    ]
    now = next((str(i + 1) for i, b in enumerate(state.bots) if b.key == current), "0")
    key = yield Choice(text, options, label=label, default=now, help=help_text, fact=fact)
    return "" if key == "0" else state.bots[int(key) - 1].key


def ia_top(rules: EuPricePowerRules) -> int:
    """The top of the Imperial Authority track: the last level of bot_power.ia_bonus (6)."""
    return len(rules.bot_power.ia_bonus) - 1


def imperial_authority_roll(rules: EuPricePowerRules, ia: int, die: int) -> int:
    """As for NPR Emperors (main rules p.45, via notes §5/S6): a 6 or a roll of IA+2 or more
    raises IA by 1; a 1 or a roll of IA-2 or less lowers it by 1; it stays on the track."""
    if die == 6 or die >= ia + 2:
        return min(ia_top(rules), ia + 1)
    if die == 1 or die <= ia - 2:
        return max(0, ia - 1)
    return ia


def emperor_bonus(rules: EuPricePowerRules, ia: int) -> int:
    """The BP a Bot Emperor adds in Phase 4 at this IA (seed p.2, p.6; readings: ia_bonus)."""
    table = rules.bot_power.ia_bonus
    return table[max(0, min(ia, len(table) - 1))]


def town_bonuses(state: TableState, ctx: Context):
    """Which Bots have 20+ Small Towns (the +20 Income tile) and all 8 Large Towns placed (seed p.2,
    p.4). Towns change slowly: after the first Phase 4 the table confirms last Round's answer
    (readings: remembered_facts)."""
    rules: EuPricePowerRules = ctx.rules
    if state.towns_known:
        def names(flag) -> str:
            return ", ".join(b.name for b in state.bots if getattr(b, flag)) or "none"
        same = yield YesNo(f"Town bonuses as at the last Phase 4: 20+ Small Towns: {names('small_towns')}; all 8 "
                           f"Large Towns: {names('large_towns')}. Still so?", label="Town bonuses unchanged?",
                           help=rule_help(rules, "phase4"))
        if same:
            return
    bots = [Option(str(i + 1), b.name) for i, b in enumerate(state.bots)]
    small = yield MultiChoice("Which Bots have 20+ Small Towns placed (+20 Income tile)? Keys, or Enter for none.",
                              bots, label="Bots with 20+ Small Towns", help=rule_help(rules, "phase4"))
    large = yield MultiChoice("Which Bots have all 8 Large Towns placed? Keys, or Enter for none.",
                              bots, label="Bots with 8 Large Towns", help=rule_help(rules, "phase4"))
    for i, bot in enumerate(state.bots):
        bot.small_towns = str(i + 1) in small
        bot.large_towns = str(i + 1) in large
    state.towns_known = True


def income_phase(state: TableState, ctx: Context):
    rules: EuPricePowerRules = ctx.rules
    state.step = "towns"
    yield from town_bonuses(state, ctx)
    state.step = "emperor"
    before = state.emperor
    # While a Bot is Emperor no Imperial Election is held (p.6): the record answers (facts.implied).
    state.emperor = yield from seat_choice(state, "Which Bot holds the HRE Emperor, if any?", "Bot Emperor",
                                           state.emperor, rule_help(rules, "emperor"), fact=emperor(state))
    state.emperor_realm = state.bot(state.emperor).realm if state.emperor else ""
    state.emperor_known = True
    bonus = 0
    if state.emperor:
        emp = state.bot(state.emperor)
        ia = min(state.ia, ia_top(rules))
        # Play changes it (main rules: Wars won or lost, Areas leaving or rejoining the HRE): the
        # recorded value is offered, Enter keeps it.
        text = (f"Imperial Authority: {ia} by Clockwork's record. Enter if so, or what is it now (before the roll)?"
                if before == state.emperor else "Imperial Authority now (before the roll)?")
        state.ia = yield Number(text, 0, ia_top(rules), label="Imperial Authority", default=ia,
                                help=rule_help(rules, "emperor"))
        die = yield from roll_d6(state, ctx, f"{emp.name}'s Imperial Authority")
        new = imperial_authority_roll(rules, state.ia, die)
        ctx.log(f"Imperial Authority: {state.ia} → {new}")
        state.ia = new
        bonus = emperor_bonus(rules, state.ia)
        state.ia_bonus = bonus
        top = " It is at the top: it also scores 1 Prestige." if state.ia == ia_top(rules) else ""
        yield Instruction(
            f"d6 {die}: set Imperial Authority to {state.ia}. {emp.name} gains {bonus} BP for it below (the IA "
            f"track's bonus: check against your printed board).{top}",
            label=f"IA {state.ia}: Emperor +{bonus} BP",
            help=rule_help(rules, "emperor") + " " + reading_help(rules, "ia_bonus"),
        )
    state.step = "papal"
    state.papal = yield from seat_choice(state, "Which Bot is the Papal Controller, if any?", "Bot Papal Controller",
                                         state.papal, rule_help(rules, "papal"))
    state.step = "refresh"
    for bot in state.bots:
        bot_power.refresh(ctx, bot, papal=bot.key == state.papal,
                          emperor_bonus=bonus if bot.key == state.emperor else 0)
    papal = ""
    if state.papal:
        papal = (f" Uncontested in the Curia, {state.bot(state.papal).name} scores Catholic PRs - 1 "
                 f"Prestige (max 3).")
    yield Instruction(
        "Phase 4: Spent BP to the Supply. Available: "
        + ", ".join(f"{b.name} {b.available}" for b in state.bots) + "." + papal,
        label="Phase 4: Bot Power refreshed", help=" ".join((rule_help(rules, "phase4"), reading_help(rules, "refresh"),
                                                      rule_help(rules, "token_limits"))),
    )
    state.phase = CLEANUP
    state.step = ""
