"""Heirless: the season keeper — the two-half turn-order tracker, actions per turn, Law votes and
the Guarantees ledger (rules: the 'Player Turns' page; notes: shared/rules/heirless.md).

Modules: state, options, setup, tracker (turn order and ties), player_turn (the turn menu),
standard_actions, law_vote (Enact), guarantees (the ledger, Oathbreaks), haggle, season_end
(Battles to the Event Board), players (names and counters), view.
"""

from __future__ import annotations

from ...engine.game import GameDef, RefSection
from .rules import HeirlessRules, validate
from .options import setup_options
from .player_turn import player_turn
from .season_end import season_end
from .setup import new_state, setup_turn
from .state import SEASON_END, SETUP, TURNS, HeirlessState
from .view import status, view


def reference(rules: HeirlessRules, state: HeirlessState) -> list[RefSection]:
    actions = [f"{a.name}: {a.text} ({a.source})" for a in rules.actions]
    season = [f"{s.label}: {s.text} ({s.source})" for s in rules.season_steps]
    order = [rules.cited(k) for k in ("turn", "tracker", "ties")]
    return [
        RefSection("Turns, the tracker and ties", order),
        RefSection("Actions", actions),
        RefSection("The Season", season),
        RefSection("Promises and Laws", [rules.cited(k) for k in ("oathbreak", "dispute", "vote", "convert")]),
    ]


GAME = GameDef(
    id="heirless",
    title="Heirless",
    subtitle="The season keeper",
    ruleset_type=HeirlessRules,
    state_type=HeirlessState,
    setup_options=setup_options,
    new_state=new_state,
    view=view,
    validate=validate,
    status=status,
    turns={SETUP: setup_turn, TURNS: player_turn, SEASON_END: season_end},
    keys_help=[("s", "a Standard Action"), ("f", "a Free Action: promise, haggle, Oathbreak"),
               # Fewer than two Standard Actions end in Idling (seed: Player Turns): e comes after two.
               ("x", "Idle for the Season: ends the turn (after one Standard Action or none)"),
               ("e", "end the turn, once both Standard Actions are taken")],
    turn_outline=[
        "Each turn: two Standard Actions if you can, or one and Idle, or Idle; Free Actions at any "
        "time (promises, haggles, conversions).",
        "Turn order and ties: the tracker's two halves around the Bandit cube.",
        "Standard Actions: Assign, Build, Commission, Deploy, Enact (a Law vote), Flee.",
        "After every player has Idled: the Season's steps, from the Battles to the Event Board.",
    ],
    reference=reference,
    seeded=False,  # Clockwork draws and rolls nothing in Heirless: the table owns the board
    # 1: the record answers the questions in facts.py (issue 23); 2: a Law's threshold once said;
    # 3: a colour keeps its number at setup (issue 24).
    facts_version=3,
)

__all__ = ["GAME"]
