"""Rulesets parsed once: the TOML of a ruleset, kept between starts as the same data in msgpack.

Importing the TOML parser and parsing a ruleset is about a twentieth of `clockwork play`'s
start-up; reading the copy takes a fraction of a millisecond. A copy is found by a hash of the
ruleset file's bytes, so an edited ruleset is parsed again, and it is only plain data: the loader
types and checks it exactly as it does freshly parsed TOML, and each copy carries a checksum. The copies live in the player's own
cache folder ($XDG_CACHE_HOME/clockwork, else ~/.cache/clockwork); anything wrong with one (not
there, not a regular file, damaged, the folder not writable) means parsing the TOML as before.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from ..engine import files

try:
    from _blake2 import blake2b  # hashlib would load OpenSSL at every start for the same function
except ImportError:  # a Python built without it
    from hashlib import blake2b

FORMAT = "1"  # part of each copy's name: a new layout of the copies never reads an old one


def folder() -> Path | None:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):  # no home, or a relative setting: no cache rather than a guess
        return None
    return Path(base) / "clockwork" / "rulesets"


def parsed(data: bytes, parse: Callable[[bytes], Any]) -> Any:
    """``parse(data)``, or the copy kept from the last time these exact bytes were parsed."""
    where = folder()
    if where is None:
        return parse(data)
    copy = where / f"{blake2b(data, digest_size=16).hexdigest()}.v{FORMAT}.msgpack"
    try:
        kept = files.read_file(copy, "parsed ruleset")  # our own file, never through a link
        if kept[:16] == _sum(kept[16:]):  # a copy damaged in any way is parsed again
            return msgspec.msgpack.decode(kept[16:])
    except (OSError, files.SaveError, msgspec.DecodeError):
        pass  # not kept yet, or not usable: parse, and keep a fresh copy
    raw = parse(data)
    try:
        payload = msgspec.msgpack.encode(raw)
        if msgspec.msgpack.decode(payload) == raw:  # only data that comes back the same is kept
            where.mkdir(mode=0o700, parents=True, exist_ok=True)
            files.replace(copy, _sum(payload) + payload, "parsed ruleset", keep_backup=False)
            files.clean_temps(where)  # what a start killed while writing a copy left
    except (OSError, files.SaveError, msgspec.MsgspecError, TypeError, ValueError, OverflowError):
        pass  # not data msgpack keeps (a number past 64 bits...), or no room: the next start parses again
    return raw


def _sum(payload: bytes) -> bytes:
    return blake2b(payload, digest_size=16).digest()
