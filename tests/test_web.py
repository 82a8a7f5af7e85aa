"""`clockwork web` (issue 7): the app in a browser through textual-serve, on loopback by default.

The real test starts the server on a free loopback port, fetches the page over HTTP, and opens
the page's websocket like a browser tab: the app's home screen arrives. Bounded timeouts; the
server's whole process group is always killed at the end.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tui import cli

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str, deadline: float) -> str:
    while True:
        try:
            with urllib.request.urlopen(url, timeout=1) as reply:
                assert reply.status == 200
                return reply.read().decode()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


async def first_screen(url: str, want: bytes, seconds: float) -> bytes:
    import aiohttp

    got = b""
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(url, timeout=aiohttp.ClientWSTimeout(ws_close=2)) as ws:
            end = time.monotonic() + seconds
            while want not in got and time.monotonic() < end:
                try:
                    msg = await asyncio.wait_for(ws.receive(), timeout=end - time.monotonic())
                except TimeoutError:
                    break
                if msg.type == aiohttp.WSMsgType.BINARY:
                    got += msg.data
                elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                    break
    return got


def web_server(port: int, saves_dir: Path) -> subprocess.Popen[bytes]:
    """`clockwork web` on ``port`` in a session of its own (for killpg), with the shipped rulesets
    and its output piped: its first line names the link."""
    env = {k: v for k, v in os.environ.items() if k not in ("CLOCKWORK_RULESETS", "CLOCKWORK_SAVES")}
    return subprocess.Popen(
        [sys.executable, "-m", "tui", "web", "--port", str(port), "--saves-dir", str(saves_dir)],
        cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def test_the_page_and_the_app_are_served_on_loopback(tmp_path):
    port = free_port()
    server = web_server(port, tmp_path / "saves")
    try:
        link = server.stdout.readline().decode().split("open ", 1)[1].strip()
        assert link.startswith(f"http://127.0.0.1:{port}/")  # the link carries the secret (issue 14)
        page = fetch(link, time.monotonic() + 15)
        assert "<div>Clockwork</div>" in page  # the title on the page before the app connects
        assert f"ws://127.0.0.1:{port}/" in page and link.replace("http:", "ws:") + "ws" in page
        screen = asyncio.run(first_screen(link + "ws?width=80&height=24", b"Games", 15))
        assert b"Clockwork" in screen and b"Games" in screen
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.communicate(timeout=10)


@pytest.fixture
def served(monkeypatch, tmp_path):
    """The server class replaced by one that records how it was made."""
    made = {}

    class Server:
        def __init__(self, command, host, port, public_url, secret, max_sessions):
            made.update(command=command, host=host, port=port, public_url=public_url, max_sessions=max_sessions)
            self.link = f"{public_url}/{secret}/"

        def serve(self):
            made["served"] = True

    import tui.web

    monkeypatch.setattr(tui.web, "TableServer", Server)
    monkeypatch.delenv("CLOCKWORK_SAVES", raising=False)
    monkeypatch.chdir(tmp_path)
    return made


def test_loopback_by_default_and_every_address_with_lan(served, monkeypatch, capsys):
    assert cli.main(["web"]) == 0
    assert served["host"] == "127.0.0.1" and served["port"] == 8000 and served["served"]
    # Issue 14: restricted by default, even on this machine; --unrestricted only here.
    assert served["command"].endswith("-m tui --restricted") and served["max_sessions"] == 4
    assert cli.main(["web", "--unrestricted"]) == 0 and "--restricted" not in served["command"]
    monkeypatch.setattr(cli, "_lan_address", lambda host: "192.168.1.20")
    assert cli.main(["web", "--lan", "--port", "8080"]) == 0
    assert served["host"] == "0.0.0.0" and served["public_url"] == "http://192.168.1.20:8080"
    assert served["command"].endswith("-m tui --restricted")
    out = capsys.readouterr().out
    assert "open http://192.168.1.20:8080/" in out and "anyone on this network who has the link can play" in out
    assert cli.main(["web", "--lan", "--unrestricted"]) == 2


def test_a_bad_port_is_one_line(served, capsys):
    assert cli.main(["web", "--port", "70000"]) == 2
    assert capsys.readouterr().err.count("\n") == 1 and "served" not in served


def test_a_busy_port_is_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "tui", "web", "--port", str(port), "--saves-dir", str(tmp_path)],
            cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30,
        )
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr
