"""The setup form: how many players, and the Power and Coins each House starts with."""

from __future__ import annotations

from ...engine.game import OptionSpec, chosen_option
from .rules import KingsDilemmaRules


def setup_options(rules: KingsDilemmaRules) -> list[OptionSpec]:
    t = rules.tokens
    return [
        OptionSpec(
            "players", "Players", kind="int", default=str(min(max(4, rules.players.lo), rules.players.hi)),
            lo=rules.players.lo, hi=rules.players.hi,
            help=f"{rules.players.lo}–{rules.players.hi} Houses sit at the table.",
        ),
        OptionSpec(
            "power", "Power per House", kind="int", default=str(t.start_power), lo=0, hi=20,
            help=f"Power tokens each House starts with (the box holds {t.power_in_box}); legacy effects may change one House's amount at setup.",
        ),
        OptionSpec(
            "coins", "Coins per House", kind="int", default=str(t.start_coins), lo=0, hi=20,
            help=f"Coins each House starts with (the box holds {t.coins_in_box}); legacy effects may change one House's amount at setup.",
        ),
    ]


def option(rules: KingsDilemmaRules, options: dict[str, str], key: str) -> int:
    """The chosen value, or the spec's default when the option was not given."""
    return int(chosen_option(setup_options(rules), options, key))
