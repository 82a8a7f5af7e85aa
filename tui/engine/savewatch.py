"""Notice at once when a save, or who plays it, changes (issue 21: watchers follow within 50 ms).

A watcher used to look at the save four times a second, so it showed an answer 120 ms after it was
given on average. Where the OS offers file-system notification (inotify on Linux) the watcher is
told instead: the save's folder is watched, so the atomic replace that every autosave does (a
rename onto the save's name) is seen, and so is the save's lock file being made or removed, and
closed by its player's process as it ends (killed too: the kernel closes its files). Looking
never changes anything (reads open files read-only), so a watcher never wakes itself or another.

inotify_simple (a ctypes wrapper of inotify_init1/add_watch, one small module, no dependencies)
gives a file descriptor the asyncio loop waits on, so a change is handled in the same loop turn;
it is imported only when a watcher starts. ``SaveWatch.start`` returns None where there is no
notification (another OS, inotify's limits reached, a folder that cannot be watched): the caller
keeps polling. UI-free.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from .savelock import lock_path


class SaveWatch:
    """Calls ``changed()`` in the running asyncio loop soon after ``save`` or its lock is written,
    replaced, made or removed, or the lock's holder ends. ``stop()`` ends it."""

    def __init__(self, notify, save: Path, changed: Callable[[], None]) -> None:
        from inotify_simple import flags

        self._notify = notify
        self._flags = flags
        self._lock = lock_path(save)
        self._names = {save.name, self._lock.name}
        self._changed = changed
        # A rename onto a name (autosave), a file written in place, a name made (the lock's hard
        # link) or removed. Opening, reading and closing a read-only file are not asked for.
        self._folder = notify.add_watch(save.parent, flags.MOVED_TO | flags.MOVED_FROM | flags.CLOSE_WRITE
                                        | flags.CREATE | flags.DELETE | flags.DELETE_SELF | flags.MOVE_SELF)
        self._watch_lock()
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(notify.fileno(), self._read)

    @classmethod
    def start(cls, save: Path, changed: Callable[[], None]) -> SaveWatch | None:
        """Watching ``save``'s folder, or None where the OS gives no notification."""
        try:
            from inotify_simple import INotify
        except ImportError:
            return None
        try:
            notify = INotify(nonblocking=True)
        except (OSError, AttributeError):  # no inotify in this C library; too many instances
            return None
        try:
            return cls(notify, Path(save), changed)
        except (OSError, RuntimeError):  # the folder is gone or unreadable; no running loop
            notify.close()
            return None

    def _watch_lock(self) -> None:
        """The lock file itself: its holder's process closes it as it ends (killed too), which the
        folder does not report (the file was opened under a temporary name, savelock._create)."""
        try:
            # Written (a player taking over a leftover lock writes who they are), or closed after
            # writing (its holder ends; another's failed try to take it says nothing new).
            self._notify.add_watch(self._lock, self._flags.MODIFY | self._flags.CLOSE_WRITE | self._flags.DONT_FOLLOW)
        except OSError:
            pass  # nobody holds it now: its making is seen in the folder

    def _read(self) -> None:
        flags = self._flags
        try:
            events = self._notify.read(timeout=0)
        except OSError:
            events = []
        gone = mine = lock_made = False
        for event in events:
            if event.mask & flags.Q_OVERFLOW:  # too many to keep: something may have changed
                mine = True
            elif event.wd != self._folder:  # the lock file (or one since removed: IGNORED)
                mine = mine or bool(event.mask & (flags.MODIFY | flags.CLOSE_WRITE))
            elif event.mask & (flags.IGNORED | flags.DELETE_SELF | flags.MOVE_SELF):
                gone = True  # the folder moved or went: the caller's looking carries on
            elif event.name in self._names:
                mine = True
                lock_made = lock_made or (event.name == self._lock.name and bool(event.mask & (flags.CREATE | flags.MOVED_TO)))
        if gone:
            self.stop()
        elif lock_made:
            self._watch_lock()
        if mine or gone:
            self._changed()

    @property
    def active(self) -> bool:
        return self._notify is not None

    def stop(self) -> None:
        if self._notify is None:
            return
        if not self._loop.is_closed():
            self._loop.remove_reader(self._notify.fileno())
        self._notify.close()
        self._notify = None
