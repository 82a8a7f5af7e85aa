"""Schema and cross-reference checks for rulesets/eu-price-of-power.toml (the Bots of
Europa Universalis: The Price of Power, Solo and Bot Rules v1.2).

The flowcharts are images our sources lack, so a chart is data a group can transcribe from its own
booklet (see CHART SCHEMA in the ruleset): nodes joined by yes/no/next arrows, d6 roll nodes, calls
to other charts. A chart with no nodes is walked by hand: the app names it and asks for the outcomes
it tracks (``asks``).
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

import msgspec

from ...rules.common import RuleText, Ruleset, Sourced, keyed_problems, text_and_reading_problems

ACTIONS = (
    "Event", "Military", "Diplomacy", "Naval", "Explore", "Colonize", "Unrest", "Spy",
    "Papal Curia", "Convert", "Focus", "Idea",
)
FOCUS_AREAS = ("Eco", "Exp", "Pol", "War")
IDEA_TYPES = ("Adm", "Dip", "Mil")
NODE_KINDS = ("question", "check", "action", "roll", "chart", "card", "pass", "end")
# What a check node may test; the app answers these from the Bot's state.
CHECKS = ("no_bp", "at_war", "deck_empty", "event_taken", "battle_won")
# Outcomes the app tracks; an action node may carry one (``do``) and a chart without nodes asks
# for each of its ``asks`` in turn.
OUTCOMES = (
    "extra_bp", "bp_gained", "bp_lost", "recruit", "units_lost", "battle_won", "land_battle_npr",
    "land_battle_opponent", "naval_battle", "war", "idea", "focus", "event_taken", "target_military", "target_diplomatic",
    "opponent", "other_bots_bp", "battles", "dow_and_battles", "dow", "bp_changed",
)
CHART_IDS = (
    "main", "defend", "siege", "colonize", "event", "military", "diplomacy", "naval", "papal",
    "explore", "spy", "unrest", "convert", "focus", "idea", "peace", "land_battle", "naval_battle",
)
TARGET_KINDS = ("realm", "owner", "area", "territory")
# Rule texts the app shows as help; each must exist in [rules.*].
REQUIRED_RULES = (
    "setup", "bot_power", "bot_cards", "card_cost", "war_action", "pass", "phase1", "phase3",
    "phase4", "phase5", "reshuffle", "end_of_age", "at_war", "opponent", "targeting", "invalid_mil",
    "invalid_dip", "dow_on_bot", "recruiting", "trade_passive", "rebel_dice", "ideas", "land_npr",
    "naval_opponent", "naval_npr", "emperor", "papal", "replace_human", "replace_bot", "removals",
    "focus", "choice_area", "battle_dice", "token_limits", "imperial_influence",
)


class BotCard(msgspec.Struct, forbid_unknown_fields=True):
    """One of the 24 Bot cards (table p.7). ``second`` and ``war`` are "" for none."""

    id: int
    first: str
    cost: int
    second: str = ""
    war: str = ""
    focus: str = ""  # the Focus area of a 2nd action Focus
    discards: str = ""  # A/D/M Action deck whose top card the icon discards (UNKNOWN)
    source: str = ""


class Difficulty(Sourced):
    key: str
    label: str
    bp_gain: int
    focus_threshold: int
    dow_minimum: int
    units_per_recruit: int


class BotPower(Sourced):
    starting: int
    pass_bonus: list[int]
    first_battle_won: int
    dow_gain: int
    cta_ally_gain: int
    small_towns_bonus: int
    large_towns_bonus: int
    papal_controller: int
    hre_member_loss: int
    human_max: int
    ducats_per_bp: int
    ducats_bp_max: int
    # Extra BP a Bot Emperor gains at each Imperial Authority level 0, 1, 2, ... (the last is the top)
    ia_bonus: list[int]


class Army(Sourced):
    min_manpower: int
    # BP per recruit of the difficulty's Units, by where it happens: "defend", "military", "dow"
    recruit_bp: dict[str, int]
    land_dice: int  # Infantry dice a Round against Opponents, before the Military Idea die
    max_rebel_dice: int
    max_rebel_bp_loss: int
    replacement_units: int


class Trade(Sourced):
    maritime_main: int
    maritime_distant: int
    inland: int


class Passing(Sourced):
    # Passes that earn Ducats at a table of 0, 1, 2, ... players (the last entry for more); once
    # that many have passed the End of the Action Phase begins (main rules, Passing).
    ducat_passes: list[int]


class RollBranch(msgspec.Struct, forbid_unknown_fields=True):
    lo: int
    hi: int
    next: str


class ChartNode(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    kind: Literal["question", "check", "action", "roll", "chart", "card", "pass", "end"]
    text: str = ""
    yes: str = ""
    no: str = ""
    next: str = ""
    check: str = ""
    chart: str = ""
    do: str = ""
    branches: list[RollBranch] = []
    help: str = ""
    label: str = ""  # a short name for the history line
    # A question about the board that stays true until something changes ("under attack"): its
    # "no" is remembered and, on the Bot's next Turns, only "anything changed?" is asked.
    fact: str = ""


class Chart(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    name: str
    page: int
    entered_from: str = ""
    rules: list[RuleText] = []
    asks: list[str] = []
    # Charts this one may lead on to (their entry paths, e.g. PAPAL CURIA → MILITARY p.10): followed
    # by hand, the table is asked after ``asks`` whether it went on, and that chart is walked next.
    leads_to: list[str] = []
    start: str = ""
    nodes: list[ChartNode] = []
    source: str = ""

    def node(self, node_id: str) -> ChartNode | None:
        for n in self.nodes:
            if n.id == node_id:
                return n
        return None


class TargetNode(msgspec.Struct, forbid_unknown_fields=True):
    """One branch of a d6 targeting tree (Bot Realms p.6): rolled when its die range comes up."""

    lo: int
    hi: int
    target: str
    kind: Literal["realm", "owner", "area", "territory"] = "realm"
    substitute: str = ""
    children: list["TargetNode"] = []


class Realm(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    colour: str = ""
    # Card IDs out of the deck in each Age ("1".."4"); from the scenario booklet, so empty here.
    removals: dict[str, list[int]] = {}
    military: list[TargetNode] = []
    diplomatic: list[TargetNode] = []
    source: str = ""


class EuPricePowerRules(Ruleset):
    cards: list[BotCard]
    difficulties: list[Difficulty]
    bot_power: BotPower
    army: Army
    trade: Trade
    passing: Passing
    colours: list[str]
    action_charts: dict[str, str]
    charts: list[Chart]
    realms: list[Realm]
    general_event_rules: list[str]

    def card(self, card_id: int) -> BotCard:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(f"no Bot card {card_id}")

    def difficulty(self, key: str) -> Difficulty:
        for d in self.difficulties:
            if d.key == key:
                return d
        raise KeyError(f"no difficulty '{key}'")

    def chart(self, chart_id: str) -> Chart:
        for c in self.charts:
            if c.id == chart_id:
                return c
        raise KeyError(f"no chart '{chart_id}'")

    def realm(self, name: str) -> Realm | None:
        low = name.strip().lower()
        for r in self.realms:
            if r.name.lower() == low:
                return r
        return None


def _target_problems(path: str, nodes: list[TargetNode]) -> list[tuple[str, str]]:
    """A sibling group must cover 1–6 once each; every child group too."""
    out: list[tuple[str, str]] = []
    if not nodes:
        return out
    faces: Counter[int] = Counter()
    for i, node in enumerate(nodes):
        where = f"{path}[{i}]"
        if not 1 <= node.lo <= node.hi <= 6:
            out.append((where, f"die range {node.lo}-{node.hi} is not within 1-6"))
            continue
        if not node.target.strip():
            out.append((f"{where}.target", "is empty"))
        faces.update(range(node.lo, node.hi + 1))
        out.extend(_target_problems(f"{where}.children", node.children))
    missing = [f for f in range(1, 7) if faces[f] == 0]
    twice = [f for f in range(1, 7) if faces[f] > 1]
    wrong = []
    if missing:
        wrong.append(f"die faces {', '.join(map(str, missing))} lead nowhere")
    if twice:
        wrong.append(f"die faces {', '.join(map(str, twice))} are covered twice")
    if wrong:
        out.append((path, "; ".join(wrong)))
    return out


def chart_problems(i: int, chart: Chart, chart_ids: set[str]) -> list[tuple[str, str]]:
    """A transcribed chart: unique node ids, arrows that land on nodes, rolls covering 1–6."""
    out: list[tuple[str, str]] = []
    path = f"charts[{i}]"
    for j, ask in enumerate(chart.asks):
        if ask not in OUTCOMES:
            out.append((f"{path}.asks[{j}]", f"'{ask}' is not a tracked outcome ({', '.join(OUTCOMES)})"))
    for j, lead in enumerate(chart.leads_to):
        if lead not in chart_ids:
            out.append((f"{path}.leads_to[{j}]", f"'{lead}' is not a chart id"))
        elif lead == chart.id:
            out.append((f"{path}.leads_to[{j}]", "a chart cannot lead on to itself"))
    if not chart.nodes:
        if chart.start:
            out.append((f"{path}.start", "names a node but the chart has none"))
        return out
    ids = Counter(n.id for n in chart.nodes)
    known = set(ids)
    if chart.start not in known:
        out.append((f"{path}.start", f"'{chart.start}' is not a node of this chart"))

    def arrow(where: str, target: str, what: str) -> None:
        if not target:
            out.append((where, f"needs a '{what}' arrow"))
        elif target not in known:
            out.append((where, f"'{target}' is not a node of this chart"))

    for j, node in enumerate(chart.nodes):
        where = f"{path}.nodes[{j}]"
        if ids[node.id] > 1:
            out.append((f"{where}.id", f"'{node.id}' is used twice"))
        if node.kind in ("question", "check"):
            arrow(f"{where}.yes", node.yes, "yes")
            arrow(f"{where}.no", node.no, "no")
            if node.kind == "question" and not node.text.strip():
                out.append((f"{where}.text", "a question needs its text"))
            if node.kind == "check" and node.check not in CHECKS:
                out.append((f"{where}.check", f"'{node.check}' is not one of {', '.join(CHECKS)}"))
        elif node.kind in ("action", "chart", "card"):
            arrow(f"{where}.next", node.next, "next")
        if node.fact and node.kind != "question":
            out.append((f"{where}.fact", "only a question about the board can be remembered as a fact"))
        if node.kind == "action":
            if not node.text.strip() and not node.do:
                out.append((where, "an action needs a text or an outcome to ask ('do')"))
            if node.do and node.do not in OUTCOMES:
                out.append((f"{where}.do", f"'{node.do}' is not a tracked outcome"))
        if node.kind == "chart":
            if node.chart not in chart_ids:
                out.append((f"{where}.chart", f"'{node.chart}' is not a chart id"))
            elif node.chart == chart.id:
                out.append((f"{where}.chart", "a chart cannot call itself"))
        if node.kind == "roll":
            faces: Counter[int] = Counter()
            if not node.branches:
                out.append((f"{where}.branches", "a roll needs its branches"))
            for k, b in enumerate(node.branches):
                if not 1 <= b.lo <= b.hi <= 6:
                    out.append((f"{where}.branches[{k}]", f"die range {b.lo}-{b.hi} is not within 1-6"))
                    continue
                faces.update(range(b.lo, b.hi + 1))
                arrow(f"{where}.branches[{k}].next", b.next, "next")
            if node.branches and any(faces[f] != 1 for f in range(1, 7)):
                out.append((f"{where}.branches", "must cover each die face 1-6 exactly once"))
    return out


def validate(rules: EuPricePowerRules) -> list[tuple[str, str]]:
    """Every cross-reference problem as (path inside the file, message)."""
    problems: list[tuple[str, str]] = []
    add = problems.append

    ids = [c.id for c in rules.cards]
    if sorted(ids) != list(range(1, 25)):
        add(("cards", "the Bot deck has exactly the cards 1 to 24, once each"))
    for i, card in enumerate(rules.cards):
        for field in ("first", "second", "war"):
            value = getattr(card, field)
            if value and value not in ACTIONS:
                add((f"cards[{i}].{field}", f"'{value}' is not a Bot Action ({', '.join(ACTIONS)})"))
        if card.cost < 0:
            add((f"cards[{i}].cost", "cannot be negative"))
        if (card.second == "Focus") != bool(card.focus):
            add((f"cards[{i}].focus", "names the Focus area exactly when the 2nd action is Focus"))
        if card.focus and card.focus not in FOCUS_AREAS:
            add((f"cards[{i}].focus", f"'{card.focus}' is not one of {', '.join(FOCUS_AREAS)}"))
        if card.discards and card.discards not in ("A", "D", "M"):
            add((f"cards[{i}].discards", "is A, D or M (the Action deck), or empty"))

    problems.extend(keyed_problems("difficulties", [d.key for d in rules.difficulties], "difficulty", "is used twice"))
    for i, d in enumerate(rules.difficulties):
        for field in ("bp_gain", "focus_threshold", "dow_minimum", "units_per_recruit"):
            if getattr(d, field) < 1:
                add((f"difficulties[{i}].{field}", "must be at least 1"))
    if len(rules.bot_power.ia_bonus) < 2 or any(b < 0 for b in rules.bot_power.ia_bonus):
        add(("bot_power.ia_bonus", "lists the Emperor's BP bonus for each Imperial Authority level from 0"))
    for where in ("defend", "military", "dow"):
        if rules.army.recruit_bp.get(where, 0) < 1:
            add((f"army.recruit_bp.{where}", "needs the BP one recruit costs (at least 1)"))
    if len(rules.bot_power.pass_bonus) < 1:
        add(("bot_power.pass_bonus", "lists the BP for the first Bot to pass, then the second"))
    if not rules.passing.ducat_passes or any(n < 1 for n in rules.passing.ducat_passes):
        add(("passing.ducat_passes", "lists, for each number of players, how many passes earn Ducats (at least 1)"))
    if len(rules.colours) < 6 or len(set(rules.colours)) != len(rules.colours):
        add(("colours", "needs at least 6 different colours, one per Bot"))

    chart_ids = Counter(c.id for c in rules.charts)
    for cid in CHART_IDS:
        if chart_ids[cid] == 0:
            add(("charts", f"no chart '{cid}'"))
    for i, chart in enumerate(rules.charts):
        if chart_ids[chart.id] > 1:
            add((f"charts[{i}].id", f"'{chart.id}' is used twice"))
        if chart.id not in CHART_IDS:
            add((f"charts[{i}].id", f"'{chart.id}' is not a chart the app knows ({', '.join(CHART_IDS)})"))
        problems.extend(chart_problems(i, chart, set(chart_ids)))
    for action in ACTIONS:
        target = rules.action_charts.get(action)
        if target is None:
            add(("action_charts", f"no chart for the {action} Action"))
        elif target not in chart_ids:
            add((f"action_charts.{action}", f"'{target}' is not a chart id"))
    main = next((c for c in rules.charts if c.id == "main"), None)
    if main is not None and not main.nodes:
        add(("charts.main", "the Main Turn Structure needs its nodes"))

    names = Counter(r.name.lower() for r in rules.realms)
    for i, realm in enumerate(rules.realms):
        if names[realm.name.lower()] > 1:
            add((f"realms[{i}].name", f"'{realm.name}' is listed twice"))
        for age, cards in realm.removals.items():
            if age not in ("1", "2", "3", "4"):
                add((f"realms[{i}].removals.{age}", "Ages are 1 to 4"))
            for card_id in cards:
                if not 1 <= card_id <= 24:
                    add((f"realms[{i}].removals.{age}", f"{card_id} is not a Bot card ID (1-24)"))
        problems.extend(_target_problems(f"realms[{i}].military", realm.military))
        problems.extend(_target_problems(f"realms[{i}].diplomatic", realm.diplomatic))

    problems.extend(text_and_reading_problems(rules.rules, rules.readings, REQUIRED_RULES))
    return problems
