"""The Guarantees ledger (PT: Free Actions, Guarantee): promises with their signatories and
Season; a broken one costs each breaking party 20 Prestige (an Oathbreak) and is voided; a
disputed break goes to a yay/nay vote of all players."""

from __future__ import annotations

import re

from ...engine.game import Context
from ...engine.prompts import Choice, MultiChoice, Option, TextEntry, YesNo
from .rules import HeirlessRules
from .facts import BREAKERS, BROKEN_PROMISE, any_of, one_of
from .players import LIST_KEYS, change_prestige, index_of, player_options, seals
from .state import DisputeVote, HeirlessState, Promise
from .tracker import BANDITS, priorities

PROMISE_EXAMPLES = ["If possible, Blue will not deploy to Meadow this Season", "Green votes for the next Law"]


THIS_SEASON = re.compile(r"\bthis season\b", re.IGNORECASE)


def active(state: HeirlessState) -> list[Promise]:
    return [p for p in state.promises if not p.broken and not p.ended]


def close_season_promises(state: HeirlessState, ctx: Context) -> None:
    """A promise worded for 'this Season' has run its course when the Season it was written in
    ends: kept, not broken, and no longer binding (reading promise-season)."""
    for promise in active(state):
        if promise.season == state.season and THIS_SEASON.search(promise.text):
            promise.ended = True
            ctx.log(f"Promise #{promise.number} was for Season {state.season} only: it ends with the Season, kept")


def write_promise(state: HeirlessState, ctx: Context):
    rules: HeirlessRules = ctx.rules
    text = rules.action("guarantee").text
    keys = yield MultiChoice(
        "Who signs the promise? (keys separated by spaces)", player_options(state), lo=1,
        label="Promise: signatories", help=text,
    )
    signatories = [index_of(k) for k in keys]
    wording = yield TextEntry(
        "The promise, word for word (its letter decides, not its spirit):",
        label="Promise: text", max_len=120, examples=PROMISE_EXAMPLES, help=text,
    )
    promise = Promise(len(state.promises) + 1, state.season, signatories, wording)
    state.promises.append(promise)
    ctx.log(f"Promise #{promise.number} (Season {state.season}), signed {seals(state, signatories)}: {wording}")
    state.done.append(f"Free: promise #{promise.number} signed")


def dispute_vote(state: HeirlessState, ctx: Context, promise: Promise):
    """PT: Guarantee — all players vote yay or nay (not with Influence); more yays than nays make
    it an Oathbreak, more nays leave the promise standing. The rule gives the vote no tie rule, so
    the table settles a tie (reading dispute-tie). Returns (broken?, the tally as logged)."""
    rules: HeirlessRules = ctx.rules
    promise.disputed = True
    promise.votes = []
    for voter in range(len(state.players)):
        seal = state.players[voter].seal
        yay = yield YesNo(f"{seal}: was promise #{promise.number} broken? (y yay, n nay)",
                          label=f"{seal} on #{promise.number}", help=rules.help("dispute"))
        promise.votes.append(DisputeVote(voter, yay))
        ctx.log(f"{seal} votes {'yay' if yay else 'nay'} on breaking promise #{promise.number}")
    yays = sum(v.broken for v in promise.votes)
    nays = len(promise.votes) - yays
    tally = f"{yays} yay, {nays} nay"
    if yays != nays or not ctx.facts.refusing:  # a save made before settled a tie as no break
        return yays > nays, tally
    # The tracker breaks ties between players (PT: Tie Breaker); whether it breaks this one is the
    # table's call, so Clockwork only says who is earliest and how they voted.
    first = next(p for p in priorities(state.tracker) if p != BANDITS)
    said = "yay" if next(v.broken for v in promise.votes if v.voter == first) else "nay"
    key = yield Choice(
        f"Promise #{promise.number}: {tally}, a tie, and the rules give this vote no tie rule. How does the "
        f"table settle it? (Earliest in turn order: {state.players[first].seal}, who voted {said}.)",
        [Option("y", "an Oathbreak: the promise is broken"), Option("n", "no Oathbreak: the promise stands")],
        label=f"#{promise.number}: the tie", help=rules.help("dispute"),
    )
    return key == "y", f"{tally}, the tie settled by the table"


def mark_broken(state: HeirlessState, ctx: Context):
    rules: HeirlessRules = ctx.rules
    promises = active(state)[: len(LIST_KEYS)]
    options = [Option(LIST_KEYS[n], f"#{p.number} {p.text[:40]}") for n, p in enumerate(promises)]
    one_of(ctx, BROKEN_PROMISE, [o.key for o in options], "the only promise in force", "the promises in force")
    key = yield Choice("Which promise was broken?", options, label="Broken promise", help=rules.help("oathbreak"),
                       fact=BROKEN_PROMISE)
    promise = promises[LIST_KEYS.index(key)]
    # PT: Guarantee — only the parties to the promise can fail it.
    signers = player_options(state, promise.signatories)
    one_of(ctx, BREAKERS, any_of([o.key for o in signers]), f"the only one who signed promise #{promise.number}",
           f"those who signed promise #{promise.number}")
    keys = yield MultiChoice(
        f"Who failed promise #{promise.number}? Only they are penalised.", signers, lo=1,
        label="Breaking parties", help=rules.help("oathbreak"), fact=BREAKERS,
    )
    breakers = [index_of(k) for k in keys]
    agreed = yield YesNo("Do all players agree this is an Oathbreak?", label="Oathbreak agreed?",
                         help=rules.help("dispute"))
    if not agreed:
        broken, tally = yield from dispute_vote(state, ctx, promise)
        if not broken:
            ctx.log(f"Promise #{promise.number} stands: {tally}")
            state.done.append(f"Free: promise #{promise.number} upheld by vote")
            return
        ctx.log(f"Promise #{promise.number} is broken by vote: {tally}")
    oathbreak(state, ctx, promise, breakers)


def oathbreak(state: HeirlessState, ctx: Context, promise: Promise, breakers: list[int]) -> None:
    """Each breaking party loses the penalty (Prestige may go below 0: reading prestige-below-zero);
    the promise is voided."""
    penalty = ctx.rules.numbers.oathbreak_penalty
    promise.broken_by = list(breakers)
    for who in breakers:
        state.players[who].oathbreaks += 1
        ctx.log(f"Oathbreak: {state.players[who].seal} breaks promise #{promise.number}: "
                f"{change_prestige(state, who, -penalty)}")
    ctx.log(f"Promise #{promise.number} is void: cross it out")
    state.done.append(f"Free: promise #{promise.number} broken by {seals(state, breakers)}")

