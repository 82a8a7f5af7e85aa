"""Who is playing here: the name a player gives, carried by the lock of the save they play, so the
others read "Ann is playing" rather than an account (issue 24).

A name comes from ``--player NAME``, else ``CLOCKWORK_PLAYER``, else the name remembered from the
last time, and may be changed on the home screen. It is remembered in the player's own config
folder ($XDG_CONFIG_HOME/clockwork, else ~/.config/clockwork) except on a shared account
(restricted mode: a shared SSH account, the windows of `clockwork web`): there everyone is the
same account, so a name belongs to one window and is neither read from nor written to its files.

Names are player text: kept on one line and capped, shown with control characters written out.
UI-free.
"""

from __future__ import annotations

import os
from pathlib import Path

from . import files, records
from .prompts import shown

ENV = "CLOCKWORK_PLAYER"
MAX_LENGTH = 40  # a name, not a note: also what a lock file's name is cut to before it is shown


class Window:
    """This process: one window, of one player."""

    shared = False  # a shared account (restricted mode): this account's other windows are other people
    name: str | None = None  # this window's player once known ("" = nobody named)


window = Window()


def clean(name: str) -> str:
    """A name as kept: its spaces and line breaks made single spaces, at most MAX_LENGTH characters."""
    return " ".join(name.split())[:MAX_LENGTH].strip()


def display(name: str) -> str:
    """A name from anywhere (a lock file any account can write), as shown: cut, control
    characters written out."""
    return shown(clean(name), one_line=True)


def start(given: str | None, shared: bool) -> None:
    """This run's player: ``given`` (--player), else the environment's, else (lazily, own account
    only) the remembered one. A name given on one's own account is remembered for next time."""
    window.shared = shared
    if given is None:
        given = os.environ.get(ENV)
    window.name = None
    if given is not None:
        set_name(given)


def current() -> str:
    """This window's player ("" when nobody said)."""
    if window.name is None:
        window.name = "" if window.shared else remembered()
    return window.name


def set_name(name: str) -> str:
    """Name this window's player (from the command line, the environment or the home screen);
    remembered unless the account is shared. Returns the name as kept."""
    window.name = clean(name)
    if not window.shared and window.name != remembered():
        remember(window.name)
    return window.name


def is_me(name: str) -> bool:
    """A lock taken by this account in another process: is it this player's own? On a shared
    account only when it carries this window's name; on one's own account unless it names
    someone else."""
    mine, theirs = current().casefold(), clean(name).casefold()
    if window.shared:
        return bool(mine) and theirs == mine
    return not theirs or theirs == mine


def where() -> Path | None:
    """The file the name is remembered in; None without a home or with only relative settings."""
    base = os.environ.get("XDG_CONFIG_HOME", "")
    if not os.path.isabs(base):  # unset, or relative (which the XDG spec says to ignore)
        base = os.path.join(os.path.expanduser("~"), ".config")
    if not os.path.isabs(base):
        return None
    return Path(base) / "clockwork" / "player"


def remembered() -> str:
    """The name remembered on this account ("" when none); a file that cannot be read is one notice."""
    path = where()
    if path is None:
        return ""
    try:
        data = files.read_file(path, "player name")
    except FileNotFoundError:
        return ""
    except files.SaveError as exc:
        records.note(f"{exc}: no name taken from it (--player or {ENV} gives one)")
        return ""
    return clean(data.decode("utf-8", errors="replace").partition("\n")[0])


def remember(name: str) -> None:
    """Keep ``name`` for the next run (an empty one forgets it); a failure is one notice."""
    path = where()
    if path is None:
        return
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        files.replace(path, (name + "\n").encode() if name else b"", "player name", keep_backup=False)
    except OSError as exc:
        records.note(f"{path.parent}: the player name is not remembered ({files.os_problem(exc)})")
    except files.SaveError as exc:
        records.note(str(exc))
