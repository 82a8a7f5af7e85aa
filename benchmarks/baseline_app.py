"""The baseline every figure is compared with: a bare Textual app (Header, text, Log, Footer).

Pressing j writes one log line, the bare-app equivalent of answering one step.
Run directly (in a terminal or pty) or import BaselineApp for Pilot timings.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Log, Static

LINE = "   12    Clockwork pays 1 gold: 4 → 3 and draws Hearth, Discord"


class BaselineApp(App[None]):
    TITLE = "Baseline"
    BINDINGS = [("j", "step", "Step")]

    def __init__(self) -> None:
        super().__init__()
        self.steps = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Press j to write a line, as answering one step does.")
        yield Log()
        yield Footer()

    def action_step(self) -> None:
        self.steps += 1
        self.query_one(Log).write_line(f"{LINE} #{self.steps}")


if __name__ == "__main__":
    BaselineApp().run()
