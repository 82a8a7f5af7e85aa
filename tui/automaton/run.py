"""Playing a checked automaton: one generic interpreter, no Python per bot. A turn walks the
file's procedures step by step, yielding the engine's prompts and keeping what the bot owns in a
msgspec state (counters, flags, tracks, variables, decks and zones)."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Annotated, Any

import msgspec

from ..engine import bounds

from ..engine.deck import Deck
from ..engine.game import Context
from ..engine.prompts import Choice, Instruction, MultiChoice, Number, Option, Prompt, TurnStart, YesNo
from ..engine.rng import Rng
from . import expr
from .schema import OTHER_BOTS, Automaton, Step
from .schema import Procedure as ProcedureDef

Value = str | int | bool | list[str]


# Every count bounded (issue 21): a damaged save is refused in one line naming the field.
Word = Annotated[str, msgspec.Meta(max_length=bounds.TEXT)]
Kept = Annotated[str, msgspec.Meta(max_length=bounds.TEXT)] | bounds.Tally | bool | bounds.Pieces[Word]


class BotState(msgspec.Struct):
    """What one bot owns; the table keeps the board."""

    bot: bounds.Name
    rng: Rng
    options: bounds.Table[bounds.Name, bounds.Name]
    counters: bounds.Table[bounds.Name, bounds.Amount]
    flags: bounds.Table[bounds.Name, bool]
    tracks: bounds.Table[bounds.Name, bounds.Count]
    variables: bounds.Table[bounds.Name, Kept]
    piles: Deck
    # VP printed under each space of a track whose values no source gives: asked at the first
    # game and remembered (root-clockwork.md §5).
    track_values: bounds.Table[bounds.Name, bounds.Pieces[bounds.Amount]] = {}
    turn: bounds.Counter = 0
    # Where the bot is in its chart: procedure and step index, outermost first.
    at: Annotated[list[tuple[bounds.Name, bounds.Count]], msgspec.Meta(max_length=64)] = []
    # The steps of the innermost procedure in `at` that ran since it was entered, each once: the
    # steps pane ticks these, not the arms of a branch not taken.
    ran: bounds.Pieces[bounds.Count] = []
    # What those of them that say or ask with {…} placeholders said, by step: a step done keeps
    # the words it was read with, not the values the bot holds later (playtest: the Vagabot's
    # "Refresh: turn 2 …" read "turn 1" once it had repaired). Words without placeholders are not
    # kept: they read the same again.
    said: bounds.Table[bounds.Count, Word] = {}
    # The variables given a value this turn: the screen shows only these (last turn's order card
    # is not this turn's).
    fresh: bounds.Pieces[bounds.Name] = []
    # How many other bots sit at the table (set by the table at setup; read as `other_bots`): a
    # file tells the table what to record on a defending bot only where there is one.
    others: bounds.Count = 0


class BotError(RuntimeError):
    """A file that passed its checks did something no check could foresee (a bound hit, a word
    added to a number): the message names the step."""


def new_bot(bot: Automaton, options: dict[str, str], rng: Rng) -> BotState:
    piles = Deck({})
    for name, deck in bot.decks.items():
        piles.ensure(name)
        for card in deck.cards:
            piles.put(card, name)
        piles.shuffle(name, rng)
    for name in bot.zones:
        piles.ensure(name)
    return BotState(
        bot=bot.header.id,
        rng=rng,
        options={k: options.get(k, o.default or next(iter(o.choices))) for k, o in bot.options.items()},
        counters={k: c.start for k, c in bot.counters.items()},
        flags={k: f.start for k, f in bot.flags.items()},
        tracks={k: t.start for k, t in bot.tracks.items()},
        variables=dict(bot.variables),
        piles=piles,
        track_values={k: list(t.values) for k, t in bot.tracks.items() if t.values is not None},
    )


class Plan:
    """A procedure as the interpreter walks it: each step with its kind, the step after it, and
    for a step that neither asks nor moves between procedures its work prepared once as a function
    of the state (the kind is not looked up again at each step of each turn)."""

    __slots__ = ("name", "proc", "ids", "steps")

    def __init__(self, name: str, proc: ProcedureDef, run: Interpreter):
        self.name, self.proc = name, proc
        self.ids = {s.id: i for i, s in enumerate(proc.steps) if s.id}
        # (where: the entry of BotState.at, kind, step, next step, work)
        self.steps: list[tuple[tuple[str, int], str, Step, int, Work | None]] = []
        for i, s in enumerate(proc.steps):
            kind, nxt = s.kind()[0], self.ids[s.next] if s.next else i + 1
            self.steps.append(((name, i), kind, s, nxt, _prepared(run, self, kind, s, nxt)))


Work = Callable[[BotState, Context], int]


def _prepared(run: Interpreter, plan: Plan, kind: str, step: Step, nxt: int) -> Work | None:
    """A step's work as a function returning the step to go to; None for a step that asks, says,
    calls, repeats or ends (the walk itself does those)."""
    if kind == "branch":
        ids = plan.ids
        cases = [(run.condition(case.when), case.go) for case in step.branch or []]
        otherwise = step.otherwise or ""

        def branch(state: BotState, ctx: Context) -> int:
            went = ids[otherwise]
            for holds, go in cases:
                if holds(state):
                    return ids[go]
            return went
        return branch
    if kind == "set":
        values = list((step.set or {}).items())
        value = run.value

        def assign(state: BotState, ctx: Context) -> int:
            for key, text in values:
                _assign(run, key, value(text, state), state, ctx)
            return nxt
        return assign
    if kind == "add":
        amounts = list((step.add or {}).items())
        number = run.number

        def add(state: BotState, ctx: Context) -> int:
            for key, text in amounts:
                current = state.counters.get(key, state.tracks.get(key, 0))
                _assign(run, key, current + number(text, state), state, ctx)
            return nxt
        return add
    if kind == "score":
        points_text = step.score or 0

        def score(state: BotState, ctx: Context) -> int:
            points = run.number(points_text, state)
            old = state.counters["vp"]
            _assign(run, "vp", old + points, state, ctx)
            ctx.log(f"scores {points} VP: {old} → {state.counters['vp']}")
            return nxt
        return score
    if kind in ("draw", "shuffle", "put", "clear"):
        def simple(state: BotState, ctx: Context) -> int:
            _simple(run, kind, step, state, ctx)
            return nxt
        return simple
    return None


class Interpreter:
    """Evaluates a bot's expressions against its state; each text is compiled once (expr.py) and
    kept."""

    def __init__(self, bot: Automaton):
        self.bot = bot
        self._compiled: dict[str, expr.Compiled] = {}
        self._texts: dict[str, tuple[list[str], list[str]]] = {}
        self._kinds: dict[int, tuple[Step, str]] = {}
        self._plans: dict[str, Plan] = {}
        self._reactions: list[tuple[str, str]] | None = None
        self._per_turn: PerTurn | None = None
        self._cites: dict[int, tuple[Step, str, str]] = {}
        self._options: dict[int, tuple[Step, list[Option]]] = {}

    def read(self, state: BotState, name: str) -> Any:
        """What a name in an expression reads, looked up when read (KeyError: no value): a
        variable first, then a counter, flag, track, option, table, list, deck or zone."""
        values: dict[str, Any] = state.variables
        if name in values:
            return values[name]
        values = state.counters
        if name in values:
            return values[name]
        values = state.flags
        if name in values:
            return values[name]
        values = state.tracks
        if name in values:
            return values[name]
        values = state.options
        if name in values:
            return values[name]
        bot = self.bot
        if name in bot.tables:
            table = bot.tables[name]
            return table.values.get(state.options.get(table.by, ""), 0)
        if name in bot.lists:
            return list(bot.lists[name])
        if name in bot.decks or name in bot.zones:
            return list(state.piles.pile(name))
        if name == OTHER_BOTS:
            return state.others
        raise KeyError(name)

    def _reader(self, name: str) -> expr.Compiled:
        """An expression's reader of ``name``: ``read`` with a variable's and a counter's value
        found at once (most names read are those)."""
        read = self.read

        def value(state: BotState) -> Value:
            variables = state.variables
            if name in variables:
                return variables[name]
            counters = state.counters
            if name in counters:
                return counters[name]
            try:
                return read(state, name)
            except KeyError:
                raise expr.EvalError(f"{name} has no value") from None
        return value

    def reactions(self) -> list[tuple[str, str]]:
        """(procedure, what the table's menu says) of each procedure offered as a reaction, in
        the file's order: found once."""
        if self._reactions is None:
            self._reactions = [(name, proc.reaction) for name, proc in self.bot.procedures.items() if proc.reaction]
        return self._reactions

    def per_turn(self) -> PerTurn:
        """The counters and flags that start afresh each turn, with their starts: found once."""
        if self._per_turn is None:
            self._per_turn = _per_turn(self.bot)
        return self._per_turn

    def plan(self, name: str) -> Plan:
        """A procedure's plan, made once."""
        found = self._plans.get(name)
        if found is None:
            found = self._plans[name] = Plan(name, self.bot.procedures[name], self)
        return found

    def kind(self, step: Step) -> str:
        """The step's kind, worked out once per step (a turn walks the same steps again)."""
        found = self._kinds.get(id(step))
        if found is None or found[0] is not step:
            found = self._kinds[id(step)] = (step, step.kind()[0])
        return found[1]

    def value(self, text: str | int | bool, state: BotState) -> Value:
        if not isinstance(text, str):
            return text
        compiled = self._compiled.get(text)
        if compiled is None:
            compiled = self._compiled[text] = expr.compile_node(expr.parse(text), self.read, self._vp, self._reader)
        try:
            return compiled(state)
        except expr.EvalError as exc:
            raise BotError(f"{text}: {exc}") from None

    def cite(self, step: Step, fallback: str) -> str:
        """The rule a step cites (its own, else its procedure's), worded once per step."""
        found = self._cites.get(id(step))
        if found is None or found[0] is not step or found[1] != fallback:
            found = self._cites[id(step)] = (step, fallback, _cite(step, fallback))
        return found[2]

    def condition(self, text: str) -> Callable[[BotState], bool]:
        """``holds(text, state)`` as a function of the state, for a step prepared once: its
        expression compiled at its first use, as ``value`` does."""
        compiled: expr.Compiled | None = None

        def holds(state: BotState) -> bool:
            nonlocal compiled
            if compiled is None:
                compiled = self._compiled.get(text)
                if compiled is None:
                    compiled = self._compiled[text] = expr.compile_node(expr.parse(text), self.read, self._vp, self._reader)
            try:
                value = compiled(state)
            except expr.EvalError as exc:
                raise BotError(f"{text}: {exc}") from None
            if value is True or value is False:
                return value
            raise BotError(f"{text} should be yes or no, is {value!r}")
        return holds

    def number(self, text: str | int, state: BotState) -> int:
        value = self.value(text, state)
        if isinstance(value, bool) or not isinstance(value, int):
            raise BotError(f"{text} should be a number, is {value!r}")
        return value

    def holds(self, text: str, state: BotState) -> bool:
        value = self.value(text, state)
        if not isinstance(value, bool):
            raise BotError(f"{text} should be yes or no, is {value!r}")
        return value

    def _vp(self, state: BotState, track: str) -> int:
        return self.vp(track, state)

    def vp(self, track: str, state: BotState) -> int:
        values = state.track_values.get(track)
        if values is None:
            raise BotError(f"the values of track {track} are not known yet")
        # The position counts the spaces reached from the left; the value is the one printed under
        # the last of them (none reached: 0).
        space = min(state.tracks.get(track, 0), len(values))
        return values[space - 1] if space > 0 else 0

    def text(self, text: str, state: BotState) -> str:
        split = self._texts.get(text)
        if split is None:
            split = self._texts[text] = _split(text)
        words, parts = split
        if not parts:
            return words[0]
        out = [words[0]]
        for part, after in zip(parts, words[1:]):
            value = self.value(part, state)
            out.append(", ".join(value) if isinstance(value, list) else
                       ("yes" if value is True else "no" if value is False else str(value)))
            out.append(after)
        return "".join(out)

    def options(self, step: Step) -> list[Option]:
        """A choice's options, keyed 1, 2, …: made once per step (a file's lists never change)."""
        found = self._options.get(id(step))
        if found is None or found[0] is not step:
            found = self._options[id(step)] = (step, [Option(str(n), word) for n, word in enumerate(self.choices(step), start=1)])
        return list(found[1])

    def choices(self, step: Step) -> list[str]:
        if isinstance(step.choices, str):
            return list(self.bot.lists[step.choices])
        return list(step.choices or [])


PerTurn = tuple[list[tuple[str, int]], list[tuple[str, bool]]]


def _per_turn(bot: Automaton) -> PerTurn:
    return ([(key, c.start) for key, c in bot.counters.items() if c.per_turn],
            [(key, f.start) for key, f in bot.flags.items() if f.per_turn])


def _split(text: str) -> tuple[list[str], list[str]]:
    """A text's words around its `{expression}` parts, and the parts: one more word than parts."""
    words, parts, i = [], [], 0
    for part, column in expr.placeholders(text):
        start = column - 2
        words.append(text[i:start])
        parts.append(part)
        i = start + len(part) + 2
    words.append(text[i:])
    return words, parts


Procedure = Generator[Prompt | TurnStart, Any, str]
END_TURN = "turn"
MAX_DEPTH = 32


def bot_turn(bot: Automaton, state: BotState, ctx: Context, run: Interpreter | None = None) -> Generator[Prompt | TurnStart, Any, None]:
    """One turn of the bot: its [turn] procedure from the first step."""
    if bot.turn is None:
        return
    run = run or Interpreter(bot)
    state.turn += 1
    state.fresh = []
    counters, flags = run.per_turn() if run.bot is bot else _per_turn(bot)
    for key, start in counters:  # what holds for one turn starts afresh
        state.counters[key] = start
    for key, value in flags:
        state.flags[key] = value
    yield from procedure(run, bot.turn.procedure, state, ctx, 0)
    state.at, state.ran, state.said = [], [], {}


def procedure(run: Interpreter, name: str, state: BotState, ctx: Context, depth: int) -> Procedure:
    """Walks one procedure and those its steps call; returns END_TURN when a step ends the whole
    turn. A procedure called is walked here too, as a frame on a list rather than a generator of
    its own, so an answer deep in a turn resumes one generator, not one per level."""
    # The procedures waiting for the one they called, innermost last: (plan, depth, the step
    # after the call, the call or repeat step, times repeated, most times, the steps it ran and
    # what they said).
    callers: list[tuple[Plan, int, int, Step, int, int, list[int], dict[int, str]]] = []
    plan = _enter(run, name, state, depth)
    i = 0
    while True:
        steps = plan.steps
        if i < len(steps):
            where, kind, step, nxt, work = steps[i]
            at = state.at
            if len(at) == depth + 1:
                at[depth] = where
            else:
                del at[depth:]
                at.append(where)
            ran = state.ran
            if i not in ran:
                ran.append(i)
            if work is not None:
                i = work(state, ctx)
                continue
            if kind == "call":
                callers.append((plan, depth, nxt, step, 0, 0, ran, state.said))
                depth += 1
                plan, i = _enter(run, step.call or "", state, depth), 0
                continue
            elif kind == "say":
                said = run.text(step.say or "", state)
                if said != step.say:
                    state.said[i] = said[:bounds.TEXT]
                yield Instruction(said, label=_label(said), help=run.cite(step, plan.proc.rule))
            elif kind == "end":
                if step.end == "turn":
                    return END_TURN
                i = len(steps)  # as if past its last step: the caller goes on
                continue
            elif kind == "ask":
                prompt = _question(run, step, state, plan.proc.rule)
                if prompt.text != step.text:
                    state.said[i] = prompt.text[:bounds.TEXT]
                _remember(state, step.into, answer_word(prompt, (yield prompt)))
            elif kind == "repeat":
                most = min(step.bound or 0, run.number(step.times, state) if step.times is not None else step.bound or 0)
                if _again(run, step, state, 0, most):
                    callers.append((plan, depth, nxt, step, 1, most, ran, state.said))
                    depth += 1
                    plan, i = _enter(run, step.repeat or "", state, depth), 0
                    continue
                _stopped(run, plan, step, state, ctx, 0)
            i = nxt
            continue
        # The procedure ran off its last step: its caller goes on.
        if not callers:
            return "done"
        plan, depth, i, step, done, most, state.ran, state.said = callers.pop()
        if step.repeat is not None:
            if _again(run, step, state, done, most):
                callers.append((plan, depth, i, step, done + 1, most, state.ran, state.said))
                depth += 1
                plan, i = _enter(run, step.repeat, state, depth), 0
                continue
            _stopped(run, plan, step, state, ctx, done)


def _enter(run: Interpreter, name: str, state: BotState, depth: int) -> Plan:
    if depth > MAX_DEPTH:
        raise BotError(f"procedures nested deeper than {MAX_DEPTH} at {name}")
    plan = run._plans.get(name) or run.plan(name)
    state.ran, state.said = [], {}
    if not plan.steps:
        del state.at[depth:]
        state.at.append((name, 0))
    return plan


def _again(run: Interpreter, step: Step, state: BotState, done: int, most: int) -> bool:
    """Does a repeat run its procedure once more?"""
    return done < most and (step.repeat_while is None or run.holds(step.repeat_while, state))


def _stopped(run: Interpreter, plan: Plan, step: Step, state: BotState, ctx: Context, done: int) -> None:
    """A repeat is over: said when its bound stopped it while its condition still held."""
    if done == step.bound and step.repeat_while is not None and run.holds(step.repeat_while, state):
        ctx.log(f"{plan.proc.label}: stops after {done} times (the file's bound)")


def _simple(run: Interpreter, kind: str, step: Step, state: BotState, ctx: Context) -> None:
    """The steps on the bot's own piles."""
    bot = run.bot
    if kind == "draw":
        deck = step.draw or ""
        card = _draw(run, deck, state, ctx)
        _remember(state, step.into, card)
        ctx.log(f"draws a card from {bot.decks[deck].label} (hidden)")
    elif kind == "shuffle":
        state.piles.shuffle(step.shuffle or "", state.rng)
        ctx.log(f"shuffles {bot.decks[step.shuffle or ''].label}")
    elif kind == "put":
        card = str(run.value(step.card, state))
        where = step.put or ""
        state.piles.ensure(where)
        state.piles.put(card, where)
        if where in bot.zones:  # a zone is shown to the table; a deck keeps its cards hidden
            ctx.log(f"puts {card} on {bot.zones[where].label}")
    elif kind == "clear":
        zone = step.clear or ""
        if step.to:
            state.piles.move_all(zone, step.to)
        else:
            state.piles.pile(zone).clear()


_LABELS: dict[str, str] = {}


LABEL = 48


def _label(text: str) -> str:
    """An instruction in the history: its first words (worked out once per text said: a turn
    says the same words again)."""
    if len(text) <= LABEL:
        return text
    found = _LABELS.get(text)
    if found is None:
        if len(_LABELS) > 10_000:  # texts with numbers in them: never more than a few thousand
            _LABELS.clear()
        found = _LABELS[text] = _cut(text, LABEL)
    return found


def _cut(text: str, most: int) -> str:
    cut = text.rfind(" ", 0, most - 1)
    return text[: cut if cut > 0 else most - 1].rstrip(",;:") + "…"


def _remember(state: BotState, name: str, value: Value) -> None:
    state.variables[name] = value
    if name not in state.fresh:
        state.fresh.append(name)


def _cite(step: Step, fallback: str) -> str:
    rule = step.rule or fallback
    return f"Rule: {rule}" if rule else ""


def _question(run: Interpreter, step: Step, state: BotState, rule: str) -> Prompt:
    text = run.text(step.text, state)
    help_ = run.cite(step, rule)
    label = _label(text)  # the history reads "its first words → the answer", not the step's id
    if step.ask == "yesno":
        return YesNo(text, label=label, help=help_)
    if step.ask == "number":
        lo, hi = run.number(step.least or 0, state), run.number(step.most or 0, state)
        return Number(text, lo, max(lo, hi), label=label, help=help_)
    options = run.options(step)
    if step.ask == "several":
        fewest = run.number(step.least, state) if step.least is not None else 0
        most = run.number(step.most, state) if step.most is not None else None
        return MultiChoice(text, options, lo=fewest, hi=most, label=label, help=help_)
    return Choice(text, options, label=label, help=help_)


def answer_word(prompt: Prompt, answer: Any) -> Any:
    """A choice's answer is stored as the word, not its key."""
    if isinstance(prompt, Choice):
        return next((o.label for o in prompt.options if o.key == answer), answer)
    if isinstance(prompt, MultiChoice):
        return [o.label for o in prompt.options if o.key in answer]
    return answer


def _draw(run: Interpreter, deck: str, state: BotState, ctx: Context) -> str:
    card = state.piles.draw(deck)
    if card is None:
        refill = run.bot.decks[deck].reshuffle
        if refill is None or not state.piles.count(refill):
            raise BotError(f"the deck {deck} is empty and nothing can be shuffled back")
        n = state.piles.move_all(refill, deck)
        state.piles.shuffle(deck, state.rng)
        ctx.log(f"shuffles {n} cards back into {run.bot.decks[deck].label}")
        card = state.piles.draw(deck)
        assert card is not None
    return card


def _assign(run: Interpreter, key: str, value: Value, state: BotState, ctx: Context) -> None:
    bot = run.bot
    if key in bot.counters:
        c = bot.counters[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise BotError(f"{key} takes a number, not {value!r}")
        clamped = min(max(value, c.min), c.max)
        if clamped != value:
            ctx.log(f"{c.label} stops at {clamped} (its range is {c.min} to {c.max})")
        state.counters[key] = clamped
    elif key in bot.flags:
        if not isinstance(value, bool):
            raise BotError(f"{key} takes yes or no, not {value!r}")
        state.flags[key] = value
    elif key in bot.tracks:
        t = bot.tracks[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise BotError(f"{key} takes a space number, not {value!r}")
        clamped = min(max(value, 0), t.spaces)
        if clamped != value:
            ctx.log(f"{t.label} stops at {clamped} (its spaces are 0 to {t.spaces})")
        state.tracks[key] = clamped
    else:
        _remember(state, key, value)
