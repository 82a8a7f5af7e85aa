"""Rules text is paraphrased, never copied (common brief: Standards; seed:
season-game-player-turns.txt, the whole 'Player Turns' page)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import msgspec
import pytest

from test_heirless_helpers import rules

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT.parent / "shared" / "seeds" / "season-game-player-turns.txt"
RUN = 6  # words in a row shared with the rulebook that count as a copy
# Headings of the rulebook cited as sources, not text shown as rules.
HEADINGS = {"player turn order and tie breaker"}


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def runs(text: str) -> set[str]:
    w = words(text)
    return {" ".join(w[i : i + RUN]) for i in range(len(w) - RUN + 1)}


def shown_texts() -> list[str]:
    """Every string of the ruleset but its sources, and every string literal of the game package
    but docstrings: what can reach the screen."""
    texts = []

    def walk(value, key=""):
        if isinstance(value, str) and key != "source":
            texts.append(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                if k != "sources":
                    walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)

    walk(msgspec.to_builtins(rules()))
    for path in (ROOT / "tui/games/heirless").glob("*.py"):
        tree = ast.parse(path.read_text())
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
                and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        texts += [n.value for n in ast.walk(tree)
                  if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]
    return texts


def test_no_sentence_of_the_rulebook_is_copied():
    """Standards: paraphrase rules text in rulesets and on screen; no run of six words of the
    seed's 'Player Turns' page appears in what Clockwork shows."""
    if not SEED.exists():
        pytest.skip("the seed file (shared/seeds) is not beside this checkout")
    seed = runs(SEED.read_text())
    copied = {run for text in shown_texts() for run in runs(text) & seed}
    copied = {run for run in copied if not any(run in h or h in run for h in HEADINGS)}
    assert copied == set()
