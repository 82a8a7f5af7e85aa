"""End of the game (KD-rb p.16-17; seed: End the Game): agenda points, the winner, Prestige and
Crave from the chart, the next King's name, House achievements and alignment marks."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, MultiChoice, Number, Option, TextEntry
from .rules import RANK_COLUMNS, Agenda, KingsDilemmaRules
from .bargains import seat_options
from .seats import competition_places, marker_places
from .state import OVER, KDState, Score
from .texts import reading_help, rule_help

ROMAN = {1: "I", 2: "II", 3: "III"}
# What the table does when a card's points are asked (readings resource-goal, money-points).
CARD_HELP = ("Read the points from the Secret Agenda card; Clockwork remembers them for the next games of "
             "the campaign and will not ask again.")
EXTREMIST_HELP = ("Read the points the Extremist card gives for these distances from the centre row; Clockwork "
                  "remembers them for the same distances in the next games of the campaign.")


def open_agenda_points(state: KDState, rules: KingsDilemmaRules) -> list[int]:
    """+3/+1 for a positive token on the highest/second highest Resource, −3/−1 for a negative one
    on the lowest/second lowest; tied Resources share a position (readings: bonus-ties)."""
    oa = rules.open_agendas
    rows = [r.row for r in state.resources]
    top = dict(zip((r.key for r in state.resources), marker_places(rows, highest=True)))
    bottom = dict(zip((r.key for r in state.resources), marker_places(rows, highest=False)))
    points = []
    for p in state.players:
        total = sum(oa.first if top[k] == 1 else oa.second if top[k] == 2 else 0 for k in p.open_positive)
        total -= sum(oa.first if bottom[k] == 1 else oa.second if bottom[k] == 2 else 0 for k in p.open_negative)
        points.append(total)
    return points


def power_points(state: KDState, rules: KingsDilemmaRules) -> list[int]:
    """+2 for the most Power left, +1 for the second most amount; tied Houses share the bonus and
    the next lower amount is still "second most", as for Open Agendas (KD-rb p.16-17; readings:
    bonus-ties)."""
    places = marker_places([p.power for p in state.players], highest=True)
    bonus = {1: rules.power_bonus.most, 2: rules.power_bonus.second}
    return [bonus.get(place, 0) for place in places]


def chart_columns(totals: list[int]) -> list[int]:
    """Chart column per player: 1st, 2nd (4-5 players), 3rd (5 players), second-to-last, Last.
    Everyone tied with the lowest total is Last (readings: rank-columns)."""
    n = len(totals)
    by_place = {3: [0, 3, 4], 4: [0, 1, 3, 4], 5: [0, 1, 2, 3, 4]}.get(n, list(range(RANK_COLUMNS)))
    low = min(totals)
    places = competition_places(totals)
    return [RANK_COLUMNS - 1 if t == low else by_place[min(place, n) - 1] for t, place in zip(totals, places)]


def markers_in_zone(state: KDState, agenda: Agenda) -> int:
    return sum(1 for r in state.resources if agenda.in_zone(r.row))


def card_points(state: KDState, agenda: Agenda, what: str, printed: int | None):
    """Points printed on a Secret Agenda card: from the ruleset where public, else what the table
    read from this card in an earlier game, else None (then asked once and remembered)."""
    if printed is not None:
        return printed
    known = state.card_points.get(agenda.key, {}).get(what)
    if known is None:
        known = state.recalled.card_points.get(agenda.key, {}).get(what)
    return known


def learn(state: KDState, agenda: Agenda, what: str, points: int) -> None:
    state.card_points.setdefault(agenda.key, {})[what] = points


def resource_goal(state: KDState, ctx: Context, name: str, agenda: Agenda):
    """Clockwork keeps the Resource markers, so it counts the markers in the card's zone; the
    points for that count are the card's (readings: resource-goal)."""
    rules: KingsDilemmaRules = ctx.rules
    if not agenda.rows:
        centre = rules.tracks.resource_start
        far = ", ".join(f"{rules.resource(r.key).name} {abs(r.row - centre)}" for r in state.resources)
        # The card's points for these distances, once read, are its points for them in any game.
        what = "distances " + " ".join(str(abs(r.row - centre)) for r in state.resources)
        points = card_points(state, agenda, what, None)
        if points is None:
            points = yield Number(
                f"{name}'s {agenda.name} card: distances from the centre row are {far}. Points on the card for them?",
                0, 60, label=f"{name}: Resource goal", help=EXTREMIST_HELP,
            )
            learn(state, agenda, what, points)
        return points, f"distances {far}"
    count = markers_in_zone(state, agenda)
    what = f"goal {count}"
    points = card_points(state, agenda, what, agenda.goal_points.get(str(count)))
    if points is None:
        points = yield Number(
            f"{name}'s {agenda.name} card: {count} marker{'s' if count != 1 else ''} in {agenda.zone}. "
            f"Points the card gives for {count}?", 0, 60,
            label=f"{name}: Resource goal", help=CARD_HELP,
        )
        learn(state, agenda, what, points)
    return points, f"{count} marker{'s' if count != 1 else ''} in {agenda.zone}"


