"""Free Actions (PT: Free Actions): any player, at any time — a promise, a haggle, an Oathbreak, or
a conversion along a path commissioned this Season."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Option
from .rules import HeirlessRules
from .guarantees import active, mark_broken, write_promise
from .haggle import haggle
from .standard_actions import convert
from .state import HeirlessState

BACK = Option("b", "back")
# Offered beside a question asked in the middle of something (a vote, the Battles).
FREE_FIRST = Option("f", "a Free Action first")


def free_menu(state: HeirlessState) -> list[Option]:
    options = [Option("p", "Guarantee: write a promise"), Option("h", "Haggle")]
    if active(state):
        options.append(Option("o", "Oathbreak: mark a promise broken"))
    if any(p.paths for p in state.players):
        options.append(Option("c", "Convert along a commissioned path"))
    return [*options, BACK]


def free_action(state: HeirlessState, ctx: Context):
    rules: HeirlessRules = ctx.rules
    key = yield Choice("Which Free Action (any player may take one)?", free_menu(state),
                       label="Free Action", help=rules.help("free"))
    if key == "p":
        yield from write_promise(state, ctx)
    elif key == "h":
        yield from haggle(state, ctx)
    elif key == "o":
        yield from mark_broken(state, ctx)
    elif key == "c":
        yield from convert(state, ctx)
