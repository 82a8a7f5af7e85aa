"""What the record already answers (issue 23 item 2; DESIGN.md, "The step protocol"): a question
is a fact with a name and a lifetime; the runner answers it from the record and logs that it did,
applies a forced answer, refuses a contradicting one in one line, and keeps facts in the
snapshots so undo and redo stay exact. Checked on a small game of its own, apart from any real
game."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest
from drivers import refused
from toy_game import GAME as TOY
from toy_game import RULES

from tui.engine.facts import GAME as WHOLE_GAME
from tui.engine.facts import ROUND, STEP, TURN, Ask
from tui.engine.game import Status, turn_by_turn
from tui.engine.prompts import AnswerError, Choice, Instruction, Number, Option, YesNo
from tui.engine.rng import Rng
from tui.engine.session import Runner, Session
from tui.engine.view import GameView

CROWN = Ask("crown", TURN, says={"y": "The rival holds the crown", "n": "The rival does not hold the crown"})
GATE = Ask("gate", "move")  # a lifetime of the game's own: until the rival moves
PATH = Ask("path", STEP)
COINS = Ask("coins", TURN)
WEATHER = Ask("weather", ROUND, said="said at dawn")
BANNER = Ask("banner", WHOLE_GAME)


class FactState(msgspec.Struct):
    rng: Rng
    turn: int = 0
    round: int = 1
    over: bool = False
    phase: str = "t"


def fact_turn(state, ctx):
    """One turn: every kind of fact once."""
    state.turn += 1
    if state.turn % 2 == 1 and state.turn > 1:
        state.round += 1
        ctx.facts.end(ROUND)
    yield YesNo("Is it raining?", label="Raining?", fact=WEATHER)
    yield YesNo("Is the banner up?", label="Banner up?", fact=BANNER)
    crown = yield YesNo("Does the rival hold the crown?", label="Rival crown?", fact=CROWN)
    if (yield YesNo("Does the rival hold the crown now?", label="Rival crown?", fact=CROWN)) != crown:
        raise AssertionError("a known answer must be the one given")
    if not crown:
        yield Instruction("Take the crown from the box.", label="Take the crown")
        ctx.facts.state(CROWN, True, why="it took it from the box")
    yield YesNo("Does the rival hold the crown?", label="Rival crown?", fact=CROWN)
    ctx.facts.narrow(PATH, ["l", "r"], why="the middle path is blocked")
    yield Choice("Which path?", [Option("l", "left"), Option("m", "middle"), Option("r", "right")], label="Path", fact=PATH)
    ctx.facts.narrow(COINS, [1, 2, 5], why="only those purses are left")
    yield Number("How many coins?", 0, 9, label="Coins", fact=COINS)
    open_ = yield YesNo("Is the gate open?", label="Gate open?", fact=GATE)
    yield YesNo("Is the gate still open?", label="Gate open?", fact=GATE)
    if open_:
        ctx.facts.end("move")
        yield YesNo("Is the gate open now?", label="Gate open after the move?", fact=GATE)
    if state.turn >= 6:
        state.over = True


def fact_game(state, ctx):
    return turn_by_turn(state, ctx, lambda s: f"Turn {s.turn + 1}", {"t": fact_turn}, lambda s: s.over)


GAME = dataclasses.replace(
    TOY, id="facts", state_type=FactState, new_state=lambda rules, options, seed: FactState(Rng.from_seed(seed)),
    play=fact_game, view=lambda state, rules: GameView(title="facts"),
    status=lambda state: Status(f"turn {state.turn}", header=""),
)


def new() -> Runner:
    return Runner.new(GAME, RULES, {}, 1)


def labels(runner) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in runner.session.log if e.kind in ("answer", "known")]


def one_turn(runner, rain="y", banner="n", crown="n", coins="2", gate="y"):
    runner.answer(rain) if runner.pending.label == "Raining?" else None
    runner.answer(banner) if runner.pending.label == "Banner up?" else None
    runner.answer(crown)
    if crown == "n":
        runner.answer("")
    runner.answer("l")
    runner.answer(coins)
    runner.answer(gate)
    if gate == "y":
        runner.answer("n")


def test_a_known_answer_is_not_asked_and_the_history_says_why():
    runner = new()
    for raw in ("y", "n", "y"):
        runner.answer(raw)
    # The second crown question and the one after: both answered from the record.
    assert runner.pending.label == "Path"
    assert labels(runner)[-2:] == [("known", "The rival holds the crown (said this turn)"),
                                   ("known", "The rival holds the crown (said this turn)")]


def test_a_stated_fact_answers_later_questions_and_a_change_is_said():
    runner = new()
    for raw in ("y", "n", "n"):
        runner.answer(raw)
    assert runner.pending.label == "Take the crown"
    runner.answer("")
    assert runner.pending.label == "Path"
    texts = [e.text for e in runner.session.log]
    assert "The rival holds the crown (it took it from the box; until now the record said otherwise)" in texts
    assert texts[-1] == "The rival holds the crown (it took it from the box)"


def test_a_narrowed_choice_offers_only_what_fits_and_a_contradiction_is_refused_in_one_line():
    runner = new()
    for raw in ("y", "n", "y"):
        runner.answer(raw)
    prompt = runner.pending
    assert isinstance(prompt, Choice) and [o.key for o in prompt.options] == ["l", "r"]
    with pytest.raises(AnswerError):
        runner.answer("m")
    runner.answer("r")
    message = refused(runner, "3", "That contradicts the record")
    assert "only those purses are left" in message and "1; 2; 5" in message
    runner.answer("5")
    assert runner.pending.label == "Gate open?"


def test_lifetimes_step_own_turn_round_and_game():
    runner = new()
    one_turn(runner, rain="y", banner="n", gate="y")
    # Gate: 'open' held until the rival moved (the game ended "move"), then asked again.
    gate = [t for k, t in labels(runner) if "Gate" in t or "gate" in t]
    assert gate == ["Gate open? → yes", "Gate open? → yes (said earlier this turn)",
                    "Gate open after the move? → no"]
    # Turn 2: the round's and the game's facts hold; the turn's do not.
    assert runner.pending.label == "Rival crown?"
    assert labels(runner)[-2:] == [("known", "Raining? → yes (said at dawn)"), ("known", "Banner up? → no (said this game)")]
    one_turn(runner, gate="n")
    # Turn 3 begins a new round: rain is asked again, the banner is not.
    assert runner.pending.label == "Raining?"
    runner.answer("n")
    assert runner.pending.label == "Rival crown?"


def test_facts_are_in_the_snapshots_undo_redo_and_reopening_are_exact():
    runner = new()
    for _ in range(3):
        one_turn(runner, gate="y")
    before = (msgspec.json.encode(runner.state), labels(runner), msgspec.json.encode(runner.facts))
    runner.undo(runner.applied)
    runner.redo(10_000)
    assert (msgspec.json.encode(runner.state), labels(runner), msgspec.json.encode(runner.facts)) == before
    reopened = Runner(GAME, RULES, msgspec.json.decode(msgspec.json.encode(runner.saved_session()), type=Session))
    assert labels(reopened) == before[1]
    runner.undo(4)
    assert runner.pending.label in ("Path", "Coins", "Gate open?", "Rival crown?", "Take the crown")
    runner.redo(4)
    assert labels(runner) == before[1]


def crown_asked_twice() -> tuple[Session, list]:
    """Two turns played (the rival's crown said 'no' on the first), and their answers as an older
    Clockwork kept them: the second turn's crown question asked and answered 'no' again."""
    runner = new()
    one_turn(runner, crown="n")
    one_turn(runner)
    played = runner.saved_session()
    answers = list(played.answers)
    at = next(i for i, a in enumerate(answers) if a.label == "Rival crown? → no") + 1
    answers.insert(at, msgspec.structs.replace(answers[at - 1]))
    return played, answers


def test_a_save_from_before_facts_replays_the_questions_it_was_asked():
    """Saves made before the record answered questions hold answers to them: such a save opens
    and replays as it was played (its contradictions included), and later play uses the record."""
    played, answers = crown_asked_twice()
    old = msgspec.json.encode(msgspec.structs.replace(played, answers=answers, facts_from=-1))
    session = msgspec.json.decode(old, type=Session)
    reopened = Runner(GAME, RULES, session)
    assert reopened.applied == len(answers) and reopened.session.facts_from == len(answers)
    assert [t for k, t in labels(reopened) if k == "answer"] == [a.label for a in answers]
    reopened.undo(reopened.applied)
    reopened.redo(10_000)
    assert [t for k, t in labels(reopened) if k == "answer"] == [a.label for a in answers]
    # New answers after it: the record answers its questions again.
    replayed = len(labels(reopened))
    one_turn(reopened)
    assert ("known", "The rival does not hold the crown (said this turn)") in labels(reopened)[replayed:]
    assert reopened.session.facts_from == len(answers)


def test_a_game_that_adopts_the_record_later_replays_its_older_saves_as_asked():
    """A game answering questions from the record from a later Clockwork on (GameDef.facts_version
    raised) opens a save made before then as played: every question was asked then, and its
    answers replay so; a save made after opens as saved, and both keep the record from then on."""
    played, answers = crown_asked_twice()
    # Saved while the game had facts_version 0 (facts_from 0: every answer counted as recorded).
    before = msgspec.json.encode(msgspec.structs.replace(played, answers=answers, facts_from=0, facts_version=0))
    later = dataclasses.replace(GAME, facts_version=1)
    reopened = Runner(later, RULES, msgspec.json.decode(before, type=Session))
    assert reopened.session.facts_from == len(answers) and reopened.session.facts_version == 1
    assert [t for k, t in labels(reopened) if k == "answer"] == [a.label for a in answers]
    # Saved again and reopened, the answers given since are the record's.
    one_turn(reopened)
    saved = msgspec.json.encode(reopened.saved_session())
    again = Runner(later, RULES, msgspec.json.decode(saved, type=Session))
    assert again.session.facts_from == len(answers) and labels(again) == labels(reopened)
    # A save made by the later game has nothing to replay as asked.
    fresh = Runner.new(later, RULES, {}, 1)
    assert fresh.session.facts_from == 0 and fresh.session.facts_version == 1


# -- a Number's letter keys (Heirless: a Free Action in the middle of a vote) ----------------------

TALLY = Ask("tally", TURN)
DETOUR = Option("f", "a detour first")


def keyed_turn(state, ctx):
    """A count the record narrows, asked with a letter key beside the numbers: the key is a detour,
    after which the same question comes back."""
    state.turn += 1
    ctx.facts.narrow(TALLY, [2, 3], why="two or three are left")
    while (count := (yield Number("How many?", 0, 9, label="Tally", fact=TALLY, keys=[DETOUR]))) == "f":
        yield YesNo("Detour done?", label="Detour")
    yield Number("How many now?", 0, 9, label="Tally again", fact=TALLY, keys=[DETOUR])
    state.over = count is not None


KEYED = dataclasses.replace(GAME, play=lambda state, ctx: turn_by_turn(
    state, ctx, lambda s: f"Turn {s.turn + 1}", {"t": keyed_turn}, lambda s: s.over))


def test_a_numbers_letter_key_is_a_detour_not_an_answer_to_its_fact():
    """The key is neither refused as contradicting the record nor kept as the answer: the
    question comes back and is asked; the count given is the record."""
    runner = Runner.new(KEYED, RULES, {}, 1)
    runner.answer("f")
    runner.answer("y")
    assert runner.pending.label == "Tally"
    refused(runner, "4", "That contradicts the record")
    runner.answer("3")
    assert runner.pending is None
    assert labels(runner)[-1] == ("known", "Tally again → 3 (said this turn)")


# -- a game that begins answering from the record later -------------------------------------------

DOOR = Ask("door", TURN)


def door_turn(ask):
    def turn(state, ctx):
        state.turn += 1
        yield YesNo("Is the door open?", label="Door open?", fact=ask)
        yield YesNo("Is the door still open?", label="Door open?", fact=ask)
        yield Number("How many coins?", 0, 9, label="Coins")
        state.over = True
    return lambda state, ctx: turn_by_turn(state, ctx, lambda s: "Turn", {"t": turn}, lambda s: s.over)


def test_a_save_from_before_its_game_used_the_record_replays_as_played():
    """A game that declares a fact later (its facts_version goes up): a save made before, though
    made after the engine kept facts, holds the table's answer to the question the record now
    answers. It replays as played; what is answered after it uses the record."""
    before = dataclasses.replace(GAME, play=door_turn(None))
    after = dataclasses.replace(GAME, play=door_turn(DOOR), facts_version=1)
    runner = Runner.new(before, RULES, {}, 1)
    for raw in ("y", "y", "3"):
        runner.answer(raw)
    saved = msgspec.json.encode(runner.saved_session())
    assert runner.session.facts_from == 0
    reopened = Runner(after, RULES, msgspec.json.decode(saved, type=Session))
    assert reopened.pending is None and reopened.session.facts_from == 3
    assert [t for k, t in labels(reopened)] == ["Door open? → yes", "Door open? → yes", "Coins → 3"]
    again = Runner(after, RULES, msgspec.json.decode(msgspec.json.encode(reopened.saved_session()), type=Session))
    assert again.session.facts_from == 3 and labels(again) == labels(reopened)
    fresh = Runner.new(after, RULES, {}, 1)
    fresh.answer("y")
    assert fresh.pending.label == "Coins" and labels(fresh)[-1] == ("known", "Door open? → yes (said this turn)")
