"""What a game screen shows, as plain data: each game turns its state into a GameView and the
shared widgets (card row, flow/arrows pane, tracks pane) render it. No rule logic lives in widgets."""

from __future__ import annotations

from typing import Literal

import msgspec


class CardView(msgspec.Struct):
    name: str
    kind: str = ""
    detail: str = ""
    marked: bool = False


StepState = Literal["done", "current", "todo", "skipped"]  # how a flow step is marked


class FlowStep(msgspec.Struct):
    """One arrow or step of the procedure being walked; ``state`` drives its marker."""

    label: str
    state: StepState = "todo"
    note: str = ""
    # An arrow's printed colour ("red", "orange", "black"): the label's first word up to ':'
    # is drawn in it; the word itself stays in the text for monochrome terminals.
    tone: str = ""


class TrackRow(msgspec.Struct):
    label: str
    value: str
    # Numeric position for a bar; None draws the value as text only.
    pos: int | None = None
    lo: int = 0
    hi: int | None = None
    # The value comes from editable ruleset data our sources do not confirm.
    editable_default: bool = False
    note: str = ""
    # Drawn struck through: a voided promise, a card out for the Age.
    struck: bool = False


class TrackGroup(msgspec.Struct):
    title: str
    rows: list[TrackRow] = []


class GameView(msgspec.Struct):
    title: str
    status: str = ""
    cards_title: str = "Cards"
    cards: list[CardView] = []
    flow_title: str = "Steps"
    flow: list[FlowStep] = []
    tracks: list[TrackGroup] = []
    notices: list[str] = []
    finished: str = ""


def walk(steps: list[tuple[str, str]], at: str) -> list[FlowStep]:
    """A fixed list of (key, label) steps with the one keyed ``at`` current: those before it
    done, those after it still to do (an unknown key starts the list)."""
    keys = [key for key, _ in steps]
    current = keys.index(at) if at in keys else 0
    return [
        FlowStep(label, "done" if n < current else "current" if n == current else "todo")
        for n, (_, label) in enumerate(steps)
    ]
