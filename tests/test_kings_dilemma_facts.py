"""What the record already answers in The King's Dilemma (issue 23 item 2; engine/facts.py; the
audit at the top of tui/games/kings_dilemma/facts.py): the Outcome tokens of the winning side and
the Secret Agenda points read in earlier games answer the table's questions, or rule answers out."""

from __future__ import annotations

import drivers
from test_kings_dilemma_helpers import answer_by, new_runner, rules
from tui.games.kings_dilemma import GAME
from tui.engine.prompts import Choice
from tui.engine.session import AnswerRecord, Runner


def to_the_outcome(aye_tokens: str, nay_tokens: str = "", players: int = 3, seed: int = 1) -> Runner:
    """A game set up with the defaults, whose first Dilemma shows ``aye_tokens`` and
    ``nay_tokens``; every House votes AYE with 1 Power, so AYE wins. Stops at Resource effect 1."""
    runner = new_runner(players, seed=seed)

    def script(prompt):
        label = prompt.label
        if label == "Resource effect 1":
            return None
        if label.startswith("House at seat"):
            return prompt.cards[0]
        answers = {"Prestige as recorded?": "y", "Starting Power and Coins": "y", "Resource legacy": "n",
                   "Open Agenda tokens": "n", "AYE Outcome tokens": aye_tokens, "NAY Outcome tokens": nay_tokens,
                   "Vote resolution": "1"}
        if label in answers:
            return answers[label]
        if label.endswith(" votes"):
            return "1"
        if label.endswith("Power on AYE"):
            return "1"
        if label.endswith(" again"):
            return "2"
        return ""

    answer_by(runner, script)
    assert drivers.waiting(runner).label == "Resource effect 1"
    return runner


def choice(runner: Runner) -> Choice:
    prompt = runner.pending
    assert isinstance(prompt, Choice), prompt
    return prompt


def keys(runner: Runner) -> list[str]:
    return [o.key for o in choice(runner).options]


def effect(runner: Runner, resource: str, way: str | None, amount: str = "1") -> None:
    """One Resource effect; ``way`` None: not asked, since a token still to come gives it."""
    drivers.choose(runner, "Resource effect", resource)
    if way is not None:
        drivers.choose(runner, f"{resource} direction", way)
    drivers.answer(runner, f"{resource} amount", amount)


# -- Play P2 and P5.B: the winning side's Resource tokens are effects of its outcome ---------------


def test_no_more_resource_effects_is_not_offered_while_a_token_s_effect_is_still_to_come():
    """kings-dilemma-summary.txt, Play P2 and P5.B (KD-rb p.9, Resource Outcomes: a Resource symbol
    on the winning side's space moves that Resource its way): with Wealth− and Morale+ on the AYE
    scale, 'no more Resource effects' is neither offered nor taken until both are entered; an
    effect the tokens do not show may come first (not every consequence is shown)."""
    runner = to_the_outcome("wea- mor+")
    assert "0" not in keys(runner) and "still to come: Wealth−, Morale+" in drivers.waiting(runner).text
    before = len(runner.session.answers)
    drivers.refused(runner, "0", "Choose one of")
    assert len(runner.session.answers) == before
    effect(runner, "Influence", "up")  # not on the card's front: allowed, the tokens still wait
    assert "0" not in keys(runner)
    effect(runner, "Wealth", None)
    assert "0" not in keys(runner) and "still to come: Morale+" in drivers.waiting(runner).text
    effect(runner, "Morale", None)
    assert "0" in keys(runner) and choice(runner).default == "0"
    drivers.answer(runner, "Resource effect 4", "0")
    assert drivers.waiting(runner).label == "Stickers"


def test_the_usual_effect_is_the_next_token_still_to_come():
    """Play P5.B: Enter gives the next token's Resource and way, even after an effect the tokens
    do not show."""
    runner = to_the_outcome("kno- wel+")
    assert choice(runner).default == "5"  # Knowledge
    effect(runner, "Morale", "down")
    assert choice(runner).default == "5"
    drivers.answer(runner, "Resource effect 2", "")
    drivers.answer(runner, "Knowledge amount", "")  # its way is its token's: down, not asked
    assert choice(runner).default == "4"  # Welfare


def test_a_resource_s_way_is_not_asked_while_its_token_says_it():
    """Issue 24 item 2; seed: Play P2, P5 B (KD-rb p.9: the token shows the way the outcome moves
    the Resource): with Influence+ on the winning scale, naming Influence moves it up without
    asking, the history saying why; once that token is in, a second Influence effect is asked."""
    runner = to_the_outcome("i+")
    drivers.choose(runner, "Resource effect 1", "Influence")
    assert drivers.waiting(runner).label == "Influence amount"
    known = [e.text for e in runner.session.log if e.kind == "known"]
    assert known[-1] == "Influence direction → up (+) (the AYE scale shows Influence+)"
    drivers.answer(runner, "Influence amount", "1")
    assert runner.state.resource("influence").row > 9
    drivers.choose(runner, "Resource effect 2", "Influence")
    assert [o.key for o in choice(runner).options] == ["1", "2"] and choice(runner).default is None


