"""Checks of a typed step's reader against its legend (tests/test_typed_legends.py): the shared
kinds of code here; a game's own kinds in its tests/per_game/<package>.py, which names each of
its typed steps in codes with its check (TYPED_CODES)."""

from __future__ import annotations

import re
import string

from tui.engine.prompts import AnswerError, TextEntry


def accepts(prompt: TextEntry, text: str) -> bool:
    assert prompt.check is not None
    try:
        prompt.check(text)
    except AnswerError:
        return False
    return True


def read(prompt: TextEntry, text: str) -> tuple:
    """What the reader makes of ``text`` (a list of tokens or cards)."""
    assert prompt.check is not None
    got = prompt.check(text)
    assert isinstance(got, list)
    return tuple(got)


def codes(prompt: TextEntry) -> list[str]:
    return [code for code, _ in prompt.legend]


def single_letters(rules, prompt: TextEntry) -> None:
    """Every character the reader takes, alone or after a letter (h+), is a code of the legend (in
    either case)."""
    letters = set("".join(codes(prompt)).replace(" ", "").lower())
    for char in string.printable.strip().replace(",", ""):  # commas, like spaces, only separate codes
        for text in (char, f"h{char}"):
            if any(accepts(prompt, " ".join([text] * n)) for n in range(1, 6)):
                assert set(text.lower()) <= letters, (text, letters)
    for code in codes(prompt):
        if len(code) == 1 and code.isalpha():
            assert any(accepts(prompt, " ".join([code] * n)) for n in range(1, 6)), code


def card_ids(rules, prompt: TextEntry) -> None:
    """The IDs the reader takes are exactly the range the legend names."""
    low, high = map(int, re.findall(r"\d+", codes(prompt)[0]))
    assert [n for n in range(0, 100) if accepts(prompt, str(n))] == list(range(low, high + 1))
    assert accepts(prompt, "") and any("Enter" == code for code in codes(prompt))
