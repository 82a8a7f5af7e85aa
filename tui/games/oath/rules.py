"""Schema and cross-reference checks for rulesets/oath.toml (the Clockwork Prince).

The Mind sheet is a graph: spaces (nodes) and arrows, each arrow with its colour, its condition
and its destination. validate() checks the graph the way a player would trust it: every
destination exists, every space is reachable from a Threat space, every action space has one
black arrow to fall back on, and two orange arrows out of one space name which goes first.
"""

from __future__ import annotations

from collections import Counter, deque
from typing import Literal

import msgspec

from ...rules.common import Defaults, Editable, Ruleset, Sourced, text_and_reading_problems

ALIGNMENTS = ("Friend", "Conspirator")
GROUPS = ("Friend", "Unaligned", "Conspirator")
QUADRANTS = ("TL", "TR", "BL", "BR")
THREAT_KINDS = ("successor", "usurper", "vision", "oathkeeper", "none")
# Targets each action understands (tui/games/oath/actions.py).
ACTION_TARGETS = {
    "trade": ("favor", "secrets", "favor_secrets"),
    "muster": ("",),
    "travel": ("most_favor", "most_secrets", "relic"),
    "travel_campaign": ("rival_sites", "relics", "darkest_secret", "peoples_favor", "grand_scepter"),
    "search": ("",),
    "recover": ("relic", "darkest_secret", "peoples_favor"),
}
# Rule texts the game module shows; each must exist in [rules.*].
REQUIRED_RULES = (
    "setup", "setup_exile", "setup_markers", "conflicts", "campaign_dice", "chancellor", "exile",
    "tiebreakers", "powers", "powers_limited", "powers_expanded", "chronicle", "search", "cant_play",
    "actions", "trade", "muster", "travel", "campaign", "search_action", "recover", "cleanup", "threat",
)
# Every discrepancy of notes §2.5 and the unknowns of §6 need a stated reading.
READING_IDS = (
    "grand-scepter", "br-campaign-red", "threat-space-count", "printing", "pf-recovery",
    "need-banner", "card-choice", "column", "cant-play-favor", "skip-loop", "box-values",
    "threat-track", "devotion-successor", "higher-priority", "relic-target-tie",
)


