"""Substitute Bots (seed p.6): a human replaced by a Bot between Rounds, and a new Bot realm for
an eliminated one."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, MultiChoice, Number, Option
from .rules import EuPricePowerRules
from . import bot_deck, bot_power
from .setup import ask_colour, ask_difficulty, ask_realm, ask_removals, new_bot, remember_removals
from .state import FOCUS_AREAS, IDEA_TYPES, TableState
from .texts import rule_help


def replace_human(state: TableState, ctx: Context):
    rules: EuPricePowerRules = ctx.rules
    humans = [s for s in state.order if s.startswith("h")]
    if not humans or len(state.bots) >= 6:
        return
    key = yield Choice("Which human does a Bot replace?",
                       [Option(str(i + 1), state.seat_name(s)) for i, s in enumerate(humans)],
                       label="Human replaced")
    seat = humans[int(key) - 1]
    number = max(int(b.key[1:]) for b in state.bots) + 1
    bot = new_bot(rules, f"b{number}", state.bots[0].difficulty if state.bots else "normal")
    state.bots.append(bot)
    help_text = rule_help(rules, "replace_human")
    bot.realm = yield from ask_realm(state, ctx, bot, number)
    bot.colour = yield from ask_colour(state, ctx, bot)
    bot.difficulty = yield from ask_difficulty(state, ctx, bot)
    mp = yield Number("Monarch Power the player holds (all three kinds)?", 0, 60, label="Monarch Power",
                      default=0, help=help_text)
    ducats = yield Number("Ducats in the Treasury?", 0, 200, label="Ducats", default=0, help=help_text)
    stability = yield Number("Stability (-3 to +3)?", -3, 3, label="Stability", default=0, help=help_text)
    loans = yield Number("Loans?", 0, 20, label="Loans", default=0, help=help_text)
    bot.available = bot_power.human_to_bot_bp(rules, bot.difficulty, mp, ducats, stability, loans)
    ctx.log(f"{state.seat_name(seat)} becomes {bot.name}: {bot.available} BP "
            f"({mp} MP, {ducats} Ducats, Stability {stability:+d}, {loans} Loans; clamped to "
            f"{rules.difficulty(bot.difficulty).dow_minimum}-{rules.bot_power.human_max})")
    for kind in IDEA_TYPES:
        bot.ideas[kind] = yield Number(f"{kind} Ideas the player Researched (the Mat counts up to 3)?", 0, 3,
                                       label=f"{bot.name}: {kind} Ideas", default=0)
    bot.manpower = yield Number(f"{bot.name}'s Manpower from its Town tracks (at least {rules.army.min_manpower})?",
                                rules.army.min_manpower, 40, label=f"{bot.name} Manpower",
                                default=rules.army.min_manpower, help=help_text)
    bot.army = yield Number("Deployed Units (they go to the Army; the rest to the Reserve)?", 0, bot.manpower,
                            label=f"{bot.name}: Army Units", default=0, help=help_text)
    done = yield MultiChoice("Milestones the player achieved (their FOCUS cards leave the deck)? Keys, or Enter "
                             "for none.",
                             [Option(str(i + 1), a) for i, a in enumerate(FOCUS_AREAS)],
                             label=f"{bot.name}: Milestones achieved")
    bot.removals = yield from ask_removals(state, ctx, bot)
    remember_removals(state, bot)
    bot_deck.compose_for_age(bot, state.age, state.rng)
    areas = [FOCUS_AREAS[int(k) - 1] for k in done]
    if areas:
        gone = bot_deck.remove_focus_cards(bot, areas, lambda c: rules.card(c).focus)
        bot.milestones = list(areas)
        ctx.log(f"{bot.name}: FOCUS cards {' '.join(gone)} leave the deck (Milestones {', '.join(areas)})")
    state.order[state.order.index(seat)] = bot.key
    # The player's Wars go on; Clockwork recorded them only where a Bot fought this player.
    bot.foes_unknown = True
    for other in state.bots:
        if seat in other.enemies:
            other.enemies[other.enemies.index(seat)] = bot.key
            bot.enemies.append(other.key)
    yield Instruction(
        f"Flip {state.seat_name(bot.key)}'s Player Mat to the Bot Mat: {bot.available} BP; Vassals become "
        f"Towns; one Ship per Sea Zone; Armies off the map; Ideas marked.",
        label=f"{bot.name} replaces a human", help=help_text,
    )


def replace_bot_realm(state: TableState, ctx: Context):
    rules: EuPricePowerRules = ctx.rules
    key = yield Choice("Which Bot realm was eliminated?",
                       [Option(str(i + 1), b.name) for i, b in enumerate(state.bots)], label="Bot eliminated")
    bot = state.bots[int(key) - 1]
    old = bot.name
    if state.emperor == bot.key:  # the new realm does not inherit the title (p.6): who holds it is asked again
        ctx.log(f"{old} held the HRE Emperor: who holds it now is asked when it matters")
        state.emperor, state.emperor_realm, state.emperor_known = "", "", False
    bot.realm = ""
    bot.realm = yield from ask_realm(state, ctx, bot, int(bot.key[1:]), gone=old)
    bot.available = yield Number(f"{bot.name}'s BP (set up as normal)?", 0, 30, label=f"{bot.name} BP",
                                 default=rules.bot_power.starting, help=rule_help(rules, "replace_bot"))
    bot.spent = 0
    bot.manpower = yield Number(
        f"{bot.name}'s Manpower from its Town tracks (at least {rules.army.min_manpower})?",
        max(rules.army.min_manpower, rules.army.replacement_units), 40, label=f"{bot.name} Manpower",
        default=max(rules.army.min_manpower, rules.army.replacement_units), help=rule_help(rules, "replace_bot"))
    bot.army = rules.army.replacement_units
    bot.army_off = True  # set up as normal (p.6, p.1): its Army is not on the board
    bot.at_war = False
    bot.facts = {}
    bot.enemies, bot.foes_unknown, bot.new_war, bot.unrest = [], False, False, -1
    for other in state.bots:
        if bot.key in other.enemies:  # its Wars ended with it: whom the others still fight is not known
            other.enemies.remove(bot.key)
            other.foes_unknown = True
    bot.manpower_ia = 0
    bot.focus = {a: 0 for a in FOCUS_AREAS}
    bot.removals = yield from ask_removals(state, ctx, bot)
    remember_removals(state, bot)
    bot_deck.compose_for_age(bot, state.age, state.rng)
    ctx.log(f"{old} is replaced by {bot.name}: Ideas and Milestones kept, Army {bot.army} Units")
    yield Instruction(
        f"Remove {old}'s tokens. {bot.name}: {bot.army} Units in its Army, Bot Towns on its Provinces, "
        f"{old}'s Prestige, Ideas and Milestones (F6: Events).",
        label=f"{bot.name} replaces {old}", help=rule_help(rules, "replace_bot"),
    )