def test_both_ways_on_the_scale_leave_the_way_to_the_table():
    """Play P2: Wealth+ and Wealth− both on the winning scale: the way is asked."""
    runner = to_the_outcome("wea+ wea-")
    drivers.choose(runner, "Resource effect 1", "Wealth")
    assert drivers.waiting(runner).label == "Wealth direction"


def test_tokens_on_the_losing_side_and_sticker_tokens_ask_for_no_resource_effect():
    """Play P2: only the winning side's tokens are its outcome's effects."""
    runner = to_the_outcome("st+", nay_tokens="wea- mor+")
    assert "0" in keys(runner) and choice(runner).default == "0"


# -- Play P2 and P5.C: a Chronicle sticker token on the winning side is a sticker attached ---------


def test_a_sticker_token_on_the_winning_scale_means_a_chronicle_sticker_is_attached():
    """kings-dilemma-summary.txt, Play P2 and P5.C (KD-rb p.9, Chronicle Stickers: the symbol on
    the winning side's space means a Chronicle sticker is attached): the Stickers question offers
    a Chronicle sticker, or both with a Mystery sticker; 'no sticker' and a Mystery sticker alone
    are refused in place."""
    runner = to_the_outcome("i+ st-")
    effect(runner, "Influence", None)
    drivers.answer(runner, "Resource effect 2", "0")
    assert keys(runner) == ["c", "b"] and choice(runner).default == "c"
    for raw in ("n", "m"):
        drivers.refused(runner, raw, "Choose one of")
    drivers.answer(runner, "Stickers", "")
    assert drivers.waiting(runner).label == "Chronicle sticker"


def test_without_a_sticker_token_every_sticker_answer_stays_open():
    """Play P5.C and KD-rb p.9 (unexpected consequences: not every effect shows on the front)."""
    runner = to_the_outcome("", nay_tokens="st-")
    drivers.answer(runner, "Resource effect 1", "0")
    assert keys(runner) == ["n", "c", "m", "b"] and choice(runner).default == "n"


def test_a_save_made_before_the_record_replays_its_outcomes_as_played():
    """A game saved before Clockwork read the Outcome tokens (tests/fixtures holds one) may hold
    'no more effects' or 'no sticker' against its tokens: those answers stand when it is opened
    again."""
    runner = to_the_outcome("i+ st-")
    session = runner.saved_session()
    for label, raw, said in (("Resource effect 1", "0", "no more Resource effects"), ("Stickers", "n", "no sticker")):
        session.answers.append(AnswerRecord(answer=raw, label=f"{label} → {said}"))
    session.facts_version = 0  # as the Clockwork before this game's facts saved it
    again = Runner(runner.game, rules(), session)
    assert again.state.moves == [] and drivers.waiting(again).label == "Envelope?"
    assert again.session.facts_version == GAME.facts_version == 2


# -- End the Game 1.A: a card's points read in an earlier game of the campaign ---------------------


def test_the_extremist_s_points_for_the_same_distances_are_not_asked_again(tmp_path):
    """kings-dilemma-summary.txt, End the Game 1.A (Resource Goal as per card scoring; readings
    resource-goal: the Extremist card scores the distances from the centre row): the points the
    table read from the card for some distances are the card's for those distances in any later
    game of the campaign; other distances are asked."""
    from test_kings_dilemma_helpers import Drive, Table, seated
    from tui.games.kings_dilemma.scoring import resource_goal
    from tui.games.kings_dilemma.state import DEATH, OVER

    extremist = rules().agenda("extremist")
    state = seated(3)
    state.resources[1].row = 4  # Wealth 5 rows below the centre
    Drive(resource_goal(state, Table().ctx, "Blodyn", extremist), ["6"])
    state.phase, state.end_cause = OVER, DEATH
    GAME.remember(state, tmp_path, "first")
    same = seated(3)
    same.recalled = GAME.recall(tmp_path)
    same.resources[1].row = 14  # 5 rows above: the same distances, the same question
    d = Drive(resource_goal(same, Table().ctx, "Solad", extremist), [])
    assert d.prompts == [] and d.result == (6, "distances Influence 0, Wealth 5, Morale 0, Welfare 0, Knowledge 0")
    other = seated(3)
    other.recalled = same.recalled
    other.resources[1].row = 3  # 6 rows below: other distances, asked
    d = Drive(resource_goal(other, Table().ctx, "Solad", extremist), ["3"])
    assert [p.label for p in d.prompts] == ["Solad: Resource goal"] and d.result[0] == 3
