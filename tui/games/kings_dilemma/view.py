"""What the screen shows: the Dilemma and its Outcome tokens, the vote as arrows, the Realm's
tracks drawn row by row, the Balance, the Time Counter and the Mystery stickers. Each House's
Power and Coins stay hidden; private_holdings gives them for one player's eyes."""

from __future__ import annotations

from ...engine.game import Status, joined
from ...engine.view import CardView, FlowStep, GameView, StepState, TrackGroup, TrackRow, walk
from .rules import KingsDilemmaRules
from .state import AYE, DILEMMA, GATHER, GRAND_FINALE, MODERATE, NAY, OUTCOME, OVER, RESOLVE, SCORING, SETUP, VOTE, KDState
from .seats import right_of

VOTE_SHORT = {AYE: "AYE", NAY: "NAY", GATHER: "Pass+Gather", MODERATE: "Pass+Moderator"}
ROUND_STEPS = [
    (DILEMMA, "P1 Draw from the bottom · P2 Outcome tokens"),
    (VOTE, "P3 Vote of the council"),
    (RESOLVE, "P4 Vote resolution and cleanup"),
    (OUTCOME, "P5 Dilemma resolution A–F"),
]
SETUP_STEPS = [
    ("houses", "Houses at each seat"),
    ("prestige", "Prestige → Leader and Moderator"),
    ("tokens", "Power and Coins"),
    ("realm", "Realm board, Momentum sides"),
    ("screens", "House screens, Leader and Moderator"),
    ("legacy", "Chronicle stickers move Resources"),
    ("open", "Open Agenda tokens"),
    ("secret", "Secret Agendas"),
    ("deck", "Dilemma deck, legacy setup"),
]
RESOLVE_STEPS = [
    ("count", "Count AYE and NAY (ties: Moderator)"),
    ("cleanup", "Leader token, PASS Coins, split, Power back/middle"),
]
OUTCOME_STEPS = [
    ("A", "A Read the outcome"),
    ("B", "B Resources with Momentum, Stability"),
    ("C", "C Stickers (the Leader signs)"),
    ("D", "D Envelope, Power/Coins gained"),
    ("E", "E Card under the Time Counter"),
    ("F", "F Abdication, King's Death, Grand Finale?"),
]
SCORING_STEPS = [
    ("agendas", "Secret Agendas, Open Agendas, Power"),
    ("chronicle", "Prestige and Crave from the chart"),
    ("king", "The winner names the next King"),
    ("achievements", "Achievements, alignment marks"),
    ("store", "Store the game"),
]


def track_line(pos: int, hi: int, marker: str, centre: bool = True) -> str:
    """One cell per row, 1 on the left: a glance shows where the marker stands."""
    mid = (hi + 1) // 2
    cells = ["┼" if centre and i == mid else "─" for i in range(1, hi + 1)]
    cells[pos - 1] = marker
    return "".join(cells)


def token_tags(state: KDState, seat: int) -> str:
    """L and M for the Houses holding the Leader and Moderator tokens, once they are handed out."""
    if not state.tokens_out:
        return ""
    return ("L" if seat == state.leader else "") + ("M" if seat == state.moderator else "")


def vote_flow(state: KDState) -> list[FlowStep]:
    flow = []
    for k in range(state.count):
        seat = (state.first_voter + k) % state.count
        p = state.players[seat]
        tags = token_tags(state, seat)
        label = f"{p.house}" + (f" [{tags}]" if tags else "")
        note = ""
        if p.vote in (AYE, NAY):
            note = f"{VOTE_SHORT[p.vote]} {p.committed or ''}".strip()
        elif p.vote:
            note = VOTE_SHORT[p.vote]
        mark: StepState = "current" if state.phase == VOTE and seat == state.seat else ("done" if p.turns else "todo")
        flow.append(FlowStep(label, mark, note))
    if state.phase == VOTE:
        flow.append(FlowStep(f"ends after {state.name(right_of(state, state.leader))} (right of the Leader)", "todo"))
    return flow


