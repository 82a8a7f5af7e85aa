"""What the screen shows: the drawn cards, the Mind-sheet arrows, the Prince board's tracks."""

from __future__ import annotations

from ...engine.game import Status, joined
from ...engine.view import CardView, FlowStep, GameView, StepState, TrackGroup, TrackRow, walk
from .rules import OathRules
from .mind import arrow_text
from .relationships import rank_key
from .state import OTHERS, OVER, PRINCE, SETUP, OathState

PHASES = [
    ("threat", "1 Assess Threat (skipped on the first turn)"),
    ("search", "2 Search and play one card"),
    ("actions", "3 Take actions along the arrows"),
    ("cleanup", "4 Cleanup"),
]
PHASE_NAMES = {"threat": "Assess Threat", "search": "Search", "actions": "Actions", "cleanup": "Cleanup",
               "done": "Cleanup"}
SETUP_STEPS = [
    ("board", "Check the Prince board values against yours"),
    ("seats", "Seats and roles"),
    ("boards", "Prince board, Mind sheet, Princely Reliquary"),
    ("role", "The role's rule changes"),
    ("markers", "Markers and pawn"),
    ("powers", "Powers and permission"),
]


def arrows_flow(state: OathState, rules: OathRules, asking: bool) -> list[FlowStep]:
    """The current space, each outgoing arrow in its colour, which were asked and which was taken."""
    node = rules.node(state.current_node)
    flow = []
    if state.last_arrow:
        # Between its turns the arrow taken is the last turn's (RT: TURN STRUCTURE).
        last = "its last turn took" if state.phase == OTHERS else "took"
        flow.append(FlowStep(f"{last} {state.last_arrow}", "done"))
    kind = "" if node.kind == "action" else f" · {node.kind} space, no action"
    # A decision is one question over all its arrows: the space itself is what is being asked.
    choosing = asking and node.kind == "decision" and not state.marks
    here: StepState = "current" if choosing or (asking and state.acting) else "done"
    flow.append(FlowStep(f"at {node.label} ({node.quadrant}){kind}", here, "taking this action" if state.acting else ""))
    marks = {m.index: m.result for m in state.marks}
    first_open = not choosing and not state.acting
    for i, arrow in enumerate(rules.arrows_from(node.id)):
        text = arrow_text(rules, arrow)
        result = marks.get(i)
        if result == "taken":
            flow.append(FlowStep(text, "done", "taken", tone=arrow.colour))
        elif result == "no":
            flow.append(FlowStep(text, "skipped", "no", tone=arrow.colour))
        elif asking and first_open:
            flow.append(FlowStep(text, "current", tone=arrow.colour))
            first_open = False
        else:
            flow.append(FlowStep(text, "todo", tone=arrow.colour))
    return flow


def phase_step(state: OathState) -> FlowStep:
    """The phase of the Prince's turn being walked, above the arrows."""
    label = dict(PHASES).get(state.step, "")
    return FlowStep(label, "current")


def setup_flow(state: OathState) -> list[FlowStep]:
    return walk(SETUP_STEPS, state.step)


def relationship_rows(state: OathState, rules: OathRules) -> list[TrackRow]:
    top = rules.top_row
    rows = []
    for m in sorted(state.relationships, key=rank_key):
        if m.row == 0:
            rows.append(TrackRow(m.suit, "Unaligned", m.row, 0, top))
            continue
        same_box = sorted((x for x in state.relationships if x.row == m.row and x.column == m.column),
                          key=lambda x: x.entered)
        order = same_box.index(m) + 1
        note = f"#{order} in box" if len(same_box) > 1 else ""
        rows.append(TrackRow(m.suit, f"{m.column} {m.row}", m.row, 0, top, note=note))
    acts = "/".join(map(str, state.box_actions))
    trade = "/".join(map(str, state.box_trade))
    rows.append(TrackRow(f"Boxes 1-{top}", f"{acts} actions", note=f"trade {trade} per card",
                         editable_default=state.board_values != "entered"))
    return rows


def actions_value(state: OathState) -> str:
    """Taken/allowed; the allowed count is unknown until the card of this turn's search is placed (RT 3.)."""
    if state.phase == SETUP or (state.phase == PRINCE and state.step in ("threat", "search")):
        return "— (after the search)"
    if state.phase != PRINCE:  # the humans' turns: the count belongs to the Prince's last turn
        return f"{state.actions_taken}/{state.actions_allowed} last turn" if state.round else "— (no turn yet)"
    return f"{state.actions_taken}/{state.actions_allowed}"


