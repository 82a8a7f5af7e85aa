"""P4, vote resolution and cleanup (KD-rb p.11-12; seed: Play P4; notes §2.4 and §5)."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Option
from .rules import KingsDilemmaRules
from .bargains import BARGAIN, record_bargain, seat_options
from .state import AYE, GATHER, MODERATE, NAY, OUTCOME, PASSES, KDState
from .texts import rule_help


def totals(state: KDState) -> tuple[int, int]:
    aye = sum(p.committed for p in state.players if p.vote == AYE)
    nay = sum(p.committed for p in state.players if p.vote == NAY)
    return aye, nay


def all_passed(state: KDState) -> bool:
    """No Power at all on AYE or NAY (readings: all-passed)."""
    return all(p.vote in PASSES for p in state.players)


def split_middle(state: KDState, ctx: Context) -> None:
    """The middle Power goes to Pass-and-Gather players only, in equal shares; the remainder
    stays (notes §5 bug 1: a Pass-and-Become-Moderator player gets none)."""
    gatherers = [p for p in state.players if p.vote == GATHER]
    if not gatherers:
        ctx.log(f"Nobody passed to gather: the {state.balance_middle} Power stay in the middle")
        return
    share = state.balance_middle // len(gatherers)
    for p in gatherers:
        p.power += share
    before = state.balance_middle
    state.balance_middle -= share * len(gatherers)
    ctx.log(f"Middle Power {before} shared by {len(gatherers)} gatherer(s): {share} each "
            f"({', '.join(p.house for p in gatherers)}); {state.balance_middle} stay in the middle")


def cleanup(state: KDState, winner: str, ctx: Context) -> None:
    """Exactly in this order: the Moderator token off the PASS card, PASS Coins back, the split,
    losers' Power back, then winners' Power to the middle, always, feeding the next vote (KD-rb
    p.11-12; notes §2.4; §5 bug 2)."""
    for p in state.players:
        if p.vote == MODERATE:
            # seed: Play P4 Cleanup (Pass and Become Moderator gives the Moderator token back to
            # the board): KD-rb p.11 says where, the table in front of that House's screen, and
            # the House stays Moderator (readings: moderator-pass).
            ctx.log(f"{p.house} keeps the Moderator token: it comes off the PASS card onto the table in front "
                    f"of {p.house}'s screen, and Pass and Become Moderator is open again next vote")
    for p in state.players:
        if p.pass_coin:
            p.coins += p.pass_coin
            ctx.log(f"{p.house} takes the Coin from the PASS card behind the screen")
            p.pass_coin = 0
    split_middle(state, ctx)
    for p in state.players:
        if p.vote in (AYE, NAY) and p.vote != winner and p.committed:
            p.power += p.committed
            ctx.log(f"{p.house} (losing side) takes its {p.committed} Power back behind the screen")
            p.committed = 0
    moved = 0
    for p in state.players:
        if p.vote == winner and p.committed:
            moved += p.committed
            p.committed = 0
    state.balance_middle += moved
    ctx.log(f"The winners' {moved} Power go to the Balance's middle: {state.balance_middle - moved} → {state.balance_middle}")


def moderator_decides(state: KDState, ctx: Context, why: str):
    """Players may still pay the Moderator for a side (KD-rb p.11 example)."""
    rules: KingsDilemmaRules = ctx.rules
    while True:
        key = yield Choice(
            f"{why} The Moderator, {state.name(state.moderator)}, decides:",
            [Option("1", "AYE"), Option("2", "NAY"), BARGAIN],
            label="Moderator decides the vote", help=rule_help(rules, "resolution", "bargain"),
        )
        if key != "b":
            return AYE if key == "1" else NAY
        yield from record_bargain(state, ctx)


def pass_leader_token(state: KDState, winner: str, ctx: Context):
    """Only a Leader on the losing side hands the token on (notes §5 bug 3; readings: leader-passed)."""
    rules: KingsDilemmaRules = ctx.rules
    leader = state.players[state.leader]
    if leader.vote not in (AYE, NAY) or leader.vote == winner:
        return
    side = [s for s, p in enumerate(state.players) if p.vote == winner]
    top = max(state.players[s].committed for s in side)
    best = [s for s in side if state.players[s].committed == top]
    if len(best) == 1:
        new = best[0]
    else:
        # The Moderator may bargain with the tied players over it (KD-rb p.11).
        while True:
            key = yield Choice(
                f"The Leader lost; {len(best)} winners tie with {top} Power. The Moderator, "
                f"{state.name(state.moderator)}, gives the Leader token to:",
                seat_options(state, best) + [BARGAIN], label="Moderator gives the Leader token",
                help=rule_help(rules, "resolution", "bargain"),
            )
            if key != "b":
                break
            yield from record_bargain(state, ctx)
        new = int(key) - 1
    ctx.log(f"The Leader {leader.house} was on the losing side: the Leader token goes to {state.name(new)} ({top} Power on the winning side)")
    state.leader = new


def resolve_turn(state: KDState, ctx: Context):
    rules: KingsDilemmaRules = ctx.rules
    state.step = "count"
    aye, nay = totals(state)
    while True:
        key = yield Choice(
            f"Vote resolution: AYE {aye}, NAY {nay}. Any last bargains first?",
            [Option("1", "count the votes"), BARGAIN],
            label="Vote resolution", help=rule_help(rules, "resolution", "bargain"), default="1",
        )
        if key == "1":
            break
        yield from record_bargain(state, ctx)
    if all_passed(state):
        winner = yield from moderator_decides(state, ctx, "Everyone passed.")
        ctx.log(f"Everyone passed: the Moderator {state.name(state.moderator)} chooses {winner.upper()} and takes the Leader token")
        state.leader = state.moderator
    elif aye == nay:
        winner = yield from moderator_decides(state, ctx, f"AYE and NAY tie at {aye}.")
        ctx.log(f"Tie {aye}–{nay}: the Moderator {state.name(state.moderator)} chooses {winner.upper()}")
    else:
        winner = AYE if aye > nay else NAY
        ctx.log(f"{winner.upper()} wins {max(aye, nay)} to {min(aye, nay)}")
    state.outcome = winner
    state.step = "cleanup"  # the step the flow names the Leader token in
    yield from pass_leader_token(state, winner, ctx)
    cleanup(state, winner, ctx)
    state.phase = OUTCOME

