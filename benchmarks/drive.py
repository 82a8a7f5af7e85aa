"""Random valid play for the benchmarks, and the keys a player would press for each answer."""

from __future__ import annotations

import random
from pathlib import Path

from drivers import answer_lasting, play  # tests/drivers.py (run.py puts tests/ on the path)
from tui.engine.prompts import CardEntry, Choice, Instruction, MultiChoice, Number, Prompt, TextEntry, YesNo
from tui.opengame import OpenGame

__all__ = ["answer_lasting", "play", "keys_for", "bytes_for", "new_save", "GAME"]

GAME = "command-of-nature"


def keys_for(prompt: Prompt, answer: str) -> list[str]:
    """Pilot key names that give ``answer`` on the game screen (see tui/widgets/prompt_bar.py)."""
    match prompt:
        case Instruction():
            return ["enter"]
        case YesNo() | Choice() if len(answer) == 1:
            return [answer]
        case Number() | Choice() | CardEntry() | TextEntry() | MultiChoice():
            return [("space" if c == " " else c) for c in answer] + ["enter"]
    raise ValueError(f"no keys for {prompt!r}")


def bytes_for(prompt: Prompt, answer: str) -> bytes:
    """The same keys as a terminal sends them."""
    if isinstance(prompt, Instruction):
        return b"\r"
    if isinstance(prompt, (YesNo, Choice)) and len(answer) == 1:
        return answer.encode()
    return answer.encode() + b"\r"


def new_save(path: Path, seed: int, steps: int, game: str = GAME) -> OpenGame:
    """A game of ``steps`` lasting random answers (fewer if it ends anyway), written once at the end."""
    og = OpenGame.new(game, {}, seed, None)
    play(og, steps, random.Random(seed))
    og.path = path
    og.autosave()
    return og


def replica(path: Path) -> OpenGame:
    """The save opened a second time, in memory only, to know what the app is asking."""
    og = OpenGame.open(path)
    og.path = None
    return og

