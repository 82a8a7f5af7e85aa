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
        RefSection("Tiebreakers", [f"{r['tiebreakers'].text} ({r['tiebreakers'].source})"]),
        RefSection(f"Powers and permission: {state.powers} (chosen at setup)", [
            f"{r[chosen].text} ({r[chosen].source})",
            f"{r['powers'].text} ({r['powers'].source})",
            f"Not chosen — {r[other].text}",
        ]),
        RefSection("Campaign dice", [
            f"{r['campaign_dice'].text} ({r['campaign_dice'].source})",
            f"Tactics now: ±{state.tactics_value} attack dice (space {state.tactics + 1}).",
        ]),
        RefSection("Writing the Chronicle as the winner", [
            f"{r['chronicle'].text} ({r['chronicle'].source})",
            f"The Prince's highest Friend now: {friend}.",
        ]),
        RefSection("The Prince's role", [f"{role.text} ({role.source})",
                                         f"{r['conflicts'].text} ({r['conflicts'].source})"]),
        RefSection("Actions", [f"{r[k].text} ({r[k].source})"
                               for k in ("actions", "trade", "muster", "travel", "campaign", "search_action",
                                         "recover", "cleanup")]),
    ]
