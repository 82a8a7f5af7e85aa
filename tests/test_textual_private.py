"""Issue 22 item 4: Textual's private API is used in one module, tui/textual_private.py. Each test
here pins what one of its overrides relies on, so that a Textual upgrade that changes it fails
here (and says which override to look at again), not as a slower screen nobody notices. The last
test keeps every other module of tui/ off Textual's private names."""

from __future__ import annotations

import ast
import importlib
import inspect
from functools import cache
from pathlib import Path

import pytest
import textual
from textual.app import App
from textual.drivers.web_driver import WebDriver
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from test_app_support import sync
from tui import textual_private
from tui.textual_private import (
    QuietFocusScreen, QuietScrollView, StillStatic, adopt_as_pushed, highlight, send_web_meta,
)

TUI = Path(__file__).resolve().parent.parent / "tui"
TEXTUAL = Path(textual.__file__).parent


def parameters(function) -> list[str]:
    return list(inspect.signature(function).parameters)


# -- QuietFocusScreen: the focus moves without repainting the screen ----------------------------


class Focusable(Static, can_focus=True):
    pass


def focus_app(screen_class: type[Screen]) -> App:
    class Two(screen_class):  # type: ignore[valid-type, misc]
        def compose(self):
            yield Focusable("a", id="a")
            yield Focusable("b", id="b")

    class Focusing(App[None]):
        CSS = "Focusable:focus { background: red; }"

        def get_default_screen(self) -> Screen:
            return Two()

    return Focusing()


