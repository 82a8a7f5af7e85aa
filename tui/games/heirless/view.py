"""What the screen shows: the tracker's two halves, the turn's actions, the players by priority,
the Guarantees ledger and the Laws voted on."""

from __future__ import annotations

from ...engine.game import Status, joined
from ...engine.view import CardView, FlowStep, GameView, StepState, TrackGroup, TrackRow, walk
from .rules import HeirlessRules
from .guarantees import active
from .players import seal, seals
from .state import OVER, SEASON_END, SETUP, TURNS, HeirlessState
from .tracker import BANDITS, acting, idlers, is_idle, other, priorities, spots

SETUP_STEPS = [
    ("seats", "Colours, titles and names"),
    ("tracker", "Cubes on the turn-order tracker"),
    ("board", "Set up the board (per your rulebook)"),
]


EMPTY = "○"


def cube(state: HeirlessState, spot: int | None) -> str:
    """A player's cube by colour; ▶ marks the player whose turn it is, ○ a free spot."""
    if spot is None:
        return EMPTY
    mark = "▶" if state.phase == TURNS and spot == state.turn else ""
    return mark + (state.players[spot].colour or "?")


def tracker_cards(state: HeirlessState) -> list[CardView]:
    """Both halves, each read clockwise; the right half starts at the Bandit cube."""
    tr = state.tracker
    cards = []
    for half in (tr.action, other(tr.action)):
        cubes = [cube(state, s) for s in spots(tr, half)]
        while len(cubes) > len(state.players) and cubes[-1] == EMPTY:
            cubes.pop()  # unused spots beyond the player count say nothing
        if half == "right":
            cubes.insert(0, "◆Bandits")
        else:
            cubes.append("◆Bandits")
        # After the turns the swapped Action Phase half waits for the next Season (PT: example C).
        role = ("acting" if state.phase == TURNS else "next") if half == tr.action else "Idle"
        cards.append(CardView(f"{half.capitalize()} {' '.join(cubes)}", role, marked=half == tr.action))
    return cards


def turn_flow(state: HeirlessState, rules: HeirlessRules) -> list[FlowStep]:
    steps = [FlowStep(text, "done") for text in state.done]
    total = rules.numbers.standard_actions
    for n in range(state.standard_done + 1, total + 1):
        first = n == state.standard_done + 1
        label = f"Standard Action {n} of {total}" + (" — or Idle" if first else "")
        steps.append(FlowStep(label, "current" if first else "todo"))
    if state.standard_done >= total:
        steps.append(FlowStep("End the turn (Free Actions first if any)", "current"))
    steps.append(FlowStep("Free Actions any time: promise, haggle, convert", "todo"))
    return steps


def season_flow(state: HeirlessState, rules: HeirlessRules) -> list[FlowStep]:
    keys = [s.key for s in rules.season_steps]
    at = keys.index(state.step) if state.step in keys else 0
    flow = []
    for n, step in enumerate(rules.season_steps):
        mark: StepState = "done" if n < at else "current" if n == at else "todo"
        note = "" if step.known else "per your rulebook"
        flow.append(FlowStep(step.label, mark, note))
    return flow


def setup_flow(state: HeirlessState) -> list[FlowStep]:
    return walk(SETUP_STEPS, state.step)


def player_rows(state: HeirlessState, rules: HeirlessRules) -> list[TrackRow]:
    """Everyone in priority order (earlier wins ties), with Influence, Prestige, Oathbreaks and
    what they may still do."""
    rows = []
    idle = idlers(state.tracker)
    seated = state.phase != SETUP
    order = priorities(state.tracker) if seated else list(range(len(state.players)))
    for rank, who in enumerate(order, start=1):
        if who == BANDITS:
            rows.append(TrackRow(f"{rank}. Bandits", "—"))
            continue
        player = state.players[who]
        value = f"{player.influence} / {player.prestige}"
        notes = []
        if player.oathbreaks:
            notes.append(f"{player.oathbreaks} Oathbreak{'s' * (player.oathbreaks > 1)}")
        if state.phase == TURNS:
            if who == state.turn:
                left = rules.numbers.standard_actions - state.standard_done
                notes.append(f"▶ {left} Standard left")
            elif is_idle(state.tracker, who):
                notes.append(f"Idle #{idle.index(who) + 1}")
        if seated:
            # Counted from starting values our sources do not give: marked until the table sets them.
            rows.append(TrackRow(f"{rank}. {player.seal}", value, note=", ".join(notes),
                                 editable_default=state.start_is_default))
        else:
            name = player.seal if player.colour else f"Player {rank}"
            rows.append(TrackRow(name, value, editable_default=state.start_is_default))
    return rows