def prince_rows(state: OathState, rules: OathRules) -> list[TrackRow]:
    threat = rules.threat_label(state.threat) + (f" ({state.threat_vision})" if state.threat_vision else "")
    before = rules.threat_label(state.threat_before) if state.threat_before else "—"
    start = rules.node(state.start_node)
    current = rules.node(state.current_node)
    last = len(state.tactics_spaces) - 1
    skipped = f"{state.skipped} skipped" if state.skipped else ""
    rows = [
        TrackRow("Tactics", f"±{state.tactics_value}", state.tactics, 0, last,
                 editable_default=state.board_values != "entered", note=f"space {state.tactics + 1}"),
        TrackRow("Threat", threat, note=state.threat_quadrant,
                 editable_default=state.round <= 1 and state.threat == rules.threat_track.start),
        TrackRow("Threat before", before),
        TrackRow("Start marker", f"{start.label} ({start.quadrant})"),
        TrackRow("Current marker", f"{current.label} ({current.quadrant})"),
        TrackRow("Actions", actions_value(state), note=skipped),
    ]
    amb = [f"{s} {n}" for s, n in state.ambition.items() if n]
    rows.append(TrackRow("Ambition box", str(sum(state.ambition.values())), note=", ".join(amb)))
    return rows


def table_rows(state: OathState, rules: OathRules) -> list[TrackRow]:
    role = "Exile" if state.exile else "Chancellor"
    rows = [
        TrackRow("Oath", rules.oath(state.oath).name.removeprefix("Oath of ")),
        TrackRow("Prince", f"{role}, seat {state.seat}", note=f"powers {state.powers}"),
    ]
    if state.exile:
        # Clockwork never asks who the human Chancellor made a Citizen: it needs only the Usurper question.
        rows.append(TrackRow("Chancellor", "seat 1", note="human"))
        return rows
    exiles = [s for s in range(2, state.humans + 2) if s not in state.citizens]
    rows.append(seats_row("Exile", exiles))
    rows.append(seats_row("Citizen", state.citizens))
    return rows


def seats_row(role: str, seats: list[int]) -> TrackRow:
    """'Exile: seat 2', 'Exiles: seats 2, 4', 'Citizens: none': the seats by number, never read
    as a count."""
    if len(seats) == 1:
        return TrackRow(role, f"seat {seats[0]}")
    return TrackRow(f"{role}s", f"seats {', '.join(map(str, seats))}" if seats else "none")


def status(state: OathState) -> Status:
    role = f"Prince as {'Exile' if state.exile else 'Chancellor'}"
    if state.phase == SETUP:
        return Status("Setup", save=joined("Setup", role))
    if state.phase == OVER:
        who = "the Prince won" if state.winner == "prince" else "a human won"
        return Status(f"Round {state.round} · game over", save=f"Round {state.round} · game over, {who}")
    threat = "no Threat" if state.threat == "none" else f"Threat {state.threat.capitalize()}"
    if state.phase == PRINCE:
        where = f"Round {state.round}"
        return Status(joined(where, "Prince's turn"), joined(where, "Prince", PHASE_NAMES.get(state.step, "")),
                      joined(where, role, threat))
    # The humans' turns after the Prince's belong to the round(s) their seats are in (issue 24).
    where = state.humans_rounds()
    return Status(joined(where, "humans' turns"), joined(where, "humans"), joined(where, role, threat))


def view(state: OathState, rules: OathRules) -> GameView:
    cards = []
    for c in state.drawn:
        if c.vision:
            cards.append(CardView("Vision", "hidden", "face down in its place"))
        else:
            kind = state.marker(c.suit).column + (", battle plan" if c.battle_plan else "")
            cards.append(CardView(c.suit, kind, c.outcome, marked=bool(c.outcome)))
    if state.phase == SETUP:
        flow_title, flow = "Setup", setup_flow(state)
    elif state.phase == PRINCE and state.step == "actions":
        flow_title = f"Mind sheet arrows · action {state.actions_taken + 1} of {state.actions_allowed}"
        flow = arrows_flow(state, rules, asking=True)
    elif state.phase == PRINCE:
        flow_title = "Mind sheet arrows · the Prince's turn"
        flow = [phase_step(state), *arrows_flow(state, rules, asking=False)]
    else:
        flow_title = "Mind sheet · the next turn starts here"
        flow = arrows_flow(state, rules, asking=False)
    tracks = [
        TrackGroup("Relationships", relationship_rows(state, rules)),
        TrackGroup("Prince", prince_rows(state, rules)),
        TrackGroup("Table", table_rows(state, rules)),
    ]
    notices = []
    if state.phase == SETUP and state.board_values == "defaults":  # it explains a question not yet answered
        notices.append(rules.defaults.note)
    elif state.phase == OTHERS and state.tactics_value:
        notices.append(f"Campaigning against the Prince: roll {state.tactics_value} fewer attack dice (its tactics).")
    finished = ""
    if state.phase == OVER:
        finished = "The Clockwork Prince won." if state.winner == "prince" else "A human player won."
    return GameView(
        title="Oath · The Clockwork Prince",
        cards_title="Drawn this search (first left)" if state.phase == PRINCE else "The Prince's last search",
        cards=cards,
        flow_title=flow_title,
        flow=flow,
        tracks=tracks,
        notices=notices,
        finished=finished,
    )
