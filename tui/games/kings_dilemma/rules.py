"""Schema and cross-reference checks for rulesets/kings-dilemma.toml (the council clerk)."""

from __future__ import annotations

from collections import Counter
from typing import Annotated

import msgspec

from ...engine.bounds import SEATS
from ...rules.common import Editable, Reading, Ruleset, Sourced, text_and_reading_problems

# Rule texts the game module shows as help; each must exist in [rules.*].
REQUIRED_RULES = (
    "setup", "deck", "houses", "leader_moderator", "momentum_setup", "legacy", "open_agendas", "secret_agendas",
    "draw", "outcome_tokens", "vote", "leader_token", "vote_end", "bargain", "resolution",
    "cleanup", "resources", "stability", "sticker", "envelope", "time_counter", "end_check",
    "scoring", "prestige", "after_game", "campaign_end",
)
# The end causes of the Prestige/Crave table (notes §3).
END_CAUSES = ("death", "abdication_top", "abdication_bottom")
# Columns of that table: 1st, 2nd (4–5 players), 3rd (5 players), second-to-last, Last.
RANK_COLUMNS = 5


class Players(Sourced):
    lo: int
    hi: Annotated[int, msgspec.Meta(ge=2, le=SEATS)]  # a seat is picked with one key; saves hold as many


class Tokens(Sourced):
    power_in_box: int
    coins_in_box: int
    start_power: int
    start_coins: int
    balance_start: int


class Tracks(Sourced):
    resource_rows: int
    resource_start: int
    stability_spaces: int
    stability_editable_default: bool = False
    note: str = ""


class Resource(msgspec.Struct, forbid_unknown_fields=True):
    key: str
    name: str
    short: str


class House(msgspec.Struct, forbid_unknown_fields=True):
    number: int
    name: str


class Agenda(Sourced):
    key: str
    name: str
    zone: str
    # Points for money rank I, II, III when a public source gives them (else asked at the end).
    money: list[int] = []
    # The Resource Goal's zone as row ranges [from, to]; empty: the card scores each marker's
    # distance from the centre row instead (Extremist).
    rows: list[list[int]] = []
    # Resource Goal points by the number of markers in the zone ("3" = 10), where public; a count
    # missing here is read from the card at the table once and remembered in the campaign records.
    goal_points: dict[str, int] = {}

    def in_zone(self, row: int) -> bool:
        return any(lo <= row <= hi for lo, hi in self.rows)


class OpenAgendas(Sourced):
    positive_limit: int
    negative_limit: int
    first: int
    second: int


class PowerBonus(Sourced):
    most: int
    second: int


class Reward(Editable):
    """Prestige and Crave for one end cause, by column (1st, 2nd, 3rd, second-to-last, Last)."""

    cause: str
    label: str
    prestige: list[int]
    crave: list[int]


class TimeCounter(Sourced):
    skull_section_cards: int


class Campaign(Sourced):
    alignment_boxes: int
    mystery_stickers_to_end: int
    alignment_editable_default: bool = False


class KingsDilemmaRules(Ruleset):
    players: Players
    tokens: Tokens
    tracks: Tracks
    open_agendas: OpenAgendas
    power_bonus: PowerBonus
    time_counter: TimeCounter
    campaign: Campaign
    resources: list[Resource]
    houses: list[House]
    agendas: list[Agenda]
    rewards: list[Reward]

    def resource(self, key: str) -> Resource:
        for r in self.resources:
            if r.key == key:
                return r
        raise KeyError(f"no Resource '{key}'")

    def house(self, name: str) -> House:
        for h in self.houses:
            if h.name == name:
                return h
        raise KeyError(f"no House '{name}'")

    def agenda(self, key: str) -> Agenda:
        for a in self.agendas:
            if a.key == key:
                return a
        raise KeyError(f"no Secret Agenda '{key}'")

    def reward(self, cause: str) -> Reward:
        for r in self.rewards:
            if r.cause == cause:
                return r
        raise KeyError(f"no Prestige/Crave row for '{cause}'")

    def reading(self, rid: str) -> Reading | None:
        return next((r for r in self.readings if r.id == rid), None)


