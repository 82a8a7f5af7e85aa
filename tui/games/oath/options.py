"""Setup options: the Prince's role, the Oath, humans, powers level and the table's layout."""

from __future__ import annotations

from ...engine.game import OptionSpec, chosen_option
from ...engine.prompts import Option
from .rules import OathRules
from .state import MOST_HUMANS


def setup_options(rules: OathRules) -> list[OptionSpec]:
    first, last = rules.suits[0].name, rules.suits[-1].name
    return [
        OptionSpec(
            "role", "The Prince plays",
            choices=[Option("chancellor", "the Chancellor"), Option("exile", "an Exile")],
            default="chancellor",
            help="The Prince can take the Chancellor's place or an Exile's; each role changes some rules.",
        ),
        OptionSpec(
            "oath", "Oath in play",
            choices=[Option(o.key, f"{o.name} ({o.goal})") for o in rules.oaths],
            default=rules.oaths[0].key,
            help="Its Oathkeeper goal picks the Threat space where both action markers start.",
        ),
        OptionSpec("humans", "Human players", "int", default="1", lo=1, hi=MOST_HUMANS,
                   help="Everyone at the table besides the Prince: Clockwork numbers the seats by it. "
                        "Best with one or two."),
        OptionSpec(
            "powers", "Prince's powers and permission",
            choices=[Option("limited", "Limited"), Option("expanded", "Expanded")],
            default="limited",
            help="How the Prince uses powers and gives permission; both levels are among the rules at hand in play.",
        ),
        OptionSpec(
            "bank_end", "Favor bank closest to the world deck",
            choices=[Option(first, f"{first} (that end of the row)"), Option(last, f"{last} (that end of the row)")],
            default=first,
            help="The Prince's Travel fallback takes favor from the bank nearest the world deck.",
        ),
        OptionSpec(
            "column_rule", "A marker leaving Unaligned enters",
            choices=[Option("quadrant", "the column of the current quadrant"), Option("ask", "ask the table each time")],
            default="quadrant",
            help="The Friends or the Conspirators column: the current quadrant's, or you say each time.",
        ),
        OptionSpec(
            "check_board", "Ask again for the values printed on the Prince board", kind="bool", default="no",
            help="Clockwork remembers your Prince board's boxes, Tactics track and starred space from your "
                 "first game; say yes to give them again in this game.",
        ),
    ]


def option(rules: OathRules, options: dict[str, str], key: str) -> str:
    """The chosen value, or the spec's default when the option was not given."""
    return chosen_option(setup_options(rules), options, key)
