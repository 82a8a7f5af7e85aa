"""Phase 5, Cleanup (seed p.2-3): Manpower, Colonists, Alliances, Imperial influence, the Bot deck
reshuffle, and what comes next: another Round, the End of Age, Final Scoring or a Substitute Bot."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Number, Option, YesNo
from .rules import EuPricePowerRules
from . import bot_deck
from .replace import replace_bot_realm, replace_human
from .state import DRAW, DRAW_CARDS, OVER, ROMAN, TableState
from .texts import rule_help


def cleanup_phase(state: TableState, ctx: Context):
    rules: EuPricePowerRules = ctx.rules
    state.step = "manpower"
    towns = ", ".join(f"{b.name} {b.manpower - b.manpower_ia}" for b in state.bots)
    same = yield YesNo(f"Manpower from the Town tracks as before ({towns})?", label="Manpower unchanged?",
                       help=rule_help(rules, "phase5") + " Clockwork adds the Emperor's Imperial Authority itself.")
    for bot in state.bots:
        yield from update_manpower(state, ctx, bot, same)
    state.step = "cleanup"
    emperor = ""
    if state.emperor:
        emperor = f" {state.bot(state.emperor).name} places {state.ia} Imperial influence by its priority (F6)."
    yield Instruction(
        "Phase 5: the Bots' Colonists as normal (F6); every Bot-PR Alliance ends." + emperor,
        label="Phase 5: Cleanup",
        help=rule_help(rules, "phase5") + " " + rule_help(rules, "imperial_influence"),
    )
    state.step = "towns"
    out = yield from out_of_towns(state, ctx)
    state.step = "next"
    if not ctx.facts.refusing:
        out = None  # a save from before this rule replays as played then: every way on was offered
    while True:
        # a Bot still out of Towns now ends the game (p.4): nothing else can come next
        options = [] if out else [Option("1", f"Round {state.round + 1} follows in Age {ROMAN[state.age]}")]
        if state.age < 4 and not out:
            options.append(Option("2", f"Age {ROMAN[state.age + 1]} begins"))
        options.append(Option("3", f"Final Scoring: {out.name} is still out of Towns" if out
                              else "Final Scoring: the game ends (scenario end, or a Bot still out of Towns)"))
        if state.humans and len(state.bots) < 6 and not out:
            options.append(Option("4", "replace a human with a Bot"))
        if not out:
            options.append(Option("5", "replace an eliminated Bot realm"))
        key = yield Choice("What comes next (scenario Round track)?", options, label="After the Round",
                           default="3" if out else "1",
                           help=rule_help(rules, "end_of_age") + " " + rule_help(rules, "token_limits"))
        if key == "4":
            yield from replace_human(state, ctx)
            continue
        if key == "5":
            yield from replace_bot_realm(state, ctx)
            continue
        break
    if key == "3":
        state.finished = "Final Scoring: Bots score exactly as the humans do (booklet p.3)."
        ctx.log("The game ends: Final Scoring")
        state.phase = OVER
        return
    if key == "2":
        state.age += 1
        for bot in state.bots:
            bot_deck.compose_for_age(bot, state.age, state.rng)
            ctx.log(f"End of Age: {bot.name}'s deck reset for Age {ROMAN[state.age]}: "
                    f"{bot.deck.count(DRAW)} cards shuffled")
    else:
        for bot in state.bots:
            back, out = bot_deck.reshuffle_for_next_round(bot, state.rng, lambda c: rules.card(c).first)
            ctx.log(f"{bot.name} reshuffles: back {' '.join(back) or 'none'}; out for the Age "
                    f"{' '.join(out) or 'none'}; {bot.deck.count(DRAW)} in the deck")
    state.round += 1
    state.phase = DRAW_CARDS
    state.step = ""


def update_manpower(state: TableState, ctx: Context, bot, unchanged: bool = False):
    """Update Manpower Reserve (seed p.2-3): Manpower from the Town tracks, at least 3, plus the
    Emperor's Imperial Authority (p.6). When it drops, Units leave the Reserve first, then the
    Army; the table is told which. ``unchanged``: the Town tracks give what they gave before."""
    rules: EuPricePowerRules = ctx.rules
    emperor = state.ia if bot.key == state.emperor else 0
    old, reserve = bot.manpower, bot.manpower - bot.army
    towns = max(rules.army.min_manpower, bot.manpower - bot.manpower_ia)
    if not unchanged:
        towns = yield Number(
            f"{bot.name}'s Manpower from its Town tracks now (at least {rules.army.min_manpower})?"
            + (f" Clockwork adds its Imperial Authority {emperor} as Emperor." if emperor else ""),
            rules.army.min_manpower, 40, label=f"{bot.name} Manpower", default=towns, help=rule_help(rules, "phase5"),
        )
    bot.manpower = towns + emperor
    bot.manpower_ia = emperor
    if emperor:
        ctx.log(f"{bot.name}: Manpower {towns} from its Towns + {emperor} Imperial Authority = {bot.manpower}")
    if bot.manpower >= old and bot.army <= bot.manpower:
        return
    from_reserve = min(max(0, old - bot.manpower), max(0, reserve))
    from_army = max(0, bot.army - bot.manpower)
    bot.army -= from_army
    parts = []
    if from_reserve:
        parts.append(f"{from_reserve} from its Manpower Reserve")
    if from_army:
        parts.append(f"then {from_army} from its Army (Army {bot.army})")
    ctx.log(f"{bot.name}: Manpower {old} → {bot.manpower}: " + (", ".join(parts) or "no Units to return"))
    if parts:
        yield Instruction(
            f"{bot.name}'s Manpower is now {bot.manpower} (was {old}): return " + ", ".join(parts)
            + " to the Supply.",
            label=f"{bot.name}: Units back to the Supply", help=rule_help(rules, "phase5"),
        )


def out_of_towns(state: TableState, ctx: Context):
    """Token Limitations, Towns (seed p.4): a Bot out of Towns that still is in Phase 5 triggers
    Final Scoring. Only a Bot that has placed all 8 Large Towns or all its first 20 Small Towns
    can be out of Towns, so only then is the table asked (readings: out_of_towns)."""
    rules: EuPricePowerRules = ctx.rules
    near = [b for b in state.bots if b.small_towns or b.large_towns]
    if not near:
        return None
    options = [Option("0", "no")] + [Option(str(i + 1), b.name) for i, b in enumerate(near)]
    key = yield Choice("Which Bot, if any, is still out of Towns now (then Final Scoring begins)?", options,
                       label="A Bot out of Towns?", default="0", help=rule_help(rules, "token_limits"))
    if key == "0":
        return None
    bot = near[int(key) - 1]
    ctx.log(f"{bot.name} is still out of Towns in Phase 5: Final Scoring is triggered")
    return bot
