"""Drivers shared by the game tests: answering the prompt a test expects, and random valid play
that keeps a game going (for long-game tests, the save fixture and the benchmarks: an answer that
would end the game is undone and another one tried)."""

from __future__ import annotations

import random
import re

import msgspec
import pytest

from tui.engine.prompts import AnswerError, Choice, Prompt, valid_answers
from tui.engine.session import Runner
from tui.opengame import OpenGame


def answer_taken(target, first: str, rng: random.Random | None = None) -> str:
    """Give ``first`` to ``target`` (a Runner or an OpenGame); if the game refuses it (an answer
    the prompt allows but the table's hidden holdings do not: engine Refused), give the prompt's
    other valid answers, in ``rng``'s order (drawn only then) or the prompt's, until one is taken. Returns the
    answer given."""
    runner = getattr(target, "runner", target)
    prompt = runner.pending
    try:
        target.answer(first)
        return first
    except AnswerError:
        pass
    others = [a for a in valid_answers(prompt) if a != first]
    if rng is not None:  # else in the prompt's own order: the smallest amounts first, most often taken
        rng.shuffle(others)
    for raw in others:
        now = runner.pending
        assert (now.label, now.text) == (prompt.label, prompt.text), "a refused answer left its prompt"
        try:
            target.answer(raw)
            return raw
        except AnswerError:
            continue
    raise AssertionError(f"every answer refused at: {prompt.label or prompt.text}")


def refused(target, raw: str, reason: str) -> str:
    """Give ``raw`` to ``target`` (a Runner or an OpenGame) and check it is refused in place
    (issue 13 item 7): AnswerError with ``reason`` in its one line, nothing added to the answers
    or the history, the state as before and the same question still waiting. Returns the message."""
    runner = getattr(target, "runner", target)
    prompt = runner.pending
    answers, log = list(runner.session.answers), [(e.kind, e.text) for e in runner.session.log]
    state = msgspec.json.encode(runner.state)
    with pytest.raises(AnswerError, match=re.escape(reason)) as caught:
        target.answer(raw)
    message = str(caught.value)
    assert "\n" not in message
    assert runner.session.answers == answers
    assert [(e.kind, e.text) for e in runner.session.log] == log
    assert msgspec.json.encode(runner.state) == state
    assert (runner.pending.label, runner.pending.text) == (prompt.label, prompt.text)
    return message


def answer_lasting(og: OpenGame, rng: random.Random) -> tuple[Prompt, str]:
    """Apply a random valid answer that does not end the game, if there is one.
    Returns the prompt answered and the answer."""
    prompt = og.runner.pending
    assert prompt is not None
    answers = valid_answers(prompt)
    rng.shuffle(answers)
    ending = None
    for answer in answers:
        try:
            og.answer(answer)
        except AnswerError:  # refused by the game (engine Refused): nothing was recorded
            continue
        if og.runner.pending is not None:
            return prompt, answer
        ending = answer
        og.undo()
    assert ending is not None, f"every answer refused at: {prompt.label or prompt.text}"
    og.answer(ending)
    return prompt, ending


def play(og: OpenGame, steps: int, rng: random.Random) -> int:
    """Answer up to ``steps`` prompts with answer_lasting(); returns how many were answered."""
    done = 0
    while done < steps and og.runner.pending is not None:
        answer_lasting(og, rng)
        done += 1
    return done


def waiting(runner: Runner) -> Prompt:
    """The prompt the test expects to be waiting (failing plainly when the game is over)."""
    prompt = runner.pending
    assert prompt is not None, "the game is over: no question is waiting"
    return prompt


def answer(runner: Runner, label_part: str, raw: str = "") -> str:
    """Answer the pending prompt after checking it is the one the test expects."""
    prompt = runner.pending
    assert prompt is not None, f"game is over, expected '{label_part}'"
    shown = f"{prompt.label} | {prompt.text}"
    assert label_part.lower() in shown.lower(), f"expected '{label_part}', pending: {shown}"
    return runner.answer(raw)


def option_key(prompt: Choice, label_part: str) -> str:
    for opt in prompt.options:
        if label_part.lower() in opt.label.lower():
            return opt.key
    raise AssertionError(f"no option with '{label_part}' in {[o.label for o in prompt.options]}")


def choose(runner: Runner, label_part: str, option_part: str) -> str:
    prompt = runner.pending
    assert isinstance(prompt, Choice), f"expected a choice, got {prompt}"
    return answer(runner, label_part, option_key(prompt, option_part))


def log_texts(runner: Runner) -> list[str]:
    return [entry.text for entry in runner.session.log]


def hint_line(screen) -> str:
    """The game screen's one-line hint under the prompt, where refusals and notices appear."""
    return str(screen.prompt_bar.query_one("#prompt-hint").render())
