"""Rule texts from the ruleset, as prompt help in the game's own words: where a rule comes from
stays in the ruleset and under F2, never on the play screen."""

from __future__ import annotations

from .rules import KingsDilemmaRules


def rule_help(rules: KingsDilemmaRules, *keys: str) -> str:
    return " ".join(rules.rules[k].text for k in keys)


def reading_help(rules: KingsDilemmaRules, rid: str) -> str:
    """How Clockwork plays a point the rules leave open, said as what happens at the table."""
    r = rules.reading(rid)
    return r.reading if r else ""


def arrow(up: bool) -> str:
    return "↑" if up else "↓"
