"""What the play screen shows, and the developer words that must never be in it (issue 13 item 5;
common brief, Standards: source refs, readings and provenance belong in the ruleset and under `g`).

``screen_texts`` collects every string a player sees while a prompt waits: the prompt (question,
label, options, its help under `i`), every pane of the view and the history log."""

from __future__ import annotations

import random
import re

import msgspec

import drivers

from tui.engine.prompts import Choice, MultiChoice, valid_answers
from tui.engine.session import Runner

# Case-sensitive: the tags our sources go by, and the data notes' status words.
SOURCE_TAGS = re.compile(r"\b(RT|APP|LAW|REPO|PT|HL-www|HL-old|INFERRED|UNKNOWN|CONFIRMED)\b")
# Any case: provenance and developer words.
DEVELOPER = re.compile(
    r"\bseeds?\b|§|\bnotes?:|ambiguity \d|\breadings?\b|our sources|editable default|\(fn\d+\)|\bfn\d+\b"
    r"|discrepancy|transcri|\bLaw \d+\.\d", re.IGNORECASE,
)


def developer_words(text: str) -> list[str]:
    return [m.group(0) for m in (*SOURCE_TAGS.finditer(text), *DEVELOPER.finditer(text))]


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def screen_texts(runner: Runner) -> list[str]:
    """Every string of the pending prompt and of the view (history lines are read separately)."""
    texts = _strings(msgspec.to_builtins(runner.view()))
    prompt = runner.pending
    if prompt is not None:
        texts += [prompt.text, prompt.label, prompt.help]
        if isinstance(prompt, (Choice, MultiChoice)):
            texts += [o.label for o in prompt.options]
    return texts


def random_game_words(runner: Runner, rnd: random.Random, steps: int, choose=None) -> list[tuple[str, str]]:
    """Play ``steps`` random valid answers; returns (developer word, text it was in) for every
    offending string shown on the way, the history included."""
    found: dict[str, str] = {}

    def scan(texts):
        for text in texts:
            for word in developer_words(text):
                found.setdefault(text, word)

    for _ in range(steps):
        if runner.pending is None:
            break
        scan(screen_texts(runner))
        answers = valid_answers(runner.pending)
        drivers.answer_taken(runner, choose(runner.pending, rnd) if choose else rnd.choice(answers), rnd)
    scan(screen_texts(runner))
    scan(entry.text for entry in runner.session.log)
    return [(word, text) for text, word in found.items()]
