"""Parts every ruleset shares."""

from __future__ import annotations

from collections import Counter

import msgspec


class RulesetHeader(msgspec.Struct, forbid_unknown_fields=True):
    """The `[ruleset]` table at the top of every rulesets/<game>.toml."""

    id: str
    game: str
    version: str
    title: str
    sources: list[str] = []


class Sourced(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A block of a ruleset's data with where our sources give it (a section, a page)."""

    source: str


class Editable(Sourced, kw_only=True):
    """A sourced block whose values our sources may not confirm: ``editable_default`` marks them
    (shown marked, for a group to check against its printed game)."""

    editable_default: bool = False


class Defaults(msgspec.Struct, forbid_unknown_fields=True):
    """The `[defaults]` note: which values are a group's to check and edit, and why."""

    note: str


class RuleText(msgspec.Struct, forbid_unknown_fields=True):
    """A rule paraphrased in our own words, with where it comes from."""

    text: str
    source: str

    @property
    def cited(self) -> str:
        """The rule with its source, as the rules screen (F2) shows it."""
        return f"{self.text} ({self.source})"


class Reading(msgspec.Struct, forbid_unknown_fields=True):
    """Our stated reading of an ambiguity or error in the rules text."""

    id: str
    question: str
    reading: str
    source: str


class Ruleset(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """What every game's ruleset holds besides its own data: the header, the rule texts the app
    shows and how Clockwork reads the unclear rules. A game's ruleset type extends it."""

    ruleset: RulesetHeader
    rules: dict[str, RuleText]
    readings: list[Reading]

    def cited(self, key: str) -> str:
        return self.rules[key].cited


def keyed_problems(path: str, keys: list[str], what: str, twice: str) -> list[tuple[str, str]]:
    """A list of the ruleset that needs one entry at least, each under its own ``key``: ``what``
    names an entry, ``twice`` says a key is used again ("is used twice")."""
    counts = Counter(keys)
    problems = [] if keys else [(path, f"needs at least one {what}")]
    return problems + [(f"{path}[{i}].key", f"'{key}' {twice}") for i, key in enumerate(keys) if counts[key] > 1]


def text_and_reading_problems(
    rules: dict[str, RuleText],
    readings: list[Reading],
    required_rules: tuple[str, ...] | list[str],
    required_readings: dict[str, str] | None = None,
) -> list[tuple[str, str]]:
    """The checks every ruleset shares: each rule text the app shows is there with a source, and
    each reading has a unique id, a source, and covers the ambiguities the game must settle.
    ``required_readings`` maps a reading id to how a message names it ("ambiguity 13")."""
    problems: list[tuple[str, str]] = []
    for key in required_rules:
        if key not in rules:
            problems.append((f"rules.{key}", "is missing (the app shows it as help)"))
    for key, text in rules.items():
        if not text.text.strip() or not text.source.strip():
            problems.append((f"rules.{key}", "needs a text and a source"))
    ids = Counter(r.id for r in readings)
    for i, r in enumerate(readings):
        if ids[r.id] > 1:
            problems.append((f"readings[{i}].id", f"'{r.id}' is used twice"))
        if not r.source.strip():
            problems.append((f"readings[{i}].source", "is empty"))
    for rid, named in (required_readings or {}).items():
        if ids[rid] == 0:
            problems.append(("readings", f"no reading for {named}"))
    return problems
