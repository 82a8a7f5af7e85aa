"""Issue 13, item 2: a step is drawn in the frame that answers it. Textual, left to itself, lays the
screen out a second time when a block of text changes height, redraws every scrollbar after each
layout, and scrolls a pane only after a layout: each a frame of its own on every step over SSH.
These tests pin the widgets that avoid it (tui/widgets/text_block.py, quiet_scroll.py,
lines_pane.py) and what a player sees of them: the pane shows what the step touched."""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen
from textual.widgets import Static

from test_app_support import sync
from tui.engine.view import FlowStep, TrackGroup, TrackRow
from tui.widgets.flow_pane import FlowPane
from tui.widgets.history_log import HistoryLog
from tui.widgets.text_block import TextBlock
from tui.widgets.tracks_pane import TracksPane


def count_layouts(monkeypatch) -> list[int]:
    layouts: list[int] = []
    original = Screen._refresh_layout

    def counted(self, *args, **kwargs):
        layouts.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    return layouts


class Blocks(App[None]):
    def compose(self):
        yield TextBlock("one line", id="block")
        yield Static("one line", id="static")


@sync
async def test_a_text_block_that_grows_is_laid_out_once_where_a_static_takes_two(monkeypatch):
    app = Blocks()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        layouts = count_layouts(monkeypatch)
        app.query_one("#block", TextBlock).update("one\ntwo\nthree")
        await pilot.pause()
        await pilot.pause()
        assert len(layouts) == 1
        assert app.query_one("#block").size.height == 3  # and it did grow
        layouts.clear()
        app.query_one("#static", Static).update("one\ntwo\nthree")
        await pilot.pause()
        await pilot.pause()
        assert len(layouts) == 2  # what TextBlock saves: Textual's own Static lays out again


class History(App[None]):
    def compose(self):
        yield HistoryLog(id="history")
        yield TextBlock("x", id="block")


@sync
async def test_a_layout_that_leaves_the_history_alone_does_not_redraw_its_scrollbar(monkeypatch):
    from tui.engine.session import LogEntry

    app = History()
    async with app.run_test(size=(40, 12)) as pilot:
        history = app.query_one(HistoryLog)
        history.styles.height = 3
        history.set_entries([LogEntry(step=n, kind="auto", text=f"line {n}") for n in range(20)])
        await pilot.pause()
        assert history.show_vertical_scrollbar
        bar = history.vertical_scrollbar
        redrawn: list[int] = []
        original = type(bar).refresh
        monkeypatch.setattr(type(bar), "refresh", lambda self, *a, **k: (redrawn.append(1), original(self, *a, **k))[1])
        app.query_one("#block", TextBlock).update("a\nb")  # a layout of the screen, not of the history
        await pilot.pause()
        await pilot.pause()
        assert redrawn == []
        history.set_entries(history.entries + [LogEntry(step=20, kind="auto", text="line 20")])
        await pilot.pause()
        assert redrawn  # a new line does move the scrollbar
        assert history.scroll_y == history.max_scroll_y  # and the newest line shows


def rows(n: int, changed: int | None = None) -> list[TrackGroup]:
    return [
        TrackGroup("Bot", [TrackRow(f"Track {i}", str(7 if i == changed else 1)) for i in range(n)]),
    ]


class Panes(App[None]):
    def compose(self):
        yield FlowPane("Steps", [FlowStep(f"Step {i}", "todo") for i in range(30)], id="flow")
        yield TracksPane(rows(30), id="tracks")

    CSS = "FlowPane, TracksPane { height: 8; }"


@sync
async def test_the_tracks_pane_brings_the_row_a_step_changed_into_view_in_the_same_frame():
    app = Panes()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        tracks = app.query_one(TracksPane)
        assert tracks.scroll_y == 0
        tracks.show(rows(30, changed=25))
        # No layout and no frame in between: the pane has already scrolled when show() returns.
        top, bottom = tracks.scroll_y, tracks.scroll_y + tracks.scrollable_content_region.height
        assert top <= 26 < bottom  # line 26: the group's title, then rows 0..25
        await pilot.pause()
        text = "\n".join(tracks.render_line(y).text for y in range(tracks.scrollable_content_region.height))
        assert "Track 25" in text and "7" in text


@sync
async def test_the_flow_pane_centres_the_current_step_when_it_moves():
    app = Panes()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        flow = app.query_one(FlowPane)
        steps = [FlowStep(f"Step {i}", "current" if i == 20 else ("done" if i < 20 else "todo")) for i in range(30)]
        flow.show("Steps", steps)
        view = flow.scrollable_content_region.height
        assert flow.scroll_y == 20 - (view - 1) // 2
        await pilot.pause()
        middle = flow.render_line(view // 2 - (1 if view % 2 == 0 else 0)).text
        assert "▶ Step 20" in middle