def flow_of(state: KDState) -> tuple[str, list[FlowStep]]:
    if state.phase == SETUP:
        return "Setup", walk(SETUP_STEPS, state.step)
    if state.phase == VOTE:
        return f"Round {state.round} · P3 the vote", vote_flow(state)
    if state.phase == RESOLVE:
        return f"Round {state.round} · P4", walk(RESOLVE_STEPS, state.step) + vote_flow(state)
    if state.phase == OUTCOME:
        return f"Round {state.round} · P5 ({state.outcome.upper()})", walk(OUTCOME_STEPS, state.step)
    if state.phase == OVER and state.end_cause == GRAND_FINALE:
        # The campaign ends at Envelope 70: the End the Game steps never happen (seed: End the
        # Campaign; readings: grand-finale), so none of them is marked done.
        finale = FlowStep("Envelope 70: the Grand Finale", "done")
        return "End of the campaign", [finale] + [
            FlowStep(label, "skipped", "not played: Envelope 70 ends the campaign") for _, label in SCORING_STEPS]
    if state.phase in (SCORING, OVER):
        steps = walk(SCORING_STEPS, state.step)
        if state.phase == OVER:
            steps = [FlowStep(s.label, "done") for s in steps]
        return "End of the game", steps
    return f"Round {state.round}", walk([(k, v) for k, v in ROUND_STEPS], state.phase)


def realm_rows(state: KDState, rules: KingsDilemmaRules) -> list[TrackRow]:
    """Labels padded to one width, so at any pane width the drawings line up under the scale;
    ▲/▼ is the Momentum side, M a Momentum marker on it."""
    hi = rules.tracks.resource_rows
    width = max(len(r.short) for r in rules.resources)
    scale = f"{1:<{(hi - 1) // 2}}{(hi + 1) // 2:<{hi - (hi - 1) // 2 - 2}}{hi}"
    rows = [TrackRow(" " * width, scale)]
    for res in state.resources:
        info = rules.resource(res.key)
        marker = "▲" if res.up else "▼"
        rows.append(TrackRow(f"{info.short:<{width}}", track_line(res.row, hi, marker) + (" M" if res.marker else "")))
    rows.append(TrackRow(
        f"{'Stab.':<{width}}", track_line(state.stability, state.stability_hi, "◆"),
        editable_default=rules.tracks.stability_editable_default,
        note="at an end: abdication" if state.stability_stopped else "",
    ))
    return rows


def realm_numbers(state: KDState, rules: KingsDilemmaRules) -> TrackRow:
    """The exact rows, in the Resources' order, for checking the board."""
    parts = [f"{r.row}{'↑' if r.up else '↓'}{'M' if r.marker else ''}" for r in state.resources]
    return TrackRow("Rows", " ".join(parts) + f" ◆{state.stability}")


def council_rows(state: KDState) -> list[TrackRow]:
    """What everyone at the table sees: the vote cards and the tokens in front of the screens.
    Power and Coins behind a screen are never shown here (private_holdings), nor the pool they
    would be worked out from."""
    aye = sum(p.committed for p in state.players if p.vote == AYE)
    nay = sum(p.committed for p in state.players if p.vote == NAY)
    rows = [TrackRow("Vote", f"AYE {aye} · NAY {nay}"), TrackRow("Middle", f"{state.balance_middle}P")]
    for seat, p in enumerate(state.players):
        tags = token_tags(state, seat)
        extra = []
        if p.open_positive or p.open_negative:
            extra.append(" ".join([f"+{k[:3]}" for k in p.open_positive] + [f"−{k[:3]}" for k in p.open_negative]))
        if p.agenda_chosen and state.phase == SETUP:
            extra.append("agenda chosen")
        label = (p.house or f"Seat {seat + 1}") + (f" {tags}" if tags else "")
        on_card = f"{VOTE_SHORT.get(p.vote, '')} {p.committed or ''}".strip()
        rows.append(TrackRow(label, on_card or "·", note=" · ".join(extra)))
    # No pool count: it is the box less what the screens hold, so it would tell the table how much
    # lies behind them all (and, after a capped payment, behind one: issue 24's playtest).
    rows.append(TrackRow("Screens", "hidden", note="F3 shows a House its own"))
    return rows


def private_holdings(rules: KingsDilemmaRules, state: KDState) -> list[tuple[str, list[str]]]:
    """Each House's name and what lies behind its screen, for showing to that player alone (the
    shared screen never shows it: KD-rb p.8, tokens are kept behind the House screen)."""
    out = []
    for seat, p in enumerate(state.players):
        lines = [f"{p.power} Power behind the screen", f"{p.coins} Coins behind the screen"]
        if p.committed:
            lines.append(f"{p.committed} Power on its {VOTE_SHORT[p.vote]} card")
        out.append((state.name(seat), lines))
    return out


