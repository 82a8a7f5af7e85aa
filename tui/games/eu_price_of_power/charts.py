"""Walking a Bot's flowcharts (seed: Bot Actions p.7-16). A chart transcribed into the ruleset is
walked node by node; a chart without nodes is followed by hand at the table: Clockwork names it
and its page, shows every rule it knows for it, and asks for the outcomes it tracks."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Option, YesNo
from .rules import Chart, EuPricePowerRules
from . import bot_deck, bot_power, facts
from .dice import roll_d6
from .outcomes import Doing, ask_outcome, roll_target
from .state import DRAW, REAL_WAR, Bot, ChartPos, DrawnCard, TableState
from .texts import reading_help, rule_help, with_pages

PASS, END = "pass", "end"
MAX_DEPTH = 6  # charts calling charts (PAPAL → MILITARY → SIEGE …)
MAX_NODES = 200  # a transcribed chart that loops without a question stops here
ARMY_CHARTS = ("military", "defend")  # the Actions that may place the Bot's Army on the map (p.4)


def chart_help(rules: EuPricePowerRules, chart: Chart) -> str:
    lines = [with_pages(r.text, r.source) for r in chart.rules]
    if chart.id == "event":
        lines += [f"General Event Rules: {line}" for line in rules.general_event_rules]
    if chart.entered_from:
        lines.insert(0, f"Entered from: {chart.entered_from}.")
    for ask, invalid in (("target_military", "invalid_mil"), ("target_diplomatic", "invalid_dip")):
        if ask in chart.asks:  # the roll's sentence sends the table here for its invalid targets
            lines += [rule_help(rules, "targeting"), rule_help(rules, invalid)]
    return " ".join(lines)


def check(state: TableState, bot: Bot, name: str) -> bool:
    """The questions the app answers from the Bot's own state."""
    if name == "no_bp":
        return bot.available == 0
    if name == "at_war":
        return bot.at_war
    if name == "deck_empty":
        return bot.deck.count(DRAW) == 0
    if name == "event_taken":
        return bot.event_taken
    if name == "battle_won":
        return bot.battle_won
    raise KeyError(name)


def walk_chart(state: TableState, ctx: Context, bot: Bot, chart_id: str, doing: Doing | None = None, depth: int = 0):
    """Generator returning PASS when the chart made the Bot pass, else END."""
    rules: EuPricePowerRules = ctx.rules
    chart = rules.chart(chart_id)
    doing = doing or Doing(chart.name)
    state.stack.append(ChartPos(chart_id, bot=bot.key))
    if chart_id in ARMY_CHARTS:
        bot.army_off = False
    if not chart.nodes:
        yield from follow_by_hand(state, ctx, bot, chart, doing, depth)
        result = END
    else:
        result = yield from walk_nodes(state, ctx, bot, chart, doing, depth)
    if len(state.stack) > 1:
        state.stack.pop()
    return result


def follow_by_hand(state: TableState, ctx: Context, bot: Bot, chart: Chart, doing: Doing, depth: int = 0):
    """Name the chart and its page. The d6 its targeting needs is rolled first, so the table has it
    while following the chart; what the table then reports opens with that instruction, so the
    step and its first question take one answer. Last, whether it led on to a chart it can lead to
    (PAPAL CURIA and SPY → MILITARY, p.10): that chart is then walked, its target, recruits, War
    and Battles with it."""
    rules: EuPricePowerRules = ctx.rules
    pos = state.stack[-1]
    pos.node = "hand"
    notes = idea_notes(bot, chart.id)
    asks = list(chart.asks)
    lead = (f"{bot.name}: follow the {chart.name} chart (booklet p.{chart.page}) at the table; F6: its rules."
            + (f" Ideas: {notes}." if notes else ""))
    if asks and asks[0] in ("target_military", "target_diplomatic"):
        pos.node = asks[0]
        kind = "military" if asks[0] == "target_military" else "diplomatic"
        lead += " " + (yield from roll_target(state, ctx, bot, kind))
        pos.trail.append(asks.pop(0))
    for outcome in asks:
        pos.node = outcome
        asking = ask_outcome(state, ctx, bot, outcome, doing)
        if lead:
            asking = opened_with(asking, lead, chart_help(rules, chart))
        lead = (yield from asking) or ""
        if not lead and "hand" not in pos.trail:
            pos.trail.append("hand")
        pos.trail.append(outcome)
    for lead_to in chart.leads_to:
        pos.node = f"to:{lead_to}"
        onward = rules.chart(lead_to)
        text = f"Did the {chart.name} chart lead {bot.name} on to the {onward.name}?"
        went = yield YesNo(f"{lead} Then: {text}" if lead else text, label=f"{bot.name}: on to {onward.name}?",
                           help=" ".join(t for t in (chart_help(rules, chart) if lead else "",
                                                     chart_help(rules, onward)) if t))
        if lead and "hand" not in pos.trail:
            pos.trail.append("hand")
        lead = ""
        pos.trail.append(pos.node)
        if went:
            ctx.log(f"{bot.name}: {chart.name} leads on to the {onward.name}")
            if depth >= MAX_DEPTH:
                ctx.log(f"{chart.name}: charts nested too deep, {onward.name} skipped")
            else:
                yield from walk_chart(state, ctx, bot, lead_to, Doing(onward.name, card=doing.card), depth + 1)
    if lead:
        pos.node = "hand"
        yield Instruction(lead, label=f"{bot.name}: {chart.name} (p.{chart.page}) by hand",
                          help=chart_help(rules, chart))
        pos.trail.append("hand")
    pos.node = "done"


