"""One module per game; each exposes GAME, a tui.engine.game.GameDef."""

from __future__ import annotations

from ..engine.game import GameDef


def all_games() -> dict[str, GameDef]:
    from . import command_of_nature

    games = [command_of_nature.GAME]
    return {g.id: g for g in games}


def get(game_id: str) -> GameDef:
    games = all_games()
    if game_id not in games:
        raise KeyError(f"unknown game '{game_id}' (known: {', '.join(sorted(games))})")
    return games[game_id]
