"""`make bench`: Clockwork's figures for every game screen, each against a baseline measured in
the same run.

The baseline is a bare Textual app (Header, a line of text, Log, Footer; benchmarks/baseline_app.py). For every
game in tui.games.all_games(): keystroke to settled screen, autosave cost, load + replay, and
bytes written per step over a pseudo-terminal at 100×30 in truecolor, 256 and 16 colours (the
baseline at the same depth); then how soon a watcher sees a step. Prints markdown tables and
writes them to benchmarks/results.md. Takes a few minutes; not part of the test suite, and nothing
here asserts a threshold. `python benchmarks/run.py GAME-ID ...` measures only those games;
`python benchmarks/run.py --watcher` only the watcher's delay, whose row it replaces in results.md
(with a line under the table saying when).
"""

from __future__ import annotations

import asyncio
import math
import os
import platform
import random
import shutil
import select
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT), str(ROOT / "tests")]

import drive  # noqa: E402
from ptyrun import COLOUR_DEPTHS, PtyProgram, python  # noqa: E402

from tui import games  # noqa: E402
from tui.opengame import OpenGame  # noqa: E402

COLS, ROWS = 100, 30
COLD_RUNS = 5
KEY_STEPS = 20
PTY_STEPS = 15
AUTOSAVE_STEPS = 300
REPLAY_TARGET = 10_000
WATCH_STEPS = 15
WATCHER_FOLLOWS = "the watcher is told of each write by inotify (and looks once a second besides)"


class Row:
    def __init__(self, figure: str, ours: float, base: float, unit: str, note: str = "", game: str = ""):
        self.figure, self.ours, self.base, self.unit, self.note, self.game = figure, ours, base, unit, note, game

    @property
    def ratio(self) -> str:
        return f"{self.ours / self.base:.2f}×" if self.base and self.ours == self.ours else "–"

    def cells(self) -> list[str]:
        return [self.figure, self.game, _figure(self.ours, self.unit), _figure(self.base, self.unit), self.ratio, self.note]


def _figure(value: float, unit: str) -> str:
    if math.isnan(value):  # the measurement failed
        return "–"
    digits = 0 if abs(value) >= 100 else 2 if abs(value) >= 1 else 3
    return f"{value:,.{digits}f} {unit}"


def measure(name: str, func, *args, game: str = "") -> Row:
    """One figure; a failure becomes a row saying why, so the other figures are still reported."""
    step(f"{name}{' · ' + game if game else ''}")
    try:
        row = func(*args)
    except Exception as exc:
        row = Row(name, float("nan"), float("nan"), "", f"FAILED: {type(exc).__name__}: {exc}"[:200])
    row.game = row.game or game
    return row


STARTED = time.perf_counter()


def step(message: str) -> None:
    print(f"… {time.perf_counter() - STARTED:5.0f} s  {message}", file=sys.stderr, flush=True)


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


def cold_start(saves_dir: Path, title: str) -> Row:
    runs: dict[str, list[float]] = {"ours": [], "base": []}
    # One untimed run each first: bytecode compiling and a cold disk cache are not start-up.
    for i in range(COLD_RUNS + 1):  # interleaved, so a busy moment hits both
        base = first_frame(python(str(HERE / "baseline_app.py")), "Baseline")
        ours = first_frame(python("-m", "tui", "--saves-dir", str(saves_dir)), title)
        if i:
            runs["base"].append(base)
            runs["ours"].append(ours)
    saves = len(list(saves_dir.glob("*.json")))
    return Row("Cold start to the first drawn home screen", statistics.median(runs["ours"]) * 1000,
               statistics.median(runs["base"]) * 1000, "ms",
               f"median of {COLD_RUNS}; `python -m tui` in a {COLS}×{ROWS} pty, {saves} saves listed", game="all")


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


def baseline_keys() -> list[tuple[float, float]]:
    from baseline_app import BaselineApp

    return asyncio.run(_timed_keys(BaselineApp(), KEY_STEPS, lambda: ["j"]))


def keystroke(saves_dir: Path, save: Path, base: list[tuple[float, float]]) -> Row:
    from app_harness import make_app

    shadow, next_keys = _clockwork_keys(save)
    ours = asyncio.run(_timed_keys(make_app(saves_dir, save), KEY_STEPS, next_keys))
    problem = _check(save, shadow)
    first = statistics.median(t[0] for t in ours) * 1000
    base_first = statistics.median(t[0] for t in base) * 1000
    return Row("Keystroke to settled screen (Pilot key → last render)",
               statistics.median(t[1] for t in ours) * 1000, statistics.median(t[1] for t in base) * 1000, "ms",
               f"median of {len(ours)} random steps incl. autosave; first change after "
               f"{first:.1f} ms vs {base_first:.1f} ms{problem}")


# -- (3) autosave -------------------------------------------------------------------------------


