"""Schema and cross-reference checks for rulesets/command-of-nature.toml (the Clockwork Sage)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

import msgspec

from ...rules.common import Defaults, Editable, Ruleset, Sourced, keyed_problems, text_and_reading_problems

# The effects the game module carries out for the five Clockwork Utility Commands.
UTILITY_EFFECTS = ("direct_summon", "safe_distance", "fortified_lines", "aggression", "rapid_refresh")
# Rule texts the game module shows as help; each must exist in [rules.*].
REQUIRED_RULES = (
    "setup", "first_player", "choices", "triggers", "no_hand", "discard", "instants", "levels",
    "daybreak", "pay", "reveal", "elemental", "instant", "utility", "attack", "reshuffle", "repeat",
    "boost", "shield", "defeat", "win", "market_refill",
)
READING_IDS = tuple(str(n) for n in range(1, 14))


class Formation(Sourced):
    row_spaces: list[int]


class Levels(Sourced):
    lowest: int
    highest: int


class GoldCap(Editable):
    amount: int
    note: str = ""


class Difficulty(Sourced):
    """A place for the difficulty token; its starting gold is printed on the board only (asked)."""

    key: str
    label: str


class DaybreakUnlock(Sourced):
    """A level at which the Clockwork board adds gold at every daybreak; how much is printed on the
    board only (asked when the level is reached)."""

    level: int


class ChampionSlot(msgspec.Struct, forbid_unknown_fields=True):
    level: int
    card: str


class Pack(Sourced):
    key: str
    faction: str
    sage: str
    champions: list[ChampionSlot]
    warriors: list[str]
    basic: str
    basic_copies: int
    deck: list[str]


class MarketEntry(msgspec.Struct, forbid_unknown_fields=True):
    card: str
    copies: int = 1


class Markets(Sourced):
    elemental: list[MarketEntry]
    command: list[MarketEntry]
    elemental_size: int
    command_size: int


class ElementalCard(Sourced):
    name: str
    role: Literal["sage", "champion", "warrior", "basic", "market"]
    strength: int = msgspec.field(name="str")
    hp: int
    rows: list[int] = []
    daybreak: bool = False
    cost: int | None = None


class CommandCard(Sourced):
    name: str
    type: Literal["Attack", "Utility", "Instant"]
    attack: Literal["Melee", "Ranged", ""] = ""
    rows: list[int] = []
    cost: int | None = None
    text: str = ""


class ClockworkCommand(Sourced):
    name: str
    type: Literal["Attack", "Utility"]
    text: str
    attack: Literal["Melee", "Ranged", ""] = ""
    rows: list[int] = []
    attacker: Literal["chosen", "highest_str", ""] = ""
    target: Literal["row1", "any", ""] = ""
    market_action: Literal["buy", "burn", ""] = ""
    market: Literal["elemental", "command", ""] = ""
    effect: str = ""


class CommandOfNatureRules(Ruleset):
    defaults: Defaults
    formation: Formation
    levels: Levels
    gold_cap: GoldCap
    difficulties: list[Difficulty]
    daybreak_unlocks: list[DaybreakUnlock]
    packs: list[Pack]
    markets: Markets
    elementals: list[ElementalCard]
    commands: list[CommandCard]
    clockwork_commands: list[ClockworkCommand]

    # -- look-ups used by the game module --------------------------------------------------------

    def elemental(self, name: str) -> ElementalCard | None:
        for card in self.elementals:
            if card.name == name:
                return card
        return None

    def command(self, name: str) -> CommandCard | None:
        for card in self.commands:
            if card.name == name:
                return card
        return None

    def clockwork_command(self, name: str) -> ClockworkCommand | None:
        for card in self.clockwork_commands:
            if card.name == name:
                return card
        return None

    def pack(self, key: str) -> Pack:
        for pack in self.packs:
            if pack.key == key:
                return pack
        raise KeyError(f"no Sage pack '{key}'")

    def difficulty(self, key: str) -> Difficulty:
        for level in self.difficulties:
            if level.key == key:
                return level
        raise KeyError(f"no difficulty '{key}'")


def _rows_problems(path: str, rows: list[int], spaces: int) -> list[tuple[str, str]]:
    out = []
    for i, row in enumerate(rows):
        if not 1 <= row <= spaces:
            out.append((f"{path}.rows[{i}]", f"row {row} is not a formation row (1..{spaces})"))
    if len(set(rows)) != len(rows):
        out.append((f"{path}.rows", "lists a row twice"))
    return out


def validate(rules: CommandOfNatureRules) -> list[tuple[str, str]]:
    """Every cross-reference problem as (path inside the file, message)."""
    problems: list[tuple[str, str]] = []
    add = problems.append
    # A formation always has Rows I, II and III (CNW); only the spaces per row are data.
    n_rows = 3
    if len(rules.formation.row_spaces) != n_rows or any(s < 1 for s in rules.formation.row_spaces):
        add(("formation.row_spaces", "needs three rows (I, II, III), each with at least one space"))
    lo, hi = rules.levels.lowest, rules.levels.highest
    if not 1 <= lo < hi:
        add(("levels", f"lowest {lo} and highest {hi} do not make a track"))
    if rules.gold_cap.amount < 1:
        add(("gold_cap.amount", "must be at least 1"))

    # One card name, one card: names are the card ids in every pile.
    seen: dict[str, str] = {}
    piles: list[tuple[str, Sequence[ElementalCard | CommandCard | ClockworkCommand]]] = [
        ("elementals", rules.elementals),
        ("commands", rules.commands),
        ("clockwork_commands", rules.clockwork_commands),
    ]
    for group, cards in piles:
        for i, card in enumerate(cards):
            path = f"{group}[{i}]"
            if not card.name.strip():
                add((f"{path}.name", "is empty"))
            if card.name in seen:
                add((f"{path}.name", f"'{card.name}' is already defined at {seen[card.name]}"))
            else:
                seen[card.name] = path
            problems.extend(_rows_problems(path, card.rows, n_rows))
    for i, el in enumerate(rules.elementals):
        if el.strength < 0 or el.hp < 1:
            add((f"elementals[{i}]", f"{el.name}: STR {el.strength} / HP {el.hp} is impossible"))
        if el.role == "market" and el.cost is None:
            add((f"elementals[{i}].cost", f"{el.name} is a market card and needs a cost"))
    for i, cmd in enumerate(rules.commands):
        if cmd.type == "Attack" and not cmd.rows:
            add((f"commands[{i}].rows", f"{cmd.name} is an Attack Command and needs its attacking rows"))
        if cmd.type != "Attack" and (cmd.rows or cmd.attack):
            add((f"commands[{i}]", f"{cmd.name} is not an Attack Command: no rows or attack kind"))

    names = {el.name: el for el in rules.elementals}
    commands = {c.name: c for c in rules.commands}

    def need_elemental(path: str, name: str, role: str) -> None:
        card = names.get(name)
        if card is None:
            add((path, f"no Elemental called '{name}'"))
        elif card.role != role:
            add((path, f"'{name}' is a {card.role}, not a {role}"))

    # Difficulties and daybreak unlocks.
    problems.extend(keyed_problems("difficulties", [d.key for d in rules.difficulties], "difficulty",
                                   "is used by more than one difficulty"))
    unlock_levels = Counter(u.level for u in rules.daybreak_unlocks)
    for i, u in enumerate(rules.daybreak_unlocks):
        if not lo < u.level <= hi:
            add((f"daybreak_unlocks[{i}].level", f"level {u.level} is outside {lo + 1}..{hi}"))
        if unlock_levels[u.level] > 1:
            add((f"daybreak_unlocks[{i}].level", f"level {u.level} is listed twice"))

    # Sage packs.
    pack_keys = Counter(p.key for p in rules.packs)
    if not rules.packs:
        add(("packs", "needs at least one Sage pack"))
    for i, pack in enumerate(rules.packs):
        path = f"packs[{i}]"
        if pack_keys[pack.key] > 1:
            add((f"{path}.key", f"'{pack.key}' is used by more than one pack"))
        need_elemental(f"{path}.sage", pack.sage, "sage")
        levels = Counter(c.level for c in pack.champions)
        for j, champ in enumerate(pack.champions):
            need_elemental(f"{path}.champions[{j}]", champ.card, "champion")
            if not lo < champ.level <= hi:
                add((f"{path}.champions[{j}].level", f"level {champ.level} is outside {lo + 1}..{hi}"))
            if levels[champ.level] > 1:
                add((f"{path}.champions[{j}].level", f"two Champions arrive at level {champ.level}"))
        if len(pack.warriors) != 3:
            add((f"{path}.warriors", f"a pack has 3 Warriors, not {len(pack.warriors)}"))
        for j, name in enumerate(pack.warriors):
            need_elemental(f"{path}.warriors[{j}]", name, "warrior")
        need_elemental(f"{path}.basic", pack.basic, "basic")
        if pack.basic_copies != 4:
            add((f"{path}.basic_copies", f"a pack has 4 Basics (3 in the formation, 1 spare), not {pack.basic_copies}"))
        if not pack.deck:
            add((f"{path}.deck", "is empty"))
        for j, name in enumerate(pack.deck):
            if name not in commands:
                add((f"{path}.deck[{j}]", f"no Command called '{name}'"))

    # Markets.
    for market, entries, size in (
        ("elemental", rules.markets.elemental, rules.markets.elemental_size),
        ("command", rules.markets.command, rules.markets.command_size),
    ):
        total = 0
        listed = Counter(e.card for e in entries)
        for j, entry in enumerate(entries):
            path = f"markets.{market}[{j}]"
            total += entry.copies
            if entry.copies < 1:
                add((f"{path}.copies", "must be at least 1"))
            if listed[entry.card] > 1:
                add((path, f"'{entry.card}' is listed twice; use copies"))
            if market == "elemental":
                need_elemental(path, entry.card, "market")
            else:
                command = commands.get(entry.card)
                if command is None:
                    add((path, f"no Command called '{entry.card}'"))
                elif command.cost is None:
                    add((path, f"'{entry.card}' has no cost"))
        if total != size:
            add((f"markets.{market}", f"holds {total} cards but {market}_size says {size}"))

    # The Clockwork Commands.
    if len(rules.clockwork_commands) != 9:
        add(("clockwork_commands", f"the variant adds 9 Clockwork Commands, not {len(rules.clockwork_commands)}"))
    effects = Counter(c.effect for c in rules.clockwork_commands if c.type == "Utility")
    for i, cc in enumerate(rules.clockwork_commands):
        path = f"clockwork_commands[{i}]"
        if cc.type == "Attack":
            for field in ("attack", "attacker", "target", "market_action", "market"):
                if not getattr(cc, field):
                    add((f"{path}.{field}", f"{cc.name} is an Attack Command and needs it"))
            if not cc.rows:
                add((f"{path}.rows", f"{cc.name} is an Attack Command and needs its attacking rows"))
            if cc.effect:
                add((f"{path}.effect", "only Utility Commands name an effect"))
        else:
            if cc.effect not in UTILITY_EFFECTS:
                add((f"{path}.effect", f"'{cc.effect}' is not one of {', '.join(UTILITY_EFFECTS)}"))
            elif effects[cc.effect] > 1:
                add((f"{path}.effect", f"'{cc.effect}' is used by more than one card"))
            if cc.rows or cc.attacker or cc.target or cc.market_action or cc.market:
                add((path, f"{cc.name} is a Utility Command: no attack fields"))
    for effect in UTILITY_EFFECTS:
        if effects[effect] == 0:
            add(("clockwork_commands", f"no card carries the '{effect}' effect"))

    # Texts the app shows, and the 13 readings.
    problems.extend(
        text_and_reading_problems(
            rules.rules, rules.readings, REQUIRED_RULES, {rid: f"ambiguity {rid}" for rid in READING_IDS}
        )
    )
    return problems
