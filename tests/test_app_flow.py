"""Pilot tests of the main flow: home → setup → play by keys → undo → save as → quit → reload."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList

from drivers import hint_line
from test_app_support import app_on, make_app, play_turns, running, snapshot_of, sync, toy  # noqa: F401
from tui.engine import saves
from tui.widgets.history_log import HistoryLog
from tui.screens.dialogs import ConfirmScreen, SaveAsScreen
from tui.screens.game import GameScreen
from tui.screens.history import HistoryScreen
from tui.screens.home import HomeScreen
from tui.screens.setup import SetupScreen


async def _new_game(pilot) -> GameScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, HomeScreen)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetupScreen)
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def _flow(tmp_path, turns: int, match: str = "") -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _new_game(pilot)
        await play_turns(pilot, turns, match)
        runner = screen.opened.runner
        assert sum(1 for e in runner.session.log if e.kind == "turn" and match in e.text) >= turns
        applied = runner.applied
        assert applied >= 5
        undone = [runner.session.answers[-1].label]
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z", "ctrl+z", "ctrl+z")
        await pilot.pause()
        assert runner.applied == applied - 5
        assert "Undid:" in str(screen.prompt_bar.query_one("#prompt-hint").render())
        assert runner.session.redo[4].label == undone[0]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsScreen)
        await pilot.press("ctrl+a", "ctrl+k", *"my game", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        expected = snapshot_of(screen.opened)
        path = tmp_path / "my game.json"
        assert screen.opened.path == path.resolve()
        await pilot.press("ctrl+q")
    assert path.exists()

    again = make_app(tmp_path, open_path=path)
    async with running(again) as pilot:
        assert isinstance(again.screen, GameScreen)
        screen = again.screen
        assert snapshot_of(screen.opened) == expected
        history = screen.history
        assert [e.text for e in history.entries] == [e.text for e in screen.opened.runner.session.log]

    # Resuming from the home screen's list gives the same game too.
    third = make_app(tmp_path)
    async with running(third) as pilot:
        await pilot.press("l")
        home = third.screen
        names = [str(o.prompt) for o in home.query_one("#saves", OptionList).options]
        index = next(i for i, n in enumerate(names) if n.startswith("my game"))
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(third.screen, GameScreen)
        assert snapshot_of(third.screen.opened) == expected


@sync
async def test_flow_toy(tmp_path, toy):  # noqa: F811
    await _flow(tmp_path, turns=3)


@sync
async def test_flow_command_of_nature(tmp_path):
    await _flow(tmp_path, turns=4, match="Clockwork")  # the 4th has begun: three played


@sync
async def test_undo_to_here_from_the_log(tmp_path, toy):  # noqa: F811
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _new_game(pilot)
        await play_turns(pilot, 1)
        runner = screen.opened.runner
        log = runner.session.log
        target = next(i for i, e in enumerate(log) if e.kind == "answer" and e.text.startswith("Pay 1 gold"))
        step = log[target].step
        await pilot.press("ctrl+l", "home")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        for _ in range(target):
            await pilot.press("down")
        assert history.query_one(HistoryLog).selected == log[target]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)  # more than one answer: it asks first
        await pilot.press("n")
        await pilot.pause()
        assert runner.applied > step
        await pilot.press("ctrl+l", "home")
        for _ in range(target):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert runner.applied == step
        assert runner.pending is not None and runner.pending.text == "Pay 1 gold?"
        assert saves.read(screen.opened.path).session.answers == runner.session.answers


@sync
async def test_the_history_opens_at_full_height_and_esc_leaves(tmp_path, toy):  # noqa: F811
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(pilot)
        await play_turns(pilot, 3)
        runner = screen.opened.runner
        await pilot.press("ctrl+l")
        await pilot.pause()
        history = app.screen.query_one(HistoryLog)
        assert history.scrollable_content_region.height >= 12  # issue 24 item 3: 12 lines at 80x24
        newest = history.cursor
        await pilot.press("pageup")
        assert newest - history.cursor >= 5  # a page moves many lines, not one
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        # One answer back is undone at once: nothing to confirm.
        applied = runner.applied
        log = runner.session.log
        last = max(i for i, e in enumerate(log) if e.step == applied - 1)
        await pilot.press("ctrl+l", "end", *["up"] * (len(log) - 1 - last), "enter")
        await pilot.pause()
        assert app.screen is screen
        assert runner.applied == applied - 1


@sync
async def test_bad_key_gives_a_hint_and_loses_nothing(tmp_path, toy):  # noqa: F811
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(pilot)
        runner = screen.opened.runner
        before = (runner.applied, screen.opened.path.read_bytes())
        await pilot.press("x", "7")
        await pilot.pause()
        hint = str(screen.prompt_bar.query_one("#prompt-hint").render())
        assert "does nothing here" in hint and "Enter" in hint
        assert (runner.applied, screen.opened.path.read_bytes()) == before
        await pilot.press("enter", "q")  # YesNo now: q is no answer and no binding here
        await pilot.pause()
        assert runner.applied == 1
        assert "answer y or n" in str(screen.prompt_bar.query_one("#prompt-hint").render())


@sync
async def test_corrupted_save_listed_with_its_error(tmp_path, toy):  # noqa: F811
    bad = tmp_path / "broken.json"
    bad.write_bytes(b"{not json")
    async with app_on(tmp_path) as (app, pilot):
        home = app.screen
        shown = [o.prompt for o in home.query_one("#saves").options]
        assert any(isinstance(t, Text) and "not a Clockwork save" in t.plain for t in shown)
        await pilot.press("l", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("not a Clockwork save" in n.message for n in app._notifications)
    assert bad.read_bytes() == b"{not json"


@sync
async def test_open_path_with_a_bad_file_stays_home(tmp_path, toy):  # noqa: F811
    bad = tmp_path / "empty.json"
    bad.write_bytes(b"")
    app = make_app(tmp_path, open_path=bad)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert bad.read_bytes() == b""


@sync
async def test_save_as_cannot_escape_or_overwrite(tmp_path, toy):  # noqa: F811
    other = tmp_path / "other.json"
    other.write_bytes(b"keep me")
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _new_game(pilot)
        original = screen.opened.path
        for name in ("../../escape", "other"):
            await pilot.press("ctrl+s", "ctrl+a", "ctrl+k", *name, "enter")
            await pilot.pause()
        assert other.read_bytes() == b"keep me"
        assert not (tmp_path.parent / "escape.json").exists()
        assert screen.opened.path in (original, tmp_path.resolve() / "escape.json")
        assert "already exists" in hint_line(screen)


@sync
async def test_player_text_is_not_markup(tmp_path, toy):  # noqa: F811
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _new_game(pilot)
        await pilot.press("enter", "y", "1", "1", "enter", *"[bold]x", "enter")
        await pilot.pause()
        assert "[bold]x" in hint_line(screen)
        await pilot.press("ctrl+s", "ctrl+a", "ctrl+k", *"[red]x", "enter")
        await pilot.pause()
        assert screen.opened.path.name == "red-x.json"


@sync
async def test_palette_lists_only_what_applies(tmp_path, toy):  # noqa: F811
    async with app_on(tmp_path) as (app, pilot):
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert titles == ["New game", "Load", "Player", "Quit"]  # naming this window: home screen only
        screen = await _new_game(pilot)
        titles = [c.title for c in app.get_system_commands(screen)]
        assert titles == ["New game", "Load", "Save as", "History", "Quit"]
        await pilot.press("enter", "y")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(screen)]
        assert titles == ["New game", "Load", "Save as", "Undo", "Redo", "History", "Quit"]


@sync
async def test_help_lists_keys_and_closes_with_q(tmp_path, toy):  # noqa: F811
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await _new_game(pilot)
        await pilot.press("f1")
        await pilot.pause()
        help_screen = app.screen
        keys = {k for _, rows in help_screen.sections() for k, _ in rows}
        for key in ("^z", "^y", "^l", "F2", "F6", "^s", "^q", "F1", "Esc"):
            assert key in keys
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("f1")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@sync
async def test_finished_game_is_shown(tmp_path, toy, monkeypatch):  # noqa: F811
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _new_game(pilot)
        screen.opened.runner.state.turn = 60
        await play_turns(pilot, 5)
        assert screen.opened.runner.finished
        assert "Game over" in str(screen.prompt_bar.query_one("#prompt-text").render())
        await pilot.press("y")
        await pilot.pause()
        assert "game is over" in str(screen.prompt_bar.query_one("#prompt-hint").render())


@sync
async def test_palette_runs_undo(tmp_path, toy):  # noqa: F811
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _new_game(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.opened.runner.applied == 1
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"undo")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.opened.runner.applied == 0


@sync
async def test_number_and_card_entry_by_keys(tmp_path, toy):  # noqa: F811
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(pilot)
        runner = screen.opened.runner
        await pilot.press("enter", "y", "1", "9", "enter")
        await pilot.pause()
        assert runner.applied == 3
        assert "out of range" in hint_line(screen)
        await pilot.press("3", "backspace", "2", "enter")
        await pilot.pause()
        assert runner.session.answers[-1].label == "How many? → 2"
        # Issue 24 item 6: "c" fits every card: Tab picks none and lists them on the hint line.
        await pilot.press("c", "tab")
        await pilot.pause()
        assert screen.query_one("#prompt-input").value == "c"
        assert hint_line(screen).startswith("12 fit: c0, c1, c2")
        await pilot.press("1", "tab")  # c1, c10, c11 share only "c1": still nothing picked
        await pilot.pause()
        assert screen.query_one("#prompt-input").value == "c1" and "3 fit: c1, c10, c11" in hint_line(screen)
        await pilot.press("backspace", "0", "tab", "enter")  # "c0": the one card that fits
        await pilot.pause()
        assert runner.session.answers[-1].label == "Which card? → c0"
        # Undo back into the card entry: ^z keeps undoing with the focus in its answer line.
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")
        await pilot.pause()
        assert runner.applied == 2
        await pilot.press("ctrl+y", "ctrl+y", "ctrl+y")
        await pilot.pause()
        assert runner.applied == 5 and runner.session.answers[-1].label == "Which card? → c0"
