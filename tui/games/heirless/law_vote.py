"""Enact a Law (PT: Standard Actions, Enact): the proposer commits at least the threshold, then
every player spends Influence for or against in reverse turn order (the proposer twice). Enacted
when for − against reaches the threshold; every point of Influence paid is discarded; those who
voted the winning way gain 2 Prestige. A failed vote still used the action."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Instruction, Number, TextEntry
from ...rules.heirless import HeirlessRules
from .players import change_influence, change_prestige
from .state import HeirlessState, Law, LawVote
from .tracker import BANDITS, priorities

LAW_EXAMPLES = ["Tax Law", "Martial Law"]


def voting_order(state: HeirlessState) -> list[int]:
    """Reverse of the current priority order, every player included; Bandits do not vote
    (reading vote-order)."""
    return [p for p in reversed(priorities(state.tracker)) if p != BANDITS]


def result(votes: list[LawVote], threshold: int) -> tuple[int, int, bool]:
    """(Influence for, Influence against, enacted?)."""
    yes = sum(v.influence for v in votes if v.side == "for")
    no = sum(v.influence for v in votes if v.side == "against")
    return yes, no, yes - no >= threshold


def already_enacted(state: HeirlessState, name: str) -> Law | None:
    """The Law of that name already enacted, if any (names compared without case)."""
    return next((law for law in state.laws if law.enacted and law.name.lower() == name.strip().lower()), None)


def winners(votes: list[LawVote], enacted: bool) -> list[int]:
    """Everyone who voted the way that won, once each, in voting order. Spending nothing is not a
    vote (reading vote-zero); those against win when the Law fails (reading vote-against)."""
    side = "for" if enacted else "against"
    return list(dict.fromkeys(v.voter for v in votes if v.side == side and v.influence > 0))


def enact(state: HeirlessState, ctx: Context, me: int):
    rules: HeirlessRules = ctx.rules
    proposer = state.players[me]
    vote_help = rules.help("vote")
    if proposer.influence == 0:
        yield Instruction(f"Enacting needs Influence to commit and {proposer.seal} has none: choose another "
                          "action.", label="Enact refused", help=vote_help)
        return False
    known = [law.name for law in state.laws if not law.enacted]
    ask = f"Which Law does {proposer.seal} try to enact? (its name on the card)"
    while True:
        name = yield TextEntry(ask, label="Enact: Law", max_len=40, examples=(known + LAW_EXAMPLES)[:3],
                               help=rules.action("enact").text)
        # Only a failed Law stays available (PT: Enact), so an enacted one cannot be proposed again.
        done = already_enacted(state, name)
        if done is None:
            break
        ask = f"{done.name} was enacted in Season {done.season} and is no longer available. Which Law?"
    threshold = yield Number(f"{name}: its Influence threshold (on the card)?", 1, 40,
                             label=f"{name} threshold", help=rules.reading("law-data").reading)
    if proposer.influence < threshold:
        yield Instruction(
            f"{proposer.seal} must commit at least {threshold} Influence and has {proposer.influence}: "
            "choose another action.", label="Enact refused", help=vote_help,
        )
        return False
    commit = yield Number(
        f"{proposer.seal} commits Influence for {name} (at least {threshold}, has {proposer.influence}):",
        threshold, proposer.influence, label="Influence committed", default=threshold, help=vote_help,
    )
    votes = [LawVote(me, "for", commit)]
    ctx.log(f"{proposer.seal} proposes {name} (threshold {threshold}), commits {commit} for: "
            f"{change_influence(state, me, -commit)}")
    for voter in voting_order(state):
        player = state.players[voter]
        yes, no, _ = result(votes, threshold)
        tally = f"now {yes} for, {no} against"
        if player.influence == 0:
            ctx.log(f"{player.seal} has no Influence to spend on {name}")
            continue
        if voter == me:
            # Second chance (reading vote-proposer): more in favour, or nothing.
            spent = yield Number(
                f"{name}, {tally}: {player.seal}'s second chance, more Influence for (0 = none; has "
                f"{player.influence})?", 0, player.influence, label=f"{player.seal} adds for",
                default=0, help=vote_help,
            )
        else:
            spent = yield Number(
                f"{name}, {tally}: {player.seal} spends Influence: +N for, −N against, 0 abstains "
                f"(has {player.influence})", -player.influence, player.influence,
                label=f"{player.seal} votes", default=0, help=vote_help,
            )
        if spent == 0:
            ctx.log(f"{player.seal} spends nothing on {name}")
            continue
        side = "for" if spent > 0 else "against"
        votes.append(LawVote(voter, side, abs(spent)))
        ctx.log(f"{player.seal} votes {side} {name} with {abs(spent)}: {change_influence(state, voter, -abs(spent))}")
    yes, no, enacted = result(votes, threshold)
    verdict = "enacted" if enacted else "not enacted, it stays available"
    ctx.log(f"{name}: {yes} for − {no} against = {yes - no} vs threshold {threshold}: {verdict}; "
            "every point of Influence paid is discarded")
    for voter in winners(votes, enacted):
        gain = rules.numbers.law_win_prestige
        ctx.log(f"{state.players[voter].seal} voted the winning way: {change_prestige(state, voter, gain)}")
    state.laws.append(Law(name, threshold, me, state.season, enacted, votes))
    state.done.append(f"Enact {name}: {'enacted' if enacted else 'failed'} ({yes}−{no} vs {threshold})")
    if enacted:
        yield Instruction(f"{name} is enacted: apply it as its card says and take it out of the available Laws.",
                          label=f"Apply {name}")
    return True
