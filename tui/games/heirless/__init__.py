"""Heirless: the season keeper — the two-half turn-order tracker, actions per turn, Law votes and
the Guarantees ledger (rules: the 'Player Turns' page; notes: shared/rules/heirless.md).

Modules: state, options, setup, tracker (turn order and ties), player_turn (the turn menu),
standard_actions, law_vote (Enact), guarantees (the ledger, Oathbreaks), haggle, season_end
(Battles to the Event Board), players (names and counters), view.
"""

from __future__ import annotations

from ...engine.game import Context, GameDef, RefSection
from ...engine.prompts import TurnStart
from ...rules.common import readings_reference
from ...rules.heirless import HeirlessRules, validate
from .options import setup_options
from .player_turn import player_turn
from .players import seal
from .season_end import season_end
from .setup import new_state, setup_turn
from .state import SEASON_END, SETUP, TURNS, HeirlessState
from .view import view


def turn_title(state: HeirlessState) -> str:
    if state.phase == SETUP:
        return "Setup"
    if state.phase == TURNS and state.turn is not None:
        return f"Season {state.season} · turn {state.turn_number + 1} · {seal(state, state.turn)}"
    return f"Season {state.season} · Battles and the end of the Season"


def play(state: HeirlessState, ctx: Context):
    """The whole game. Each turn starts with a TurnStart computed from the state alone, and every
    turn changes the phase and the player to move only at its end, so a state saved at a
    TurnStart replays identically."""
    while not state.over:
        yield TurnStart(turn_title(state))
        if state.phase == SETUP:
            yield from setup_turn(state, ctx)
        elif state.phase == TURNS:
            yield from player_turn(state, ctx)
        elif state.phase == SEASON_END:
            yield from season_end(state, ctx)


def summary(state: HeirlessState) -> str:
    if state.phase == SETUP:
        return f"Setup · {len(state.players)} players"
    if state.over:
        return f"Season {state.season} · game over"
    top = max(p.prestige for p in state.players)
    leaders = [p.seal for p in state.players if p.prestige == top]
    lead = leaders[0] if len(leaders) == 1 else f"{len(leaders)} tied"
    where = f"{seal(state, state.turn)}'s turn" if state.phase == TURNS and state.turn is not None else "after the turns"
    return f"Season {state.season}/{state.seasons} · {where} · top Prestige {top}: {lead}"


def reference(rules: HeirlessRules, state: HeirlessState) -> list[RefSection]:
    actions = [f"{a.name}: {a.text} ({a.source})" for a in rules.actions]
    season = [f"{s.label}: {s.text} ({s.source})" for s in rules.season_steps]
    order = [rules.cited(k) for k in ("turn", "tracker", "ties")]
    return [
        RefSection("Turns, the tracker and ties", order),
        RefSection("Actions", actions),
        RefSection("The Season", season),
        RefSection("Promises and Laws", [rules.cited(k) for k in ("oathbreak", "dispute", "vote", "convert")]),
        readings_reference(rules.readings),
        RefSection("Sources", list(rules.ruleset.sources)),
    ]


GAME = GameDef(
    id="heirless",
    title="Heirless",
    subtitle="The season keeper",
    ruleset_type=HeirlessRules,
    state_type=HeirlessState,
    setup_options=setup_options,
    new_state=new_state,
    play=play,
    view=view,
    validate=validate,
    summary=summary,
    keys_help=[("s", "a Standard Action"), ("f", "a Free Action: promise, haggle, Oathbreak"),
               ("x", "Idle for the Season"), ("e", "end the turn")],
    reference=reference,
)

__all__ = ["GAME"]
