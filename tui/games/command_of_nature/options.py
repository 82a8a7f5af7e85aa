"""Setup options: Sage pack, difficulty and the option-type readings of the ambiguities."""

from __future__ import annotations

from ...engine.game import OptionSpec, chosen_option
from ...engine.prompts import Option
from .rules import CommandOfNatureRules


def setup_options(rules: CommandOfNatureRules) -> list[OptionSpec]:
    """The readings that stay the group's choice (notes: ambiguities 6, 7, 11; §1 shields) are
    options; their help speaks the table's words, the readings themselves are under F2."""
    levels = rules.difficulties
    default_level = "normal" if any(d.key == "normal" for d in levels) else levels[0].key
    return [
        OptionSpec(
            "sage",
            "Clockwork Sage pack",
            choices=[Option(p.key, f"{p.faction} ({p.sage})") for p in rules.packs],
            default=rules.packs[0].key,
            help="The Sage pack that builds the Clockwork formation, deck and Champions.",
        ),
        OptionSpec(
            "difficulty",
            "Difficulty",
            choices=[Option(d.key, d.label) for d in levels],
            default=default_level,
            help="Where the difficulty token sits on the Clockwork Sage board: it sets the starting gold "
                 "printed there (Clockwork asks for it the first time you play that difficulty).",
        ),
        OptionSpec(
            "check_board",
            "Ask again for the gold printed on the Sage board and on cards",
            kind="bool",
            default="no",
            help="Clockwork remembers the board's starting and daybreak gold and each card's gold once you "
                 "gave them; say yes to give them again in this game (what you gave is offered on Enter).",
        ),
        OptionSpec(
            "highest_hp",
            "Safe Distance: highest HP means",
            choices=[Option("printed", "printed HP (read from the card data)"),
                     Option("remaining", "remaining HP (you pick)")],
            default="printed",
            help="The card does not say whether damage counts.",
        ),
        OptionSpec(
            "gold_cap",
            f"Cap the Clockwork wallet at {rules.gold_cap.amount} gold",
            kind="bool",
            default="no",
            help=f"Yes: the Clockwork's gold stops at {rules.gold_cap.amount}, the cap some groups use for a "
                 "one-player team's wallet. No: its wallet has no cap.",
        ),
        OptionSpec(
            "shields",
            "Shields that absorb DMG",
            choices=[Option("spent", "are removed after absorbing"), Option("kept", "stay on the Elemental")],
            default="spent",
            help="Each shield absorbs 1 DMG; play it the way your rule book says.",
        ),
        OptionSpec(
            "overflow_damage",
            "2 DMG when there is no room to summon",
            choices=[Option("reducible", "Instants may reduce it"),
                     Option("unreducible", "no Instant can reduce it")],
            default="reducible",
            help="No Instant reduces the 2 DMG dealt when every Clockwork Elemental has attacked; this "
                 "chooses for the 2 DMG of a summon with no room (and of a full Direct Summon).",
        ),
    ]


def option(rules: CommandOfNatureRules, options: dict[str, str], key: str) -> str:
    """The chosen value, or the spec's default when the option was not given."""
    return chosen_option(setup_options(rules), options, key)


def shield_note(rules: CommandOfNatureRules, options: dict[str, str]) -> str:
    """One sentence for damage instructions, following the shields option (notes §1)."""
    if option(rules, options, "shields") == "spent":
        return "Each shield on the target absorbs 1 DMG and is then removed."
    return "Each shield on the target absorbs 1 DMG and stays."
