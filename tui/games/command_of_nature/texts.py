"""Rule texts from the ruleset, formatted as prompt help ("text (source)")."""

from __future__ import annotations

from ...rules.command_of_nature import CommandOfNatureRules


def rule_help(rules: CommandOfNatureRules, key: str) -> str:
    text = rules.rules[key]
    return f"{text.text} ({text.source})"
