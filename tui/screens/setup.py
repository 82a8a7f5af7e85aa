"""New-game setup: a form generated from GameDef.setup_options, plus the seed and the save name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from rich.segment import Segment
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.strip import Strip
from textual.validation import Integer
from textual.widgets import Checkbox, Footer, Input, RadioButton, RadioSet, SelectionList, Static
from textual.widgets.option_list import OptionDoesNotExist

from ..engine import saves
from ..engine.game import GameDef, OptionError, OptionSpec, check_options
from ..engine.prompts import shown, span
from ..engine.savelock import Locked
from ..opengame import OpenGame
from ..rules.loader import RulesetError
from ..textual_private import highlight

if TYPE_CHECKING:
    from textual import getters

    from ..app import ClockworkApp

HELP_EXTRA = [
    ("Tab / Shift+Tab", "next / previous field"),
    ("↑ ↓ ← →", "pick a choice"),
    ("Space", "toggle a yes/no box"),
]


class Radio(RadioButton):
    """A radio button whose glyph differs when off, so it reads without colour (NO_COLOR)."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 (Textual reads the constant at each render)
        return "●" if self.value else "○"


class Tick(Checkbox):
    """A checkbox that is blank when off, so it reads without colour."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802
        return "X" if self.value else " "


class Ticks(SelectionList[str]):
    """A SelectionList whose box is empty when off, like Tick (playtest: Textual draws every box
    with its X, ticked or not, only the colour differing)."""

    def render_line(self, y: int) -> Strip:
        line = super().render_line(y)
        try:
            option = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return line
        segments = list(line)
        # Textual draws the box as its first segments: left side, the X, right side.
        if option.value in self.selected or len(segments) < 2 or segments[1].text != Checkbox.BUTTON_INNER:
            return line
        segments[1] = Segment(" " * len(Checkbox.BUTTON_INNER), segments[1].style)
        return Strip(segments, line.cell_length)


class ChoiceField(RadioSet):
    """A RadioSet where moving the highlight also picks the option (no extra Space needed)."""

    BINDINGS = [
        Binding("down,right", "pick(1)", "Next option", show=False),
        Binding("up,left", "pick(-1)", "Previous option", show=False),
    ]

    def on_mount(self) -> None:
        self.call_later(self._highlight_pressed)

    def _highlight_pressed(self) -> None:
        if self.pressed_index >= 0:
            highlight(self, self.pressed_index)

    def action_pick(self, step: int) -> None:
        if step > 0:
            self.action_next_button()
        else:
            self.action_previous_button()
        self.action_toggle_button()


class SetupScreen(Screen):
    if TYPE_CHECKING:  # self.app is Clockwork's own (its saves folder, clock, blink); typed only
        app = getters.app(ClockworkApp)
    CSS_PATH = "setup.tcss"
    BINDINGS = [
        Binding("enter", "start", "Start", priority=True),
        Binding("escape,ctrl+b", "back", "Back"),
    ]
    HELP_EXTRA = HELP_EXTRA

    def __init__(self, game: GameDef) -> None:
        super().__init__()
        self.game = game
        self.specs: list[OptionSpec] = []
        self.load_error = ""
        self.error_shown = False
        try:
            self.specs = game.setup_options(OpenGame.load_rules(game))
        except RulesetError as exc:
            self.load_error = str(exc)

    def compose(self) -> ComposeResult:
        app = self.app
        yield Static(Text.assemble(("New game · ", "bold"), (self.game.title, "bold"), " · ", self.game.subtitle), id="setup-title")
        yield Static(Text("Enter starts · Tab moves between fields · arrows pick a choice · Space toggles"), id="setup-keys")
        with VerticalScroll(id="form"):
            for spec in self.specs:
                yield Static(Text(shown(spec.label, one_line=True), style="bold"), classes="label")
                yield self._field(spec)
                if spec.kind == "several":  # what is ticked, in words too
                    yield Static(self._ticked(spec, spec.default.split(",")), id=f"ticked-{spec.key}", classes="help")
                if spec.help:
                    yield Static(Text(shown(spec.help)), classes="help")
            if self.game.seeded:
                yield Static(Text("Seed", style="bold"), classes="label")
                yield self._input(str(app.new_seed()), "seed", kind="integer")
                yield Static(Text("Same seed, same draws and dice: share it to replay a game."), classes="help")
            yield Static(Text("Save name", style="bold"), classes="label")
            stamp = app.clock().strftime("%Y-%m-%d-%H%M")
            yield self._input(f"{self.game.id}-{stamp}", "save-name")
            yield Static(Text(shown(f"Saved in {app.saves_dir} after every step.", one_line=True)), classes="help")
        yield Static(id="setup-error")
        yield Footer(compact=True)

    def _input(self, value: str, id: str, kind: Literal["integer", "number", "text"] = "text") -> Input:
        field = Input(value=value, id=id, type=kind, select_on_focus=False, compact=True)
        field.cursor_blink = self.app.blink
        return field

    def _field(self, spec: OptionSpec):
        fid = f"opt-{spec.key}"
        if spec.kind == "choice":
            return ChoiceField(
                *(Radio(Text(shown(c.label, one_line=True)), value=c.key == spec.default, name=c.key) for c in spec.choices),
                id=fid,
                compact=True,
            )
        if spec.kind == "several":
            picked = set(spec.default.split(","))
            return Ticks(
                *((Text(shown(c.label, one_line=True)), c.key, c.key in picked) for c in spec.choices),
                id=fid, compact=True,
            )
        if spec.kind == "bool":
            on = spec.default.lower() in ("y", "yes", "true", "1", "on")
            return Tick(Text("yes"), value=on, id=fid, compact=True)
        field = self._input(spec.default, fid, kind="integer")
        field.validators = [Integer(spec.lo, spec.hi, failure_description=f"from {span(spec.lo, spec.hi)}")]
        field.placeholder = span(spec.lo, spec.hi)
        field.tooltip = f"a whole number from {span(spec.lo, spec.hi)}"
        return field

    @staticmethod
    def _ticked(spec: OptionSpec, keys: list[str]) -> Text:
        names = [shown(c.label, one_line=True) for c in spec.choices if c.key in keys]
        if not names:
            return Text(f"None ticked: Space ticks one ({spec.lo} to {spec.hi}).", style="bold")
        return Text("Ticked: " + ", ".join(names))

    @on(SelectionList.SelectedChanged)
    def ticked_changed(self, event: SelectionList.SelectedChanged) -> None:
        key = (event.selection_list.id or "").removeprefix("opt-")
        spec = next((s for s in self.specs if s.key == key), None)
        if spec is not None:
            self.query_one(f"#ticked-{key}", Static).update(self._ticked(spec, list(event.selection_list.selected)))

    def on_mount(self) -> None:
        if self.load_error:
            self.show_error(self.load_error)
        first = self.query("#form > RadioSet, #form > Checkbox, #form > SelectionList, #form > Input").first()
        first.focus()

    def show_error(self, message: str) -> None:
        self.query_one("#setup-error", Static).update(Text(message, style="bold"))
        self.notify(message, severity="error", markup=False)
        self.error_shown = True

    @on(Input.Changed)
    @on(RadioSet.Changed)
    @on(Checkbox.Changed)
    @on(SelectionList.SelectedChanged)
    def field_changed(self) -> None:
        """A refusal is about the value as it was: a changed field takes it away (a ruleset that
        did not load stays said)."""
        if self.error_shown and not self.load_error:
            self.query_one("#setup-error", Static).update("")
            self.app.clear_notifications()
            self.error_shown = False

    def values(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for spec in self.specs:
            widget = self.query_one(f"#opt-{spec.key}")
            if isinstance(widget, RadioSet):
                pressed = widget.pressed_button
                out[spec.key] = pressed.name if pressed is not None and pressed.name else spec.default
            elif isinstance(widget, SelectionList):
                out[spec.key] = ",".join(c.key for c in spec.choices if c.key in widget.selected)
            elif isinstance(widget, Checkbox):
                out[spec.key] = "yes" if widget.value else "no"
            elif isinstance(widget, Input):
                out[spec.key] = widget.value
        return out

    def action_start(self) -> None:
        if self.load_error:
            self.show_error(self.load_error)
            return
        try:
            options = check_options(self.specs, self.values(), named=lambda spec: shown(spec.label, one_line=True))
        except OptionError as exc:
            self.show_error(str(exc))
            return
        seeded = self.game.seeded
        seed_text = self.query_one("#seed", Input).value.strip() if seeded else str(self.app.new_seed())
        try:
            seed = int(seed_text)
        except ValueError:
            self.show_error(f"The seed must be a whole number, not '{seed_text}'.")
            return
        name = self.query_one("#save-name", Input).value
        try:
            path = saves.path_in(self.app.saves_dir, name)
            if path.exists():
                raise saves.SaveError(f"A save called '{path.stem}' already exists: choose another name.")
            opened = OpenGame.new(self.game.id, options, seed, path)
            opened.hold()  # one writer: a watcher opening it now follows this game
        except (saves.SaveError, OptionError, RulesetError, KeyError, Locked) as exc:
            self.show_error(str(exc.args[0]) if isinstance(exc, KeyError) else str(exc))
            return
        self.app.show_game(opened)

    def action_back(self) -> None:
        self.app.pop_screen()
