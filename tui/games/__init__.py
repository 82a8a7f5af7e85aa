"""One package per game; each exposes GAME, a tui.engine.game.GameDef."""

from __future__ import annotations

import importlib

from ..engine.game import GameDef

# In the order the home screen lists them.
GAME_PACKAGES = ["command_of_nature", "oath", "eu_price_of_power", "kings_dilemma", "heirless"]


def all_games() -> dict[str, GameDef]:
    found = [importlib.import_module(f"{__name__}.{name}").GAME for name in GAME_PACKAGES]
    return {g.id: g for g in found}


def get(game_id: str) -> GameDef:
    games = all_games()
    if game_id not in games:
        raise KeyError(f"unknown game '{game_id}' (known: {', '.join(sorted(games))})")
    return games[game_id]