def _unique(add, path: str, values: list) -> None:
    counts = Counter(values)
    for i, v in enumerate(values):
        if counts[v] > 1:
            add((f"{path}[{i}]", f"'{v}' is listed twice"))


def validate(rules: KingsDilemmaRules) -> list[tuple[str, str]]:
    """Every cross-reference problem as (path inside the file, message)."""
    problems: list[tuple[str, str]] = []
    add = problems.append
    p, t, tr = rules.players, rules.tokens, rules.tracks
    if not 2 <= p.lo <= p.hi:
        add(("players", f"lo {p.lo} and hi {p.hi} do not make a player count"))
    if t.start_power < 0 or t.start_coins < 0 or t.balance_start < 0:
        add(("tokens", "starting amounts cannot be negative"))
    if p.hi * t.start_power + t.balance_start > t.power_in_box:
        add(("tokens.power_in_box", f"{t.power_in_box} Power cannot supply {p.hi} players and the Balance"))
    if p.hi * t.start_coins > t.coins_in_box:
        add(("tokens.coins_in_box", f"{t.coins_in_box} Coins cannot supply {p.hi} players"))
    if tr.resource_rows < 3 or not 1 <= tr.resource_start <= tr.resource_rows:
        add(("tracks", f"start row {tr.resource_start} is not on a {tr.resource_rows}-row track"))
    if tr.stability_spaces < 3 or tr.stability_spaces % 2 == 0:
        add(("tracks.stability_spaces", "needs an odd number of spaces (3 or more) so it has a middle"))
    if len(rules.resources) != 5:
        add(("resources", f"the Realm has 5 Resources, not {len(rules.resources)}"))
    _unique(add, "resources.key", [r.key for r in rules.resources])
    if not 1 <= len(rules.houses) <= 12:
        add(("houses", "needs 1 to 12 Houses (the box has 12 House screens)"))
    if len(rules.houses) < p.hi:
        add(("houses", f"{len(rules.houses)} Houses cannot seat {p.hi} players"))
    _unique(add, "houses.name", [h.name for h in rules.houses])
    _unique(add, "houses.number", [h.number for h in rules.houses])
    if len(rules.agendas) < p.hi + 1:
        add(("agendas", f"{len(rules.agendas)} Secret Agendas: one is removed and each of {p.hi} players needs one"))
    _unique(add, "agendas.key", [a.key for a in rules.agendas])
    for i, a in enumerate(rules.agendas):
        if a.money and len(a.money) != 3:
            add((f"agendas[{i}].money", "lists points for ranks I, II and III (three numbers) or nothing"))
        for j, span in enumerate(a.rows):
            if len(span) != 2 or not 1 <= span[0] <= span[1] <= tr.resource_rows:
                add((f"agendas[{i}].rows[{j}]", f"needs [from, to] rows within 1-{tr.resource_rows}"))
        for count in a.goal_points:
            if not count.isdigit() or int(count) > len(rules.resources):
                add((f"agendas[{i}].goal_points", f"'{count}' is not a number of markers (0-{len(rules.resources)})"))
    causes = [r.cause for r in rules.rewards]
    _unique(add, "rewards.cause", causes)
    for cause in END_CAUSES:
        if cause not in causes:
            add(("rewards", f"no row for end cause '{cause}'"))
    for i, r in enumerate(rules.rewards):
        if r.cause not in END_CAUSES:
            add((f"rewards[{i}].cause", f"'{r.cause}' is not one of {', '.join(END_CAUSES)}"))
        for field in ("prestige", "crave"):
            values = getattr(r, field)
            if len(values) != RANK_COLUMNS or any(v < 0 for v in values):
                add((f"rewards[{i}].{field}", f"needs {RANK_COLUMNS} amounts of 0 or more"))
    if rules.time_counter.skull_section_cards < 1:
        add(("time_counter.skull_section_cards", "must be at least 1"))
    if rules.campaign.alignment_boxes < 1:
        add(("campaign.alignment_boxes", "must be at least 1"))
    problems.extend(text_and_reading_problems(rules.rules, rules.readings, REQUIRED_RULES))
    return problems
