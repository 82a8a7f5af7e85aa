"""`clockwork web`: textual-serve, guarded for a table's Wi-Fi.

- Every address lives under a random secret path (``/<secret>/``, 192 bits): the printed link
  carries it, and any request without it is refused (403) before anything runs.
- A WebSocket upgrade whose Origin is not this server is refused: another site's page open in
  the same browser cannot drive the app.
- At most ``max_sessions`` app processes at once (each is a whole Clockwork); more are refused.
- Window sizes from the browser are clamped, so ``?width=20000`` cannot exhaust memory.
- The page loads nothing from outside: the font comes from textual-serve's own static files.

Imports aiohttp and textual-serve, so only `clockwork web` imports this module.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

log = logging.getLogger("clockwork-web")

MAX_COLS, MAX_ROWS = 400, 150  # a 4K screen at a small font is about 380 × 110 cells
PAGE = Path(__file__).resolve().parent / "web_page"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def clamp(value: Any, default: int, most: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return max(1, min(number, most))


class TableServer(Server):
    def __init__(self, command: str, host: str, port: int, public_url: str, secret: str, max_sessions: int = 4):
        super().__init__(command, host=host, port=port, title="Clockwork", public_url=public_url.rstrip("/"))
        self.templates_path = PAGE
        self.secret = secret
        self.max_sessions = max_sessions
        self.sessions = 0
        self.origins = allowed_origins(self.public_url, host, port)

    @property
    def link(self) -> str:
        return f"{self.public_url}/{self.secret}/"

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
        """No secret, no page: a wrong or missing first path segment is refused at once."""
        first = request.path.lstrip("/").split("/", 1)[0]
        if not hmac.compare_digest(first.encode(), self.secret.encode()):
            raise web.HTTPForbidden(text="Clockwork: open the link printed by `clockwork web`.\n")
        if request.path == f"/{self.secret}":
            raise web.HTTPFound(f"/{self.secret}/")
        return await handler(request)

    async def on_startup(self, app: web.Application) -> None:
        pass  # `clockwork web` prints the link itself (textual-serve's banner would omit the secret)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin.rstrip("/") not in self.origins:
            log.warning("refused a connection from another site's page (Origin %s)", origin)
            raise web.HTTPForbidden(text="Clockwork: connections from other sites' pages are refused.\n")
        if self.sessions >= self.max_sessions:
            raise web.HTTPServiceUnavailable(
                text=f"Clockwork: {self.max_sessions} players' windows are open already; close one and reload.\n"
            )
        if not web.WebSocketResponse().can_prepare(request).ok:  # a plain GET: no app for it
            raise web.HTTPBadRequest(text="Clockwork: this address is the page's WebSocket; open the link instead.\n")
        width = clamp(request.query.get("width"), 80, MAX_COLS)
        height = clamp(request.query.get("height"), 24, MAX_ROWS)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=1 << 20)
        self.sessions += 1
        service: AppService | None = None
        try:
            await websocket.prepare(request)
            service = AppService(
                self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                close=websocket.close,  # type: ignore[arg-type]  # as textual-serve passes it: awaited, its bool unused
                download_manager=self.download_manager, debug=False,
            )
            await service.start(width, height)
            await self._messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # one tab's trouble never stops the server
            log.exception(error)
        finally:
            self.sessions -= 1
            if service is not None:
                await service.stop()
        return websocket

    async def _messages(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            envelope = message.json()
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
