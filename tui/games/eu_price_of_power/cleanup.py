"""Phase 5, Cleanup (seed p.2-3): Manpower, Colonists, Alliances, Imperial influence, the Bot deck
reshuffle, and what comes next: another Round, the End of Age, Final Scoring or a Substitute Bot."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Number, Option
from ...rules.eu_price_of_power import EuPricePowerRules
from . import bot_deck
from .replace import replace_bot_realm, replace_human
from .state import DRAW, DRAW_CARDS, OVER, ROMAN, TableState
from .texts import rule_help


def cleanup_phase(state: TableState, ctx: Context):
    rules: EuPricePowerRules = ctx.rules
    state.step = "manpower"
    for bot in state.bots:
        bot.manpower = yield Number(
            f"{bot.name}'s Manpower from its Town tracks now (at least {rules.army.min_manpower})?",
            rules.army.min_manpower, 40, label=f"{bot.name} Manpower", default=bot.manpower,
            help="Return Units from the Reserve to the Supply first when it drops (seed p.2)."
                 + (" As Emperor it adds its Imperial Authority (S6, main rules p.43)." if bot.key == state.emperor else ""),
        )
        if bot.army > bot.manpower:
            bot.army = bot.manpower
    state.step = "cleanup"
    emperor = ""
    if state.emperor:
        emperor = f" {state.bot(state.emperor).name} places {state.ia} Imperial influence by its priority (i)."
    yield Instruction(
        "Phase 5: the Bots' Colonists as normal (i); every Bot-PR Alliance ends." + emperor,
        label="Phase 5: Cleanup",
        help=rule_help(rules, "phase5") + " " + rule_help(rules, "imperial_influence"),
    )
    state.step = "next"
    while True:
        options = [Option("1", f"Round {state.round + 1} follows in Age {ROMAN[state.age]}")]
        if state.age < 4:
            options.append(Option("2", f"Age {ROMAN[state.age + 1]} begins"))
        options.append(Option("3", "Final Scoring: the game ends"))
        if state.humans and len(state.bots) < 6:
            options.append(Option("4", "replace a human with a Bot"))
        options.append(Option("5", "replace an eliminated Bot realm"))
        key = yield Choice("What comes next (scenario Round track)?", options, label="After the Round",
                           help=rule_help(rules, "end_of_age"))
        if key == "4":
            yield from replace_human(state, ctx)
            continue
        if key == "5":
            yield from replace_bot_realm(state, ctx)
            continue
        break
    if key == "3":
        state.finished = "Final Scoring: Bots score exactly as the humans do (seed p.3)."
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
