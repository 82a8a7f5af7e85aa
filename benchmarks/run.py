"""`make bench`: Clockwork's figures, each against a baseline measured in the same run.

The baseline is a bare Textual app (Header, Log, Footer; benchmarks/baseline_app.py). Prints a
markdown table and writes it to benchmarks/results.md. Takes a minute or two; not part of the
test suite, and nothing here asserts a threshold.
"""

from __future__ import annotations

import asyncio
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT), str(ROOT / "tests")]

import drive  # noqa: E402
from ptyrun import PtyProgram, python  # noqa: E402

from tui import games  # noqa: E402
from tui.opengame import OpenGame  # noqa: E402

COLS, ROWS = 100, 30
COLD_RUNS = 5
KEY_STEPS = 40
PTY_STEPS = 30
AUTOSAVE_STEPS = 300
REPLAY_TARGET = 10_000


class Row:
    def __init__(self, figure: str, ours: float, base: float, unit: str, note: str = ""):
        self.figure, self.ours, self.base, self.unit, self.note = figure, ours, base, unit, note

    def cells(self) -> list[str]:
        ratio = f"{self.ours / self.base:.2f}×" if self.base and self.ours == self.ours else "–"
        return [self.figure, _figure(self.ours, self.unit), _figure(self.base, self.unit), ratio, self.note]


def _figure(value: float, unit: str) -> str:
    if value != value:  # NaN: the measurement failed
        return "–"
    digits = 0 if abs(value) >= 100 else 2 if abs(value) >= 1 else 3
    return f"{value:,.{digits}f} {unit}"


def measure(name: str, func, *args) -> Row:
    """One figure; a failure becomes a row saying why, so the other figures are still reported."""
    step(name)
    try:
        return func(*args)
    except Exception as exc:
        return Row(name, float("nan"), float("nan"), "", f"FAILED: {type(exc).__name__}: {exc}"[:200])


def step(message: str) -> None:
    print(f"… {message}", file=sys.stderr, flush=True)


def _check(save: Path, shadow: OpenGame) -> str:
    """A note if the app did not reach the step our keys should have taken it to."""
    reached, expected = OpenGame.open(save).runner.applied, shadow.runner.applied
    return "" if reached == expected else f" (NOT VALID: the app reached step {reached}, expected {expected})"


# -- (1) cold start -----------------------------------------------------------------------------


def first_frame(argv: list[str], marker: str) -> float:
    program = PtyProgram(argv, COLS, ROWS, cwd=str(ROOT))
    try:
        return program.wait_for(marker)
    finally:
        program.close()


def cold_start(saves_dir: Path) -> Row:
    title = games.get(drive.GAME).title
    runs: dict[str, list[float]] = {"ours": [], "base": []}
    # One untimed run each first: bytecode compiling and a cold disk cache are not start-up.
    for i in range(COLD_RUNS + 1):  # interleaved, so a busy moment hits both
        base = first_frame(python(str(HERE / "baseline_app.py")), "Baseline")
        ours = first_frame(python("-m", "tui", "--saves-dir", str(saves_dir)), title)
        if i:
            runs["base"].append(base)
            runs["ours"].append(ours)
    ours, base = runs["ours"], runs["base"]
    saves = len(list(saves_dir.glob("*.json")))
    return Row("Cold start to the first drawn home screen", statistics.median(ours) * 1000,
               statistics.median(base) * 1000, "ms",
               f"median of {COLD_RUNS}; `python -m tui` in a {COLS}×{ROWS} pty, {saves} saves listed")


# -- (2) keystroke to screen --------------------------------------------------------------------


async def _timed_keys(app, steps, answer_keys) -> list[tuple[float, float]]:
    """Seconds from the key that answers a step to the first and the last screen update it causes.

    Keys typed before it (digits of a number, letters of a card name) are not timed. The end is
    the last compositor render after the key (App._display is called with every screen update,
    headless too), so Pilot's own idle waits are not counted.
    """
    renders: list[float] = []
    display = app._display

    def timed_display(screen, renderable):
        display(screen, renderable)
        if renderable is not None:  # None: nothing on screen changed
            renders.append(time.perf_counter())

    times: list[tuple[float, float]] = []
    async with app.run_test(size=(COLS, ROWS)) as pilot:
        app._display = timed_display
        await pilot.pause()
        for _ in range(steps):
            keys = answer_keys()
            if keys is None:
                break
            if keys[:-1]:
                await pilot.press(*keys[:-1])
                await pilot.pause()
            renders.clear()
            start = time.perf_counter()
            await pilot.press(keys[-1])
            await pilot.pause()
            if renders:
                times.append((renders[0] - start, renders[-1] - start))
    return times


def _clockwork_keys(save: Path):
    shadow = drive.replica(save)
    rng = random.Random(2)

    def next_keys() -> list[str] | None:
        if shadow.runner.pending is None:
            return None
        return drive.keys_for(*drive.answer_lasting(shadow, rng))

    return shadow, next_keys


