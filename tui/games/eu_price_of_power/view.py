"""What the screen shows: the drawn Bot cards, the chart being walked (or the table's phase),
one track group per Bot, and the table-wide strip (Age, Round, Phase, who passed)."""

from __future__ import annotations

from ...engine.game import Status, joined
from ...engine.view import CardView, FlowStep, GameView, StepState, TrackGroup, TrackRow
from .rules import Chart, ChartNode, EuPricePowerRules
from . import bot_power
from .texts import booklet_pages
from .state import (
    ACTION, CLEANUP, DRAW, DRAW_CARDS, FOCUS_ASIDE, INCOME, OUT_FOR_AGE, OVER, PEACE, REMOVED, ROMAN,
    SETUP, USED, Bot, TableState,
)

PHASE_STEPS = {
    DRAW_CARDS: [("events", "Events on display (Bots draw nothing)"), ("order", "Turn order")],
    PEACE: [("A-C", "A-C Truces, NPR Invasion (max 1), Rebels"), ("D", "D Peace: Bot Peace Resolution p.15"),
            ("E-H", "E-H Prestige, Dissent (max 1), Unrest"), ("I", "I Rebel dice (max 5, max -1 BP)")],
    INCOME: [("towns", "Town bonuses (+1 / +1)"), ("emperor", "Bot Emperor: IA roll and bonus"),
             ("papal", "Papal Controller +1"), ("refresh", "Discard Spent, gain BP by difficulty")],
    CLEANUP: [("manpower", "Update Manpower (min 3)"), ("cleanup", "Colonists, Alliances end, Imperial influence"),
              ("towns", "A Bot still out of Towns: Final Scoring"), ("next", "Reshuffle Bot decks / End of Age")],
}
HUMAN_STEPS = [
    "e  an Action that does not touch the Bots",
    "t  Trade: eligible Bots collect passive trade (p.4)",
    "w  War declared on a Bot (by a player or an Event):",
    "   CtAs, +1 BP, top-up, recruit (p.4);",
    "   a Bot joins by an NPR's CtA: the same gains (p.4);",
    "   Defending the HRE: Bot Emperor +IA BP and the War",
    "   gains, members -1 (p.6)",
    "x  an Event hits a Bot: BP by the General Event Rules (p.9)",
    "p  passed (the Bots' pass bonus counts it)",
]


def node_label(chart: Chart, node: ChartNode, rules: EuPricePowerRules, bot: str) -> str:
    text = (node.label or node.text).replace("{bot}", bot)
    if node.kind == "question":
        return f"? {text}"
    if node.kind == "check":
        return f"◇ {text or node.check}"
    if node.kind == "chart":
        return f"→ {rules.chart(node.chart).name} (p.{rules.chart(node.chart).page})"
    if node.kind == "card":
        return "Draw a Bot card, pay, do its Action"
    if node.kind == "roll":
        return f"d6 {text}"
    if node.kind == "pass":
        return "Pass (+2 / +1 BP)"
    if node.kind == "end":
        return "End of Turn"
    return text or (node.do or node.id)


def chart_flow(state: TableState, rules: EuPricePowerRules) -> tuple[str, list[FlowStep]]:
    pos = state.stack[-1]
    chart = rules.chart(pos.chart)
    name = state.bot(pos.bot).name if pos.bot else "the Bot"
    title = f"{name}: {chart.name} · p.{chart.page}"
    mark: StepState
    if chart.nodes:
        steps = []
        for node in chart.nodes:
            if node.id == pos.node and node.id not in pos.trail:
                mark = "current"
            elif node.id in pos.trail:
                mark = "done"
            else:
                mark = "todo"
            steps.append(FlowStep(node_label(chart, node, rules, name), mark))
        return title, steps
    # The instruction to follow the chart opens its first question (one prompt, charts.py
    # follow_by_hand): until that is answered, following it is the one current step.
    followed = "hand" in pos.trail or pos.node == "done"
    steps = [FlowStep(f"Follow p.{chart.page} by hand", "done" if followed else "current")]
    for ask in chart.asks:
        mark = "current" if followed and pos.node == ask else ("done" if ask in pos.trail else "todo")
        steps.append(FlowStep(f"Ask: {ASK_LABELS.get(ask, ask)}", mark))
    for lead in chart.leads_to:
        step = f"to:{lead}"
        mark = "current" if followed and pos.node == step else ("done" if step in pos.trail else "todo")
        steps.append(FlowStep(f"Ask: on to {rules.chart(lead).name}?", mark))
    steps += [FlowStep(r.text, "todo", note=booklet_pages(r.source)) for r in chart.rules]
    if chart.id == "event":
        steps += [FlowStep(line, "todo") for line in rules.general_event_rules]
    return title, steps


