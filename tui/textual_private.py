"""Every use of Textual's private API in Clockwork, in one module (issue 22 item 4).

Textual's public API leaves a few costs on a screen answered key by key over SSH: a frame of its
own for a scrollbar, a second layout for a block of text, a repaint of the whole screen when the
focus moves, an empty screen composed and covered at start-up. Each override below names the
Textual internal it relies on and the measured cost it avoids (`make bench`: frames and bytes per
step, start-up). tests/test_textual_private.py has a test per override that fails when an upgrade
changes what it relies on, and a test that no other module of tui/ uses a private Textual name.

Checked against Textual 8.2.8 (TEXTUAL_CHECKED).
"""

from __future__ import annotations

from collections.abc import Mapping

from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.app import App
from textual.widget import Widget
from textual.widgets import RadioSet, Static

TEXTUAL_CHECKED = "8.2.8"


class QuietFocusScreen(Screen):
    """A screen whose focus moves without repainting the whole screen.

    Relies on: ``Screen.focused`` is a reactive that repaints the screen on a change, while
    ``Screen.set_focus`` restyles the widget that gains the focus and the one that loses it
    (``_update_focus_styles``), so they redraw themselves; Screen's ``_watch_focused`` watcher
    (found by name, so it still runs under this descriptor) refreshes the bindings.
    Avoids: a step that moves the focus (a typed answer, then a choice) repainting every region
    instead of the two widgets involved."""

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)


class StillStatic(Static):
    """A Static whose new size is laid out once.

    Relies on: ``Widget.virtual_size`` is a reactive that lays the screen out again when it
    changes, and ``Widget._size_updated`` sets it during a layout.
    Avoids: a block of text that changed height costing a second layout, then a frame of its own
    (it holds no widgets to place, and the layout that resized it has drawn it whole)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class QuietScrollView(ScrollView):
    """A line-drawn scrolling widget whose scrollbar is redrawn only when it changes, and that can
    wrap its lines for a new size before the layout that brings it draws them.

    Relies on: the screen's layout calls ``_size_updated(size, virtual_size, container_size,
    layout)`` on each widget it places, whose ScrollView version redraws the scrollbars
    (``_scroll_update(virtual_size)``) whenever any of the three is new, or the layout asks.
    Avoids: one more frame per step for each pane with a scrollbar (Textual redraws it after
    every layout of the screen), and a pane drawn at its old wrapping, then again.

    Subclasses draw through the public hooks: ``laying_out(size)`` before a new size is applied,
    ``laid_out(size, new)`` after; ``set_length`` for a new number of lines."""

    _sized_for: tuple[Size, Size, Size] | None = None  # (size, virtual size, container) drawn for

    def set_length(self, virtual_size: Size) -> None:
        """The new virtual size, with the scrollbar brought up to date before the next frame."""
        self.virtual_size = virtual_size
        if self._sized_for is not None:
            size, _, container = self._sized_for
            self._scroll_update(virtual_size)
            self._sized_for = (size, virtual_size, container)

    def laying_out(self, size: Size) -> None:
        """A new outer ``size`` (with a width), before this layout draws the widget."""

    def laid_out(self, size: Size, new: bool) -> None:
        """After each layout that placed the widget; ``new``: it brought a new outer size."""

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        new = bool(size.width) and size != self.outer_size
        if new:
            self.laying_out(size)
        seen = (size, self.virtual_size, container_size)
        resized = False
        if seen != self._sized_for:
            self._sized_for = seen
            resized = super()._size_updated(size, virtual_size, container_size, layout)
        self.laid_out(size, new)
        return resized


def adopt_as_pushed(app: App, screen: Screen) -> None:
    """Make the app's default screen one that ``switch_screen`` can replace.

    Relies on: ``App.switch_screen`` pops a result callback from the screen it replaces
    (``Screen._pop_result_callback``), which only ``push_screen`` gives a screen
    (``Screen._push_result_callback(requester, callback)``); a default screen has none.
    Avoids: at `clockwork play SAVE`, composing an empty default screen, drawing it and covering
    it with the game's (start-up time)."""
    screen._push_result_callback(app, None)


def send_web_meta(app: App, packet: Mapping[str, object]) -> None:
    """Send ``packet`` to the `clockwork web` server as a meta message (nothing in a terminal).

    Relies on: ``App._driver``, in a browser Textual's WebDriver, whose ``write_meta(dict)``
    writes a meta packet to textual-serve; Textual has no public way to reach it.
    Avoids: a live window being taken for hung (tui/web.py stops a window that falls silent)."""
    write_meta = getattr(app._driver, "write_meta", None)
    if write_meta is not None:
        write_meta(dict(packet))


def highlight(radio_set: RadioSet, index: int) -> None:
    """Put a RadioSet's highlight (the option the arrows move from) on option ``index``.

    Relies on: ``RadioSet._selected``, the var holding the highlighted option, whose watcher
    marks the button and scrolls it into view; RadioSet sets it only from the keys and clicks.
    Avoids: a setup form's choice whose chosen option (its default) is not where the arrows
    start: the first arrow would pick the option next to the first one, not to the chosen one."""
    radio_set._selected = index
