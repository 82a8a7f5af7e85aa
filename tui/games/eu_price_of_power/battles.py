"""Battles a Bot fights (seed: Land Battles and Naval Battles, p.5; charts p.16). Clockwork counts
the dice, rolls them (or the table does: dice.roll_battle_dice), adds the automatic hits and
says who won."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Number, Option, YesNo
from .rules import EuPricePowerRules
from . import bot_power, facts
from .dice import roll_battle_dice, table_rolls
from .state import Bot, TableState
from .texts import reading_help, rule_help


def land_npr_result(standing: int, hits: int) -> tuple[int, bool]:
    """Each hit result is one Bot casualty; any Unit left and the Bot wins (seed p.5).
    Returns (casualties, won)."""
    casualties = min(hits, standing)
    return casualties, standing - casualties > 0


def rebel_town_loss(initial_army: int) -> int:
    """Losing to Rebels removes Towns equal to half the Army's starting strength (readings: rebel_loss)."""
    return initial_army // 2


def naval_opponent_dice(adjacent_ships: int, dip_ideas: int, admiral: bool) -> int:
    """1 Artillery die + 1 per Bot Ship in adjacent Sea Zones, +1 with a Diplomatic Idea, -1 against
    an Admiral or a Battle Action (seed p.5)."""
    return max(0, 1 + adjacent_ships + (1 if dip_ideas else 0) - (1 if admiral else 0))


def naval_opponent_hits(ports_facing: int, rolled_hits: int, npr_ships_beside: int = 0) -> int:
    """1 automatic hit per 2 Bot Ports facing the Sea Zone, + the hits rolled, + 1 for every second
    NPR Ship fighting on the Bot's side (seed p.5)."""
    return ports_facing // 2 + rolled_hits + npr_ships_beside // 2


def naval_npr_lost(rolled_hits: int, adjacent_ports: int) -> bool:
    """Against NPR Ships the Bot loses when the hits reach 2 + its adjacent Ports (seed p.5)."""
    return rolled_hits >= 2 + adjacent_ports


def land_dice(rules: EuPricePowerRules, bot: Bot) -> int:
    """Infantry dice a Bot rolls each Round of a Land Battle against Opponents: 5, +1 with any
    Military Idea (seed p.5 Land Battles vs. Opponents)."""
    return rules.army.land_dice + (1 if bot.ideas.get("Mil", 0) else 0)


def land_battle_opponent(state: TableState, ctx: Context, bot: Bot, active: bool, human: bool = False):
    """Generator: a Land Battle against an Opponent, fought at the table by the normal Battle
    Sequence (seed p.5; main rules p.26), where both sides take casualties: the Bot's come off its
    Army, and so do a Bot Opponent's. Bots never retreat, so a Bot with no Unit left lost (and its
    Bot Opponent won); otherwise, as the Active Player with no Battle won yet this Turn, whether it
    won (+1 BP). ``human``: the Opponent is known to be a human. Returns True when it won, False
    when it lost, None when that does not matter."""
    rules: EuPricePowerRules = ctx.rules
    how = (f"Normal Battle Sequence (main rules p.26): {bot.name} rolls {land_dice(rules, bot)} Infantry dice a "
           f"Battle Round, all its Units count as Infantry, it never retreats; laid-down Units (MAC) take no part "
           f"and cannot be casualties (booklet p.5).")
    # only an Opponent at War with it, as the record has it (p.3, p.4), with an Army to fight
    human_too, foes = facts.opponents_possible(state, bot)
    if not ctx.facts.refusing:  # a save made before replays the choices it was given then
        human_too, foes = True, [b for b in state.bots if b is not bot]
    armies = [b for b in foes if b.army] if not human else []
    bot.army_off = False  # its Army fights on the map
    enemy = None
    if len(armies) == 1 and not human_too and not human:
        enemy = armies[0]
        ctx.log(f"{bot.name}'s Land Battle is against {enemy.name}, the one Opponent at War with it")
    elif armies:
        options = [Option(str(i + 1), b.name) for i, b in enumerate(armies)]
        if human_too:
            options.insert(0, Option("h", "a human Opponent"))
        key = yield Choice(f"{bot.name}'s Land Battle: against which Opponent?", options,
                           label=f"{bot.name}: Land Battle against", default=options[0].key, help=how)
        enemy = armies[int(key) - 1] if key != "h" else None
    against = enemy.name if enemy else "the Opponent"
    lost = yield Number(f"How many of {bot.name}'s Units were casualties in its Land Battle against {against}?",
                        0, bot.army, label=f"{bot.name}: casualties vs the Opponent", default=0, help=how)
    bot.army -= lost
    ctx.log(f"{bot.name}: Land Battle vs {against}: {lost} casualties, Army {bot.army}")
    if enemy is not None:
        enemy.army_off = False
        theirs = yield Number(f"And how many of {enemy.name}'s Units were casualties?", 0, enemy.army,
                              label=f"{enemy.name}: casualties vs {bot.name}", default=0, help=how)
        enemy.army -= theirs
        ctx.log(f"{enemy.name}: {theirs} casualties, Army {enemy.army}")
    if bot.army == 0:
        ctx.log(f"{bot.name} has no Units left: it lost the Battle")
        return False
    if enemy is not None and enemy.army == 0:
        ctx.log(f"{enemy.name} has no Units left: {bot.name} won the Battle")
        if active:
            bot_power.first_battle_won(ctx, bot)
        return True
    if not active or bot.battle_won:
        return None
    won = yield YesNo(f"Did {bot.name} win its Land Battle against {against}?",
                      label=f"{bot.name}: Land Battle won?",
                      help="+1 BP for its first Battle won in a Turn (booklet p.5). " + how)
    if won:
        bot_power.first_battle_won(ctx, bot)
    return won