def _fresh_game(work: Path, game: str, keep_saving: bool) -> OpenGame:
    """A new game in its own empty folder, so games that recall records from earlier games
    (campaigns) start alike every time; ``keep_saving`` False: no autosave after creation."""
    folder = Path(tempfile.mkdtemp(prefix=f"autosave-{game}-", dir=work))
    og = OpenGame.new(game, {}, 5, folder / "autosave.json")
    if not keep_saving:
        og.path = None
    return og


def _timed_play(og: OpenGame, answers: list[str]) -> float:
    start = time.perf_counter()
    for answer in answers:
        og.answer(answer)
    return (time.perf_counter() - start) / len(answers)


def autosave(work: Path, game: str) -> Row:
    og = _fresh_game(work, game, keep_saving=False)
    drive.play(og, AUTOSAVE_STEPS, random.Random(5))
    answers = [r.answer for r in og.runner.session.answers]
    n = len(answers)
    _timed_play(_fresh_game(work, game, False), answers[:20])  # warm caches: no first-use costs
    bare = _timed_play(_fresh_game(work, game, False), answers)
    saving = _fresh_game(work, game, True)
    saved = _timed_play(saving, answers)
    path = saving.path
    assert path is not None  # keep_saving: the game has its save file
    size = path.stat().st_size
    records = sum(1 for p in path.parent.iterdir() if not p.name.startswith("autosave.json"))
    kept = f"; also writes {records} file(s) of records kept between games" if records > 0 else ""
    return Row("Autosave cost per step (answer with a save path ÷ without)", saved * 1000, bare * 1000, "ms",
               f"{n} steps; atomic write + fsync + .bak each step; final save {size / 1024:.0f} KiB{kept}")


# -- (4) load and replay ------------------------------------------------------------------------


def load_replay(work: Path, game: str, cold_ms: float) -> Row:
    """One game of REPLAY_TARGET answers; should the game end first, more games make up the count."""
    paths, total, longest, seed = [], 0, 0, 100
    while total < REPLAY_TARGET:
        path = work / f"long-{game}-{seed}.json"
        og = drive.new_save(path, seed, REPLAY_TARGET - total, game)
        steps = og.runner.applied
        paths.append(path)
        total += steps
        longest = max(longest, steps)
        seed += 1
        if steps == 0:
            raise RuntimeError("a new game that ends before its first answer")
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
               f"{where}, {size / 1024:.0f} KiB; {ms * 1000 / total:.1f} µs/step, each save also loads its ruleset; "
               f"baseline = bare app cold start")


# -- (5) bytes per step, at each colour depth ---------------------------------------------------


def game_screen_marker(og: OpenGame) -> str:
    """Text only the game screen shows: the start of its header (the game's name)."""
    return og.game.title[:20]


def _pty_bytes(argv: list[str], marker: str, keys: list[bytes], env: dict[str, str]) -> list[int]:
    program = PtyProgram(argv, COLS, ROWS, cwd=str(ROOT), env=env)
    try:
        program.wait_for(marker, timeout=15)
        program.drain(0.5)
        counts = []
        for data in keys:
            program.send(data)
            counts.append(program.drain(0.15))
        return counts
    finally:
        program.close()


def baseline_bytes(depth: str) -> list[int]:
    return _pty_bytes(python(str(HERE / "baseline_app.py")), "Baseline", [b"j"] * PTY_STEPS, COLOUR_DEPTHS[depth])


def bytes_per_step(saves_dir: Path, save: Path, depth: str, base: list[int]) -> Row:
    shadow = drive.replica(save)
    marker = game_screen_marker(shadow)
    rng = random.Random(3)
    keys = []
    for _ in range(PTY_STEPS):
        if shadow.runner.pending is None:
            break
        keys.append(drive.bytes_for(*drive.answer_lasting(shadow, rng)))
    argv = python(str(HERE / "app_harness.py"), str(saves_dir), str(save))
    ours = _pty_bytes(argv, marker, keys, COLOUR_DEPTHS[depth])
    problem = _check(save, shadow)
    return Row(f"Bytes to the terminal per step, {depth}", statistics.median(ours), statistics.median(base), "B",
               f"median of {len(ours)} steps (max {max(ours):,}){problem}")


# -- (6) watcher update delay -------------------------------------------------------------------


