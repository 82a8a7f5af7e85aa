"""Files beside the saves, handled as a hostile or unlucky neighbour would leave them.

The save folder is shared by several accounts of one group (mode 2775). Any member can plant a
link, a FIFO or a huge file under a name Clockwork uses, so:

- every file Clockwork creates is created exclusively (``O_EXCL``) under an unpredictable name,
  never following a link (``O_NOFOLLOW``), made group-writable whatever the umask, fsynced, and
  renamed into place (a rename replaces a planted link, it never writes through it);
- every file Clockwork reads is opened without blocking (``O_NONBLOCK``) and checked with
  ``fstat`` before a byte is read: a FIFO, device or folder is refused in one line, and reads stop
  at ``MAX_READ`` bytes;
- in restricted mode (a shared account) links are not followed when reading either.

Every failure is a ``SaveError``: one line naming the file. UI-free.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from .prompts import shown

MAX_READ = 64 * 1024 * 1024  # no save, ruleset or record comes near this; /dev/zero would
# Set by restricted mode: a link in the shared folder may point at any file the account can read.
follow_links = True


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


def read_file(path: str | os.PathLike, what: str = "file", follow: bool | None = None) -> bytes:
    """The whole of a regular file, at most MAX_READ bytes; SaveError in one line otherwise.
    FileNotFoundError is left to the caller (a missing record is simply empty). ``follow``: a
    link is followed (default: unless in restricted mode, see follow_links)."""
    p = Path(path)
    follow = follow_links if follow is None else follow
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow else os.O_NOFOLLOW)
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        error = NotAFile if exc.errno == errno.ELOOP else SaveError
        raise error(f"{p}: the {what} cannot be read ({os_problem(exc)})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile(f"{p}: is {kind_of(info.st_mode)}, not a {what}")
        if info.st_size > MAX_READ:
            raise NotAFile(f"{p}: {_mb(info.st_size)}, larger than any {what} ({_mb(MAX_READ)} at most); not read")
        os.set_blocking(fd, True)
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            total += len(chunk)
            if total > MAX_READ:  # grew while being read
                raise NotAFile(f"{p}: larger than any {what} ({_mb(MAX_READ)} at most); not read")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError(f"{p}: the {what} cannot be read ({os_problem(exc)})") from None
    finally:
        os.close(fd)


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
    if not (stat.S_ISREG(mode) or (stat.S_ISLNK(mode) and follow_links)):
        raise SaveError(f"{p}: is {kind_of(mode)}, not a {what}; left alone")
    # a link is replaced by the new file, never written through. In a sticky folder another
    # account's file cannot be replaced: fail before leaving temporary files we could not remove.
    try:
        folder = os.stat(p.parent)
    except OSError:
        return
    me = os.geteuid()
    if folder.st_mode & stat.S_ISVTX and me not in (0, info.st_uid, folder.st_uid):
        raise PermissionError(errno.EPERM, os.strerror(errno.EPERM), str(p))


def _keep_backup(p: Path, what: str) -> None:
    """The current file becomes ``<name>.bak``; it stays in place until the new one replaces it."""
    try:
        os.lstat(p)
    except FileNotFoundError:
        return
    bak = p.with_name(p.name + ".bak")
    link = p.parent / f".{p.name}.{_random_tag()}.bak.tmp"
    try:
        os.link(p, link, follow_symlinks=False)  # fails on an existing name, never overwrites
    except OSError:  # no hard links here (or someone else's file): copy it
        fd, link = create_exclusive(p.parent, p.name + ".bak")
        try:
            try:
                write_all(fd, read_file(p, what))
            except SaveError:
                pass  # an unreadable old file gives an empty backup rather than no save at all
            os.fsync(fd)
        finally:
            os.close(fd)
    try:
        os.replace(link, bak)
    except OSError:
        link.unlink(missing_ok=True)
        raise


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
