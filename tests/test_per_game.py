"""Issue 22 item 3: the shared tests take the games from the registry (tui.games), and each game
keeps what they need to know of it in its own tests/per_game/<package>.py. A registered game
without its file, or without a piece of it, fails here and in each test that needs the piece,
naming the game; a file for a game no longer registered is refused too."""

from __future__ import annotations

import pytest

import per_game
import toy_game
from known_answers import Play
from tui import games


@pytest.mark.parametrize("game", per_game.ids())
def test_every_registered_game_brings_every_piece_the_shared_tests_need(game):
    kinds = {"KNOWN_ANSWERS": Play, "FIXTURE": per_game.Fixture, "TYPED_CODES": dict, "OUT_OF_RANGE": per_game.Bound,
             "BESIDE": (per_game.Beside, type(None))}
    assert set(kinds) == set(per_game.PIECES)
    for name, kind in kinds.items():
        assert isinstance(per_game.piece(game, name), kind), (game, name)
    assert all(label and callable(check) for label, check in per_game.piece(game, "TYPED_CODES").items()), game


def test_the_games_are_the_registry_s_and_each_file_is_a_registered_game_s():
    assert per_game.ids() == list(games.GAME_PACKAGES)
    files = {path.stem for path in per_game.HERE.glob("*.py")} - {"__init__"}
    assert files == {per_game.package(game) for game in per_game.ids()}


def test_a_game_without_its_file_or_a_piece_fails_naming_the_game(monkeypatch):
    monkeypatch.setattr(games, "all_games", lambda: {"toy": toy_game.GAME})  # a sixth game, registered
    assert per_game.ids() == ["toy"]
    with pytest.raises(AssertionError, match=r"game 'toy' has no tests/per_game/toy\.py"):
        per_game.piece("toy", "FIXTURE")
    monkeypatch.delattr(per_game.support("oath"), "TYPED_CODES")
    with pytest.raises(AssertionError, match=r"game 'oath': tests/per_game/oath\.py defines no TYPED_CODES"):
        per_game.piece("oath", "TYPED_CODES")
