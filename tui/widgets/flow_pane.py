"""The flow/arrows pane: the steps of the procedure being walked and where the bot is."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..engine.view import FlowStep
from . import css

MARKS = {"current": "▶", "done": "✓", "todo": "·", "skipped": "–"}
STYLES = {"current": "bold reverse", "done": "", "todo": "dim", "skipped": "dim strike"}
TONES = {"red": "bold red", "orange": "bold yellow", "black": "bold"}


class FlowPane(VerticalScroll):
    """One Static per step, so the current step can be scrolled into view however lines wrap."""

    DEFAULT_CSS = css("panes.tcss")

    _title = None
    _steps: list[FlowStep] = []

    def __init__(self, title: str = "", steps: list[FlowStep] | None = None, **kwargs) -> None:
        """``title`` and ``steps``: what the first frame shows, composed with the pane (mounting the
        steps afterwards would cost the first frame a second layout)."""
        super().__init__(**kwargs)
        self._first = (title, list(steps or []))

    def compose(self):
        title, steps = self._first
        self._title, self._steps = title, steps
        self.border_title = Text(title)
        for step in steps:
            yield Static(render_step(step), classes="flow-step")

    def on_mount(self) -> None:
        at = next((i for i, s in enumerate(self._steps) if s.state == "current"), None)
        if at is not None:
            rows = list(self.query_children(Static))
            self.call_after_refresh(self.scroll_to_center, rows[at], animate=False)

    def show(self, title: str, steps: list[FlowStep]) -> None:
        """Update only the steps that changed; scroll only when the current step moved."""
        if title != self._title:
            self._title = title
            self.border_title = Text(title)
        if steps == self._steps:
            return
        old = self._steps
        self._steps = list(steps)
        rows = list(self.query_children(Static))
        for extra in rows[len(steps) :]:
            extra.remove()
        rows = rows[: len(steps)]
        if len(rows) < len(steps):
            new = [Static(classes="flow-step") for _ in range(len(steps) - len(rows))]
            self.mount_all(new)
            rows.extend(new)
        for index, (row, step) in enumerate(zip(rows, steps)):
            if index >= len(old) or old[index] != step:
                row.update(render_step(step))
        at = next((i for i, s in enumerate(steps) if s.state == "current"), None)
        was = next((i for i, s in enumerate(old) if s.state == "current"), None)
        current = rows[at] if at is not None else None
        if current is not None and (at != was or len(old) != len(steps)):
            self.call_after_refresh(self.scroll_to_center, current, animate=False)


def render_step(step: FlowStep) -> Table:
    """A marker column and a label column, so a long step wraps under its own text."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=1, no_wrap=True)
    grid.add_column(ratio=1)
    line = Text(step.label, style=STYLES.get(step.state, ""))
    head = step.label.find(":")
    if step.tone in TONES and head > 0 and step.state != "current":
        line.stylize(TONES[step.tone], 0, head)
    if step.note:
        line.append(f"  → {step.note}", style="" if step.state == "current" else "dim")
    grid.add_row(Text(MARKS.get(step.state, "·"), style="bold" if step.state == "current" else ""), line)
    return grid


def render_flow(steps: list[FlowStep]) -> Text:
    """The steps as plain lines (for tests and text output)."""
    return Text("\n").join(
        Text(f"{MARKS.get(s.state, '·')} {s.label}" + (f"  → {s.note}" if s.note else "")) for s in steps
    )
