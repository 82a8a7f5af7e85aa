"""The setup form: how many Bots and humans, the default difficulty, the dice, the first Age and
how the pass bonus counts. Each Bot's realm, colour and difficulty are asked in the Setup turn."""

from __future__ import annotations

from ...engine.game import OptionSpec, chosen_option
from ...engine.prompts import Option
from .rules import EuPricePowerRules
from .state import MOST_BOTS, MOST_HUMANS


def setup_options(rules: EuPricePowerRules) -> list[OptionSpec]:
    return [
        OptionSpec("bots", "Bots at the table", kind="int", default="2", lo=1, hi=MOST_BOTS,
                   help="Each Bot fills one PR slot of the scenario (booklet p.1)."),
        OptionSpec("humans", "Human players", kind="int", default="1", lo=0, hi=MOST_HUMANS,
                   help="For Turn order and passing; their own play is not tracked."),
        OptionSpec(
            "difficulty", "Default Bot difficulty",
            choices=[Option(d.key, f"{d.label}: +{d.bp_gain} BP a Round") for d in rules.difficulties],
            default="normal" if any(d.key == "normal" for d in rules.difficulties) else rules.difficulties[0].key,
            help="Each Bot may get its own level in the Setup turn (booklet p.2).",
        ),
        OptionSpec("dice", "Dice", choices=[Option("app", "Clockwork rolls"),
                                            Option("table", "you roll real dice and type them")],
                   default="app",
                   help="The d6 (targeting, Opponent selection, Imperial Authority) and the Bots' Battle "
                        "dice (faces asked at setup). Rebel dice are always rolled at the table."),
        OptionSpec("age", "Scenario starts in Age",
                   choices=[Option(str(a), f"Age {r}") for a, r in ((1, "I"), (2, "II"), (3, "III"), (4, "IV"))],
                   default="1",
                   help="The Age your scenario begins in: each Bot deck is built for it, with its realm's "
                        "removals from that Age on."),
        OptionSpec("pass_bonus", "Pass bonus counts",
                   choices=[Option("table", "every player's pass (1st at the table +2)"),
                            Option("bots", "Bots' passes only (1st Bot +2)")],
                   default="table",
                   help="The booklet says first and second to pass (p.2): count every pass at the table, or only "
                        "the Bots'."),
        OptionSpec("unrest_at_war", "Phase 3 H: +2 Unrest at War",
                   choices=[Option("war", "for every War (At War? covers choices only)"),
                            Option("real", "not for a War only with realms left without Provinces")],
                   default="war",
                   help="At War? (p.3) treats a Bot at War only with realms that have no Provinces left as at "
                        "Peace for its choices; the booklet does not say whether step H's Unrest is one "
                        "(readings: unrest_at_war)."),
    ]


def option(rules: EuPricePowerRules, options: dict[str, str], key: str) -> str:
    """The chosen value, or the spec's default when the option was not given."""
    return chosen_option(setup_options(rules), options, key)
