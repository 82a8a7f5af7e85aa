"""Files beside the saves, handled as a hostile or unlucky neighbour would leave them.

The save folder is shared by several accounts of one group (mode 2775). Any member can plant a
link, a FIFO or a huge file under a name Clockwork uses, so:

- every file Clockwork creates is created exclusively (``O_EXCL``) under an unpredictable name,
  never following a link (``O_NOFOLLOW``), made group-writable whatever the umask, fsynced, and
  renamed into place (a rename replaces a planted link, it never writes through it);
- every file beside a save is read one way, ``read_file`` (or ``open_regular`` where the caller
  keeps the descriptor: the lock): a link is never followed, the open never blocks
  (``O_NONBLOCK``), anything but a regular file is refused in one line after ``fstat``, and
  reads stop at ``MAX_READ`` bytes. A link there may point at any file of the player's: no
  reading of it is safe, so none is followed, in restricted mode or not;
- a backup never reopens a path: it is the old file's own inode (hard-linked, then checked to be
  the file Clockwork opened) or a copy of what was read through that open descriptor, never more
  readable than its original;
- what goes wrong beside a save without stopping play (a backup skipped, a folder moved aside)
  waits as a one-line notice in ``take_notices()`` for the app or the command to show.

Every failure is a ``SaveError``: one line naming the file. UI-free.
"""

from __future__ import annotations

import datetime as _dt
import errno
import os
import re
import stat
import time
from pathlib import Path

from .prompts import shown

MAX_READ = 64 * 1024 * 1024  # no save, ruleset or record comes near this; /dev/zero would
# Links to a ruleset (never beside a save) are followed, except in restricted mode, where the
# shipped rulesets are the only ones read. Nothing beside a save is ever read through a link.
follow_links = True
# A temporary file older than this is a killed writer's: a live one keeps its temporary name for
# the time of one write and fsync (milliseconds; seconds on a slow network disk), so an hour
# leaves room for any disk and for clocks of the table's machines that disagree by minutes.
STALE_TEMP = 3600
# Clockwork's temporary names: ".<name>.<16 hex>.tmp" (create_exclusive, with <name> a file's
# name, its ".bak" or its ".lock") and ".<name>.<16 hex>.bak.tmp" (backups of earlier versions).
_TEMP_NAME = re.compile(r"\A\..+\.[0-9a-f]{16}(?:\.bak)?\.tmp\Z", re.S)
_notices: list[str] = []
_said: set[str] = set()


class SaveError(Exception):
    """One line: which file and what is wrong with it. Text quoted from the file (a game id, a
    field) can hold newlines or escape codes: they are written out, never printed raw."""

    def __init__(self, message: object = "") -> None:
        super().__init__(shown(str(message), one_line=True))


class NotAFile(SaveError):
    """Something other than a readable regular file of a sane size sits under the name: a link
    (where links are not followed), a FIFO, a device, a folder, a huge file."""


# The longest name made from a file's name: its lock's temporary ".<name>.lock.<16 hex>.tmp".
DERIVED_EXTRA = len(".") + len(".lock") + len(".") + 16 + len(".tmp")


def _random_tag() -> str:
    """16 hex digits from the OS's random source, for a temporary name no one can guess (what
    secrets.token_hex does, without importing hashlib and OpenSSL at every start)."""
    return os.urandom(8).hex()


def max_name_bytes(folder: Path) -> int:
    """The longest file name (in bytes) whose .bak, .lock and temporary names all fit in ``folder``."""
    try:
        limit = os.pathconf(folder if folder.is_dir() else ".", "PC_NAME_MAX")
    except (OSError, ValueError):
        limit = 255
    return min(limit, 255) - DERIVED_EXTRA


def name_fits(p: Path) -> bool:
    return len(os.fsencode(Path(p).name)) <= max_name_bytes(Path(p).parent)


def os_problem(exc: OSError) -> str:
    """An OSError's reason in a few words ('No space left on device')."""
    if exc.errno == errno.ELOOP:
        return "it is a link, and links are not followed here"
    if exc.errno == errno.ENAMETOOLONG:
        return "the name is too long for the file system"
    return exc.strerror or str(exc)


_KINDS = {stat.S_ISDIR: "a folder", stat.S_ISFIFO: "a FIFO", stat.S_ISCHR: "a device",
          stat.S_ISBLK: "a device", stat.S_ISSOCK: "a socket", stat.S_ISLNK: "a link"}


