"""One writer per save: a lock file beside it (``<save>.lock``) saying who plays it.

The writer holds an exclusive ``flock`` on the lock file for as long as it plays, so a process
that dies (SIGKILL, closed SSH session) releases it at once; the file also records pid, host, user
and start time so others can say who is playing. A lock file whose process is gone (no flock held,
or its pid not alive on this host) is stale: the next writer clears it and takes over.

Readers (`show`, `log`, watchers) never take the lock; watchers call ``holder()``, which only
reads the file and checks the pid, so polling it never gets in a writer's way. UI-free.
"""

from __future__ import annotations

import atexit
import datetime as _dt
import errno
import fcntl
import getpass
import os
import socket
from pathlib import Path

import msgspec

SUFFIX = ".lock"
_held: set["SaveLock"] = set()  # released at exit, or by release_all() when a command ends


class LockInfo(msgspec.Struct, kw_only=True):
    pid: int
    host: str
    user: str = ""
    started: str = ""

    def who(self) -> str:
        """Short, for a title line: 'ann@table-pi'."""
        return f"{self.user or 'someone'}@{self.host}"

    def describe(self) -> str:
        return f"{self.who()} (pid {self.pid}, since {_local(self.started)})"


class Locked(Exception):
    """Another live process plays this save."""

    def __init__(self, save: Path, info: LockInfo | None):
        self.save = save
        self.info = info
        who = info.describe() if info else "another Clockwork process"
        super().__init__(f"{save}: {who} is playing it")


def lock_path(save: Path) -> Path:
    return Path(save).with_name(Path(save).name + SUFFIX)


def this_host() -> str:
    return socket.gethostname() or "localhost"


def current_user() -> str:
    return _user()


def _user() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no name for this uid (containers): the number will do
        return str(os.getuid())


def _local(stamp: str) -> str:
    try:
        return _dt.datetime.fromisoformat(stamp).astimezone().strftime("%H:%M")
    except ValueError:
        return "?"


def pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, owned by another user
        return True
    return True


def read_info(save: Path) -> LockInfo | None:
    """What the lock file says, or None when there is none or it is unreadable."""
    try:
        data = lock_path(save).read_bytes()
    except OSError:
        return None
    try:
        return msgspec.json.decode(data, type=LockInfo)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None


def is_live(info: LockInfo | None) -> bool:
    """A holder on another host cannot be checked: it counts as live."""
    if info is None:
        return False
    return info.host != this_host() or pid_alive(info.pid)


def holder(save: Path) -> LockInfo | None:
    """Who plays ``save`` right now (None when nobody does or the lock is stale). Never locks."""
    info = read_info(save)
    return info if is_live(info) else None


class SaveLock:
    """The lock a writer holds; ``acquire`` it, ``release`` it when done (also done at exit)."""

    def __init__(self, save: Path, fd: int, info: LockInfo, stale: LockInfo | None):
        self.save = save
        self.path = lock_path(save)
        self.fd = fd
        self.info = info
        self.stale = stale  # the dead holder whose lock was cleared, if any
        _held.add(self)

    @classmethod
    def acquire(cls, save: str | os.PathLike) -> "SaveLock":
        """Raises Locked when a live process holds it; OSError when the folder is not writable."""
        save = Path(save)
        path = lock_path(save)
        for _ in range(5):  # another process may unlink the file between our open and flock
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o664)  # group: players sharing a folder
            except PermissionError:
                if not path.exists():
                    raise  # a folder we may not write to: no lock here, and no save either
                current = read_info(save)
                if is_live(current):  # another account plays it
                    raise Locked(save, current) from None
                path.unlink()  # another account's stale lock (OSError if we may not remove it)
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                current = read_info(save)
                # No flock on this file system (ENOLCK): fall back to the pid in the file.
                if exc.errno != errno.ENOLCK or (is_live(current) and current.pid != os.getpid()):
                    os.close(fd)
                    if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, errno.ENOLCK):
                        raise Locked(save, current) from None
                    raise
            try:
                same = os.fstat(fd).st_ino == os.stat(path).st_ino
            except FileNotFoundError:
                same = False
            if not same:  # we locked a file its holder had just removed: try again
                os.close(fd)
                continue
            old = _read_fd(fd)
            stale = old if old is not None and old.pid != os.getpid() else None
            info = LockInfo(pid=os.getpid(), host=this_host(), user=_user(), started=_now())
            os.ftruncate(fd, 0)
            os.pwrite(fd, msgspec.json.encode(info) + b"\n", 0)
            return cls(save, fd, info, stale)
        raise Locked(save, read_info(save))

    @property
    def held(self) -> bool:
        return self.fd >= 0

    def release(self) -> None:
        if self.fd < 0:
            return
        fd, self.fd = self.fd, -1
        try:
            mine = os.fstat(fd).st_ino == os.stat(self.path).st_ino
        except OSError:
            mine = False
        if mine:  # unlink before unlocking, so nobody takes a file about to vanish
            try:
                self.path.unlink()
            except OSError:
                pass
        os.close(fd)
        _held.discard(self)


@atexit.register
def release_all() -> None:
    """Release every lock this process holds (a command is done; the process exits)."""
    for lock in list(_held):
        lock.release()


def _read_fd(fd: int) -> LockInfo | None:
    try:
        data = os.pread(fd, 4096, 0)
        return msgspec.json.decode(data, type=LockInfo) if data.strip() else None
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()
