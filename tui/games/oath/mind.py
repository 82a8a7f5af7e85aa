"""The Mind sheet: following arrows from space to space (RT: 3. TAKE ACTIONS).

Red arrows first, then orange (the Higher Priority one first), then black; a coloured arrow is
followed only if the table says its condition holds. At 'Need a banner?' the three red arrows are
one question (reading 'need-banner')."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Option, YesNo
from .rules import Arrow, OathRules
from .facts import HOLDS_DS, HOLDS_PF, NEED_BANNER, RELIC_HERE, banner_known, condition
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


def banner_possible(ctx: Context, condition: str) -> bool:
    """Whether an answer to 'Need a banner?' fits what the Prince is known to hold this turn."""
    pf, ds = ctx.facts.holds(HOLDS_PF), ctx.facts.holds(HOLDS_DS)
    if condition == "banner_both":  # both missing, or none missing (both held)
        return (pf is not True and ds is not True) or (pf is not False and ds is not False)
    want_pf, want_ds = BANNER_ANSWERS[condition]
    return pf in (None, want_pf) and ds in (None, want_ds)


def choose_banner(state: OathState, ctx: Context, node, arrows):
    """The 'Need a banner?' decision: the record leaves open only the answers that fit what the
    Prince is known to hold this turn (one: it is not asked)."""
    rules: OathRules = ctx.rules
    fitting = [str(i + 1) for i, a in enumerate(arrows) if banner_possible(ctx, a.condition)]
    ctx.facts.forget(NEED_BANNER)  # worked out afresh from the banners each time
    if len(fitting) < len(arrows):
        ctx.facts.narrow(NEED_BANNER, fitting, "what the Prince holds this turn")
    options = [Option(str(i + 1), rules.condition(a.condition).question) for i, a in enumerate(arrows)]
    key = yield Choice(node.question, options, label=node.label, fact=NEED_BANNER,
                       help="Red arrows of the Mind sheet; 'missing' means the Prince does not hold it.")
    index = int(key) - 1
    pf, ds = BANNER_ANSWERS[arrows[index].condition]
    why = f"said at '{node.label}'"
    for ask, held, banner in ((HOLDS_PF, pf, "pf"), (HOLDS_DS, ds, "ds")):
        if held is not None and ctx.facts.holds(ask) is None:
            ctx.facts.state(ask, held, why)
            banner_known(ctx, banner)
    return index


def condition_met(state: OathState, ctx: Context, key: str):
    """The table's answer to an arrow's condition; the record answers it when it can (a banner
    the Prince is known to hold this turn, an answer given since its last action taken: reading
    'asked-once')."""
    rules: OathRules = ctx.rules
    cond = rules.condition(key)
    extra = f" The Prince adds {state.tactics_value} attack dice (tactics)." if cond.battle_ready else ""
    met = yield YesNo(cond.question, label=cond.label, help=(cond.help + extra).strip(), fact=condition(key))
    if key in (HOLD_PF, HOLD_DS):
        banner_known(ctx, "pf" if key == HOLD_PF else "ds")
    if key == "pay_relic" and met:  # it can pay for one there, so one is there
        ctx.facts.state(RELIC_HERE, True, "it can pay for one there")
    return met


def choose_arrow(state: OathState, ctx: Context):
    """Ask the conditions of the current space's arrows in priority order; returns the arrow
    followed. ``state.marks`` records each answer so the arrows pane can show it."""
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
