"""One writer per save: a lock file beside it (``<save>.lock``) saying who plays it.

The writer holds an exclusive ``flock`` on the lock file for as long as it plays, so a process
that dies (SIGKILL, closed SSH session) releases it at once. The flock is the truth: the pid,
host, user and start time written in the file only describe the holder, so a leftover or forged
file (naming pid 1, say) never blocks a save: whoever gets the flock takes the file over. Only on
a file system without flock (ENOLCK) does the pid decide.

Lock files are created exclusively under a random name, made group-writable whatever the umask
and linked into place, never through a link planted by another account (files.py). A lock file
with a second name (a hard link another account planted at the lock's name, pointing at a file
of yours) is never written: its name is removed and a fresh lock made. Whatever sits at the
lock's name and cannot be removed (a folder is moved aside; a file in a sticky folder) makes the
save refuse to open for play (``LockUnavailable``, one line), never play it unlocked.

Readers (`show`, `log`, watchers) never take the lock; watchers call ``holder()``, which probes
the flock with a shared lock released at once, so polling it never keeps a writer out (a writer
retries for a moment). UI-free.
"""

from __future__ import annotations

import atexit
import datetime as _dt
import errno
import fcntl
import getpass
import os
import socket
import stat
import time
from pathlib import Path
from typing import TypeGuard

import msgspec

from . import files, players
from .prompts import shown

SUFFIX = ".lock"
_held: set["SaveLock"] = set()  # released at exit, or by release_all() when a command ends


class LockInfo(msgspec.Struct, kw_only=True):
    pid: int
    host: str
    user: str = ""
    started: str = ""
    player: str = ""  # the name the player gave (players.py); older lock files have none

    def who(self) -> str:
        """Short, for a title line: 'Ann (ann@table-pi)', or 'ann@table-pi' when nobody gave a
        name, just 'Ann' on this shared account; '(suspended)' while its process is stopped. Any
        account can write the lock file, so its text is shown with control characters written out."""
        name, account = self._name()
        more = [account] if name and account else []
        more += ["suspended"] if self._stopped() else []
        return (name or account) + (f" ({', '.join(more)})" if more else "")

    def describe(self) -> str:
        name, account = self._name()
        more = [account] if name and account else []
        more += [f"pid {self.pid}", f"since {_local(self.started)}"]
        more += ["suspended: they resume it with fg or quit"] if self._stopped() else []
        return f"{name or account} ({', '.join(more)})"

    def _name(self) -> tuple[str, str]:
        """The player's name and the account; the account left out on this shared account, where
        it names everyone (restricted mode), when a name says who."""
        name = players.display(self.player)
        account = shown(f"{self.user or 'someone'}@{self.host}", one_line=True)
        if name and players.window.shared and self.user == _user() and self.host == this_host():
            account = ""
        return name, account

    def _stopped(self) -> bool:
        return self.host == this_host() and suspended(self.pid)


class LockUnavailable(files.SaveError):
    """The folder is writable, but no lock can be taken for this save (something at the lock's
    name cannot be removed, or the name is too long): playing it unlocked could lose answers."""


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
    except (ValueError, OverflowError):  # any account can write the file: year 9999 at -14:00 too
        return "?"


def pid_alive(pid: int) -> bool:
    if not 0 < pid < 2**31:  # the file's pid may be anything; the OS's are below this
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, owned by another user
        return True
    return True


def suspended(pid: int) -> bool:
    """The process is stopped (ctrl+z, SIGSTOP): it holds its lock until resumed or ended. Only
    where /proc tells; the pid comes from the lock file, so this only ever adds a word."""
    if not 0 < pid < 2**22:
        return False
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat_file:
            data = stat_file.read(512)
    except OSError:
        return False
    state = data.rpartition(b")")[2].split()[:1]
    return state in ([b"T"], [b"t"])


def read_info(save: Path) -> LockInfo | None:
    """What the lock file says, or None when there is none or it is unreadable."""
    fd = _open_existing(lock_path(save), os.O_RDONLY)
    if fd is None:
        return None
    try:
        return _read_fd(fd)
    finally:
        os.close(fd)


def is_live(info: LockInfo | None) -> TypeGuard[LockInfo]:
    """Only where flock is missing: a holder on another host cannot be checked, it counts as live."""
    if info is None:
        return False
    return info.host != this_host() or pid_alive(info.pid)


def holder(save: Path) -> LockInfo | None:
    """Who plays ``save`` right now (None when nobody holds its flock). Never keeps the lock."""
    fd = _open_existing(lock_path(save), os.O_RDONLY)
    if fd is None:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno == errno.ENOLCK:
                info = _read_fd(fd)
                return info if is_live(info) else None
            return _read_fd(fd) or LockInfo(pid=0, host="?", user="")
        return None  # nobody holds it: a leftover file (closing the fd drops our shared lock)
    finally:
        os.close(fd)


def _open_existing(path: Path, flags: int) -> int | None:
    """The lock file, opened as every file beside a save is (files.open_regular: no link
    followed, never blocking, a regular file); None if missing or anything else."""
    try:
        return files.open_regular(path, "lock file", flags)
    except (OSError, files.SaveError):
        return None


def _create(path: Path) -> int | None:
    """A new lock file at ``path``, group-writable, made under a random name and hard-linked into
    place (which fails, never overwrites, if the name exists). None when the name was taken."""
    fd, tmp = files.create_exclusive(path.parent, path.name)
    try:
        os.link(tmp, path, follow_symlinks=False)
    except FileExistsError:
        os.close(fd)
        return None
    except OSError:
        os.close(fd)
        raise
    finally:
        tmp.unlink(missing_ok=True)
    return fd


