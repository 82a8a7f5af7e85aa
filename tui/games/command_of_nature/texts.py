"""Rule texts from the ruleset as prompt help: the player's words only; where each rule comes
from is shown on the reference screen (`g`)."""

from __future__ import annotations

from .rules import CommandOfNatureRules


def rule_help(rules: CommandOfNatureRules, key: str) -> str:
    return rules.rules[key].text
