"""Setting up the Clockwork Prince (RT: SETUP; options from the setup form)."""

from __future__ import annotations

from ...engine.facts import GAME
from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, MultiChoice, Number, Option, YesNo
from ...engine.rng import Rng
from ...keys import RULES, STEP
from .rules import OathRules
from .facts import prince_board, tactics_star
from .options import option
from .records import Board
from .state import OTHERS, PRINCE, Marker, OathState

EARLIER = "as you gave it in an earlier game"


# One line each for the setup step; the full paraphrase is the help (RT: POWERS AND PERMISSION).
POWERS_SHORT = {
    "limited": "Limited — no Action powers, When Played blank, no permission; only free powers "
               "that discard nothing.",
    "expanded": "Expanded — powers and permission as normal; a human judges for it.",
}


def new_state(rules: OathRules, options: dict[str, str], seed: int, recalled=None) -> OathState:
    """``recalled``: the Prince board the table gave in an earlier game (records.py); it is
    checked again when the setup option says so."""
    oath = rules.oath(option(rules, options, "oath"))
    start = rules.quadrant(oath.quadrant).threat_space
    boxes = sorted(rules.relationships.boxes, key=lambda b: b.row)
    state = OathState(
        rng=Rng.from_seed(seed),
        role=option(rules, options, "role"),
        oath=oath.key,
        powers=option(rules, options, "powers"),
        bank_end=option(rules, options, "bank_end"),
        column_rule=option(rules, options, "column_rule"),
        humans=int(option(rules, options, "humans")),
        relationships=[Marker(s.name) for s in rules.suits],
        ambition={s.name: 0 for s in rules.suits},
        box_actions=[b.actions for b in boxes],
        box_trade=[b.trade for b in boxes],
        tactics_spaces=list(rules.tactics.spaces),
        tactics=rules.tactics.start,
        threat=rules.threat_track.start,
        start_node=start,
        current_node=start,
        tactics_star="ask",
    )
    board = recalled if isinstance(recalled, Board) else Board()
    if len(board.box_actions) == len(state.box_actions) and len(board.tactics_spaces) == len(state.tactics_spaces):
        state.box_actions, state.box_trade = list(board.box_actions), list(board.box_trade)
        state.tactics_spaces = list(board.tactics_spaces)
        if board.tactics_star >= 0:
            state.tactics = state.star_space = board.tactics_star
        if option(rules, options, "check_board") == "no":
            state.board_values = "remembered"
            state.tactics_star = "remembered" if board.tactics_star >= 0 else "ask"
    return state


def board_summary(state: OathState) -> str:
    actions = "/".join(str(a) for a in state.box_actions)
    trade = "/".join(str(t) for t in state.box_trade)
    tactics = ",".join(str(t) for t in state.tactics_spaces)
    return f"actions per box {actions}; trade per card {trade}; tactics spaces {tactics}"


def confirm_board_values(state: OathState, ctx: Context):
    """Notes §3, §6: the retail Relationships and Tactics values are not public; let the table
    confirm or correct the editable defaults, once: later games remember them (records.py)."""
    rules: OathRules = ctx.rules
    fact = prince_board(board_summary(state))
    if state.board_values == "remembered":
        ctx.facts.state(fact, True, EARLIER, lifetime=GAME)
    same = yield YesNo(
        f"Defaults (boxes bottom to top): {board_summary(state)}. Does your Prince board show these?",
        label="Prince board values as the defaults?", help=rules.defaults.note, fact=fact,
    )
    if same:
        if state.board_values != "remembered":
            state.board_values = "matches"
        return
    state.board_values = "entered"
    top = len(state.box_actions) - 1
    for i in range(len(state.box_actions)):
        # The topmost box gives five actions (RT: 3. TAKE ACTIONS). A box a marker advances into
        # gives at least one action: a turn of none would play a card and stop (issue 15).
        if i < top:
            state.box_actions[i] = yield Number(f"Actions shown by Relationships box {i + 1} (from the bottom):",
                                                1, 9, default=max(1, state.box_actions[i]),
                                                label=f"Box {i + 1} actions")
        topmost = f" (the topmost: the rules give it {state.box_actions[i]} actions)" if i == top else ""
        state.box_trade[i] = yield Number(f"Favor/secrets per card a Trade gains in box {i + 1}{topmost}:", 0, 9,
                                          default=state.box_trade[i], label=f"Box {i + 1} trade")
    for i in range(len(state.tactics_spaces)):
        state.tactics_spaces[i] = yield Number(f"Dice on Tactics space {i + 1} (left to right):", 0, 9,
                                               default=state.tactics_spaces[i], label=f"Tactics space {i + 1}")
    # What the table gave, and apart from it the topmost box's five actions, which the rules give.
    given = "/".join(str(a) for a in state.box_actions[:top])
    trade = "/".join(str(t) for t in state.box_trade)
    tactics = ",".join(str(t) for t in state.tactics_spaces)
    ctx.log(f"Prince board values from the table: actions per box {given} (the topmost box gives "
            f"{state.box_actions[top]}, as the rules say); trade per card {trade}; tactics spaces {tactics}")


