"""Battles a Bot fights (seed: Land Battles and Naval Battles, p.5; charts p.16). The table rolls
the Battle dice (readings: battle_dice); Clockwork counts dice, hits and the outcome."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Number, Option, YesNo
from ...rules.eu_price_of_power import EuPricePowerRules
from . import bot_power
from .state import Bot, TableState
from .texts import rule_help


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


def naval_opponent_hits(ports_facing: int, rolled_hits: int) -> int:
    """1 automatic hit per 2 Bot Ports facing the Sea Zone, + the hits rolled (seed p.5)."""
    return ports_facing // 2 + rolled_hits


def naval_npr_lost(rolled_hits: int, adjacent_ports: int) -> bool:
    """Against NPR Ships the Bot loses when the hits reach 2 + its adjacent Ports (seed p.5)."""
    return rolled_hits >= 2 + adjacent_ports


def land_battle_npr(state: TableState, ctx: Context, bot: Bot):
    """Generator: a Land Battle against NPR or Rebel Units. Returns True when the Bot won."""
    rules: EuPricePowerRules = ctx.rules
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
        f"How many of {bot.name}'s Units stand in the Battle (not laid down by MAC)?", 0, 60,
        label=f"{bot.name}: Units standing", default=bot.army,
        help="Laid-down Units take no part and cannot be casualties (seed p.5, MAC).",
    )
    hits = yield Number(
        f"Roll {enemy} Infantry dice for the enemy. How many casualty results?", 0, enemy,
        label="Casualty results", help=rule_help(rules, "battle_dice"),
    )
    casualties, won = land_npr_result(standing, hits)
    bot.army = max(0, bot.army - casualties)
    ctx.log(f"{bot.name}: Land Battle vs {enemy} {'Rebel' if foe == '2' else 'NPR'} Units: "
            f"{casualties} casualties, Army {bot.army}; {'wins' if won else 'loses'}")
    if won:
        yield Instruction(
            f"{bot.name} wins: remove the {enemy} enemy Units; remove {casualties} of its Units.",
            label=f"{bot.name} wins the Land Battle",
        )
        return True
    extra = ""
    if foe == "2":
        extra = f" Losing to Rebels also removes {rebel_town_loss(standing)} of its Towns (half its Army)."
    yield Instruction(f"{bot.name} loses: all its Units in the Battle are gone.{extra}",
                      label=f"{bot.name} loses the Land Battle", help=rule_help(rules, "land_npr"))
    return False


def naval_battle(state: TableState, ctx: Context, bot: Bot):
    """Generator: a Naval Battle. Returns True when the Bot won."""
    rules: EuPricePowerRules = ctx.rules
    foe = yield Choice(
        f"{bot.name}'s Naval Battle: against whom?",
        [Option("1", "a human Opponent"), Option("2", "NPR Ships"), Option("3", "another Bot")],
        label=f"{bot.name}: Naval Battle against", help=rule_help(rules, "naval_opponent"),
    )
    if foe == "2":
        ships = yield Number("How many NPR Ships?", 1, 12, label="NPR Ships", default=1)
        ports = yield Number(f"How many Ports does {bot.name} have adjacent to the Sea Zone?", 0, 12,
                             label=f"{bot.name}: adjacent Ports", default=0)
        hits = yield Number(f"Roll {ships} Artillery dice. How many hits?", 0, ships, label="Hits rolled",
                            help=rule_help(rules, "naval_npr"))
        won = not naval_npr_lost(hits, ports)
        ctx.log(f"{bot.name}: Naval Battle vs {ships} NPR Ships: {hits} hits against {2 + ports}: "
                f"{'wins' if won else 'loses'}")
    else:
        adjacent = yield Number(f"How many {bot.name} Ships are in adjacent Sea Zones?", 0, 12,
                                label=f"{bot.name}: adjacent Ships", default=0)
        admiral = False
        if foe == "1":
            admiral = yield YesNo("Does the human have an Admiral there or play a Battle Action?",
                                  label="Admiral or Battle Action?")
        dice = naval_opponent_dice(adjacent, bot.ideas.get("Dip", 0), admiral)
        ports = yield Number(f"How many {bot.name} Ports face the Sea Zone?", 0, 12,
                             label=f"{bot.name}: Ports facing", default=0)
        rolled = yield Number(f"Roll {dice} Artillery dice for {bot.name}. How many hits?", 0, dice,
                              label="Hits rolled", help=rule_help(rules, "naval_opponent"))
        total = naval_opponent_hits(ports, rolled)
        ctx.log(f"{bot.name}: {dice} Artillery dice, {rolled} hits + {ports // 2} automatic = {total}")
        if foe == "1":
            won = yield YesNo(f"{bot.name} scores {total} hits. Are all the enemy's Ships sunk?",
                              label="All enemy Ships sunk?", help=rule_help(rules, "naval_opponent"))
        else:
            won = yield YesNo(f"{bot.name} scores {total} hits. Did the other Bot score fewer (re-roll ties)?",
                              label=f"{bot.name} scored more hits?")
    if won:
        yield Instruction(f"{bot.name} wins: its Ship stays.", label=f"{bot.name} wins the Naval Battle")
    else:
        yield Instruction(f"{bot.name} loses: remove its Ship from the Sea Zone.",
                          label=f"{bot.name} loses the Naval Battle")
    return won


def award_if_won(ctx: Context, bot: Bot, won: bool, active: bool) -> None:
    if won and active:
        bot_power.first_battle_won(ctx, bot)
