"""Help texts from the ruleset in the players' words: a rule paraphrase with the Bot booklet's
page, never the provenance (that stays in the ruleset and the reference screen)."""

from __future__ import annotations

import re

from ...keys import RULES
from .rules import EuPricePowerRules

PAGE = re.compile(r"p\.\s?\d+(?:\s?-\s?\d+)?")


def booklet_pages(source: str) -> str:
    """'seed: Bot Warfare p.4-5; notes §2' → 'booklet p.4-5': only the pages of the Bot booklet
    (the seed's parts of a source); '' when the source names none."""
    pages: list[str] = []
    for part in source.split(";"):
        if part.strip().startswith("seed"):
            pages += [p.replace(" ", "") for p in PAGE.findall(part) if p.replace(" ", "") not in pages]
    return f"booklet {', '.join(pages)}" if pages else ""


def with_pages(text: str, source: str) -> str:
    pages = booklet_pages(source)
    return f"{text} ({pages})" if pages else text


def rule_help(rules: EuPricePowerRules, key: str) -> str:
    text = rules.rules.get(key)
    return with_pages(text.text, text.source) if text else ""


def reading_help(rules: EuPricePowerRules, rid: str) -> str:
    """Where the booklet leaves a choice, the help says that Clockwork made one; the choice and
    its grounds are on the rules screen (F2)."""
    for r in rules.readings:
        if r.id == rid:
            return f"Where the booklet is unclear Clockwork follows the choice listed under {RULES.shown}."
    return ""