def land_battle_npr(state: TableState, ctx: Context, bot: Bot):
    """Generator: a Land Battle against NPR or Rebel Units. Returns True when the Bot won."""
    rules: EuPricePowerRules = ctx.rules
    bot.army_off = False  # its Army fights on the map (an NPR Invasion places it there, p.2 B)
    foe = yield Choice(
        f"{bot.name}'s Land Battle: against whom?",
        [Option("1", "NPR Units"), Option("2", "Rebels")],
        label=f"{bot.name}: Land Battle against", help=rule_help(rules, "land_npr"),
    )
    enemy = yield Number(
        "How many enemy Units are in the Battle?", 1, 30, label="Enemy Units", default=3,
        help=rule_help(rules, "land_npr"),
    )
    standing = yield Number(
        f"How many of {bot.name}'s Units stand in the Battle (not laid down by MAC)?", 0, bot.army,
        label=f"{bot.name}: Units standing", default=bot.army,
        help="Laid-down Units take no part and cannot be casualties (booklet p.5, MAC).",
    )
    hits = yield from roll_battle_dice(state, ctx, enemy, "Infantry", f"the {enemy} enemy Units",
                                       rule_help(rules, "land_npr") + " " + rule_help(rules, "battle_dice"))
    casualties, won = land_npr_result(standing, hits)
    bot.army = max(0, bot.army - casualties)
    ctx.log(f"{bot.name}: Land Battle vs {enemy} {'Rebel' if foe == '2' else 'NPR'} Units: "
            f"{casualties} casualties, Army {bot.army}; {'wins' if won else 'loses'}")
    if won:
        yield Instruction(
            f"{hits} casualty results: {bot.name} wins. Remove the {enemy} enemy Units and {casualties} of its "
            f"own (Army {bot.army}).",
            label=f"{bot.name} wins the Land Battle",
        )
        return True
    extra = ""
    if foe == "2":
        extra = f" Rebels also take {rebel_town_loss(standing)} of its Towns (half its Army; i)."
    yield Instruction(f"{hits} casualty results: {bot.name} loses all its Units in the Battle.{extra}",
                      label=f"{bot.name} loses the Land Battle",
                      help=rule_help(rules, "land_npr") + " " + reading_help(rules, "rebel_loss"))
    return False


def naval_side(state: TableState, ctx: Context, bot: Bot, human: bool):
    """Generator: one Bot's dice and hits against an Opponent (seed p.5). Returns its hits and
    whether the human has an Admiral there or plays a Battle Action."""
    rules: EuPricePowerRules = ctx.rules
    adjacent = yield Number(f"How many {bot.name} Ships are in Sea Zones adjacent to the Battle?", 0, 12,
                            label=f"{bot.name}: adjacent Ships", default=0)
    admiral = False
    if human:
        admiral = yield YesNo("Does the human have an Admiral there or play a Battle Action?",
                              label="Admiral or Battle Action?", help=rule_help(rules, "naval_opponent"))
    ports = yield Number(f"How many {bot.name} Ports face the Battle's Sea Zone?", 0, 12,
                         label=f"{bot.name}: Ports facing", default=0,
                         help="1 automatic hit per 2 Ports (booklet p.5).")
    beside = yield Number(f"NPR Ships fighting on {bot.name}'s side?", 0, 12, label=f"{bot.name}: NPR Ships beside",
                          default=0, help="Every second one counts as an extra hit (booklet p.5).")
    dice = naval_opponent_dice(adjacent, bot.ideas.get("Dip", 0), admiral)
    rolled = yield from roll_battle_dice(state, ctx, dice, "Artillery", bot.name, rule_help(rules, "naval_opponent"))
    total = naval_opponent_hits(ports, rolled, beside)
    ctx.log(f"{bot.name}: {dice} Artillery dice, {rolled} hits + {ports // 2} for Ports + {beside // 2} for "
            f"NPR Ships = {total}")
    return total, admiral


