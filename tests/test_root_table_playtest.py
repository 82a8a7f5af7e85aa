"""Root's new-player playtest at 80×24 (a group's bot folder, saves, setup order, the player's turn
menu, reactions that can no longer happen, F2, the tracks pane). Sources: the Law of Root 5.1
(standard setup, factions in the order of their setup letter) and CW (the Clockwork bots)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from test_app_support import make_app, running, sync
from tui import games
from tui.automaton import table
from tui.engine import records
from tui.engine.prompts import Choice, Instruction, Number, YesNo
from tui.opengame import OpenGame
from tui.screens.game import GameScreen
from tui.screens.setup import SetupScreen
from tui.widgets.tracks_pane import TracksPane

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "patrol.toml"


def badger_text() -> str:
    """A group's own bot: the format's example under another id."""
    return (EXAMPLE.read_text(encoding="utf-8")
            .replace('id = "patrol"', 'id = "badger"')
            .replace('name = "The Patrol (example)"', 'name = "The Badger"'))


@pytest.fixture
def bot_folder(tmp_path, monkeypatch):
    """$CLOCKWORK_RULESETS holding the group's bot file and nothing else (no root.toml, no
    shipped bot, no clockwork-common)."""
    folder = tmp_path / "mybots"
    folder.mkdir()
    (folder / "badger.toml").write_text(badger_text(), encoding="utf-8")
    monkeypatch.setenv("CLOCKWORK_RULESETS", str(folder))
    return folder


# -- 1. a group's bot folder alone ------------------------------------------------------------


@sync
async def test_a_folder_holding_only_a_groups_bot_adds_it_to_the_shipped_table(bot_folder, tmp_path):
    """The form keeps its Bots and Players fields, lists the shipped bots and the group's, and a
    game with the group's bot beside a shipped one (which uses the shipped clockwork-common) starts."""
    async with running(make_app(tmp_path), (80, 24)) as pilot:
        app = pilot.app
        app.push_screen(SetupScreen(games.get("root")))
        await pilot.pause()
        assert not app.screen.load_error
        bots = app.screen.query_one("#opt-bots")
        assert app.screen.query("#opt-humans")
        keys = [bots.get_option_at_index(i).value for i in range(bots.option_count)]
        assert "badger" in keys and "mechanical-marquise" in keys
        bots.focus()
        await pilot.press("space")  # the Alliance, ticked by default: off
        for _ in range(keys.index("mechanical-marquise")):
            await pilot.press("down")
        await pilot.press("space")
        for _ in range(keys.index("badger") - keys.index("mechanical-marquise")):
            await pilot.press("down")
        await pilot.press("space", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen), str(app.screen.query_one("#setup-error").render())
        state = app.screen.opened.runner.state
        assert set(state.bots) == {"badger", "mechanical-marquise"} and "clockwork-common" in state.texts
    records.take_notices()


@sync
async def test_a_broken_bot_in_the_folder_is_refused_whole_naming_its_file_and_problem(bot_folder, tmp_path):
    (bot_folder / "badger.toml").write_text(badger_text().replace("{min(muster, warriors)} warriors",
                                                                  "{min(muster, warriorz)} warriors"))
    async with running(make_app(tmp_path), (80, 24)) as pilot:
        app = pilot.app
        app.push_screen(SetupScreen(games.get("root")))
        await pilot.pause()
        bots = app.screen.query_one("#opt-bots")
        keys = [bots.get_option_at_index(i).value for i in range(bots.option_count)]
        bots.focus()
        await pilot.press("space", *["down"] * keys.index("badger"), "space", "enter")
        await pilot.pause()
        error = app.screen.query_one("#setup-error")
        words = str(error.render())
        assert f"{bot_folder}/badger.toml:" in words and "unknown name warriorz" in words
        # Whole on the screen: wrapped inside the form's width, above the keys line.
        assert error.region.height * error.region.width >= len(words)
        assert error.region.bottom <= app.screen.query_one("Footer").region.y


