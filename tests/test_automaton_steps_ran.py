"""The steps pane ticks only the steps a bot's turn went through (playtest: after a fox Evening it
ticked all four scorings, after "no" to Build it ticked "A building leaves its track", and the
Alliance's pane ticked a base placed and what a revolt removed with no revolt). A branch's arms
not taken are drawn skipped. Sources: CW = the Law of Root, Clockwork Expansion §4 (4.5.3 Build,
4.6 Evening), APP = the Clockroot board reminders, REF = the fan paraphrase of the Law of
Rootbotics §6 (rulesets/root/*.toml)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_app_support import make_app, running, sync
from test_automaton_live import seated, until
from test_root_bots import marquise_setup, start

from tui.engine.prompts import Choice, Instruction, Number, Prompt, YesNo
from tui.engine.session import Runner
from tui.opengame import OpenGame
from tui.widgets.flow_pane import MARKS, FlowPane


def marks(runner: Runner) -> dict[str, list[str]]:
    """The steps pane's labels by their mark."""
    out: dict[str, list[str]] = {"done": [], "current": [], "todo": [], "skipped": []}
    for step in runner.view().flow:
        out[step.state].append(step.label)
    return out


def play_until(runner: Runner, text: str, respond: Callable[[Prompt], str]) -> None:
    """Answers (instructions confirmed) until the bot's turn reaches a step reading ``text``."""
    for _ in range(400):
        prompt = runner.pending
        assert prompt is not None
        if runner.state.phase == "turn" and prompt.text.startswith(text):
            return
        runner.answer("" if isinstance(prompt, Instruction) else respond(prompt))
    raise AssertionError(f"never reached {text!r}")


def to_the_fox_evening(runner: Runner) -> None:
    """The Marquise set up and played to the end of a fox Evening's scoring: the order card is
    fox, its sawmill built (so Expand does not loop), every other question answered no."""
    setup = marquise_setup("2")

    def respond(prompt: Prompt) -> str:
        answer = setup(prompt)
        if answer is not None:
            return answer
        if isinstance(prompt, Choice):
            return next(o.key for o in prompt.options if o.label == "fox")
        if isinstance(prompt, YesNo):
            return "y" if prompt.text.startswith("Build a") else "n"
        assert isinstance(prompt, Number)
        return str(prompt.lo)

    play_until(runner, "Discard the order card.", respond)


def test_a_fox_evening_ticks_only_the_sawmill_tracks_scoring():
    """CW 4.6: a fox order scores the sawmill track only; the workshop, recruiter and most-scoring
    tracks' steps are other arms of the same branch and are drawn skipped, not done."""
    runner = start("mechanical-marquise", humans=1)
    to_the_fox_evening(runner)
    steps = marks(runner)
    assert steps["current"] == ["Discard the order card."]
    assert len(steps["done"]) == 2 and steps["done"][1] == "Score victory points"
    assert steps["done"][0].startswith("Evening: the Marquise scores ")
    assert steps["done"][0].endswith("its sawmill track.")
    assert len(steps["skipped"]) == 6  # say and score of each arm not taken
    assert all("sawmill" not in label for label in steps["skipped"])
    assert any(label.endswith("workshop track.") for label in steps["skipped"])


def test_no_to_build_ticks_no_building_leaving_its_track():
    """CW 4.5.3: with no open slot the Marquise builds nothing, so no building leaves its track
    (CW 4.3.5); the placing steps are skipped, the "cannot" step is the one under way."""
    runner = seated()
    until(runner, "Build a", ["fox", "n", "n", "n"])
    runner.answer("n")
    steps = marks(runner)
    assert steps["current"] == ["No sawmill can be placed this turn."]
    assert "A building leaves its track" in steps["skipped"]
    assert steps["done"] == [runner.view().flow[0].label]  # the question, answered
    assert steps["done"][0].startswith("Build a sawmill")


def alliance_at(text: str, order: str) -> Runner:
    """The Automated Alliance set up (every option its first choice, the track values 0) at a
    table with one player, played until the pending step reads ``text``."""
    runner = start("automated-alliance", humans=1)

    def respond(prompt: Prompt) -> str:
        if isinstance(prompt, Choice) and prompt.text == "Who takes the first turn?":
            return "Automated Alliance"
        if isinstance(prompt, Choice) and prompt.text.startswith("Reveal"):
            return next(o.key for o in prompt.options if o.label == order)
        return "n" if isinstance(prompt, YesNo) else str(prompt.lo) if isinstance(prompt, Number) else "1"

    play_until(runner, text, respond)
    return runner


@pytest.mark.parametrize("order", ["fox", "bird"])
def test_the_alliance_without_a_revolt_ticks_no_revolt_step(order):
    """APP Birdsong Revolt, REF §6 Birdsong: no revolt (no sympathy on the map; a bird order)
    places no base and removes nothing, so by Public Pity neither "A base placed" nor "What a
    revolt removed" is ticked; only the reason said for no revolt is."""
    runner = alliance_at("Public Pity:", order)
    steps = marks(runner)
    assert steps["current"][0].startswith("Public Pity:")
    assert "A base placed" in steps["skipped"] and "What a revolt removed" in steps["skipped"]
    assert len(steps["done"]) == 1 and steps["done"][0].startswith("No Revolt")
    assert ("bird" in steps["done"][0]) is (order == "bird")


