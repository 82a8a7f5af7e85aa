"""Schema and cross-reference checks for rulesets/heirless.toml (Heirless: the season keeper)."""

from __future__ import annotations

from collections import Counter
from typing import Literal

import msgspec

from ...rules.common import Editable, Reading, Ruleset, Sourced, text_and_reading_problems

# The actions the game module carries out; each must be described in [[actions]].
ACTION_KEYS = ("assign", "build", "commission", "deploy", "enact", "flee", "guarantee", "haggle", "idle")
# The season's steps in order (HL-www season page); each must be described in [[season_steps]].
SEASON_STEP_KEYS = ("turns", "battles", "effects", "rewards", "drafting", "workers", "cleanup", "events")
# Rule texts the game module shows as help; each must exist in [rules.*].
REQUIRED_RULES = ("setup", "turn", "tracker", "ties", "oathbreak", "dispute", "vote", "convert", "end", "free", "battle")
# Readings the game module shows as help; each must exist in [[readings]].
REQUIRED_READINGS = ("free-actions", "law-data", "battle-influence", "battle-survivors", "paths-close",
                     "sovereign-one", "promise-season", "law-remembered", "enact-influence")


class Players(Sourced):
    min: int
    max: int


class Seasons(Sourced):
    regular: int
    extended: int


class Starting(Sourced):
    """Starting Influence and Prestige: not in our sources, so editable and asked at setup."""

    influence: int
    prestige: int
    editable_default: bool = True
    note: str = ""


class TrackerSpec(Editable):
    spots_per_half: int


class Numbers(Sourced):
    """The amounts the rules text gives for the bookkeeping Clockwork does."""

    standard_actions: int
    workplace_limit: int
    influence_per_worker: int
    flee_cost: int
    law_win_prestige: int
    oathbreak_penalty: int
    battle_influence_per_knight: int


class Colour(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    editable_default: bool = False


class Good(msgspec.Struct, forbid_unknown_fields=True):
    """Something that may or may not change hands in a Haggle."""

    key: str
    label: str
    tradable: bool
    # Words that name it in a typed description of a trade (lower case).
    words: list[str] = []


class Action(Sourced):
    key: str
    name: str
    kind: Literal["standard", "free", "idle"]
    text: str


class SeasonStep(Sourced):
    key: str
    label: str
    text: str
    # False: our sources only name the step; the table follows its rulebook.
    known: bool = True
    # What the step's prompt says (at most ~2 lines at 80 columns); the full text is its help.
    brief: str = ""

    @property
    def shown(self) -> str:
        return self.brief or self.text


class HeirlessRules(Ruleset, kw_only=True):
    players: Players
    seasons: Seasons
    starting: Starting
    tracker: TrackerSpec
    numbers: Numbers
    colours: list[Colour]
    titles: list[str]
    factions: list[str]
    tiles: list[str]
    capital: str
    goods: list[Good]
    actions: list[Action]
    season_steps: list[SeasonStep]
    readings: list[Reading] = []  # none at all: validate names each reading missing

    def action(self, key: str) -> Action:
        return next(a for a in self.actions if a.key == key)

    def step(self, key: str) -> SeasonStep:
        return next(s for s in self.season_steps if s.key == key)

    def reading(self, rid: str) -> Reading | None:
        return next((r for r in self.readings if r.id == rid), None)

    def help(self, key: str) -> str:
        """The rule in player words, for a prompt's help (its source stays for the `g` screen)."""
        rule = self.rules.get(key)
        return rule.text if rule else ""


def _unique(problems: list, path: str, values: list[str], what: str) -> None:
    for value, count in Counter(values).items():
        if count > 1:
            problems.append((path, f"{what} '{value}' is given {count} times"))


def validate(rules: HeirlessRules) -> list[tuple[str, str]]:
    """Every cross-reference problem as (path inside the file, message)."""
    problems: list[tuple[str, str]] = []
    add = problems.append
    p = rules.players
    if not 1 <= p.min <= p.max:
        add(("players", f"min {p.min} and max {p.max} do not make a range"))
    if p.max > 9:
        add(("players.max", "at most 9 players: each needs a one-key choice"))
    if rules.seasons.regular < 1 or rules.seasons.extended < rules.seasons.regular:
        add(("seasons", "needs regular ≥ 1 and extended ≥ regular"))
    if rules.starting.influence < 0 or rules.starting.prestige < 0:
        add(("starting", "starting Influence and Prestige cannot be negative"))
    if rules.tracker.spots_per_half < p.max:
        add(("tracker.spots_per_half", f"must hold every player ({p.max}), not {rules.tracker.spots_per_half}"))
    n = rules.numbers
    for field in ("standard_actions", "workplace_limit", "influence_per_worker", "flee_cost",
                  "law_win_prestige", "oathbreak_penalty", "battle_influence_per_knight"):
        if getattr(n, field) < 1:
            add((f"numbers.{field}", "must be at least 1"))
    if len(rules.colours) < p.max:
        add(("colours", f"needs at least {p.max} colours, one per player; has {len(rules.colours)}"))
    _unique(problems, "colours", [c.name for c in rules.colours], "colour")
    if not rules.titles:
        add(("titles", "needs at least one example title (Lord, Lady)"))
    if not rules.tiles:
        add(("tiles", "needs the map's Tiles"))
    _unique(problems, "tiles", rules.tiles, "Tile")
    if rules.capital not in rules.tiles:
        add(("capital", f"'{rules.capital}' is not one of the tiles"))
    if not rules.factions:
        add(("factions", "needs the Factions"))
    _unique(problems, "goods", [g.key for g in rules.goods], "good key")
    if not any(g.tradable for g in rules.goods):
        add(("goods", "needs at least one tradable good"))
    _unique(problems, "actions", [a.key for a in rules.actions], "action key")
    for key in ACTION_KEYS:
        if not any(a.key == key for a in rules.actions):
            add(("actions", f"no action '{key}'"))
    for i, a in enumerate(rules.actions):
        if a.key not in ACTION_KEYS:
            add((f"actions[{i}].key", f"'{a.key}' is not an action Clockwork knows ({', '.join(ACTION_KEYS)})"))
    keys = [s.key for s in rules.season_steps]
    if keys != list(SEASON_STEP_KEYS):
        add(("season_steps", f"must be the eight steps in order: {', '.join(SEASON_STEP_KEYS)}"))
    problems.extend(
        text_and_reading_problems(rules.rules, rules.readings, REQUIRED_RULES, {rid: f"'{rid}'" for rid in REQUIRED_READINGS})
    )
    return problems
