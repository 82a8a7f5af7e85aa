"""Issue 23 item 2: no question whose answer Clockwork already has. Many seeded random games per
game (tests/known_answers.py); any question shown whose answer followed from the record (this
turn's answers, what Clockwork tracks, the setup) fails the test, naming the seed and the step.
A game that adopts the record (engine/facts.py) adds its id here."""

from __future__ import annotations

import pytest

from known_answers import asked_known

ADOPTED = ["oath", "eu-price-of-power", "heirless", "command-of-nature", "kings-dilemma"]


@pytest.mark.parametrize("game", ADOPTED)
def test_random_games_never_ask_what_the_record_answers(game):
    offences = asked_known(game, seeds=range(60))
    assert offences == [], f"{len(offences)} questions the record answered, e.g.:\n" + "\n".join(offences[:12])
