"""The engine, the rules, the games and the automaton interpreter never import Textual (DESIGN.md, "Layers"); neither do the
headless commands, so `clockwork step` and friends start fast and run without a terminal."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = textwrap.dedent(
    """
    import importlib, json, pkgutil, sys
    import tui.engine, tui.rules, tui.games, tui.automaton
    names = ["tui.opengame", "tui.cli", "tui.plain"]
    for pkg in (tui.engine, tui.rules, tui.games, tui.automaton):
        names += [m.name for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")]
    for name in names:
        importlib.import_module(name)
    tui.games.all_games()  # the registry imports every game module
    from tui.cli import main
    code = main(["validate"])
    print(json.dumps({
        "imported": names,
        "validate": code,
        "textual": sorted(m for m in sys.modules if m.split(".")[0] == "textual"),
    }))
    """
)


def test_ui_free_layers_and_headless_commands_never_import_textual():
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    assert "tui.engine.session" in report["imported"] and "tui.rules.loader" in report["imported"]
    assert "tui.automaton.run" in report["imported"]
    assert report["validate"] == 0
    assert report["textual"] == []
