"""Targeting charts: d6 trees per realm with substitutes and the invalid-target backtracking
(seed: Bot Realms, Targeting Charts p.6; readings: targeting_order).

``find_target`` is a generator of requests so that its order can be tested without prompts:
it yields ("roll", label) and receives a die value, or ("valid", target) and receives a bool, or
the name of the realm that substitutes for an invalid target by the invalid-target rules.
It returns the chosen target, or "" when no node of the tree is valid."""

from __future__ import annotations

from .rules import TargetNode


def in_die_order(group: list[TargetNode], roll: int) -> list[TargetNode]:
    """The group from the branch the die picked, then each next die value up, wrapping."""
    ordered = sorted(group, key=lambda n: n.lo)
    start = next((i for i, n in enumerate(ordered) if n.lo <= roll <= n.hi), None)
    if start is None:  # no branch at this value: the next higher one
        start = next((i for i, n in enumerate(ordered) if n.lo > roll), 0)
    return ordered[start:] + ordered[:start]


def find_target(tree: list[TargetNode]):
    answers: dict[str, bool] = {}
    failed: set[int] = set()

    def valid(target: str):
        if target not in answers:
            answers[target] = yield ("valid", target)
        return answers[target]

    def try_node(node: TargetNode, uncles: list[TargetNode]):
        """This node, its substitute, then its children; '' when none of them is valid."""
        if id(node) in failed:
            return ""
        ok = yield from valid(node.target)
        if isinstance(ok, str):  # the table named the realm the invalid-target rules substitute
            return ok
        if ok:
            return node.target
        if node.substitute and (yield from valid(node.substitute)):
            return node.substitute
        found = ""
        if node.children:
            found = yield from try_group(node.children, uncles)
        if not found:
            failed.add(id(node))
        return found

    def try_group(group: list[TargetNode], uncles: list[TargetNode]):
        """Roll among a sibling group; on failure, the cousins (children of the parent's
        later siblings) from the same die value up."""
        if all(id(n) in failed for n in group):
            return ""
        roll = yield ("roll", "among " + ", ".join(n.target for n in sorted(group, key=lambda n: n.lo)))
        ordered = in_die_order(group, roll)
        for node in ordered:
            later = [n for n in ordered if n is not node]
            found = yield from try_node(node, later)
            if found:
                return found
        for uncle in uncles:
            cousins = uncle.children
            if not cousins:
                continue
            for node in in_die_order(cousins, roll):
                found = yield from try_node(node, [])
                if found:
                    return found
        return ""

    return (yield from try_group(tree, []))