def secret_agenda(state: KDState, ctx: Context, seat: int, score: Score, money_place: int, revealed: list[Score]):
    rules: KingsDilemmaRules = ctx.rules
    name = state.name(seat)
    # One card of each Agenda: those already revealed are not offered again (KD-rb p.5).
    taken = {sc.agenda for sc in revealed}
    key = yield Choice(
        f"{name}, reveal your Secret Agenda:",
        [Option(str(i + 1), a.name) for i, a in enumerate(rules.agendas) if a.key not in taken],
        label=f"{name}'s Secret Agenda", help=rule_help(rules, "scoring"),
    )
    agenda = rules.agendas[int(key) - 1]
    score.agenda = agenda.key
    score.resource_goal, counted = yield from resource_goal(state, ctx, name, agenda)
    score.money_rank = money_place
    if money_place > 3:
        score.money = 0
    else:
        what = f"money {ROMAN[money_place]}"
        money = card_points(state, agenda, what, agenda.money[money_place - 1] if agenda.money else None)
        if money is None:
            money = yield Number(
                f"{name} is money rank {ROMAN[money_place]}: points on the {agenda.name} card?", 0, 30,
                label=f"{name}: money rank points", help=CARD_HELP,
            )
            learn(state, agenda, what, money)
        score.money = money
    ctx.log(f"{name} ({agenda.name}): Resource goal {score.resource_goal} ({counted}), money rank "
            f"{ROMAN.get(money_place, '—')} {score.money}")


def name_the_king(state: KDState, ctx: Context, best: list[int]):
    rules: KingsDilemmaRules = ctx.rules
    namer = best[0]
    if len(best) > 1:
        namer = int((yield Choice(
            f"The win is shared. The Moderator, {state.name(state.moderator)}, picks who marries into the royal line:",
            seat_options(state, best), label="Who names the King", help=reading_help(rules, "king-name"),
        ))) - 1
    state.king = yield TextEntry(
        f"{state.name(namer)} names the next King (written atop this Realm chronicle):", label="The next King",
        max_len=40, examples=["Aldric II", "Maelis the Fair"],
    )
    ctx.log(f"{state.name(namer)} names the next King: {state.king}")


def achievements(state: KDState, ctx: Context):
    rules: KingsDilemmaRules = ctx.rules
    picked = yield MultiChoice(
        "Check the House achievements: which Houses mark one? (keys separated by spaces; none if blank)",
        seat_options(state, list(range(state.count))), label="House achievements",
        help=rule_help(rules, "after_game"),
    )
    for key in picked:
        seat = int(key) - 1
        what = yield TextEntry(
            f"{state.name(seat)}: which achievement (as written on the screen)?", label=f"{state.name(seat)} achievement",
            max_len=40, examples=["Achievement 1", "Achievement 2"],
        )
        state.scores[seat].achievements.append(what)
        ctx.log(f"{state.name(seat)} marks the achievement '{what}'")


def alignment_marks(state: KDState, ctx: Context):
    """One box for the Agenda used, unless that alignment is already unlocked (KD-rb p.18). The
    number of boxes per row is an editable default, so a row Clockwork thinks full is starred."""
    rules: KingsDilemmaRules = ctx.rules
    boxes = rules.campaign.alignment_boxes
    star = "*" if rules.campaign.alignment_editable_default else ""
    lines = []
    for score in state.scores:
        agenda = rules.agenda(score.agenda)
        done = state.recalled.alignment.get(score.house, {}).get(score.agenda, 0)
        score.alignment_marked = done < boxes
        lines.append(f"{score.house} {agenda.name}" + ("" if score.alignment_marked else f" (unlocked: {done} marks{star})"))
    note = (f" *Counted as {boxes} boxes a row: if your House screen has more, mark one."
            if star and "unlocked" in "".join(lines) else "")
    yield Instruction(
        "Alignment: mark one box for the Agenda used, unless already unlocked: " + "; ".join(lines) + "." + note,
        label="Alignment marks", help=rule_help(rules, "after_game"),
    )
    ctx.log("Alignment marks: " + "; ".join(lines))


def scoring_turn(state: KDState, ctx: Context):
    rules: KingsDilemmaRules = ctx.rules
    state.step = "agendas"
    scores = [Score(house=p.house) for p in state.players]
    money_places = competition_places([p.coins for p in state.players])
    for seat, score in enumerate(scores):
        yield from secret_agenda(state, ctx, seat, score, money_places[seat], scores[:seat])
    for score, oa, pw in zip(scores, open_agenda_points(state, rules), power_points(state, rules)):
        score.open_agendas, score.power = oa, pw
        score.total = score.resource_goal + score.money + oa + pw
    totals = [s.total for s in scores]
    reward = rules.reward(state.end_cause)
    for score, place, column in zip(scores, competition_places(totals), chart_columns(totals)):
        score.place, score.column = place, column
        score.prestige, score.crave = reward.prestige[column], reward.crave[column]
        ctx.log(f"{score.house}: {score.total} points (agenda {score.resource_goal + score.money}, Open Agendas "
                f"{score.open_agendas:+d}, Power +{score.power}) → Prestige +{score.prestige}, Crave +{score.crave}")
    state.scores = scores
    best = [s for s, sc in enumerate(scores) if sc.place == 1]
    state.winners = [state.name(s) for s in best]
    ctx.log(f"Winner: {', '.join(state.winners)} ({scores[best[0]].total} points)")
    state.step = "chronicle"
    yield Instruction(
        f"{reward.label}. Mark the scores on the Realm chronicle; each House adds its Prestige and Crave: "
        + "; ".join(f"{s.house} +{s.prestige}P +{s.crave}C" for s in scores) + ".",
        label="Prestige and Crave", help=rule_help(rules, "prestige"),
    )
    state.step = "king"
    yield from name_the_king(state, ctx, best)
    state.step = "achievements"
    yield from achievements(state, ctx)
    yield from alignment_marks(state, ctx)
    state.step = "store"
    yield Instruction(
        "Store the game: Trigger cards back into the Dilemma deck, the deck and Cover tile in the Dilemma Save "
        "slot; Time Counter cards in the Trash slot; Agendas and vote cards in the Setup slot; unlocked Story "
        "and ongoing Event cards in the Story Save slot.",
        label="Store the game", help=rule_help(rules, "after_game"),
    )
    state.phase = OVER
