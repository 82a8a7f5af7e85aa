"""Bots written as files (issue 25, item 7): what a file bot costs against a Python game measured
in the same run, nothing asserted.

- lines of Python that name a bot (tui/ searched for every shipped bot's id): 0 is the aim;
- one engine step (answer + the next prompt, no screen) of a table of file bots against one step
  of each Python game, median over STEPS random valid answers from the same seed. The machine is
  shared, so each row's games are replayed ROUNDS times, the rows taking turns within a round
  (a busy spell slows them alike), and each step counts its fastest replay: every row measured
  the same way, on the same answers each time;
- `validate` (read, parse, check) of the largest bot file, best of RUNS.

    .venv/bin/python benchmarks/automaton.py [STEPS] [ROUNDS]
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
ROUNDS = 5
RUNS = 20


def python_lines_naming_bots() -> tuple[int, list[str]]:
    bots = list(table.bot_files("root"))
    hits = []
    for path in sorted((ROOT / "tui").rglob("*.py")):
        for n, line in enumerate(path.read_text().splitlines(), start=1):
            if any(bot in line for bot in bots):
                hits.append(f"{path.relative_to(ROOT)}:{n}")
    return len(hits), hits


Games = list[tuple[int, list[str]]]  # (seed, the answers given), in the order played


def random_games(game_id: str, options: dict[str, str], steps: int) -> Games:
    """``steps`` random valid answers from seed 7, a new game (its seed drawn) as one ends."""
    pick = random.Random(7)
    games: Games = [(7, [])]
    og = OpenGame.new(game_id, options, 7, None)
    taken = 0
    while taken < steps:
        prompt = og.runner.pending
        if prompt is None:
            seed = pick.randrange(1000)
            games.append((seed, []))
            og = OpenGame.new(game_id, options, seed, None)
            continue
        answers = valid_answers(prompt)
        pick.shuffle(answers)
        for raw in answers:
            try:
                og.runner.answer(raw)
            except AnswerError:
                continue
            games[-1][1].append(raw)
            taken += 1
            break
        else:
            break
    return games


def step_times(game_id: str, options: dict[str, str], games: Games) -> list[float]:
    """Seconds per answered step, replaying ``games``."""
    times: list[float] = []
    for seed, answers in games:
        runner = OpenGame.new(game_id, options, seed, None).runner
        for raw in answers:
            start = time.perf_counter()
            runner.answer(raw)
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else STEPS
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else ROUNDS
    count, hits = python_lines_naming_bots()
    print(f"Lines of Python naming a bot: {count}" + (f" ({', '.join(hits[:5])})" if hits else ""))
    bots = table.bot_files("root")
    tables: list[tuple[str, str, dict[str, str]]] = []
    for bot in bots:  # one file bot at a table, as one Python game runs one opponent
        tables.append((f"root ({bot})", "root", {"bots": bot, "humans": "1"}))
    if len(bots) > 1:
        three = ",".join(list(bots)[:3])
        tables.append((f"root (three bots: {three})", "root", {"bots": three, "humans": "1"}))
    for game_id in games.all_games():
        if game_id != "root":
            tables.append((game_id, game_id, {}))
    played = [random_games(game_id, options, steps) for _, game_id, options in tables]
    fastest: list[list[float]] = [[] for _ in tables]
    for _ in range(rounds):
        for n, (_, game_id, options) in enumerate(tables):
            times = step_times(game_id, options, played[n])
            fastest[n] = [min(a, b) for a, b in zip(fastest[n], times)] if fastest[n] else times
    rows = [(name, times) for (name, _, _), times in zip(tables, fastest)]
    base = statistics.median(rows[-1][1]) if rows else 0.0
    print("\n| game | median step | p90 step | against " + (rows[-1][0] if rows else "-") + " |")
    print("|---|---|---|---|")
    for name, times in rows:
        med = statistics.median(times)
        p90 = sorted(times)[int(len(times) * 0.9)]
        print(f"| {name} | {med * 1e6:.1f} µs | {p90 * 1e6:.0f} µs | {med / base:.2f}× |")
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
