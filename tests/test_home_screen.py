"""The home screen's keys do what the keys line says (issue 24 item 2): n starts a new game, Enter
opens what the focused list highlights, and only the focused list shows its cursor."""

from __future__ import annotations

from test_app_support import app_on, sync
from tui.screens.home import HomeScreen, NewGameScreen
from tui.screens.setup import SetupScreen


def keys_line(app) -> list[str]:
    """The descriptions the keys line shows, in order."""
    return [active.binding.description for active in app.screen.active_bindings.values()
            if active.binding.show and active.binding.description]


def highlighted_style(app, list_id: str):
    box = app.screen.query_one(f"#{list_id}")
    return box.get_component_rich_style("option-list--option-highlighted")


@sync
async def test_n_on_the_games_list_sets_up_the_highlighted_game(tmp_path):
    async with app_on(tmp_path, size=(80, 24)) as (app, pilot):
        await pilot.press("down", "n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.game.id == "oath"  # the second game listed, the one highlighted


@sync
async def test_n_from_the_saves_list_opens_a_picker_titled_new_game(tmp_path):
    async with app_on(tmp_path, size=(80, 24)) as (app, pilot):
        await pilot.press("l", "n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "New game" in str(app.screen.query_one("Static").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("n", "down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.game.id == "eu-price-of-power"


@sync
async def test_the_keys_line_says_what_enter_does_on_each_list(tmp_path):
    async with app_on(tmp_path, size=(80, 24)) as (app, pilot):
        assert keys_line(app)[:2] == ["Set up", "New game"]
        await pilot.press("l")
        await pilot.pause()
        assert keys_line(app)[0] == "Open"


@sync
async def test_quit_and_help_fit_the_keys_line_at_60_columns(tmp_path):
    async with app_on(tmp_path, size=(60, 20)) as (app, pilot):
        await pilot.press("l")
        await pilot.pause()
        # Every key the line shows in full sits left of the command palette's key, inside 60 columns.
        palette_left = min(k.region.x for k in app.screen.query("FooterKey") if k.key == "ctrl+p") \
            if any(k.key == "ctrl+p" for k in app.screen.query("FooterKey")) else 60
        whole = {k.description for k in app.screen.query("FooterKey")
                 if k.region.width and k.region.right <= palette_left}
        assert {"Quit", "Help"} <= whole


@sync
async def test_only_the_focused_list_shows_its_cursor(tmp_path):
    async with app_on(tmp_path, size=(80, 24)) as (app, pilot):
        focused = highlighted_style(app, "games")
        await pilot.press("tab")
        await pilot.pause()
        assert app.screen.focused.id == "saves"
        blurred = highlighted_style(app, "games")
        plain = app.screen.query_one("#games").get_component_rich_style("option-list--option")
        assert focused.bgcolor != blurred.bgcolor
        assert blurred.bgcolor in (None, plain.bgcolor)
        assert not blurred.reverse and not blurred.bold


@sync
async def test_at_60x20_the_saves_list_shows_several_saves_and_scrolls(tmp_path):
    from tui.cli import main

    for n in range(8):
        assert main(["--saves-dir", str(tmp_path), "new", "oath", "--save", str(tmp_path / f"game{n}.json")]) == 0
    async with app_on(tmp_path, size=(60, 20)) as (app, pilot):
        await pilot.press("l")
        await pilot.pause()
        box = app.screen.query_one("#saves")
        assert box.content_region.height >= 6  # three saves at least, two rows each at 60 columns
        await pilot.press("end")
        await pilot.pause()
        assert box.highlighted == 7 and box.scroll_y > 0
