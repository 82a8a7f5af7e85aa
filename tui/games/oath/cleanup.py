"""4. CLEANUP (RT): favor back to its banks, the starting marker catches up, Citizenship offers."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Instruction, YesNo
from ...rules.oath import OathRules
from .state import OathState
from .threat import exiles


def cleanup(state: OathState, ctx: Context):
    rules: OathRules = ctx.rules
    node = rules.node(state.current_node)
    yield Instruction(
        f"Cleanup: favor on cards back to its banks; starting action marker to {node.label} ({node.quadrant}), "
        "beside the current one.",
        label="Cleanup", help=rules.rules["cleanup"].text,
    )
    state.start_node = state.current_node
    ctx.log(f"starting action marker → {node.label} ({node.quadrant})")
    # Reading 'citizenship': a Threat that is not the Successor.
    if state.exile or state.threat in ("none", "successor") or not exiles(state):
        return
    keeper = yield YesNo("Does the Prince hold the Oathkeeper title?", label="Prince is Oathkeeper?",
                         help=rules.rules["cleanup"].text)
    if keeper:
        return
    for seat in exiles(state):
        meets = yield YesNo(f"Does the Exile in seat {seat} meet the Successor goal?",
                            label=f"Seat {seat} meets Successor goal?", help=rules.rules["cleanup"].text)
        if meets:
            continue
        takes = yield YesNo(
            f"Citizenship offer: seat {seat} looks at the relic deck's bottom relic. Do they take it "
            "and become a Citizen?",
            label=f"Seat {seat} becomes a Citizen?", help=rules.rules["cleanup"].text,
        )
        if takes:
            state.citizens = sorted([*state.citizens, seat])
            ctx.log(f"the Exile in seat {seat} takes the bottom relic and becomes a Citizen")
