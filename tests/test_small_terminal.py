"""Small terminals (issue 7): below 60×20 every screen is covered by a clear "enlarge" notice
instead of a broken layout, and resizing at any moment loses nothing: the pending prompt, what was
typed and the history log position are there again once the terminal is big enough."""

from __future__ import annotations

import pytest

from test_app_support import fixed_save, make_app, running, sync, toy  # noqa: F401
from toy_game import TURN
from tui.screens.game import GameScreen
from tui.screens.home import HomeScreen
from tui.widgets.history_log import HistoryLog
from tui.screens.setup import SetupScreen
from tui.screens.too_small import TooSmallScreen

# The toy game's turn: Instruction, YesNo, Choice, Number, CardEntry (tests/toy_game.py).
TO_NUMBER = ["", "y", "1"]
TO_CARD = [*TO_NUMBER, "2"]


def notice_of(app) -> str:
    return str(app.screen.query_one("#too-small").render())


@sync
async def test_usable_sizes_show_the_screens(tmp_path, toy):  # noqa: F811
    path = fixed_save(tmp_path, "g", "toy", TO_NUMBER)
    app = make_app(tmp_path, path)
    async with running(app, (60, 20)) as pilot:
        for size in ((60, 20), (80, 24), (100, 30), (200, 60)):
            await pilot.resize_terminal(*size)
            assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("where", ["home", "setup", "game"])
@sync
async def test_below_the_minimum_every_screen_shows_the_notice(tmp_path, toy, where):  # noqa: F811
    path = fixed_save(tmp_path, "g", "toy", TO_NUMBER)
    app = make_app(tmp_path, path if where == "game" else None)
    async with running(app) as pilot:
        if where == "setup":
            await pilot.press("enter")
            await pilot.pause()
        under = app.screen
        assert isinstance(under, {"home": HomeScreen, "setup": SetupScreen, "game": GameScreen}[where])
        for size in ((59, 24), (80, 19), (12, 3)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert isinstance(app.screen, TooSmallScreen)
            assert f"Enlarge the terminal to at least 60×20 (now {size[0]}×{size[1]})" in notice_of(app)
        await pilot.press("enter", "y", "f1", "ctrl+p")  # nothing happens unseen
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is under
    assert len(list(tmp_path.glob("*.json"))) == 1  # setup did not start a game unseen


@sync
async def test_starting_small_shows_the_notice_and_the_game_once_enlarged(tmp_path, toy):  # noqa: F811
    path = fixed_save(tmp_path, "g", "toy", TO_NUMBER)
    app = make_app(tmp_path, path)
    async with running(app, (50, 15)) as pilot:
        assert "(now 50×15)" in notice_of(app)
        await pilot.resize_terminal(60, 18)
        await pilot.pause()
        assert "(now 60×18)" in notice_of(app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@sync
async def test_a_resize_keeps_the_digits_typed_into_a_number(tmp_path, toy):  # noqa: F811
    path = fixed_save(tmp_path, "g", "toy", TO_NUMBER)
    app = make_app(tmp_path, path)
    async with running(app, (80, 24)) as pilot:
        screen = app.screen
        await pilot.press("2")
        await pilot.resize_terminal(40, 12)
        await pilot.press("3")  # not seen: not typed
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert screen.prompt_bar.digits == "2"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.opened.runner.session.answers[-1].answer == "2"


@sync
async def test_a_resize_keeps_the_typed_card_name_and_the_log_position(tmp_path, toy):  # noqa: F811
    path = fixed_save(tmp_path, "g", "toy", TURN * 3 + TO_CARD)
    app = make_app(tmp_path, path)
    async with running(app, (80, 24)) as pilot:
        screen = app.screen
        screen.action_history()  # the whole history (l is text on this typed step), three lines up
        await pilot.pause()
        await pilot.press("up", "up", "up")
        history = app.screen.query_one(HistoryLog)
        picked = history.cursor
        assert not history.follow and picked == len(history.entries) - 4
        for size in ((70, 16), (30, 30), (120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
        assert history.cursor == picked and not history.follow  # while in the history, its place is kept
        first_row = history._first_row[picked]
        assert history.scroll_offset.y <= first_row < history.scroll_offset.y + history.scrollable_content_region.height
        await pilot.press("escape", *"c1")  # back to the prompt, a card name begun
        await pilot.pause()
        log = screen.history
        assert log.follow and log.cursor == len(log.entries) - 1  # the game screen shows the newest lines
        prompt = screen.opened.runner.pending
        for size in ((70, 16), (30, 30), (120, 40), (61, 21)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
        assert screen.opened.runner.pending is prompt and screen.prompt_bar.prompt is prompt
        assert screen.prompt_bar.input.value == "c1" and screen.prompt_bar.input.has_focus
        picked = log.cursor
        first_row = log._first_row[picked]
        assert log.scroll_offset.y <= first_row < log.scroll_offset.y + log.scrollable_content_region.height