def test_root_toml_comes_from_the_group_when_its_folder_has_one(bot_folder):
    (bot_folder / "root.toml").write_text((ROOT / "rulesets" / "root.toml").read_text().replace("win = 30", "win = 25"))
    assert OpenGame.load_rules(games.get("root")).win == 25
    (bot_folder / "root.toml").unlink()
    assert OpenGame.load_rules(games.get("root")).win == 30  # the shipped table again


# -- 2. a save played with a group's bot, opened without the folder -----------------------------


def test_a_save_with_a_groups_bot_opens_and_plays_on_without_the_folder(bot_folder, tmp_path, monkeypatch):
    """The save keeps the bot's exact text: opened on a machine without $CLOCKWORK_RULESETS (the
    folder gone too) it plays that text and says which file and version it is."""
    path = tmp_path / "badger.json"
    opened = OpenGame.new("root", {"bots": "badger", "humans": "1"}, 4, path)
    for answer in ("2", "The Badger", "mouse", ""):  # angry; the Badger first; its order; muster
        opened.answer(answer)
    question = opened.runner.pending.text
    records.take_notices()
    monkeypatch.delenv("CLOCKWORK_RULESETS")
    shutil.rmtree(bot_folder)
    table._TEXTS.clear()  # as a new process would open it
    table._PARSED.clear()
    again = OpenGame.open(path)
    notices = records.take_notices()
    assert any(f"played as saved from {bot_folder}/badger.toml (version 1)" in n and "not here now" in n
               for n in notices), notices
    assert again.runner.pending.text == question
    again.answer("n")  # no camp: the Badger's turn is over
    assert again.runner.pending.text == "Player 1's turn: play it at the table."
    assert again.runner.state.bots["badger"].counters["warriors"] == 9  # mustered 3 (angry) from 12


# -- 3. setup order: the setup letter, LAW 5.1.7 ---------------------------------------------


def setup_texts(runner) -> list[str]:
    """Every question and instruction of setup, each answered with its first choice, up to the
    turn order."""
    said = []
    while runner.pending.text != "Who takes the first turn?":
        prompt = runner.pending
        said.append(prompt.text)
        runner.answer("1" if isinstance(prompt, (Choice, Number)) else "")
    return said


def test_the_marquise_places_its_keep_before_the_eyrie_whatever_order_the_form_had(bot_folder):
    """LAW 5.1.7: in setup order (A the Marquise, B the Eyrie, C the Alliance, D the Vagabond); a
    group's bot with no setup_order sets up after them, though ticked first."""
    opened = OpenGame.new("root", {"bots": "badger,vagabot,electric-eyrie,mechanical-marquise", "humans": "0"}, 2, None)
    said = setup_texts(opened.runner)
    firsts = [next(i for i, t in enumerate(said) if t.startswith(name)) for name in
              ("Mechanical Marquise 2.0:", "Electric Eyrie:", "Vagabot:", "The Badger:")]
    assert firsts == sorted(firsts)
    keep = next(i for i, t in enumerate(said) if t.startswith("Place the keep token"))
    roost = next(i for i, t in enumerate(said) if "diagonally opposite" in t and "roost" in t)
    assert keep < roost
    assert [s.bot for s in opened.runner.state.seats] == ["badger", "vagabot", "electric-eyrie", "mechanical-marquise"]
    records.take_notices()


def test_a_setup_order_needs_its_rule(tmp_path):
    from tui.automaton import load

    path = tmp_path / "badger.toml"
    path.write_text(badger_text().replace('version = "1"', 'version = "1"\nsetup_order = 2'))
    with pytest.raises(load.AutomatonError, match="setup_order needs setup_order_rule"):
        load.load(path)


# -- 4. the player's turn menu: short, whole, no Enter -----------------------------------------


FOUR = "mechanical-marquise,electric-eyrie,automated-alliance,vagabot"


