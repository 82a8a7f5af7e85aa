"""Issue 14, sizes: turn snapshots older than the last few hundred answers are thinned, so a long
game of short turns holds a few hundred bytes per step, not kilobytes; undo and redo stay exact
however far back they go; a 10,000-step save opens in well under a second (benchmarks/memory.py
measures every game)."""

from __future__ import annotations


import msgspec

import drivers

from toy_game import GAME, RULES
from tui.engine import session
from tui.engine.prompts import valid_answers
from tui.engine.session import Runner
from tui.opengame import OpenGame


def played(runner: Runner, steps: int, pick: int = 0) -> Runner:
    for _ in range(steps):
        if runner.pending is None:
            break
        options = valid_answers(runner.pending)
        drivers.answer_taken(runner, options[pick % len(options)])
        pick += 1
    return runner


def test_thinned_snapshots_keep_undo_and_redo_exact_anywhere(monkeypatch):
    monkeypatch.setattr(session, "RECENT", 12)
    monkeypatch.setattr(session, "SPACING", 7)
    runner = played(Runner.new(GAME, RULES, {"gold": "3"}, 5), 290)
    total = runner.applied
    final = msgspec.json.encode(runner.state)
    snaps = runner.session.snapshots
    turns = total // 5  # the toy begins a turn every 5 answers: one snapshot each before
    assert len(snaps) < turns * 3 // 4
    steps = [s.step for s in snaps]
    assert steps == sorted(steps) and steps[0] == 0
    assert total - steps[-1] < 12  # the recent ones stay: a short undo replays little
    for back in (1, 6, 13, 57, 140, total):
        dense = played(Runner.new(GAME, RULES, {"gold": "3"}, 5), total - back)
        runner.undo(back)
        assert msgspec.json.encode(runner.state) == msgspec.json.encode(dense.state)
        assert [e.text for e in runner.session.log] == [e.text for e in dense.session.log]
        runner.redo(back)
        assert msgspec.json.encode(runner.state) == final


def test_a_long_game_keeps_about_max_old_snapshots_spread_over_it(monkeypatch):
    """The spacing widens as the game grows, so a game of any length keeps a bounded number of
    whole-state snapshots (The King's Dilemma's state itself grows as it goes on)."""
    monkeypatch.setattr(session, "RECENT", 10)
    monkeypatch.setattr(session, "SPACING", 5)
    monkeypatch.setattr(session, "MAX_OLD", 4)
    runner = played(Runner.new(GAME, RULES, {"gold": "3"}, 5), 290)
    total = runner.applied
    final = msgspec.json.encode(runner.state)
    old = [s for s in runner.session.snapshots if s.step < total - 10]
    assert len(old) <= 2 * 4 + 2 * 10 + 1  # thinned, plus at most one batch not yet looked at
    reopened = Runner(GAME, RULES, runner.saved_session())  # replaying never makes the thinned ones
    assert len([s for s in reopened.session.snapshots if s.step < total - 10]) <= 4 + 1
    for back in (3, 40, 150, total):
        reopened.undo(back)
        assert [e.text for e in reopened.session.log] == [
            e.text for e in played(Runner.new(GAME, RULES, {"gold": "3"}, 5), total - back).session.log]
        reopened.redo(back)
        assert msgspec.json.encode(reopened.state) == final


def test_a_long_kings_dilemma_save_keeps_few_snapshots_and_replays_exactly(tmp_path):
    """Short turns: every turn kept a whole-state snapshot (3.5 KB per step before)."""
    og = OpenGame.new("kings-dilemma", {}, 1, None)
    played(og.runner, 2_000)  # hundreds of turns past the recent ones kept whole
    assert og.runner.applied == 2_000
    og.path = tmp_path / "long.json"
    og.autosave()
    # How fast it opens is measured by benchmarks/memory.py, not asserted here (machines are
    # noisy); what makes it fast is asserted: few snapshots, the same state after the replay.
    opened = OpenGame.open(og.path)
    assert len(opened.runner.session.snapshots) <= 2_000 // session.SPACING + 2 * session.RECENT
    assert msgspec.json.encode(opened.runner.state) == msgspec.json.encode(og.runner.state)

