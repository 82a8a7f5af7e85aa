"""The rules kept at hand (key F2), and the prompts that take typed text, on the real screen."""

from __future__ import annotations

import dataclasses

from test_app_support import app_on, sync
import toy_game
from tui import games
from tui.engine.game import RefSection
from tui.engine.prompts import MultiChoice, Option, TextEntry, TurnStart
from tui.screens.game import GameScreen
from tui.screens.help import ReferenceScreen


@sync
async def test_f2_opens_the_quick_reference_and_m_the_readings_of_command_of_nature(tmp_path):
    """Issue 13, item 8: F2 is one screen of the game's turn and keys; the Clockwork Sage's readings
    of its ambiguities are one key further (rulesets/command-of-nature.toml [[readings]])."""
    path = tmp_path / "sage.json"
    async with app_on(tmp_path, path, new="command-of-nature") as (app, pilot):
        await pilot.press("f2")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReferenceScreen)
        quick = "\n".join(line for s in screen.sections for line in s.lines)
        assert "undo" in quick and "ambiguity" not in quick
        assert [s.title for s in screen.sections] == ["The turn", "Keys"]
        await pilot.press("m")
        await pilot.pause()
        assert screen.page == 1
        shown = "\n".join(line for s in screen.more for line in s.lines)
        assert "repeat" in shown.lower() and "notes: ambiguity 1" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


def _typed_play(state, ctx):
    yield TurnStart("Turn 1")
    name = yield TextEntry("Your title and name?", label="Name")
    ctx.log(f"name {name}")
    who = yield MultiChoice("Who signs?", [Option("1", "Lady Green"), Option("2", "Lord Red")], lo=1)
    ctx.log(f"signed by {', '.join(who)}")
    state.over = True


@sync
async def test_typed_text_and_several_picks_are_answered_from_the_keyboard(tmp_path, toy, monkeypatch):
    game = dataclasses.replace(
        toy_game.GAME, play=_typed_play, reference=lambda rules, state: [RefSection("Tiebreaks", ["earlier wins"])]
    )
    monkeypatch.setattr(games, "all_games", lambda: {"toy": game})
    path = tmp_path / "typed.json"
    async with app_on(tmp_path, path, (80, 24), new="toy", seed=1) as (app, pilot):
        screen = app.screen
        await pilot.press(*"Lady [b]Green", "enter")
        await pilot.pause()
        await pilot.press("2", "space", "1", "enter")
        await pilot.pause()
        texts = [e.text for e in screen.opened.runner.session.log]
        assert "name Lady [b]Green" in texts and "signed by 1, 2" in texts
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, ReferenceScreen)
