"""Sessions: replay, undo/redo across turns, undo to here (DESIGN.md, "The step protocol")."""

import msgspec
import pytest

from toy_game import GAME, RULES
from tui.engine.prompts import AnswerError, valid_answers
from tui.engine.rng import Rng
from tui.engine.session import ReplayError, Runner, Session

TURN = ["", "y", "a", "2", "c1"]


def snapshot(runner):
    return msgspec.json.encode(runner.state), [tuple(e) for e in (msgspec.structs.astuple(x) for x in runner.session.log)]


def play_random(runner, steps, seed):
    pick = Rng.from_seed(seed)
    for _ in range(steps):
        if runner.finished:
            break
        runner.answer(pick.pick(valid_answers(runner.pending)))


def reload(runner):
    data = msgspec.json.encode(runner.saved_session())
    return Runner(GAME, RULES, msgspec.json.decode(data, type=Session))


def test_same_seed_and_answers_give_same_draws_and_log():
    a = Runner.new(GAME, RULES, {"gold": "3"}, 99)
    b = Runner.new(GAME, RULES, {"gold": "3"}, 99)
    for answer in TURN * 4:
        a.answer(answer)
        b.answer(answer)
    assert snapshot(a) == snapshot(b)
    c = Runner.new(GAME, RULES, {"gold": "3"}, 100)
    for answer in TURN * 4:
        c.answer(answer)
    assert [e.text for e in c.session.log if e.text.startswith("drew")] != [
        e.text for e in a.session.log if e.text.startswith("drew")
    ]


def test_undo_250_steps_across_turns_then_redo_is_exact_even_after_reload():
    runner = Runner.new(GAME, RULES, {"gold": "3"}, 5)
    history = [snapshot(runner)]
    play_random(runner, 290, seed=1)
    assert runner.applied == 290
    final = snapshot(runner)
    # Record every intermediate state by replaying from scratch.
    fresh = Runner.new(GAME, RULES, {"gold": "3"}, 5)
    for record in runner.session.answers:
        fresh.answer(record.answer)
        history.append(snapshot(fresh))
    undone = runner.undo(260)
    assert len(undone) == 260 and runner.applied == 30
    assert snapshot(runner) == history[30]
    runner = reload(runner)
    assert snapshot(runner) == history[30] and runner.can_redo
    assert len(runner.redo(260)) == 260
    assert snapshot(runner) == final


def test_undo_labels_say_what_they_undo_most_recent_first():
    runner = Runner.new(GAME, RULES, {"gold": "3"}, 5)
    for answer in TURN:
        runner.answer(answer)
    assert runner.undo(2) == ["Which card? → c1", "How many? → 2"]


def test_undo_to_here_from_any_log_line_restores_that_moment():
    runner = Runner.new(GAME, RULES, {"gold": "3"}, 11)
    states = [snapshot(runner)[0]]
    for answer in TURN * 3:
        runner.answer(answer)
        states.append(snapshot(runner)[0])
    line = next(e for e in runner.session.log if e.text.startswith("pays 1 gold") and e.step > 5)
    runner.undo_to(line.step)
    assert runner.applied == line.step
    assert snapshot(runner)[0] == states[line.step]
    assert runner.session.log[-1].text == line.text  # the chosen line is the last one kept


def test_a_new_answer_after_undo_drops_the_redo_list_but_the_same_answer_keeps_it():
    runner = Runner.new(GAME, RULES, {"gold": "3"}, 2)
    for answer in TURN * 2:
        runner.answer(answer)
    runner.undo(4)
    runner.answer("y")  # the same answer as the undone one
    assert len(runner.session.redo) == 3
    runner.answer("1")  # a different one: the branch changed
    assert runner.session.redo == []


def test_bad_answers_change_nothing():
    runner = Runner.new(GAME, RULES, {"gold": "3"}, 2)
    runner.answer("")
    before = snapshot(runner)
    with pytest.raises(AnswerError):
        runner.answer("perhaps")
    assert snapshot(runner) == before and runner.applied == 1


def test_replay_of_a_tampered_answer_is_a_clear_error():
    runner = Runner.new(GAME, RULES, {"gold": "3"}, 2)
    for answer in TURN:
        runner.answer(answer)
    session = msgspec.json.decode(msgspec.json.encode(runner.saved_session()), type=Session)
    session.answers[1].answer = "z"
    with pytest.raises(ReplayError, match="answer 2 .'z'. does not fit 'Pay 1 gold\\?'"):
        Runner(GAME, RULES, session)


def test_game_end_leaves_nothing_pending():
    runner = Runner.new(GAME, RULES, {"gold": "3"}, 2)
    play_random(runner, 10_000, seed=3)
    assert runner.finished and runner.state.over
    with pytest.raises(AnswerError, match="over"):
        runner.answer("y")


def test_an_answer_the_procedure_refuses_is_never_recorded():
    """Issue 13, item 7: a typed answer the game cannot read is refused in place: nothing enters
    the history or the save, and the state is exactly as before (replayed)."""
    import dataclasses

    from tui.engine.prompts import Refused, TextEntry, TurnStart

    def play(state, ctx):
        yield TurnStart("Turn 1")
        ctx.log("asked")
        while True:
            code = yield TextEntry("Cards drawn?", examples=["h d"])
            if code.startswith("x"):
                raise Refused(f"'{code}' names no card")
            ctx.log(f"drew {code}")
            state.over = True
            return

    game = dataclasses.replace(GAME, play=play)
    runner = Runner.new(game, RULES, {}, 1)
    before = [e.text for e in runner.session.log]
    with pytest.raises(AnswerError, match="names no card"):
        runner.answer("xyz")
    assert runner.applied == 0 and runner.session.answers == [] and [e.text for e in runner.session.log] == before
    assert runner.answer("h d") == "Cards drawn? → h d"
    assert runner.session.log[-1].text == "drew h d"
