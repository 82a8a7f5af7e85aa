import os
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import toy_game  # noqa: E402
import tui.games  # noqa: E402


@pytest.fixture
def toy(monkeypatch, tmp_path):
    """The toy game as the only game, with its ruleset in a temporary rulesets folder."""
    rules = tmp_path / "rulesets"
    rules.mkdir()
    (rules / "toy.toml").write_text(toy_game.TOY_TOML)
    monkeypatch.setenv("CLOCKWORK_RULESETS", str(rules))
    monkeypatch.setattr(tui.games, "all_games", lambda: {"toy": toy_game.GAME})
    return rules


@pytest.fixture
def relative_saves(monkeypatch, tmp_path):
    """The working directory is tmp_path with a relative ./saves, and the clock is UTC: paths and
    times in the pictures never change."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    monkeypatch.chdir(tmp_path)
    folder = Path("saves")
    folder.mkdir()
    yield folder
    monkeypatch.undo()
    time.tzset()


@pytest.fixture(autouse=True)
def own_cache_folder(monkeypatch, tmp_path_factory):
    """Parsed rulesets are kept in the player's cache folder (tui/rules/parse_cache.py): tests
    keep theirs in a folder of the test session, never in the real one."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cache"))


@pytest.fixture(autouse=True)
def own_config_folder(monkeypatch, tmp_path_factory):
    """The player's name is remembered in their config folder (tui/engine/players.py): each test
    has its own, starts with no name, and takes none from the environment it runs in."""
    from tui.engine import players

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
    monkeypatch.delenv(players.ENV, raising=False)
    players.start(None, shared=False)
    yield
    players.start(None, shared=False)


@pytest.fixture(autouse=True)
def nothing_process_wide_from_another_test():
    """Notices about damaged records wait in the process until shown (engine/records.py), and
    restricted mode stops following links for the rest of the process (engine/files.py): one
    test's damaged file or `--restricted` must not reach the next test."""
    from tui.engine import files, records

    records.take_notices()
    files._said.clear()  # a notice is said once a run: once a test here
    files.follow_links = True


class _NoFlush:
    """The os module as tui/engine/files.py calls it, but fsync returns at once. A flush to the disk
    is the one thing a write does that no test can observe (nothing here pulls the power), and the
    tests write thousands of saves: on a busy or slow disk the flushes took most of the suite's
    time. Every other call goes to os as it is now (a test's patch of os is seen)."""

    def __getattr__(self, name):
        return getattr(os, name)

    @staticmethod
    def fsync(fd: int) -> None:
        os.fstat(fd)  # still a real descriptor, as fsync would check


@pytest.fixture(autouse=True)
def no_flush_to_disk():
    """Saves and records are written as in play, without their fsyncs (tests replacing files.os,
    such as the failing-disk tests of test_resilience.py, still see their own)."""
    from tui.engine import files

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(files, "os", _NoFlush())
        yield
