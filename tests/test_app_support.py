"""Helpers shared by the Pilot and snapshot tests: the toy game registered as a real game, and a
driver that answers whatever prompt is pending with the keys a player would press."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path

import msgspec
import pytest
from textual.app import App
from textual.pilot import Pilot

import toy_game
from tui import games
from tui.app import ClockworkApp
from tui.engine import saves
from tui.engine.game import GameDef, OptionSpec, Status
from tui.engine.prompts import (
    CardEntry,
    Choice,
    Instruction,
    MultiChoice,
    Number,
    Option,
    TextEntry,
    TurnStart,
    YesNo,
    pressed_keys,
    valid_answers,
)
from tui.engine.view import CardView, FlowStep, GameView, TrackGroup, TrackRow
from tui.rules.common import RulesetHeader
from tui.opengame import OpenGame
from tui.screenshots import STAMP
from tui.screens.game import GameScreen

FIXED_NOW = datetime(2026, 11, 22, 21, 15)


def sync(test):
    """Run an async test with asyncio.run (the project has no async pytest plugin)."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    run.__signature__ = inspect.signature(test)
    return run


@pytest.fixture
def toy(monkeypatch):
    """Register only the toy game, with its in-memory ruleset."""
    monkeypatch.setattr(games, "all_games", lambda: {"toy": toy_game.GAME})
    real_load = OpenGame.load_rules

    def load_rules(game):
        return toy_game.RULES if game.id == "toy" else real_load(game)

    monkeypatch.setattr(OpenGame, "load_rules", staticmethod(load_rules))


def make_app(saves_dir: Path, open_path: Path | None = None, seed: int = 7) -> ClockworkApp:
    return ClockworkApp(saves_dir, open_path, seed=seed, clock=lambda: FIXED_NOW, blink=False)


@contextlib.asynccontextmanager
async def app_on(saves_dir: Path, path: Path | None = None, size: tuple[int, int] = (100, 30), *,
                 new: str = "", seed: int = 3) -> AsyncIterator[tuple[ClockworkApp, Pilot]]:
    """The app run on ``path`` (a ``new`` game of that id saved there first), or on its home
    screen, once it has settled: (app, pilot)."""
    if new:
        assert path is not None
        OpenGame.new(new, {}, seed, path)
    app = make_app(saves_dir, path)
    async with running(app, size) as pilot:
        yield app, pilot


@contextlib.asynccontextmanager
async def running(app: App, size: tuple[int, int] = (100, 30)) -> AsyncIterator[Pilot]:
    """``app`` run headless at ``size`` once its first screen has settled."""
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        yield pilot


def keys_for(prompt) -> list[str]:
    """The keys a player presses to give the first valid answer to ``prompt``."""
    match prompt:
        case Instruction():
            return ["enter"]
        case YesNo():
            return ["y"]
        case Choice(options=options):
            keys = pressed_keys(options)
            return ["e" if "e" in keys else keys[0]]  # "e" ends the player's turn in command-of-nature
        case Number(lo=lo, hi=hi, default=default):
            return ["enter"] if default is not None else [*str(min(hi, lo + 2)), "enter"]
        case CardEntry(cards=cards):
            return [*cards[0], "enter"]
        case TextEntry() | MultiChoice():
            return [*("space" if c == " " else c for c in valid_answers(prompt)[0]), "enter"]
    raise AssertionError(f"no keys for {prompt!r}")


def turns_begun(screen: GameScreen, match: str = "") -> int:
    return sum(1 for e in screen.opened.runner.session.log if e.kind == "turn" and match in e.text)


async def play_turns(pilot, turns: int, match: str = "", limit: int = 400) -> None:
    """Answer prompts by keys until ``turns`` more turn headers containing ``match`` have
    appeared, or the game ends."""
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    target = turns_begun(screen, match) + turns
    for _ in range(limit):
        runner = screen.opened.runner
        if runner.finished or turns_begun(screen, match) >= target:
            return
        before = len(runner.session.answers)
        await pilot.press(*keys_for(runner.pending))
        await pilot.pause()
        assert len(runner.session.answers) == before + 1, screen.prompt_bar.query_one("#prompt-hint").render()
    raise AssertionError("too many prompts")


def snapshot_of(opened: OpenGame) -> tuple[bytes, bytes]:
    runner = opened.runner
    return msgspec.json.encode(runner.state), msgspec.json.encode(runner.session.log)


# -- a showcase game for snapshots: fixed data that exercises every pane ------------------------


class ShowcaseState(msgspec.Struct):
    round: int = 3
    gold: int = 4
    favour: int = 2
    answered: list[str] = []