def opened_with(asking, lead: str, help_text: str):
    """Forward the prompts of ``asking``, the first one opening with ``lead``. Returns the lead
    when ``asking`` asked nothing (it is still owed), else ""."""
    try:
        prompt = asking.send(None)
    except StopIteration:
        return lead
    prompt.text = f"{lead} Then: {prompt.text}"
    prompt.help = " ".join(t for t in (help_text, prompt.help) if t)
    answer = yield prompt
    try:
        while True:
            prompt = asking.send(answer)
            answer = yield prompt
    except StopIteration:
        return ""


def idea_notes(bot: Bot, chart_id: str) -> str:
    """The Bot Mat's Idea bonuses that apply on this chart (seed: Bots & Ideas, p.3)."""
    adm, dip, mil = (bot.ideas.get(t, 0) for t in ("Adm", "Dip", "Mil"))
    notes = []
    if chart_id == "diplomacy" and dip:
        notes.append(f"+{2 if dip >= 3 else 1} influence")
    if chart_id in ("naval", "naval_battle", "explore", "defend", "military") and dip:
        notes.append("+1 Artillery die in Naval Battles")
    if chart_id in ("military", "defend", "land_battle") and mil:
        notes.append("+1 Infantry die in Land Battles")
    if chart_id == "siege" and mil >= 3:
        notes.append("2 Tax Value per BP (max 6)")
    if chart_id == "peace" and adm:
        notes.append(f"remove {2 if adm >= 3 else 1} Unrest in 3H")
    return ", ".join(notes)


def walk_nodes(state: TableState, ctx: Context, bot: Bot, chart: Chart, doing: Doing, depth: int):
    pos = state.stack[-1]
    node_id = chart.start
    for _ in range(MAX_NODES):
        node = chart.node(node_id)
        assert node is not None  # validate() checks every arrow
        pos.node = node.id
        text = node.text.replace("{bot}", bot.name)
        short = f"{bot.name}: {(node.label or text[:50]).replace('{bot}', bot.name)}"
        nxt = node.next
        if node.kind == "question":
            key = f"{chart.id}.{node.id}"
            ask = facts.board(bot, key, node.fact) if node.fact else None
            if ask is not None:
                yield from facts.recap(state, ctx, bot)
            answer = yield YesNo(text, label=short, help=node.help, fact=ask)
            if ask is not None:
                facts.keep(ctx, bot, ask, key, answer)
            nxt = node.yes if answer else node.no
        elif node.kind == "check":
            answer = check(state, bot, node.check)
            ctx.log(f"{bot.name}: {text or node.check} → {'yes' if answer else 'no'}")
            nxt = node.yes if answer else node.no
        elif node.kind == "action":
            if text:
                yield Instruction(f"{bot.name}: {text}", label=short, help=node.help)
            if node.do:
                yield from ask_outcome(state, ctx, bot, node.do, doing)
        elif node.kind == "roll":
            value = yield from roll_d6(state, ctx, f"{chart.name}: {text or node.id}")
            nxt = next(b.next for b in node.branches if b.lo <= value <= b.hi)
        elif node.kind == "chart":
            if depth >= MAX_DEPTH:
                ctx.log(f"{chart.name}: charts nested too deep, {node.chart} skipped")
            else:
                result = yield from walk_chart(state, ctx, bot, node.chart, None, depth + 1)
                if result == PASS:
                    return PASS
        elif node.kind == "card":
            result = yield from play_card(state, ctx, bot, depth)
            if result == PASS:
                pos.trail.append(node.id)
                return PASS
        elif node.kind == "pass":
            pos.trail.append(node.id)
            return PASS
        elif node.kind == "end":
            pos.trail.append(node.id)
            return END
        pos.trail.append(node.id)
        node_id = nxt
    ctx.log(f"{chart.name}: stopped after {MAX_NODES} steps (does the transcribed chart loop?)")
    return END


