"""Help texts from the ruleset: a rule paraphrase with its source."""

from __future__ import annotations

from ...rules.eu_price_of_power import EuPricePowerRules


def rule_help(rules: EuPricePowerRules, key: str) -> str:
    text = rules.rules.get(key)
    return f"{text.text} ({text.source})" if text else ""


def reading_help(rules: EuPricePowerRules, rid: str) -> str:
    for r in rules.readings:
        if r.id == rid:
            return f"Our reading: {r.reading} ({r.source})"
    return ""