def test_a_save_reopened_mid_turn_shows_the_same_ticks(tmp_path):
    """The steps run are part of the bot's state, so a save (its answers replayed) shows the fox
    Evening of CW 4.6 as it was; an undo and redo too."""
    path = tmp_path / "evening.json"
    opened = OpenGame.new("root", {"bots": "mechanical-marquise", "humans": "1"}, 3, path)
    to_the_fox_evening(opened.runner)
    before = opened.runner.view().flow
    opened.autosave()
    assert OpenGame.open(path).runner.view().flow == before
    opened.runner.undo()
    assert opened.runner.view().flow != before
    opened.runner.redo()
    assert opened.runner.view().flow == before


def pane_items(app) -> list[tuple[str, str]]:
    """The steps pane as shown: (mark, the step's words joined across its wrapped lines)."""
    pane = app.screen.query_one(FlowPane)
    region = pane.content_region
    lines = [strip.text for strip in app.screen._compositor.render_strips()][region.y:region.bottom]
    items: list[tuple[str, str]] = []
    for line in lines:
        words = line[region.x:region.right].strip(" ▄▀█▐▌")
        if words[:1] in MARKS.values():
            items.append((words[0], words[1:].strip()))
        elif words and items:
            items[-1] = (items[-1][0], f"{items[-1][1]} {words}")
    return items


@sync
async def test_the_fox_evening_pane_at_80_by_24_ticks_one_scoring(tmp_path):
    """CW 4.6 on the screen: at 80×24 the steps pane marks the other tracks' scorings with the
    quieter skipped mark, and from its top ticks the sawmill track's words and its score only."""
    path = tmp_path / "evening.json"
    opened = OpenGame.new("root", {"bots": "mechanical-marquise", "humans": "1"}, 3, path)
    to_the_fox_evening(opened.runner)
    opened.autosave()
    async with running(make_app(tmp_path, path), (80, 24)) as pilot:
        await pilot.pause()
        near = pane_items(pilot.app)  # the ▶ in the middle of a short pane
        pilot.app.screen.query_one(FlowPane).scroll_home(animate=False, immediate=True)
        await pilot.pause()
        top = pane_items(pilot.app)
    assert ("▶", "Discard the order card.") in near, near
    assert any(mark == "–" and words.endswith("the Buildings track that scores most.") for mark, words in near), near
    ticked = [words for mark, words in near + top if mark == "✓"]
    assert ticked and all(words == "Score victory points" or words.endswith("its sawmill track.") for words in ticked), top
    assert any(words.endswith("its sawmill track.") for words in ticked), top


# -- a step done keeps the words it was read with ---------------------------------------------


def to_the_vagabots_repair(runner: Runner) -> str:
    """The Vagabot alone with one player, first to play, every question answered yes / the most /
    the first choice, until its Evening asks to repair (VB 7.2.4, APP Evening): returns the
    refresh step's words as the table was given them."""
    refresh = ""

    def respond(prompt: Prompt) -> str:
        nonlocal refresh
        if prompt.text.startswith("Refresh:"):
            refresh = prompt.text
        if prompt.text == "Who takes the first turn?":
            assert isinstance(prompt, Choice)
            return next(o.key for o in prompt.options if o.label == "Vagabot")
        if isinstance(prompt, YesNo):
            return "y"
        if isinstance(prompt, Number):
            return str(prompt.hi)
        assert isinstance(prompt, Choice)
        return prompt.options[0].key

    for _ in range(600):
        prompt = runner.pending
        assert prompt is not None
        if prompt.text.startswith("Refresh:"):
            refresh = prompt.text
        if runner.state.phase == "turn" and prompt.text.startswith("Repair"):
            return refresh
        runner.answer("" if isinstance(prompt, Instruction) else respond(prompt))
    raise AssertionError("never reached the Vagabot's repair")


def test_a_done_step_keeps_the_number_it_was_read_with(tmp_path):
    """APP Evening: the Vagabot's refresh is read as "turn N exhausted item(s)"; the repair step
    after it sets its own count, so the ticked refresh line must still read N (playtest: it read
    "turn 1" after repair), in the pane, in a save reopened, after an undo and redo."""
    path = tmp_path / "evening.json"
    opened = OpenGame.new("root", {"bots": "vagabot", "humans": "1"}, 3, path)
    asked = to_the_vagabots_repair(opened.runner)
    runner = opened.runner
    repair = runner.pending
    assert asked and repair is not None
    # The count the refresh read is not the one the bot holds now: the test can tell them apart.
    assert f"turn {runner.state.bots['vagabot'].variables['n']} " not in asked
    steps = marks(runner)
    assert asked in steps["done"], steps
    assert steps["current"] == [repair.text]
    opened.autosave()
    assert marks(OpenGame.open(path).runner)["done"] == steps["done"]
    runner.undo()
    runner.redo()
    assert marks(runner) == steps


@sync
async def test_the_ticked_refresh_at_80_by_24_reads_as_asked(tmp_path):
    """The same on the screen: the ✓ line is the refresh as the table was told it."""
    path = tmp_path / "evening.json"
    opened = OpenGame.new("root", {"bots": "vagabot", "humans": "1"}, 3, path)
    asked = to_the_vagabots_repair(opened.runner)
    opened.autosave()
    async with running(make_app(tmp_path, path), (80, 24)) as pilot:
        await pilot.pause()
        pilot.app.screen.query_one(FlowPane).scroll_home(animate=False, immediate=True)
        await pilot.pause()
        shown = pane_items(pilot.app)
    assert ("✓", asked) in shown, shown