def score_rows(state: KDState) -> list[TrackRow]:
    """End of game: each House's total and what it writes on its screen."""
    rows = []
    for sc in sorted(state.scores, key=lambda sc: (sc.place, sc.house)):
        rows.append(TrackRow(
            sc.house, f"{sc.total} · +{sc.prestige}P +{sc.crave}C",
            note=f"agenda {sc.resource_goal + sc.money} open{sc.open_agendas:+d} Power+{sc.power}",
        ))
    return rows


def status(state: KDState) -> Status:
    if state.phase == SETUP:
        return Status("Setup", save=f"Setup · {state.count} players")
    if state.phase == OVER and state.end_cause == GRAND_FINALE:
        return Status("End of the game", "Grand Finale · Envelope 70",
                      f"Grand Finale after {state.round} rounds · open Envelope 70")
    if state.phase == OVER:
        winners = ", ".join(state.winners)
        return Status("End of the game", f"Game over · {winners}", f"Game over after {state.round} rounds · won by {winners}")
    where = f"Round {state.round}"
    save = joined(where, ", ".join(p.house for p in state.players if p.house))
    if state.phase == SCORING:
        return Status("End of the game", "Scoring", save)
    if state.phase == VOTE:
        name = state.name(state.seat)
        return Status(joined(where, "Vote", name), joined(where, f"vote: {name}"), save)
    turn, step = {DILEMMA: ("Dilemma", ""), RESOLVE: ("Vote resolution", "P4"),
                  OUTCOME: ("Dilemma resolution", f"P5 {state.outcome.upper()}")}.get(state.phase, ("", ""))
    return Status(joined(where, turn), joined(where, step), save)


def view(state: KDState, rules: KingsDilemmaRules) -> GameView:
    cards = []
    if state.card and state.phase not in (SETUP, DILEMMA):
        cards.append(CardView(state.card, f"round {state.round}", marked=state.phase in (VOTE, RESOLVE, OUTCOME)))
        cards.append(CardView("AYE", " ".join(state.aye_tokens) or "no tokens"))
        cards.append(CardView("NAY", " ".join(state.nay_tokens) or "no tokens"))
        if state.outcome:
            cards.append(CardView(f"won: {state.outcome.upper()}", " ".join(state.moves)))
    cards.append(CardView(f"Time {len(state.time_cards)}", f"skull {state.skull_cards}" if state.skull_cards else ""))
    flow_title, flow = flow_of(state)
    time_note = f"{state.skull_cards}/{rules.time_counter.skull_section_cards} in the skull section"
    realm = TrackGroup("Realm", realm_rows(state, rules) + [realm_numbers(state, rules)])
    mystery = f"{state.recalled.mystery_stickers + state.mystery_stickers}/{rules.campaign.mystery_stickers_to_end}"
    council = TrackGroup("Council", council_rows(state) + [
        TrackRow("Time", str(len(state.time_cards)), note=time_note),
        TrackRow("Mystery", mystery, note="stickers in the campaign; the last one opens Envelope 70"),
    ])
    # During the vote the Houses' Power and Coins matter most; otherwise the Realm does.
    tracks = [council, realm] if state.phase in (VOTE, RESOLVE) else [realm, council]
    if state.scores:
        tracks.insert(0, TrackGroup("Scores", score_rows(state)))
    notices = []
    if state.phase == VOTE:
        p = state.players[state.seat]
        notices.append(f"{p.house} votes. Only Coins may change hands in a bargain.")
    finished = ""
    if state.phase == OVER and state.end_cause == GRAND_FINALE:
        finished = "The last Mystery sticker is attached: open Envelope 70, the Grand Finale. The campaign ends there."
    elif state.phase == OVER:
        tops = ", ".join(f"{s.house} {s.total}" for s in sorted(state.scores, key=lambda s: -s.total))
        finished = f"{' and '.join(state.winners)} won ({tops}). Long live {state.king}."
    return GameView(
        title="The King's Dilemma · council clerk",
        cards_title="Dilemma",
        cards=cards,
        flow_title=flow_title,
        flow=flow,
        tracks=tracks,
        notices=notices,
        finished=finished,
    )
