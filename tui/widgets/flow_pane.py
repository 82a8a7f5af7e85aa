"""The flow/arrows pane: the steps of the procedure being walked and where the bot is."""

from __future__ import annotations

from rich.text import Text

from ..engine.view import FlowStep
from . import css
from .hanging import Hanging
from .lines_pane import LinesPane

MARKS = {"current": "▶", "done": "✓", "todo": "·", "skipped": "–"}
STYLES = {"current": "bold reverse", "done": "", "todo": "dim", "skipped": "dim strike"}
TONES = {"red": "bold red", "orange": "bold yellow", "black": "bold"}


class FlowPane(LinesPane):
    """The steps as lines; the current step is centred when it moves (the player may scroll the
    pane between two moves)."""

    DEFAULT_CSS = css("panes.tcss")

    def __init__(self, title: str = "", steps: list[FlowStep] | None = None, **kwargs) -> None:
        """``title`` and ``steps``: what the first frame shows."""
        super().__init__(**kwargs)
        self._title: str | None = None
        self._steps: list[FlowStep] = []
        self.show(title, list(steps or []))

    def parts(self, width: int) -> list[Hanging]:
        return [render_step(step) for step in self._steps]

    def show(self, title: str, steps: list[FlowStep]) -> None:
        """Redraw only when a step changed; bring the current step to the middle when it moved or
        the list is a new one (a list scrolled by the player stays put while its ▶ does)."""
        new_list = title != self._title
        if new_list:
            self._title = title
            self.border_title = Text(title)
        if steps == self._steps and not new_list:
            return
        old, self._steps = self._steps, list(steps)
        new_list = new_list or [s.label for s in old] != [s.label for s in steps]
        at = _current(steps)
        if new_list and at is None:
            self.redraw()
            self.scroll_home(animate=False, immediate=True)  # a new list reads from its top
            return
        moved = at is not None and (new_list or at != _current(old))
        self.redraw(at if moved else None, centred=True)


def _current(steps: list[FlowStep]) -> int | None:
    return next((i for i, s in enumerate(steps) if s.state == "current"), None)


def render_step(step: FlowStep) -> Hanging:
    """The step's marker, then its label wrapped under its own text."""
    line = Text(step.label, style=STYLES.get(step.state, ""))
    head = step.label.find(":")
    if step.tone in TONES and head > 0 and step.state != "current":
        line.stylize(TONES[step.tone], 0, head)
    if step.note:
        line.append(f"  → {step.note}", style="" if step.state == "current" else "dim")
    mark = Text(MARKS.get(step.state, "·"), style="bold" if step.state == "current" else "")
    return Hanging(Text.assemble(mark, " "), line)


def render_flow(steps: list[FlowStep]) -> Text:
    """The steps as plain lines (for tests and text output)."""
    return Text("\n").join(
        Text(f"{MARKS.get(s.state, '·')} {s.label}" + (f"  → {s.note}" if s.note else "")) for s in steps
    )
