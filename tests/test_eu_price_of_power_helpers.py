"""Shared helpers for the EU: The Price of Power Bots tests: the shipped ruleset, a context that
keeps its log, a driver for procedure generators, and a runner answered prompt by prompt."""

from __future__ import annotations

import functools
import re

import msgspec

from tui.engine.facts import STEP, Known, canonical, end_turn, ended
from tui.engine.game import Context
from tui.engine.prompts import (
    AnswerError, Choice, Instruction, MultiChoice, Number, TextEntry, TurnStart, YesNo, answer_value, parse_answer,
)
from tui.engine.rng import Rng
from tui.engine.session import Runner
from tui.games.eu_price_of_power import GAME
from tui.games.eu_price_of_power.setup import new_bot
from tui.games.eu_price_of_power import bot_deck
from tui.games.eu_price_of_power.facts import implied
from tui.games.eu_price_of_power.state import TableState
from tui.rules import loader

SEED_FILE = "/work/shared/seeds/eu-price-of-power-bots.txt"


@functools.cache
def rules():
    return loader.load(loader.shipped_path("eu-price-of-power"), GAME)


def fresh_rules():
    """A private copy of the ruleset a test may change."""
    return msgspec.json.decode(msgspec.json.encode(rules()), type=type(rules()))


class Ctx(Context):
    def __init__(self, rules_=None, options=None):
        self.lines: list[str] = []
        super().__init__(rules_ or rules(), dict(options or {}), self.lines.append)


def bot(key="b1", realm="Austria", difficulty="normal", available=9, seed=1, removals=None):
    b = new_bot(rules(), key, difficulty)
    b.realm = realm
    b.colour = "Red"
    b.available = available
    b.removals = removals or {}
    bot_deck.compose_for_age(b, 1, Rng.from_seed(seed))
    return b


def table(*bots, humans=0, seed=1) -> TableState:
    state = TableState(rng=Rng.from_seed(seed), bots=list(bots), humans=[f"Human {i + 1}" for i in range(humans)])
    state.order = [f"h{i + 1}" for i in range(humans)] + [b.key for b in bots]
    state.phase = "2 Action"
    return state


def drive(gen, answer, ctx=None):
    """Run a procedure generator; ``answer(prompt)`` gives the typed value for each prompt.
    Returns (value returned, prompts seen). With ``ctx`` (the one the procedure was given), a
    question its record answers is answered from it and not seen, and the table's answers are
    recorded, as the runner does (engine/session.py)."""
    seen = []
    try:
        prompt = next(gen)
        while True:
            if isinstance(prompt, TurnStart):
                seen.append(prompt)
                prompt = gen.send(None)
                continue
            told = from_record(ctx, prompt)
            if told is not None:
                prompt = gen.send(told)
                continue
            seen.append(prompt)
            value = answer(prompt)
            if isinstance(prompt, TextEntry) and prompt.check is not None:
                prompt.check(value)  # a text the game refuses in place never reaches it
            if ctx is not None:
                learn(ctx, prompt, value)
            prompt = gen.send(value)
    except StopIteration as stop:
        return stop.value, seen


def from_record(ctx, prompt):
    """The typed answer the record in ``ctx`` gives ``prompt``, or None."""
    ask = getattr(prompt, "fact", None)
    known = ctx.facts.value(ask) if ctx is not None and ask is not None else None
    if known is None:
        return None
    try:
        return answer_value(prompt, parse_answer(prompt, known))
    except AnswerError:
        return None


def learn(ctx, prompt, value) -> None:
    ended(ctx.facts.facts, [STEP])
    ask = getattr(prompt, "fact", None)
    if ask is not None:
        said = " ".join(value) if isinstance(value, list) else canonical(value)
        ctx.facts.facts.known[ask.name] = Known([said], ask.lifetime, "said")


def next_turn(state, ctx) -> None:
    """A turn boundary for ``ctx``'s record: the turn's facts end, the next turn's are implied, and
    each Bot recaps its board facts again (the runner and the game do this at each turn)."""
    end_turn(ctx.facts.facts)
    for b in state.bots:
        b.facts_checked = False
    implied(state, ctx)


def default_answer(prompt):
    """Nothing happened: no to questions, first option, the default or lowest number."""
    match prompt:
        case Instruction():
            return None
        case YesNo():
            return False
        case Choice():
            return prompt.options[0].key
        case Number():
            return prompt.default if prompt.default is not None else prompt.lo
        case TextEntry():
            return prompt.examples[0] if prompt.examples else "x"
        case MultiChoice():
            return []
    raise AssertionError(prompt)


def answers(mapping, fallback=default_answer):
    """Answer prompts whose text matches a regex key with its value (a list is used in turn)."""
    queues = {k: (list(v) if isinstance(v, list) else v) for k, v in mapping.items()}

    def answer(prompt):
        for pattern, value in queues.items():
            if re.search(pattern, prompt.text):
                if isinstance(value, list):
                    assert value, f"no more answers for {pattern!r}"
                    return value.pop(0)
                return value
        return fallback(prompt)

    return answer


def new_runner(options=None, seed=1, recalled=None) -> Runner:
    return Runner.new(GAME, rules(), dict(options or {}), seed, recalled)


def answer_runner(runner: Runner, answer, until, limit=500) -> None:
    """Answer pending prompts with ``answer(prompt)`` (a raw string) until ``until(runner)``."""
    for _ in range(limit):
        if until(runner) or runner.pending is None:
            return
        runner.answer(answer(runner.pending))
    raise AssertionError("did not get there")


def raw(prompt) -> str:
    """default_answer as the raw text a player types."""
    value = default_answer(prompt)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "y" if value else "n"
    if isinstance(value, list):
        return " ".join(value)
    return str(value)
