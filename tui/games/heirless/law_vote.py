"""Enact a Law (PT: Standard Actions, Enact): the proposer commits at least the threshold, then
every player spends Influence for or against in reverse turn order (the proposer twice). Enacted
when for − against reaches the threshold; every point of Influence paid is discarded; those who
voted the winning way gain 2 Prestige. A failed vote still used the action."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import AnswerError, Choice, Instruction, Number, Option, TextEntry
from .rules import HeirlessRules
from .facts import COMMITTED, THRESHOLD, law_applied, one_of
from .free_actions import FREE_FIRST, free_action
from .players import LIST_KEYS, change_influence, change_prestige
from .state import HeirlessState, Law, LawCard, LawVote
from .tracker import BANDITS, priorities

LAW_EXAMPLES = ["Tax Law", "Martial Law", "Harvest Law"]
NEW_LAW, BACK_KEY = "n", "b"  # known Laws take the digits 1-9


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


def still_available(state: HeirlessState) -> list[Law]:
    """Laws voted on and failed, each once (its latest vote): still available with the same card
    and threshold (PT: Enact; reading law-remembered)."""
    failed: dict[str, Law] = {}
    for law in state.laws:
        key = law.name.lower()
        if law.enacted:
            failed.pop(key, None)
        else:
            failed[key] = law
    return list(failed.values())


def known_laws(state: HeirlessState) -> list[tuple[str, int, str]]:
    """Every available Law whose card the table has read: (name, threshold, what became of it).
    Those failed keep their threshold (reading law-remembered), and so does one proposed but
    never voted on, its proposer short of the threshold then (HA-1)."""
    voted = {law.name.lower() for law in state.laws}
    known = [(law.name, law.threshold, f"failed in Season {law.season}") for law in still_available(state)]
    return known + [(c.name, c.threshold, "not voted on yet") for c in state.cards if c.name.lower() not in voted]


def law_examples(state: HeirlessState) -> list[str]:
    """Names random play may type: none already enacted."""
    return [n for n in LAW_EXAMPLES if already_enacted(state, n) is None] or [f"Law {len(state.laws) + 1}"]


def new_law_check(state: HeirlessState):
    """Only a failed Law stays available (PT: Enact): an enacted one is refused in place."""

    def check(name: str) -> None:
        done = already_enacted(state, name)
        if done is not None:
            raise AnswerError(f"{done.name} was enacted in Season {done.season} and is no longer available.")

    return check


def pick_law(state: HeirlessState, ctx: Context, me: int):
    """Which Law: one whose threshold is known (failed before, or proposed when too dear), a new
    one, or back to the actions (issue 17: an Enact that cannot go on leads back to the menu).
    Returns (name, threshold) or None."""
    rules: HeirlessRules = ctx.rules
    proposer = state.players[me]
    laws = known_laws(state)
    known = [law for law in laws if law[1] <= proposer.influence][:9]
    dear = [f"{name} ({threshold})" for name, threshold, _ in laws if threshold > proposer.influence]
    options = [Option(LIST_KEYS[n], f"{name} (threshold {threshold}, {what})")
               for n, (name, threshold, what) in enumerate(known)]
    more = f" Too dear now: {', '.join(dear)}." if dear else ""
    key = yield Choice(
        f"Which Law does {proposer.seal} propose? ({proposer.influence} Influence to commit){more}",
        [*options, Option(NEW_LAW, "a Law not voted on yet: type its name"), Option(BACK_KEY, "back to the actions")],
        label="Enact: which Law", help=rules.action("enact").text,
    )
    if key == BACK_KEY:
        return None
    if key != NEW_LAW:
        name, threshold, _ = known[LIST_KEYS.index(key)]
        return name, threshold
    typed = yield TextEntry(f"The Law's name, as on its card ({proposer.seal} proposes it):", label="Enact: Law name",
                            max_len=40, examples=law_examples(state), help=rules.action("enact").text,
                            check=new_law_check(state))
    card = next((law for law in laws if law[0].lower() == typed.strip().lower()), None)
    name = card[0] if card is not None else typed
    if card is not None:  # typed rather than picked: the card's threshold is the record's
        ctx.facts.state(THRESHOLD, card[1], f"printed on its card, said when {name} was first proposed")
    threshold = yield Number(f"{name}: its Influence threshold (printed on the card)?", 1, 40,
                             label=f"{name} threshold", help="Type the threshold printed on the Law card.",
                             fact=THRESHOLD)
    if card is None:
        state.cards.append(LawCard(name, threshold))
    if proposer.influence < threshold:
        yield Instruction(
            f"{proposer.seal} must commit at least {threshold} Influence to {name} and has {proposer.influence}: "
            "back to the actions (no Standard Action used).", label="Enact: back to the actions",
            help=rules.help("vote"),
        )
        return None
    return name, threshold


def vote_step(state: HeirlessState, ctx: Context, question: Number):
    """One amount of the vote. Free Actions may come at any time (PT: Free Actions), so `f` opens
    one (a promise struck between two voters, a haggle) and the same question comes back; a Free
    Action moves no Influence (Influence cannot be traded), so the question still holds."""
    while True:
        amount = yield question
        if amount != FREE_FIRST.key:
            return amount
        yield from free_action(state, ctx)


def enact(state: HeirlessState, ctx: Context, me: int):
    rules: HeirlessRules = ctx.rules
    proposer = state.players[me]
    vote_help = rules.help("vote")
    picked = yield from pick_law(state, ctx, me)
    if picked is None:
        return False
    name, threshold = picked
    one_of(ctx, COMMITTED, list(range(threshold, proposer.influence + 1)),
           f"{proposer.seal} has exactly the threshold, {threshold} Influence",
           f"at least the threshold, at most all {proposer.seal} has")
    commit = yield from vote_step(state, ctx, Number(
        f"{proposer.seal} commits Influence for {name} (at least {threshold}, has {proposer.influence}):",
        threshold, proposer.influence, label="Influence committed", default=threshold, help=vote_help,
        keys=[FREE_FIRST], fact=COMMITTED,
    ))
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
            question = Number(
                f"{name}, {tally}: {player.seal}'s second chance, more Influence for (0 = none; has "
                f"{player.influence})?", 0, player.influence, label=f"{player.seal} adds for",
                default=0, help=vote_help, keys=[FREE_FIRST],
            )
        else:
            question = Number(
                f"{name}, {tally}: {player.seal} spends Influence: +N for, −N against, 0 abstains "
                f"(has {player.influence})", -player.influence, player.influence,
                label=f"{player.seal} votes", default=0, help=vote_help, keys=[FREE_FIRST],
            )
        spent = yield from vote_step(state, ctx, question)
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
        law_applied(ctx, len(state.players))
        yield Instruction(f"{name} is enacted: apply it as its card says and take it out of the available Laws.",
                          label=f"Apply {name}")
    return True