def ask_tactics_star(state: OathState, ctx: Context):
    """RT: SETUP 5: the tactics marker starts on the starred space of its track, which no source
    gives for the retail board (notes §3): asked, never assumed, and remembered."""
    if state.tactics_star == "assumed":  # a game set up before this was asked: as it was played
        return
    rules: OathRules = ctx.rules
    fact = tactics_star(len(state.tactics_spaces))
    if state.tactics_star == "remembered":
        ctx.facts.state(fact, state.star_space + 1, EARLIER, lifetime=GAME)
    key = yield Choice(
        "Which space of the Tactics track is starred on your Prince board? (the tactics marker starts there)",
        [Option(str(i + 1), f"space {i + 1} (±{v})") for i, v in enumerate(state.tactics_spaces)],
        label="Tactics star", help=rules.rules["setup_markers"].text + " " + rules.defaults.note, fact=fact,
    )
    state.tactics = state.star_space = int(key) - 1
    if state.tactics_star == "ask":
        state.tactics_star = "asked"
        ctx.log(f"Tactics marker starts on space {key} (±{state.tactics_value})")


def seats_and_roles(state: OathState, ctx: Context):
    """Turn order: the Chancellor goes first. An Exile Prince sits somewhere after; with a
    Chancellor Prince some humans may start as Citizens."""
    players = state.humans + 1
    if state.exile:
        if players > 2:
            state.seat = yield Number(f"The Prince's seat in turn order (the Chancellor is seat 1; 2-{players}):",
                                      2, players, default=2, label="Prince's seat")
        else:
            state.seat = 2
        ctx.log(f"The Prince sits in seat {state.seat}; the Chancellor (seat 1) is human")
        return
    state.seat = 1
    if state.humans:
        seats = [Option(str(s), f"seat {s}") for s in range(2, players + 1)]
        picked = yield MultiChoice(
            "Which humans start as Citizens? (keys separated by spaces; Enter for none)", seats, lo=0,
            label="Citizens at the start", help="The Prince is the Chancellor (seat 1); the others are Exiles.",
        )
        state.citizens = [int(k) for k in picked]
    ctx.log("The Prince is the Chancellor (seat 1)"
            + (f"; Citizens: seats {', '.join(map(str, state.citizens))}" if state.citizens else ""))


def setup_turn(state: OathState, ctx: Context):
    rules: OathRules = ctx.rules
    oath = rules.oath(state.oath)
    state.step = "board"
    yield from confirm_board_values(state, ctx)
    yield from ask_tactics_star(state, ctx)
    state.step = "seats"
    yield from seats_and_roles(state, ctx)
    state.step = "boards"
    # RT SETUP 2 applies only to an Exile Prince: a Chancellor Prince keeps the Chancellor's seat.
    role_text = " It takes a spare Exile board; the Chancellor a Citizen one (F6)." if state.exile else ""
    help_text = rules.rules["setup"].text + (" " + rules.rules["setup_exile"].text if state.exile else "")
    yield Instruction(
        f"Usual setup, no cards for the Prince; lay out its board, Mind sheet, Princely Reliquary."
        f"{role_text}",
        label="Prince boards", help=help_text,
    )
    state.step = "role"
    if state.exile:
        role_rules = ("Exile Prince: Threat always the Usurper (none if it is the Usurper); no Visions revealed, "
                      "no Citizenship taken. Humans: relics in order taken.")
        help_text = rules.rules["exile"].text + " " + rules.rules["conflicts"].text
    else:
        role_rules = ("Chancellor Prince: Citizens never become Exiles and refresh Supply from the Prince's "
                      "bank of warbands (F6). Humans: relics in order taken.")
        help_text = rules.rules["chancellor"].text + " " + rules.rules["conflicts"].text
    yield Instruction(role_rules, label="Role rules", help=help_text)
    state.step = "markers"
    start = rules.node(state.start_node)
    yield Instruction(
        f"Markers: relationships to Unaligned; both action markers to {start.label}; threat and tactics to "
        "their stars. The Prince's pawn: top Cradle site.",
        label="Markers and pawn", help=rules.rules["setup_markers"].text,
    )
    state.step = "powers"
    level = "powers_limited" if state.powers == "limited" else "powers_expanded"
    yield Instruction(
        f"Powers and permission: {POWERS_SHORT[state.powers]} ({STEP.shown}, {RULES.shown}: the rule)",
        label=f"Powers: {state.powers}", help=rules.rules[level].text + " " + rules.rules["powers"].text,
    )
    ctx.log(f"Setup: {oath.name}; the Prince starts on {start.label}; powers {state.powers}")
    if state.seat == 1:
        state.round = 1
        state.phase = PRINCE
    else:
        state.phase = OTHERS
