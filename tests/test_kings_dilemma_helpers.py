"""Shared helpers for The King's Dilemma tests: the shipped ruleset, a seated table in any
phase, and a driver that answers a procedure's prompts from a list of typed answers."""

from __future__ import annotations

import functools

from tui.engine.game import Context
from tui.engine.prompts import Choice, TurnStart, answer_value, parse_answer
from tui.engine.session import Runner
from tui.games.kings_dilemma import GAME
from tui.games.kings_dilemma.setup import new_state
from tui.games.kings_dilemma.state import KDState
from tui.rules import loader

HOUSES = ["Blodyn", "Solad", "Tork", "Coden", "Olwyn"]


@functools.cache
def rules():
    return loader.load(loader.shipped_path("kings-dilemma"), GAME)


class Table:
    """A Context whose log is kept as a list of lines."""

    def __init__(self):
        self.lines: list[str] = []
        self.ctx = Context(rules(), {}, self.lines.append)

    def text(self) -> str:
        return "\n".join(self.lines)


def seated(n: int = 4, prestige: list[int] | None = None, leader: int = 0, moderator: int | None = None,
           power: int = 8, coins: int = 10, seed: int = 1) -> KDState:
    """A table after setup: Houses Blodyn, Solad, Tork… clockwise, the Leader and Moderator given."""
    state = new_state(rules(), {"players": str(n), "power": str(power), "coins": str(coins)}, seed)
    for seat, p in enumerate(state.players):
        p.house = HOUSES[seat]
        p.prestige = (prestige or [0] * n)[seat]
        p.agenda_chosen = True
    state.leader = leader
    state.moderator = (n - 1) if moderator is None else moderator
    return state


class Drive:
    """Runs a procedure, answering each prompt with the next raw answer; keeps the prompts seen."""

    def __init__(self, gen, answers: list[str]):
        self.prompts = []
        self.result = None
        pending = list(answers)
        value = None
        try:
            item = gen.send(None)
            while True:
                if isinstance(item, TurnStart):
                    item = gen.send(None)
                    continue
                self.prompts.append(item)
                if not pending:
                    raise AssertionError(f"no answer left for: {item.text}")
                value = answer_value(item, parse_answer(item, pending.pop(0)))
                item = gen.send(value)
        except StopIteration as stop:
            self.result = stop.value
        self.left = pending

    @property
    def last(self):
        return self.prompts[-1]


def option_labels(prompt: Choice) -> list[str]:
    return [o.label for o in prompt.options]


def new_runner(players: int = 4, seed: int = 1, recalled=None) -> Runner:
    return Runner.new(GAME, rules(), {"players": str(players)}, seed, recalled)


def answer_by(runner: Runner, script) -> None:
    """Answer prompts with script(prompt) until it returns None or the game ends."""
    while runner.pending is not None:
        raw = script(runner.pending)
        if raw is None:
            return
        runner.answer(raw)
