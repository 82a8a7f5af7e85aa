"""Random valid play that keeps a game going, for long-game tests, the save fixture and the
benchmarks: an answer that would end the game is undone and another one tried."""

from __future__ import annotations

import random

from tui.engine.prompts import Prompt, valid_answers
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