async def refreshed_by_a_focus_move(screen_class: type[Screen], monkeypatch) -> tuple[list[Widget], list[int], bool]:
    app = focus_app(screen_class)
    async with app.run_test(size=(20, 6)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.set_focus(screen.query_one("#a"))
        await pilot.pause()
        refreshed: list[Widget] = []
        original = Widget.refresh

        def counted(self, *args, **kwargs):
            refreshed.append(self)
            return original(self, *args, **kwargs)

        monkeypatch.setattr(Widget, "refresh", counted)
        told: list[int] = []
        screen.bindings_updated_signal.subscribe(screen, lambda _: told.append(1), immediate=True)
        b = screen.query_one("#b")
        screen.set_focus(b)
        await pilot.pause()
        focus_styled = b.styles.background.hex == "#FF0000"
        monkeypatch.undo()
        return refreshed, told, focus_styled


@sync
async def test_a_quiet_focus_screen_repaints_the_two_widgets_not_the_screen(monkeypatch):
    """QuietFocusScreen relies on Screen.focused repainting the screen (else it buys nothing),
    the widgets restyling themselves, and Screen's own watcher still telling the bindings (the
    keys bar listens to that signal)."""
    assert isinstance(Screen.__dict__["focused"], Reactive) and Screen.__dict__["focused"]._repaint
    refreshed, told, styled = await refreshed_by_a_focus_move(Screen, monkeypatch)
    assert any(isinstance(w, Screen) for w in refreshed)  # Textual's own screen repaints whole
    refreshed, told, styled = await refreshed_by_a_focus_move(QuietFocusScreen, monkeypatch)
    assert not any(isinstance(w, Screen) for w in refreshed)
    assert {getattr(w, "id", None) for w in refreshed} >= {"a", "b"}
    assert styled and told


# -- StillStatic: a new height is laid out once --------------------------------------------------


@sync
async def test_a_still_static_is_laid_out_once_where_textuals_static_takes_two(monkeypatch):
    """StillStatic relies on Widget.virtual_size being a reactive that lays the screen out again
    (the second layout it saves) and on the first layout drawing the block at its new size."""
    assert Widget.__dict__["virtual_size"]._layout
    assert parameters(Widget._size_updated) == ["self", "size", "virtual_size", "container_size", "layout"]

    class Blocks(App[None]):
        def compose(self):
            yield StillStatic("one", id="still")
            yield Static("one", id="static")

    layouts: list[int] = []
    original = Screen._refresh_layout
    app = Blocks()
    async with app.run_test(size=(30, 12)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(Screen, "_refresh_layout", lambda self, *a, **k: (layouts.append(1), original(self, *a, **k))[1])
        app.query_one("#still", Static).update("one\ntwo\nthree")
        await pilot.pause()
        await pilot.pause()
        assert len(layouts) == 1 and app.query_one("#still").size.height == 3
        layouts.clear()
        app.query_one("#static", Static).update("one\ntwo\nthree")
        await pilot.pause()
        await pilot.pause()
        assert len(layouts) == 2


# -- QuietScrollView: the scrollbar and the wrapping follow the layout in its own frame -----------


class Lines(QuietScrollView):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.calls: list[tuple[str, Size, bool]] = []
        self.drawn_for: Size | None = None

    def laying_out(self, size: Size) -> None:
        self.calls.append(("laying out", size, True))
        self.drawn_for = size

    def laid_out(self, size: Size, new: bool) -> None:
        self.calls.append(("laid out", size, new))

    def render_line(self, y: int) -> Strip:
        assert self.drawn_for == self.outer_size  # wrapped for this size before it is drawn
        return Strip.blank(self.scrollable_content_region.width)


class Plain(ScrollView):
    def render_line(self, y: int) -> Strip:
        return Strip.blank(self.scrollable_content_region.width)


class Scrolling(App[None]):
    CSS = "Lines, Plain { height: 4; }"

    def compose(self):
        yield Lines(id="lines")
        yield Plain(id="plain")
        yield StillStatic("x", id="block")


@sync
async def test_a_quiet_scroll_view_is_told_of_a_new_size_before_it_is_drawn_and_keeps_its_scrollbar(monkeypatch):
    """QuietScrollView relies on the layout calling ScrollView._size_updated(size, virtual_size,
    container_size, layout) on each widget it places, and on Widget._scroll_update bringing the
    scrollbar up to date; and Textual's own ScrollView still redraws its scrollbar after a layout
    that leaves it alone (the frame the override saves)."""
    assert parameters(ScrollView._size_updated) == ["self", "size", "virtual_size", "container_size", "layout"]
    assert parameters(Widget._scroll_update) == ["self", "virtual_size"]
    app = Scrolling()
    async with app.run_test(size=(30, 14)) as pilot:
        await pilot.pause()
        lines, plain = app.query_one(Lines), app.query_one(Plain)
        assert ("laying out", lines.outer_size, True) in lines.calls
        assert lines.calls[-1][0] == "laid out"
        lines.set_length(Size(20, 40))
        assert lines.vertical_scrollbar.window_virtual_size == 40  # at once: no frame in between
        plain.virtual_size = Size(20, 40)
        await pilot.pause()
        await pilot.pause()
        bars: list[Widget] = []
        for widget in (lines, plain):
            bar = widget.vertical_scrollbar
            monkeypatch.setattr(bar, "refresh", lambda *a, _bar=bar, **k: bars.append(_bar))
        lines.calls.clear()
        app.query_one("#block", Static).update("a\nb")  # a layout of the screen, not of the panes
        await pilot.pause()
        await pilot.pause()
        assert lines.vertical_scrollbar not in bars
        assert plain.vertical_scrollbar in bars
        assert lines.calls and all(call[0] == "laid out" and not call[2] for call in lines.calls)


# -- adopt_as_pushed: the first screen can be switched away ----------------------------------------


@sync
async def test_a_default_screen_adopted_as_pushed_can_be_switched_away():
    """adopt_as_pushed relies on App.switch_screen popping a result callback from the screen it
    replaces, which a default screen does not have without Screen._push_result_callback."""
    assert parameters(Screen._push_result_callback) == ["self", "requester", "callback", "future"]
    with pytest.raises(IndexError):
        Screen()._pop_result_callback()  # what switch_screen meets on a default screen

    class First(Screen):
        def compose(self):
            yield Static("first")

    class Starting(App[None]):
        def get_default_screen(self) -> Screen:
            screen = First()
            adopt_as_pushed(self, screen)
            return screen

    app = Starting()
    async with app.run_test() as pilot:
        await pilot.pause()
        second = Screen()
        await app.switch_screen(second)
        await pilot.pause()
        assert app.screen is second and len(app.screen_stack) == 1


# -- send_web_meta: a packet to textual-serve ------------------------------------------------------


@sync
async def test_send_web_meta_reaches_the_web_drivers_write_meta_and_is_quiet_in_a_terminal():
    """send_web_meta relies on App._driver being the driver, the web one having write_meta(data)."""
    assert parameters(WebDriver.write_meta) == ["self", "data"]
    app = App()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app._driver is not None
        send_web_meta(app, {"type": "clockwork-alive"})  # a headless (terminal) driver: nothing
        sent: list[dict] = []
        real = app._driver

        class Web:
            def write_meta(self, data: dict) -> None:
                sent.append(data)

        app._driver = Web()
        try:
            send_web_meta(app, {"type": "clockwork-alive"})
        finally:
            app._driver = real
        assert sent == [{"type": "clockwork-alive"}]


# -- highlight: a RadioSet's arrows start from the option chosen -------------------------------


@sync
async def test_highlight_puts_a_radio_sets_arrows_on_the_option_given():
    """highlight relies on RadioSet._selected being the option the arrows move from."""
    from textual.widgets import RadioButton, RadioSet

    assert "_selected" in vars(RadioSet)

    class Choosing(App[None]):
        def compose(self):
            yield RadioSet(RadioButton("one"), RadioButton("two"), RadioButton("three", value=True), RadioButton("four"))

    app = Choosing()
    async with app.run_test() as pilot:
        await pilot.pause()
        radio = app.query_one(RadioSet)
        radio.focus()
        highlight(radio, radio.pressed_index)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert radio.pressed_index == 3  # from "three", not from "one"


# -- public mechanisms whose order or signal the game screen relies on --------------------------


@sync
async def test_a_screens_own_resume_handler_runs_before_textual_restyles_it(monkeypatch):
    """GameScreen.on_screen_resume skips the restyle of its first resume: it relies on a
    subclass's handler running before Screen's own, which reads event.refresh_styles."""
    restyled: list[Screen] = []
    original = Screen.update_node_styles
    monkeypatch.setattr(Screen, "update_node_styles", lambda self, *a, **k: (restyled.append(self), original(self, *a, **k))[1])

    class Quiet(Screen):
        def on_screen_resume(self, event) -> None:
            event.refresh_styles = False

    app = App()
    async with app.run_test() as pilot:
        await pilot.pause()
        restyled.clear()
        loud, quiet = Screen(), Quiet()
        await app.push_screen(loud)
        await pilot.pause()
        await app.push_screen(quiet)
        await pilot.pause()
        assert loud in restyled and quiet not in restyled


# -- no other module uses a private Textual name -------------------------------------------------


def private(name: str) -> bool:
    return len(name) > 1 and name.startswith("_") and not name.startswith("__")


def names_defined(tree: ast.AST) -> set[str]:
    """Private names a source defines: functions, classes, module and class attributes, and the
    ``self._x`` its methods assign (not a method's local variables)."""
    found: set[str] = set()

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Name) and not in_function:
                    found.add(part.id)
                elif isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name) and part.value.id == "self":
                    found.add(part.attr)
        inside = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, False)
    return {name for name in found if private(name)}


