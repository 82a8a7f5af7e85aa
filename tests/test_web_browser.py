"""`clockwork web` in a real browser (issue 24, item 8): the page gives the terminal the keys as it
opens, so a player's first keys reach the game without a click.

Headless Chromium is driven over the DevTools protocol, a websocket (aiohttp's client, here
already through textual-serve). CI installs Chromium (.ci/run) and sets CI=true: there a missing
browser fails the test; on a machine without one it is skipped, saying so. Bounded waits; the
server's and the browser's process groups are always killed at the end.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from test_web import fetch, free_port, web_server

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
WAIT = 30.0  # seconds for each stage: the browser starting, the app's first frame, the answer to a key


def chromium() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI"):
        pytest.fail("CI is set but no Chromium was found: .ci/run installs it with apt-get (is apt-get there?)")
    pytest.skip("no Chromium on this machine (`apt-get install chromium`); CI installs it and runs this test")


class Tab:
    """One page of the browser, over its DevTools websocket: commands, and the events between them."""

    def __init__(self, ws):
        self.ws = ws
        self.last_id = 0
        self.events: list[dict] = []

    async def call(self, method: str, **params):
        self.last_id += 1
        await self.ws.send_json({"id": self.last_id, "method": method, "params": params})
        while True:
            message = json.loads((await asyncio.wait_for(self.ws.receive(), WAIT)).data)
            if message.get("id") == self.last_id:
                assert "error" not in message, message
                return message["result"]
            self.events.append(message)

    async def evaluate(self, expression: str):
        return (await self.call("Runtime.evaluate", expression=expression, returnByValue=True))["result"].get("value")

    def frames(self, event: str) -> bytes:
        """Everything the page's websocket received (or sent) so far, as bytes."""
        out = b""
        for message in self.events:
            if message.get("method") == event:
                frame = message["params"]["response"]
                data = frame["payloadData"]
                out += base64.b64decode(data) if frame["opcode"] == 2 else data.encode()
        return out

    async def until(self, done, what: str) -> None:
        deadline = time.monotonic() + WAIT
        while not await done():
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {WAIT:g} s for {what}")
            await asyncio.sleep(0.1)


def devtools_port(profile: Path, browser: subprocess.Popen) -> int:
    """Chromium writes the DevTools port it picked into its profile folder."""
    deadline = time.monotonic() + WAIT
    active = profile / "DevToolsActivePort"
    while time.monotonic() < deadline:
        if browser.poll() is not None:
            raise AssertionError(f"Chromium stopped at once (exit status {browser.returncode})")
        try:
            return int(active.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            time.sleep(0.1)
    raise AssertionError(f"Chromium did not start its DevTools within {WAIT:g} s")


async def first_key(link: str, port: int) -> tuple[str, bytes, bytes]:
    """Open the link, wait for the app's first frame, press n without clicking anywhere. Returns the
    focused element's class, what the page sent and what the app drew."""
    import aiohttp

    deadline = time.monotonic() + WAIT
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=2) as reply:
                pages = [t for t in json.load(reply) if t.get("type") == "page"]
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.1)
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(pages[0]["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            tab = Tab(ws)
            await tab.call("Network.enable")
            await tab.call("Page.navigate", url=link)

            async def drawn() -> bool:
                first = await tab.evaluate("document.body !== null && document.body.classList.contains('-first-byte')")
                return bool(first) and b"Saves" in tab.frames("Network.webSocketFrameReceived")

            await tab.until(drawn, "the app's first frame")
            focused = await tab.evaluate("document.activeElement ? document.activeElement.className : ''")
            for kind in ("keyDown", "keyUp"):  # as a keyboard sends it: no click first
                await tab.call("Input.dispatchKeyEvent", type=kind, key="n", code="KeyN", windowsVirtualKeyCode=78,
                               **({"text": "n"} if kind == "keyDown" else {}))

            async def answered() -> bool:
                await tab.evaluate("0")  # collects the events that arrived meanwhile
                return b"Enter starts" in tab.frames("Network.webSocketFrameReceived")

            try:
                await tab.until(answered, "the app to answer n")
            except AssertionError:
                pass  # reported below, with what the page did with the key
            return focused, tab.frames("Network.webSocketFrameSent"), tab.frames("Network.webSocketFrameReceived")


def test_the_first_key_typed_in_the_page_reaches_the_game_without_a_click(tmp_path):
    browser_path = chromium()
    server = web_server(free_port(), tmp_path / "saves")
    profile = tmp_path / "profile"
    browser = subprocess.Popen(
        [browser_path, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
         "--no-default-browser-check", f"--user-data-dir={profile}", "--remote-debugging-port=0",
         "--window-size=1024,768", "about:blank"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    try:
        assert server.stdout is not None
        link = server.stdout.readline().decode().split("open ", 1)[1].strip()
        fetch(link, time.monotonic() + WAIT)  # the server answers
        focused, sent, drawn = asyncio.run(first_key(link, devtools_port(profile, browser)))
        where = f"the keys were in {focused or 'the page'!r}"
        assert b'["stdin","n"]' in sent, where  # the terminal took the key and sent it to the app ...
        assert b"Enter starts" in drawn, where  # ... which set up the highlighted game (n on the home screen)
    finally:
        for process in (browser, server):
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait(timeout=10)
