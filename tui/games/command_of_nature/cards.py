"""Reading card data: what kind a card is, its STR/HP, how to name it in a line of text."""

from __future__ import annotations

from .rules import CommandOfNatureRules

ROMAN = {1: "I", 2: "II", 3: "III"}


def rows_text(rows: list[int]) -> str:
    if not rows:
        return ""
    if len(rows) == 3:
        return "Rows I–III"
    return ("Row " if len(rows) == 1 else "Rows ") + " & ".join(ROMAN.get(r, str(r)) for r in rows)


def card_kind(rules: CommandOfNatureRules, name: str) -> str:
    """'Elemental', 'Instant', 'Utility' or 'Attack' (seed: THE CLOCKWORK SAGE'S TURN, III.A–D)."""
    if rules.elemental(name) is not None:
        return "Elemental"
    cc = rules.clockwork_command(name)
    if cc is not None:
        return cc.type
    cmd = rules.command(name)
    if cmd is not None:
        return cmd.type
    raise KeyError(f"no card called '{name}' in the ruleset")


def is_clockwork_command(rules: CommandOfNatureRules, name: str) -> bool:
    return rules.clockwork_command(name) is not None


def describe_card(rules: CommandOfNatureRules, name: str) -> str:
    """'Buy Strike (Clockwork Melee Attack Command, Row I)', 'Riptide Tiger (Elemental 2/4)'."""
    el = rules.elemental(name)
    if el is not None:
        return f"{name} (Elemental {el.strength}/{el.hp})"
    cc = rules.clockwork_command(name)
    if cc is not None:
        kind = " ".join(x for x in (cc.attack, cc.type) if x)
        where = f", {rows_text(cc.rows)}" if cc.rows else ""
        return f"{name} (Clockwork {kind} Command{where})"
    cmd = rules.command(name)
    assert cmd is not None, name
    kind = " ".join(x for x in (cmd.attack, cmd.type) if x)
    where = f", {rows_text(cmd.rows)}" if cmd.rows else ""
    return f"{name} ({kind} Command{where})"


def attack_rows(rules: CommandOfNatureRules, name: str) -> list[int]:
    cc = rules.clockwork_command(name)
    if cc is not None:
        return list(cc.rows)
    cmd = rules.command(name)
    return list(cmd.rows) if cmd is not None else []


def market_cards(rules: CommandOfNatureRules, market: str) -> list[str]:
    """The names in one market, costliest first (for 'which is the costliest?' questions)."""
    entries = rules.markets.elemental if market == "elemental" else rules.markets.command

    def cost(name: str) -> int:
        card = rules.elemental(name) if market == "elemental" else rules.command(name)
        return (card.cost or 0) if card is not None else 0

    names = [e.card for e in entries]
    return sorted(names, key=lambda n: -cost(n))
