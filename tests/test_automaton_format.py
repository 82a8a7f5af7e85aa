"""Automata from a file (issue 25): the format, its checks, its chart and its interpreter, on the
worked example of docs/authoring.md (docs/examples/patrol.toml)."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tui.automaton import chart, expr, trial
from tui.automaton.load import AutomatonError, load, load_text
from tui.automaton.run import BotState, Interpreter, bot_turn, new_bot
from tui.engine.game import Context
from tui.engine.prompts import Choice, Instruction, Prompt, TurnStart, YesNo, answer_value, parse_answer
from tui.engine.rng import Rng

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "patrol.toml"
TEXT = EXAMPLE.read_text()


def problems(text: str) -> list[str]:
    with pytest.raises(AutomatonError) as caught:
        load_text(text, "bot.toml")
    return caught.value.problems


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_the_worked_example_loads_and_its_chart_fits_80_columns():
    bot = load(EXAMPLE)
    lines = chart.outline(bot)
    assert max(len(line) for line in lines) <= 80
    assert "Each turn: turn" in lines
    assert any("if order == 'bird' → 11 bird" in line for line in lines)
    assert not any("never reached" in line for line in lines)
    assert chart.mermaid(bot)[0] == "flowchart TD"
    assert chart.dot(bot)[-1] == "}"


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        ('put = "used"', 'put = "usd"', 'put = "usd"', "unknown zone usd (did you mean used?)"),
        ("camps < 4", "camp < 4", "camp < 4", "unknown name camp (did you mean camps?)"),
        ('go = "place"', 'go = "plaec"', 'go = "plaec"', "unknown step plaec (did you mean place?)"),
        ('repeat = "build"', 'repeat = "biuld"', 'repeat = "biuld"', "unknown procedure biuld (did you mean build?)"),
        ('by = "temper"', 'by = "tempre"', 'by = "tempre"', "unknown option tempre (did you mean temper?)"),
        ('values = { calm = 2, angry = 3 }', 'values = { calm = 2 }', "values = { calm = 2 }",
         "table muster is missing the choice angry of temper"),
        ("start = 12", "start = 13", "start = 13", "warriors starts at 13, outside its range 0 to 12"),
        ('reshuffle = "used"\n', "\n", 'label = "Tactics"', "deck tactics can run empty and has no reshuffle rule"),
        ("bound = 4\n", "\n", 'repeat = "build"', "a repeat needs a bound"),
        ('values = [1, 2, 3, 4]', 'values = [1, 2, 3]', "values = [1, 2, 3]", "track camps has 4 spaces but 3 values"),
        ("set = { more = true }", "set = { camps = 5 }", "set = { camps = 5 }", "5 is outside camps's spaces 0 to 4"),
    ],
)
def test_each_problem_is_one_line_at_its_place_with_a_near_name(old, new, needle, message):
    text = TEXT.replace(old, new, 1)
    found = problems(text)
    line = line_of(text, needle) if needle != 'label = "Tactics"' else None
    matching = [p for p in found if message in p]
    assert matching, found
    where = re.match(r"bot\.toml:(\d+):(\d+): ", matching[0])
    assert where, matching[0]
    if line is not None and needle != 'repeat = "build"':
        assert int(where.group(1)) == line


def test_every_problem_is_reported_at_once_with_the_steps_a_bad_jump_strands():
    text = TEXT.replace('else = "done"', "", 1).replace("camps < 4", "camp < 4")
    found = problems(text)
    assert any("a branch needs an else" in p for p in found)
    assert any("unknown name camp" in p for p in found)  # the other problem, in the same run
    jumped = problems(TEXT.replace('id = "place"\nsay', 'id = "place"\nnext = "done"\nsay', 1))
    assert any("build step 4 is never reached" in p for p in jumped), jumped


def test_a_jump_back_is_a_cycle_not_bounded_by_a_repeat():
    text = TEXT.replace('[[procedures.build.steps]]\nid = "done"', '[[procedures.build.steps]]\nid = "done"\nnext = "place"', 1)
    text = text.replace('id = "done"\nnext = "place"\nend = "procedure"', 'id = "done"\nnext = "place"\nsay = "again"')
    found = problems(text)
    assert any("a cycle not bounded by a repeat" in p for p in found), found


def test_a_procedure_calling_itself_is_refused():
    text = TEXT.replace('id = "place"\nsay = "Place a camp there."', 'id = "place"\ncall = "build"')
    assert any("call each other in a cycle (build → build)" in p for p in problems(text))


def test_an_unknown_key_is_named_with_its_near_key():
    text = TEXT.replace('into = "more"', 'inot = "more"')
    assert any("unknown key inot (did you mean into?)" in p for p in problems(text))


def test_an_expression_is_parsed_never_run():
    with pytest.raises(expr.ExprError):
        expr.parse("__import__('os').system('true')")
    with pytest.raises(expr.ExprError) as caught:
        expr.parse("warriors >")
    assert caught.value.column == len("warriors >") + 1
    tree = expr.parse("min(a, 3) + 1 > 2 and order in ['fox', 'mouse']")
    assert expr.evaluate(tree, {"a": 5, "order": "mouse"}, lambda t: 0) is True


class Table:
    """Answers a bot's questions as the table would, and keeps what was shown."""

    def __init__(self, bot, options=None, seed=1):
        self.bot = bot
        self.state: BotState = new_bot(bot, options or {}, Rng.from_seed(seed))
        self.run = Interpreter(bot)
        self.log: list[str] = []
        self.shown: list[Prompt] = []
        self.ctx = Context(None, self.state.options, self.log.append)

    def turn(self, answers: list[str]) -> None:
        gen = bot_turn(self.bot, self.state, self.ctx, self.run)
        given = iter(answers)
        answer = None
        while True:
            try:
                prompt = gen.send(answer)
            except StopIteration:
                break
            if isinstance(prompt, TurnStart):
                answer = None
                continue
            self.shown.append(prompt)
            raw = "" if isinstance(prompt, Instruction) else next(given)
            answer = answer_value(prompt, parse_answer(prompt, raw))
        assert next(given, None) is None, "answers left over"


