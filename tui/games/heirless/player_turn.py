"""A player's turn (PT: Player Turns): any Free Actions, then two Standard Actions, one then
Idling, or Idling alone. The menu offers only what the rules allow at that moment."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Option
from .rules import HeirlessRules
from .free_actions import BACK, free_action
from .law_vote import enact
from .players import seal, seals
from .standard_actions import assign, build, commission, deploy, flee
from .state import SEASON_END, HeirlessState
from .tracker import idle, next_player, priorities, spot_of

# Standard Actions on the keys 1-6, in the rules' order (PT: Summary of Available Actions).
STANDARD = [("1", "assign", assign), ("2", "build", build), ("3", "commission", commission),
            ("4", "deploy", deploy), ("5", "enact", enact), ("6", "flee", flee)]


def standard_labels(rules: HeirlessRules) -> dict[str, str]:
    n = rules.numbers
    return {
        "assign": f"Assign Workers (+{n.influence_per_worker} Influence each)",
        "build": "Build a Workplace",
        "commission": "Commission a conversion path",
        "deploy": "Deploy a Knight",
        "enact": "Enact a Law (Influence vote)",
        "flee": f"Flee with a Knight ({n.flee_cost} Influence)",
    }


def standard_left(state: HeirlessState, rules: HeirlessRules) -> int:
    return rules.numbers.standard_actions - state.standard_done


def turn_menu(state: HeirlessState, rules: HeirlessRules) -> list[Option]:
    options = []
    if standard_left(state, rules) > 0:
        options.append(Option("s", "Standard Action"))
    options.append(Option("f", "Free Action"))
    if standard_left(state, rules) > 0:
        options.append(Option("x", "Idle for the Season"))
    else:
        options.append(Option("e", "End the turn"))
    return options


def affordable(state: HeirlessState, rules: HeirlessRules, me: int) -> tuple[list[str], str]:
    """The Standard Actions the player can pay for now, and a line naming those they cannot
    (reading enact-influence: Flee costs its Influence, every Law's threshold is at least 1)."""
    influence = state.players[me].influence
    short = []
    if influence < rules.numbers.flee_cost:
        short.append(f"Flee ({rules.numbers.flee_cost} Influence)")
    if influence < 1:
        short.append("Enact (at least 1 Influence)")
    names = [name for _, name, _ in STANDARD
             if not (name == "flee" and influence < rules.numbers.flee_cost or name == "enact" and influence < 1)]
    line = f" {' and '.join(short)}: not now, {seal(state, me)} has {influence} Influence." if short else ""
    return names, line


def standard_action(state: HeirlessState, ctx: Context, me: int):
    rules: HeirlessRules = ctx.rules
    labels = standard_labels(rules)
    names, cannot = affordable(state, rules, me)
    options = [Option(key, labels[name]) for key, name, _ in STANDARD if name in names]
    key = yield Choice(f"{seal(state, me)}: which Standard Action?{cannot}", [*options, BACK],
                       label="Standard Action", help=rules.help("turn"))
    if key == BACK.key:
        return
    _, name, run = next(entry for entry in STANDARD if entry[0] == key)
    if (yield from run(state, ctx, me)):
        state.standard_done += 1
        ctx.log(f"{seal(state, me)} has used {state.standard_done} of {rules.numbers.standard_actions} Standard Actions")


def end_turn(state: HeirlessState, ctx: Context, me: int, idles: bool) -> None:
    """Idle (if chosen), then pass the turn clockwise; when the last player Idles the halves swap
    and the Season goes to its Battles (PT: Player Turns; example C)."""
    tracker = state.tracker
    _, spot = spot_of(tracker, me)
    swapped = False
    if idles:
        half, number, swapped = idle(tracker, me)
        ctx.log(f"{seal(state, me)} Idles: cube to spot {number} of the {half} half")
        if swapped:
            ctx.log(f"Everyone Idles: the {tracker.action} half is now the Action Phase half. "
                    f"Priorities: {seals(state, priorities(tracker))}")
    state.standard_done = 0
    state.done = []
    state.turn_number += 1
    state.turn = None if swapped else next_player(tracker, spot)
    if swapped:
        state.phase = SEASON_END
        state.step = "battles"
        ctx.log(f"Season {state.season}: every player has Idled; on to the Battles")
    else:
        assert state.turn is not None, "the halves swap only when nobody acts any more"
        ctx.log(f"Next: {seal(state, state.turn)}")


def player_turn(state: HeirlessState, ctx: Context):
    rules: HeirlessRules = ctx.rules
    me = state.turn
    assert me is not None
    while True:
        left = standard_left(state, rules)
        if left == rules.numbers.standard_actions:
            doing = f"{left} Standard Actions, 1 then Idle, or Idle"
        elif left > 0:
            doing = f"{left} more Standard Action or Idle"
        else:
            doing = "Free Actions, then end the turn"
        key = yield Choice(f"{seal(state, me)}'s turn: {doing}.", turn_menu(state, rules),
                           label="Turn", help=rules.help("turn"))
        if key == "s":
            yield from standard_action(state, ctx, me)
        elif key == "f":
            yield from free_action(state, ctx)
        else:
            end_turn(state, ctx, me, idles=key == "x")
            return