def choose_action(state: TableState, ctx: Context, bot: Bot, card_id: int):
    """The War Action replaces the top Actions at War (seed p.1); with two Actions the table says
    which one the charts lead to (readings: second_action)."""
    rules: EuPricePowerRules = ctx.rules
    card = rules.card(card_id)
    if bot.at_war and card.war:
        yield from facts.recap(state, ctx, bot)
        ask = facts.real_war(bot)
        real = yield YesNo(
            f"{bot.name} is at War: does any of its Enemies still have Provinces (not all Occupied)?",
            label=f"{bot.name}: a real War?", help=rule_help(rules, "at_war"), fact=ask,
        )
        facts.keep(ctx, bot, ask, REAL_WAR, real, keep_yes=True)
        if real:
            ctx.log(f"{bot.name} is at War: card {card_id}'s War Action {card.war} replaces {card.first}")
            return card.war
        ctx.log(f"{bot.name}'s Enemies have no Provinces left: it counts as at Peace for this card")
    if card.second:
        second = f"Focus ({card.focus})" if card.focus else card.second
        key = yield Choice(
            f"Card {card_id}: which Action do the charts lead {bot.name} to?",
            [Option("1", f"{card.first} (1st, most often)"), Option("2", second)],
            label=f"Card {card_id}: Action", default="1", help=reading_help(rules, "second_action"),
        )
        return card.first if key == "1" else card.second
    return card.first


def play_card(state: TableState, ctx: Context, bot: Bot, depth: int = 0):
    """Draw a Bot card, pay its cost (what is left if less), carry out its Action (seed p.1, p.7)."""
    rules: EuPricePowerRules = ctx.rules
    card_id = bot_deck.draw_card(bot)
    if card_id is None:
        ctx.log(f"{bot.name}'s Bot deck is empty: it passes")
        return PASS
    card = rules.card(card_id)
    drawn = DrawnCard(card_id, turn=state.turns)
    bot.drawn.append(drawn)
    ctx.log(f"{bot.name} draws Bot card {card_id}: {describe_card(rules, card_id)} "
            f"({bot.deck.count(DRAW)} left)")
    pay = bot_power.card_payment(card.cost, bot.available)
    if pay < card.cost:
        ctx.log(f"{bot.name} has only {bot.available} BP for a cost of {card.cost}: spends what is left")
    bot_power.spend(ctx, bot, pay, f"card {card_id}")
    drawn.paid = pay
    if card.discards:
        yield Instruction(f"Card {card_id} shows the discard icon: discard the top card of the "
                          f"{card.discards} Action deck.", label=f"Discard the top {card.discards} card")
    action = yield from choose_action(state, ctx, bot, card_id)
    drawn.action = action
    doing = Doing(f"{action.upper()} Action", card.focus if action == "Focus" else "", paid=pay, card=True)
    result = yield from walk_chart(state, ctx, bot, rules.action_charts[action], doing, depth + 1)
    bot_deck.finish_card(bot, card_id, doing.used_focus)
    drawn.outcome = "set aside (FOCUS)" if doing.used_focus else "used"
    return result


def describe_card(rules: EuPricePowerRules, card_id: int) -> str:
    card = rules.card(card_id)
    parts = [card.first]
    if card.second:
        parts.append(f"Focus ({card.focus})" if card.focus else card.second)
    text = " / ".join(parts)
    if card.war:
        text += f", War: {card.war}"
    return f"{text}, cost {card.cost}"