def kind_of(mode: int) -> str:
    for test, name in _KINDS.items():
        if test(mode):
            return name
    return "not a regular file"


def open_regular(path: str | os.PathLike, what: str = "file", flags: int = os.O_RDONLY,
                 follow: bool = False) -> int:
    """A descriptor of the regular file at ``path`` (the caller closes it): a link there is not
    followed (unless ``follow``), the open never blocks on a FIFO, and anything but a regular
    file of at most MAX_READ bytes is refused (NotAFile, one line). FileNotFoundError is left
    to the caller (a missing record is simply empty); other OSErrors are SaveError."""
    p = Path(path)
    flags |= os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow else os.O_NOFOLLOW)
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EISDIR):
            raise NotAFile(f"{p}: not a {what} ({os_problem(exc)})") from None
        raise SaveError(f"{p}: the {what} cannot be read ({os_problem(exc)})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile(f"{p}: is {kind_of(info.st_mode)}, not a {what}")
        if info.st_size > MAX_READ:
            raise NotAFile(f"{p}: {_mb(info.st_size)}, larger than any {what} ({_mb(MAX_READ)} at most); not read")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_fd(fd: int, path: str | os.PathLike, what: str = "file") -> bytes:
    """The whole of the regular file open at ``fd`` (from its start), at most MAX_READ bytes."""
    chunks, total = [], 0
    try:
        while True:
            chunk = os.pread(fd, 1 << 20, total)
            if not chunk:
                break
            total += len(chunk)
            if total > MAX_READ:  # grew while being read
                raise NotAFile(f"{path}: larger than any {what} ({_mb(MAX_READ)} at most); not read")
            chunks.append(chunk)
    except OSError as exc:
        raise SaveError(f"{path}: the {what} cannot be read ({os_problem(exc)})") from None
    return b"".join(chunks)


def read_file(path: str | os.PathLike, what: str = "file", follow: bool = False) -> bytes:
    """The whole of a regular file, at most MAX_READ bytes; SaveError in one line otherwise.
    FileNotFoundError is left to the caller (a missing record is simply empty). A link is not
    followed: only a ruleset, never beside a save, may be read with ``follow``."""
    fd = open_regular(path, what, follow=follow)
    try:
        return read_fd(fd, path, what)
    finally:
        os.close(fd)


def read_head(path: str | os.PathLike, most: int, what: str = "file") -> tuple[bytes, int]:
    """The first ``most`` bytes of a regular file (opened as ``read_file`` does) and its size."""
    fd = open_regular(path, what)
    try:
        size = os.fstat(fd).st_size
        chunks, total = [], 0
        while total < most:
            chunk = os.pread(fd, most - total, total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise SaveError(f"{path}: the {what} cannot be read ({os_problem(exc)})") from None
    finally:
        os.close(fd)
    return b"".join(chunks), size


def _mb(size: int) -> str:
    return f"{size / (1024 * 1024):.0f} MB"


def shared(fd: int) -> None:
    """Group read and write on a file we created, whatever the umask: the other players of the
    group must be able to take its lock or replace it (README, "A shared table")."""
    try:
        mode = os.fstat(fd).st_mode
        if mode & 0o060 != 0o060:
            os.fchmod(fd, stat.S_IMODE(mode) | 0o060)
    except OSError:
        pass  # a file system without modes (FAT): nothing to share


def create_exclusive(folder: Path, stem: str) -> tuple[int, Path]:
    """A new, empty, group-writable file in ``folder`` named ``.<stem>.<random>.tmp``; never an
    existing file, never through a link. Returns (fd open for writing, path). Raises OSError."""
    for _ in range(8):
        tmp = folder / f".{stem}.{_random_tag()}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o664)
        except FileExistsError:
            continue
        shared(fd)
        return fd, tmp
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(folder))


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def replace(p: Path, data: bytes, what: str = "file", keep_backup: bool = True) -> None:
    """Temp file (exclusive, random name), fsync, keep the old file as .bak, rename, fsync the
    folder. Raises SaveError in one line; the previous file is then intact."""
    tmp: Path | None = None
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        _check_target(p, what)
        fd, tmp = create_exclusive(p.parent, p.name)
        try:
            write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        if keep_backup:
            _keep_backup(p, what)
        os.replace(tmp, p)
        tmp = None
        fsync_dir(p.parent)
    except OSError as exc:
        advice = folder_advice(p.parent) if exc.errno in (errno.EACCES, errno.EPERM) else ""
        raise SaveError(
            f"{p}: could not write the {what} ({os_problem(exc)}); the previous one is intact"
            + (f". {advice}" if advice else "")
        ) from None
    finally:
        if tmp is not None:
            try:
                tmp.unlink()
            except OSError:
                pass


def _check_target(p: Path, what: str) -> None:
    try:
        info = os.lstat(p)
    except FileNotFoundError:
        return
    mode = info.st_mode
    if stat.S_ISDIR(mode) or stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        raise SaveError(f"{p}: is {kind_of(mode)}, not a {what}; left alone")
    # A link, FIFO or socket holds nothing to keep: the new file replaces it (a rename, never a
    # write through it). In a sticky folder another account's file cannot be replaced: fail
    # before leaving temporary files we could not remove.
    try:
        folder = os.stat(p.parent)
    except OSError:
        return
    me = os.geteuid()
    if folder.st_mode & stat.S_ISVTX and me not in (0, info.st_uid, folder.st_uid):
        raise PermissionError(errno.EPERM, os.strerror(errno.EPERM), str(p))


def _keep_backup(p: Path, what: str) -> None:
    """The file now at ``p`` becomes ``<name>.bak``; it stays in place until the new one replaces
    it. The backup is the file Clockwork opened itself (no link followed, regular only): its own
    inode, or a copy of what was read through that descriptor. Never fails: a backup that cannot
    be made is said in one line (``take_notices``) and the save goes on."""
    try:
        fd = open_regular(p, what)
    except FileNotFoundError:
        return
    except SaveError as exc:  # a link, FIFO, folder, huge or unreadable file: nothing to keep
        note(f"{exc}; replaced, no backup of it kept")
        return
    try:
        seen = os.fstat(fd)
        tmp = _backup_link(p, seen) or _backup_copy(fd, p, seen, what)
    finally:
        os.close(fd)
    if tmp is not None:
        _put_backup(tmp, p.with_name(p.name + ".bak"))


def _backup_link(p: Path, seen: os.stat_result) -> Path | None:
    """A second name for the inode Clockwork opened at ``p``, or None: no hard links here, or
    another account's file (fs.protected_hardlinks), or the name now holds another file."""
    link = p.parent / f".{p.name}.bak.{_random_tag()}.tmp"
    try:
        os.link(p, link, follow_symlinks=False)  # fails on an existing name, never overwrites
    except OSError:
        return None
    try:
        got = os.lstat(link)
        if (got.st_dev, got.st_ino) == (seen.st_dev, seen.st_ino):
            return link
    except OSError:
        pass
    _remove(link)  # swapped between the check and the link: copy what was opened instead
    return None


def _backup_copy(fd: int, p: Path, seen: os.stat_result, what: str) -> Path | None:
    """A copy of the file open at ``fd``, no more readable than it (a 0600 file stays 0600)."""
    tmp = None
    try:
        data = read_fd(fd, p, what)
        out, tmp = create_exclusive(p.parent, p.name + ".bak")
        try:
            os.fchmod(out, stat.S_IMODE(seen.st_mode) & 0o666)
            write_all(out, data)
            os.fsync(out)
        finally:
            os.close(out)
        return tmp
    except (OSError, SaveError) as exc:
        if tmp is not None:
            _remove(tmp)
        reason = str(exc).removeprefix(f"{p}: ") if isinstance(exc, SaveError) else os_problem(exc)
        note(f"{p}: no backup kept this time ({reason})")
        return None


def _put_backup(tmp: Path, bak: Path) -> None:
    """Rename ``tmp`` to ``bak``: whatever sits there is replaced, a folder is moved aside, and
    what cannot be replaced (another account's file in a sticky folder) is left, said once.
    Another account's file there is not ours to replace: it is moved aside, said in one line
    (issue 21 item 2)."""
    foreign = _aside_foreign(bak)
    try:
        os.replace(tmp, bak)
        if foreign:
            note(f"{bak}: {foreign}, could not be moved aside; replaced by this save's backup")
        return
    except OSError as exc:
        if exc.errno in _NO_WRITES:  # the disk, not what sits at the name: the save fails too
            _remove(tmp)
            raise
        failure = exc
    try:
        if stat.S_ISDIR(os.lstat(bak).st_mode):
            aside = set_aside(bak, stamp())
            if aside is not None:
                note(f"{bak}: is a folder, not a backup; moved aside as {aside.name}")
                os.replace(tmp, bak)
                return
    except OSError as exc:
        failure = exc
    _remove(tmp)
    note(f"{bak}: cannot be replaced ({os_problem(failure)}); no backup kept")


def _aside_foreign(bak: Path) -> str:
    """Another account's file (or link, FIFO...) at the backup's name is moved aside and named in
    one line; what it is, if it could not be moved (the replace then says what it did), else ''."""
    try:
        info = os.lstat(bak)
    except OSError:
        return ""
    if stat.S_ISDIR(info.st_mode) or info.st_uid == os.geteuid():
        return ""
    kind = "a file" if stat.S_ISREG(info.st_mode) else kind_of(info.st_mode)
    foreign = f"{kind} of another account (uid {info.st_uid})"
    aside = set_aside(bak, stamp())
    if aside is None:
        return foreign
    note(f"{bak}: {foreign}, not a backup Clockwork made; moved aside as {aside.name}")
    return ""


_NO_WRITES = (errno.EROFS, errno.ENOSPC, errno.EDQUOT, errno.EIO)


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def stamp() -> str:
    """The time in a name set aside: ``<name>.damaged-<stamp>``."""
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%S")


def clean_temps(folder: Path) -> None:
    """Remove the temporary files killed writers left in ``folder``: only Clockwork's own names,
    only regular files (a link is never followed, nor removed), only once older than any live
    writer keeps one (STALE_TEMP, by the time of the last change to the file, which no one can
    set back: a backup's hard link has its old save's modification time)."""
    now = time.time()
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not _TEMP_NAME.match(entry.name):
                    continue
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                if stat.S_ISREG(info.st_mode) and now - info.st_ctime > STALE_TEMP:
                    _remove(Path(entry.path))
    except OSError:
        pass


def note(message: object) -> None:
    """Keep a one-line notice for the app or the command to show; each is said once a run (an
    autosave that cannot keep its backup would say so at every answer)."""
    line = shown(str(message), one_line=True)
    if line not in _said:
        _said.add(line)
        _notices.append(line)


def take_notices() -> list[str]:
    """The notices since the last call (each shown once)."""
    out = list(_notices)
    _notices.clear()
    return out


def fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def set_aside(p: Path, stamp: str) -> Path | None:
    """Rename a damaged file out of the way, never over another file; None if it cannot be."""
    for n in range(100):
        aside = p.with_name(f"{p.name}.damaged-{stamp}" + (f"-{n}" if n else ""))
        try:
            os.link(p, aside, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError:
            if os.path.lexists(aside):
                continue
            try:
                os.rename(p, aside)  # no hard links: a plain rename to a name just seen free
                return aside
            except OSError:
                return None
        try:
            os.unlink(p)
        except OSError:
            os.unlink(aside)
            return None
        return aside
    return None


def folder_advice(folder: Path) -> str:
    """The one command that fixes a shared save folder set up to lock players out, or ''.
    A folder counts as shared when it is setgid (chmod 2775) or holds files of other accounts,
    and only a folder of one of the player's groups that not everyone may write in is named."""
    try:
        info = os.stat(folder)
    except OSError:
        return ""
    if not stat.S_ISDIR(info.st_mode):
        return ""
    if info.st_mode & stat.S_IWOTH or info.st_gid not in _my_groups():
        # Everyone may write in it (/tmp: its sticky bit protects them all), or it is not a
        # folder of this player's group (/home): not a players' folder, no chmod to suggest.
        return ""
    sticky = bool(info.st_mode & stat.S_ISVTX)
    group_write = bool(info.st_mode & stat.S_IWGRP)
    is_shared = bool(info.st_mode & stat.S_ISGID) or _others_files(folder, info.st_uid)
    if not is_shared:
        return ""
    fixes = ("g+w" if not group_write else "") + ("," if sticky and not group_write else "") + ("-t" if sticky else "")
    if not fixes:
        return ""
    why = ("the sticky bit stops players replacing each other's saves" if sticky
           else "the group cannot write in it")
    quoted = shown(str(folder), one_line=True)
    return f"The shared save folder {quoted} is set up to lock players out ({why}): run `chmod {fixes} {quoted}`"


def _my_groups() -> set[int]:
    try:
        return set(os.getgroups()) | {os.getegid()}
    except OSError:
        return {os.getegid()}


def _others_files(folder: Path, owner: int) -> bool:
    """Files (not folders: /srv holds other accounts' folders) of another account than the owner."""
    try:
        with os.scandir(folder) as entries:
            for n, entry in enumerate(entries):
                if n > 200:
                    break
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode) and info.st_uid != owner:
                    return True
    except OSError:
        pass
    return False
