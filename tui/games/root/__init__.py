"""Root with its Clockwork bots: every bot is a file in rulesets/root/ (or a group's own folder),
played by the generic table of file bots (tui/automaton/table.py). No Python names a bot."""

from __future__ import annotations

from ...automaton import table
from ...engine.game import GameDef

GAME = GameDef(
    id="root",
    title="Root",
    subtitle="the Clockwork bots, as files",
    ruleset_type=table.TableRules,
    state_type=table.TableState,
    setup_options=table.setup_options("root"),
    new_state=table.new_state("root"),
    view=table.view,
    validate=table.validate,
    status=table.status,
    turns={"setup": table.setup_turn, "turn": table.seat_turn},
    over=lambda state: state.phase == "over",
    reference=table.reference,
    texts=table.texts_of,
    use_texts=table.use_texts,
    saved_options=table.saved_options("root"),
    recall=table.recall("root"),
    remember=table.remember("root"),
    aside=table.aside,
    # 1: the player's turn menu lists no reaction by number and takes no Enter (table._human_turn);
    # answers given before replay against the menu they were given to.
    facts_version=1,
)
