"""Oath: the Clockwork Prince automated player.

Modules: state (the Struct), options, setup (SETUP), threat (1. ASSESS THREAT), search (2. SEARCH
AND PLAY ONE CARD), mind (following the Mind sheet's arrows), actions (3. TAKE ACTIONS), cleanup
(4. CLEANUP), relationships (the Prince board's boxes), turn (the turn and the humans' turns),
reference (rules at hand), view.
"""

from __future__ import annotations

from ...engine.game import Context, GameDef
from ...engine.prompts import TurnStart
from ...rules.oath import OathRules, validate
from .options import setup_options
from .reference import reference
from .setup import new_state, setup_turn
from .state import OTHERS, PRINCE, SETUP, OathState
from .turn import others_turn, prince_turn
from .view import view


def turn_title(state: OathState) -> str:
    if state.phase == SETUP:
        return "Setup"
    if state.phase == PRINCE:
        return f"Round {state.round} · Prince's turn"
    return f"Round {max(state.round, 1)} · humans' turns"


def play(state: OathState, ctx: Context):
    """The whole game. Each turn starts with a TurnStart computed from the state alone, and every
    turn changes the phase only at its end, so a state saved at a TurnStart replays identically."""
    while not state.over:
        yield TurnStart(turn_title(state))
        if state.phase == SETUP:
            yield from setup_turn(state, ctx)
        elif state.phase == PRINCE:
            yield from prince_turn(state, ctx)
        elif state.phase == OTHERS:
            yield from others_turn(state, ctx)


def summary(state: OathState) -> str:
    role = "Exile" if state.exile else "Chancellor"
    if state.over:
        who = "the Prince won" if state.winner == "prince" else "a human won"
        return f"Round {state.round} · game over, {who}"
    if state.phase == SETUP:
        return f"Setup · Prince as {role}"
    threat = "no Threat" if state.threat == "none" else f"Threat {state.threat.capitalize()}"
    return f"Round {max(state.round, 1)} · Prince as {role} · {threat}"


GAME = GameDef(
    id="oath",
    title="Oath",
    subtitle="The Clockwork Prince",
    ruleset_type=OathRules,
    state_type=OathState,
    setup_options=setup_options,
    new_state=new_state,
    play=play,
    view=view,
    validate=validate,
    summary=summary,
    keys_help=[("h+ d v", "cards drawn: suit initials d a o h b n, + after a battle plan, v a Vision"),
               ("h d / -", "suits of the empty cards at the Prince's site (- for none)"),
               ("g", "at hand: tiebreakers, powers, campaign dice, the Chronicle, how unclear rules are read")],
    reference=reference,
)

__all__ = ["GAME"]
