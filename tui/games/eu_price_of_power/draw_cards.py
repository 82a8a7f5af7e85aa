"""Phase 1, Draw Cards (seed: Sequence of Play p.2): Bots draw nothing; the Turn order for the Round."""

from __future__ import annotations

from ...engine.facts import ROUND
from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Option, YesNo
from .rules import EuPricePowerRules
from .state import ACTION, TableState
from .texts import rule_help


def ask_turn_order(state: TableState, ctx: Context):
    """The Turn order changes from Round to Round at the table; confirm or re-enter it."""
    if len(state.order) < 2:
        return
    names = ", ".join(state.seat_name(s) for s in state.order)
    same = yield YesNo(f"Turn order this Round: {names}. Is that right?", label="Turn order unchanged?")
    if same:
        return
    left = list(state.order)
    order: list[str] = []
    while len(left) > 1:
        key = yield Choice(
            f"Who is {len(order) + 1}. in Turn order?",
            [Option(str(i + 1), state.seat_name(s)) for i, s in enumerate(left)],
            label=f"Turn order {len(order) + 1}",
        )
        order.append(left.pop(int(key) - 1))
    order += left
    state.order = order
    ctx.log("Turn order: " + ", ".join(state.seat_name(s) for s in order))


def draw_cards_phase(state: TableState, ctx: Context):
    rules: EuPricePowerRules = ctx.rules
    ctx.facts.end(ROUND)  # a new Round: what was said of the last one's Turns ends
    new_round(state)
    state.step = "events"
    yield Instruction("Phase 1: put the Events on display. Bots draw no Action Cards or Missions.",
                      label="Phase 1: Events on display", help=rule_help(rules, "phase1"))
    state.step = "order"
    yield from ask_turn_order(state, ctx)
    state.phase = ACTION


def new_round(state: TableState) -> None:
    """Phase 1 opens the Round: nothing of the last Round's Action Phase stays (seed: Sequence of
    Play p.2: the Cleanup Phase reshuffles every Bot deck, so no card drawn last Round is still
    drawn; Passing and the Event taken belong to one Action Phase)."""
    for bot in state.bots:
        bot.event_taken = False
        bot.drawn = []
    state.passed = []
    state.ending = False
    state.turns = 0
    state.seat = 0
    state.stack = []