ASK_LABELS = {
    "extra_bp": "BP spent", "bp_gained": "BP gained", "bp_lost": "BP lost", "recruit": "recruits",
    "units_lost": "Units lost", "battle_won": "Battle won (+1 BP)", "land_battle_npr": "Land Battle vs NPR",
    "land_battle_opponent": "Land Battle vs an Opponent",
    "naval_battle": "Naval Battle", "war": "at War?", "idea": "Idea type", "focus": "Focus BP",
    "event_taken": "Event taken", "target_military": "Military target", "target_diplomatic": "Diplomatic target",
    "opponent": "Opponent", "other_bots_bp": "other Bots' passive trade", "battles": "Battles",
    "dow_and_battles": "War and Battles", "dow": "a War?", "bp_changed": "BP gained or lost",
}


def status(state: TableState) -> Status:
    bots = ", ".join(f"{b.name} {b.available} BP" for b in state.bots if b.realm) or f"{len(state.bots)} Bots"
    if state.phase == SETUP:
        return Status("Setup", save=f"Setup · {len(state.bots)} Bots")
    where, brief = f"Age {ROMAN[state.age]} · Round {state.round}", f"Age {ROMAN[state.age]} R{state.round}"
    if state.phase == OVER:
        return Status(joined(where, "game over"), joined(brief, "over"), joined(where, "game over", bots))
    phase = f"Phase {state.phase.split()[0]}"
    save = joined(where, phase, bots)
    if state.phase == ACTION and state.order:
        seat = state.seat_name(state.current_seat())
        return Status(joined(where, f"{seat}'s Turn"), joined(brief, seat), save)
    return Status(joined(where, f"Phase {state.phase}"), joined(brief, phase), save)


def bot_group(state: TableState, bot: Bot, rules: EuPricePowerRules) -> TrackGroup:
    level = rules.difficulty(bot.difficulty)
    focus = "/".join(str(bot.focus.get(a, 0)) for a in ("Eco", "Exp", "Pol", "War"))
    ideas = "/".join(str(bot.ideas.get(t, 0)) for t in ("Adm", "Dip", "Mil"))
    deck = bot.deck
    war = "at War" if bot.at_war else "at Peace"
    passed = ", passed" if bot.key in state.passed else ""
    bonuses = bot_power.idea_bonuses(bot)
    rows = [
        # BP are cubes in the Mat's Available area, with no printed track or maximum (seed p.1 Bot
        # Power): the number alone, no bar pretending a scale.
        TrackRow("BP", f"{bot.available} (spent {bot.spent})", note=war + passed),
        TrackRow("Focus", focus, note=f"Eco/Exp/Pol/War, Milestone at {level.focus_threshold}"
                 + (f"; scored {', '.join(bot.milestones)}" if bot.milestones else "")),
        TrackRow("Ideas", ideas, note="Adm/Dip/Mil" + (": " + "; ".join(bonuses) if bonuses else "")),
    ]
    if deck.piles:
        rows.append(TrackRow("Deck", f"{deck.count(DRAW)} to draw",
                             note=f"used {deck.count(USED)}, FOCUS aside {deck.count(FOCUS_ASIDE)}, "
                                  f"out {deck.count(OUT_FOR_AGE)}, removed {deck.count(REMOVED)}"))
    rows.append(TrackRow("Army", f"{bot.army} Units", note=f"Manpower {bot.manpower}"))
    return TrackGroup(f"{bot.name} · {bot.colour or '?'} · {level.label}", rows)


