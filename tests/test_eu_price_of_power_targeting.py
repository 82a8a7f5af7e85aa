"""Targeting charts: the d6 tree with substitutes and the invalid-target backtracking
(seed: Bot Realms, Targeting Charts p.6; ruleset readings: targeting_order)."""

from __future__ import annotations

from tui.games.eu_price_of_power.targeting import find_target, in_die_order
from tui.games.eu_price_of_power.rules import TargetNode as T

# A sample tree: 1-2 Venice (sub Milan; children 1-3 Genoa, 4-6 Savoy), 3-4 Hungary (children
# 1-6 Bohemia), 5-6 Owner of Alexandria.
TREE = [
    T(1, 2, "Venice", substitute="Milan", children=[T(1, 3, "Genoa"), T(4, 6, "Savoy")]),
    T(3, 4, "Hungary", children=[T(1, 6, "Bohemia")]),
    T(5, 6, "Alexandria", kind="owner"),
]


def run(rolls: list[int], valid: set[str]):
    """Walk the tree; returns (target, the validity questions asked, rolls used)."""
    walk = find_target(TREE)
    asked, used = [], []
    rolls = list(rolls)
    try:
        request = next(walk)
        while True:
            if request[0] == "roll":
                used.append(rolls.pop(0))
                request = walk.send(used[-1])
            else:
                asked.append(request[1])
                request = walk.send(request[1] in valid)
    except StopIteration as stop:
        return stop.value, asked, used


def test_the_rolled_branch_is_the_target_when_valid():
    """Seed p.6: roll a d6 on the chart to find the targeted Realm."""
    assert run([4], {"Hungary", "Venice"}) == ("Hungary", ["Hungary"], [4])


def test_a_valid_substitute_replaces_an_invalid_target():
    """Seed p.6: an invalid target uses its preferred substitute when one is listed and valid."""
    target, asked, _ = run([1], {"Milan", "Genoa"})
    assert target == "Milan"
    assert asked == ["Venice", "Milan"]


def test_invalid_target_and_substitute_roll_among_the_children():
    """Seed p.6: an invalid substitute → roll between the children of the original target."""
    target, asked, used = run([2, 5], {"Savoy", "Genoa"})
    assert target == "Savoy"
    assert used == [2, 5]
    assert asked == ["Venice", "Milan", "Savoy"]


def test_an_invalid_child_moves_to_the_next_sibling_wrapping_around():
    """Seed p.6: with no valid descendant, raise the die value to the next valid branch, wrapping."""
    target, asked, _ = run([1, 5], {"Genoa"})
    assert target == "Genoa"
    assert asked == ["Venice", "Milan", "Savoy", "Genoa"]


def test_no_valid_sibling_backtracks_to_cousins():
    """Seed p.6: no valid sibling → cousin nodes (children of the parent's siblings), before the
    parent's siblings themselves (readings: targeting_order)."""
    target, asked, _ = run([1, 2], {"Bohemia", "Hungary"})
    assert target == "Bohemia"
    assert asked == ["Venice", "Milan", "Genoa", "Savoy", "Bohemia"]


def test_then_the_parents_siblings_and_nothing_valid_gives_no_target():
    """Seed p.6 backtracking, to its end: the parent's siblings; nothing valid → no target."""
    target, asked, _ = run([2, 3], {"Alexandria"})
    assert target == "Alexandria"
    assert asked == ["Venice", "Milan", "Genoa", "Savoy", "Bohemia", "Hungary", "Alexandria"]
    target, asked, used = run([6, 1], set())
    assert target == ""
    assert len(asked) == len(set(asked)) == 7  # each Realm asked once
    assert used == [6, 1, 1][: len(used)]


def test_die_order_starts_at_the_rolled_branch_and_wraps():
    """Seed p.6: 'increasing the die value … wrap around if necessary'."""
    assert [n.target for n in in_die_order(TREE, 3)] == ["Hungary", "Alexandria", "Venice"]
    assert [n.target for n in in_die_order(TREE, 6)] == ["Alexandria", "Venice", "Hungary"]
