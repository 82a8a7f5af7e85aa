"""Issue 13, item 2: a step is drawn in the frame that answers it. Textual, left to itself, lays the
screen out a second time when a block of text changes height, redraws every scrollbar after each
layout, and scrolls a pane only after a layout: each a frame of its own on every step over SSH.
These tests pin the widgets that avoid it (tui/widgets/text_block.py, tui/textual_private.py,
lines_pane.py) and what a player sees of them: the pane shows what the step touched."""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen
from textual.widgets import Static

from test_app_support import running, sync
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
    async with running(app, (40, 12)) as pilot:
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


def in_view(pane) -> str:
    """The lines a pane shows now."""
    return "\n".join(pane.render_line(y).text for y in range(pane.scrollable_content_region.height))


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
    async with running(app, (40, 20)) as pilot:
        tracks = app.query_one(TracksPane)
        assert tracks.scroll_y == 0
        tracks.show(rows(30, changed=25))
        # No layout and no frame in between: the pane has already scrolled when show() returns.
        top, bottom = tracks.scroll_y, tracks.scroll_y + tracks.scrollable_content_region.height
        assert top <= 26 < bottom  # line 26: the group's title, then rows 0..25
        await pilot.pause()
        text = in_view(tracks)
        assert "Track 25" in text and "7" in text


@sync
async def test_the_flow_pane_centres_the_current_step_when_it_moves():
    app = Panes()
    async with running(app, (40, 20)) as pilot:
        flow = app.query_one(FlowPane)
        steps = [FlowStep(f"Step {i}", "current" if i == 20 else ("done" if i < 20 else "todo")) for i in range(30)]
        flow.show("Steps", steps)
        view = flow.scrollable_content_region.height
        assert flow.scroll_y == 20 - (view - 1) // 2
        await pilot.pause()
        middle = flow.render_line(view // 2 - (1 if view % 2 == 0 else 0)).text
        assert "▶ Step 20" in middle


class NarrowTracks(App[None]):
    def compose(self):
        yield TracksPane(rows(12), id="tracks")

    CSS = "TracksPane { height: 8; width: 30; }"


@sync
async def test_a_narrow_tracks_pane_shows_the_changed_rows_with_the_note_under_the_last():
    """Playtest: the changed value sat in the row's note, one line below what was brought into view."""
    app = NarrowTracks()
    async with running(app, (40, 20)) as pilot:
        tracks = app.query_one(TracksPane)
        groups = rows(12)
        groups[0].rows[9] = TrackRow("Track 9", "1", note="1 shield on Quill")
        groups[0].rows[10] = TrackRow("Track 10", "2", note="2 shields")
        tracks.show(groups)
        await pilot.pause()
        text = in_view(tracks)
        assert "Track 9" in text and "2 shields" in text


@sync
async def test_a_new_steps_list_shows_its_current_step_even_where_the_old_one_was_scrolled():
    """Playtest: a new list with ▶ at the same index kept the scroll of the old one (scrolled by the
    player), and its ▶ was out of view."""
    app = Panes()
    async with running(app, (40, 20)) as pilot:
        flow = app.query_one(FlowPane)
        flow.show("Round 1", [FlowStep(f"Old {i}", "current" if i == 1 else "todo") for i in range(30)])
        flow.scroll_to(y=20, animate=False, immediate=True)  # the player reads further down
        await pilot.pause()
        flow.show("Round 1 · P5", [FlowStep(f"New {i}", "current" if i == 1 else "todo") for i in range(30)])
        await pilot.pause()
        text = in_view(flow)
        assert "▶ New 1" in text
        flow.scroll_to(y=20, animate=False, immediate=True)
        await pilot.pause()
        flow.show("Round 1 · P5", [FlowStep(f"New {i}", "done" if i == 1 else ("current" if i == 2 else "todo")) for i in range(30)])
        await pilot.pause()
        text = in_view(flow)
        assert "▶ New 2" in text  # the ▶ moved: it is brought back into view


@sync
async def test_the_tracks_pane_names_the_group_whose_rows_show_under_a_title_out_of_view():
    """Issue 24 playtest at 80×24 (EU): France's "BP 9 (spent 3)" showed with no heading in view;
    the pane's border names the group its top rows belong to, and only when its title is out of view."""
    groups = [TrackGroup("England · Red", [TrackRow(f"Track {i}", "1") for i in range(12)]),
              TrackGroup("France · Blue", [TrackRow(f"Track {i}", "1") for i in range(12)])]
    app = Panes()
    async with running(app, (40, 20)) as pilot:
        tracks = app.query_one(TracksPane)
        tracks.show(groups)
        await pilot.pause()
        top_border = lambda: app.screen._compositor.render_strips()[tracks.region.y].text  # noqa: E731
        assert "England" not in top_border() and "England · Red" in in_view(tracks)
        changed = [groups[0], TrackGroup("France · Blue", [TrackRow(f"Track {i}", "9" if i == 10 else "1")
                                                          for i in range(12)])]
        tracks.show(changed)
        await pilot.pause()
        assert "Track 10" in in_view(tracks) and "France · Blue" not in in_view(tracks)
        assert "Tracks · France · Blue" in top_border()
        tracks.scroll_to(y=0, animate=False, immediate=True)
        await pilot.pause()
        assert "France" not in top_border() and "England" not in top_border()
