"""Which of a bot's steps its setup options switch off. Options never change after setup, and a
table's value follows one option, so a condition that reads only those (and the file's lists) is
decided once for the whole game: a trait left off, a difficulty's extra step. The flow pane leaves
such steps out and the seated bot's chart marks them; a condition that reads anything else
(counters, answers, cards) is never decided here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import expr
from .schema import OTHER_BOTS, Automaton, Step


class _Open:
    """A value setup does not fix (it depends on the game as it goes)."""


OPEN = _Open()

_TREES: dict[str, expr.Node] = {}


def _tree(text: str) -> expr.Node:
    found = _TREES.get(text)
    if found is None:
        found = _TREES[text] = expr.parse(text)
    return found


def settled(bot: Automaton, options: Mapping[str, str], others: int | None = None) -> dict[str, Any]:
    """The names whose value setup fixes: options, tables (by their option), lists, and at a table
    `other_bots`. A file's names are unique across its sections, and no step sets an option, table,
    list or `other_bots` (load checks both)."""
    out: dict[str, Any] = {k: options.get(k, o.default or next(iter(o.choices), ""))
                           for k, o in bot.options.items()}
    for k, t in bot.tables.items():
        out[k] = t.values.get(out.get(t.by, ""), 0)
    for k, items in bot.lists.items():
        out[k] = list(items)
    if others is not None:
        out.setdefault(OTHER_BOTS, others)
    return out


def fixed(node: expr.Node, env: Mapping[str, Any]) -> Any:
    """The expression's value if setup decides it, else OPEN. `and`/`or` are decided by one side
    when that side alone settles them (`extra > 0 and warriors > 0` is false on Normal)."""
    kind = node[0]
    if kind in ("and", "or"):
        settles = kind == "or"  # the value of one side that decides the whole
        a, b = fixed(node[1], env), fixed(node[2], env)
        if a is settles or b is settles:
            return settles
        return not settles if a is (not settles) and b is (not settles) else OPEN
    if kind == "not":
        a = fixed(node[1], env)
        return not a if isinstance(a, bool) else OPEN
    if any(name not in env for name, _ in expr.names(node)) or expr.track_names(node):
        return OPEN
    try:
        return expr.evaluate(node, env, lambda _track: 0)
    except expr.EvalError:
        return OPEN


def _deciders(node: expr.Node, bot: Automaton) -> set[str]:
    """The options a condition reads (a table stands for the option it follows)."""
    out = set()
    for name, _ in expr.names(node):
        if name in bot.options or name == OTHER_BOTS:
            out.add(name)
        elif name in bot.tables:
            out.add(bot.tables[name].by)
    return out


class Live:
    """One bot with its options as set up: per procedure, the steps a run can reach and those
    switched off, with the options that switch each off."""

    def __init__(self, bot: Automaton, options: Mapping[str, str], others: int | None = None):
        self.bot = bot
        self.env = settled(bot, options, others)
        self._seen: dict[str, tuple[set[int], dict[int, set[str]]]] = {}
        self._idle: dict[str, set[str] | None] = {}

    def words(self, why: set[str]) -> str:
        """The options that switch a step off, as the file names them: "blitz = off"."""
        return ", ".join(f"{k} = {self.env.get(k, '')}" for k in sorted(why)) or "never runs"

    def _decided(self, text: str | int | None) -> tuple[Any, set[str]]:
        """A condition or number as setup fixes it (or OPEN), with the options it reads."""
        if not isinstance(text, str):
            return (OPEN if text is None else text), set()
        try:
            node = _tree(text)
        except expr.ExprError:
            return OPEN, set()
        return fixed(node, self.env), _deciders(node, self.bot)

    def _exits(self, steps: list[Step], i: int, ids: dict[str, int]) -> tuple[list[int], list[tuple[int, set[str]]]]:
        """Where a run may go after step i, and the exits setup closes, each with the options that
        close it."""
        step, end = steps[i], len(steps)
        kind = step.kind()[0] if len(step.kind()) == 1 else ""
        if kind == "end":
            return [], []
        if kind != "branch":
            return [ids.get(step.next, end) if step.next else i + 1], []
        go: list[int] = []
        shut: list[tuple[int, set[str]]] = []
        cases = step.branch or []
        for n, case in enumerate(cases):
            value, why = self._decided(case.when)
            if value is False:
                shut.append((ids.get(case.go, end), why))
                continue
            go.append(ids.get(case.go, end))
            if value is True:  # always holds: the later cases and the else never run
                shut += [(ids.get(c.go, end), why) for c in cases[n + 1:]]
                shut.append((ids.get(step.otherwise or "", end), why))
                return go, shut
        go.append(ids.get(step.otherwise or "", end))
        return go, shut

    def _walk(self, name: str) -> tuple[set[int], dict[int, set[str]]]:
        found = self._seen.get(name)
        if found is not None:
            return found
        steps = self.bot.procedures[name].steps
        ids = {s.id: i for i, s in enumerate(steps) if s.id}
        exits = [self._exits(steps, i, ids) for i in range(len(steps))]
        reached: set[int] = set()
        todo = [0]
        while todo:
            i = todo.pop()
            if i not in reached and i < len(steps):
                reached.add(i)
                todo += exits[i][0]
        off: dict[int, set[str]] = {}
        for i in reached:
            for target, why in exits[i][1]:
                if target < len(steps) and target not in reached:
                    off.setdefault(target, set()).update(why)
        # A step reached only through switched-off steps is off for the same options.
        changed = True
        while changed:
            changed = False
            for i, why in list(off.items()):
                for target in exits[i][0] + [t for t, _ in exits[i][1]]:
                    if target < len(steps) and target not in reached and not off.get(target, set()) >= why:
                        off.setdefault(target, set()).update(why)
                        changed = True
        for i in reached:
            step = steps[i]
            callee = step.call or step.repeat
            idle = self.idle(callee) if callee in self.bot.procedures else None
            if idle is not None:
                off[i] = idle
            if step.repeat is not None:
                for text in (step.repeat_while, step.times):
                    value, why = self._decided(text)
                    if value is False or (value == 0 and not isinstance(value, bool)):
                        off[i] = why
        self._seen[name] = (reached, off)
        return reached, off

    def off(self, name: str) -> dict[int, set[str]]:
        """Step index → the options that switch it off: steps setup keeps a run from reaching,
        calls of a procedure setup leaves with nothing to do, repeats setup makes run no time."""
        return self._walk(name)[1]

    def idle(self, name: str) -> set[str] | None:
        """The options that leave a procedure with nothing to do (only its branches and the end of
        the procedure can run), or None when it does something."""
        if name in self._idle:
            return self._idle[name]
        self._idle[name] = None  # load refuses cycles of calls; this only guards a damaged file
        steps = self.bot.procedures[name].steps
        reached, off = self._walk(name)
        why: set[str] = set()
        for i in reached:
            if i in off:
                why |= off[i]
            elif steps[i].branch is None and steps[i].end != "procedure":  # ending the turn is doing
                return None
        for why_off in off.values():
            why |= why_off
        if not why:  # nothing to do whatever the options: not a switch, left as written
            return None
        self._idle[name] = why
        return why


_LIVE: dict[tuple[int, tuple[tuple[str, str], ...], int | None], tuple[Automaton, Live]] = {}


def live(bot: Automaton, options: Mapping[str, str], others: int | None = None) -> Live:
    """The bot's analysis for these options (and, at a table, its count of the other bots), worked
    out once (the screen asks on every step)."""
    key = (id(bot), tuple(sorted(options.items())), others)
    found = _LIVE.get(key)
    if found is None or found[0] is not bot:
        found = _LIVE[key] = (bot, Live(bot, options, others))
    return found[1]

