"""The outcomes of a Bot Action that Clockwork keeps track of. A chart followed by hand asks for
each of its ``asks``; a transcribed chart's action node asks for its ``do``."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, MultiChoice, Number, Option, TextEntry, YesNo
from .rules import EuPricePowerRules
from . import battles, bot_power, facts, wars
from .dice import roll_d6
from .state import FOCUS_AREAS, IDEA_TYPES, PEACE, REAL_WAR, Bot, TableState
from .targeting import find_target
from .texts import reading_help, rule_help, with_pages


class Doing:
    """What the chart is being walked for: its name, the Focus area of the card if any, the BP
    paid for the card, and whether a Bot card was drawn for it (the Main Turn Structure's DEFEND,
    SIEGE and COLONIZE come with no card, seed p.7)."""

    def __init__(self, chart_name: str, focus_area: str = "", used_focus: bool = False, paid: int = 0,
                 card: bool = False):
        self.chart_name = chart_name
        self.focus_area = focus_area
        self.used_focus = used_focus
        self.paid = paid
        self.card = card


def ask_outcome(state: TableState, ctx: Context, bot: Bot, outcome: str, doing: Doing):
    rules: EuPricePowerRules = ctx.rules
    where = doing.chart_name
    if outcome == "extra_bp":
        if bot.available == 0:
            return
        chart = rules.chart(state.stack[-1].chart) if state.stack else None
        onward = [rules.chart(c).name for c in chart.leads_to] if chart else []
        # A chart it may lead on to is walked after this and asks for its own BP.
        spent_in = (f"{where} (not the {' or '.join(onward)}, asked next if it led there)" if onward
                    else f"{where} and the charts it led to")
        besides = ", besides the card's cost" if doing.card else ""  # DEFEND, SIEGE, COLONIZE: no card (p.7)
        n = yield Number(
            f"BP {bot.name} spent in {spent_in}{besides}? It has {bot.available}.",
            0, bot.available, label=f"{bot.name}: BP spent by {where}", default=0,
            help=rule_help(rules, "bot_power"),
        )
        bot_power.spend(ctx, bot, n, where)
    elif outcome == "bp_gained":
        n = yield Number(f"How many BP did {bot.name} gain in {where}?", 0, 20,
                         label=f"{bot.name}: BP gained in {where}", default=0, help=gain_help(rules, state))
        bot_power.gain(ctx, bot, n, where)
    elif outcome == "bp_changed":
        n = yield Number(f"How many BP did {bot.name} gain in {where} (a loss as a negative number)?",
                         -bot.available, 20, label=f"{bot.name}: BP gained or lost in {where}", default=0,
                         help=gain_help(rules, state))
        if n >= 0:
            bot_power.gain(ctx, bot, n, where)
        else:
            bot_power.lose(ctx, bot, -n, where)
    elif outcome == "bp_lost":
        if bot.available == 0:
            return
        n = yield Number(f"How many BP did {bot.name} lose in {where}?", 0, bot.available,
                         label=f"{bot.name}: BP lost in {where}", default=0)
        bot_power.lose(ctx, bot, n, where)
    elif outcome == "recruit":
        chart_id = state.stack[-1].chart if state.stack else "military"
        cost = bot_power.recruit_cost(rules, chart_id)
        if bot.available < cost or bot_power.reserve(bot) == 0:
            return  # cannot pay, or no Units left in its Manpower Reserve (seed p.5)
        per = rules.difficulty(bot.difficulty).units_per_recruit
        n = yield Number(
            f"How many times did {where} recruit for {bot.name} ({per} Units for {cost} BP each"
            + (": check against your printed chart" if chart_id == "military" else "") + ")?",
            0, min(bot.available // cost, -(-bot_power.reserve(bot) // per)), label=f"{bot.name}: recruits in {where}",
            default=0,
            help=rule_help(rules, "recruiting") + " " + reading_help(rules, "recruit_cost"),
        )
        for _ in range(n):
            bot_power.recruit(ctx, bot, where, cost)
    elif outcome == "units_lost":
        if bot.army == 0:
            return
        n = yield Number(f"How many Units did {bot.name}'s Army lose?", 0, bot.army,
                         label=f"{bot.name}: Units lost", default=0)
        bot.army -= n
        ctx.log(f"{bot.name} loses {n} Units: Army {bot.army}")
    elif outcome == "battle_won":
        if bot.battle_won:
            return  # only the first Battle won in a Turn pays (seed p.5)
        won = yield YesNo(f"Did {bot.name} win a Battle against an Opponent in {where} as the Active Player?",
                          label=f"{bot.name}: Battle won in {where}?",
                          help=f"+1 BP for its first Battle won in a Turn (booklet p.5). Normal Battle Sequence "
                               f"(main rules p.26): on land {bot.name} rolls {battles.land_dice(rules, bot)} Infantry "
                               f"dice a Battle Round, all its Units count as Infantry, it never retreats; at sea "
                               f"see the Naval Battle questions. " + rule_help(rules, "land_npr"))
        if won:
            bot_power.first_battle_won(ctx, bot)
    elif outcome == "land_battle_opponent":
        ask = facts.opponent_battle(bot)
        if not opponent_at_war(state, bot) and ctx.facts.refusing:
            ctx.facts.state(ask, False, "no Opponent is at War with it")
        fought = yield YesNo(f"Did {bot.name} fight a Land Battle against an Opponent in {where}?",
                             label=f"{bot.name}: Land Battle vs an Opponent?", help=rule_help(rules, "land_npr"),
                             fact=ask)
        if fought:
            yield from battles.land_battle_opponent(state, ctx, bot, state.phase != PEACE)
    elif outcome == "land_battle_npr":
        fought = yield YesNo(f"Did {bot.name} fight a Land Battle against NPR or Rebel Units in {where}?",
                             label=f"{bot.name}: Land Battle vs NPR/Rebels?", help=rule_help(rules, "land_npr"))
        if fought:
            won = yield from battles.land_battle_npr(state, ctx, bot)
            battles.award_if_won(ctx, bot, won, state.phase != PEACE)
    elif outcome == "naval_battle":
        ask = facts.naval_battle(bot)
        if not bot.at_war and ctx.facts.refusing:
            ctx.facts.state(ask, False, "it is at Peace: no Sea Zone is Hostile to it")
        fought = yield YesNo(f"Did {bot.name} fight a Naval Battle in {where}?",
                             label=f"{bot.name}: Naval Battle?", help=rule_help(rules, "naval_opponent"), fact=ask)
        if fought:
            won = yield from battles.naval_battle(state, ctx, bot)
            battles.award_if_won(ctx, bot, won, True)
    elif outcome in ("battles", "dow_and_battles"):
        yield from what_happened(state, ctx, bot, doing, outcome == "dow_and_battles")
    elif outcome == "dow":
        yield from event_war(state, ctx, bot, where)
    elif outcome == "war":
        at_war = yield YesNo(f"Is {bot.name} at War now?", label=f"{bot.name} at War?",
                             help=rule_help(rules, "at_war"))
        if at_war != bot.at_war:
            ctx.log(f"{bot.name} is now {'at War' if at_war else 'at Peace'}")
        if not at_war:
            bot.facts.pop(REAL_WAR, None)
            bot.enemies, bot.foes_unknown = [], False
        bot.at_war = at_war
        bot.new_war = False
        facts.wars_known(state, ctx, bot)
    elif outcome == "idea":
        key = yield Choice(
            f"Which type of Idea did {bot.name} Research?",
            [Option("1", "Administrative"), Option("2", "Diplomatic"), Option("3", "Military"),
             Option("0", "none")],
            label=f"{bot.name}: Idea researched", help=rule_help(rules, "ideas"),
        )
        if key != "0":
            kind = IDEA_TYPES[int(key) - 1]
            old = bot.ideas.get(kind, 0)
            bot.ideas[kind] = min(3, old + 1)
            ctx.log(f"{bot.name} Researches an {IDEA_NAMES[kind]} Idea: {old} → {bot.ideas[kind]} on its Mat")
    elif outcome == "focus":
        yield from place_focus(state, ctx, bot, doing)
    elif outcome == "event_taken":
        bot.event_taken = True
    elif outcome in ("target_military", "target_diplomatic"):
        kind = "military" if outcome == "target_military" else "diplomatic"
        said = yield from roll_target(state, ctx, bot, kind)
        yield Instruction(said, label=f"{bot.name}: {kind.capitalize()} Targeting Chart",
                          help=rule_help(rules, "targeting") + " " + rule_help(rules, f"invalid_{kind[:3]}"))
    elif outcome == "opponent":
        yield from select_opponent(state, ctx, bot)
    elif outcome == "other_bots_bp":
        others = [b for b in state.bots if b is not bot]
        if not others:
            return
        help_text = ("The NAVAL chart says which other Bots collect passive Trade Income and how much "
                     "(booklet p.4, p.12).")
        keys = yield MultiChoice(f"Which other Bots collect passive trade from {bot.name}'s {where}? Keys, or Enter "
                                 f"for none.", [Option(str(i + 1), b.name) for i, b in enumerate(others)],
                                 label=f"Passive trade from {where}", help=help_text)
        for k in keys:
            other = others[int(k) - 1]
            n = yield Number(f"BP {other.name} collects from {bot.name}'s {where}?", 0, 10,
                             label=f"{other.name}: BP from {where}", default=2, help=help_text)
            bot_power.gain(ctx, other, n, f"passive trade, {bot.name}'s {where}")


IDEA_NAMES = {"Adm": "Administrative", "Dip": "Diplomatic", "Mil": "Military"}


def gain_help(rules: EuPricePowerRules, state: TableState) -> str:
    """The help for BP a chart gave: the chart's own rules (NAVAL: its trade), or the General
    Event Rules for the EVENT chart."""
    chart = rules.chart(state.stack[-1].chart) if state.stack else None
    if chart is None or chart.id == "event":
        return "General Event Rules: " + " ".join(rules.general_event_rules[1:5])
    return " ".join(with_pages(r.text, r.source) for r in chart.rules)


def what_happened(state: TableState, ctx: Context, bot: Bot, doing: Doing, with_dow: bool):
    """The War and Battles of an Action in one question, then the details of each (seed p.4-5)."""
    rules: EuPricePowerRules = ctx.rules
    where = doing.chart_name
    options = [Option("w", "declared War")] if with_dow else []
    options.append(Option("l", "Land Battle vs NPR or Rebel Units"))
    if with_dow or opponent_at_war(state, bot) or not ctx.facts.refusing:  # p.5 needs a War with it (p.3-4)
        options.append(Option("o", "Land Battle vs an Opponent"))
    if with_dow or bot.at_war or not ctx.facts.refusing:  # a Hostile Sea Zone holds an Enemy's Ships (p.5)
        options.append(Option("n", "Naval Battle"))
    keys = yield MultiChoice(
        f"What happened in {bot.name}'s {where}? Keys, or Enter for none of these.", options,
        label=f"{bot.name}: War and Battles in {where}",
        help=rule_help(rules, "land_npr") + " " + rule_help(rules, "naval_opponent"),
    )
    if "w" in keys:
        yield from wars.declare_war(state, ctx, bot, bot.name)
    if "l" in keys:
        won = yield from battles.land_battle_npr(state, ctx, bot)
        battles.award_if_won(ctx, bot, won, state.phase != PEACE)
    if "o" in keys:
        yield from battles.land_battle_opponent(state, ctx, bot, state.phase != PEACE)
    if "n" in keys:
        won = yield from battles.naval_battle(state, ctx, bot)
        battles.award_if_won(ctx, bot, won, True)


def opponent_at_war(state: TableState, bot: Bot) -> bool:
    """Whether the record leaves an Opponent, human or Bot, at War with ``bot``."""
    human, bots = facts.opponents_possible(state, bot)
    return human or bool(bots)


def event_war(state: TableState, ctx: Context, bot: Bot, where: str):
    """A War the Event started: the Bot declared one, or one was declared on a Bot (seed p.4, p.9)."""
    rules: EuPricePowerRules = ctx.rules
    key = yield Choice(
        f"Did {bot.name}'s {where} start a War?",
        [Option("n", "no"), Option("d", f"{bot.name} declared War"), Option("b", "War declared on a Bot")],
        label=f"{bot.name}: a War from {where}?", default="n", help=rule_help(rules, "dow_on_bot"),
    )
    if key == "d":
        yield from wars.declare_war(state, ctx, bot, bot.name)
    elif key == "b":
        # the Event's Aggressor is not named: it may be an NPR or an Opponent
        target = yield from wars.pick_bot(state, "On which Bot was War declared?", "Bot at War")
        yield from wars.declared_on(state, ctx, target, "the Aggressor")


def place_focus(state: TableState, ctx: Context, bot: Bot, doing: Doing):
    """FOCUS (seed p.14, p.2; readings: focus_milestone)."""
    rules: EuPricePowerRules = ctx.rules
    area = doing.focus_area
    if not area:
        key = yield Choice(f"Which Focus area does {bot.name} use?",
                           [Option(str(i + 1), a) for i, a in enumerate(FOCUS_AREAS)],
                           label=f"{bot.name}: Focus area")
        area = FOCUS_AREAS[int(key) - 1]
    doing.used_focus = True
    threshold = bot_power.focus_threshold(rules, bot)
    # The BP spent on the FOCUS Action go to the Focus area, not to Spent (seed p.1 Bot Mat).
    moved = min(doing.paid, bot.spent)
    if moved:
        bot.spent -= moved
        bot.focus[area] = bot.focus.get(area, 0) + moved
        ctx.log(f"{bot.name} places the {moved} BP spent on FOCUS in its {area} Focus area: "
                f"{bot.focus[area]} of {threshold}")
    if bot.available and bot.focus.get(area, 0) < threshold:
        n = yield Number(
            f"More BP the FOCUS chart has {bot.name} place in its {area} Focus area "
            f"({bot.focus.get(area, 0)} there, Milestone at {threshold})?",
            0, bot.available, label=f"{bot.name}: more BP to {area} Focus", default=0,
            help=rule_help(rules, "focus") + " " + reading_help(rules, "focus_milestone"),
        )
        if n:
            bot.available -= n
            bot.focus[area] = bot.focus.get(area, 0) + n
            ctx.log(f"{bot.name} places {n} more BP in its {area} Focus area: {bot.focus[area]} of {threshold}")
    if bot.focus.get(area, 0) >= threshold:
        ctx.log(f"{bot.name} scores the {area} Milestone; its {area} Focus area is emptied")
        bot.focus[area] = 0
        bot.milestones.append(area)
        yield Instruction(
            f"{bot.name}'s {area} Focus area reached {threshold} BP: it scores the {area} Milestone "
            f"(FOCUS chart, p.14); return those BP to the Supply.",
            label=f"{bot.name} scores the {area} Milestone",
            help=reading_help(rules, "focus_milestone"),
        )


def roll_target(state: TableState, ctx: Context, bot: Bot, kind: str):
    """Roll on the realm's targeting chart: walk the tree when the ruleset holds it, else roll
    and name the booklet chart (seed p.6). Returns what the table is to do, in a sentence."""
    rules: EuPricePowerRules = ctx.rules
    realm = rules.realm(bot.realm)
    tree = (realm.military if kind == "military" else realm.diplomatic) if realm else []
    invalid = rule_help(rules, "invalid_mil" if kind == "military" else "invalid_dip")
    title = f"{bot.name}'s {kind.capitalize()} Targeting Chart"
    if not tree:
        value = yield from roll_d6(state, ctx, title)
        return (f"On its {kind.capitalize()} Targeting Chart follow the d6 = {value} branch; a target that is "
                f"invalid for the Bot is replaced as booklet p.6 says (F6 lists the invalid targets).")
    kinds = target_kinds(tree)
    walk = find_target(tree)
    request = next(walk)
    target = ""
    try:
        while True:
            if request[0] == "roll":
                value = yield from roll_d6(state, ctx, f"{title}, {request[1]}")
                request = walk.send(value)
            else:
                ok = yield from ask_valid(bot, describe_target(request[1], kinds), request[1], kind, invalid)
                request = walk.send(ok)
    except StopIteration as stop:
        target = stop.value or ""
    if not target:
        ctx.log(f"{title}: no valid target")
        return f"No valid target on {title}: {bot.name} skips the targeted step."
    ctx.log(f"{title}: target {target}")
    claim = ""
    if kinds.get(target) == "territory":
        claim = " It places a Claim there and its Turn ends (it has 'QftNW')."
    elif kind == "military":
        claim = " If it is an NPR, place a Claim now (its Capital Area, or the named Area/Province)."
    return f"{bot.name} targets {describe_target(target, kinds)}.{claim}"


def ask_valid(bot: Bot, described: str, target: str, kind: str, invalid: str):
    """Generator: True, False, or the realm that substitutes for an invalid Military target (a
    Vassal's Overlord, the Owner of its Capital; seed p.6 Invalid Military Targets)."""
    if kind != "military":
        return (yield YesNo(f"Is {described} a valid {kind} target for {bot.name}?",
                            label=f"{target} valid target?", help=invalid))
    key = yield Choice(
        f"Is {described} a valid military target for {bot.name}?",
        [Option("y", "valid"), Option("n", "invalid"),
         Option("s", "invalid, but its substitute is valid (a Vassal's Overlord, or the Owner of its Capital)")],
        label=f"{target} valid target?", help=invalid,
    )
    if key != "s":
        return key == "y"
    name = yield TextEntry(f"Which realm substitutes for {target}?", label=f"Substitute for {target}",
                           max_len=30, examples=["Overlord"], help=invalid)
    return " ".join(name.split()) or False


def target_kinds(tree) -> dict[str, str]:
    """Each target and substitute of a tree with its kind (substitutes name Realms)."""
    kinds: dict[str, str] = {}
    for node in tree:
        kinds.setdefault(node.target, node.kind)
        if node.substitute:
            kinds.setdefault(node.substitute, "realm")
        kinds.update({k: v for k, v in target_kinds(node.children).items() if k not in kinds})
    return kinds


def describe_target(target: str, kinds: dict[str, str]) -> str:
    """How a target reads by its type (seed p.6 Target types, Vacant Territories)."""
    kind = kinds.get(target, "realm")
    if kind == "owner":
        return f"the Owner of {target} (Lawful Owner if Occupied)"
    if kind == "area":
        return f"a Realm in {target} (Capital there, then most Tax Value there, then A-Z)"
    if kind == "territory":
        return f"the vacant Territory {target} (valid only with 'QftNW')"
    return target


def select_opponent(state: TableState, ctx: Context, bot: Bot, ask_first: bool = True):
    """Opponent Selection (seed p.3): at War first; else d6 1-3 highest Prestige, 4-6 highest Tax Income."""
    rules: EuPricePowerRules = ctx.rules
    if ask_first:
        needed = yield YesNo(f"Does the chart have {bot.name} select an Opponent?",
                             label=f"{bot.name}: Opponent selection?", help=rule_help(rules, "opponent"))
        if not needed:
            return
    one = yield YesNo(f"Is exactly one valid Opponent at War with {bot.name}?",
                      label=f"{bot.name}: one Opponent at War?", help=rule_help(rules, "opponent"),
                      fact=facts.one_opponent(bot))
    if one:
        yield Instruction(f"{bot.name} selects the Opponent it is at War with.",
                          label=f"{bot.name}: Opponent at War")
        return
    value = yield from roll_d6(state, ctx, f"{bot.name}'s Opponent selection")
    rule = "highest Prestige" if value <= 3 else "highest Tax Income"
    yield Instruction(f"d6 {value}: {bot.name} selects the valid Opponent with the {rule}, among those at "
                      f"War with it if several are (ties: humans first, then random).",
                      label=f"{bot.name}: Opponent by {rule}", help=rule_help(rules, "opponent"))
