"""The play surface's speed over a terminal, against a bare Textual app in the same run.

In a pseudo-terminal at 100×30, truecolor (COLORTERM=truecolor), for `clockwork play SAVE` and for
the baseline (benchmarks/baseline_app.py: Header, text, Log, Footer; j writes one log line):

- start-up: from launching the program to its first drawn screen (median of 12 launches each,
  Clockwork's and the baseline's in turns);
- key to quiet: from a key sent to the last byte before the terminal stays quiet for 0.2 s;
- bytes written per step (what an SSH link carries for one answer).

Clockwork's steps are varied on purpose: instructions, yes/no questions and choices, in three games
(Command of Nature, Oath, The King's Dilemma), answered with the keys a player presses. Prints a
markdown table and writes it to benchmarks/play_surface.md. Nothing here asserts a threshold.

The package's bytecode is compiled first, as `make` does at install: a player's start never
compiles it (the figures would otherwise depend on PYTHONDONTWRITEBYTECODE in the shell).

    .venv/bin/python benchmarks/play_surface.py
"""

from __future__ import annotations

import compileall
import random
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
from ptyrun import COLOUR_DEPTHS, PtyProgram, python  # noqa: E402

from tui.engine.prompts import Choice, Instruction, YesNo  # noqa: E402

COLS, ROWS = 100, 30
ENV = COLOUR_DEPTHS["truecolor"]
STARTS = 4  # launches per game, each paired with a launch of the baseline
STEPS = 12  # per game
QUIET = 0.2
GAMES = {"command-of-nature": 4, "oath": 6, "kings-dilemma": 3}  # game → seed


def settle(program: PtyProgram, limit: float = 5.0) -> tuple[float, int]:
    """Seconds from now to the last byte before QUIET seconds of silence, and the bytes read."""
    start = time.perf_counter()
    last, total = start, 0
    while time.perf_counter() - start < limit:
        chunk = program.read(QUIET)
        if not chunk:
            break
        total += len(chunk)
        last = time.perf_counter()
    return last - start, total


def start_up(argv: list[str], marker: str) -> float:
    program = PtyProgram(argv, COLS, ROWS, cwd=str(ROOT), env=ENV)
    try:
        return program.wait_for(marker, timeout=30)
    finally:
        program.close()


def steps(argv: list[str], marker: str, keys: list[bytes]) -> list[tuple[float, int]]:
    program = PtyProgram(argv, COLS, ROWS, cwd=str(ROOT), env=ENV)
    try:
        program.wait_for(marker, timeout=30)
        settle(program)
        out = []
        for data in keys:
            program.send(data)
            out.append(settle(program))
        return out
    finally:
        program.close()


def kind(prompt) -> str:
    if isinstance(prompt, Instruction):
        return "instruction"
    if isinstance(prompt, YesNo):
        return "yes/no"
    if isinstance(prompt, Choice):
        return "choice"
    return "typed"


def game_steps(work: Path, game: str, seed: int) -> tuple[list[str], str, list[bytes], list[str]]:
    """A save a few turns in, and the keys (with each step's kind) of its next STEPS answers."""
    save = work / f"{game}.json"
    drive.new_save(save, seed, 25, game)
    shadow = drive.replica(save)
    rng = random.Random(seed)
    keys, kinds = [], []
    for _ in range(STEPS):
        if shadow.runner.pending is None:
            break
        prompt, answer = drive.answer_lasting(shadow, rng)
        keys.append(drive.bytes_for(prompt, answer))
        kinds.append(kind(prompt))
    argv = python("-m", "tui", "--saves-dir", str(work), "play", str(save))
    return argv, shadow.game.title, keys, kinds


def harness(work: Path, game: str) -> list[str]:
    """The same save in the app with the cursor blink off, so a typed step's figures are not
    a blink of the cursor (the baseline has no cursor)."""
    return python(str(HERE / "app_harness.py"), str(work), str(work / f"{game}.json"))


def main() -> int:
    began = time.perf_counter()
    compileall.compile_dir(str(ROOT / "tui"), quiet=1)
    base_argv = python(str(HERE / "baseline_app.py"))
    base = steps(base_argv, "Baseline", [b"j"] * STEPS * len(GAMES))
    rows: list[tuple[str, float, float, str]] = []
    ours: list[tuple[float, int]] = []
    kinds: list[str] = []
    starts: list[float] = []
    base_starts: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for game, seed in GAMES.items():
            work = Path(tmp) / game
            work.mkdir()
            argv, title, keys, game_kinds = game_steps(work, game, seed)
            for _ in range(STARTS):  # in turns, so a busy moment of the machine weighs on both
                base_starts.append(start_up(base_argv, "Baseline"))
                starts.append(start_up(argv, title[:20]))
            measured = steps(harness(work, game), title[:20], keys)
            ours.extend(measured)
            kinds.extend(game_kinds)
    start = statistics.median(starts)
    base_start = statistics.median(base_starts)
    key_ours = statistics.median(t for t, _ in ours) * 1000
    key_base = statistics.median(t for t, _ in base) * 1000
    bytes_ours = statistics.median(b for _, b in ours)
    bytes_base = statistics.median(b for _, b in base)
    rows.append(("Start-up to the first drawn screen (`clockwork play SAVE`)", start * 1000, base_start * 1000, "ms"))
    rows.append(("Key to quiet screen", key_ours, key_base, "ms"))
    rows.append(("Bytes written per step", bytes_ours, bytes_base, "B"))
    by_kind: dict[str, list[int]] = {}
    for k, (_, written) in zip(kinds, ours):
        by_kind.setdefault(k, []).append(written)
    lines = [
        "# Play surface benchmark",
        "",
        f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC · {COLS}×{ROWS} truecolor pty · "
        f"{len(ours)} Clockwork steps in {len(GAMES)} games · whole run {time.perf_counter() - began:.0f} s",
        "",
        "| Figure | Clockwork | Bare Textual app | Ratio |",
        "|---|---|---|---|",
    ]
    for name, a, b, unit in rows:
        lines.append(f"| {name} | {a:,.0f} {unit} | {b:,.0f} {unit} | {a / b:.2f}× |")
    lines += ["", "Bytes per step by kind of step (median, count): " + ", ".join(
        f"{k} {statistics.median(v):,.0f} B ({len(v)})" for k, v in sorted(by_kind.items()))]
    text = "\n".join(lines) + "\n"
    print(text)
    (HERE / "play_surface.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
