"""The King's Dilemma: the council clerk. Clockwork plays no House; it runs the round so the
table can vote, bargain and argue while it keeps every count straight.

Modules: state, options, setup (Setup), seats (turn and Prestige order), dilemma (P1-P2), outcome_tokens (P2's reminders),
vote (P3), bargains (Coins between players, gains from cards), resolution (P4 and cleanup),
momentum (Resources and Stability), outcome (P5 A-F and the Grand Finale), scoring (End the Game),
campaign (records between games), asks (small numbers as single keys), view (with private_holdings,
what lies behind each screen).
"""

from __future__ import annotations

from ...engine.game import GameDef, RefSection
from .rules import KingsDilemmaRules, validate
from .campaign import home_lines, recall, remember
from .dilemma import dilemma_turn
from .options import setup_options
from .outcome import outcome_turn
from .resolution import resolve_turn
from .scoring import scoring_turn
from .setup import new_state, setup_turn
from .state import DILEMMA, OUTCOME, RESOLVE, SCORING, SETUP, VOTE, KDState
from .view import private_holdings, status, view
from .vote import vote_turn

def reference(rules: KingsDilemmaRules, state: KDState) -> list[RefSection]:
    order = [
        "draw", "outcome_tokens", "vote", "leader_token", "vote_end", "bargain", "resolution", "cleanup", "resources", "stability",
        "sticker", "envelope", "time_counter", "end_check", "scoring", "prestige", "after_game",
    ]
    lines = [rules.cited(k) for k in order]
    chart = [
        f"{r.label}: " + ", ".join(
            f"{col} P{p}" + (f"+C{c}" if c else "") if p else f"{col} C{c}"
            for col, p, c in zip(["1st", "2nd", "3rd", "2nd-last", "Last"], r.prestige, r.crave)
        ) + f" ({r.source})"
        for r in rules.rewards
    ]
    agendas = [f"{a.name}: zone {a.zone}"
               + "".join(f"; {count} markers {points} points" for count, points in a.goal_points.items())
               + (f"; money I/II/III {'/'.join(map(str, a.money))}" if a.money else "")
               + f" ({a.source})" for a in rules.agendas]
    return [
        RefSection("The round", lines),
        RefSection("Prestige and Crave chart", chart),
        RefSection("Secret Agendas", agendas),
    ]


GAME = GameDef(
    id="kings-dilemma",
    title="The King's Dilemma",
    subtitle="The council clerk",
    ruleset_type=KingsDilemmaRules,
    state_type=KDState,
    setup_options=setup_options,
    new_state=new_state,
    view=view,
    validate=validate,
    status=status,
    turns={
        SETUP: setup_turn, DILEMMA: dilemma_turn, VOTE: vote_turn, RESOLVE: resolve_turn,
        OUTCOME: outcome_turn, SCORING: scoring_turn,
    },
    keys_help=[("1–4", "a House's vote"), ("1–9 m", "an amount; m: more, typed"),
               ("Enter", "the usual answer, when one is marked"),
               ("b", "record a bargain (Coins only)"), ("n", "no more Resource effects")],
    turn_outline=[
        "1 Draw the Dilemma from the bottom of the deck and read it; 2 its outcome tokens go on "
        "the Balance.",
        "3 The vote, from the Leader clockwise: Aye or Nay with Power, or pass to gather Power or "
        "to become Moderator.",
        "4 Resolution: the most Power wins, the Moderator breaks a tie; then the Power, Coins, "
        "Leader and Moderator are settled.",
        "5 The outcome: Resources move with their Momentum and Stability follows; stickers, "
        "envelopes and the Time Counter.",
        "The game ends when the King abdicates or dies; then the scores, Prestige and Crave.",
    ],
    reference=reference,
    recall=recall,
    remember=remember,
    home_lines=home_lines,
    secrets=private_holdings,
    # 1: the Outcome tokens rule answers out (facts.py); 2: a token still to come gives its
    # Resource's way. Saves from before replay as played.
    facts_version=2,
)

__all__ = ["GAME"]