def keystroke(saves_dir: Path, save: Path) -> Row:
    from app_harness import make_app
    from baseline_app import BaselineApp

    shadow, next_keys = _clockwork_keys(save)
    ours = asyncio.run(_timed_keys(make_app(saves_dir, save), KEY_STEPS, next_keys))
    base = asyncio.run(_timed_keys(BaselineApp(), KEY_STEPS, lambda: ["j"]))
    problem = _check(save, shadow)
    first = statistics.median(t[0] for t in ours) * 1000
    base_first = statistics.median(t[0] for t in base) * 1000
    return Row("Keystroke to settled screen, one step (Pilot key → last render)",
               statistics.median(t[1] for t in ours) * 1000, statistics.median(t[1] for t in base) * 1000, "ms",
               f"median of {len(ours)} random steps incl. autosave; first change on screen after "
               f"{first:.1f} ms vs {base_first:.1f} ms; baseline writes one log line{problem}")


# -- (3) autosave -------------------------------------------------------------------------------


def _timed_play(path: Path | None, answers: list[str]) -> float:
    og = OpenGame.new(drive.GAME, {}, 5, path)
    start = time.perf_counter()
    for answer in answers:
        og.answer(answer)
    return (time.perf_counter() - start) / len(answers)


def autosave(work: Path) -> Row:
    game = OpenGame.new(drive.GAME, {}, 5, None)
    drive.play(game, AUTOSAVE_STEPS, random.Random(5))
    answers = [r.answer for r in game.runner.session.answers]
    n = len(answers)
    _timed_play(None, answers[:20])  # warm caches so neither side pays first-use costs
    bare = _timed_play(None, answers)
    saved = _timed_play(work / "autosave.json", answers)
    size = (work / "autosave.json").stat().st_size
    return Row("Autosave cost per step (OpenGame.answer with a path vs without)", saved * 1000, bare * 1000, "ms",
               f"{n} steps; atomic write + fsync + .bak each step; final save {size / 1024:.0f} KiB")


# -- (4) load and replay ------------------------------------------------------------------------


def load_replay(work: Path, cold_ms: float) -> Row:
    """One game of REPLAY_TARGET answers; should the game end first, more games make up the count."""
    paths, total, longest, seed = [], 0, 0, 100
    while total < REPLAY_TARGET:
        path = work / f"long-{seed}.json"
        og = drive.new_save(path, seed, REPLAY_TARGET - total)
        steps = og.runner.applied
        paths.append(path)
        total += steps
        longest = max(longest, steps)
        seed += 1
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        for path in paths:
            OpenGame.open(path)
        runs.append(time.perf_counter() - start)
    ms = statistics.median(runs) * 1000
    size = sum(p.stat().st_size for p in paths)
    where = "one save" if len(paths) == 1 else f"{len(paths)} saves (games end; longest {longest} steps)"
    return Row(f"Load + replay of {total:,} answered steps", ms, cold_ms, "ms",
               f"{where}, {size / 1024:.0f} KiB; {ms * 1000 / total:.1f} µs/step; baseline = bare app cold start")


# -- (5) bytes per step -------------------------------------------------------------------------


def _pty_bytes(argv: list[str], marker: str, keys: list[bytes]) -> list[int]:
    program = PtyProgram(argv, COLS, ROWS, cwd=str(ROOT))
    try:
        program.wait_for(marker)
        program.drain(0.5)
        counts = []
        for data in keys:
            program.send(data)
            counts.append(program.drain(0.2))
        return counts
    finally:
        program.close()


def bytes_per_step(saves_dir: Path, save: Path) -> Row:
    shadow = drive.replica(save)
    marker = shadow.runner.pending.text[:12]
    rng = random.Random(3)
    keys = []
    for _ in range(PTY_STEPS):
        if shadow.runner.pending is None:
            break
        keys.append(drive.bytes_for(*drive.answer_lasting(shadow, rng)))
    ours = _pty_bytes(python(str(HERE / "app_harness.py"), str(saves_dir), str(save)), marker, keys)
    base = _pty_bytes(python(str(HERE / "baseline_app.py")), "Baseline", [b"j"] * PTY_STEPS)
    problem = _check(save, shadow)
    return Row(f"Bytes written to the terminal per step at {COLS}×{ROWS}", statistics.median(ours),
               statistics.median(base), "B",
               f"median of {len(ours)} steps in a pty (max {max(ours):,}); baseline writes one log line{problem}")


# -- report -------------------------------------------------------------------------------------


def table(rows: list[Row]) -> str:
    head = ["Figure", "Clockwork", "Baseline", "Ratio", "Notes"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(r.cells()) + " |" for r in rows]
    return "\n".join(lines)


def main() -> int:
    started = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="clockwork-bench-"))
    try:
        saves_dir = work / "saves"
        saves_dir.mkdir()
        step("preparing saves")
        for seed in range(1, 6):
            drive.new_save(saves_dir / f"game-{seed}.json", seed, 100)
        played = saves_dir / "game-1.json"
        shutil.copy(played, work / "keys.json")
        shutil.copy(played, work / "pty.json")
        cold = measure("cold start", cold_start, saves_dir)
        rows = [
            cold,
            measure("keystroke to screen", keystroke, saves_dir, work / "keys.json"),
            measure("autosave", autosave, work),
            measure("load + replay", load_replay, work, cold.base),
            measure("bytes per step", bytes_per_step, saves_dir, work / "pty.json"),
        ]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    about = (f"{stamp} · Python {platform.python_version()} · {platform.system()} {platform.machine()} · "
             f"{os.cpu_count()} CPUs · whole run {time.perf_counter() - started:.0f} s")
    report = (f"# Clockwork benchmarks\n\n{about}\n\n"
              f"Ratio = Clockwork ÷ baseline (lower is better for every row).\n\n{table(rows)}\n")
    print(report)
    (HERE / "results.md").write_text(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
