"""Phase 3, Peace & Rebels (seed p.2, Rebel Dice Rolls p.4)."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Instruction, MultiChoice, Number, Option, YesNo
from .rules import EuPricePowerRules
from . import battles, bot_power, facts
from .charts import walk_chart
from .options import option
from .state import INCOME, REAL_WAR, Bot, TableState
from .texts import reading_help, rule_help


def peace_phase(state: TableState, ctx: Context):
    rules: EuPricePowerRules = ctx.rules
    state.stack = []
    state.step = "A-C"
    invaded = yield MultiChoice(
        "Phase 3 A-B: remove Truces (Bots hold no CB). Which Bots suffer an NPR Invasion? Keys, or Enter "
        "for none.", [Option(str(i + 1), b.name) for i, b in enumerate(state.bots)],
        label="Bots invaded by NPRs", help=rule_help(rules, "phase3"),
    )
    for k in invaded:
        bot = state.bots[int(k) - 1]
        yield Instruction(
            f"{bot.name} suffers only the NPR Invasion with the most NPR Units (ties alphabetical): place its "
            f"Army in the target Area ({bot.army} Units) and check MAC.",
            label=f"{bot.name}: NPR Invasion", help=rule_help(rules, "phase3"),
        )
        yield from battles.land_battle_npr(state, ctx, bot)
    yield Instruction("Phase 3 C: Rebels siege or move as normal.", label="Phase 3 C",
                      help=rule_help(rules, "phase3"))
    state.step = "D"
    for bot in in_turn_order(state):  # Peace in Turn order (seed p.2)
        if bot.at_war:
            yield from walk_chart(state, ctx, bot, "peace")
            state.stack = []
            if not bot.at_war:
                yield Instruction(
                    f"{bot.name} is at Peace: remove its Army from the map, unless its Towns in that Area "
                    f"have Unrest or Rebels.", label=f"{bot.name}: Army off the map",
                    help=rule_help(rules, "phase3"),
                )
    # Humans resolve Peace with Bot Enemies in this step too (p.2 D): which Opponents a Bot still at
    # War fights is no longer known.
    for bot in state.bots:
        if bot.enemies:
            bot.enemies, bot.foes_unknown = [], True
        bot.new_war = False
        facts.wars_known(state, ctx, bot)
    state.step = "E-H"
    gains = set()
    for bot in state.bots:
        if bot.at_war and (yield from war_unrest(ctx, bot)):
            gains.add(bot.key)
    lines = []
    for bot in state.bots:
        adm = bot.ideas.get("Adm", 0)
        parts = []
        if bot.key in gains:
            hollow = bot.facts.get(REAL_WAR) is False  # the table said its Enemies hold no Provinces
            parts.append("+2 Unrest (at War" + ("; its Enemies hold no Provinces, but the War goes on: F6" if hollow
                                               else "") + ")")
        elif bot.at_war:
            parts.append("no Unrest for its War (its Enemies hold no Provinces)")
        if adm:
            parts.append(f"remove {2 if adm >= 3 else 1} Unrest (Admin Ideas)")
        if parts:
            lines.append(f"{bot.name}: {', '.join(parts)}")
    yield Instruction(
        "Phase 3 E-H: Prestige penalties; no Interregnum for Bots; at most 1 Religious Dissent. "
        + ("; ".join(lines) + "." if lines else "No Bot gains or removes Unrest."),
        label="Phase 3 E-H", help=rule_help(rules, "phase3") + " " + reading_help(rules, "unrest_at_war"),
    )
    state.step = "I"
    for bot in in_turn_order(state):
        yield from rebel_dice_roll(state, ctx, bot, bot.key in gains)
    state.phase = INCOME
    state.step = ""


def war_unrest(ctx: Context, bot: Bot):
    """Generator: whether ``bot``, at War, gains 2 Unrest in step H (seed p.2 H). At War? (p.3) makes
    a War only with realms left without Provinces count as Peace for choices; whether H is one the
    booklet leaves open: by default every War counts, and with the setup option otherwise the
    table says whether an Enemy still holds Provinces (readings: unrest_at_war)."""
    if option(ctx.rules, ctx.options, "unrest_at_war") == "war":
        return True
    ask = facts.real_war(bot)
    last = bot.facts.get(REAL_WAR)  # its last Turn's answer: Peace Resolution may have changed it since
    said = "" if last is None else f" At its last Turn: {'yes' if last else 'no'}."
    real = yield YesNo(
        f"Phase 3 H: {bot.name} is at War. Does any of its Enemies still have Provinces (not all Occupied)? "
        f"Only then does it gain 2 Unrest (setup option).{said}",
        label=f"{bot.name}: a real War?", help=reading_help(ctx.rules, "unrest_at_war"), fact=ask,
    )
    facts.keep(ctx, bot, ask, REAL_WAR, real, keep_yes=True)
    return real


def in_turn_order(state: TableState):
    """The Bots in this Round's Turn order (a Bot not seated in it comes last)."""
    seated = [state.bot(s) for s in state.order if s.startswith("b")]
    return seated + [b for b in state.bots if b not in seated]


def unrest_by_count(bot: Bot, war: bool) -> tuple[int, str]:
    """The Unrest Clockwork counts at step I: the table's count at the last Phase 3, +2 at War
    (``war``: step H gave them), then 1 (1-2 Administrative Ideas) or 2 (3+) removed (seed p.2 H,
    p.3 Bots & Ideas), and how."""
    adm = bot.ideas.get("Adm", 0)
    removed = 2 if adm >= 3 else 1 if adm else 0
    parts = [f"{bot.unrest} at the last Phase 3"]
    if war:
        parts.append("+2 at War")
    if removed:
        parts.append(f"-{removed} for Administrative Ideas")
    return max(0, bot.unrest + (2 if war else 0) - removed), ", ".join(parts)


def rebel_dice_roll(state: TableState, ctx: Context, bot: Bot, war: bool | None = None):
    """Rebel Dice Rolls (seed p.4): all Unrest at once, max 5 dice, at most 1 BP lost. The Unrest
    is offered as Clockwork counts it (Events, Rebels and Sieges change it: the table may say so);
    ``war``: whether step H gave it 2 Unrest for being at War (by default, when it is at War)."""
    rules: EuPricePowerRules = ctx.rules
    text = f"How much Unrest does {bot.name} have on the map?"
    counted = 0
    if bot.unrest >= 0:
        counted, how = unrest_by_count(bot, bot.at_war if war is None else war)
        text = f"{bot.name}'s Unrest on the map: {counted} by Clockwork's count ({how}). Enter if so, or how much is it?"
    unrest = yield Number(text, 0, 30, label=f"{bot.name}: Unrest", default=min(counted, 30),
                          help=rule_help(rules, "rebel_dice"))
    bot.unrest = unrest
    dice = bot_power.rebel_dice(rules, unrest)
    if not dice:
        return
    losses = yield Number(
        f"Roll {dice} Rebel dice for {bot.name} at once. How many show a BP loss?", 0, dice,
        label=f"{bot.name}: Rebel dice BP losses", default=0,
        help=rule_help(rules, "rebel_dice") + " " + reading_help(rules, "battle_dice"),
    )
    lost = bot_power.lose(ctx, bot, bot_power.rebel_loss(rules, losses), "Rebel dice")
    yield Instruction(
        f"{bot.name}: apply the other Rebel dice results (Rebellions in its Army's Area if possible); "
        f"it lost {lost} BP.",
        label=f"{bot.name}: Rebel dice applied", help=rule_help(rules, "rebel_dice"),
    )
