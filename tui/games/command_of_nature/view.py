"""What the screen shows: revealed cards, the turn's steps, wallet, level, piles and formation."""

from __future__ import annotations

from ...engine.game import Status, joined
from ...engine.view import CardView, FlowStep, GameView, StepState, TrackGroup, TrackRow, walk
from .rules import CommandOfNatureRules
from .defeats import unlock_levels, unlocked_daybreak_gold
from .formation import space_name
from .state import BOX, CLOCKWORK, DECK, DISCARD, INSTANTS, OVER, SETUP, YOURS, SageState
from .your_turn import REACTIONS

# The Clockwork turn, step by step (seed: THE CLOCKWORK SAGE'S TURN; VI read as IV, notes: 1).
CLOCKWORK_STEPS = [
    ("daybreak", "I Daybreak: formation effects + board gold"),
    ("pay", "II Pay 1 gold"),
    ("reveal", "III Reveal the top card"),
    ("A", "A Elemental → summon (no room: discard, 2 DMG)"),
    ("B", "B Instant → top of the Instant pile"),
    ("C", "C Utility → use, discard"),
    ("D", "D Attack → attacker, effect, discard"),
    ("E", "E Empty deck → shuffle in the discard"),
    ("repeat", "IV Repeat II–III while gold > 0"),
]
LOOP = ("pay", "reveal", "A", "B", "C", "D", "E")
# Setup (seed: HOW TO START), in the order setup_turn walks it.
SETUP_STEPS = [
    ("leftovers", "Unused Warrior and Basic"),
    ("board", "Starting gold from your Sage board"),
    ("area", "Set up the Clockwork play area"),
    ("formation", "Place the Clockwork formation"),
    ("champions", "Champions aside, deck, Instant pile"),
    ("first", "You go first"),
]


def clockwork_flow(state: SageState) -> list[FlowStep]:
    step = state.step
    flow = []
    mark: StepState
    for key, label in CLOCKWORK_STEPS:
        if step == "done":
            mark = "done"
        elif key == step:
            mark = "current"
        elif key == "daybreak":
            mark = "done" if step in LOOP else "todo"
        elif key == "pay":
            mark = "done" if step in ("reveal", "A", "B", "C", "D") else "todo"
        elif key == "reveal":
            mark = "done" if step in ("A", "B", "C", "D") else "todo"
        elif key in ("A", "B", "C", "D"):
            mark = "skipped" if step in ("A", "B", "C", "D") else "todo"
        else:
            mark = "todo"
        flow.append(FlowStep(label, mark))
    return flow


def setup_flow(state: SageState) -> list[FlowStep]:
    return walk(SETUP_STEPS, state.step)


def formation_rows(state: SageState, rules: CommandOfNatureRules) -> list[TrackRow]:
    rows = []
    for i, slot in enumerate(state.formation):
        if slot is None:
            rows.append(TrackRow(space_name(rules, i), "—"))
            continue
        card = rules.elemental(slot.card)
        stats = f"{card.strength}/{card.hp}" if card else "?"
        marks = []
        if slot.shields:
            marks.append(f"{slot.shields} shield{'s' if slot.shields > 1 else ''}")
        if slot.boosts:
            marks.append(f"+{slot.boosts} boost")
        if slot.attacked:
            marks.append("attacked")
        rows.append(TrackRow(space_name(rules, i), f"{slot.card} {stats}", note=", ".join(marks)))
    return rows


def daybreak_row(state: SageState, rules: CommandOfNatureRules) -> TrackRow:
    """The Sage board's daybreak gold at the Clockwork's level: none before the first level that
    unlocks some (seed: HOW TO PLAY); a printed amount the table has not given yet shows as not
    known, never as 0 (issue 23: no default for a printed value nobody has entered)."""
    unlocks = unlock_levels(rules)
    reached = [lv for lv in unlocks if lv <= state.level.value]
    if not reached:
        first = unlocks[0] if unlocks else None
        if first is None:
            return TrackRow("Daybreak gold", "none")
        given = state.daybreak_gold.get(first)
        return TrackRow("Daybreak gold", "none yet", note=f"from level {first}: " + (
            f"+{given}, as printed on your Sage board" if given is not None else "asked then"))
    missing = [str(lv) for lv in reached if lv not in state.daybreak_gold]
    if missing:
        known = unlocked_daybreak_gold(state)
        return TrackRow("Daybreak gold", f"+{known} so far" if known else "not given yet",
                        note=f"level{'s' * (len(missing) > 1)} {', '.join(missing)}: asked at daybreak")
    return TrackRow("Daybreak gold", f"+{unlocked_daybreak_gold(state)}", note="as printed on your Sage board")


