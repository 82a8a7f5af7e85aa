"""Reading and checking an automaton file: every problem at once, one line each, as
FILE:LINE:COL: message (with a near name where one exists). Nothing in the file runs."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import msgspec

from ..engine import files
from ..engine.prompts import shown
from . import expr
from .locate import Index, index
from .schema import (
    OTHER_BOTS,
    SECTIONS,
    STEP_KINDS,
    TOP,
    Automaton,
    Header,
    Procedure,
    Reading,
    Step,
    Turn,
)

MAX_USES_DEPTH = 4
_AT = re.compile(r" - at `\$([^`]*)`$")
_LINE_COL = re.compile(r"line (\d+),? column (\d+)")
_PART = re.compile(r"\.([^.\[]+)|\[(\d+)\]")


class AutomatonError(Exception):
    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(problems[0] if problems else "")


class _Report:
    """The problems of one file, in file order."""

    def __init__(self, file: str, where: Index):
        self.file = file
        self.where = where
        self.found: list[tuple[int, int, str]] = []

    def add(self, path: tuple[str | int, ...], message: str, column: int | None = None) -> None:
        line, col = self.where.at(path, column)
        self.found.append((line, col, message))

    def lines(self) -> list[str]:
        return [shown(f"{self.file}:{line}:{col}: {msg}", one_line=True)
                for line, col, msg in sorted(set(self.found))]


def near(name: str, known: Iterable[str]) -> str:
    match = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f" (did you mean {match[0]}?)" if match else ""


def _msgspec_path(text: str) -> tuple[tuple[str | int, ...], str]:
    m = _AT.search(text)
    if not m:
        return (), text
    parts: list[str | int] = [int(i) if i else name for name, i in _PART.findall(m.group(1))]
    return tuple(parts), text[: m.start()]


def read_text(path: Path) -> str:
    """A bot file read the one safe way (engine/files.py): no FIFO, no device, capped."""
    try:
        data = files.read_file(path, "automaton", follow=files.follow_links)
    except FileNotFoundError:
        raise AutomatonError([f"{path}:1:1: no such file"]) from None
    except files.SaveError as exc:
        raise AutomatonError([f"{path}:1:1: {str(exc).removeprefix(f'{path}: ')}"]) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise AutomatonError([f"{path}:1:1: not UTF-8 text at byte {exc.start}"]) from None


def load(path: Path, find_shared: Callable[[str], Path] | None = None, allow_shared: bool = False) -> Automaton:
    """The checked bot in ``path``, with the shared files it uses (beside it unless
    ``find_shared`` says where); raises AutomatonError with every problem. ``allow_shared``: a
    shared file may be checked on its own (`clockwork validate`), never played."""
    path = Path(path)
    finder = find_shared or (lambda name: path.parent / f"{name}.toml")
    return _load(path, read_text(path), finder, 0, allow_shared=allow_shared)


def load_text(text: str, file: str = "bot.toml", shared: dict[str, str] | None = None) -> Automaton:
    """The same from text (a save keeps the texts it was played with)."""
    texts = shared or {}

    def finder(name: str) -> Path:
        return Path(f"{name}.toml")

    def reader(p: Path) -> str:
        if p.stem not in texts:
            raise AutomatonError([f"{p}:1:1: no such shared file"])
        return texts[p.stem]

    return _load(Path(file), text, finder, 0, allow_shared=False, reader=reader)


def _load(path: Path, text: str, finder: Callable[[str], Path], depth: int, allow_shared: bool,
          reader: Callable[[Path], str] = read_text) -> Automaton:
    report = _Report(str(path), Index())
    try:
        raw = msgspec.toml.decode(text.encode("utf-8"))
    except msgspec.DecodeError as exc:
        m = _LINE_COL.search(str(exc))
        line, col = (int(m.group(1)), int(m.group(2))) if m else (1, 1)
        reason = _LINE_COL.sub("", str(exc)).replace("(at )", "").strip(" ()")
        raise AutomatonError([shown(f"{path}:{line}:{col}: not TOML: {reason}", one_line=True)]) from None
    except RecursionError:
        raise AutomatonError([f"{path}:1:1: nested too deeply"]) from None
    report.where = index(text)
    bot = _typed(raw, report)
    if bot is not None and bot.header.setup_order is not None and not bot.header.setup_order_rule:
        report.add(("automaton", "setup_order"), "setup_order needs setup_order_rule: the rule that gives the order")
    if bot is not None and bot.header.shared and not allow_shared:
        report.add(("automaton", "shared"), "a shared file is used by bots (uses = [...]), never played alone")
    if bot is not None:
        own = set(bot.procedures)
        for name in bot.header.uses:
            if depth >= MAX_USES_DEPTH:
                report.add(("automaton", "uses"), f"shared files nest deeper than {MAX_USES_DEPTH}")
                break
            try:
                other = _load(finder(name), reader(finder(name)), finder, depth + 1, True, reader)
            except AutomatonError as exc:
                report.add(("automaton", "uses"), f"shared file {name}: {exc.problems[0]}")
                continue
            _merge(bot, other, name, report)
        if not report.found:
            _check(bot, report, own)
        bot.text = text
    if report.found:
        raise AutomatonError(report.lines())
    assert bot is not None
    return bot


def _typed(raw: dict[str, Any], report: _Report) -> Automaton | None:
    """Each table converted on its own, so one bad step does not hide the next."""
    for key in raw:
        if key not in TOP:
            report.add((key,), f"unknown table {key}{near(key, TOP)}")

    def convert(value: Any, type_: Any, path: tuple[str | int, ...]) -> Any:
        try:
            return msgspec.convert(value, type_)
        except msgspec.ValidationError as exc:
            sub, msg = _msgspec_path(str(exc))
            unknown = re.match(r"Object contains unknown field `([^`]+)`", msg)
            if unknown:
                fields = [f for f in getattr(type_, "__struct_fields__", ())]
                renamed = getattr(type_, "__struct_encode_fields__", fields)
                report.add((*path, *sub, unknown.group(1)),
                           f"unknown key {unknown.group(1)}{near(unknown.group(1), renamed)}")
            else:
                report.add((*path, *sub), msg.rstrip(" -"))
            return None

    if "automaton" not in raw:
        report.add((), "the file needs an [automaton] table (id, game, name, version)")
        return None
    header = convert(raw["automaton"], Header, ("automaton",))
    if header is None:
        return None
    bot = Automaton(header=header)
    if "turn" in raw:
        bot.turn = convert(raw["turn"], Turn, ("turn",))
    elif not header.shared:
        report.add(("automaton",), "the file needs a [turn] table naming the procedure of the bot's turn")
    for section, value_type in (("lists", list[str]), ("variables", str | int | bool | list[str])):
        table = raw.get(section, {})
        if not isinstance(table, dict):
            report.add((section,), f"{section} must be a table of named values")
            continue
        # One by one: msgspec names no key inside a dict, and each bad value gets its own line.
        values = {k: convert(v, value_type, (section, k)) for k, v in table.items()}
        setattr(bot, section, {k: v for k, v in values.items() if v is not None})
    readings = convert(raw.get("readings", []), list[Reading], ("readings",))
    bot.readings = readings or []
    for section, type_ in SECTIONS.items():
        table = raw.get(section, {})
        if not isinstance(table, dict):
            report.add((section,), f"{section} must be a table of named entries")
            continue
        out: dict[str, Any] = {}
        for name, value in table.items():
            if section == "procedures" and isinstance(value, dict) and isinstance(value.get("steps"), list):
                head = convert({**value, "steps": []}, Procedure, (section, name))
                steps = [convert(s, Step, (section, name, "steps", i)) for i, s in enumerate(value["steps"])]
                if head is not None and all(s is not None for s in steps):
                    head.steps = steps
                    out[name] = head
                continue
            item = convert(value, type_, (section, name))
            if item is not None:
                out[name] = item
        setattr(bot, section, out)
    return bot


def _merge(bot: Automaton, other: Automaton, name: str, report: _Report) -> None:
    for section in (*SECTIONS, "lists", "variables"):
        mine, theirs = getattr(bot, section), getattr(other, section)
        for key, value in theirs.items():
            if key in mine:
                report.add((section, key), f"{key} is also defined in the shared file {name}")
            else:
                mine[key] = value
    bot.readings.extend(other.readings)
    bot.header.sources.extend(s for s in other.header.sources if s not in bot.header.sources)


def _names(bot: Automaton) -> dict[str, str]:
    """Every name an expression may read → what it is."""
    out: dict[str, str] = {}
    for kind, table in (("option", bot.options), ("counter", bot.counters), ("flag", bot.flags),
                        ("track", bot.tracks), ("table", bot.tables), ("list", bot.lists),
                        ("variable", bot.variables), ("deck", bot.decks), ("zone", bot.zones)):
        for key in table:
            out.setdefault(key, kind)
    out.setdefault(OTHER_BOTS, "read-only count of the other bots at the table")
    return out


def _check(bot: Automaton, report: _Report, own: set[str]) -> None:
    names = _names(bot)
    seen: dict[str, str] = {}
    for section in ("options", "counters", "flags", "tracks", "tables", "lists", "variables", "decks", "zones"):
        for key in getattr(bot, section):
            if key in seen:
                report.add((section, key), f"{key} is already the name of a {seen[key]}")
            seen[key] = section.rstrip("s")
    _check_data(bot, report)
    for name, proc in bot.procedures.items():
        _check_procedure(bot, name, proc, names, report)
    _check_calls(bot, report, own)


def _check_data(bot: Automaton, report: _Report) -> None:
    for key, counter in bot.counters.items():
        if counter.min > counter.max:
            report.add(("counters", key, "min"), f"{key}: min {counter.min} is above max {counter.max}")
        elif not counter.min <= counter.start <= counter.max:
            report.add(("counters", key, "start"),
                       f"{key} starts at {counter.start}, outside its range {counter.min} to {counter.max}")
    for key, opt in bot.options.items():
        if not opt.choices:
            report.add(("options", key, "choices"), f"option {key} has no choices")
        if opt.default is not None and opt.default not in opt.choices:
            report.add(("options", key, "default"),
                       f"default {opt.default} is not a choice{near(opt.default, opt.choices)}")
    for key, table in bot.tables.items():
        option = bot.options.get(table.by)
        if option is None:
            report.add(("tables", key, "by"), f"unknown option {table.by}{near(table.by, bot.options)}")
            continue
        for choice in option.choices:
            if choice not in table.values:
                report.add(("tables", key, "values"), f"table {key} is missing the choice {choice} of {table.by}")
        for choice in table.values:
            if choice not in option.choices:
                report.add(("tables", key, "values", choice),
                           f"{choice} is not a choice of {table.by}{near(choice, option.choices)}")
    for key, track in bot.tracks.items():
        if track.values is not None and len(track.values) != track.spaces:
            report.add(("tracks", key, "values"), f"track {key} has {track.spaces} spaces but {len(track.values)} values")
        if track.start > track.spaces:
            report.add(("tracks", key, "start"), f"track {key} starts past its last space ({track.spaces})")
    for key, deck in bot.decks.items():
        if deck.reshuffle is not None and deck.reshuffle not in bot.zones:
            report.add(("decks", key, "reshuffle"), f"unknown zone {deck.reshuffle}{near(deck.reshuffle, bot.zones)}")
    for key, value in bot.variables.items():
        if isinstance(value, str) and len(value) > 200:
            report.add(("variables", key), f"variable {key} starts longer than 200 characters")


def _check_expression(text: str | int | bool, path: tuple[str | int, ...], names: dict[str, str],
                      report: _Report, offset: int = 0) -> expr.Node | None:
    if not isinstance(text, str):
        return None
    try:
        node = expr.parse(text)
    except expr.ExprError as exc:
        report.add(path, str(exc), offset + exc.column)
        return None
    for name, column in expr.names(node):
        if name not in names:
            report.add(path, f"unknown name {name}{near(name, names)}", offset + column)
    for name, column in expr.track_names(node):
        if names.get(name) not in (None, "track"):
            report.add(path, f"vp() takes a track, and {name} is a {names[name]}", offset + column)
    return node


def _check_text(text: str, path: tuple[str | int, ...], names: dict[str, str], report: _Report) -> None:
    try:
        parts = expr.placeholders(text)
    except expr.ExprError as exc:
        report.add(path, str(exc), exc.column)
        return
    for part, column in parts:
        _check_expression(part, path, names, report, column - 1)


def _step_name(i: int, step: Step) -> str:
    return f"step {i + 1}" + (f" ({step.id})" if step.id else "")


# Keys that belong to one kind of step only (the rest: id, rule, next, text are common).
_OWN = {
    "text": ("ask",), "choices": ("ask",), "least": ("ask",), "most": ("ask",),
    "into": ("ask", "draw"), "card": ("put",), "to": ("clear",),
    "otherwise": ("branch",), "repeat_while": ("repeat",), "times": ("repeat",), "bound": ("repeat",),
}
_KEY_NAME = {"otherwise": "else", "repeat_while": "while"}


def _check_procedure(bot: Automaton, name: str, proc: Procedure, names: dict[str, str], report: _Report) -> None:
    base: tuple[str | int, ...] = ("procedures", name)
    if not proc.steps:
        report.add(base, f"procedure {name} has no steps")
        return
    if proc.offered and not proc.reaction:
        report.add((*base, "offered"), f"offered: procedure {name} is no reaction (it needs reaction = \"…\")")
    elif proc.offered:
        _check_expression(proc.offered, (*base, "offered"), names, report)
    before = len(report.found)
    ids = {s.id: i for i, s in enumerate(proc.steps) if s.id}
    dup = [s.id for i, s in enumerate(proc.steps) if s.id and ids[s.id] != i]
    for d in dup:
        report.add(base, f"two steps of {name} are called {d}")
    edges: dict[int, list[int]] = {}
    for i, step in enumerate(proc.steps):
        at = (*base, "steps", i)
        where = f"{name} {_step_name(i, step)}"
        kinds = step.kind()
        if len(kinds) != 1:
            report.add(at, f"{where}: needs exactly one of {', '.join(STEP_KINDS)}"
                       + (f" (has {', '.join(kinds)})" if kinds else ""))
            continue
        kind = kinds[0]
        for key, owners in _OWN.items():
            if getattr(step, key) not in (None, "") and kind not in owners:
                shown_key = _KEY_NAME.get(key, key)
                report.add((*at, shown_key), f"{where}: {shown_key} belongs to a {' or '.join(owners)} step, not {kind}")
        if not step.rule and not proc.rule:
            report.add(at, f"{where}: every step names its rule (rule = \"…\" on the step or its procedure)")

        def target(key: tuple[str | int, ...], goal: str, at: tuple[str | int, ...] = at, where: str = where) -> int | None:
            if goal not in ids:
                report.add((*at, *key), f"{where}: unknown step {goal}{near(goal, ids)}")
                return None
            return ids[goal]

        out: list[int] = []
        follow = True
        if step.next:
            t = target(("next",), step.next)
            out += [t] if t is not None else []
            follow = False
        if kind == "say":
            _check_text(step.say or "", (*at, "say"), names, report)
        elif kind == "ask":
            _check_ask(bot, step, at, where, names, report)
        elif kind in ("draw", "shuffle"):
            deck = getattr(step, kind)
            if deck not in bot.decks:
                report.add((*at, kind), f"{where}: unknown deck {deck}{near(deck, bot.decks)}")
            elif kind == "draw" and bot.decks[deck].reshuffle is None:
                report.add((*at, kind), f"{where}: deck {deck} can run empty and has no reshuffle rule")
            if kind == "draw":
                _check_into(step, at, where, names, report)
        elif kind == "put":
            if step.put not in bot.zones and step.put not in bot.decks:
                report.add((*at, "put"), f"{where}: unknown zone {step.put}{near(step.put or '', [*bot.zones, *bot.decks])}")
            if not step.card:
                report.add(at, f"{where}: put needs card = \"…\" (which card)")
            _check_expression(step.card, (*at, "card"), names, report)
        elif kind == "clear":
            if step.clear not in bot.zones:
                report.add((*at, "clear"), f"{where}: unknown zone {step.clear}{near(step.clear or '', bot.zones)}")
            if step.to and step.to not in bot.zones and step.to not in bot.decks:
                report.add((*at, "to"), f"{where}: unknown zone {step.to}{near(step.to, [*bot.zones, *bot.decks])}")
        elif kind in ("set", "add"):
            allowed = ("counter", "flag", "variable", "track") if kind == "set" else ("counter", "track")
            for key, value in (getattr(step, kind) or {}).items():
                if names.get(key) not in allowed:
                    what = f"a {names[key]}" if key in names else "unknown"
                    pool = [n for n, k in names.items() if k in allowed]
                    report.add((*at, kind, key), f"{where}: {kind} takes a {' or '.join(allowed)}; {key} is {what}{near(key, pool)}")
                    continue
                _check_expression(value, (*at, kind, key), names, report)
                _check_literal(bot, key, value, kind, (*at, kind, key), where, report)
        elif kind == "score":
            if "vp" not in bot.counters:
                report.add((*at, "score"), f"{where}: score adds to the counter vp, which the file does not define")
            _check_expression(step.score or 0, (*at, "score"), names, report)
        elif kind == "branch":
            for n, case in enumerate(step.branch or []):
                _check_expression(case.when, (*at, "branch", n, "if"), names, report)
                t = target(("branch", n, "go"), case.go)
                out += [t] if t is not None else []
            if step.otherwise is None:
                report.add((*at, "branch"), f"{where}: a branch needs an else (the step when no case holds)")
            else:
                t = target(("else",), step.otherwise)
                out += [t] if t is not None else []
            follow = False
        elif kind in ("repeat", "call"):
            callee = getattr(step, kind)
            if callee not in bot.procedures:
                report.add((*at, kind), f"{where}: unknown procedure {callee}{near(callee, bot.procedures)}")
            if kind == "repeat":
                if step.bound is None:
                    report.add((*at, "repeat"), f"{where}: a repeat needs a bound (the most times it may run)")
                if step.repeat_while is not None:
                    _check_expression(step.repeat_while, (*at, "while"), names, report)
                if step.times is not None:
                    _check_expression(step.times, (*at, "times"), names, report)
        elif kind == "end":
            follow = False
        if step.text and kind == "ask":
            _check_text(step.text, (*at, "text"), names, report)
        if follow and i + 1 < len(proc.steps):
            out.append(i + 1)
        edges[i] = out
    if len(report.found) == before:  # a broken jump strands steps only in appearance
        _check_graph(name, proc, edges, report)


def _check_ask(bot: Automaton, step: Step, at: tuple[str | int, ...], where: str, names: dict[str, str],
               report: _Report) -> None:
    if not step.text:
        report.add(at, f"{where}: an ask needs text = \"…\" (the question)")
    _check_into(step, at, where, names, report)
    if step.ask in ("choice", "several"):
        if step.choices is None:
            report.add(at, f"{where}: a {step.ask} needs choices (a list of words or a list's name)")
        elif isinstance(step.choices, str) and step.choices not in bot.lists:
            report.add((*at, "choices"), f"{where}: unknown list {step.choices}{near(step.choices, bot.lists)}")
        elif isinstance(step.choices, list) and not step.choices:
            report.add((*at, "choices"), f"{where}: no choices")
    if step.ask == "number" and (step.least is None or step.most is None):
        report.add(at, f"{where}: a number needs least and most")
    for key in ("least", "most"):
        value = getattr(step, key)
        if value is not None:
            _check_expression(value, (*at, key), names, report)


def _check_into(step: Step, at: tuple[str | int, ...], where: str, names: dict[str, str], report: _Report) -> None:
    if not step.into:
        report.add(at, f"{where}: into = \"…\" names the variable that keeps the answer")
    elif names.get(step.into) != "variable":
        pool = [n for n, k in names.items() if k == "variable"]
        report.add((*at, "into"), f"{where}: {step.into} is not a variable{near(step.into, pool)} (declare it under [variables])")


def _check_literal(bot: Automaton, key: str, value: str | int | bool, kind: str, path: tuple[str | int, ...],
                   where: str, report: _Report) -> None:
    track = bot.tracks.get(key)
    if track is not None and kind == "set" and not isinstance(value, str):
        if isinstance(value, bool) or not 0 <= value <= track.spaces:
            report.add(path, f"{where}: {value} is outside {key}'s spaces 0 to {track.spaces}")
        return
    counter = bot.counters.get(key)
    if counter is None or kind != "set" or isinstance(value, str):
        return
    if isinstance(value, bool) or not counter.min <= value <= counter.max:
        report.add(path, f"{where}: {value} is outside {key}'s range {counter.min} to {counter.max}")


def _check_graph(name: str, proc: Procedure, edges: dict[int, list[int]], report: _Report) -> None:
    reached: set[int] = set()
    todo = [0]
    while todo:
        i = todo.pop()
        if i in reached:
            continue
        reached.add(i)
        todo.extend(edges.get(i, []))
    for i, step in enumerate(proc.steps):
        if i not in reached:
            report.add(("procedures", name, "steps", i), f"{name} {_step_name(i, step)} is never reached")
    # A loop inside a procedure is a repeat's job: a jump back would have no bound.
    state: dict[int, int] = {}
    for start in sorted(reached):
        stack: list[tuple[int, list[int]]] = []
        if state.get(start):
            continue
        stack.append((start, list(edges.get(start, []))))
        state[start] = 1
        trail = [start]
        while stack:
            node, rest = stack[-1]
            if not rest:
                state[node] = 2
                stack.pop()
                trail.pop()
                continue
            nxt = rest.pop()
            if state.get(nxt) == 1:
                loop = trail[trail.index(nxt):] + [nxt]
                words = " → ".join(_step_name(j, proc.steps[j]) for j in loop)
                jump = proc.steps[node]
                key: tuple[str | int, ...] = ("next",) if jump.next else ("else",) if jump.otherwise else ()
                report.add(("procedures", name, "steps", node, *key),
                           f"{name} {_step_name(node, jump)} jumps back: a cycle not bounded by a repeat "
                           f"({words}); loop with repeat = and bound =")
                continue
            if not state.get(nxt):
                state[nxt] = 1
                stack.append((nxt, list(edges.get(nxt, []))))
                trail.append(nxt)


def _check_calls(bot: Automaton, report: _Report, own: set[str]) -> None:
    calls: dict[str, list[str]] = {
        name: [c for s in proc.steps for c in (s.call, s.repeat) if c in bot.procedures]
        for name, proc in bot.procedures.items()
    }
    roots = [p for p in (bot.turn.procedure, bot.turn.setup) if p] if bot.turn else []
    for key in ("procedure", "setup"):
        start = getattr(bot.turn, key, "") if bot.turn else ""
        if start and start not in bot.procedures:
            report.add(("turn", key), f"unknown procedure {start}{near(start, bot.procedures)}")
    for i, shown_name in enumerate(bot.turn.show if bot.turn else []):
        if shown_name not in bot.variables:
            report.add(("turn", "show", i), f"unknown variable {shown_name}{near(shown_name, bot.variables)}")
    roots += [n for n, p in bot.procedures.items() if p.reaction]
    reached: set[str] = set()
    todo = list(roots)
    while todo:
        n = todo.pop()
        if n in reached or n not in calls:
            continue
        reached.add(n)
        todo.extend(calls[n])
    if not bot.header.shared:
        for n in own:
            if n not in reached:
                report.add(("procedures", n), f"procedure {n} is never called (not the turn, a reaction or called)")
    # A procedure that calls itself, directly or through others, would never end.
    done: set[str] = set()

    def visit(n: str, trail: list[str]) -> None:
        if n in trail:
            loop = trail[trail.index(n):] + [n]
            report.add(("procedures", n), f"procedures call each other in a cycle ({' → '.join(loop)})")
            return
        if n in done:
            return
        for c in calls.get(n, []):
            visit(c, [*trail, n])
        done.add(n)

    for n in bot.procedures:
        visit(n, [])
