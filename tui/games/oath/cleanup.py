"""4. CLEANUP (RT): favor back to its banks, the starting marker catches up, Citizenship offers."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Instruction, YesNo
from .rules import OathRules
from .facts import BANNER_NAMES, BANNERS, PRINCE_OATHKEEPER, successor_meets
from .state import OathState
from .threat import SUCCESSOR_BANNER, exiles


def known_goal(state: OathState, ctx: Context, seats: list[int]) -> None:
    """A Successor goal that is a banner (LAW: Oaths): nobody meets it while the Prince holds the
    banner; the only Exile meets it when an Exile was said to hold it this turn."""
    banner = SUCCESSOR_BANNER.get(state.oath)
    if banner is None:
        return
    holds, exile_holds, _, _ = BANNERS[banner]
    if ctx.facts.holds(holds):
        for seat in seats:
            ctx.facts.state(successor_meets(seat), False, f"the Prince holds the {BANNER_NAMES[banner]}")
    elif ctx.facts.holds(exile_holds) and len(seats) == 1:
        ctx.facts.state(successor_meets(seats[0]), True, f"the only Exile; {ctx.facts.why(exile_holds)}")


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
                         help=rules.rules["cleanup"].text, fact=PRINCE_OATHKEEPER)
    if keeper:
        state.title_kept_round = state.round
        return
    seats = exiles(state)
    known_goal(state, ctx, seats)
    for seat in seats:
        meets = yield YesNo(f"Does the Exile in seat {seat} meet the Successor goal?",
                            label=f"Seat {seat} meets Successor goal?", help=rules.rules["cleanup"].text,
                            fact=successor_meets(seat))
        if meets:
            if state.oath in SUCCESSOR_BANNER:  # one holder per banner: no other Exile meets it
                for other in seats[seats.index(seat) + 1:]:
                    ctx.facts.state(successor_meets(other), False, f"the Exile in seat {seat} meets it")
            continue
        takes = yield YesNo(
            f"Citizenship offer: seat {seat} looks at the relic deck's bottom relic. Do they take it "
            "and become a Citizen?",
            label=f"Seat {seat} becomes a Citizen?", help=rules.rules["cleanup"].text,
        )
        if takes:
            state.citizens = sorted([*state.citizens, seat])
            ctx.log(f"the Exile in seat {seat} takes the bottom relic and becomes a Citizen")
