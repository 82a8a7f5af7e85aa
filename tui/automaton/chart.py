"""A bot's graph as a reader sees it: an outline that fits 80 columns, or a Mermaid / dot picture."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator, Mapping
from typing import Literal

from .schema import Automaton, Procedure, Step

WIDTH = 80


def step_words(step: Step) -> str:
    """One step in a few words: the chart's line and the flow pane's."""
    kind = step.kind()[0]
    if kind == "say":
        return f"say: {step.say}"
    if kind == "ask":
        into = f" → {step.into}" if step.into else ""
        return f"ask {step.ask}: {step.text}{into}"
    if kind in ("draw", "shuffle"):
        return f"{kind} {getattr(step, kind)}" + (f" → {step.into}" if step.into else "")
    if kind == "put":
        return f"put {step.card} on {step.put}"
    if kind == "clear":
        return f"clear {step.clear}" + (f" onto {step.to}" if step.to else "")
    if kind in ("set", "add"):
        parts = ", ".join(f"{k} = {_word(v)}" if kind == "set" else f"{k} += {v}"
                          for k, v in (getattr(step, kind) or {}).items())
        return f"{kind} {parts}"
    if kind == "score":
        return f"score {step.score} VP"
    if kind == "branch":
        return "branch"
    if kind == "repeat":
        cond = f" while {step.repeat_while}" if step.repeat_while else ""
        times = f" {step.times} times" if step.times is not None else ""
        return f"repeat {step.repeat}{times}{cond}, at most {step.bound}"
    if kind == "call":
        return f"call {step.call}"
    return f"end {step.end}"


def _word(value: object) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _reached(proc: Procedure) -> set[int]:
    ids = {s.id: i for i, s in enumerate(proc.steps) if s.id}
    seen: set[int] = set()
    todo = [0]
    while todo:
        i = todo.pop()
        if i in seen or i >= len(proc.steps):
            continue
        seen.add(i)
        step = proc.steps[i]
        kind = step.kind()[0] if len(step.kind()) == 1 else ""
        if step.next:
            todo.append(ids.get(step.next, len(proc.steps)))
        elif kind == "branch":
            todo.extend(ids.get(c.go, len(proc.steps)) for c in step.branch or [])
            todo.append(ids.get(step.otherwise or "", len(proc.steps)))
        elif kind != "end":
            todo.append(i + 1)
    return seen


def _wrap(text: str, first: str, rest: str, width: int = WIDTH) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=rest) or [first.rstrip()]


def outline(bot: Automaton, at: list[tuple[str, int]] | None = None, width: int = WIDTH,
            off: Mapping[tuple[str, int], str] | None = None) -> list[str]:
    """Procedures, steps numbered, exits with their conditions, unreachable steps flagged; with
    ``at`` (where a bot is: procedure and step, outermost first), those steps marked ▶; with
    ``off`` (a seated bot's steps its setup options switch off), each such step says which."""
    here = set(at or [])
    head = bot.header
    lines = _wrap(f"{head.name} ({head.id}, version {head.version}) · game {head.game}", "", "  ", width)
    if bot.turn:
        lines.append(f"Each turn: {bot.turn.procedure}")
    for name, proc in bot.procedures.items():
        ids = {s.id: i for i, s in enumerate(proc.steps) if s.id}
        reached = _reached(proc)
        lines.append("")
        extra = f" [{proc.rule}]" if proc.rule else ""
        react = f" · reaction: {proc.reaction}" if proc.reaction else ""
        lines += _wrap(f"{name} · {proc.label}{react}{extra}", "", "    ", width)
        for i, step in enumerate(proc.steps):
            mark = "▶" if (name, i) in here else "!" if i not in reached else " "
            number = f"{mark}{i + 1:>3} "
            label = f"{step.id}: " if step.id else ""
            rule = f" [{step.rule}]" if step.rule else ""
            lines += _wrap(f"{label}{step_words(step)}{rule}", number, " " * 9, width)
            if step.branch is not None:
                for case in step.branch:
                    lines += _wrap(f"if {case.when} → {ids.get(case.go, -1) + 1} {case.go}", " " * 9, " " * 12, width)
                lines += _wrap(f"else → {ids.get(step.otherwise or '', -1) + 1} {step.otherwise}", " " * 9, " " * 12, width)
            elif step.next:
                lines.append(f"{' ' * 9}then → {ids.get(step.next, -1) + 1} {step.next}")
            if i not in reached:
                lines.append(f"{' ' * 9}(never reached)")
            elif off and (name, i) in off:
                lines += _wrap(f"(off: {off[name, i]})", " " * 9, " " * 12, width)
    return lines


# How an arrow leaves a step: a branch's case or its else, on to the next step, a call.
Edge = Literal["case", "else", "next", "call"]


def _quote(text: str) -> str:
    flat = text.replace('"', "'").replace("\n", " ")
    return flat if len(flat) <= 70 else flat[:69] + "…"


def _edges(bot: Automaton, name: str) -> Iterator[tuple[str, str, str, Edge]]:
    """A procedure's arrows as (from, to, the case's words, kind): a branch's cases and its else, a
    jump or the next step in order, and one to each procedure a step calls or repeats."""
    proc = bot.procedures[name]
    ids = {s.id: i for i, s in enumerate(proc.steps) if s.id}
    key = name.replace("-", "_")
    for i, step in enumerate(proc.steps):
        here = f"{key}_{i}"
        if step.branch is not None:
            for case in step.branch:
                yield here, f"{key}_{ids.get(case.go, 0)}", _quote(case.when), "case"
            yield here, f"{key}_{ids.get(step.otherwise or '', 0)}", "", "else"
        elif step.next:
            yield here, f"{key}_{ids.get(step.next, 0)}", "", "next"
        elif step.end is None and i + 1 < len(proc.steps):
            yield here, f"{key}_{i + 1}", "", "next"
        for callee in (step.call, step.repeat):
            if callee in bot.procedures:
                yield here, f"{callee.replace('-', '_')}_0", "", "call"


def mermaid(bot: Automaton) -> list[str]:
    lines = ["flowchart TD"]
    for name, proc in bot.procedures.items():
        key = name.replace("-", "_")
        lines.append(f'  subgraph {key}["{_quote(proc.label)}"]')
        for i, step in enumerate(proc.steps):
            lines.append(f'    {key}_{i}["{i + 1}. {_quote(step_words(step))}"]')
        lines.append("  end")
        for here, to, when, kind in _edges(bot, name):
            arrow = {"case": f'-->|"{when}"|', "else": "-->|else|", "next": "-->", "call": "-.->"}[kind]
            lines.append(f"  {here} {arrow} {to}")
    return lines


def dot(bot: Automaton) -> list[str]:
    lines = ["digraph bot {", "  node [shape=box];"]
    for name, proc in bot.procedures.items():
        key = name.replace("-", "_")
        for i, step in enumerate(proc.steps):
            lines.append(f'  {key}_{i} [label="{name} {i + 1}. {_quote(step_words(step))}"];')
        for here, to, when, kind in _edges(bot, name):
            style = {"case": f' [label="{when}"]', "else": ' [label="else"]', "next": "", "call": " [style=dashed]"}[kind]
            lines.append(f"  {here} -> {to}{style};")
    lines.append("}")
    return lines
