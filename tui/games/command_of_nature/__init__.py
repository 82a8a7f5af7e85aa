"""Command of Nature: the Clockwork Sage solo opponent.

Modules: state (the Struct), options, setup (HOW TO START), your_turn (HOW TO PLAY),
clockwork_turn (THE CLOCKWORK SAGE'S TURN), clockwork_commands (CLOCKWORK COMMAND CARDS),
formation, defeats (levels, Champions, winning), wallet, view.
"""

from __future__ import annotations

from ...engine.game import Context, GameDef, RefSection
from ...rules.common import readings_reference
from ...engine.prompts import TurnStart
from ...rules.command_of_nature import CommandOfNatureRules, validate
from .clockwork_turn import clockwork_turn
from .options import setup_options
from .setup import new_state, setup_turn
from .state import SETUP, YOURS, SageState
from .view import view
from .your_turn import your_turn


def turn_title(state: SageState) -> str:
    if state.phase == SETUP:
        return "Setup"
    if state.phase == YOURS:
        return f"Round {state.round} · Your turn"
    return f"Round {state.round} · Clockwork's turn"


def play(state: SageState, ctx: Context):
    """The whole game. Each turn starts with a TurnStart computed from the state alone, and every
    turn changes the phase only at its end, so a state saved at a TurnStart replays identically."""
    while not state.over:
        yield TurnStart(turn_title(state))
        if state.phase == SETUP:
            yield from setup_turn(state, ctx)
        elif state.phase == YOURS:
            yield from your_turn(state, ctx)
        else:
            yield from clockwork_turn(state, ctx)


def summary(state: SageState) -> str:
    if state.over:
        who = "you won" if state.winner == "you" else "the Clockwork won"
        return f"Round {state.round} · game over, {who}"
    if state.phase == SETUP:
        return "Setup"
    turn = "your turn" if state.phase == YOURS else "Clockwork's turn"
    return f"Round {state.round} · {turn} · gold {state.gold.value} · level {state.level.value}"


def reference(rules: CommandOfNatureRules, state: SageState) -> list[RefSection]:
    return [readings_reference(rules.readings)]


GAME = GameDef(
    id="command-of-nature",
    title="Command of Nature",
    subtitle="The Clockwork Sage",
    ruleset_type=CommandOfNatureRules,
    state_type=SageState,
    setup_options=setup_options,
    new_state=new_state,
    play=play,
    view=view,
    validate=validate,
    summary=summary,
    keys_help=[("1–8", "tell the app what happened on your turn"), ("e", "end your turn")],
    reference=reference,
)

__all__ = ["GAME"]
