"""What the shared tests need to know of each game, kept by the game (issue 22 item 3).

The shared tests take the games from the registry (``tui.games``) and find each game's test
support by its package name: ``tests/per_game/<package>.py``. Adding a game adds that one file
(and the game's own test files); no shared test or list names the games. A game without its file,
or whose file lacks a piece a shared test needs, fails that test, naming the game.

Each game's file defines:

- ``KNOWN_ANSWERS``: how random play sets the game up and keeps it going, and the game's checks of
  questions whose answer followed from the record (a ``known_answers.Play``; tests/known_answers.py).
- ``FIXTURE``: how tests/fixtures/saves/make_fixture.py plays the game's fixture save (a ``Fixture``).
- ``TYPED_CODES``: the game's typed steps answered in codes, by a part of their label, each with
  the check of its reader against its legend (tests/test_typed_legends.py); {} when it has none.
- ``OUT_OF_RANGE``: a value the game never makes in its saved state, where it goes and what the
  one line refusing it names (a ``Bound``; tests/test_safe_bounds.py).
- ``BESIDE``: the records the game keeps in a file beside its saves, and how a game reaches their
  first write (a ``Beside``; tests/test_safe_beside.py); None for a game that keeps none.

A sixth game, for the tests: one line in tui/games/__init__.py (GAME_PACKAGES, the registry) and
new files only: this folder's <package>.py, its fixture save (make_fixture.py <game>), the two
pictures of tests/test_snapshots.py's every-game test (--snapshot-update), and its own tests.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from tui import games

HERE = Path(__file__).parent
# Each piece a game's file must define, and what it is for (said when it is missing).
PIECES = {
    "KNOWN_ANSWERS": "random play and the checks of questions the record answers (tests/known_answers.py)",
    "FIXTURE": "how its fixture save is played (tests/fixtures/saves/make_fixture.py)",
    "TYPED_CODES": "its typed steps in codes and their checks, {} for none (tests/test_typed_legends.py)",
    "OUT_OF_RANGE": "a saved value it never makes and the line refusing it (tests/test_safe_bounds.py)",
    "BESIDE": "the records it keeps beside its saves, None for none (tests/test_safe_beside.py)",
}


@dataclass
class Fixture:
    """A fixture save: random answers that never end the game early, until both counts are met."""

    options: dict[str, str]
    seed: int
    answers: int  # answers at least
    turns: int  # turn headers at least
    # Answers that keep the game going where a random one would end it a few steps later (label →
    # answer); with any, the other answers are random ones the game takes, else ones that last.
    going_on: dict[str, str] = field(default_factory=dict)


@dataclass
class Bound:
    """An out-of-range value in the first snapshot's state: its path there, the value (None: the
    list made ten times longer), and what the one-line refusal names."""

    where: tuple
    value: Any
    says: str


@dataclass
class Beside:
    """Records a game keeps in one file beside its saves (between games), for the drill of
    tests/test_safe_beside.py: another account's file planted at its name, or a FIFO, a link, a
    folder, must never be read, followed or hang a command."""

    file: str  # its name in the saves folder
    foreign: Callable[[str], bytes]  # another account's records, holding the given mark where they hold text
    earlier: Callable[[Path], object]  # writes the records of an earlier game in the folder
    kept: Callable[[Path], bool]  # this game's records reached their file in the folder
    # Answers to `clockwork step` that reach the first write of the records; None: they are written
    # at the game's end, and ``finish`` plays a game there quickly.
    steps: list[str] | None = None
    finish: Callable[[Any, random.Random], None] | None = None
    options: dict[str, str] = field(default_factory=dict)  # its setup options in the drill


def ids() -> list[str]:
    """Every registered game's id, in the registry's order (the home screen's)."""
    return list(games.all_games())


def package(game_id: str) -> str:
    return games.GAME_PACKAGES.get(game_id, game_id.replace("-", "_"))


def support(game_id: str) -> ModuleType:
    """The game's test support module; a registered game without one fails, naming the game."""
    name = package(game_id)
    if not (HERE / f"{name}.py").is_file():
        raise AssertionError(f"game '{game_id}' has no tests/per_game/{name}.py: each registered game brings "
                             f"the pieces the shared tests need ({', '.join(PIECES)}; see tests/per_game/__init__.py)")
    return importlib.import_module(f"{__name__}.{name}")


def piece(game_id: str, name: str) -> Any:
    """One piece of the game's test support (a name in PIECES), failing plainly when it is missing."""
    module = support(game_id)
    if not hasattr(module, name):
        raise AssertionError(f"game '{game_id}': tests/per_game/{package(game_id)}.py defines no {name}, "
                             f"{PIECES[name]}")
    return getattr(module, name)
