"""Rules kept at hand (F2): tiebreakers, powers and permission, campaign dice, the Chronicle,
the role's rule changes, and our readings of the unclear points."""

from __future__ import annotations

from ...engine.game import RefSection
from .rules import OathRules
from .relationships import highest_friend
from .state import OathState


def reference(rules: OathRules, state: OathState) -> list[RefSection]:
    r = rules.rules
    chosen = "powers_limited" if state.powers == "limited" else "powers_expanded"
    other = "powers_expanded" if chosen == "powers_limited" else "powers_limited"
    friend = highest_friend(state) or "none yet"
    role = r["exile"] if state.exile else r["chancellor"]
    return [
        RefSection("Tiebreakers", [rules.cited("tiebreakers")]),
        RefSection(f"Powers and permission: {state.powers} (chosen at setup)", [
            rules.cited(chosen),
            rules.cited("powers"),
            f"Not chosen — {r[other].text}",
        ]),
        RefSection("Campaign dice", [
            rules.cited("campaign_dice"),
            f"Tactics now: ±{state.tactics_value} attack dice (space {state.tactics + 1}).",
        ]),
        RefSection("Writing the Chronicle as the winner", [
            rules.cited("chronicle"),
            f"The Prince's highest Friend now: {friend}.",
        ]),
        RefSection("The Prince's role", [role.cited, rules.cited("conflicts")]),
        RefSection("Actions", [rules.cited(k) for k in ("actions", "trade", "muster", "travel", "campaign",
                                                       "search_action", "recover", "cleanup")]),
    ]