def _clear(path: Path) -> None:
    """Remove what sits at the lock's name: a leftover whose flock nobody holds, a planted link,
    a FIFO; a folder is moved aside (``<name>.damaged-<time>``). OSError (a sticky folder, a
    read-only one) goes to the caller."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        try:
            is_dir = stat.S_ISDIR(os.lstat(path).st_mode)
        except OSError:
            is_dir = False
        if not is_dir:
            raise
        stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%S")
        aside = files.set_aside(path, stamp)
        if aside is None:
            raise exc from None
        files.note(f"{path}: is a folder, not a lock file; moved aside as {aside.name}")


def _second_name(fd: int) -> bool:
    """The lock file, whose flock we hold, has another name too: a hard link planted at the
    lock's name (a held lock always has one name: its maker removed the temporary one before
    taking the flock), or a backup's link. Its name is removed and a fresh lock file made."""
    try:
        return os.fstat(fd).st_nlink != 1
    except OSError:
        return True


# Where no write can happen either (each failing autosave says so), or no folder yet (the first
# write makes it): play goes on without a lock.
_NO_WRITES = (errno.EROFS, errno.ENOSPC, errno.EDQUOT, errno.ENOENT, errno.ENOTDIR)


def _cannot_lock(save: Path, path: Path, exc: OSError) -> OSError | LockUnavailable:
    """What acquire raises when the lock file cannot be made or cleared: the OSError itself
    where the folder takes no writes at all, else LockUnavailable in one line."""
    writable = os.access(path.parent, os.W_OK)
    if exc.errno in _NO_WRITES or (not writable and exc.errno in (errno.EACCES, errno.EPERM)):
        return exc
    advice = files.folder_advice(path.parent)
    return LockUnavailable(
        f"{save}: its lock {path.name} cannot be taken ({files.os_problem(exc)}), so it is not "
        f"opened for play (watching still works)" + (f". {advice}" if advice else "")
    )


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
    def acquire(cls, save: str | os.PathLike, wait: float = 0.3) -> "SaveLock":
        """Raises Locked when another process holds the flock; OSError when no lock file can be
        made in a folder that takes no writes (read-only, full); LockUnavailable (a SaveError)
        when the folder takes writes but no lock can be had. ``wait``: how long a busy flock is retried (a watcher's probe
        holds it for a moment)."""
        save = Path(save)
        path = lock_path(save)
        deadline = time.monotonic() + wait
        cleared: LockInfo | None = None  # a leftover we could not write, removed to make ours
        for _ in range(50):
            fd = _open_existing(path, os.O_RDWR)
            if fd is None:
                if os.path.lexists(path):
                    try:
                        mode = os.lstat(path).st_mode
                    except FileNotFoundError:
                        continue
                    if stat.S_ISREG(mode):  # someone else's 0644 file: its flock still decides
                        fd = _open_existing(path, os.O_RDONLY)
                        if fd is None:
                            continue
                        try:
                            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
                        except OSError as exc:
                            info = _read_fd(fd)
                            os.close(fd)
                            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN) and time.monotonic() > deadline:
                                raise Locked(save, info) from None
                            time.sleep(0.02)
                            continue
                        cleared = _read_fd(fd) or cleared
                        os.close(fd)
                    try:
                        _clear(path)  # a leftover we cannot write, a planted link or FIFO
                    except OSError as exc:
                        raise _cannot_lock(save, path, exc) from None
                    continue
                try:
                    fd = _create(path)
                except OSError as exc:
                    raise _cannot_lock(save, path, exc) from None
                if fd is None:
                    continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                current = _read_fd(fd)
                # No flock on this file system (ENOLCK): fall back to the pid in the file.
                if exc.errno != errno.ENOLCK or (is_live(current) and current.pid != os.getpid()):
                    os.close(fd)
                    if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN) and time.monotonic() < deadline:
                        time.sleep(0.02)
                        continue
                    if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, errno.ENOLCK):
                        raise Locked(save, current) from None
                    raise
            try:
                same = os.fstat(fd).st_ino == os.stat(path, follow_symlinks=False).st_ino
            except FileNotFoundError:
                same = False
            if not same:  # we locked a file its holder had just removed: try again
                os.close(fd)
                continue
            if _second_name(fd):  # a hard link planted at the lock's name: never written
                os.close(fd)
                try:
                    _clear(path)
                except OSError as exc:
                    raise _cannot_lock(save, path, exc) from None
                continue
            old = _read_fd(fd) or cleared
            stale = old if old is not None and old.pid != os.getpid() else None
            info = LockInfo(pid=os.getpid(), host=this_host(), user=_user(), started=_now(), player=players.current())
            try:  # only a description: a full disk must not cost the lock itself
                os.ftruncate(fd, 0)
                os.pwrite(fd, msgspec.json.encode(info) + b"\n", 0)
            except OSError:
                pass
            files.shared(fd)
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
            mine = os.fstat(fd).st_ino == os.stat(self.path, follow_symlinks=False).st_ino
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
        data = os.pread(fd, 4096, 0)  # a description only: the first 4 KB is plenty
        return msgspec.json.decode(data, type=LockInfo) if data.strip() else None
    except (OSError, ValueError, RecursionError, msgspec.DecodeError):  # any account writes it: bytes not UTF-8 too
        return None


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()
