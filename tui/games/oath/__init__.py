"""Oath: the Clockwork Prince automated player.

Modules: state (the Struct), options, setup (SETUP), threat (1. ASSESS THREAT), search (2. SEARCH
AND PLAY ONE CARD), mind (following the Mind sheet's arrows), actions (3. TAKE ACTIONS), cleanup
(4. CLEANUP), relationships (the Prince board's boxes), turn (the turn and the humans' turns),
reference (rules at hand), facts (what the record answers), records (the printed board kept for
later games), view.
"""

from __future__ import annotations

from ...engine.game import GameDef
from ...keys import RULES
from .rules import OathRules, validate
from .options import setup_options
from .records import home_lines, recall, remember
from .reference import reference
from .setup import new_state, setup_turn
from .state import OTHERS, PRINCE, SETUP, OathState
from .turn import others_turn, prince_turn
from .view import status, view


GAME = GameDef(
    id="oath",
    title="Oath",
    subtitle="The Clockwork Prince",
    ruleset_type=OathRules,
    state_type=OathState,
    setup_options=setup_options,
    new_state=new_state,
    view=view,
    validate=validate,
    status=status,
    turns={SETUP: setup_turn, PRINCE: prince_turn, OTHERS: others_turn},
    keys_help=[("h+ d v", "cards drawn: suit initials d a o h b n, + after a battle plan, v a Vision"),
               ("h d / -", "suits of the empty cards at the Prince's site (- for none)"),
               (RULES.shown, "at hand: tiebreakers, powers, campaign dice, the Chronicle, how unclear rules are read")],
    turn_outline=[
        "1 Threat (not on its first turn): the first true Threat question sets its Threat; a new "
        "or changed Threat moves both action markers to that Threat's space.",
        "2 Search and play one card: you type the cards drawn; it plays one by quadrant, then "
        "relationship, then the leftmost, and asks where it can go.",
        "3 Actions: from its markers it follows the Mind sheet's arrows, red before orange (the "
        "Higher Priority one first) before black; a skipped action does not count.",
        "4 Cleanup: its relationships and markers move as the rules say, then the Citizenship offer.",
        "Ties: always the leftmost (Cradle first, the first card drawn, the earliest player).",
    ],
    reference=reference,
    recall=recall,
    remember=remember,
    home_lines=home_lines,
    facts_version=1,  # issue 23 item 3: its own Muster and Travel answer questions; the end of the game
)

__all__ = ["GAME"]
