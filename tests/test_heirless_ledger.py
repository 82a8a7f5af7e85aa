"""The Guarantees ledger and Haggles (seed: season-game-player-turns.txt, 'Free Actions':
Guarantee, Haggle; notes: heirless.md §2; readings dispute-tie, prestige-below-zero)."""

from __future__ import annotations

import pytest

from test_heirless_helpers import answer, free, guarantee, log_texts, pick, player, recorded, set_up
from tui.engine.prompts import AnswerError


def promise(runner, *signers, text="If possible, no Knight enters Meadow"):
    free(runner, "Guarantee")
    pick(runner, "signs", *signers)
    answer(runner, "promise", text)


def break_promise(runner, number, *breakers, agreed=True, votes=()):
    """Mark promise ``number`` broken by ``breakers``; a question the record answers (the only
    promise in force, its only signatory) is not asked, and the history says what it answered."""
    free(runner, "Oathbreak")
    if runner.pending.label == "Broken promise":
        answer(runner, "Which promise", str(number))
    else:
        recorded(runner, f"Broken promise → #{number} ")
    if runner.pending.label == "Breaking parties":
        pick(runner, "Who failed", *breakers)
    else:
        recorded(runner, f"Breaking parties → {', '.join(breakers)} ")
    answer(runner, "agree", "y" if agreed else "n")
    for yay in votes:
        answer(runner, "was promise", "y" if yay else "n")


def ledger(runner):
    return next(g for g in runner.view().tracks if g.title.startswith("Guarantees"))


def test_a_promise_is_written_with_signatories_and_season():
    """seed: Guarantee — agreed, written down and signed by the players' colour names."""
    runner = set_up()
    promise(runner, "Lady Green", "Lord Purple", text="Green and Purple leave Meadow alone")
    p = runner.state.promises[0]
    assert (p.number, p.season, p.signatories, p.text) == (1, 1, [1, 2], "Green and Purple leave Meadow alone")
    row = ledger(runner).rows[0]
    assert (row.label, row.value, row.struck) == ("#1 S1", "Green+Purple", False)
    assert "signed Lady Green, Lord Purple: Green and Purple leave Meadow alone" in log_texts(runner)[-1]


def test_only_breaking_parties_lose_twenty_prestige():
    """seed: Guarantee — failure costs 20 Prestige (an Oathbreak); only the parties failing to
    follow through are penalised."""
    runner = set_up({"prestige": "25"})
    promise(runner, "Lady Green", "Lord Purple")
    break_promise(runner, 1, "Lady Green")
    assert (player(runner, "Green").prestige, player(runner, "Green").oathbreaks) == (5, 1)
    assert (player(runner, "Purple").prestige, player(runner, "Purple").oathbreaks) == (25, 0)


def test_each_of_several_breakers_pays():
    """seed: Guarantee — a joint promise: each party failing it is penalised."""
    runner = set_up({"prestige": "30"})
    promise(runner, "Lady Green", "Lord Purple")
    break_promise(runner, 1, "Lady Green", "Lord Purple")
    assert player(runner, "Green").prestige == 10 and player(runner, "Purple").prestige == 10


def test_a_broken_promise_is_voided_and_struck_through_with_a_note():
    """seed: Guarantee — if an Oathbreak occurs, the promise is voided: cross it out. Shown struck
    and with 'BROKEN' (not every terminal draws strike-through)."""
    runner = set_up()
    promise(runner, "Lord Blue", text="Blue votes for the next Law")
    promise(runner, "Lady Green")
    break_promise(runner, 1, "Lord Blue")
    rows = ledger(runner).rows
    assert rows[0].struck and "BROKEN by Lord Blue" in rows[0].note
    assert not rows[1].struck
    # A voided promise cannot be broken again: promise #2 is the only one in force.
    free(runner, "Oathbreak")
    assert recorded(runner, "Broken promise → ") == "Broken promise → #2 If possible, no Knight enters Meadow (the only promise in force)"


def test_prestige_may_go_below_zero():
    """Reading prestige-below-zero — the full penalty is recorded."""
    runner = set_up()
    promise(runner, "Lord Blue")
    break_promise(runner, 1, "Lord Blue")
    assert player(runner, "Blue").prestige == -20


