"""Issue 23 (Oath): the printed Prince board's starred Tactics space is asked at setup and
remembered with the board for later games; a winning Exile Prince is told the Archive suit. Each
docstring names the rule in the seed oath-clockwork-prince.txt ("RT", by section)."""

from __future__ import annotations

from test_oath_helpers import answer, arranged, rules
from tui.games.oath.state import OTHERS


def walk(runner, *steps) -> None:
    for label, raw in steps:
        answer(runner, label, raw)


def test_a_winning_exile_prince_is_told_the_archive_suit():
    """RT: WRITING THE CHRONICLE AS THE WINNER: with no edifice built or repaired (an Exile builds
    none) the six Archive cards take the suit of the highest Friend."""
    top = rules().top_row
    runner = arranged(node="T_SUP", friends=[("Hearth", top), ("Beast", 2)], options={"role": "exile"},
                      round=rules().world_deck.last_round, phase=OTHERS)
    walk(runner, ("Humans' turns", "x"), ("Winner", "p"))
    text = runner.pending.text
    assert "Archive" in text and "Hearth" in text and "Edifice" not in text
