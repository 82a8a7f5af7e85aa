"""Root with its Clockwork bots: every bot is a file in rulesets/root/ (or a group's own folder),
played by the generic table of file bots (tui/automaton/table.py). No Python names a bot."""

from __future__ import annotations

from ...automaton import table
from ...engine.game import GameDef

GAME = GameDef(
    id="root",
    title="Root",
    subtitle="Leder Games' Clockwork bots, and your own",
    ruleset_type=table.TableRules,
    state_type=table.TableState,
    setup_options=table.setup_options("root"),
    new_state=table.new_state("root"),
    view=table.view,
    validate=table.validate,
    turn_outline=[
        "Seats take their turns in order round the table, from the first player.",
        "A bot's turn: Clockwork walks its file's steps, asks what only the table can see and says "
        "what to place, move or remove.",
        "A player's turn is played at the table; a bot's reaction (a rule that fires on another's "
        "turn) is on that turn's menu.",
        "The first to 30 victory points wins at once (Law of Root 3.1).",
    ],
    status=table.status,
    turns={"setup": table.setup_turn, "turn": table.seat_turn},
    over=lambda state: state.phase == "over",
    reference=table.reference,
    texts=table.texts_of,
    use_texts=table.use_texts,
    recall=table.recall("root"),
    remember=table.remember("root"),
)
