"""Issue 23 item 2: no question whose answer Clockwork already has. Many seeded random games per
game (tests/known_answers.py); any question shown whose answer followed from the record (this
turn's answers, what Clockwork tracks, the setup) fails the test, naming the seed and the step.
Every registered game is played, with the random play and checks of its tests/per_game file."""

from __future__ import annotations

import pytest

import per_game
from known_answers import asked_known


@pytest.mark.parametrize("game", per_game.ids())
def test_random_games_never_ask_what_the_record_answers(game):
    offences = asked_known(game, seeds=range(60))
    assert offences == [], f"{len(offences)} questions the record answered, e.g.:\n" + "\n".join(offences[:12])
