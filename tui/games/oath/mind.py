"""The Mind sheet: following arrows from space to space (RT: 3. TAKE ACTIONS).

Red arrows first, then orange (the Higher Priority one first), then black; a coloured arrow is
followed only if the table says its condition holds. At 'Need a banner?' the three red arrows are
one question (reading 'need-banner')."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Option, YesNo
from ...rules.oath import Arrow, OathRules
from .state import ArrowMark, OathState


def arrow_text(rules: OathRules, arrow: Arrow) -> str:
    """'red: Rule most sites? → Need a banner?' (the arrows pane and the history)."""
    dest = rules.node(arrow.to)
    cond = rules.condition(arrow.condition).label if arrow.condition else "always"
    mark = " (Higher Priority)" if arrow.higher_priority else ""
    return f"{arrow.colour}{mark}: {cond} → {dest.label} ({dest.quadrant})"


def choose_arrow(state: OathState, ctx: Context):
    """Ask the conditions of the current space's arrows in priority order; returns the arrow
    followed. ``state.marks`` records each answer so the arrows pane can show it."""
    rules: OathRules = ctx.rules
    node = rules.node(state.current_node)
    arrows = rules.arrows_from(node.id)
    state.marks = []
    if node.kind == "decision":
        options = [Option(str(i + 1), rules.condition(a.condition).question) for i, a in enumerate(arrows)]
        key = yield Choice(node.question, options, label=node.label,
                           help="Red arrows of the Mind sheet; 'missing' means the Prince does not hold it.")
        index = int(key) - 1
        state.marks = [ArrowMark(i, "no") for i in range(len(arrows)) if i != index]
        state.marks.append(ArrowMark(index, "taken"))
        return arrows[index]
    for index, arrow in enumerate(arrows):
        if arrow.colour == "black":
            state.marks.append(ArrowMark(index, "taken"))
            return arrow
        cond = rules.condition(arrow.condition)
        extra = f" The Prince adds {state.tactics_value} attack dice (tactics)." if cond.battle_ready else ""
        met = yield YesNo(cond.question, label=cond.label, help=(cond.help + extra).strip())
        if met:
            state.marks.append(ArrowMark(index, "taken"))
            return arrow
        state.marks.append(ArrowMark(index, "no"))
    raise AssertionError(f"'{node.id}' has no arrow the Prince can follow")


def follow(state: OathState, ctx: Context, arrow: Arrow) -> None:
    rules: OathRules = ctx.rules
    state.last_arrow = arrow_text(rules, arrow)
    state.current_node = arrow.to
    state.marks = []
    ctx.log(followed_line(rules, arrow))


def followed_line(rules: OathRules, arrow: Arrow) -> str:
    """The history line of one arrow followed, naming the space it leaves."""
    here = rules.node(arrow.source_id)
    return f"{here.label} ({here.quadrant}): follows {arrow_text(rules, arrow)}"
