"""P1 and P2 (seed: Play): draw the Dilemma from the bottom, put the Outcome tokens out."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import MultiChoice, Option, TextEntry
from ...rules.kings_dilemma import KingsDilemmaRules
from .state import VOTE, KDState
from .texts import rule_help


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
    state.step = "draw"
    state.card = yield TextEntry(
        f"Round {state.round}: draw the Dilemma from the BOTTOM of the deck and read it. Its name or number:",
        label="Dilemma drawn", help=rule_help(rules, "draw"), max_len=28,
        examples=["Famine", "The Harbour", "Dilemma 7"],
    )
    ctx.log(f"Round {state.round}: Dilemma '{state.card}' drawn from the bottom")
    state.step = "tokens"
    options = [Option(str(i + 1), r.name) for i, r in enumerate(rules.resources)]
    for side in ("AYE", "NAY"):
        keys = yield MultiChoice(
            f"Outcome tokens on the {side} side of the Balance (Resources shown; none if blank):",
            options, label=f"{side} Outcome tokens", help=rule_help(rules, "outcome_tokens"),
        )
        names = [rules.resources[int(k) - 1].short for k in keys]
        if side == "AYE":
            state.aye_tokens = names
        else:
            state.nay_tokens = names
        ctx.log(f"{side} Outcome tokens: {', '.join(names) or 'none'}")
    start_vote(state)
    state.phase = VOTE
