"""Root's four first-wave Clockwork bots as files (issue 25 item 2): rulesets/root/*.toml, played
by the generic table of file bots. Sources: CW = the Law of Root, Clockwork Expansion §4 (the
Mechanical Marquise 2.0); VB = the Law's Vagabot §7; APP = the Clockroot board reminders; notes =
shared/rules/root-clockwork.md."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tui import games
from tui.automaton import trial
from tui.automaton.load import load
from tui.engine.game import check_options
from tui.engine.prompts import Choice, Instruction, Number, Prompt, YesNo, parse_answer, valid_answers
from tui.engine.session import Runner
from tui.opengame import OpenGame

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "rulesets" / "root"
BOTS = ["mechanical-marquise", "electric-eyrie", "automated-alliance", "vagabot"]
# What the table reads off each board at the first game (our sources do not give them): made-up
# answers, distinct per track so a test can tell which track scored.
VALUES = {
    "Sawmill": [0, 1, 2, 3, 4, 5],
    "Workshop": [0, 2, 3, 5, 7, 9],
    "Recruiter": [0, 10, 20, 30, 40, 50],
}


def start(bots: str, humans: int = 0, seed: int = 3) -> Runner:
    game = games.get("root")
    rules = OpenGame.load_rules(game)
    options = check_options(game.setup_options(rules), {"bots": bots, "humans": str(humans)})
    return Runner.new(game, rules, options, seed)


class Table:
    """Answers the runner as a table would: each prompt goes to ``respond``; instructions are
    confirmed; everything shown is kept."""

    def __init__(self, runner: Runner):
        self.runner = runner
        self.shown: list[Prompt] = []

    def until(self, respond: Callable[[Prompt], str | None], most: int = 400) -> Prompt | None:
        """Answers until ``respond`` returns None (the prompt is left pending) or the game ends."""
        for _ in range(most):
            prompt = self.runner.pending
            if prompt is None:
                return None
            answer = "" if isinstance(prompt, Instruction) else respond(prompt)
            if answer is None:
                return prompt
            self.shown.append(prompt)
            self.runner.answer(answer)
        raise AssertionError("the table answered too many prompts")

    def texts(self) -> list[str]:
        return [p.text for p in self.shown]


def marquise_setup(difficulty: str = "2") -> Callable[[Prompt], str | None]:
    """Setup answers: the difficulty (1 easy … 4 nightmare), every trait off, the track values."""

    def respond(prompt: Prompt) -> str | None:
        if isinstance(prompt, Choice) and prompt.text.endswith("Difficulty?"):
            return difficulty
        if isinstance(prompt, Choice) and "Trait" in prompt.text:
            return "1"
        if isinstance(prompt, Number) and "printed under space" in prompt.text:
            space = int(prompt.text.split("space ")[1].split()[0])
            track = next(k for k in VALUES if k in prompt.text)
            return str(VALUES[track][space - 1])
        if isinstance(prompt, Choice) and prompt.text == "Who takes the first turn?":
            return "Mechanical Marquise 2.0"
        return None

    return respond


def marquise_turn(runner: Runner, answers: list[str]) -> Table:
    """One turn of the Marquise, answering its questions in order."""
    table = Table(runner)
    given = iter(answers)

    def respond(prompt: Prompt) -> str | None:
        if isinstance(prompt, Choice) and prompt.text.endswith("turn: play it at the table."):
            return None
        return next(given)

    table.until(respond)
    assert next(given, None) is None, "answers left over"
    return table


def marquise(difficulty: str = "2") -> Runner:
    runner = start("mechanical-marquise", humans=1)
    Table(runner).until(marquise_setup(difficulty))
    return runner


def six_on_the_map(runner: Runner) -> None:
    """Two of each building on the map: four left on each track, the second space empty."""
    mine = runner.state.bots["mechanical-marquise"]
    mine.counters.update(sawmills_left=4, workshops_left=4, recruiters_left=4)
    mine.tracks.update(sawmills=2, workshops=2, recruiters=2)


def said(table: Table, start: str) -> str:
    return next(t for t in table.texts() if t.startswith(start))


# -- the files --------------------------------------------------------------------------------


def test_every_file_validates_and_30_random_games_find_nothing():
    """docs/authoring.md checks; `validate --play` on each bot (issue 25 item 2)."""
    run = subprocess.run([sys.executable, "-m", "tui", "validate", "--play", "30", *map(str, sorted(FOLDER.glob("*.toml")))],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("30 random games") == len(BOTS)
    assert f"ok: {FOLDER / 'clockwork-common.toml'}" in run.stdout


@pytest.mark.parametrize("bot", BOTS)
def test_each_bot_uses_the_shared_rules_and_names_its_readings(bot):
    """notes §2 (the shared rules live once) and §5 (readings named in the file)."""
    loaded = load(FOLDER / f"{bot}.toml")
    assert loaded.header.uses == ["clockwork-common"]
    assert "reveal_order" in loaded.procedures and "poor_manual_dexterity" in loaded.procedures
    assert loaded.readings
    assert trial.play(loaded, 10, seed=9) == []


# -- the Mechanical Marquise 2.0 ----------------------------------------------------------------


def test_marquise_setup_places_the_keep_garrison_and_starting_buildings():
    """CW 4.3.1-4.3.5: 12 warriors leave the supply of 25; one building of each type leaves its track."""
    runner = start("mechanical-marquise", humans=1)
    table = Table(runner)
    table.until(marquise_setup())
    mine = runner.state.bots["mechanical-marquise"]
    assert mine.counters["warriors"] == 13
    assert [mine.counters[k] for k in ("sawmills_left", "workshops_left", "recruiters_left")] == [5, 5, 5]
    assert mine.flags["keep"] is True
    assert any("keep token in a corner clearing chosen at random" in t for t in table.texts())
    asked = [p for p in table.shown if isinstance(p, Number)]
    assert len(asked) == 18  # six spaces on each of three tracks, asked at the first game
    assert mine.track_values["recruiters"] == VALUES["Recruiter"]


@pytest.mark.parametrize(("difficulty", "placed"), [("1", 2), ("2", 4)])
def test_a_fox_order_battles_recruits_builds_moves_and_scores(difficulty, placed):
    """CW 4.4, 4.5.1-4.5.4, 4.6: Easy recruits 2, Normal 4; a sawmill is built and Evening scores the
    value under the rightmost empty space of the sawmill track."""
    runner = marquise(difficulty)
    # reveal fox, no craft; the battles removed nothing; rules a fox clearing; can build
    table = marquise_turn(runner, ["fox", "n", "n", "y", "y"])
    assert said(table, "Battle in every fox clearing").endswith("on a tie, the one with the most VP.")
    assert said(table, "Recruit: place").startswith(f"Recruit: place {placed} warrior(s) over the fox clearings")
    assert said(table, "Take the sawmill").startswith("Take the sawmill from the leftmost filled space")
    assert said(table, "Move:").startswith("Move: from each fox clearing")
    # Setup emptied the leftmost space (value 0); the new sawmill empties the second (value 1).
    assert said(table, "Evening:") == ("Evening: the Marquise scores 1 VP, the value under the rightmost "
                                       "empty space of its sawmill track.")
    mine = runner.state.bots["mechanical-marquise"]
    assert mine.counters["warriors"] == 13 - placed
    assert mine.counters["sawmills_left"] == 4 and mine.counters["vp"] == 1
    assert not any(t.startswith("Expand") for t in table.texts())  # a building was placed
    group = next(g for g in runner.view().tracks if g.title == "Mechanical Marquise 2.0")
    assert next(r.value for r in group.rows if r.label == "Warriors in supply") == str(13 - placed)


def test_challenging_places_two_more_in_the_highest_priority_ordered_clearing():
    """APP difficulty Challenging (CROSS-CHECKED): 4 warriors, then 2 more."""
    runner = marquise("3")
    six_on_the_map(runner)  # so that no Expand follows
    table = marquise_turn(runner, ["mouse", "y", "n", "y", "n"])
    assert said(table, "Recruit: place 4 warrior(s)")
    assert said(table, "Place 2 more warrior(s)") == "Place 2 more warrior(s) in the mouse clearing the Marquise rules of highest priority."
    mine = runner.state.bots["mechanical-marquise"]
    assert mine.counters["warriors"] == 13 - 6
    assert mine.counters["vp"] == 1 + 10  # crafted the order card (BOTICS, notes §2); recruiter space 2


def test_expand_reveals_new_orders_until_a_building_is_placed():
    """CW 4.5.5 (CROSS-CHECKED): no building placed and five or fewer on the map: discard, reveal
    again without crafting, Daylight again; the loop stops once a building is placed."""
    runner = marquise()
    table = marquise_turn(runner, [
        "fox", "n", "n", "y", "n",        # fox: nothing lost in battle, no sawmill can go down
        "mouse", "n", "y", "n",            # Expand (three on the map): mouse, no recruiter either
        "rabbit", "n", "y", "y",           # Expand: rabbit, a workshop is placed
    ])
    reveals = [t for t in table.texts() if t.startswith("Expand: discard the order card")]
    assert len(reveals) == 2
    assert sum(t.endswith("still in the supply?") for t in table.texts()) == 1  # Expand's orders are not crafted
    mine = runner.state.bots["mechanical-marquise"]
    assert mine.variables["order"] == "rabbit" and mine.counters["workshops_left"] == 4
    # Evening scores the order in force at its end: the workshop track, second space.
    assert said(table, "Evening:").startswith("Evening: the Marquise scores 2 VP, the value under the rightmost empty space of its workshop track")
    assert mine.counters["warriors"] == 13 - 12


def test_expand_stops_when_six_buildings_are_on_the_map():
    """CW 4.5.5 (CROSS-CHECKED): six or more buildings on the map end the loop with none placed."""
    runner = marquise()
    six_on_the_map(runner)
    table = marquise_turn(runner, ["rabbit", "n", "n", "n", "n"])
    assert "Recruit: the Marquise rules no rabbit clearing, so no warrior is placed." in table.texts()
    assert not any(t.startswith("Expand: discard") for t in table.texts())
    assert not any("buildings on the map?" in t for t in table.texts())  # counted from its tracks
    assert said(table, "Evening:").startswith("Evening: the Marquise scores 2 VP")


def test_a_bird_order_escalates_daylight():
    """CW 4.7 (CROSS-CHECKED): battle everywhere, 2 and 2 in the two lowest-priority clearings, build
    the most common type (a tie builds a sawmill), move then battle; no Expand after it."""
    runner = marquise()
    table = marquise_turn(runner, ["bird", "n", "n", "y", "y", "n"])
    assert said(table, "Recruit: place 2 warrior(s) in the clearing the Marquise rules of lowest priority and 2 in")
    assert said(table, "Build the type with the most pieces on the map: sawmill")
    assert said(table, "Evening:").startswith("Evening: the Marquise scores 1 VP, the value under the rightmost empty space of the Buildings track that scores most")
    assert not any(t.startswith("Expand") for t in table.texts())


def test_hospitals_brings_two_warriors_back_at_the_keep():
    """APP trait Hospitals (a reaction): as defender, two or more warriors lost bring two back."""
    runner = start("mechanical-marquise", humans=1)
    setup = marquise_setup()

    def respond(prompt: Prompt) -> str | None:
        if isinstance(prompt, Choice) and prompt.text.endswith("Trait: Hospitals?"):
            return "2"
        if isinstance(prompt, Choice) and prompt.text == "Who takes the first turn?":
            return "Player 1"
        return setup(prompt)

    Table(runner).until(respond)
    menu = runner.pending
    assert isinstance(menu, Choice) and menu.text == "Player 1's turn: play it at the table."
    runner.answer("r")  # a reaction: one bot, so its reactions at once
    which = runner.pending
    assert isinstance(which, Choice) and which.text == "Mechanical Marquise 2.0: which reaction's rule fired?"
    runner.answer(next(o.key for o in which.options if "Marquise warriors were removed" in o.label))
    table = Table(runner)
    table.until(lambda p: "3" if isinstance(p, Number) else "y" if isinstance(p, YesNo) else None)
    assert "Hospitals: place 2 Marquise warrior(s) in the Keep's clearing." in table.texts()
    assert runner.state.bots["mechanical-marquise"].counters["warriors"] == 13 + 3 - 2


# -- the Electric Eyrie -----------------------------------------------------------------------------


def eyrie_turn(runner: Runner, respond: Callable[[Prompt], str | None]) -> Table:
    table = Table(runner)

    def answer(prompt: Prompt) -> str | None:
        if isinstance(prompt, Choice) and prompt.text.endswith("turn: play it at the table."):
            return None
        return respond(prompt)

    table.until(answer)
    return table


def test_the_decree_is_kept_across_turns_and_turmoil_purges_it():
    """APP Birdsong, Daylight, Turmoil (notes §4): each order joins its Decree column and stays;
    failing to place a roost loses 1 VP per bird card and purges all but the Loyal Viziers."""
    runner = start("electric-eyrie", humans=1)

    def setup(prompt: Prompt) -> str | None:
        if isinstance(prompt, Choice) and prompt.text == "Who takes the first turn?":
            return "Electric Eyrie"
        if isinstance(prompt, Number):
            return str([0, 1, 2, 3, 4, 4, 5][int(prompt.text.split("space ")[1].split()[0]) - 1])
        if isinstance(prompt, Choice) and prompt.text.startswith("Electric Eyrie:"):
            return "2" if prompt.text.endswith("Difficulty?") else "1"
        return None

    Table(runner).until(setup)
    mine = runner.state.bots["electric-eyrie"]
    assert list(mine.piles.pile("decree_bird")) == ["Loyal Vizier", "Loyal Vizier"]
    orders = iter(["fox", "mouse"])

    def build_yes(prompt: Prompt) -> str | None:
        if isinstance(prompt, Choice) and prompt.text.startswith("Reveal"):
            return next(orders)
        return "y" if prompt.text.startswith(("Recruit", "Build")) else "n"

    eyrie_turn(runner, build_yes)
    runner.answer("d")  # Player 1's turn done
    second = eyrie_turn(runner, build_yes)
    assert list(mine.piles.pile("decree_fox")) == ["fox"] and list(mine.piles.pile("decree_mouse")) == ["mouse"]
    recruits = [t for t in second.texts() if t.startswith("Recruit (")]
    assert [t.split(" column")[0] for t in recruits] == ["Recruit (fox", "Recruit (mouse", "Recruit (bird"]
    assert any(t.startswith("Battle (bird column, 2 card(s), the largest column: deal one extra hit)") for t in second.texts())
    assert mine.counters["vp"] == 1 + 2  # the roost track's second, then third space
    view_rows = {r.label: r.value for g in runner.view().tracks for r in g.rows}
    assert view_rows["Decree: fox column"] == "fox"
    runner.answer("d")
    orders = iter(["bird"])
    third = eyrie_turn(runner, lambda p: next(orders) if isinstance(p, Choice) else "y" if p.text.startswith("Recruit") else "n")
    assert "Turmoil: the Eyrie loses 3 VP, one per bird card in the Decree (Loyal Viziers included; never below 0)." in third.texts()
    assert [list(mine.piles.pile(z)) for z in ("decree_fox", "decree_mouse", "decree_rabbit", "decree_bird")] == [
        [], [], [], ["Loyal Vizier", "Loyal Vizier"]]
    assert mine.counters["vp"] == 3 - 3 + 2  # Evening still scores the roost track after Turmoil


# -- all four with two players ----------------------------------------------------------------------


def test_all_four_bots_and_two_players_play_to_the_end():
    """LAW 3.1: the first to 30 VP wins; random answers, never an error, the game ends (or a bound)."""
    runner = start(",".join(BOTS), humans=2, seed=11)
    pick = random.Random(11)

    def respond(prompt: Prompt) -> str:
        if isinstance(prompt, Choice) and prompt.text.endswith("turn: play it at the table."):
            return "d" if pick.random() < 0.8 else pick.choice([o.key for o in prompt.options if o.key != "w"])
        if isinstance(prompt, Number) and "printed under space" in prompt.text:
            return str(pick.randint(1, 4))
        return parse_answer(prompt, pick.choice(valid_answers(prompt)))

    for _ in range(20000):
        if runner.finished or runner.state.round > 60:
            break
        prompt = runner.pending
        assert prompt is not None
        runner.answer("" if isinstance(prompt, Instruction) else respond(prompt))
    state = runner.state
    assert state.phase == "over" or state.round > 60
    if state.phase == "over":
        assert any(state.bots[s.bot].counters["vp"] >= 30 for s in state.seats if s.bot) or state.winner.startswith("Player")


def test_new_and_step_on_the_command_line(tmp_path):
    """`clockwork new root … --save X` then `clockwork step` (issue 25 item 2)."""
    save = tmp_path / "root.json"
    run = subprocess.run([sys.executable, "-m", "tui", "new", "root", "--option", "bots=mechanical-marquise,electric-eyrie",
                          "--option", "humans=2", "--seed", "4", "--save", str(save), "--saves-dir", str(tmp_path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    step = subprocess.run([sys.executable, "-m", "tui", "step", "--saves-dir", str(tmp_path), str(save), "2"],
                          capture_output=True, text=True, cwd=ROOT)
    assert step.returncode == 0, step.stderr
    assert "Trait: Blitz" in step.stdout


@pytest.mark.parametrize("bot", BOTS)
def test_every_reaction_reads_whole_on_its_line_at_80_columns(bot):
    """docs/authoring.md §3: a reaction is listed one a line under its bot's name, about 74
    characters at 80 columns; a shipped bot's reactions (its shared file's too) all fit, so the
    table reads each whole without F6."""
    automaton = load(FOLDER / f"{bot}.toml")
    long = [p.reaction for p in automaton.procedures.values() if p.reaction and len(p.reaction) > 74]
    assert not long, long
