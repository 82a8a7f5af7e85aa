"""A table of bots written as files (issue 25 items 2 and 3): a group's own bot in
$CLOCKWORK_RULESETS is listed and played like a shipped one, with undo and saves, and a save keeps
the exact text it was played with."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tui import games
from tui.automaton import table
from tui.engine import records
from tui.engine.prompts import Choice, Instruction, YesNo
from tui.engine.session import Runner
from tui.opengame import OpenGame

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "patrol.toml"


@pytest.fixture
def own_folder(tmp_path, monkeypatch):
    folder = tmp_path / "own"
    folder.mkdir()
    shutil.copy(ROOT / "rulesets" / "root.toml", folder / "root.toml")
    shutil.copy(EXAMPLE, folder / "patrol.toml")
    monkeypatch.setenv("CLOCKWORK_RULESETS", str(folder))
    return folder


def start(options=None, seed=5):
    game = games.get("root")
    rules = OpenGame.load_rules(game)
    from tui.engine.game import check_options

    opts = check_options(game.setup_options(rules), options or {"bots": "patrol", "humans": "1"})
    return Runner.new(game, rules, opts, seed)


def test_a_groups_own_bot_is_listed_with_the_table_options(own_folder):
    game = games.get("root")
    specs = {s.key: s for s in game.setup_options(OpenGame.load_rules(game))}
    assert "patrol" in [c.key for c in specs["bots"].choices]
    assert specs["bots"].kind == "several"


def test_setup_asks_the_bots_options_then_the_turn_order_and_plays_a_round(own_folder):
    runner = start()
    prompt = runner.pending
    assert isinstance(prompt, Choice) and prompt.text == "The Patrol (example): Temper?"
    runner.answer("2")  # angry: musters 3
    prompt = runner.pending
    assert isinstance(prompt, Choice) and prompt.text == "Who takes the first turn?"
    runner.answer("Player 1")
    prompt = runner.pending
    assert isinstance(prompt, Choice) and prompt.text == "Player 1's turn: play it at the table."
    runner.answer("d")  # done (Enter alone is no answer there)
    assert runner.pending.text == "Reveal the top card of the shared deck. Which suit is it?"
    runner.answer("mouse")
    muster = runner.pending
    assert isinstance(muster, Instruction)
    assert muster.text == "Place 3 warriors in the mouse clearing the Patrol rules with the lowest priority."
    runner.answer("")
    assert isinstance(runner.pending, YesNo)
    runner.answer("n")
    state = runner.state
    assert state.bots["patrol"].counters["warriors"] == 9
    assert state.round == 2 and state.seats[state.seat].name == "Player 1"
    view = runner.view()
    assert view.status == "Round 2 · Player 1's turn"
    assert any(row.value == "9" for group in view.tracks for row in group.rows if row.label == "Warriors in supply")
    runner.undo(1)
    assert runner.state.round == 1
    assert runner.state.bots["patrol"].counters["warriors"] == 9  # mustered before the question


def test_a_save_keeps_the_text_it_began_with(own_folder, tmp_path):
    runner = start()
    digest = runner.state.texts["patrol"]
    assert runner.session.texts[digest] == EXAMPLE.read_text()  # kept once, beside the snapshots
    (own_folder / "patrol.toml").write_text(EXAMPLE.read_text().replace("calm = 2, angry = 3", "calm = 7, angry = 9"))
    path = tmp_path / "game.json"
    opened = OpenGame.new("root", {"bots": "patrol", "humans": "0"}, 1, path)
    kept = opened.runner.session.texts[opened.runner.state.texts["patrol"]]
    assert "calm = 7" in kept  # a new game reads the file as it is now
    (own_folder / "patrol.toml").write_text(EXAMPLE.read_text())
    table._TEXTS.clear()  # as a new process would open it
    again = OpenGame.open(path)
    assert "calm = 7" in again.runner.session.texts[again.runner.state.texts["patrol"]]
    assert table.bot_of(again.runner.state, "patrol").tables["muster"].values["calm"] == 7  # plays its own text
    records.take_notices()


def test_several_bots_need_a_known_bot(own_folder):
    from tui.engine.game import OptionError, check_options

    game = games.get("root")
    with pytest.raises(OptionError, match="'nobody' is not one of"):
        check_options(game.setup_options(OpenGame.load_rules(game)), {"bots": "patrol,nobody"})


def test_restricted_mode_never_lists_a_groups_own_bot(own_folder, monkeypatch):
    monkeypatch.delenv("CLOCKWORK_RULESETS")  # what restricted mode does to the environment (cli.restrict)
    assert "patrol" not in table.bot_files("root")


def test_the_rules_key_shows_where_the_bot_is_in_its_chart(own_folder):
    from tui.engine.game import reference_pages

    runner = start()
    for answer in ("1", "The Patrol (example)", "mouse", ""):  # calm; the Patrol first; its order
        runner.answer(answer)
    assert runner.pending.text.startswith("Does the Patrol rule a mouse clearing")
    quick, _ = reference_pages(runner.game, runner.rules, runner.state)
    chart = quick[0]
    assert chart.title == "The Patrol (example): its chart (▶ where it is now)"
    marked = [line for line in chart.lines if line.lstrip().startswith("▶")]
    assert len(marked) == 2  # the repeat in its turn, and the question in the build it repeats
    assert "repeat build" in marked[0] and "ask yesno: Does the Patrol rule" in marked[1]


def test_the_screen_shows_this_turns_order_only_and_no_value_before_it_is_read(own_folder):
    """Issue 24's playtest: before the table names this turn's suit, neither the card row nor the
    steps to come showed last turn's; the tracks pane's VP is what Evening scores."""
    runner = start()
    for answer in ("1", "The Patrol (example)", "rabbit", "", "y", "", "n"):  # calm; a rabbit turn, one camp
        runner.answer(answer)
    runner.answer("d")  # Player 1's turn is over: the Patrol's second turn asks its order
    assert runner.pending.text == "Reveal the top card of the shared deck. Which suit is it?"
    view = runner.view()
    assert view.cards == []  # not last turn's rabbit
    muster = next(step for step in view.flow if step.label.startswith("Place"))
    assert muster.label == "Place … warriors in the … clearing the Patrol rules with the lowest priority."
    camps = next(row for group in view.tracks for row in group.rows if row.label == "Camps")
    assert camps.value == "1 of 4 · 1 VP" and runner.state.bots["patrol"].counters["vp"] == 1
    runner.answer("fox")
    assert [c.name for c in runner.view().cards] == ["fox"]


def test_the_bot_being_set_up_or_playing_leads_the_tracks_pane(own_folder):
    """Issue 24's second playtest: while setup asked the Marquise's values, the pane showed the
    Eyrie's numbers."""
    runner = start({"bots": "electric-eyrie,mechanical-marquise", "humans": "0"})
    while "Mechanical Marquise" not in runner.pending.text:
        prompt = runner.pending
        runner.answer(prompt.options[0].key if isinstance(prompt, Choice) else "" if isinstance(prompt, Instruction)
                      else "1")
    assert runner.view().tracks[0].title == "Mechanical Marquise 2.0"