def to_the_players_turn(runner) -> None:
    """Setup (first choices, Player 1 first in turn order): the player's turn is waiting."""
    for _ in range(400):
        prompt = runner.pending
        if prompt.text == "Player 1's turn: play it at the table.":
            return
        if prompt.text == "Who takes the first turn?":
            runner.answer("Player 1")
        else:
            runner.answer("1" if isinstance(prompt, (Choice, Number)) else "")
    raise AssertionError("no player's turn")


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
@sync
async def test_the_players_turn_menu_is_whole_on_a_small_screen_and_takes_no_enter(tmp_path, size):
    path = tmp_path / "four.json"
    opened = OpenGame.new("root", {"bots": FOUR, "humans": "1"}, 3, path)
    to_the_players_turn(opened.runner)
    opened.autosave()
    async with running(make_app(tmp_path, path), size) as pilot:
        screen = pilot.app.screen
        runner = screen.opened.runner
        menu = runner.pending
        assert [o.key for o in menu.options] == ["d", "r", "w"] and menu.default is None
        shown = str(screen.prompt_bar.query_one("#prompt-text").render())
        for option in menu.options:
            assert option.label in shown, (option.label, shown)
        answers = len(runner.session.answers)
        await pilot.press("enter")  # a player pressing Enter through the bots' instructions
        await pilot.pause()
        assert runner.pending == menu and len(runner.session.answers) == answers
        await pilot.press("r")  # a reaction: the same two-level menu as ^f
        await pilot.pause()
        assert runner.pending.text == "Whose reaction has its rule fired?"
        await pilot.press("1")
        await pilot.pause()
        assert runner.pending.text == "Mechanical Marquise 2.0: which reaction's rule fired?"
        await pilot.press("b")
        await pilot.pause()
        assert runner.pending == menu  # back to the player's turn
        await pilot.press("d")
        await pilot.pause()
        assert runner.state.seats[runner.state.seat].bot  # the next seat, a bot, plays


def joined(lines: list[str]) -> str:
    """Screen lines as one text, wrapped labels joined again (frames and runs of spaces gone)."""
    return " ".join(" ".join(line.strip("█▀▄▂ ").split()) for line in lines)


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
@sync
async def test_a_bots_reactions_are_listed_once_named_and_whole_on_the_screen_or_f6(tmp_path, size):
    """Playtest: ^f then the Marquise listed 8 reactions each after the bot's name, cut short in
    columns. Once the bot is chosen its name is in the question only; every reaction's words are
    whole in the prompt, one a line, or (a line too long for the screen, cut ending in …) on F6.
    At 60×20, where wrapping has rows to spare, each is whole in the prompt itself."""
    path = tmp_path / "four.json"
    opened = OpenGame.new("root", {"bots": FOUR, "humans": "1"}, 3, path)
    to_the_players_turn(opened.runner)
    opened.autosave()
    async with running(make_app(tmp_path, path), size) as pilot:
        runner = pilot.app.screen.opened.runner
        await pilot.press("ctrl+f", "1")
        await pilot.pause()
        menu = runner.pending
        assert menu.text == "Mechanical Marquise 2.0: which reaction's rule fired?"
        assert len(menu.options) > 5 and not any("Mechanical Marquise" in o.label for o in menu.options)
        prompt = joined(str(pilot.app.screen.prompt_bar.query_one("#prompt-text").render()).splitlines())
        await pilot.press("f6")
        await pilot.pause()
        step = joined(screen_lines(pilot.app))
    cut = [o.label for o in menu.options if o.label not in prompt]
    assert all(f"{o.key} {o.label}" in step for o in menu.options if o.label in cut), step
    assert len(cut) <= 2 and (size == (80, 24) or not cut), (cut, prompt)


