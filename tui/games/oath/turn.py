"""The Prince's turn in its four phases (RT: TURN STRUCTURE), and the humans' turns between."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Option, Refused
from .rules import OathRules
from .actions import board_changed, take_actions
from .cleanup import cleanup
from .relationships import actions_for, box_name, highest_friend
from .search import search_and_play
from .state import OTHERS, OVER, PRINCE, OathState
from .threat import assess_threat


def prince_turn(state: OathState, ctx: Context):
    rules: OathRules = ctx.rules
    state.actions_taken = state.skipped = 0
    state.actions_allowed = 0
    state.last_arrow = ""
    state.marks = []
    state.acting = False
    state.drawn = []
    state.current_node = state.start_node
    state.step = "threat"
    yield from assess_threat(state, ctx)
    state.step = "search"
    quadrant = rules.node(state.current_node).quadrant
    row = yield from search_and_play(state, ctx, quadrant)
    board_changed(ctx)  # a card played, maybe to the Prince's site; favor taken from its bank
    state.actions_allowed = actions_for(state, row)
    ctx.log(f"the marker is in {box_name(row)}: {state.actions_allowed} actions this turn")
    state.step = "actions"
    yield from take_actions(state, ctx)
    state.step = "cleanup"
    yield from cleanup(state, ctx)
    state.step = "done"
    state.phase = OTHERS


def seats(numbers: list[int]) -> str:
    """'seat 2', 'seats 2 and 3', 'seats 2, 3 and 4'."""
    if len(numbers) == 1:
        return f"seat {numbers[0]}"
    return f"seats {', '.join(map(str, numbers[:-1]))} and {numbers[-1]}"


def others_turn(state: OathState, ctx: Context):
    """The humans play; the table says when the Prince's turn comes again or the game ended."""
    rules: OathRules = ctx.rules
    state.step = "others"
    after = [s for s in range(state.seat + 1, state.humans + 2)]
    before = [s for s in range(1, state.seat)]
    parts = []
    if after and state.round:
        parts.append(f"{seats(after)} finish{'es' if len(after) == 1 else ''} round {state.round}")
    if before:
        parts.append(f"{seats(before)} start{'s' if len(before) == 1 else ''} round {state.round + 1}")
    last = state.round >= rules.world_deck.last_round
    if last:
        parts = [f"{seats(after)} finish{'es' if len(after) == 1 else ''} round {state.round}"] if after else []
        parts.append("then the game ends (War Exhaustion)")
    options = [] if last else [Option("1", "the Prince's turn")]
    key = yield Choice(
        f"Humans' turns: {'; '.join(parts) or 'the others play'}. Then:",
        [*options, Option("x", "the game has ended")],
        label="Humans' turns",
        default=None if last else "1",  # the usual answer: the round goes on (Enter)
        help=" ".join([
            rules.rules["exile"].text if state.exile else rules.rules["chancellor"].text,
            rules.rules["campaign_dice"].text,
            "Stable Regime, War Exhaustion, Usurper and Visionary wins are judged at the table (core rules).",
        ]),
    )
    if key == "1":
        state.round += 1
        state.phase = PRINCE
        return
    # N §4 Ending: an Exile wins at a Wake (as Usurper, a Wake after the one that flipped the title;
    # or revealing a Vision played on an earlier turn), the Empire by Stable Regime from the end of
    # round 5: nobody can have won before some Exile has had a Wake in round 2.
    if ctx.facts.refusing and state.round == 1 and not any(s != 1 and s not in state.citizens for s in before):
        raise Refused("No one can have won in round 1: an Exile wins at a Wake from round 2 on, the Empire "
                      "from the end of round 5.")
    won = yield Choice("Who won?", [Option("p", "the Prince"), Option("h", "a human player")], label="Winner")
    if ctx.facts.refusing and won == "p" and not state.exile and state.round < 5:
        raise Refused("A Chancellor Prince wins with the Empire: by Stable Regime from the end of round 5, or "
                      "War Exhaustion after round 8.")
    if won == "p":
        yield from write_chronicle(state, ctx)
    state.winner = "prince" if won == "p" else "human"
    ctx.log("The game is over: " + ("the Prince won" if won == "p" else "a human player won"))
    state.phase = OVER


def write_chronicle(state: OathState, ctx: Context):
    """WRITING THE CHRONICLE AS THE WINNER (RT): Clockwork draws the random goal reference."""
    rules: OathRules = ctx.rules
    goal = state.rng.pick([o.name for o in rules.oaths])
    friend = highest_friend(state)
    friend = f"its top Friend, {friend}" if friend else "its top Friend (none yet)"
    if state.exile:
        # It builds no edifice, so the six Archive cards take its highest Friend's suit.
        text = (f"Chronicle: any goal reference the Prince must choose is {goal} (random). It offers no "
                f"Citizenship. Archive suit: {friend}.")
    else:
        text = (f"Chronicle: goal reference {goal} (at random). Edifice: leftmost site it rules (F6); "
                f"Archive suit: the edifice's, else {friend}.")
    yield Instruction(text, label="Write the Chronicle", help=rules.rules["chronicle"].text)
    ctx.log(f"Chronicle: random goal reference {goal}")
