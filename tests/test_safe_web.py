"""Issue 14, `clockwork web` on a table's Wi-Fi: the printed link (with its secret) works; no
secret, another site's page or one window too many is refused; sizes are clamped; the page
fetches nothing from outside. A real server on a free loopback port, killed at the end."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from test_web import ROOT, fetch, first_screen, free_port
from tui import web


@pytest.fixture
def server(tmp_path):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("CLOCKWORK_RULESETS", "CLOCKWORK_SAVES")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui", "web", "--port", str(port), "--max-sessions", "1",
         "--saves-dir", str(tmp_path / "saves")],
        cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        link = proc.stdout.readline().decode().split("open ", 1)[1].strip()
        fetch(link, time.monotonic() + 15)
        yield port, link
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=10)


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as reply:
            return reply.status
    except urllib.error.HTTPError as exc:
        return exc.code


async def handshake(url: str, origin: str | None = None) -> int:
    """The HTTP status of a WebSocket handshake (101 when it opens)."""
    import aiohttp

    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(url, origin=origin, timeout=aiohttp.ClientWSTimeout(ws_close=2)):
                return 101
        except aiohttp.WSServerHandshakeError as exc:
            return exc.status


def test_the_link_carries_a_long_random_secret_and_nothing_works_without_it(server):
    port, link = server
    secret = link.rstrip("/").rsplit("/", 1)[1]
    assert len(secret) >= 32 and re.fullmatch(r"[A-Za-z0-9_-]+", secret)  # 192 bits, URL-safe
    base = f"http://127.0.0.1:{port}"
    assert status(link) == 200
    wrong = secret[:-1] + ("y" if secret[-1] == "x" else "x")  # one character off
    for path in ("/", "/ws", "/static/js/textual.js", f"/{wrong}/", f"/x{secret}/static/js/textual.js"):
        assert status(base + path) == 403, path
    ws = link.replace("http:", "ws:")
    assert asyncio.run(handshake(f"ws://127.0.0.1:{port}/ws")) == 403
    assert asyncio.run(handshake(ws + "ws", origin="http://evil.example")) == 403
    assert asyncio.run(handshake(ws + "ws", origin=f"http://localhost:{port}")) == 101


def test_the_printed_link_plays_and_one_window_too_many_is_refused(server):
    port, link = server
    page = fetch(link, time.monotonic() + 5)
    outside = [u for u in re.findall(r"(?:https?|wss?)://[^\"' )]+", page) if not u.startswith(
        (f"http://127.0.0.1:{port}/", f"ws://127.0.0.1:{port}/"))]
    assert outside == [] and "googleapis" not in page  # a table may be offline

    async def two_windows():
        import aiohttp

        async with aiohttp.ClientSession() as session:
            ws_url = link.replace("http:", "ws:") + "ws?width=20000&height=20000"
            async with session.ws_connect(ws_url, origin=f"http://127.0.0.1:{port}") as first:
                got = b""
                while b"Games" not in got:
                    msg = await asyncio.wait_for(first.receive(), timeout=20)
                    if msg.type != aiohttp.WSMsgType.BINARY:
                        break
                    got += msg.data
                second = await handshake(link.replace("http:", "ws:") + "ws")
                return got, second

    screen, second = asyncio.run(two_windows())
    assert b"Games" in screen  # a huge window size is clamped, not obeyed
    assert second == 503
    deadline = time.monotonic() + 20
    while asyncio.run(handshake(link.replace("http:", "ws:") + "ws")) != 101:  # the server notices the close
        assert time.monotonic() < deadline
        time.sleep(0.2)
    later = asyncio.run(first_screen(link.replace("http:", "ws:") + "ws?width=80&height=24", b"Games", 20))
    assert b"Games" in later  # the window closed: its place is free again


def test_window_sizes_are_clamped():
    assert web.clamp("20000", 80, web.MAX_COLS) == web.MAX_COLS
    assert web.clamp("-5", 80, web.MAX_COLS) == 1
    assert web.clamp("wide", 80, web.MAX_COLS) == 80
    assert web.clamp(None, 24, web.MAX_ROWS) == 24


def test_only_this_server_is_an_allowed_origin():
    assert web.allowed_origins("http://192.168.1.20:8000", "0.0.0.0", 8000) == {"http://192.168.1.20:8000"}
    assert "http://localhost:8000" in web.allowed_origins("http://127.0.0.1:8000", "127.0.0.1", 8000)
