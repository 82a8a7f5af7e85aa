"""1. ASSESS THREAT (RT): find the Threat, move the action markers if it calls for it, Wake."""

from __future__ import annotations

import msgspec

from ...engine.facts import TURN
from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Option, YesNo
from .rules import OathRules
from .facts import (
    CITIZEN_SUCCESSOR,
    EXILE_OATHKEEPER,
    EXILE_USURPER,
    EXILE_VISION,
    HOLDS_PF,
    MOST_RELICS,
    PRINCE_OATHKEEPER,
    PRINCE_USURPER,
    WHICH_VISION,
    banner_known,
    someone_else_holds,
)
from .state import OathState

# The banner a goal names (LAW: Oaths, Visions; notes §4): someone else meeting it holds it, so
# the Prince does not (RT: 1. ASSESS THREAT, the Darkest Secret example).
SUCCESSOR_BANNER = {"people": "ds", "protection": "pf"}
VISION_BANNER = {"Rebellion": "pf", "Faith": "ds"}


def exiles(state: OathState) -> list[int]:
    """Human seats that are Exiles, in turn order: not the Prince, not a Citizen and not the
    Chancellor (seat 1, a human when the Prince is an Exile)."""
    return [s for s in range(2, state.humans + 2) if s != state.seat and s not in state.citizens]


def identify_threat(state: OathState, ctx: Context):
    """The first true condition of RT's list, worded for the Prince's role. Returns
    (threat key, quadrant, vision name)."""
    rules: OathRules = ctx.rules
    oath = rules.oath(state.oath)
    help_text = rules.rules["threat"].text
    if state.exile:
        usurper = yield YesNo("Is the Prince itself the Usurper?", label="Prince is the Usurper?",
                              help=rules.rules["exile"].text, fact=PRINCE_USURPER)
        return ("none", "", "") if usurper else ("usurper", oath.quadrant, "")
    if state.citizens:
        yes = yield YesNo(f"Does any Citizen meet the Successor goal ({oath.successor_goal})?",
                          label="Citizen meets Successor goal?", help=help_text, fact=CITIZEN_SUCCESSOR)
        if yes:
            why = f"a Citizen meets the Successor goal: {oath.successor_goal}"
            if oath.key in SUCCESSOR_BANNER:
                someone_else_holds(ctx, SUCCESSOR_BANNER[oath.key], why)
            elif oath.key == "supremacy":  # the Citizen has more than the Chancellor, the Prince
                ctx.facts.state(MOST_RELICS, False, why, lifetime=TURN)
            return ("successor", oath.successor_quadrant, "")
    if not exiles(state):
        ctx.log("no Exiles at the table: questions 2-4 cannot be true")
        return ("none", "", "")
    eighth = state.round == 8
    if (not eighth and state.title_kept_round == state.round - 1
            and all(seat > state.seat for seat in exiles(state))):
        # An Exile holding the title flips it to Usurper only at its own Wake (N §4 Oathkeeper
        # title); the Exiles play after the Prince, so none has woken with it since.
        ctx.facts.state(EXILE_USURPER, False, "the Prince held the Oathkeeper title at the end of its last turn, "
                        "and no Exile has had a Wake since")
    yes = yield YesNo(f"Is any Exile the Usurper{', or (round 8) an Exile the Oathkeeper' if eighth else ''}?",
                      label="Exile Usurper?", help=help_text, fact=EXILE_USURPER)
    if yes:
        who = "an Exile is the Usurper" + (" or the Oathkeeper" if eighth else "")
        ctx.facts.state(PRINCE_OATHKEEPER, False, f"{who}: this turn's Threat")
        return ("usurper", oath.quadrant, "")
    if eighth:  # round eight's question 2 asked about an Exile Oathkeeper too
        ctx.facts.state(EXILE_OATHKEEPER, False, "round eight's Usurper question asked it")
    yes = yield YesNo("Has an Exile revealed a Vision and met its goal?", label="Exile completed a Vision?",
                      help=help_text, fact=EXILE_VISION)
    if yes:
        options = [Option(str(i + 1), f"{v.name} ({v.goal})") for i, v in enumerate(rules.visions)]
        key = yield Choice("Which Vision?", options, label="Completed Vision", fact=WHICH_VISION)
        vision = rules.visions[int(key) - 1]
        if vision.name in VISION_BANNER:
            someone_else_holds(ctx, VISION_BANNER[vision.name], f"an Exile completed {vision.name}", exile=True)
        return ("vision", vision.quadrant, vision.name)
    yes = yield YesNo("Does an Exile hold the Oathkeeper title?", label="Exile Oathkeeper?", help=help_text,
                      fact=EXILE_OATHKEEPER)
    if yes:
        ctx.facts.state(PRINCE_OATHKEEPER, False, "an Exile holds it: this turn's Threat")
        return ("oathkeeper", oath.quadrant, "")
    return ("none", "", "")


def assess_threat(state: OathState, ctx: Context):
    rules: OathRules = ctx.rules
    if state.round == 1:
        ctx.log("Assess Threat: skipped on the Prince's first turn")
        return
    kind, quadrant, vision = yield from identify_threat(state, ctx)
    before = (state.threat, state.threat_quadrant, state.threat_vision)
    state.threat_before, state.threat_quadrant_before, state.threat_vision_before = before
    state.threat, state.threat_quadrant, state.threat_vision = kind, quadrant, vision
    name = rules.threat_label(kind) + (f" ({vision})" if vision else "")
    ctx.log(f"Threat: {rules.threat_label(before[0])} → {name}")
    marker_quadrant = rules.node(state.current_node).quadrant
    if kind == "none":
        stay = "no Threat: the action markers stay"
    elif (kind, quadrant, vision) == before and marker_quadrant == quadrant:
        stay = f"same Threat and the marker is in its quadrant ({quadrant}): the action markers stay"
    else:
        stay = ""
    if stay:
        ctx.log(stay)
        if (kind, quadrant, vision) != before:
            yield Instruction(f"Put the threat marker on {name}; the action markers stay.",
                              label="Threat marker", help=rules.rules["threat"].text)
    else:
        space = rules.node(rules.quadrant(quadrant).threat_space)
        why = "same Threat, marker outside its quadrant" if (kind, quadrant, vision) == before else "new Threat"
        yield Instruction(
            f"Put the threat marker on {name}; put both action markers on {space.label} ({quadrant}).",
            label="Move the action markers", help=rules.rules["threat"].text,
        )
        state.current_node = state.start_node = space.id
        ctx.log(f"{why}: both action markers → {space.label} ({quadrant})")
    wake = "Wake: if the Prince holds the People's Favor, it places favor on it when it can."
    holds = yield YesNo("Wake: does the Prince hold the People's Favor?", label="Prince holds the People's Favor?",
                        help=wake, fact=msgspec.structs.replace(HOLDS_PF, said="said at the Wake"))
    banner_known(ctx, "pf")
    if holds:
        yield Instruction("Wake: the Prince places favor on the People's Favor if it can.",
                          label="Wake: favor on the People's Favor", help=wake)
        ctx.log("Wake: places favor on the People's Favor if able")