def test_a_turn_musters_from_the_table_then_builds_until_the_table_says_no():
    table = Table(load(EXAMPLE), {"temper": "calm"})
    table.turn(["fox", "y", "y", "n"])
    muster = next(p for p in table.shown if isinstance(p, Instruction) and p.text.startswith("Place"))
    assert muster.text == "Place 2 warriors in the fox clearing the Patrol rules with the lowest priority."
    assert "example §2.1" in muster.help
    assert table.state.counters["warriors"] == 10
    assert table.state.tracks["camps"] == 2
    assert table.state.counters["vp"] == 2  # the value printed under space 2, the last one reached
    assert table.log[-1] == "scores 2 VP: 0 → 2"
    questions = [p for p in table.shown if isinstance(p, YesNo)]
    assert [q.text for q in questions] == ["Does the Patrol rule a fox clearing with no camp?"] * 3


def test_a_bird_order_takes_the_branch_and_reads_the_hidden_tactic():
    table = Table(load(EXAMPLE), {"temper": "angry"})
    table.turn(["bird"])
    last = table.shown[-1]
    assert isinstance(last, Instruction) and last.text.startswith("Tactic: ")
    assert last.text.removeprefix("Tactic: ").split(".")[0] in ("march", "dig in", "raid")
    assert table.state.counters["warriors"] == 12
    choice = table.shown[0]
    assert isinstance(choice, Choice) and [o.label for o in choice.options] == ["fox", "rabbit", "mouse", "bird"]


def test_the_hidden_deck_is_shuffled_back_when_it_runs_out():
    table = Table(load(EXAMPLE))
    for _ in range(4):
        table.turn(["bird"])
    assert table.state.piles.count("tactics") == 0 and table.state.piles.count("used") == 4
    table.turn(["bird"])
    assert "shuffles 4 cards back into Tactics" in table.log
    assert table.state.piles.count("tactics") + table.state.piles.count("used") == 4


def test_random_play_reports_a_counter_pushed_past_its_range_with_the_steps():
    text = TEXT.replace("max = 100", "max = 5")
    findings = trial.play(load_text(text), 3)
    assert findings and "Victory points stops at 5" in findings[0] and "after turn" in findings[0]
    assert trial.play(load(EXAMPLE), 5) == []


