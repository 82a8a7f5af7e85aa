"""Parts every ruleset shares."""

from __future__ import annotations

import msgspec


class RulesetHeader(msgspec.Struct, forbid_unknown_fields=True):
    """The `[ruleset]` table at the top of every rulesets/<game>.toml."""

    id: str
    game: str
    version: str
    title: str
    sources: list[str] = []


class RuleText(msgspec.Struct, forbid_unknown_fields=True):
    """A rule paraphrased in our own words, with where it comes from."""

    text: str
    source: str


class Reading(msgspec.Struct, forbid_unknown_fields=True):
    """Our stated reading of an ambiguity or error in the rules text."""

    id: str
    question: str
    reading: str
    source: str


def readings_reference(readings: list[Reading]) -> "RefSection":
    """Our readings of the rules' ambiguities, as a section of the at-hand reference."""
    from ..engine.game import RefSection

    lines = [f"{r.question} → {r.reading} ({r.source})" for r in readings]
    return RefSection("How Clockwork reads the unclear rules", lines)
