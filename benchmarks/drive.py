"""Random valid play for the benchmarks, and the keys a player would press for each answer."""

from __future__ import annotations

import random
from pathlib import Path

from tui.engine.prompts import CardEntry, Choice, Instruction, Number, Prompt, YesNo, valid_answers
from tui.opengame import OpenGame

GAME = "command-of-nature"


def keys_for(prompt: Prompt, answer: str) -> list[str]:
    """Pilot key names that give ``answer`` on the game screen (see tui/widgets/prompt_bar.py)."""
    match prompt:
        case Instruction():
            return ["enter"]
        case YesNo() | Choice() if len(answer) == 1:
            return [answer]
        case Number() | Choice() | CardEntry():
            return [("space" if c == " " else c) for c in answer] + ["enter"]
    raise ValueError(f"no keys for {prompt!r}")


def bytes_for(prompt: Prompt, answer: str) -> bytes:
    """The same keys as a terminal sends them."""
    if isinstance(prompt, Instruction):
        return b"\r"
    if isinstance(prompt, (YesNo, Choice)) and len(answer) == 1:
        return answer.encode()
    return answer.encode() + b"\r"


def answer_lasting(og: OpenGame, rng: random.Random) -> tuple[Prompt, str]:
    """Apply a random valid answer that does not end the game, if there is one; an ending answer
    is undone and another tried, so one game can run for thousands of steps.
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


def new_save(path: Path, seed: int, steps: int) -> OpenGame:
    """A game of ``steps`` lasting random answers (fewer if it ends anyway), written once at the end."""
    og = OpenGame.new(GAME, {}, seed, None)
    play(og, steps, random.Random(seed))
    og.path = path
    og.autosave()
    return og


def replica(path: Path) -> OpenGame:
    """The save opened a second time, in memory only, to know what the app is asking."""
    og = OpenGame.open(path)
    og.path = None
    return og