def test_a_save_that_answered_a_reaction_by_its_number_on_the_players_turn_replays_it(tmp_path):
    """Saves made before facts_version 1 listed each reaction on the player's turn by number and
    took Enter as done: they replay against that menu; what is answered after it gets today's."""
    import json

    path = tmp_path / "old.json"
    opened = OpenGame.new("root", {"bots": "mechanical-marquise", "humans": "1"}, 3, path)
    to_the_players_turn(opened.runner)
    reaction = table._reactions(opened.runner.state)[0][2]
    opened.autosave()
    data = json.loads(path.read_text())
    session = data["session"]
    # As such a save holds it: the Marquise's first reaction, by its number on the turn's menu.
    session["facts_version"], session["facts_from"] = 0, 0
    session["answers"].append({"answer": "1", "label": f"Player 1's turn → {reaction}"})
    path.write_text(json.dumps(data))
    table._TEXTS.clear()  # as a new process would open it
    table._PARSED.clear()
    runner = OpenGame.open(path).runner
    assert f"reaction during Player 1's turn: {reaction}" in [e.text for e in runner.session.log]
    for _ in range(20):  # the reaction's steps, then the player's turn as it is asked now
        if runner.pending.text.startswith("Player 1's turn"):
            break
        runner.answer("1" if isinstance(runner.pending, (Choice, Number)) else "n" if isinstance(runner.pending, YesNo) else "")
    assert [o.key for o in runner.pending.options] == ["d", "r", "w"]
    records.take_notices()


# -- 5. a reaction that can no longer happen is off the menu ------------------------------------


def test_the_keeps_removal_is_off_the_menu_once_the_keep_is_gone():
    """CW 4.2.1: the Keep leaves the game for good when removed; the reaction is offered while the
    Marquise's keep flag holds (offered = "keep"), so it cannot run a second time."""
    opened = OpenGame.new("root", {"bots": "mechanical-marquise", "humans": "1"}, 3, None)
    runner = opened.runner
    to_the_players_turn(runner)
    before = runner.applied
    runner.answer("r")
    keep = next(o.key for o in runner.pending.options if "the keep token was removed" in o.label)
    runner.answer(keep)
    while runner.pending.text != "Player 1's turn: play it at the table.":
        runner.answer("")
    assert runner.state.bots["mechanical-marquise"].flags["keep"] is False
    runner.answer("r")
    labels = [o.label for o in runner.pending.options]
    assert not any("keep token" in label for label in labels) and any("warriors were removed" in label for label in labels)
    runner.answer("b")
    runner.undo_to(before)  # back before the Keep went: offered again
    runner.answer("r")
    assert any("keep token" in o.label for o in runner.pending.options)


def test_offered_is_a_checked_condition_of_a_reaction(tmp_path):
    from tui.automaton import load

    text = badger_text() + '\n[procedures.struck]\nlabel = "Struck"\nreaction = "struck"\noffered = "kepp"\n\n[[procedures.struck.steps]]\nsay = "Ouch."\n'
    path = tmp_path / "badger.toml"
    path.write_text(text)
    with pytest.raises(load.AutomatonError, match=r"badger.toml:\d+:\d+: unknown name kepp"):
        load.load(path)


# -- 6. F2: opened at the ▶, and every seated bot's readings ----------------------------------


def screen_lines(app) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def to_a_bots_build(runner) -> None:
    """Setup, then the Marquise's turn well into its steps (a rabbit order, yes to each question)."""
    for _ in range(400):
        prompt = runner.pending
        if runner.state.phase == "turn" and prompt.text.startswith("Build"):
            return
        if prompt.text == "Who takes the first turn?":
            runner.answer("Mechanical Marquise 2.0")
        elif isinstance(prompt, Choice) and prompt.text.startswith("Reveal"):
            runner.answer("2")
        else:
            runner.answer("1" if isinstance(prompt, (Choice, Number)) else "y" if isinstance(prompt, YesNo) else "")
    raise AssertionError("no Build step")


@sync
async def test_f2_opens_at_the_bots_step_and_lists_every_seated_bots_readings(tmp_path):
    path = tmp_path / "two.json"
    opened = OpenGame.new("root", {"bots": "mechanical-marquise,electric-eyrie", "humans": "1"}, 3, path)
    to_a_bots_build(opened.runner)
    opened.autosave()
    async with running(make_app(tmp_path, path), (80, 24)) as pilot:
        app = pilot.app
        await pilot.press("f2")
        await pilot.pause()
        await pilot.pause()
        lines = screen_lines(app)
        marked = [line for line in lines if "▶" in line]
        assert marked and any("Build" in line or "build" in line for line in marked), "\n".join(lines)
        assert app.screen.query_one("#help-box").scroll_y > 0  # not the top of the chart
        await pilot.press("m")  # the readings page
        await pilot.pause()
        page = app.screen.query_one("#reference-text").content  # the page's lines, scrolled or not
        text = "\n".join(part.plain for part in page.renderables)
    for name in ("Mechanical Marquise 2.0", "Electric Eyrie"):
        assert f"How Clockwork reads the unclear rules · {name}" in text
    marquise = table.bot_of(opened.runner.state, "mechanical-marquise").readings[0]
    assert marquise.question in " ".join(text.split())
    assert "How many seats does the table have?" in text  # the table's own still there


