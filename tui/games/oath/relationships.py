"""The Relationships boxes of the Prince board (RT: SETUP 3, 2. SEARCH AND PLAY ONE CARD).

Row 0 is Unaligned; rows 1.. go up the board, each with a Friends and a Conspirators column.
Inside a box, markers stand left to right in the order they entered."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Option
from .rules import OathRules
from .state import CONSPIRATOR, FRIEND, Marker, OathState


def rank_key(marker: Marker) -> tuple[int, int]:
    """Higher box first; in one box, the marker that entered first (reading 'higher-relationship')."""
    return (-marker.row, marker.entered)


def ranked(state: OathState, column: str) -> list[Marker]:
    """The suits of one column, highest first."""
    return sorted((m for m in state.relationships if m.column == column), key=rank_key)


def highest_friend(state: OathState) -> str:
    friends = ranked(state, FRIEND)
    return friends[0].suit if friends else ""


def box_name(row: int) -> str:
    return "Unaligned" if row == 0 else f"box {row}"


def actions_for(state: OathState, row: int) -> int:
    """Actions shown by the box a marker advanced into (RT 3.: five if topmost)."""
    return state.box_actions[row - 1] if row >= 1 else 0


def trade_amount(state: OathState, suit: str) -> int:
    m = state.marker(suit)
    return state.box_trade[m.row - 1] if m.row >= 1 else 0


def left_of(state: OathState, suit: str) -> list[str]:
    """The suits standing left of this one in its box (they entered it earlier)."""
    m = state.marker(suit)
    return [x.suit for x in sorted(state.relationships, key=lambda x: x.entered)
            if x.row == m.row and x.column == m.column and x.entered < m.entered]


def advance(state: OathState, ctx: Context, suit: str, quadrant_alignment: str):
    """Advance the suit's marker one box unless it is already at the top; a marker leaving
    Unaligned enters a column (reading 'column'). Returns the row the marker is in afterwards."""
    rules: OathRules = ctx.rules
    m = state.marker(suit)
    top = rules.top_row
    if m.row >= top:
        ctx.log(f"{suit} marker is already in the top box: it stays")
        return m.row
    if m.row == 0:
        if state.column_rule == "ask":
            key = yield Choice(
                f"The {suit} marker leaves Unaligned: which column does it enter on your board?",
                [Option("f", "Friends"), Option("c", "Conspirators")],
                label=f"{suit} marker column",
                help="Put it where your Prince board shows it; the setup form chose to ask you each time.",
            )
            m.column = FRIEND if key == "f" else CONSPIRATOR
        else:
            m.column = quadrant_alignment
    old = m.row
    m.row += 1
    state.entry_counter += 1
    m.entered = state.entry_counter
    in_box = left_of(state, suit)
    where = f" (right of {', '.join(in_box)})" if in_box else ""
    ctx.log(f"{suit} marker advances: {box_name(old)} → {m.column}s box {m.row}{where}")
    return m.row
