"""The steps pane leaves out what a bot's setup options switch off (playtest: the Marquise's flow
listed Blitz and Challenging's extra warriors though neither was chosen). Options never change
after setup, so a condition that reads only options (and the tables that follow them) is decided
once; one that also reads counters or answers is never decided early. Sources: CW = the Law of
Root, Clockwork Expansion §4; APP = the Clockroot board reminders (rulesets/root/mechanical-marquise.toml)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_root_bots import Table, marquise_setup, start

from tui import games
from tui.automaton import live, table
from tui.automaton.expr import parse
from tui.automaton.chart import outline
from tui.automaton.load import load_text
from tui.engine.game import check_options, reference_pages
from tui.engine.prompts import Choice, Instruction, Prompt
from tui.engine.session import Runner
from tui.opengame import OpenGame

MARQUISE = "mechanical-marquise"
ROOT = Path(__file__).resolve().parents[1]


def seated(difficulty: str = "2", traits: tuple[str, ...] = (), first: str = "Mechanical Marquise 2.0") -> Runner:
    """The Marquise set up at a table with one player: difficulty 1 easy … 4 nightmare, the named
    traits on and the others off."""
    runner = start(MARQUISE, humans=1)
    setup = marquise_setup(difficulty)

    def respond(prompt: Prompt) -> str | None:
        if isinstance(prompt, Choice) and "Trait: " in prompt.text:
            return "2" if prompt.text.split("Trait: ")[1].rstrip("?") in traits else "1"
        if isinstance(prompt, Choice) and prompt.text == "Who takes the first turn?":
            return first
        return setup(prompt)

    Table(runner).until(respond)
    return runner


def until(runner: Runner, starts: str, answers: list[str]) -> None:
    """Answers in order (instructions confirmed) until the pending prompt starts with ``starts``."""
    given = iter(answers)
    for _ in range(100):
        prompt = runner.pending
        assert prompt is not None
        if prompt.text.startswith(starts):
            assert next(given, None) is None, "answers left over"
            return
        runner.answer("" if isinstance(prompt, Instruction) else next(given))
    raise AssertionError(f"never asked {starts!r}")


def flow(runner: Runner) -> list[str]:
    return [step.label for step in runner.view().flow]


# -- the Mechanical Marquise 2.0 ----------------------------------------------------------------


@pytest.mark.parametrize("on", [False, True])
def test_blitz_is_in_the_daylight_steps_only_when_chosen(on):
    """APP trait Blitz (CROSS-CHECKED): after Move (CW 4.5.4) the Marquise blitzes only with the
    trait; off, the steps pane never lists it."""
    runner = seated(traits=("Blitz",) if on else ())
    until(runner, "Battle in every fox clearing", ["fox", "n"])
    steps = flow(runner)
    assert steps[0].startswith("Battle in every fox clearing") and "Expand?" in steps
    assert ("Blitz (trait)" in steps) is on
    assert steps.index("Expand?") == steps.index("Move: from each … clearing, move all Marquise warriors but "
                                                 "three into the adjacent clearing with the most enemy pieces.") + 1 + on


@pytest.mark.parametrize(("difficulty", "extra"), [("1", False), ("2", False), ("3", True), ("4", True)])
def test_challenging_extra_warriors_are_listed_only_on_challenging_and_nightmare(difficulty, extra):
    """APP difficulty Challenging, Nightmare (CROSS-CHECKED): two more warriors after the Recruit of
    CW 4.5.2; Easy and Normal never place them, so their steps pane leaves the step out. The
    condition also reads the supply, which setup does not decide: only the difficulty's half hides it."""
    runner = seated(difficulty)
    until(runner, "Does the Marquise rule any fox clearing?", ["fox", "n", "n"])
    steps = flow(runner)
    assert steps[0] == "Does the Marquise rule any fox clearing?"
    assert any(s.startswith("Recruit: place") for s in steps)
    assert any(s.startswith("Place … more warrior(s)") for s in steps) is extra
    assert "Recruit: the Marquise's supply is empty, so no warrior is placed." in steps  # decided by play, kept


@pytest.mark.parametrize(("difficulty", "shown"), [("3", False), ("4", True)])
def test_nightmare_evening_vp_is_listed_only_on_nightmare(difficulty, shown):
    """APP difficulty Nightmare (CROSS-CHECKED): +1 VP each Evening (CW 4.6, CROSS-CHECKED)."""
    runner = seated(difficulty)
    until(runner, "Evening: the Marquise scores", ["fox", "n", "n", "y", "y"])
    steps = flow(runner)
    assert "Discard the order card." in steps
    assert any(s.startswith("Nightmare: the Marquise scores") for s in steps) is shown