def test_disputed_break_goes_to_a_yes_no_vote_of_all_players():
    """seed: Guarantee — if some players do not agree that an Oathbreak occurred, all players vote
    (yay and nay, not Influence); every vote is recorded."""
    runner = set_up({"influence": "4"})
    promise(runner, "Lady Green")
    break_promise(runner, 1, "Lady Green", agreed=False, votes=(True, False, True))
    p = runner.state.promises[0]
    assert p.broken and p.disputed
    assert [(v.voter, v.broken) for v in p.votes] == [(0, True), (1, False), (2, True)]
    assert player(runner, "Green").prestige == -20
    assert all(pl.influence == 4 for pl in runner.state.players)  # not an Influence vote
    assert "Lord Blue votes yay on breaking promise #1" in log_texts(runner)


def test_disputed_break_rejected_by_vote_leaves_the_promise_standing():
    """seed: Guarantee (the vote decides): more nays keep it (a tie is the table's call, reading
    dispute-tie: tests/scenarios/heirless, H-5)."""
    runner = set_up()
    promise(runner, "Lady Green")
    break_promise(runner, 1, "Lady Green", agreed=False, votes=(False, False, True))
    p = runner.state.promises[0]
    assert not p.broken and player(runner, "Green").prestige == 0
    assert not ledger(runner).rows[0].struck


def test_haggle_refuses_influence_prestige_and_card_resources():
    """seed: Haggle — Card Resources, Influence, Prestige and Oathbreak are not tradable: they are
    never offered as goods, and a deal naming them is refused in place with one line and never
    recorded (issue 13 item 7)."""
    runner = set_up()
    free(runner, "Haggle")
    pick(runner, "Who trades", "Lord Blue", "Lady Green")
    labels = [o.label for o in runner.pending.options]
    assert not {"Influence", "Prestige", "Card Resources", "Oathbreak"} & set(labels)
    assert "Card Resources, Influence, Prestige, Oathbreak, Employed Workers: never" in runner.pending.text
    pick(runner, "goods", "Resources", "Unemployed Workers")
    answers = len(runner.session.answers)
    with pytest.raises(AnswerError, match="^Influence cannot be traded"):
        runner.answer("Blue gives 3 Influence for 2 Logs")
    assert len(runner.session.answers) == answers
    assert not any("3 Influence" in t for t in log_texts(runner))
    answer(runner, "changed hands", "Blue gives 1 Unemployed Worker for 2 Logs")
    line = log_texts(runner)[-1]
    assert line == ("Haggle between Lord Blue, Lady Green (Resources (Logs, Baguettes, Bricks, Marble), "
                    "Unemployed Workers): Blue gives 1 Unemployed Worker for 2 Logs")
    assert all(p.influence == 0 for p in runner.state.players)


def test_haggle_needs_two_parties():
    """seed: Haggle — the player trades with other players."""
    runner = set_up()
    free(runner, "Haggle")
    assert runner.pending.lo == 2


def test_a_promise_for_this_season_ends_with_the_season():
    """Issue 15 (seed: Guarantee — the letter of the promise decides; reading promise-season): a
    promise worded 'this Season' is closed, kept, when its Season ends; the others stay in force."""
    from test_heirless_helpers import count_battles, idle, next_steps_until

    runner = set_up()
    guarantee(runner, "Lady Green", "Green does not deploy to Meadow this Season")
    guarantee(runner, "Lord Blue", "Blue votes for the next Law")
    for _ in range(3):
        idle(runner)
    count_battles(runner, 0)
    assert len(runner.view().tracks[1].rows) == 2 and "(2 in force)" in runner.view().tracks[1].title
    next_steps_until(runner)
    assert runner.state.season == 2
    first, second = runner.state.promises
    assert first.ended and not first.broken and not second.ended
    assert "Promise #1 was for Season 1 only: it ends with the Season, kept" in log_texts(runner)
    assert runner.view().tracks[1].title == "Guarantees (1 in force)"
    assert "ended with Season 1" in runner.view().tracks[1].rows[0].note
    free(runner, "Oathbreak")  # only the promise still in force can be broken
    assert recorded(runner, "Broken promise → ") == "Broken promise → #2 Blue votes for the next Law (the only promise in force)"
