"""One package per game; each exposes GAME, a tui.engine.game.GameDef."""

from __future__ import annotations

import importlib
import importlib.util

from ..engine.game import GameDef

# In the order the home screen lists them.
GAME_PACKAGES = ["command_of_nature", "oath", "eu_price_of_power", "kings_dilemma", "heirless"]


def all_games() -> dict[str, GameDef]:
    found = []
    for name in GAME_PACKAGES:
        if importlib.util.find_spec(f"{__name__}.{name}") is None:
            continue  # a game still being written
        found.append(importlib.import_module(f"{__name__}.{name}").GAME)
    return {g.id: g for g in found}


def get(game_id: str) -> GameDef:
    games = all_games()
    if game_id not in games:
        raise KeyError(f"unknown game '{game_id}' (known: {', '.join(sorted(games))})")
    return games[game_id]