def test_the_seated_marquises_chart_marks_the_traits_left_off():
    """F2 for a seated bot: a switched-off step stays in its chart, marked with the option that
    switches it off (APP traits Blitz, Fortified, Hospitals; APP difficulty Challenging);
    `clockwork chart` shows the file whole."""
    runner = seated(traits=("Blitz",))
    quick, _ = reference_pages(runner.game, runner.rules, runner.state)
    lines = quick[0].lines
    assert "(off: blitz = off)" not in lines  # chosen
    assert any(line.strip() == "(off: fortified = off)" for line in lines)
    # warriors_removed: its question, say, warriors, jump and the two reasons it places none; the
    # hits reaction: its say, warriors and the same two reasons
    assert sum(line.strip() == "(off: hospitals = off)" for line in lines) == 10
    assert any(line.strip() == "(off: difficulty = normal)" for line in lines)
    plain = outline(table.bot_of(runner.state, MARQUISE), width=table.CHART_WIDTH)
    assert not any("(off:" in line for line in plain)


# -- the generic path: a small bot of our own ------------------------------------------------

SMALL = """
[automaton]
id = "lookout"
game = "root"
name = "The Lookout (test)"
version = "1"

[options.lamp]
label = "Lamp"
choices = { off = "Off", on = "On" }
default = "off"
rule = "test §1"

[options.mood]
label = "Mood"
choices = { calm = "Calm", wild = "Wild" }
default = "calm"
rule = "test §1"

[tables.shouts]
by = "mood"
values = { calm = 0, wild = 2 }
rule = "test §1"

[counters.warriors]
label = "Warriors"
min = 0
max = 9
start = 3

[variables]
seen = false

[turn]
procedure = "turn"

[procedures.turn]
label = "The Lookout's turn"
rule = "test §2"

[[procedures.turn.steps]]
ask = "yesno"
text = "Does the Lookout see an enemy?"
into = "seen"

[[procedures.turn.steps]]
branch = [{ if = "mood == 'wild'", go = "wild" }]
else = "calm"

[[procedures.turn.steps]]
id = "wild"
say = "Wild: shout {shouts} times."
next = "lamp"

[[procedures.turn.steps]]
id = "calm"
say = "Calm: keep watch."

[[procedures.turn.steps]]
id = "lamp"
call = "lamp"

[[procedures.turn.steps]]
branch = [{ if = "shouts > 0 and warriors > 0", go = "charge" }, { if = "seen", go = "hide" }]
else = "done"

[[procedures.turn.steps]]
id = "charge"
say = "Charge with {warriors} warriors."
next = "done"

[[procedures.turn.steps]]
id = "hide"
say = "Hide."

[[procedures.turn.steps]]
id = "done"
say = "The Lookout's turn ends."

[procedures.lamp]
label = "Light the lamp"
rule = "test §3"

[[procedures.lamp.steps]]
branch = [{ if = "lamp == 'on'", go = "light" }]
else = "done"

[[procedures.lamp.steps]]
id = "light"
say = "Light the lamp."

[[procedures.lamp.steps]]
id = "done"
end = "procedure"
"""


@pytest.fixture
def lookout(tmp_path, monkeypatch):
    folder = tmp_path / "own"
    folder.mkdir()
    shutil.copy(ROOT / "rulesets" / "root.toml", folder / "root.toml")  # as test_root_table's own folder
    (folder / "lookout.toml").write_text(SMALL)
    monkeypatch.setenv("CLOCKWORK_RULESETS", str(folder))


def lookout_turn(lamp: str, mood: str) -> list[str]:
    game = games.get("root")
    rules = OpenGame.load_rules(game)
    runner = Runner.new(game, rules, check_options(game.setup_options(rules), {"bots": "lookout", "humans": "0"}), 1)
    runner.answer("2" if lamp == "on" else "1")
    runner.answer("2" if mood == "wild" else "1")
    prompt = runner.pending
    assert prompt is not None and prompt.text == "Does the Lookout see an enemy?"
    return flow(runner)


@pytest.mark.parametrize(("lamp", "mood", "steps"), [
    ("off", "calm", ["Calm: keep watch.", "Hide."]),
    ("on", "calm", ["Calm: keep watch.", "Light the lamp", "Hide."]),
    ("off", "wild", ["Wild: shout … times.", "Charge with … warriors.", "Hide."]),
    ("on", "wild", ["Wild: shout … times.", "Light the lamp", "Charge with … warriors.", "Hide."]),
])
def test_a_files_steps_switched_off_by_its_options_are_left_out(lookout, lamp, mood, steps):
    """A branch decided by options shows its live arm only; a call of a procedure the options leave
    with nothing to do is left out; a case that also reads a counter or an answer is kept unless its
    options half already decides it."""
    assert lookout_turn(lamp, mood) == ["Does the Lookout see an enemy?", *steps, "The Lookout's turn ends."]


def test_a_condition_that_reads_play_is_never_decided_by_setup():
    """Only options and their tables are settled; `and`/`or` settled by one side alone."""
    seen = live.Live(load_text(SMALL, "lookout.toml"), {"lamp": "on", "mood": "wild"})
    env = seen.env
    assert live.fixed(parse("seen"), env) is live.OPEN
    assert live.fixed(parse("shouts > 0 and warriors > 0"), env) is live.OPEN
    assert live.fixed(parse("shouts > 0 or warriors > 0"), env) is True
    assert live.fixed(parse("lamp == 'on' and not (mood == 'calm')"), env) is True
    assert seen.off("turn") == {3: {"mood"}}

