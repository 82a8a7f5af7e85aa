"""`clockwork web`: textual-serve, guarded for a table's Wi-Fi.

- Every address lives under a random secret path (``/<secret>/``, 192 bits): the printed link
  carries it, and any request without it is refused (403, and its connection closed) before
  anything runs.
- A WebSocket upgrade whose Origin is not this server is refused: another site's page open in
  the same browser cannot drive the app.
- At most ``max_sessions`` app processes at once (each is a whole Clockwork); more are refused.
- Window sizes from the browser are clamped, so ``?width=20000`` cannot exhaust memory.
- The page loads nothing from outside: the font comes from textual-serve's own static files.
- Nobody without the secret can stop the server (issue 21): a connection that has not sent a
  request carrying the secret within SECRET_WAIT seconds is closed, at most ``connection_cap``
  connections are open at once (when full, the oldest that has not shown the secret is closed
  for a newcomer: a flood that keeps reconnecting evicts only itself), and running out of file descriptors
  only pauses accepting (asyncio retries a second later) instead of ending the server.
- A window whose browser leaves or whose Clockwork stops answering is stopped and its process
  killed; a window counts against ``max_sessions`` until its process is gone.
- The secret appears only in the link `clockwork web` prints: the log never shows it.

Imports aiohttp and textual-serve, so only `clockwork web` imports this module.
"""

from __future__ import annotations

import asyncio
import errno
import hmac
import json
import logging
import re
import resource
import secrets
import signal
import socket
import sys
from contextlib import suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.abc import AbstractAccessLogger
from textual_serve.app_service import AppService
from textual_serve.server import Server

log = logging.getLogger("clockwork-web")

MAX_COLS, MAX_ROWS = 400, 150  # a 4K screen at a small font is about 380 × 110 cells
PAGE = Path(__file__).resolve().parent / "web_page"
LOOPBACK = ("127.0.0.1", "localhost", "::1")

# A browser sends its request the moment its connection opens (milliseconds, even on a busy
# Wi-Fi); a speculative connection it opened early and that gets closed is simply opened again.
# Five seconds is far beyond any real request and short enough that a flood of idle or
# half-sent connections holds the server's descriptors only briefly.
SECRET_WAIT = 5.0
KEEPALIVE = 30.0  # an idle connection that did carry the secret (aiohttp's own default is an hour)
BACKLOG = 32  # connections the kernel queues before the server accepts them
RESERVE = 32  # descriptors the server itself needs: its streams, event loop, listening socket, files
PER_WINDOW = 8  # a window's three pipes, and five more for a moment while its process starts
# A window's Clockwork says it is alive every ALIVE_EVERY seconds (ClockworkApp.on_mount); one
# that says nothing, not even that, for HANG_AFTER seconds (five missed beats) has hung or been
# stopped. Clockwork never keeps its loop busy that long: every step is quick and files are capped.
# START_WAIT: how long a new window may take to start (Python and Textual loading) before it talks.
HANG_AFTER = 10.0
START_WAIT = 30.0
STOP_GRACE = 3.0  # a window asked to quit and still running after this is killed
ALIVE = "clockwork-alive"  # the heartbeat's meta type (tui/app.py)


