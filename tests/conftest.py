import sys
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
