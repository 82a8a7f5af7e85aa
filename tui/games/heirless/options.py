"""The setup form: player count, Seasons, starting Influence and Prestige, the first half."""

from __future__ import annotations

from ...engine.game import OptionSpec, chosen_option
from ...engine.prompts import Option
from .rules import HeirlessRules


def setup_options(rules: HeirlessRules) -> list[OptionSpec]:
    start = rules.starting
    flag = " (* check your rulebook)" if start.editable_default else ""
    unset = " (marked * on the screen until you set it)" if start.editable_default else ""
    return [
        OptionSpec(
            "players", "Players", kind="int", default="4", lo=rules.players.min, hi=rules.players.max,
            help=f"Heirless is for {rules.players.min} to {rules.players.max} players.",
        ),
        OptionSpec(
            "seasons", f"Seasons ({rules.seasons.regular} regular, {rules.seasons.extended} extended)",
            kind="int", default=str(rules.seasons.regular), lo=1, hi=max(12, rules.seasons.extended),
            help="One Season per Event Card placed on the Event Board at setup.",
        ),
        OptionSpec(
            "influence", f"Starting Influence{flag}", kind="int", default=str(start.influence), lo=0, hi=99,
            help=f"The Influence each player starts with, as your rulebook's setup gives it{unset}: "
                 "it is spent on Law votes and to Flee.",
        ),
        OptionSpec(
            "prestige", f"Starting Prestige{flag}", kind="int", default=str(start.prestige), lo=0, hi=999,
            help=f"The Prestige each player starts with, as your rulebook's setup gives it{unset}: "
                 "won with Laws, lost to Oathbreaks.",
        ),
        OptionSpec(
            "first_half", "Action Phase half in Season 1",
            choices=[Option("right", "right half (it starts at the Bandit cube)"),
                     Option("left", "left half (it ends at the Bandit cube)")],
            default="right",
            help="The half of the turn-order tracker the Player Cubes start on, as your rulebook's setup "
                 "places them: turn order is read from it.",
        ),
    ]


def option(rules: HeirlessRules, options: dict[str, str], key: str) -> str:
    """The chosen value, or the spec's default when the option was not given."""
    return chosen_option(setup_options(rules), options, key)


def starting_values_are_defaults(rules: HeirlessRules, options: dict[str, str]) -> bool:
    """True while the table kept the ruleset's unconfirmed starting values."""
    return rules.starting.editable_default and (
        int(option(rules, options, "influence")) == rules.starting.influence
        and int(option(rules, options, "prestige")) == rules.starting.prestige
    )