class Suit(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    letter: str


class WorldDeck(Sourced):
    visions: int
    draw: int
    last_round: int


class Box(Editable):
    """A Relationships box above Unaligned (row 1 is the lowest)."""

    row: int
    actions: int
    trade: int


class Relationships(Sourced):
    boxes: list[Box]


class Tactics(Editable):
    spaces: list[int]
    start: int


class ThreatTrack(Editable):
    spaces: list[str]
    start: str


class Threat(Sourced):
    key: str
    label: str


class OathCard(Sourced):
    key: str
    name: str
    goal: str
    quadrant: str
    successor_goal: str
    successor_quadrant: str
    successor_editable_default: bool = False


class Vision(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    goal: str
    quadrant: str


class CantPlay(msgspec.Struct, forbid_unknown_fields=True):
    warbands: int = 0
    favor: int = 0
    secrets: int = 0
    tactics: int = 0


class Quadrant(Sourced):
    key: str
    name: str
    threat_space: str
    alignment: Literal["Friend", "Conspirator"]
    card_choice: list[str]
    cant_play: CantPlay


class Condition(msgspec.Struct, forbid_unknown_fields=True):
    key: str
    label: str
    question: str
    help: str = ""
    battle_ready: bool = False


class Node(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    quadrant: str
    kind: Literal["threat", "decision", "action"]
    label: str
    action: str = ""
    target: str = ""
    ready: str = ""
    question: str = ""


class Arrow(msgspec.Struct, forbid_unknown_fields=True):
    source_id: str = msgspec.field(name="from")
    to: str = ""
    colour: Literal["red", "orange", "black"] = "black"
    condition: str = ""
    higher_priority: bool = False


class OathRules(Ruleset):
    defaults: Defaults
    suits: list[Suit]
    world_deck: WorldDeck
    relationships: Relationships
    tactics: Tactics
    threat_track: ThreatTrack
    threats: list[Threat]
    oaths: list[OathCard]
    visions: list[Vision]
    quadrants: list[Quadrant]
    conditions: list[Condition]
    nodes: list[Node]
    arrows: list[Arrow]

    # -- look-ups used by the game module --------------------------------------------------------

    def node(self, node_id: str) -> Node:
        for node in self.nodes:
            if node.id == node_id:
                return node
        raise KeyError(f"no Mind sheet space '{node_id}'")

    def condition(self, key: str) -> Condition:
        for cond in self.conditions:
            if cond.key == key:
                return cond
        raise KeyError(f"no condition '{key}'")

    def quadrant(self, key: str) -> Quadrant:
        for quad in self.quadrants:
            if quad.key == key:
                return quad
        raise KeyError(f"no quadrant '{key}'")

    def oath(self, key: str) -> OathCard:
        for oath in self.oaths:
            if oath.key == key:
                return oath
        raise KeyError(f"no Oath '{key}'")

    def threat_label(self, key: str) -> str:
        return next((t.label for t in self.threats if t.key == key), key)

    def suit_names(self) -> list[str]:
        return [s.name for s in self.suits]

    def arrows_from(self, node_id: str) -> list[Arrow]:
        """Outgoing arrows in the order the Prince checks them: red, then orange (Higher
        Priority first), then black (RT: 3. TAKE ACTIONS)."""
        rank = {"red": 0, "orange": 1, "black": 2}
        out = [a for a in self.arrows if a.source_id == node_id]
        return sorted(out, key=lambda a: (rank[a.colour], not a.higher_priority))

    def box(self, row: int) -> Box:
        for box in self.relationships.boxes:
            if box.row == row:
                return box
        raise KeyError(f"no Relationships box {row}")

    @property
    def top_row(self) -> int:
        return max(b.row for b in self.relationships.boxes)


def _graph_problems(rules: OathRules) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    add = problems.append
    ids = Counter(n.id for n in rules.nodes)
    nodes = {n.id: n for n in rules.nodes}
    conditions = {c.key: c for c in rules.conditions}
    for i, node in enumerate(rules.nodes):
        path = f"nodes[{i}]"
        if ids[node.id] > 1:
            add((f"{path}.id", f"'{node.id}' is used by more than one space"))
        if node.quadrant not in QUADRANTS:
            add((f"{path}.quadrant", f"'{node.quadrant}' is not one of {', '.join(QUADRANTS)}"))
        if node.kind == "action":
            if node.action not in ACTION_TARGETS:
                add((f"{path}.action", f"'{node.action}' is not one of {', '.join(ACTION_TARGETS)}"))
            elif node.target not in ACTION_TARGETS[node.action]:
                allowed = ", ".join(t or "(none)" for t in ACTION_TARGETS[node.action])
                add((f"{path}.target", f"'{node.target}' does not fit {node.action} (allowed: {allowed})"))
            if node.ready and node.ready not in conditions:
                add((f"{path}.ready", f"no condition called '{node.ready}'"))
            if node.action in ("travel_campaign", "recover") and not node.ready:
                add((f"{path}.ready", f"a {node.action} space needs the condition it is skipped without"))
        elif node.action or node.target or node.ready:
            add((path, f"a {node.kind} space takes no action"))
        if node.kind == "decision" and not node.question:
            add((f"{path}.question", "a decision space needs its question"))

    for i, arrow in enumerate(rules.arrows):
        path = f"arrows[{i}]"
        if arrow.source_id not in nodes:
            add((f"{path}.from", f"no space called '{arrow.source_id}'"))
        if arrow.to not in nodes:
            add((f"{path}.to", f"no space called '{arrow.to}'"))
        if arrow.colour == "black":
            if arrow.condition:
                add((f"{path}.condition", "a black arrow is always followed: no condition"))
        elif arrow.condition not in conditions:
            add((f"{path}.condition", f"a {arrow.colour} arrow needs a known condition, not '{arrow.condition}'"))
        if arrow.higher_priority and arrow.colour != "orange":
            add((f"{path}.higher_priority", "only an orange arrow carries the Higher Priority mark"))

    for node in rules.nodes:
        out = [a for a in rules.arrows if a.source_id == node.id]
        where = f"nodes[{rules.nodes.index(node)}]"
        blacks = [a for a in out if a.colour == "black"]
        oranges = [a for a in out if a.colour == "orange"]
        if node.kind == "decision":
            if len(out) < 2 or blacks or oranges:
                add((where, f"decision '{node.id}' needs two or more red arrows (one per answer)"))
        else:
            if len(blacks) != 1:
                add((where, f"'{node.id}' needs exactly one black arrow, has {len(blacks)}"))
        if len(oranges) > 1 and sum(a.higher_priority for a in oranges) != 1:
            add((where, f"'{node.id}' has {len(oranges)} orange arrows: mark exactly one Higher Priority"))
        seen = Counter((a.colour, a.condition) for a in out)
        for (colour, cond), count in seen.items():
            if count > 1 and colour != "black":
                add((where, f"'{node.id}' asks '{cond}' twice"))

    # Every space is reachable from some Threat space (where the markers are put).
    starts = [n.id for n in rules.nodes if n.kind == "threat"]
    reached = set(starts)
    todo = deque(starts)
    while todo:
        here = todo.popleft()
        for arrow in rules.arrows:
            if arrow.source_id == here and arrow.to in nodes and arrow.to not in reached:
                reached.add(arrow.to)
                todo.append(arrow.to)
    for i, node in enumerate(rules.nodes):
        if node.id not in reached:
            add((f"nodes[{i}]", f"'{node.id}' cannot be reached from any Threat space"))
    return problems


def validate(rules: OathRules) -> list[tuple[str, str]]:
    """Every cross-reference problem as (path inside the file, message)."""
    problems = _graph_problems(rules)
    add = problems.append
    nodes = {n.id: n for n in rules.nodes}

    letters = Counter(s.letter for s in rules.suits)
    if len(rules.suits) != 6:
        add(("suits", f"Oath has 6 suits, not {len(rules.suits)}"))
    for i, suit in enumerate(rules.suits):
        if len(suit.letter) != 1 or not suit.letter.isalpha() or suit.letter.lower() == "v":
            add((f"suits[{i}].letter", "must be one letter other than v (v is a Vision)"))
        elif letters[suit.letter] > 1:
            add((f"suits[{i}].letter", f"'{suit.letter}' is used by more than one suit"))
    if rules.world_deck.draw < 1 or rules.world_deck.visions < 0:
        add(("world_deck", "needs a draw of at least 1 and a Vision count of 0 or more"))

    rows = [b.row for b in rules.relationships.boxes]
    if sorted(rows) != list(range(1, len(rows) + 1)):
        add(("relationships.boxes", "rows must be 1, 2, … with no gap (row 0 is Unaligned)"))
    for i, box in enumerate(rules.relationships.boxes):
        if box.actions < 1 or box.trade < 0:
            add((f"relationships.boxes[{i}]", "a box gives at least 1 action, and its trade amount cannot be negative"))
        if rows and box.row == max(rows) and box.actions != 5:
            add((f"relationships.boxes[{i}].actions", "the topmost box gives five actions (RT: 3. TAKE ACTIONS)"))
    if not rules.tactics.spaces or not 0 <= rules.tactics.start < len(rules.tactics.spaces):
        add(("tactics.start", "must be the index of one of the tactics spaces"))
    if any(v < 0 for v in rules.tactics.spaces):
        add(("tactics.spaces", "a space adds or subtracts dice: give it as 0 or more"))

    threat_keys = [t.key for t in rules.threats]
    if sorted(threat_keys) != sorted(THREAT_KINDS):
        add(("threats", f"needs exactly the threats {', '.join(THREAT_KINDS)}"))
    if sorted(rules.threat_track.spaces) != sorted(THREAT_KINDS):
        add(("threat_track.spaces", f"needs each of {', '.join(THREAT_KINDS)} once"))
    if rules.threat_track.start not in THREAT_KINDS:
        add(("threat_track.start", f"'{rules.threat_track.start}' is not a threat"))

    quad_keys = Counter(q.key for q in rules.quadrants)
    if sorted(quad_keys) != sorted(QUADRANTS):
        add(("quadrants", f"needs the four quadrants {', '.join(QUADRANTS)} once each"))
    for i, quad in enumerate(rules.quadrants):
        path = f"quadrants[{i}]"
        space = nodes.get(quad.threat_space)
        if space is None or space.kind != "threat":
            add((f"{path}.threat_space", f"'{quad.threat_space}' is not a Threat space"))
        elif space.quadrant != quad.key:
            add((f"{path}.threat_space", f"'{quad.threat_space}' lies in {space.quadrant}, not {quad.key}"))
        if not quad.card_choice or any(g not in GROUPS for g in quad.card_choice):
            add((f"{path}.card_choice", f"list groups from {', '.join(GROUPS)}"))
        elif quad.card_choice[0] != quad.alignment:
            add((f"{path}.card_choice", f"must start with the quadrant's alignment ({quad.alignment})"))
        elif sorted(quad.card_choice) != sorted(GROUPS):
            # Every drawn denizen must belong to some group, or the Prince would have no card to play.
            add((f"{path}.card_choice", f"list each of {', '.join(GROUPS)} once, in the order tried"))
        cp = quad.cant_play
        if min(cp.warbands, cp.favor, cp.secrets, cp.tactics) < 0:
            add((f"{path}.cant_play", "rewards cannot be negative"))
    for i, oath in enumerate(rules.oaths):
        for field in ("quadrant", "successor_quadrant"):
            if getattr(oath, field) not in QUADRANTS:
                add((f"oaths[{i}].{field}", f"'{getattr(oath, field)}' is not a quadrant"))
    if len({o.key for o in rules.oaths}) != len(rules.oaths) or not rules.oaths:
        add(("oaths", "needs at least one Oath, each key once"))
    for i, vision in enumerate(rules.visions):
        if vision.quadrant not in QUADRANTS:
            add((f"visions[{i}].quadrant", f"'{vision.quadrant}' is not a quadrant"))
    cond_keys = Counter(c.key for c in rules.conditions)
    for i, cond in enumerate(rules.conditions):
        if cond_keys[cond.key] > 1:
            add((f"conditions[{i}].key", f"'{cond.key}' is used twice"))
        if not cond.question.strip() or not cond.label.strip():
            add((f"conditions[{i}]", "needs a label and a question"))

    problems.extend(
        text_and_reading_problems(rules.rules, rules.readings, REQUIRED_RULES, {rid: f"'{rid}'" for rid in READING_IDS})
    )
    return problems
