"""Memory per recorded step and the time to open a long save (issue 14, "Sizes").

For every game: a save of STEPS answered steps (the first valid answer each time, which keeps most
games going; a game that ends sooner is measured where it ends), then opened as `clockwork` opens
it: time (best of 3) and memory held by the open game per step (tracemalloc), with turn snapshots
thinned as shipped and, for comparison, kept at every turn as before. Prints a markdown table.

    .venv/bin/python benchmarks/memory.py [STEPS] [GAME-ID ...]
"""

from __future__ import annotations

import gc
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent)]

from tui import games  # noqa: E402
from tui.engine import saves, session  # noqa: E402
from tui.engine.prompts import AnswerError, valid_answers  # noqa: E402
from tui.opengame import OpenGame  # noqa: E402


def make_save(game_id: str, steps: int, folder: Path) -> Path:
    og = OpenGame.new(game_id, {}, 1, None)
    for _ in range(steps):
        prompt = og.runner.pending
        if prompt is None:
            break
        for raw in valid_answers(prompt):
            try:
                og.runner.answer(raw)
                break
            except AnswerError:  # refused by the game (more than a House holds): the next one
                continue
    og.save_file.session = og.runner.saved_session()
    path = folder / f"{game_id}.json"
    saves.write(path, og.save_file)
    return path


def measure(path: Path) -> tuple[int, float, float, int]:
    """(steps, best open time in ms, bytes held per step, snapshots kept)."""
    times = []
    for _ in range(3):
        gc.collect()
        start = time.perf_counter()
        OpenGame.open(path)
        times.append(time.perf_counter() - start)
    gc.collect()
    tracemalloc.start()
    og = OpenGame.open(path)
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    steps = max(1, og.runner.applied)
    return og.runner.applied, min(times) * 1000, held / steps, len(og.runner.session.snapshots)


def main(argv: list[str]) -> None:
    steps = int(argv[0]) if argv and argv[0].isdigit() else 10_000
    wanted = [a for a in argv if not a.isdigit()] or list(games.all_games())
    print("| Game | Steps | Open (ms) | Bytes held per step | Snapshots | Every turn kept: open (ms) | per step | snapshots |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for game_id in wanted:
            path = make_save(game_id, steps, Path(tmp))
            now = measure(path)
            shipped = session.RECENT
            session.RECENT = 10**12  # nothing is ever old enough to thin: the previous behaviour
            try:
                before = measure(path)
            finally:
                session.RECENT = shipped
            print(f"| {game_id} | {now[0]:,} | {now[1]:.0f} | {now[2]:,.0f} | {now[3]:,} "
                  f"| {before[1]:.0f} | {before[2]:,.0f} | {before[3]:,} |")


if __name__ == "__main__":
    main(sys.argv[1:])