def table_group(state: TableState) -> TrackGroup:
    passed = ", ".join(state.seat_name(s) for s in state.passed) or "nobody"
    rows = [
        TrackRow("Age · Round", f"{ROMAN[state.age]} · {state.round}"),
        TrackRow("Phase", state.phase if state.phase != SETUP else "setup"),
        TrackRow("Passed", passed, note="final Turns" if state.ending and state.phase == ACTION else ""),
    ]
    if state.order and state.phase != SETUP:
        rows.append(TrackRow("Order", ", ".join(state.seat_name(s) for s in state.order)))
    if state.emperor:
        rows.append(TrackRow("Emperor", f"{state.bot(state.emperor).name} · IA {state.ia}"))
    if state.papal:
        rows.append(TrackRow("Papal", state.bot(state.papal).name))
    return TrackGroup("Table", rows)


def cards_row(state: TableState, rules: EuPricePowerRules) -> list[CardView]:
    """Each Bot's cards drawn this Round, newest first; a Bot that drew none shows its face-down deck."""
    cards = []
    for bot in state.bots:
        if not bot.drawn:
            if bot.deck.piles:
                cards.append(CardView(f"{bot.name} deck", kind="face down",
                                      detail=f"{bot.deck.count(DRAW)} to draw"))
            continue
        for d in reversed(bot.drawn):
            card = rules.card(d.card)
            if d.action:
                action = f"Focus {card.focus}" if d.action == "Focus" else d.action
            else:
                action = "/".join(a for a in (card.first, card.second) if a)
            cards.append(CardView(f"{d.card} {action}", kind=bot.name,
                                  detail=f"cost {card.cost}, paid {d.paid} · {d.outcome or 'in play'}",
                                  marked=not d.outcome))
    return cards


def view(state: TableState, rules: EuPricePowerRules) -> GameView:
    flow_title, flow = "Steps", []
    notices: list[str] = []
    if state.phase == SETUP:
        flow_title = "Setup"
        for i, bot in enumerate(state.bots, start=1):
            key = state.step.split(":")[0] if state.step else "b1"  # "b2:colour" → "b2"
            here = key == bot.key
            done = bool(bot.deck.piles)
            flow.append(FlowStep(f"Bot {i}: realm, colour, difficulty, BP, removals",
                                 "done" if done else ("current" if here else "todo"), note=bot.realm))
        dice: StepState = "current" if state.step.startswith("dice") else ("done" if state.step == "table" else "todo")
        flow.append(FlowStep("Battle dice faces (when Clockwork rolls)", dice))
        flow.append(FlowStep("Set up the Bot Mats", "current" if state.step == "table" else "todo"))
        notices.append("Realm removals per Age come from your scenario booklet; Clockwork remembers them.")
    elif state.stack and state.phase in (ACTION, PEACE):
        flow_title, flow = chart_flow(state, rules)
    elif state.phase == ACTION:
        seat = state.current_seat()
        flow_title = f"{state.seat_name(seat)}'s Turn"
        flow = [FlowStep(line, "todo") for line in HUMAN_STEPS]
    elif state.phase in PHASE_STEPS:
        flow_title = f"Phase {state.phase}"
        keys = [k for k, _ in PHASE_STEPS[state.phase]]
        at = keys.index(state.step) if state.step in keys else -1
        flow = [FlowStep(label, "done" if i < at else ("current" if i == at else "todo"))
                for i, (_, label) in enumerate(PHASE_STEPS[state.phase])]
    cards = cards_row(state, rules)
    tracks = [table_group(state)] + [bot_group(state, b, rules) for b in state.bots]
    return GameView(
        title="EU: The Price of Power · Bots",
        cards_title="Bot cards this Round",
        cards=cards,
        flow_title=flow_title,
        flow=flow,
        tracks=tracks,
        notices=notices,
        finished=state.finished if state.phase == OVER else "",
    )
