"""One package per game; each exposes GAME, a tui.engine.game.GameDef."""

from __future__ import annotations

import importlib

from ..engine.game import GameDef

# Game id → package, in the order the home screen lists them. A game is imported only when it is
# asked for, so opening one save loads one game's code (a test checks ids and packages agree).
GAME_PACKAGES = {
    "command-of-nature": "command_of_nature",
    "oath": "oath",
    "eu-price-of-power": "eu_price_of_power",
    "kings-dilemma": "kings_dilemma",
    "heirless": "heirless",
    "root": "root",
}


def all_games() -> dict[str, GameDef]:
    return {game_id: get(game_id) for game_id in GAME_PACKAGES}


def get(game_id: str) -> GameDef:
    package = GAME_PACKAGES.get(game_id)
    if package is not None:
        return importlib.import_module(f"{__name__}.{package}").GAME
    games = all_games()  # a game registered another way (the tests' toy game)
    if game_id not in games:
        raise KeyError(f"unknown game '{game_id}' (known: {', '.join(sorted(games))})")
    return games[game_id]