def next_unlock(state: SageState, rules: CommandOfNatureRules) -> str:
    level = state.level.value
    pack = rules.pack(state.pack)
    unlocks = unlock_levels(rules)
    ahead = sorted({c.level for c in pack.champions if c.level > level} | {lv for lv in unlocks if lv > level})
    if not ahead:
        return "no more unlocks"
    nxt = ahead[0]
    parts = [c.card for c in pack.champions if c.level == nxt]
    if nxt in unlocks:
        gold = state.daybreak_gold.get(nxt)
        if gold is None:
            parts.append("more daybreak gold")
        elif gold:
            parts.append(f"+{gold} gold")
    return f"at {nxt}: {', '.join(parts)}"


def no_gold_notice(state: SageState) -> str:
    """Why a Sage without gold will sit still (seed: THE CLOCKWORK SAGE'S TURN, II and VI)."""
    board = unlocked_daybreak_gold(state)
    return (
        f"The Clockwork Sage has no gold: on its turn it reveals cards only with gold from daybreak "
        f"(its Sage board adds {board} at level {state.level.value}, plus its Elementals' daybreak "
        f"effects). Gold it gains on your turn: press 4 or 7."
    )


def status(state: SageState) -> Status:
    if state.phase == SETUP:
        return Status("Setup")
    where = f"Round {state.round}"
    if state.phase == OVER:
        who = "you won" if state.winner == "you" else "the Clockwork won"
        return Status(joined(where, "game over"), save=joined(where, f"game over, {who}"))
    turn = joined(where, "Your turn" if state.phase == YOURS else "Clockwork's turn")
    return Status(turn, save=joined(turn, f"gold {state.gold.value}", f"level {state.level.value}"))


def view(state: SageState, rules: CommandOfNatureRules) -> GameView:
    pack = rules.pack(state.pack)
    difficulty = rules.difficulty(state.difficulty)
    cards = [CardView(r.card, r.kind, r.outcome) for r in state.revealed]
    top_instant = state.deck.top(INSTANTS)
    if top_instant is not None:
        cards.append(CardView(top_instant, "Instant pile", f"top of {state.deck.count(INSTANTS)}", marked=True))

    if state.phase == CLOCKWORK:
        flow_title, flow = "The Clockwork's turn", clockwork_flow(state)
    elif state.phase == YOURS:
        flow_title = "Your turn: the Clockwork reacts to"
        flow = [FlowStep(f"[{k}] {label}", "todo") for k, label in REACTIONS]
    elif state.phase == SETUP:
        flow_title, flow = "Setup", setup_flow(state)
    else:
        flow_title, flow = "Steps", []

    cap = f" (cap {state.gold.hi})" if state.gold.hi is not None else ""
    wallet = TrackGroup("Clockwork", [
        TrackRow("Gold", f"{state.gold.value}{cap}", state.gold.value, 0, state.gold.hi),
        TrackRow("Level", str(state.level.value), state.level.value, state.level.lo, state.level.hi,
                 note=next_unlock(state, rules)),
        daybreak_row(state, rules),
        TrackRow("Difficulty", difficulty.label,
                 note=f"start {state.starting_gold} gold" if difficulty.key in state.board_gold else "start: asked"),
    ])
    piles = TrackGroup("Piles", [
        TrackRow("Deck", str(state.deck.count(DECK))),
        TrackRow("Discard", str(state.deck.count(DISCARD)), note=state.deck.top(DISCARD) or ""),
        TrackRow("Instant pile", str(state.deck.count(INSTANTS)), note=top_instant or ""),
        TrackRow("Out of the game", str(state.deck.count(BOX))),
    ])
    formation = TrackGroup("Clockwork formation", formation_rows(state, rules))
    notices = []
    if state.phase == YOURS and top_instant is not None:
        notices.append(f"Whenever you play a card, check whether it sets off {top_instant} (press 1).")
    if state.phase == YOURS and state.gold.value == 0:
        notices.append(no_gold_notice(state))
    finished = ""
    if state.phase == OVER:
        finished = (
            "You defeated the Clockwork Sage: you win!"
            if state.winner == "you"
            else "The Clockwork Sage defeated your Sage: it wins."
        )
    cards_title = (
        "Revealed this turn" if state.phase in (CLOCKWORK, OVER) else "Revealed in the Clockwork's last turn"
    )
    return GameView(
        title=f"Command of Nature · Clockwork Sage ({pack.faction}: {pack.sage})",
        cards_title=cards_title,
        cards=cards,
        flow_title=flow_title,
        flow=flow,
        tracks=[wallet, formation, piles],
        notices=notices,
        finished=finished,
    )
