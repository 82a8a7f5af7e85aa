"""P3, the vote of the council (KD-rb p.9-11; seed: Play P3; notes §2.3).

One TurnStart per voting turn. From the Leader clockwise; the Leader token moves to a player
with strictly more Power committed than anyone; voting ends after the turn of the player on
the right of the current Leader."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Option, Refused
from .rules import KingsDilemmaRules
from .asks import look_again, small_number
from .bargains import BARGAIN, record_bargain
from .seats import right_of
from .state import AYE, GATHER, MODERATE, NAY, RESOLVE, KDState, Player
from .texts import reading_help, rule_help

VOTE_NAMES = {AYE: "AYE", NAY: "NAY", GATHER: "Pass and Gather", MODERATE: "Pass and Become Moderator"}


def needs_turn(player: Player) -> bool:
    """Passers have nothing to decide; a voter is always asked, even with no Power left, since
    skipping its turn would tell the table what its screen hides (readings: later-turns)."""
    return player.vote in ("", AYE, NAY)


def take_leader_if_most(state: KDState, seat: int, ctx: Context) -> None:
    """Strictly more than every other player's commitment; equalling is not enough (notes §2.3)."""
    mine = state.players[seat].committed
    others = max((p.committed for s, p in enumerate(state.players) if s != seat), default=0)
    if seat != state.leader and mine > others:
        ctx.log(f"{state.name(seat)} has the most Power committed ({mine}): takes the Leader token from {state.name(state.leader)}")
        state.leader = seat
    elif seat != state.leader and mine == others:  # a tie the rule settles: said, never silent
        ctx.log(f"{state.name(seat)} only equals the most Power committed ({mine}): the Leader token stays with "
                f"{state.name(state.leader)}, since it takes strictly more")


def next_voter(state: KDState) -> int | None:
    """The next seat with a decision, or None when the player right of the Leader has had a turn.
    Skipped turns still count for the end of voting (readings: later-turns)."""
    seat = state.seat
    for _ in range(2 * state.count + 1):
        if seat == right_of(state, state.leader):
            return None
        seat = (seat + 1) % state.count
        if needs_turn(state.players[seat]):
            return seat
    return None


def commit(state: KDState, seat: int, amount: int, ctx: Context) -> None:
    p = state.players[seat]
    p.power -= amount
    p.committed += amount
    ctx.log(f"{p.house} puts {amount} Power on {VOTE_NAMES[p.vote]}: {p.committed} there")


def power_to_commit(state: KDState, seat: int, text: str, label: str, ctx: Context):
    """The amount, checked against what the House holds; the keys are the same for every House,
    so the question never shows how much Power is behind a screen."""
    rules: KingsDilemmaRules = ctx.rules
    p = state.players[seat]
    return (yield from small_number(text, label, help=rule_help(rules, "vote"), most=rules.tokens.power_in_box,
                                    held=p.power, too_many=look_again(p.house, "Power")))


def first_turn(state: KDState, seat: int, ctx: Context):
    rules: KingsDilemmaRules = ctx.rules
    p = state.players[seat]
    options = [Option("1", "AYE (1+ Power)"), Option("2", "NAY (1+ Power)"), Option("3", "Pass and Gather Power")]
    if not state.moderator_taken:
        options.append(Option("4", "Pass and Become Moderator"))
    options.append(BARGAIN)
    while True:
        key = yield Choice(f"{p.house} votes:", options, label=f"{p.house} votes",
                           help=rule_help(rules, "vote", "leader_token"))
        if key in ("1", "2") and p.power == 0:  # refused in place: the options never tell
            raise Refused(look_again(p.house, "Power", "passing is always open"))
        if key != "b":
            break
        yield from record_bargain(state, ctx)
    if key in ("1", "2"):
        p.vote = AYE if key == "1" else NAY
        amount = yield from power_to_commit(
            state, seat, f"How much Power does {p.house} put on {VOTE_NAMES[p.vote]}?", f"{p.house}: Power on {VOTE_NAMES[p.vote]}", ctx)
        commit(state, seat, amount, ctx)
        take_leader_if_most(state, seat, ctx)
        return
    p.vote = GATHER if key == "3" else MODERATE
    if state.coin_pool > 0:
        state.coin_pool -= 1
        p.pass_coin = 1
        coin = "1 Coin from the pool on the PASS card"
    else:
        coin = "no Coin left in the pool, so none on the PASS card"
    if p.vote == MODERATE:
        state.moderator_taken = True
        if state.moderator != seat:
            ctx.log(f"{p.house} takes the Moderator token from {state.name(state.moderator)}")
        state.moderator = seat
    ctx.log(f"{p.house}: {VOTE_NAMES[p.vote]}, {coin}")


def later_turn(state: KDState, seat: int, ctx: Context):
    """Only adding Power or staying; staying is the usual answer (KD-rb p.10)."""
    rules: KingsDilemmaRules = ctx.rules
    p = state.players[seat]
    side = VOTE_NAMES[p.vote]
    while True:
        key = yield Choice(
            f"{p.house} again ({p.committed} on {side}): add Power or stay?",
            [Option("1", f"add Power to {side}"), Option("2", "stay"), BARGAIN],
            label=f"{p.house} again", help=rule_help(rules, "vote", "vote_end") + " " + reading_help(rules, "later-turns"),
            default="2",
        )
        if key == "1" and p.power == 0:  # refused in place, as a first vote is: the history never tells
            raise Refused(look_again(p.house, "Power", "staying is always open"))
        if key != "b":
            break
        yield from record_bargain(state, ctx)
    if key == "2":
        ctx.log(f"{p.house} stays with {p.committed} on {side}")
        return
    amount = yield from power_to_commit(state, seat, f"How much more Power on {side}?", f"{p.house}: more Power", ctx)
    commit(state, seat, amount, ctx)
    take_leader_if_most(state, seat, ctx)


def vote_turn(state: KDState, ctx: Context):
    seat = state.seat
    p = state.players[seat]
    state.step = "vote"
    if p.vote == "":
        yield from first_turn(state, seat, ctx)
    else:
        yield from later_turn(state, seat, ctx)
    p.turns += 1
    nxt = next_voter(state)
    if nxt is None:
        ctx.log(f"Voting ends after {state.name(seat)}'s turn (right of the Leader, {state.name(state.leader)})"
                if seat == right_of(state, state.leader) else
                f"Voting ends: the player right of the Leader ({state.name(right_of(state, state.leader))}) has nothing to add")
        state.phase = RESOLVE
    else:
        state.seat = nxt
