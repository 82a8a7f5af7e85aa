"""Root with its Clockwork bots: every bot is a file in rulesets/root/ (or a group's own folder),
played by the generic table of file bots (tui/automaton/table.py). No Python names a bot."""

from __future__ import annotations

from ...automaton import table
from ...engine.game import GameDef, turn_by_turn


def _play(state, ctx):
    turns = {"setup": lambda s, c: table.setup_turn(c.rules, s, c),
             "turn": lambda s, c: table.seat_turn(c.rules, s, c)}
    return turn_by_turn(state, ctx, table.status, turns, lambda s: s.phase == "over")


GAME = GameDef(
    id="root",
    title="Root",
    subtitle="Leder Games' Clockwork bots, and your own",
    ruleset_type=table.TableRules,
    state_type=table.TableState,
    setup_options=table.setup_options("root"),
    new_state=table.new_state("root"),
    play=_play,
    view=table.view,
    validate=lambda rules: [],
    summary=table.status,
    reference=table.reference,
    recall=table.recall("root"),
    remember=table.remember("root"),
)
