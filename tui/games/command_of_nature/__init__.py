"""Command of Nature: the Clockwork Sage solo opponent.

Modules: state (the Struct), options, setup (HOW TO START), your_turn (HOW TO PLAY),
clockwork_turn (THE CLOCKWORK SAGE'S TURN), clockwork_commands (CLOCKWORK COMMAND CARDS),
formation, defeats (levels, Champions, winning), wallet, asking (reactions on the Clockwork's
turn), records (the Sage board and card gold kept for later games), view.
"""

from __future__ import annotations

from ...engine.game import GameDef, RefSection
from .rules import CommandOfNatureRules, validate
from .clockwork_turn import clockwork_turn
from .options import setup_options
from .records import home_lines, recall, remember
from .setup import board_text, new_state, setup_turn
from .state import CLOCKWORK, SETUP, YOURS, SageState
from .view import status, view
from .your_turn import your_turn


RULE_ORDER = ("setup", "first_player", "choices", "triggers", "no_hand", "discard", "instants", "levels",
              "daybreak", "pay", "reveal", "elemental", "instant", "utility", "attack", "reshuffle", "repeat",
              "boost", "shield", "defeat", "win", "market_refill")


def reference(rules: CommandOfNatureRules, state: SageState) -> list[RefSection]:
    keys = [k for k in RULE_ORDER if k in rules.rules] + [k for k in rules.rules if k not in RULE_ORDER]
    told = [f"Your Clockwork Sage board: {board_text(rules, state)}"] + [
        f"{card}: {gold} gold, as printed" for card, gold in sorted(state.card_gold.items())
    ]
    return [
        RefSection("The Clockwork Sage's rules", [rules.cited(k) for k in keys]),
        RefSection("Gold you told Clockwork (kept for later games)", told),
    ]


GAME = GameDef(
    id="command-of-nature",
    title="Command of Nature",
    subtitle="The Clockwork Sage",
    ruleset_type=CommandOfNatureRules,
    state_type=SageState,
    setup_options=setup_options,
    new_state=new_state,
    view=view,
    validate=validate,
    status=status,
    turns={SETUP: setup_turn, YOURS: your_turn, CLOCKWORK: clockwork_turn},
    keys_help=[("1–8", "tell the app what happened on your turn"), ("e", "end your turn"),
               ("r", "on the Clockwork's turn: something happened first")],
    turn_outline=[
        "Your turn: play as usual. Press the key for what just happened: you played a card (its "
        "Instant pile is checked), an Elemental was defeated, it would draw, take a card to its hand "
        "or discard.",
        "Its turn: its daybreak effects, then again and again it pays 1 gold and reveals its top "
        "card, until its gold runs out.",
        "An Elemental is summoned (no room: discarded, 2 DMG to your Row I); an Instant goes on its "
        "Instant pile; a Utility is used; an Attack is made by an Elemental of the rows named, "
        "each once a turn.",
        "It holds no cards: a draw, or a card sent to its hand, gives it 1 gold instead; a discard "
        "counts as done.",
        "Every choice it would make is yours, and so is how its formation shifts.",
        "r on its turn: something you did first (a card played, an Elemental defeated).",
    ],
    reference=reference,
    recall=recall,
    remember=remember,
    home_lines=home_lines,
    # 1: the record answers its questions (facts.py; issue 23 item 2). 2: the Burns and a full
    # Direct Summon ask which market cards go to the game box (review CA-1); a save from before
    # replays its acknowledgements as it was played.
    facts_version=2,
)

__all__ = ["GAME"]
