"""Setup options: Sage pack, difficulty and the option-type readings of the ambiguities."""

from __future__ import annotations

from ...engine.game import OptionSpec, chosen_option
from ...engine.prompts import Option
from ...rules.command_of_nature import CommandOfNatureRules


def setup_options(rules: CommandOfNatureRules) -> list[OptionSpec]:
    levels = rules.difficulties
    default_level = "normal" if any(d.key == "normal" for d in levels) else levels[0].key
    flag = lambda editable: " (editable default)" if editable else ""  # noqa: E731
    return [
        OptionSpec(
            "sage",
            "Clockwork Sage pack",
            choices=[Option(p.key, f"{p.faction} ({p.sage})") for p in rules.packs],
            default=rules.packs[0].key,
            help="The Sage pack that builds the Clockwork formation, deck and Champions (seed: HOW TO START).",
        ),
        OptionSpec(
            "difficulty",
            "Difficulty",
            choices=[
                Option(d.key, f"{d.label}: {d.starting_gold} starting gold{flag(d.editable_default)}")
                for d in levels
            ],
            default=default_level,
            help=(
                "Sets the Clockwork's starting gold (seed: HOW TO START). The amounts are editable "
                "defaults: the Clockwork Sage board is not public, so the app asks you to confirm them."
            ),
        ),
        OptionSpec(
            "highest_hp",
            "Safe Distance: highest HP means",
            choices=[Option("printed", "printed HP (read from the card data)"),
                     Option("remaining", "remaining HP (you pick)")],
            default="printed",
            help="Notes, ambiguity 7: the card does not say whether damage counts.",
        ),
        OptionSpec(
            "gold_cap",
            f"Cap the Clockwork wallet at {rules.gold_cap.amount} gold",
            kind="bool",
            default="no",
            help=(
                f"Notes, ambiguity 11: a third-party implementation caps a one-player wallet at "
                f"{rules.gold_cap.amount}{flag(rules.gold_cap.editable_default)}; "
                "the variant never mentions a cap."
            ),
        ),
        OptionSpec(
            "shields",
            "Shields that absorb DMG",
            choices=[Option("spent", "are removed after absorbing"), Option("kept", "stay on the Elemental")],
            default="spent",
            help="Notes §1: each shield absorbs 1 DMG (inferred); whether it is then removed is not public.",
        ),
        OptionSpec(
            "overflow_damage",
            "2 DMG when there is no room to summon",
            choices=[Option("reducible", "Instants may reduce it"),
                     Option("unreducible", "no Instant can reduce it")],
            default="reducible",
            help=(
                "Notes, ambiguity 6: only the all-attacked fallback says its 2 DMG cannot be reduced; "
                "this sets the no-room case (III.A) and a full Direct Summon."
            ),
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
