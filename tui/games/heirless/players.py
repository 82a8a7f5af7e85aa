"""Naming players and offering them as options: one key per player, by seat (1, 2, ...)."""

from __future__ import annotations

from ...engine.prompts import Option
from .state import HeirlessState
from .tracker import BANDITS

# Keys for long lists (promises, conversion paths): digits, then letters the screen does not use.
LIST_KEYS = "123456789abcdefhjkmnopqstvwxyz"


def key_of(index: int) -> str:
    return str(index + 1)


def index_of(key: str) -> int:
    return int(key) - 1


def seal(state: HeirlessState, index: int) -> str:
    """A player's signature (Lady Green), or 'Bandits' for the Bandit cube."""
    if index == BANDITS:
        return "Bandits"
    return state.players[index].seal


def seals(state: HeirlessState, indexes: list[int]) -> str:
    return ", ".join(seal(state, i) for i in indexes) or "nobody"


def player_options(state: HeirlessState, indexes: list[int] | None = None) -> list[Option]:
    chosen = range(len(state.players)) if indexes is None else indexes
    return [Option(key_of(i), state.players[i].seal) for i in chosen]


def change_influence(state: HeirlessState, index: int, amount: int) -> str:
    """Add (or take) Influence; returns 'Influence 3 → 5' for the log."""
    player = state.players[index]
    old = player.influence
    player.influence = old + amount
    return f"Influence {old} → {player.influence}"


def change_prestige(state: HeirlessState, index: int, amount: int) -> str:
    player = state.players[index]
    old = player.prestige
    player.prestige = old + amount
    return f"Prestige {old} → {player.prestige}"