SETTLED_SHOWN = 5  # ended or broken promises kept on screen; older ones are counted, not drawn


def ledger_rows(state: HeirlessState) -> list[TrackRow]:
    """Every promise in force, then the newest settled ones; the older settled ones are counted
    in one row (a long game must not make every step draw hundreds of rows)."""
    settled = [p for p in state.promises if p.broken or p.ended]
    hidden = {p.number for p in settled[:-SETTLED_SHOWN]} if len(settled) > SETTLED_SHOWN else set()
    rows = []
    if hidden:
        rows.append(TrackRow(f"{len(hidden)} older promises", "settled", note="kept or broken; the history has them"))
    for p in state.promises:
        if p.number in hidden:
            continue
        signed = "+".join(state.players[i].colour for i in p.signatories)
        note = p.text
        if p.broken:
            note = f"BROKEN by {seals(state, p.broken_by)}{' (vote)' if p.disputed else ''}: {p.text}"
        elif p.ended:
            note = f"ended with Season {p.season}: {p.text}"
        elif p.disputed:
            note = f"upheld by vote: {p.text}"
        rows.append(TrackRow(f"#{p.number} S{p.season}", signed, note=note, struck=p.broken))
    return rows or [TrackRow("no promises yet", "")]


def law_rows(state: HeirlessState) -> list[TrackRow]:
    rows = []
    for law in state.laws[-6:]:
        yes = sum(v.influence for v in law.votes if v.side == "for")
        no = sum(v.influence for v in law.votes if v.side == "against")
        verdict = "enacted" if law.enacted else "failed"
        rows.append(TrackRow(law.name, verdict, note=f"S{law.season}: {yes}−{no} vs {law.threshold}"))
    return rows


def status(state: HeirlessState) -> Status:
    if state.phase == SETUP:
        return Status("Setup", save=f"Setup · {len(state.players)} players")
    season = f"Season {state.season}/{state.seasons}"
    if state.phase == OVER:
        return Status(joined(season, "game over"))
    top = max(p.prestige for p in state.players)
    leaders = [p.seal for p in state.players if p.prestige == top]
    lead = f"top Prestige {top}: " + (leaders[0] if len(leaders) == 1 else f"{len(leaders)} tied")
    if state.phase == TURNS and state.turn is not None:
        who = seal(state, state.turn)
        header = joined(season, f"{who}'s turn")
        return Status(f"Season {state.season} · turn {state.turn_number + 1} · {who}", header, joined(header, lead))
    header = joined(season, "after the turns")
    return Status(f"Season {state.season} · Battles and the end of the Season", header, joined(header, lead))


def view(state: HeirlessState, rules: HeirlessRules) -> GameView:
    if state.phase == TURNS and state.turn is not None:
        flow_title, flow = f"{seal(state, state.turn)}'s turn", turn_flow(state, rules)
    elif state.phase in (SEASON_END, OVER):
        flow_title, flow = f"Season {state.season}", season_flow(state, rules)
        if state.phase == OVER:
            flow = [FlowStep(s.label, "done", s.note) for s in flow]
    else:
        flow_title, flow = "Setup", setup_flow(state)

    title = "Priority · Inf / Pres" if state.phase != SETUP else "Players · Inf / Pres at start"
    groups = [TrackGroup(title, player_rows(state, rules))]
    groups.append(TrackGroup(f"Guarantees ({len(active(state))} in force)", ledger_rows(state)))
    if state.laws:
        groups.append(TrackGroup("Laws voted", law_rows(state)))

    notices = []
    if state.phase == SETUP:
        first = state.players[0]
        notices.append(rules.starting.note if state.start_is_default else
                       f"Starting Influence {first.influence} and Prestige {first.prestige}, as set on the form.")
    elif state.phase == TURNS:
        # Players only: the Bandits take no turn (reading bandit-turns); the Priority list ranks them.
        order = acting(state.tracker)
        notices.append("Turn order: " + " › ".join(cube(state, p) for p in order) + " · the Bandits take no turn")
    finished = ""
    if state.phase == OVER:
        standings = ", ".join(f"{p.seal} {p.prestige}" for p in sorted(state.players, key=lambda p: -p.prestige))
        seasons = f"{state.season} Season{'s' * (state.season != 1)}"
        finished = f"After {seasons}, score per your rulebook. Prestige: {standings}"
    return GameView(
        title="Heirless · The season keeper",
        cards_title="Tracker" if state.phase != SETUP else "Tracker (set at setup)",
        cards=tracker_cards(state) if state.phase != SETUP or state.step == "board" else [],
        flow_title=flow_title,
        flow=flow,
        tracks=groups,
        notices=notices,
        finished=finished,
    )