def naval_battle(state: TableState, ctx: Context, bot: Bot, foe: str = ""):
    """Generator: a Naval Battle; ``foe`` "1" when it is known to be against a human. Returns True
    when the Bot won."""
    rules: EuPricePowerRules = ctx.rules
    # only an Opponent the record leaves at War with it (p.3, p.4); NPR Ships as ever
    human_too, others = facts.opponents_possible(state, bot)
    if not ctx.facts.refusing:  # a save made before replays the choices it was given then
        human_too, others = True, [b for b in state.bots if b is not bot]
    options = [Option("1", "a human Opponent")] if human_too else []
    options.append(Option("2", "NPR Ships"))
    if others:
        options.append(Option("3", "another Bot"))
    if not foe:
        foe = yield Choice(f"{bot.name}'s Naval Battle: against whom?", options,
                           label=f"{bot.name}: Naval Battle against", help=rule_help(rules, "naval_opponent"))
    captured = ""
    if foe == "2":
        ships = yield Number("How many NPR Ships?", 1, 12, label="NPR Ships", default=1)
        ports = yield Number(f"How many Ports does {bot.name} have adjacent to the Sea Zone?", 0, 12,
                             label=f"{bot.name}: adjacent Ports", default=0)
        hits = yield from roll_battle_dice(state, ctx, ships, "Artillery", f"the {ships} NPR Ships",
                                           rule_help(rules, "naval_npr"))
        won = not naval_npr_lost(hits, ports)
        ctx.log(f"{bot.name}: Naval Battle vs {ships} NPR Ships: {hits} hits against {2 + ports}: "
                f"{'wins' if won else 'loses'}")
        verdict = f"The NPR Ships score {hits} hits, {2 + ports} would sink it"
    elif foe == "1":
        total, admiral = yield from naval_side(state, ctx, bot, human=True)
        won = yield YesNo(f"{bot.name} scores {total} hits. Are all the enemy's Ships sunk?",
                          label="All enemy Ships sunk?", help=rule_help(rules, "naval_opponent"))
        verdict = f"{bot.name} scores {total} hits"
        if admiral and not won:  # the winner with an Admiral or a Battle Action takes a prize (seed p.5)
            captured = " The human captures a Light Ship (Admiral or Battle Action)."
            ctx.log(f"{bot.name} loses a Naval Battle to a human with an Admiral or a Battle Action: "
                    f"the human captures a Light Ship")
    else:
        other = others[0]
        if len(others) > 1:
            key = yield Choice("Which Bot does it fight?", [Option(str(i + 1), b.name) for i, b in enumerate(others)],
                               label="Other Bot")
            other = others[int(key) - 1]
        for _ in range(20):  # a tie is rolled again (seed p.5)
            mine, _ = yield from naval_side(state, ctx, bot, human=False)
            theirs, _ = yield from naval_side(state, ctx, other, human=False)
            if mine != theirs:
                break
            ctx.log(f"{bot.name} and {other.name} tie at {mine} hits: roll again")
            if not table_rolls(ctx):
                yield Instruction(f"Tie at {mine} hits: both Bots roll again.", label="Naval tie: roll again")
        won = mine > theirs
        verdict = f"{bot.name} {mine} hits, {other.name} {theirs}"
    if won:
        yield Instruction(f"{verdict}: {bot.name} wins, its Ship stays.", label=f"{bot.name} wins the Naval Battle")
    else:
        yield Instruction(f"{verdict}: {bot.name} loses, remove its Ship from the Sea Zone.{captured}",
                          label=f"{bot.name} loses the Naval Battle")
    return won


def award_if_won(ctx: Context, bot: Bot, won: bool, active: bool) -> None:
    if won and active:
        bot_power.first_battle_won(ctx, bot)