def _first_output(program: PtyProgram, timeout: float = 5.0) -> float:
    """Seconds until the program writes anything (after what it had written is drained)."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if program.read(0.01):
            return time.perf_counter() - start
    raise TimeoutError("no screen update within 5 s")


def _written_then_drawn(program: PtyProgram, save: Path, argv: list[str], timeout: float = 5.0) -> float:
    """Run ``argv`` (a `clockwork step` that answers in another process) and return the seconds from
    its write of ``save`` (the rename into place, seen through inotify on the folder, in the same
    select as the watcher's terminal) to the watcher's first byte on screen after it."""
    from inotify_simple import INotify, flags

    with INotify() as notify:
        notify.add_watch(save.parent, flags.MOVED_TO | flags.CLOSE_WRITE)
        step_run = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        written = None
        deadline = time.perf_counter() + timeout
        try:
            while time.perf_counter() < deadline:
                ready, _, _ = select.select([notify, program.master], [], [], 0.05)
                now = time.perf_counter()
                if notify in ready and written is None:
                    if any(event.name == save.name for event in notify.read(timeout=0)):
                        written = now
                if program.master in ready and program.read(0):
                    if written is not None:
                        return now - written
                    # drawn before the write: the watcher's own redraw (a notice ending); not timed
        finally:
            _, err = step_run.communicate(timeout=30)
            if step_run.returncode:
                raise RuntimeError(f"clockwork step failed: {err.decode(errors='replace').strip()}")
    raise TimeoutError("the watcher's screen did not change within 5 s of the write")


def watcher_delay(saves_dir: Path, save: Path, game: str) -> Row:
    """A player answers with `clockwork step` in another process, at random moments; `clockwork
    watch` runs in a pty. Timed: from the save's write to the watcher's first byte on screen.
    Baseline: from a key sent to the bare app in a pty to its first byte."""
    shadow = drive.replica(save)  # what the next step asks, to give a valid answer
    marker = game_screen_marker(shadow)
    watcher = PtyProgram(python("-m", "tui", "watch", str(save), "--saves-dir", str(saves_dir)), COLS, ROWS,
                         cwd=str(ROOT))
    rng = random.Random(4)
    ours = []
    try:
        watcher.wait_for(marker, timeout=15)
        watcher.drain(0.6)
        for _ in range(WATCH_STEPS):
            if shadow.runner.pending is None:
                break
            _, answer = drive.answer_lasting(shadow, rng)
            time.sleep(rng.uniform(0, 0.25))  # any moment of a polling watcher's cycle
            ours.append(_written_then_drawn(watcher, save, python("-m", "tui", "step", str(save), answer)))
            watcher.drain(0.4)
    finally:
        watcher.close()
    base_app = PtyProgram(python(str(HERE / "baseline_app.py")), COLS, ROWS, cwd=str(ROOT))
    base = []
    try:
        base_app.wait_for("Baseline")
        base_app.drain(0.5)
        for _ in range(WATCH_STEPS):
            base_app.send(b"j")
            base.append(_first_output(base_app))
            base_app.drain(0.2)
    finally:
        base_app.close()
    return Row("Watcher update delay (`clockwork step` writes → watcher's screen)", statistics.median(ours) * 1000,
               statistics.median(base) * 1000, "ms",
               f"median of {len(ours)} steps (max {max(ours) * 1000:.0f} ms); {WATCHER_FOLLOWS}; "
               f"baseline = key → first byte of the bare app, both in a pty")


# -- report -------------------------------------------------------------------------------------


def played_save(path: Path, game: str) -> Path:
    """A game some way in and not over (a game that ends early gets fewer answers)."""
    for steps in (100, 40, 10, 0):
        if drive.new_save(path, 1, steps, game).runner.pending is not None:
            return path
    raise RuntimeError(f"{game}: every new game is over at once")


def table(rows: list[Row]) -> str:
    head = ["Figure", "Game", "Clockwork", "Baseline", "Ratio", "Notes"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(r.cells()) + " |" for r in rows]
    return "\n".join(lines)


def colour_table(titles: dict[str, str], base: dict[str, list[int]], rows: dict[tuple[str, str], Row]) -> str:
    """Bytes per step: one line per game, one column pair (bytes, ratio) per colour depth."""
    head = ["Screen"] + [c for depth in COLOUR_DEPTHS for c in (depth, "ratio")]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    cells = ["Baseline (bare Textual)"]
    for depth in COLOUR_DEPTHS:
        cells += [_figure(statistics.median(base[depth]), "B") if base.get(depth) else "–", "1.00×"]
    lines.append("| " + " | ".join(cells) + " |")
    for gid, title in titles.items():
        cells = [title]
        for depth in COLOUR_DEPTHS:
            row = rows.get((gid, depth))
            cells += [_figure(row.ours, row.unit), row.ratio] if row else ["–", "–"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


WATCHER_ROW = "| Watcher update delay"
NOTE = "The watcher update delay was measured alone"


def watcher_only() -> int:
    """Measure the watcher's delay alone and put its row, dated, into the last results."""
    work = Path(tempfile.mkdtemp(prefix="clockwork-bench-"))
    gid = drive.GAME
    try:
        saves_dir = work / "saves"
        saves_dir.mkdir()
        step("preparing a save")
        save = played_save(saves_dir / f"watch-{gid}.json", gid)
        row = measure("watcher update delay", watcher_delay, saves_dir, save, gid, game=games.get(gid).title)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    line = "| " + " | ".join(row.cells()) + " |"
    print(line)
    results = HERE / "results.md"
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = results.read_text().splitlines()
    for i, ln in enumerate(lines):
        if ln.startswith(NOTE):  # an earlier note, with the blank line before it
            del lines[i - 1:i + 1]
            break
    if not any(ln.startswith(WATCHER_ROW) for ln in lines):
        raise SystemExit("results.md has no watcher row: run the whole of benchmarks/run.py")
    lines = [line if ln.startswith(WATCHER_ROW) else ln for ln in lines]
    end = lines.index(line)
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    lines[end:end] = ["", f"{NOTE} on {stamp} (`python benchmarks/run.py --watcher`)."]
    results.write_text("\n".join(lines) + "\n")
    return 0


def main(argv: list[str]) -> int:
    if argv == ["--watcher"]:
        return watcher_only()
    registered = games.all_games()
    picked = {gid: g for gid, g in registered.items() if not argv or gid in argv}
    if not picked:
        print(f"no such game: {' '.join(argv)} (known: {', '.join(registered)})", file=sys.stderr)
        return 2
    titles = {gid: g.title for gid, g in picked.items()}
    work = Path(tempfile.mkdtemp(prefix="clockwork-bench-"))
    rows: list[Row] = []
    colour_rows: dict[tuple[str, str], Row] = {}
    base_bytes: dict[str, list[int]] = {}
    try:
        saves_dir = work / "saves"
        saves_dir.mkdir()
        step("preparing saves")
        played = {gid: played_save(saves_dir / f"{gid}.json", gid) for gid in picked}
        cold = measure("cold start", cold_start, saves_dir, next(iter(titles.values())))
        rows.append(cold)
        step("baseline keystrokes")
        base_keys = baseline_keys()
        for depth in COLOUR_DEPTHS:
            step(f"baseline bytes per step, {depth}")
            base_bytes[depth] = baseline_bytes(depth)
        for gid in picked:
            keys = work / f"keys-{gid}.json"
            shutil.copy(played[gid], keys)
            rows.append(measure("keystroke to screen", keystroke, saves_dir, keys, base_keys, game=titles[gid]))
            rows.append(measure("autosave", autosave, work, gid, game=titles[gid]))
            rows.append(measure("load + replay", load_replay, work, gid, cold.base, game=titles[gid]))
            for depth in COLOUR_DEPTHS:
                pty = work / f"pty-{gid}-{depth.split()[0]}.json"
                shutil.copy(played[gid], pty)
                row = measure(f"bytes per step, {depth}", bytes_per_step, saves_dir, pty, depth, base_bytes[depth],
                              game=titles[gid])
                colour_rows[(gid, depth)] = row
                if row.note.startswith("FAILED"):
                    rows.append(row)
        first = next(iter(picked))
        watch = work / f"watch-{first}.json"
        shutil.copy(played[first], watch)
        rows.append(measure("watcher update delay", watcher_delay, saves_dir, watch, first, game=titles[first]))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    about = (f"{stamp} · Python {platform.python_version()} · {platform.system()} {platform.machine()} · "
             f"{os.cpu_count()} CPUs · whole run {time.perf_counter() - STARTED:.0f} s")
    report = (
        f"# Clockwork benchmarks\n\n{about}\n\n"
        f"Ratio = Clockwork ÷ baseline (lower is better for every row). The baseline is a bare Textual "
        f"app (Header, a line of text, Log, Footer) measured in the same run; one step of it writes one log line.\n\n"
        f"{table(rows)}\n\n"
        f"## Bytes written to the terminal per step at {COLS}×{ROWS}, by colour depth\n\n"
        f"Median of {PTY_STEPS} random steps in a pseudo-terminal; the depth is set as a terminal or an "
        f"SSH session would (truecolor: COLORTERM=truecolor; 256: TERM=xterm-256color; 16: TERM=xterm), "
        f"with TEXTUAL_COLOR_SYSTEM to match. Each ratio is against the baseline at the same depth.\n\n"
        f"{colour_table(titles, base_bytes, colour_rows)}\n"
    )
    print(report)
    (HERE / "results.md").write_text(report + kept_sections(HERE / "results.md"))
    return 0


# Sections measured by another script (benchmarks/automaton.py), kept when this one rewrites the file.
KEPT = ("## File bots against the Python games",)


def kept_sections(results: Path) -> str:
    try:
        old = results.read_text()
    except OSError:
        return ""
    out = ""
    for title in KEPT:
        start = old.find(f"\n{title}\n")
        if start >= 0:
            end = old.find("\n## ", start + 1)
            out += old[start:end if end >= 0 else len(old)].rstrip("\n") + "\n"
    return out


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
