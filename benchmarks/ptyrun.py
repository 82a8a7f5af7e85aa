"""Run a full-screen program in a pseudo-terminal of a fixed size and watch what it writes.

Used for the figures a player feels in a real terminal: time to the first drawn screen and
bytes written per step (what a slow SSH link has to carry).
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time

# CSI, OSC and the two-byte escapes Textual writes; what is left is the text drawn on screen.
ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_()#=>78]\S?")


def visible(data: bytes) -> str:
    return ESCAPES.sub(b"", data).decode("utf-8", "replace")


class PtyProgram:
    def __init__(self, argv: list[str], cols: int = 100, rows: int = 30, cwd: str | None = None,
                 env: dict[str, str] | None = None):
        """``env``: variables on top of a fixed terminal (xterm-256color, no COLORTERM, no NO_COLOR,
        no TEXTUAL_*), e.g. the colour depth: see COLOUR_DEPTHS."""
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        base = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
        for name in ("NO_COLOR", "COLORTERM", "FORCE_COLOR"):
            base.pop(name, None)
        base.update(TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows), PYTHONUNBUFFERED="1")
        base.update(env or {})
        env = base
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env, start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),  # noqa: PLW1509 (no threads here; the pty becomes its terminal)
        )
        os.close(slave)
        self.output = bytearray()

    def read(self, timeout: float) -> bytes:
        """Whatever arrives within ``timeout`` seconds of waiting (b"" if nothing)."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return b""
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the program closed the terminal
            return b""
        self.output += chunk
        return chunk

    def wait_for(self, marker: str, timeout: float = 30.0) -> float:
        """Seconds from start until ``marker`` is drawn; raises TimeoutError."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if self.read(0.05) and marker in visible(bytes(self.output)):
                return time.perf_counter() - self.started
            if self.proc.poll() is not None:
                break
        tail = visible(bytes(self.output))[-300:]
        raise TimeoutError(f"{marker!r} never appeared; last output: {tail!r}")

    def drain(self, quiet: float = 0.25, limit: float = 5.0) -> int:
        """Read until nothing arrives for ``quiet`` seconds; returns the bytes read."""
        total = 0
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            chunk = self.read(quiet)
            if not chunk:
                break
            total += len(chunk)
        return total

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def close(self, quit_keys: bytes = b"\x11") -> None:
        """Quit with ctrl+q; kill our child only if it does not leave."""
        try:
            self.send(quit_keys)
        except OSError:
            pass
        deadline = time.perf_counter() + 5
        while self.proc.poll() is None and time.perf_counter() < deadline:
            self.read(0.05)
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        os.close(self.master)


# What a terminal (or an SSH session passing COLORTERM / TEXTUAL_COLOR_SYSTEM on) tells the app.
COLOUR_DEPTHS = {
    "truecolor": {"COLORTERM": "truecolor", "TEXTUAL_COLOR_SYSTEM": "truecolor"},
    "256 colours": {"TEXTUAL_COLOR_SYSTEM": "256"},
    "16 colours": {"TERM": "xterm", "TEXTUAL_COLOR_SYSTEM": "standard"},
}


def python(*args: str) -> list[str]:
    return [sys.executable, *args]
