"""Root's Clockwork bots against the sources found in November 2026 (tests/scenarios/review-2026-11/
root-sources.md): each test names its source by address and section and drives the real bot file
through the engine. Source keys:

LAW-EE / LAW-AA  the Law of Root's pages at therootdatabase.com/law/electric-eyrie/en and
                 /law/automated-alliance/en (the stored copies stop at 5.5.1 and 6.4.4).
REF              a public fan reference that paraphrases the Law of Rootbotics (cover date
                 September 8, 2021) whole, bot by bot, citing its pages and sections (§5 Electric
                 Eyrie p.6-7, §6 Automated Alliance p.8-9, §7 Vagabot p.10-12); root-sources.md
                 says where it is and how far it was trusted.
APP              github.com/Vagabottos/clockroot at 7327f0b (src/app/models/*.ts, en-US.json)."""

from __future__ import annotations

import pytest

from test_root_review_helpers import mine, play, record, table

EE, AA, VB = "electric-eyrie", "automated-alliance", "vagabot"


# -- the Automated Alliance -------------------------------------------------------------------------


@pytest.mark.parametrize(("on_the_map", "spreads"), [(4, 2), (5, 1)])
def test_public_pity_spreads_twice_up_to_four_tokens_on_the_map(on_the_map, spreads):
    """REF §6.4.4 (Public Pity: twice with zero to four sympathy tokens on the map, once with five or
    more); APP src/app/models/woodland.ts (once when the track's first five spaces are empty, commit
    5ccaf0d 'slice from 0-5'). The file spread once at four."""
    runner = table([AA])
    record(runner, AA, base_rabbit=True, bases=1, sympathy_left=10 - on_the_map, sympathy=on_the_map)
    script = [("Which suit", "rabbit"), ("still in the supply", "n")]
    script += [("Can a token be placed", "y"), ("Martial Law", "n")] * spreads
    turn = play(runner, script)
    assert turn.says(f"Public Pity: spread sympathy {spreads} time(s).")
    # Daylight's own spread follows: one more token to place.
    assert runner.pending is not None and "Can a token be placed" in runner.pending.text
    assert mine(runner, AA).counters["sympathy_left"] == 10 - on_the_map - spreads


def test_outrage_is_a_human_players_reaction():
    """LAW-AA 6.2.3 (Automated Outrage: whenever a human removes a sympathy token or moves warriors
    into a sympathetic clearing); REF §6.2.3 (bots never cause it). The reaction says so."""
    runner = table([AA], order=["Player 1", AA])
    prompt = runner.pending
    assert prompt is not None and "Player 1's turn" in prompt.text
    labels = [o.label for o in prompt.options]
    assert any("a human player removed Alliance sympathy" in label for label in labels), labels
    turn = play(runner, [("Player 1's turn", "@a human player removed Alliance sympathy"), ("Outrage", "n")])
    assert "a human player only" in turn.asked[-1]
    assert turn.says("They could not: the Alliance scores 1 VP.")
