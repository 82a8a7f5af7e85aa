"""Write an SVG of every screen (home, setup, game mid-turn, help) with fixed seeds and times.

    python -m tui.screenshots screenshots

Sizes: 100×30 (the main set) and 80×24 (suffix -80x24). Saves go to a temporary folder.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from . import games
from .app import ClockworkApp
from .engine import saves
from .engine.prompts import Choice, Number, valid_answers
from .opengame import OpenGame

SEED = 20261122
NOW = datetime(2026, 11, 22, 21, 15)
STAMP = datetime(2026, 11, 22, 20, 40, tzinfo=timezone.utc).isoformat()
SIZES = [((100, 30), ""), ((80, 24), "-80x24")]


def demo_answer(prompt) -> str:
    """A fixed, plausible answer: end the player's turn, otherwise the first valid answer."""
    if isinstance(prompt, Choice) and any(o.key == "e" for o in prompt.options):
        return "e"
    if isinstance(prompt, Number):
        return str(min(prompt.hi, prompt.lo + 2))
    return valid_answers(prompt)[0]


def demo_save(folder: Path, game_id: str) -> Path:
    """A game a few turns in, stopped once the bot has revealed cards, saved with a fixed time."""
    path = folder / "demo.json"
    opened = OpenGame.new(game_id, {}, SEED, path)
    runner = opened.runner
    for _ in range(200):
        if runner.finished:
            break
        turns = sum(1 for e in runner.session.log if e.kind == "turn")
        if turns >= 5 and runner.view().cards and runner.session.log[-1].kind != "turn":
            break
        runner.answer(demo_answer(runner.pending))
    opened.autosave()
    save = saves.read(path)
    save.created = save.updated = STAMP
    path.write_bytes(saves.encode(save))
    return path


async def shoot(out: Path, size: tuple[int, int], suffix: str, game_id: str) -> list[Path]:
    """Run the app in a temporary working directory, so the relative saves path in the pictures
    never changes, and write one SVG per screen."""
    written: list[Path] = []
    home = Path.cwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            folder = Path("saves")
            folder.mkdir()
            save = demo_save(folder, game_id)
            (folder / "damaged.json").write_text('{"format": 1, "game": ', encoding="utf-8")
            app = ClockworkApp(folder, seed=SEED, clock=lambda: NOW, blink=False)

            def snap(name: str) -> None:
                path = out / f"{name}{suffix}.svg"
                path.write_text(app.export_screenshot(title=f"Clockwork · {name}"), encoding="utf-8")
                written.append(path)

            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                snap("home")
                await pilot.press("enter")
                await pilot.pause()
                snap("setup")
                await pilot.press("escape")
                await pilot.pause()
                app.open_save(save)
                await pilot.pause()
                snap("game")
                await pilot.press("l", "up", "up")
                await pilot.pause()
                snap("game-log")
                await pilot.press("question_mark")
                await pilot.pause()
                snap("help")
        finally:
            os.chdir(home)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tui.screenshots", description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the SVG files")
    parser.add_argument("--game", default="command-of-nature")
    args = parser.parse_args(argv)
    if args.game not in games.all_games():
        parser.error(f"unknown game '{args.game}'")
    os.environ["TZ"] = "UTC"  # save times are shown in local time
    time.tzset()
    args.out = args.out.resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    for size, suffix in SIZES:
        for path in asyncio.run(shoot(args.out, size, suffix, args.game)):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