# A request line's method and its path's first segment: a browser's first packet holds the whole
# line, well within HEAD_MOST bytes (the secret is 32 characters).
REQUEST_LINE = re.compile(rb"[A-Z]{1,16} /([^/?# \r\n]*)")
HEAD_MOST = 128


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def clamp(value: Any, default: int, most: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return max(1, min(number, most))


def connection_cap(max_sessions: int, descriptors: int) -> int:
    """Most connections open at once: a socket per window and a browser's page loads (16 + 8 per
    window), within the descriptors left after the server's own, the windows' pipes and the
    connections accepted in one burst before the cap closes them."""
    wanted = 16 + 8 * max_sessions
    room = descriptors - RESERVE - PER_WINDOW * max_sessions - BACKLOG
    return max(8, min(wanted, room))


def peek(transport: asyncio.Transport) -> bytes:
    """What a new connection has sent already, left for aiohttp to read. A browser sends its
    request with the connection's last handshake packet, so a player's request line is usually
    there: when a flood's connections are accepted in the same burst, it is judged before them."""
    found = transport.get_extra_info("socket")
    if found is None:
        return b""
    try:
        view = socket.socket(fileno=found.fileno())  # the same descriptor, detached below, never closed
    except OSError:
        return b""
    try:
        return view.recv(HEAD_MOST, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except OSError:
        return b""
    finally:
        view.detach()


class Door(asyncio.Protocol):
    """One connection, in front of aiohttp's handler for it: counted against the cap, and closed
    unless a request carrying the secret arrives within SECRET_WAIT (TableServer._guard trusts it).
    Until its first request line shows the secret it is a stranger: when the cap is full, the
    oldest stranger is closed to make room for a newcomer (TableServer.let_in).

    Only asyncio's Protocol interface is forwarded; aiohttp never swaps a transport's protocol."""

    def __init__(self, server: TableServer, handler: asyncio.Protocol):
        self.server = server
        self.handler = handler
        self.timer: asyncio.TimerHandle | None = None
        self.transport: asyncio.Transport | None = None
        self.counted = False  # holds one of the cap's places
        self.opened = False  # aiohttp's handler has the connection
        self.head: bytes | None = b""  # the first request line so far; None once judged

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        if not self.server.let_in(self, self.shows_secret(peek(transport))):
            transport.abort()  # over the cap and nobody to make room: closed at once, nothing read
            return
        self.counted = self.opened = True
        self.transport = transport
        self.timer = asyncio.get_running_loop().call_later(SECRET_WAIT, transport.abort)
        self.handler.connection_made(transport)

    def trust(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.server.strangers.pop(self, None)

    def evict(self) -> None:
        """Give this stranger's place to a newcomer: closed now, its place free at once."""
        self.release()
        if self.transport is not None:
            self.transport.abort()

    def release(self) -> None:
        self.trust()
        if self.counted:
            self.counted = False
            self.server.connections -= 1

    def connection_lost(self, exc: Exception | None) -> None:
        self.release()
        if self.opened:
            self.opened = False
            self.handler.connection_lost(exc)

    def shows_secret(self, head: bytes) -> bool:
        line = REQUEST_LINE.match(head) if b"\n" in head or len(head) >= HEAD_MOST else None
        return line is not None and hmac.compare_digest(line[1], self.server.secret.encode())

    def look(self, data: bytes) -> None:
        """Judge the first request line: one whose path starts with the secret is never evicted."""
        assert self.head is not None
        self.head = (self.head + data)[:HEAD_MOST]
        if b"\n" not in self.head and len(self.head) < HEAD_MOST:
            return
        if self.shows_secret(self.head):
            self.server.strangers.pop(self, None)
        self.head = None

    def data_received(self, data: bytes) -> None:
        if self.head is not None:
            self.look(data)
        self.handler.data_received(data)

    def eof_received(self) -> bool | None:
        return self.handler.eof_received()

    def pause_writing(self) -> None:
        self.handler.pause_writing()

    def resume_writing(self) -> None:
        self.handler.resume_writing()


class Window(AppService):
    """One browser window's Clockwork process: heard from while it runs, killed if it hangs."""

    process: asyncio.subprocess.Process | None = None
    heard = 0.0  # the event loop's time of the app's last packet
    talked = False
    closing: asyncio.Task | None = None

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        # The one private name used from textual-serve (tests/test_web_guard.py checks it): the
        # hook that starts the app. textual-serve keeps the process to itself and stops it only by
        # asking it to quit, which a hung one never does; we keep it to kill such a window.
        self.process = await super()._open_app_process(width, height)
        self.heard = asyncio.get_running_loop().time()
        return self.process

    def _heard(self) -> None:
        self.heard = asyncio.get_running_loop().time()
        self.talked = True

    async def on_data(self, payload: bytes) -> None:
        self._heard()
        await super().on_data(payload)

    async def on_packed(self, payload: bytes) -> None:
        self._heard()
        await super().on_packed(payload)

    async def on_meta(self, data: bytes) -> None:
        self._heard()
        with suppress(ValueError, AttributeError):
            if json.loads(data).get("type") == ALIVE:
                return
        await super().on_meta(data)

    def hung(self) -> bool:
        quiet = asyncio.get_running_loop().time() - self.heard
        return quiet >= (HANG_AFTER if self.talked else START_WAIT)

    async def close(self, hung: bool = False) -> None:
        """Ask the app to quit (unless it hung), kill it if it still runs after STOP_GRACE, and
        wait until it is gone. Safe to call more than once, also at the same time."""
        if self.closing is None:
            self.closing = asyncio.ensure_future(self._close(hung))
        await asyncio.shield(self.closing)

    async def _close(self, hung: bool) -> None:
        process = self.process
        if process is None:
            return
        if process.returncode is None and not hung:
            with suppress(TimeoutError):
                await asyncio.wait_for(self._quit(process), STOP_GRACE)
        if process.returncode is None:
            with suppress(ProcessLookupError):
                process.kill()
            await process.wait()
        with suppress(TimeoutError):  # the output pump ends once the process's pipes close
            await asyncio.wait_for(self.stop(), STOP_GRACE)

    async def _quit(self, process: asyncio.subprocess.Process) -> None:
        await self.send_meta({"type": "quit"})
        await process.wait()


class SecretlessAccessLog(AbstractAccessLogger):
    """One line per request that carried the secret, the secret left out; requests without it
    are not logged (a flood of them would fill the host's screen)."""

    secret = ""  # set per server (TableServer._serve)

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        first, _, rest = request.path.lstrip("/").partition("/")
        if self.secret and hmac.compare_digest(first.encode(), self.secret.encode()):
            path = repr(f"/…/{rest}")[1:-1]  # escapes, so a path's control characters are not obeyed
            self.logger.info("%s %s %s %s", request.remote, request.method, path, response.status)


class SecretlessFormatter(logging.Formatter):
    """Every log line, tracebacks included, with the secret cut out: nothing printed after the
    link names it (an error from a request, for one, could quote its address)."""

    def __init__(self, secret: str):
        super().__init__("%(message)s")
        self.secret = secret

    def format(self, record: logging.LogRecord) -> str:
        return super().format(record).replace(self.secret, "…")


class QuietHandler(logging.StreamHandler):
    def handleError(self, record: logging.LogRecord) -> None:
        """A line that cannot be written (no descriptors left, the terminal gone) is dropped: a
        failed log line must never stop the server."""


class TableServer(Server):
    def __init__(self, command: str, host: str, port: int, public_url: str, secret: str, max_sessions: int = 4):
        super().__init__(command, host=host, port=port, title="Clockwork", public_url=public_url.rstrip("/"))
        self.templates_path = PAGE
        self.secret = secret
        self.max_sessions = max_sessions
        self.windows: dict[Window, web.WebSocketResponse] = {}
        self.sessions = 0  # windows admitted whose process is not gone yet
        self.freed = asyncio.Event()
        self.connections = 0
        self.strangers: dict[Door, None] = {}  # open connections yet to show the secret, oldest first
        self.cap = connection_cap(max_sessions, resource.getrlimit(resource.RLIMIT_NOFILE)[0])
        self.warned_cap = -1e9
        self.origins = allowed_origins(self.public_url, host, port)

    @property
    def link(self) -> str:
        return f"{self.public_url}/{self.secret}/"

    # -- serving ------------------------------------------------------------------------------

    def initialize_logging(self) -> None:
        """Plain lines on stderr with the secret cut out (textual-serve's rich tracebacks would
        show local variables, the secret among them)."""
        handler = QuietHandler(sys.stderr)
        handler.setFormatter(SecretlessFormatter(self.secret))
        root = logging.getLogger()
        root.handlers[:] = [handler]
        root.setLevel(logging.INFO)

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C or SIGTERM. OSError if the address cannot be listened on."""
        self.initialize_logging()
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(self._loop_trouble)
        stop = asyncio.Event()
        for number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(number, stop.set)
        app = await self._make_app()
        access_log = type("AccessLog", (SecretlessAccessLog,), {"secret": self.secret})
        runner = web.AppRunner(
            app, handle_signals=False, access_log_class=access_log, keepalive_timeout=KEEPALIVE,
            shutdown_timeout=STOP_GRACE,
        )
        await runner.setup()
        handlers = runner.server
        assert handlers is not None  # made by setup()
        listening = await loop.create_server(
            lambda: Door(self, handlers()), self.host, self.port, backlog=BACKLOG, reuse_address=True
        )
        try:
            await stop.wait()
        finally:
            listening.close()
            await asyncio.gather(*(self._end(window, "the server stopped") for window in list(self.windows)))
            await runner.cleanup()

    def _loop_trouble(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """Errors from the event loop's callbacks: an accept that failed for want of descriptors or
        memory is dropped quietly (asyncio pauses accepting and retries a second later: logging it
        would itself need a descriptor); anything else is one log line. Never raises."""
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
            return
        with suppress(Exception):
            log.error("%s", context.get("message", "error in the event loop"), exc_info=error)

    def let_in(self, door: Door, shown: bool) -> bool:
        """A new connection counts unless the cap is reached. Then the oldest connection that has
        not shown the secret is closed to make room: a flood that keeps reconnecting only evicts
        itself, while a player's connection shows the secret in its first packet and is never
        evicted. Refused at once only when every place holds a connection that showed it."""
        if self.connections >= self.cap:
            if self.strangers:
                next(iter(self.strangers)).evict()
            now = asyncio.get_running_loop().time()
            if now - self.warned_cap > 60:  # once a minute at most: a flood would fill the screen
                self.warned_cap = now
                log.warning(
                    "%d connections are open, the most allowed: the oldest without the link's secret are "
                    "closed to make room for new ones", self.cap,
                )
            if self.connections >= self.cap:
                return False
        self.connections += 1
        if not shown:
            self.strangers[door] = None
        return True

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        base = f"/{self.secret}"
        app.add_routes([
            web.get(base + "/", self.handle_index, name="index"),
            web.get(base + "/ws", self.handle_websocket, name="websocket"),
            web.static(base + "/static", self.statics_path, show_index=False, name="static"),
        ])
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler):
        """No secret, no page: a wrong or missing first path segment is refused at once, and the
        connection closed. A request with the secret lets its connection stay open (Door)."""
        first = request.path.lstrip("/").split("/", 1)[0]
        if not hmac.compare_digest(first.encode(), self.secret.encode()):
            refused = web.HTTPForbidden(text="Clockwork: open the link printed by `clockwork web`.\n")
            refused.force_close()
            raise refused
        door = request.transport.get_protocol() if request.transport is not None else None
        if isinstance(door, Door):
            door.trust()
        if request.path == f"/{self.secret}":
            raise web.HTTPFound(f"/{self.secret}/")
        return await handler(request)

    async def on_startup(self, app: web.Application) -> None:
        pass  # `clockwork web` prints the link itself (textual-serve's banner would omit the secret)

    # -- windows ------------------------------------------------------------------------------

    async def _admit(self) -> bool:
        """Take a place for a new window. At the cap, wait for a window that is being stopped (a
        reload closes the old window just before opening the new one); refuse otherwise."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STOP_GRACE + 2
        while self.sessions >= self.max_sessions:
            stopping = any(window.closing is not None for window in self.windows)
            if not stopping or loop.time() >= deadline:
                return False
            self.freed.clear()
            with suppress(TimeoutError):
                await asyncio.wait_for(self.freed.wait(), deadline - loop.time())
        self.sessions += 1
        return True

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin.rstrip("/") not in self.origins:
            log.warning("refused a connection from another site's page (Origin %r)", origin)
            raise web.HTTPForbidden(text="Clockwork: connections from other sites' pages are refused.\n")
        if not web.WebSocketResponse().can_prepare(request).ok:  # a plain GET: no app for it
            raise web.HTTPBadRequest(text="Clockwork: this address is the page's WebSocket; open the link instead.\n")
        if not await self._admit():
            raise web.HTTPServiceUnavailable(
                text=f"Clockwork: {self.max_sessions} players' windows are open already; close one and reload.\n"
            )
        width = clamp(request.query.get("width"), 80, MAX_COLS)
        height = clamp(request.query.get("height"), 24, MAX_ROWS)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=1 << 20, timeout=STOP_GRACE)
        # `exec`: the shell becomes the app, so the process textual-serve starts is the one to kill.
        window = Window(
            f"exec {self.command}", write_bytes=websocket.send_bytes, write_str=websocket.send_str,
            close=websocket.close,  # type: ignore[arg-type]  # as textual-serve passes it: awaited, its bool unused
            download_manager=self.download_manager, debug=False,
        )
        self.windows[window] = websocket
        try:
            await websocket.prepare(request)
            await window.start(width, height)
            messages = asyncio.ensure_future(self._messages(websocket, window))
            watchdog = asyncio.ensure_future(self._watch(window))
            try:
                await asyncio.wait((messages, watchdog), return_when=asyncio.FIRST_COMPLETED)
                if watchdog.done():
                    log.warning("a window's Clockwork stopped answering for %g seconds; it was stopped", HANG_AFTER)
                    await self._end(window, "this window stopped answering and was closed: reload the page")
                with suppress(TimeoutError):  # ends as the browser's connection closes
                    await asyncio.wait_for(messages, STOP_GRACE)
            finally:
                watchdog.cancel()
                messages.cancel()
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # one tab's trouble never stops the server
            log.exception(error)
        finally:
            await asyncio.shield(self._retire(window))
        return websocket

    async def _retire(self, window: Window) -> None:
        """Stop a window's process; its place is free once the process is gone."""
        try:
            await window.close()
        finally:
            if self.windows.pop(window, None) is not None:
                self.sessions -= 1
                self.freed.set()

    @staticmethod
    async def _watch(window: Window) -> None:
        """Returns once the window's Clockwork has stopped answering (Window.hung)."""
        while not window.hung():
            await asyncio.sleep(1)

    async def _end(self, window: Window, why: str) -> None:
        """Stop a window (killed at once if it hung) and close its browser's connection."""
        await window.close(hung=window.hung())
        websocket = self.windows.get(window)
        if websocket is not None:
            with suppress(Exception):
                await websocket.close(code=WSCloseCode.GOING_AWAY, message=why.encode())

    async def _messages(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = message.json()
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], (envelope[1] if len(envelope) > 1 else None)
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                await service.set_terminal_size(
                    clamp(data.get("width"), 80, MAX_COLS), clamp(data.get("height"), 24, MAX_ROWS)
                )
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()


def allowed_origins(public_url: str, host: str, port: int) -> set[str]:
    """The pages allowed to open a session: this server as the link names it, and on loopback
    the other names of this machine."""
    parts = urlsplit(public_url)
    origins = {f"{parts.scheme}://{parts.netloc}"}
    if host in LOOPBACK:
        origins |= {f"http://{name}:{port}" for name in ("127.0.0.1", "localhost", "[::1]")}
    return origins
