"""Europa Universalis: The Price of Power — the Bots (Solo and Bot Rules v1.2).

Modules: state (the Structs), options, setup (Bot Setup, realm removals), bot_deck (the 24 cards,
reshuffle, End of Age), bot_power (BP economy), charts (walking the flowcharts or following them by
hand), outcomes (what Clockwork tracks from a chart), targeting (d6 trees), battles, dice,
bot_turn (the Main Turn Structure), draw_cards, action_phase, peace_and_rebels,
income_and_upkeep, cleanup (the five Phases), replace (Substitute Bots),
memory (removals remembered per realm), view.
"""

from __future__ import annotations

from ...engine.game import GameDef, RefSection
from .rules import EuPricePowerRules, validate
from . import facts
from .memory import home_lines, recall, remember
from .options import setup_options
from .action_phase import action_turn
from .cleanup import cleanup_phase
from .draw_cards import draw_cards_phase
from .income_and_upkeep import income_phase
from .peace_and_rebels import peace_phase
from .setup import new_state, setup_turn
from .state import ACTION, CLEANUP, DRAW_CARDS, INCOME, PEACE, SETUP, TableState
from .view import status, view


def reference(rules: EuPricePowerRules, state: TableState) -> list[RefSection]:
    keys = ("bot_cards", "card_cost", "war_action", "pass", "reshuffle", "end_of_age", "dow_on_bot",
            "recruiting", "trade_passive", "rebel_dice", "ideas", "at_war", "opponent", "choice_area",
            "targeting", "invalid_mil", "invalid_dip", "land_npr", "naval_opponent", "naval_npr",
            "phase3", "phase4", "phase5", "emperor", "imperial_influence", "papal", "token_limits",
            "replace_human", "replace_bot",
            "battle_dice")
    levels = [
        f"{d.label}: +{d.bp_gain} BP a Round; Milestone at {d.focus_threshold} Focus BP; at least "
        f"{d.dow_minimum} BP on a DoW; {d.units_per_recruit} Units per recruit ({d.source})"
        for d in rules.difficulties
    ]
    cards = [
        f"{c.id}: {c.first}" + (f" / {c.second}" + (f" ({c.focus})" if c.focus else "") if c.second else "")
        + (f", War: {c.war}" if c.war else "") + f", cost {c.cost}"
        for c in rules.cards
    ]
    return [
        RefSection("Bot rules at hand", [rules.cited(k) for k in keys]),
        RefSection("Difficulty Level (p.2)", levels),
        RefSection("Bot cards (p.7)", cards),
        RefSection("General Event Rules (p.9)", list(rules.general_event_rules)),
    ]


GAME = GameDef(
    id="eu-price-of-power",
    title="Europa Universalis: The Price of Power",
    subtitle="The Bots",
    ruleset_type=EuPricePowerRules,
    state_type=TableState,
    setup_options=setup_options,
    new_state=new_state,
    view=view,
    validate=validate,
    status=status,
    turns={
        SETUP: setup_turn,
        DRAW_CARDS: draw_cards_phase,
        ACTION: action_turn,
        PEACE: peace_phase,
        INCOME: income_phase,
        CLEANUP: cleanup_phase,
    },
    # Each turn starts from what the record implies; a question with one possible answer is
    # answered from the record (facts.py holds the audit of every question).
    before_turn=facts.implied,
    relay=facts.forcing,
    keys_help=[("e t w x p", "a human's Turn: other Action, Trade, War, Event on a Bot, passed")],
    turn_outline=[
        "1 Draw Cards: the Bots draw nothing; Events go on display as usual.",
        "2 Action: in turn order each Bot takes a card and walks the Main Turn Structure; at War "
        "its War Action replaces the card's. The first to pass gains 2 BP, the second 1.",
        "3 Peace & Rebels: the Bots take most steps, some their own way.",
        "4 Income & Upkeep: each Bot gains BP by its difficulty, with its bonuses.",
        "5 Cleanup: as usual; every Bot deck is reshuffled.",
    ],
    reference=reference,
    recall=recall,
    remember=remember,
    home_lines=home_lines,
    # 1: Opponents at War, Wars just begun, the Bot Emperor, a player's final Turn, one possible
    # answer and the board facts answered from the record (issue 23)
    # 2 (issue 23): a Bot out of Towns leaves only Final Scoring (p.4); no Naval Battle at Peace;
    # 3 (issue 24): a colour keeps its number from one Bot to the next
    facts_version=3,
)

__all__ = ["GAME"]
