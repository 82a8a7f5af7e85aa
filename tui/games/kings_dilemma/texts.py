"""Rule texts from the ruleset, formatted as prompt help ("text (source)")."""

from __future__ import annotations

from ...rules.kings_dilemma import KingsDilemmaRules


def rule_help(rules: KingsDilemmaRules, *keys: str) -> str:
    return " ".join(f"{rules.rules[k].text} ({rules.rules[k].source})" for k in keys)


def reading_help(rules: KingsDilemmaRules, rid: str) -> str:
    r = rules.reading(rid)
    return f"Our reading: {r.reading} ({r.source})" if r else ""


def arrow(up: bool) -> str:
    return "↑" if up else "↓"

