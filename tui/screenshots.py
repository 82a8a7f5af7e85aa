"""Write an SVG of every screen with fixed seeds and times: home and help once, and for each game
its setup form, its game screen mid-turn and that screen with a log line selected.

    python -m tui.screenshots screenshots

Files: screenshots/home.svg, help.svg and screenshots/<game-id>/{setup,game,game-log}.svg.
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


def demo_save(folder: Path, game_id: str, name: str = "demo") -> Path:
    """A game a few turns in, stopped once the bot has revealed cards, saved with a fixed time."""
    path = folder / f"{name}.json"
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


async def shoot(out: Path, size: tuple[int, int], suffix: str, game_ids: list[str]) -> list[Path]:
    """Run the app in a temporary working directory, so the relative saves path in the pictures
    never changes, and write one SVG per screen."""
    from .screens.setup import SetupScreen

    written: list[Path] = []
    home = Path.cwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            folder = Path("saves")
            folder.mkdir()
            demos = {game_id: demo_save(folder, game_id, f"demo-{game_id}") for game_id in game_ids}
            (folder / "damaged.json").write_text('{"format": 1, "game": ', encoding="utf-8")
            app = ClockworkApp(folder, seed=SEED, clock=lambda: NOW, blink=False)

            def snap(name: str, game_id: str = "") -> None:
                where = out / game_id if game_id else out
                where.mkdir(parents=True, exist_ok=True)
                path = where / f"{name}{suffix}.svg"
                title = f"Clockwork · {game_id + ' · ' if game_id else ''}{name}"
                path.write_text(app.export_screenshot(title=title), encoding="utf-8")
                written.append(path)

            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                snap("home")
                for game_id, save in demos.items():
                    app.push_screen(SetupScreen(games.get(game_id)))
                    await pilot.pause()
                    snap("setup", game_id)
                    await pilot.press("escape")
                    await pilot.pause()
                    app.open_save(save)
                    await pilot.pause()
                    snap("game", game_id)
                    await pilot.press("ctrl+l", "up", "up")
                    await pilot.pause()
                    snap("game-log", game_id)
                    if game_id == game_ids[0]:
                        await pilot.press("f1")
                        await pilot.pause()
                        snap("help")
                        await pilot.press("escape")
                        await pilot.pause()
                    app.go_home()
                    await pilot.pause()
        finally:
            os.chdir(home)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tui.screenshots", description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the SVG files")
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    args = parser.parse_args(argv)
    known = list(games.all_games())
    for game_id in args.game or []:
        if game_id not in known:
            parser.error(f"unknown game '{game_id}' (known: {', '.join(known)})")
    game_ids = args.game or known
    os.environ["TZ"] = "UTC"  # save times are shown in local time
    time.tzset()
    args.out = args.out.resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    for size, suffix in SIZES:
        for path in asyncio.run(shoot(args.out, size, suffix, game_ids)):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