def play_until(runner, reached, first: str) -> None:
    """Setup and play (``first`` takes the first turn; first choices, yes to each question, the
    least of each range) until ``reached(prompt)`` holds during a turn."""
    for _ in range(800):
        prompt = runner.pending
        assert prompt is not None
        if runner.state.phase == "turn" and reached(prompt):
            return
        if prompt.text == "Who takes the first turn?":
            runner.answer(first)
        elif isinstance(prompt, Choice):
            runner.answer("d" if any(o.key == "d" for o in prompt.options) else prompt.options[0].key)
        else:
            runner.answer(str(prompt.lo) if isinstance(prompt, Number) else "y" if isinstance(prompt, YesNo) else "")
    raise AssertionError("never reached")


async def f2_lines(tmp_path, path) -> list[str]:
    """The rules screen as F2 opens it at 80×24."""
    async with running(make_app(tmp_path, path), (80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        await pilot.pause()
        return screen_lines(pilot.app)


@sync
async def test_f2_opens_at_the_vagabots_step_at_the_ruin(tmp_path):
    """Playtest: during the Vagabot's Explore (APP action Explore, three procedures deep: turn,
    Daylight, Explore) F2 opened at the chart's top, the ▶ five pages down."""
    path = tmp_path / "four.json"
    opened = OpenGame.new("root", {"bots": FOUR, "humans": "1"}, 3, path)
    play_until(opened.runner, lambda p: p.text.startswith("At the ruin"), "Player 1")
    assert [name for name, _ in opened.runner.state.bots["vagabot"].at] == ["turn", "daylight", "explore"]
    opened.autosave()
    lines = await f2_lines(tmp_path, path)
    assert any("▶" in line and "At the ruin" in line for line in lines), "\n".join(lines)


@sync
async def test_f2_opens_at_a_step_of_a_procedure_the_file_defines_before_its_caller(tmp_path):
    """The Alliance's Daylight calls Spread Sympathy (APP Daylight), which its file defines
    above the Daylight: F2 opens at the ▶ of the step asked, not at the Daylight's call."""
    path = tmp_path / "alliance.json"
    opened = OpenGame.new("root", {"bots": "automated-alliance", "humans": "1"}, 3, path)
    play_until(opened.runner, lambda p: p.text.startswith("Spread Sympathy (Daylight)"), "Automated Alliance")
    assert [name for name, _ in opened.runner.state.bots["automated-alliance"].at] == ["turn", "daylight", "spread"]
    opened.autosave()
    lines = await f2_lines(tmp_path, path)
    assert any("▶" in line and "Spread Sympathy ({spread_for})" in line for line in lines), "\n".join(lines)


def tracks_in_view(app) -> str:
    """The tracks pane as shown at its top: its border's title and its first lines."""
    pane = app.screen.query_one(TracksPane)
    region = pane.content_region
    lines = screen_lines(app)[region.y : region.y + 2]
    return " | ".join([str(pane.border_title), *(line[region.x : region.right].strip() for line in lines)])


@sync
async def test_the_tracks_pane_leads_with_the_bot_playing_or_the_bot_reacting(tmp_path):
    """Playtest, 4 bots at 80×24: the pane showed the Marquise on the Vagabot's turn. The bot
    playing leads; while the Marquise's reaction (CW: warriors removed) runs mid-turn, its
    numbers are in view; once it is over, the Vagabot leads again."""
    path = tmp_path / "four.json"
    opened = OpenGame.new("root", {"bots": FOUR, "humans": "1"}, 3, path)
    play_until(opened.runner, lambda p: p.text.startswith("At the ruin"), "Player 1")
    opened.autosave()
    async with running(make_app(tmp_path, path), (80, 24)) as pilot:
        app = pilot.app
        runner = app.screen.opened.runner
        ruin = runner.pending
        playing = tracks_in_view(app)
        await pilot.press("ctrl+f", "1")  # the Marquise, seated first
        await pilot.pause()
        menu = runner.pending
        await pilot.press(next(o.key for o in menu.options if o.label.startswith("Marquise warriors were removed")))
        await pilot.pause()
        assert runner.state.bots["mechanical-marquise"].at  # the reaction's first step
        reacting = tracks_in_view(app)
        for _ in range(20):
            if runner.pending == ruin:
                break
            pending = runner.pending
            keys = ["enter"] if isinstance(pending, Instruction) else ["0", "enter"] if isinstance(pending, Number) else ["n"]
            await pilot.press(*keys)
            await pilot.pause()
        assert runner.pending == ruin
        back = tracks_in_view(app)
    assert "Vagabot" in playing and "Marquise" not in playing, playing
    assert "Mechanical Marquise 2.0" in reacting and "Vagabot" not in reacting, reacting
    assert "Vagabot" in back and "Marquise" not in back, back


# -- 7. the tracks pane: bars that mean something, one row per thing ---------------------------


def rows_of(runner, seat: str) -> dict[str, object]:
    return {row.label: row for group in runner.view().tracks if group.title == seat for row in group.rows}


def test_vp_fills_against_the_winning_score_items_show_a_number_and_roosts_show_once():
    """LAW 3.1 (30 VP wins, rulesets/root.toml): the VP bar fills towards it; the Vagabot's item
    counters have no size on the board (a bound of 20), so no bar; the Eyrie's roosts are the
    Roosts track's row alone."""
    from tui.widgets.tracks_pane import bar

    opened = OpenGame.new("root", {"bots": "electric-eyrie,vagabot", "humans": "1"}, 3, None)
    runner = opened.runner
    assert runner.pending.text.startswith("Electric Eyrie:")  # its setup, first (LAW 5.1.7: B before D)
    eyrie = rows_of(runner, "Electric Eyrie")
    assert "Roosts" in eyrie and not any(label.startswith("Roosts left") for label in eyrie)
    to_the_players_turn(runner)
    for vp, drawn in ((3, "■□□□□□□□□□"), (7, "■■□□□□□□□□"), (15, "■■■■■□□□□□")):
        runner.state.bots["electric-eyrie"].counters["vp"] = vp
        row = rows_of(runner, "Electric Eyrie")["Victory points"]
        assert (row.value, bar(row)) == (f"{vp} of 30", drawn)
    ready = rows_of(runner, "Vagabot")["Items ready (face up, undamaged)"]
    assert ready.value == "4" and bar(ready) == ""
    warriors = rows_of(runner, "Electric Eyrie")["Warriors in supply"]
    assert bar(warriors) != ""  # a real supply keeps its bar


@sync
async def test_the_note_naming_the_saved_bot_file_is_whole_on_f6_at_80_columns(bot_folder, tmp_path, monkeypatch):
    path = tmp_path / "badger.json"
    opened = OpenGame.new("root", {"bots": "badger,mechanical-marquise", "humans": "1"}, 4, path)
    opened.answer("2")
    opened.autosave()
    records.take_notices()
    monkeypatch.delenv("CLOCKWORK_RULESETS")
    shutil.rmtree(bot_folder)
    table._TEXTS.clear()
    table._PARSED.clear()
    async with running(make_app(tmp_path, path), (80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        shown = "".join("".join(line.strip("█ ") for line in screen_lines(pilot.app)).split())
    # Whole on F6 (a long path wraps anywhere; the spaces are left out of the comparison).
    said = f"badger: played as saved from {bot_folder}/badger.toml (version 1); that file is not here now"
    assert "".join(said.split()) in shown
