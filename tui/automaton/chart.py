"""A bot's graph as a reader sees it: an outline that fits 80 columns, or a Mermaid / dot picture."""

from __future__ import annotations

import textwrap

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


def outline(bot: Automaton, at: list[tuple[str, int]] | None = None, width: int = WIDTH) -> list[str]:
    """Procedures, steps numbered, exits with their conditions, unreachable steps flagged; with
    ``at`` (where a bot is: procedure and step, outermost first), those steps marked ▶."""
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
    return lines


def _quote(text: str) -> str:
    flat = text.replace('"', "'").replace("\n", " ")
    return flat if len(flat) <= 70 else flat[:69] + "…"


def mermaid(bot: Automaton) -> list[str]:
    lines = ["flowchart TD"]
    for name, proc in bot.procedures.items():
        ids = {s.id: i for i, s in enumerate(proc.steps) if s.id}
        key = name.replace("-", "_")
        lines.append(f'  subgraph {key}["{_quote(proc.label)}"]')
        for i, step in enumerate(proc.steps):
            lines.append(f'    {key}_{i}["{i + 1}. {_quote(step_words(step))}"]')
        lines.append("  end")
        for i, step in enumerate(proc.steps):
            here = f"{key}_{i}"
            if step.branch is not None:
                for case in step.branch:
                    lines.append(f'  {here} -->|"{_quote(case.when)}"| {key}_{ids.get(case.go, 0)}')
                lines.append(f'  {here} -->|else| {key}_{ids.get(step.otherwise or "", 0)}')
            elif step.next:
                lines.append(f"  {here} --> {key}_{ids.get(step.next, 0)}")
            elif step.end is None and i + 1 < len(proc.steps):
                lines.append(f"  {here} --> {key}_{i + 1}")
            for callee in (step.call, step.repeat):
                if callee in bot.procedures:
                    lines.append(f"  {here} -.-> {callee.replace('-', '_')}_0")
    return lines


def dot(bot: Automaton) -> list[str]:
    lines = ["digraph bot {", "  node [shape=box];"]
    for name, proc in bot.procedures.items():
        ids = {s.id: i for i, s in enumerate(proc.steps) if s.id}
        key = name.replace("-", "_")
        for i, step in enumerate(proc.steps):
            lines.append(f'  {key}_{i} [label="{name} {i + 1}. {_quote(step_words(step))}"];')
        for i, step in enumerate(proc.steps):
            here = f"{key}_{i}"
            if step.branch is not None:
                for case in step.branch:
                    lines.append(f'  {here} -> {key}_{ids.get(case.go, 0)} [label="{_quote(case.when)}"];')
                lines.append(f'  {here} -> {key}_{ids.get(step.otherwise or "", 0)} [label="else"];')
            elif step.next:
                lines.append(f"  {here} -> {key}_{ids.get(step.next, 0)};")
            elif step.end is None and i + 1 < len(proc.steps):
                lines.append(f"  {here} -> {key}_{i + 1};")
            for callee in (step.call, step.repeat):
                if callee in bot.procedures:
                    lines.append(f"  {here} -> {callee.replace('-', '_')}_0 [style=dashed];")
    lines.append("}")
    return lines
