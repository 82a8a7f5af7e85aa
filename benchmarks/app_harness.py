"""Runs the Clockwork app on a save, with the cursor blink off so idle terminals stay quiet.

usage: app_harness.py SAVES_DIR SAVE
"""

from __future__ import annotations

import sys
from pathlib import Path

from tui.app import ClockworkApp


def make_app(saves_dir: Path, save: Path | None) -> ClockworkApp:
    try:
        return ClockworkApp(saves_dir, save, blink=False)
    except TypeError:  # an app without the blink switch: still measurable, just noisier
        return ClockworkApp(saves_dir, save)


if __name__ == "__main__":
    make_app(Path(sys.argv[1]), Path(sys.argv[2])).run()