@cache
def textual_names() -> frozenset[str]:
    found: set[str] = set()
    for path in TEXTUAL.rglob("*.py"):
        found |= names_defined(ast.parse(path.read_text(encoding="utf-8")))
    return frozenset(found)


@cache
def textual_class_names(cls: type) -> frozenset[str]:
    """The private names a Textual class and its Textual bases define or assign."""
    return frozenset().union(*(base_names(base) for base in cls.__mro__
                               if base.__module__.split(".")[0] == "textual"))


@cache
def base_names(base: type) -> frozenset[str]:
    """One Textual class's own private names (read from its source once: many classes share a base)."""
    found = {name for name in vars(base) if private(name)}
    try:
        found |= names_defined(ast.parse(inspect.getsource(base)))
    except (OSError, TypeError, SyntaxError, IndentationError):
        pass
    return frozenset(found)


def ui_modules() -> list[Path]:
    return sorted(
        path for path in TUI.rglob("*.py")
        if path.name not in ("textual_private.py", "__main__.py") and not {"engine", "games", "rules"} & set(path.relative_to(TUI).parts)
    )


@cache
def our_names() -> frozenset[str]:
    return frozenset().union(*(names_defined(ast.parse(p.read_text(encoding="utf-8"))) for p in ui_modules()))


def violations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = path.relative_to(TUI.parent)
    ours = our_names()
    modules = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    found = []
    for node in ast.walk(tree):  # a private Textual name read or called anywhere
        if isinstance(node, ast.Attribute) and private(node.attr) and node.attr in textual_names():
            if node.attr not in ours and not (isinstance(node.value, ast.Name) and node.value.id in modules):
                found.append(f"{where}:{node.lineno}: uses {node.attr}")
    module = importlib.import_module(".".join(where.with_suffix("").parts))
    for node in ast.walk(tree):  # a Textual class's private name or reactive redefined in a subclass
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(module, node.name, None)
        if not isinstance(cls, type):
            continue
        textual_bases = [b for b in cls.__mro__ if b.__module__.split(".")[0] == "textual"]
        if not textual_bases:
            continue
        theirs = textual_class_names(cls)
        for name in names_defined(node) & theirs:
            found.append(f"{where}:{node.lineno}: {node.name} redefines Textual's {name}")
        for name, value in vars(cls).items():
            if isinstance(value, Reactive) and any(isinstance(vars(b).get(name), Reactive) for b in textual_bases):
                found.append(f"{where}:{node.lineno}: {node.name} overrides Textual's reactive {name}")
    return found


def test_no_module_but_textual_private_uses_a_private_textual_name():
    """Every private Textual name Clockwork relies on is in tui/textual_private.py, with its test
    above. (textual-serve's hook for `clockwork web` is tui/web.py's, tested in test_web_guard.py.)"""
    found = [line for path in ui_modules() for line in violations(path)]
    assert found == []


def test_the_private_names_check_finds_what_it_looks_for(tmp_path):
    """The check above catches each kind of use: the private module's own uses are found."""
    lines = violations(Path(textual_private.__file__))
    assert any("uses _push_result_callback" in line for line in lines)
    assert any("uses _driver" in line for line in lines)
    assert any("QuietScrollView redefines Textual's _size_updated" in line for line in lines)
    assert any("QuietFocusScreen overrides Textual's reactive focused" in line for line in lines)
    assert any("uses _selected" in line for line in lines)
