"""Random games that fail when a question was shown whose answer followed from the record (issue
23 item 2): this turn's answers, what Clockwork tracks, the setup.

``asked_known(game_id, seeds)`` plays whole games with random valid answers (drivers.answer_taken
gives another when the game refuses one) and, before each answer, checks the question shown:

- against the record: its fact (``prompt.fact``) must not be known or forced (engine/facts.py);
- against the rules: each of the game's ``implied`` checks, written from the rules text apart from
  the game's code, looks at what was said so far this turn and names the answer that followed.

It returns one line per offence (seed, step, question, why). Each game plugs in with its own
``KNOWN_ANSWERS`` in tests/per_game/<package>.py (how random play sets it up and keeps it going; its
checks, if any); tests/test_known_answers.py plays every registered game.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import per_game
from drivers import answer_taken
from tui.engine.prompts import Instruction, Prompt, valid_answers
from tui.engine.session import Runner
from tui.opengame import OpenGame


@dataclass
class Turn:
    """What a check sees of the turn so far, in order: each question shown with the label of its
    answer (``Asked``), and the other history lines (effects, answers from the record)."""

    events: list = field(default_factory=list)

    @property
    def asked(self) -> list[Asked]:
        return [e for e in self.events if isinstance(e, Asked)]

    def since(self, marker: str) -> list[Asked]:
        """The questions asked after the last history line matching ``marker`` (a regex)."""
        start = 0
        for i, event in enumerate(self.events):
            if isinstance(event, str) and re.search(marker, event):
                start = i + 1
        return [e for e in self.events[start:] if isinstance(e, Asked)]

    def answered(self, pattern: str) -> bool:
        """Some answer this turn has a label matching ``pattern`` (a regex)."""
        return any(re.search(pattern, a.said) for a in self.asked)


@dataclass
class Asked:
    label: str
    text: str
    said: str = ""  # the answer's label in the history ("Hold Darkest Secret? → no")


# A check: (the turn so far, the question shown, the runner, the game's options) → why its answer
# followed from the record, or None.
Check = Callable[[Turn, Prompt, Runner, dict[str, str]], "str | None"]


@dataclass
class Play:
    options: Callable[[random.Random], dict[str, str]] = lambda rnd: {}
    going_on: dict[str, str] = field(default_factory=dict)  # label → the answer that keeps it going
    implied: list[Check] = field(default_factory=list)
    steps: int = 5000  # answers per game at most
    # The game's own pick of an answer (the prompt, the runner, the random source), where random
    # play would end games too soon or make turns too long; None: a random one.
    pick: Callable[[Prompt, Runner, random.Random], str | None] | None = None


def from_record(runner: Runner, prompt: Prompt) -> str | None:
    """The record knows the answer (its fact has one value): it should have answered itself."""
    ask = getattr(prompt, "fact", None)
    record = getattr(runner, "facts", None)
    known = record.known.get(ask.name) if ask is not None and record is not None else None
    if known is not None and len(known.values) == 1:
        return f"the record says {known.values[0]!r} ({known.why})"
    return None


def asked_known(game_id: str, seeds, steps: int | None = None) -> list[str]:
    play: Play = per_game.piece(game_id, "KNOWN_ANSWERS")
    steps = play.steps if steps is None else steps
    offences: list[str] = []
    for seed in seeds:
        rnd = random.Random(seed)
        options = play.options(rnd)
        og = OpenGame.new(game_id, options, seed, None)
        runner = og.runner
        turn, last = Turn(), None  # last: the question shown last this turn (a long turn stays linear)
        seen = len(runner.session.log)
        for step in range(steps):
            for entry in runner.session.log[seen:]:
                if entry.kind == "turn":
                    turn, last = Turn(), None
                elif entry.kind == "answer" and last is not None and not last.said:
                    last.said = entry.text
                else:
                    turn.events.append(entry.text)
            seen = len(runner.session.log)
            prompt = runner.pending
            if prompt is None:
                break
            if not isinstance(prompt, Instruction):
                reasons = [from_record(runner, prompt)] + [check(turn, prompt, runner, options) for check in play.implied]
                for why in filter(None, reasons):
                    offences.append(f"{game_id} seed {seed} step {step}: '{prompt.label or prompt.text}' "
                                    f"asked, but {why}")
            last = Asked(prompt.label, prompt.text)
            turn.events.append(last)
            raw = play.going_on.get(prompt.label)
            if raw is None and play.pick is not None:
                raw = play.pick(prompt, runner, rnd)
            if raw is None or raw not in valid_answers(prompt):
                raw = rnd.choice(valid_answers(prompt))
            answer_taken(og, raw, rnd)
    return offences
