"""A lost terminal lets go (issue 21): a closed tmux pane, SSH session or terminal window ends the
app within a second, with its save's lock freed.

When a terminal goes away the kernel hangs it up: the session leader gets SIGHUP, and every read
of the terminal from then on returns end of file. Textual's Linux driver does not notice: its input
thread (LinuxDriver.run_input_thread) treats an empty read as "no data", breaks out of that round
and selects again, which returns at once, so the app spins at half a core on a dead terminal,
holding its save's lock. And only the session leader gets SIGHUP: under `make play` (make leads),
or a shell without job control (`ssh -t host 'cd … && make play'`), the app gets no signal at all,
and make waits for it.

So the app watches for both in its own event loop, through public asyncio calls only: SIGHUP
(``loop.add_signal_handler``), and the terminal hanging up, which epoll reports as EPOLLHUP or
EPOLLERR on the terminal even when no input event is asked for, so Textual's thread keeps every
key. Either calls ``lost`` once. UI-free: the caller decides what letting go means.
"""

from __future__ import annotations

import asyncio
import os
import select
import signal
import threading
from collections.abc import Callable

HANGUP_EXIT = 128 + signal.SIGHUP  # the status of a process ended by SIGHUP, as shells report it


class Watch:
    """Calls ``lost(why)`` once, on SIGHUP or when terminal ``fd`` hangs up. ``stop()`` ends it."""

    def __init__(self, lost: Callable[[str], None], fd: int | None = 0) -> None:
        self._lost = lost
        self._loop = asyncio.get_running_loop()
        self._epoll: select.epoll | None = None
        self.fired = False
        self._loop.add_signal_handler(signal.SIGHUP, self._fire, "the terminal hung up (SIGHUP)")
        if fd is not None and os.isatty(fd) and hasattr(select, "epoll"):
            self._epoll = select.epoll()
            # No event asked for: epoll still reports a hang-up or an error on the terminal,
            # and reading the keys stays Textual's.
            self._epoll.register(fd, 0)
            self._loop.add_reader(self._epoll.fileno(), self._fire, "the terminal is gone (end of input)")

    def _fire(self, why: str) -> None:
        if self.fired:
            return
        self.fired = True
        self.stop()
        self._lost(why)

    def stop(self) -> None:
        if self._epoll is not None:
            self._loop.remove_reader(self._epoll.fileno())
            self._epoll.close()
            self._epoll = None
        if not self.fired and not self._loop.is_closed():
            self._loop.remove_signal_handler(signal.SIGHUP)


def end_soon(seconds: float, status: int = HANGUP_EXIT) -> None:
    """End the process in ``seconds`` should a graceful exit still be under way then: writing to a
    hung-up terminal fails, and Textual's output thread stops at the first failed write, after which
    its bounded queue can block the exit. Saves and locks are dealt with before this is called."""
    timer = threading.Timer(seconds, os._exit, (status,))
    timer.daemon = True
    timer.start()