def test_mutated_files_give_one_line_problems_never_a_crash():
    """Issue 25 item 6: thousands of mutated files, each a loaded bot or one-line problems at a
    place, never a traceback nor a hang."""
    pick = random.Random(25)
    lines = TEXT.splitlines()
    slowest = 0.0
    for _ in range(3000):
        mutated = list(lines)
        for _ in range(pick.randint(1, 3)):
            n = pick.randrange(len(mutated))
            action = pick.randrange(5)
            if action == 0:
                del mutated[n]
            elif action == 1:
                mutated.insert(n, mutated[pick.randrange(len(mutated))])
            elif action == 2 and mutated[n]:
                i = pick.randrange(len(mutated[n]))
                mutated[n] = mutated[n][:i] + pick.choice("{}[]=\"'#.,x1 ") + mutated[n][i + 1:]
            elif action == 3:
                mutated[n] = mutated[n][::-1]
            else:
                i = pick.randrange(len(mutated[n]) + 1)
                mutated[n] = mutated[n][:i] + pick.choice(["\x1b[2J", "\u202e", "{{{", "]]", "'", "\\", "9" * 30]) + mutated[n][i:]
        start = time.perf_counter()
        try:
            load_text("\n".join(mutated), "bot.toml")
        except AutomatonError as exc:
            assert exc.problems
            for problem in exc.problems:
                assert re.match(r"bot\.toml:\d+:\d+: \S", problem), problem
                assert "\n" not in problem and "\x1b" not in problem and "\u202e" not in problem
        slowest = max(slowest, time.perf_counter() - start)
    assert slowest < 1.0


def test_the_commands_validate_and_chart(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(TEXT.replace('put = "used"', 'put = "usd"'))
    run = subprocess.run([sys.executable, "-m", "tui", "validate", str(bad)], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 1
    assert f"{bad}:{line_of(bad.read_text(), 'put = ')}:7: turn step 3: unknown zone usd (did you mean used?)" in run.stderr
    run = subprocess.run([sys.executable, "-m", "tui", "validate", "--play", "3", str(EXAMPLE)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0 and "3 random games" in run.stdout
    run = subprocess.run([sys.executable, "-m", "tui", "chart", "--format", "mermaid", str(EXAMPLE)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0 and run.stdout.startswith("flowchart TD")


def test_an_expression_problem_points_at_its_own_column():
    """A name inside a string: the column is the name's own, past the opening quote."""
    text = TEXT.replace("camps < 4", "camp < 4")
    line = line_of(text, "camp < 4")
    col = text.splitlines()[line - 1].index("camp < 4") + 1
    assert any(p.startswith(f"bot.toml:{line}:{col}: unknown name camp") for p in problems(text))
    text = TEXT.replace("{min(muster, warriors)}", "{min(muster, warriorz)}")
    line = line_of(text, "warriorz")
    col = text.splitlines()[line - 1].index("warriorz") + 1
    assert any(p.startswith(f"bot.toml:{line}:{col}: unknown name warriorz") for p in problems(text))


def test_a_track_pushed_past_its_end_stops_there_and_says_so():
    text = TEXT.replace("add = { camps = 1 }", "add = { camps = 3 }")
    findings = trial.play(load_text(text), 5)
    assert findings and "Camps stops at 4 (its spaces are 0 to 4)" in findings[0]


def test_vp_reads_the_value_under_the_last_space_reached():
    table = Table(load(EXAMPLE))
    for space, worth in ((0, 0), (1, 1), (4, 4)):
        table.state.tracks["camps"] = space
        assert table.run.vp("camps", table.state) == worth


def test_a_per_turn_flag_starts_afresh_each_turn():
    """docs/authoring.md: `per_turn = true` puts a counter or flag back to its start as each of
    the bot's turns begins."""
    text = TEXT.replace(
        "[tables.muster]", "[flags.mustered]\nlabel = \"Mustered this turn\"\nper_turn = true\n\n[tables.muster]", 1)
    table = Table(load_text(text))
    table.state.flags["mustered"] = True  # as a turn left it
    table.turn(["bird"])
    assert table.state.flags["mustered"] is False


def test_other_bots_is_read_without_declaring_it_and_never_set():
    """docs/authoring.md §4: `other_bots`, the table's count of the other bots seated, may be read
    by any file (a bot played alone reads 0) and is refused as the target of a step."""
    reads = load_text(TEXT.replace("camps < 4", "camps < 4 and other_bots >= 0", 1), "bot.toml")
    assert reads.header.id == "patrol"
    text = TEXT.replace("set = { more = true }", "set = { other_bots = 1 }", 1)
    found = problems(text)
    assert len(found) == 1 and "other_bots is a read-only count of the other bots at the table" in found[0], found
    assert found[0].startswith(f"bot.toml:{line_of(text, 'other_bots = 1')}:")
