"""Bots written as files (issue 25, item 7): what a file bot costs against a Python game measured
in the same run, nothing asserted.

- lines of Python that name a bot (tui/ searched for every shipped bot's id): 0 is the aim;
- one engine step (answer + the next prompt, no screen) of a table of file bots against one step
  of each Python game, median over STEPS random valid answers from the same seed;
- `validate` (read, parse, check) of the largest bot file, best of RUNS.

    .venv/bin/python benchmarks/automaton.py [STEPS]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT)]

from tui import games  # noqa: E402
from tui.automaton import load as load_bot  # noqa: E402
from tui.automaton import table  # noqa: E402
from tui.engine.prompts import AnswerError, valid_answers  # noqa: E402
from tui.opengame import OpenGame  # noqa: E402

STEPS = 400
RUNS = 20


def python_lines_naming_bots() -> tuple[int, list[str]]:
    bots = list(table.bot_files("root"))
    hits = []
    for path in sorted((ROOT / "tui").rglob("*.py")):
        for n, line in enumerate(path.read_text().splitlines(), start=1):
            if any(bot in line for bot in bots):
                hits.append(f"{path.relative_to(ROOT)}:{n}")
    return len(hits), hits


def step_times(game_id: str, options: dict[str, str], steps: int) -> list[float]:
    """Seconds per answered step, over ``steps`` random valid answers (new games as one ends)."""
    pick = random.Random(7)
    times: list[float] = []
    og = OpenGame.new(game_id, options, 7, None)
    while len(times) < steps:
        prompt = og.runner.pending
        if prompt is None:
            og = OpenGame.new(game_id, options, pick.randrange(1000), None)
            continue
        answers = valid_answers(prompt)
        pick.shuffle(answers)
        for raw in answers:
            start = time.perf_counter()
            try:
                og.runner.answer(raw)
            except AnswerError:
                continue
            times.append(time.perf_counter() - start)
            break
        else:
            break
    return times


def main() -> None:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else STEPS
    count, hits = python_lines_naming_bots()
    print(f"Lines of Python naming a bot: {count}" + (f" ({', '.join(hits[:5])})" if hits else ""))
    bots = table.bot_files("root")
    rows = []
    for bot in bots:  # one file bot at a table, as one Python game runs one opponent
        rows.append((f"root ({bot})", step_times("root", {"bots": bot, "humans": "1"}, steps)))
    if len(bots) > 1:
        three = ",".join(list(bots)[:3])
        rows.append((f"root (three bots: {three})", step_times("root", {"bots": three, "humans": "1"}, steps)))
    for game_id in games.all_games():
        if game_id != "root":
            rows.append((game_id, step_times(game_id, {}, steps)))
    base = statistics.median(rows[-1][1]) if rows else 0.0
    print("\n| game | median step | p90 step | against " + (rows[-1][0] if rows else "-") + " |")
    print("|---|---|---|---|")
    for name, times in rows:
        med = statistics.median(times)
        p90 = sorted(times)[int(len(times) * 0.9)]
        print(f"| {name} | {med * 1e6:.0f} µs | {p90 * 1e6:.0f} µs | {med / base:.2f}× |")
    if bots:
        largest = max(bots.values(), key=lambda p: p.stat().st_size)
        best = min(_timed(lambda: load_bot.load(largest)) for _ in range(RUNS))
        print(f"\nvalidate {largest.name} ({largest.stat().st_size} bytes): best of {RUNS} {best * 1e3:.1f} ms")


def _timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
