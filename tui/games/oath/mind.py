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


HOLD_PF, HOLD_DS = "hold_pf", "hold_ds"
# 'Need a banner?': which banners each answer says the Prince holds (People's Favor, Darkest
# Secret); None where the answer leaves it open ("both missing, or neither").
BANNER_ANSWERS = {"banner_ds": (True, False), "banner_pf": (False, True), "banner_both": (None, None)}


def banner_possible(state: OathState, condition: str) -> bool:
    """Whether an answer to 'Need a banner?' fits what the Prince is known to hold this turn."""
    pf, ds = state.banners.get(HOLD_PF), state.banners.get(HOLD_DS)
    if condition == "banner_both":  # both missing, or none missing (both held)
        return (pf is not True and ds is not True) or (pf is not False and ds is not False)
    want_pf, want_ds = BANNER_ANSWERS[condition]
    return pf in (None, want_pf) and ds in (None, want_ds)


def choose_banner(state: OathState, ctx: Context, node, arrows):
    """The 'Need a banner?' decision, offering only the answers that fit what is known."""
    rules: OathRules = ctx.rules
    fitting = [i for i, a in enumerate(arrows) if banner_possible(state, a.condition)]
    if len(fitting) == 1:
        index = fitting[0]
        ctx.log(f"{node.label} {rules.condition(arrows[index].condition).question} (known this turn)")
    else:
        options = [Option(str(i + 1), rules.condition(arrows[i].condition).question) for i in fitting]
        key = yield Choice(node.question, options, label=node.label,
                           help="Red arrows of the Mind sheet; 'missing' means the Prince does not hold it.")
        index = int(key) - 1
    pf, ds = BANNER_ANSWERS[arrows[index].condition]
    if pf is not None and ds is not None:  # both known, or (banner_both) neither
        state.banners.update({HOLD_PF: pf, HOLD_DS: ds})
    return index


def condition_met(state: OathState, ctx: Context, key: str):
    """The table's answer to an arrow's condition, asked only when nothing known answers it: a
    banner the Prince is known to hold this turn, or an answer given since its last action taken
    (reading 'asked-once')."""
    rules: OathRules = ctx.rules
    cond = rules.condition(key)
    if key in state.banners:
        met = state.banners[key]
        ctx.log(f"{cond.label} {'yes' if met else 'no'} (known this turn)")
        return met
    if key in state.answered:
        met = state.answered[key]
        ctx.log(f"{cond.label} {'yes' if met else 'no'} (answered since the last action)")
        return met
    extra = f" The Prince adds {state.tactics_value} attack dice (tactics)." if cond.battle_ready else ""
    met = yield YesNo(cond.question, label=cond.label, help=(cond.help + extra).strip())
    state.answered[key] = met
    if key in (HOLD_PF, HOLD_DS):
        state.banners[key] = met
    return met


def choose_arrow(state: OathState, ctx: Context):
    """Ask the conditions of the current space's arrows in priority order; returns the arrow
    followed. ``state.marks`` records each answer so the arrows pane can show it. What the
    Prince is known to hold this turn is not asked again."""
    rules: OathRules = ctx.rules
    node = rules.node(state.current_node)
    arrows = rules.arrows_from(node.id)
    state.marks = []
    if node.kind == "decision":
        index = yield from choose_banner(state, ctx, node, arrows)
        state.marks = [ArrowMark(i, "no") for i in range(len(arrows)) if i != index]
        state.marks.append(ArrowMark(index, "taken"))
        return arrows[index]
    for index, arrow in enumerate(arrows):
        if arrow.colour == "black":
            state.marks.append(ArrowMark(index, "taken"))
            return arrow
        met = yield from condition_met(state, ctx, arrow.condition)
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
