"""Drivers shared by the game tests: answering the prompt a test expects, and random valid play
that keeps a game going (for long-game tests, the save fixture and the benchmarks: an answer that
would end the game is undone and another one tried)."""

from __future__ import annotations

import random

from tui.engine.prompts import Choice, Prompt, valid_answers
from tui.engine.session import Runner
from tui.opengame import OpenGame


def answer_lasting(og: OpenGame, rng: random.Random) -> tuple[Prompt, str]:
    """Apply a random valid answer that does not end the game, if there is one.
    Returns the prompt answered and the answer."""
    prompt = og.runner.pending
    assert prompt is not None
    answers = valid_answers(prompt)
    rng.shuffle(answers)
    for answer in answers:
        og.answer(answer)
        if og.runner.pending is not None or answer == answers[-1]:
            return prompt, answer
        og.undo()
    raise AssertionError("unreachable")


def play(og: OpenGame, steps: int, rng: random.Random) -> int:
    """Answer up to ``steps`` prompts with answer_lasting(); returns how many were answered."""
    done = 0
    while done < steps and og.runner.pending is not None:
        answer_lasting(og, rng)
        done += 1
    return done


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
