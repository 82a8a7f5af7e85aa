"""P1 and P2 (seed: Play): draw the Dilemma from the bottom, put the Outcome tokens out."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import TextEntry
from .rules import KingsDilemmaRules
from .outcome_tokens import EXAMPLES, legend, sample, tokens_check
from .state import VOTE, KDState
from .texts import reading_help, rule_help


def start_vote(state: KDState) -> None:
    """Empty AYE, NAY and PASS cards; the Leader votes first (seed: Play P3)."""
    for p in state.players:
        p.vote, p.committed, p.pass_coin, p.turns = "", 0, 0, 0
    state.moderator_taken = False
    state.outcome = ""
    state.moves = []
    state.seat = state.first_voter = state.leader


def dilemma_turn(state: KDState, ctx: Context):
    rules: KingsDilemmaRules = ctx.rules
    # A new round opens with empty vote cards: P4's cleanup took every token off them, and last
    # round's votes are no part of this one (seed: Play, P4 Cleanup; "start a new round at P1").
    start_vote(state)
    state.step = "draw"
    # Enter means an unnamed card (issue 24 item 4): the question, the history and the card row
    # all say so, and name it by its round.
    unnamed = f"Dilemma of round {state.round}"
    named = yield TextEntry(
        f"Round {state.round}: draw the Dilemma from the BOTTOM of the deck and read it. Its name or number "
        f"(Enter: unnamed, shown as '{unnamed}'):",
        label="Dilemma drawn", help=rule_help(rules, "draw"), max_len=28, allow_empty=True,
        examples=["", "Famine", "The Harbour"], empty=f"unnamed, shown as '{unnamed}'",
    )
    state.card = named or unnamed
    if named:
        ctx.log(f"Round {state.round}: Dilemma '{state.card}' drawn from the bottom")
    else:
        ctx.log(f"Round {state.round}: an unnamed Dilemma drawn from the bottom, shown as '{unnamed}'")
    state.step = "tokens"
    check = tokens_check(rules)
    for side in ("AYE", "NAY"):
        text = yield TextEntry(
            f"Outcome tokens on the {side} scale, e.g. {sample(rules)} (Enter if none):",
            label=f"{side} Outcome tokens", help=rule_help(rules, "outcome_tokens") + " "
            + reading_help(rules, "outcome-tokens"), max_len=60, allow_empty=True, examples=EXAMPLES, check=check,
            legend=legend(rules),
        )
        shown = check(text)
        if side == "AYE":
            state.aye_tokens = shown
        else:
            state.nay_tokens = shown
        ctx.log(f"{side} Outcome tokens: {' '.join(shown) or 'none'}")
    state.phase = VOTE