def _showcase_play(state, ctx):
    while True:
        yield TurnStart(f"Round {state.round} · Prince's turn")
        ctx.log("Search: drew Hearth, Discord, Hearth → plays Hearth")
        yield Instruction("Place 2 warbands on the Mine", label="Place warbands")
        ruled = yield YesNo("Does the Prince rule the most sites?", label="Rules most sites?",
                            help="Count the sites with a Prince banner or warband; ties count as no.")
        state.answered.append("yes" if ruled else "no")
        pick = yield Choice("Which arrow does the Prince follow?", [
            Option("1", "Muster at the Throne"), Option("2", "Travel and campaign"), Option("a", "Trade for favour"),
        ])
        ctx.log(f"follows arrow {pick}")
        state.gold -= 1
        ctx.log(f"Prince pays 1 gold: {state.gold + 1} → {state.gold}")
        n = yield Number("How many warbands are on the Throne?", 0, 12)
        state.favour = min(6, n)
        card = yield CardEntry("Which vision did you draw?", ["Hearth", "Discord", "Conspiracy", "Faith"])
        ctx.log(f"vision {card}")
        state.round += 1


def _showcase_view(state, rules):
    return GameView(
        title="Showcase",
        cards_title="Card row",
        cards=[CardView("Hearth", "suit", "plays first", marked=True), CardView("Discord"), CardView("Hearth")],
        flow_title="Arrows [Muster]",
        flow=[
            FlowStep("red: rules most sites?", "done", "need a banner"),
            FlowStep("orange: battle ready vs rival?", "skipped", "travel + campaign"),
            FlowStep("black (always)", "current", "travel: favour"),
            FlowStep("white: hold the throne", "todo"),
        ],
        tracks=[
            TrackGroup("Relationships", [
                TrackRow("Hearth", "Friend", pos=3, lo=0, hi=4),
                TrackRow("Discord", "Rival", pos=1, lo=0, hi=4, note="from round 2"),
            ]),
            TrackGroup("Prince", [
                TrackRow("Gold", str(state.gold), pos=state.gold, lo=0, hi=12),
                TrackRow("Favour", str(state.favour)),
                TrackRow("Threat", "Usurper", editable_default=True),
            ]),
        ],
        notices=["The [bold]Hearth[/] deck was reshuffled"],
    )


SHOWCASE = GameDef(
    id="showcase",
    title="Showcase",
    subtitle="every pane, fixed data",
    ruleset_type=toy_game.ToyRules,
    state_type=ShowcaseState,
    setup_options=lambda rules: [
        OptionSpec("sites", "Sites", "int", default="8", lo=4, hi=12, help="Set at setup: check it against your printed game."),
        OptionSpec("side", "Prince side", "choice", [Option("a", "A side"), Option("b", "B side")], default="a"),
        OptionSpec("tactics", "Use tactics", "bool", default="yes"),
    ],
    new_state=lambda rules, options, seed: ShowcaseState(),
    play=_showcase_play,
    view=_showcase_view,
    status=lambda state: Status(f"Round {state.round} · Prince's turn", save=f"Round {state.round}"),
    keys_help=[("1–3, a", "the Prince's arrows")],
)

SHOWCASE_RULES = toy_game.ToyRules(
    ruleset=RulesetHeader(id="showcase", game="showcase", version="1", title="Showcase"), cards=[]
)


def only_game(monkeypatch, game: GameDef) -> None:
    """Register only ``game``, so other games cannot change a picture of it."""
    monkeypatch.setattr(games, "all_games", lambda: {game.id: game})


@pytest.fixture
def showcase(monkeypatch, relative_saves):
    """Only the showcase game, in ``relative_saves``."""
    monkeypatch.setattr(games, "all_games", lambda: {"showcase": SHOWCASE, "toy": toy_game.GAME})
    rules = {"showcase": SHOWCASE_RULES, "toy": toy_game.RULES}
    monkeypatch.setattr(OpenGame, "load_rules", staticmethod(lambda game: rules[game.id]))
    return relative_saves


def fixed_save(
    folder: Path, name: str, game_id: str, answers: list[str], seed: int = 1, options: dict[str, str] | None = None
) -> Path:
    """A save with ``answers`` given and fixed times."""
    path = folder / f"{name}.json"
    opened = OpenGame.new(game_id, options or {}, seed, path)
    for raw in answers:
        opened.answer(raw)
    return fixed_times(path)


def fixed_times(path: Path) -> Path:
    """The save at ``path`` with the fixed creation and update time the pictures show."""
    save = saves.read(path)
    save.created = save.updated = STAMP
    path.write_bytes(saves.encode(save))
    return path
