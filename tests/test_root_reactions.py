"""Issue 25 item 1: a bot's reaction (a procedure with `reaction = "…"`, docs/authoring.md §3) is
started by the table at any question of a round, another bot's turn included, from a menu its key
opens; the question that was waiting comes back unchanged after the reaction's steps. Saves and
undo replay it like any answer. Sources: APP trait Hospitals (the Marquise's board), BOTICS hits
(shared/rules/root-clockwork.md §2)."""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec
import pytest

from drivers import hint_line
from test_app_support import make_app, running, sync
from test_root_bots import Table, start
from tui import games
from tui.automaton import table
from tui.engine.game import check_options
from tui.engine.prompts import ASIDE, AnswerError, Choice, Instruction, Number, Prompt, YesNo
from tui.engine.session import Runner
from tui.keys import REACTION
from tui.opengame import OpenGame
from tui.screens.game import GameScreen

ROOT = Path(__file__).resolve().parents[1]
HOSPITALS = "Hospitals: place 2 Marquise warrior(s) in the Keep's clearing."
DURING_EYRIE = "reaction during Electric Eyrie's turn: Mechanical Marquise 2.0: Marquise warriors were removed (hits, or any effect)"


def eyrie_then_marquise(prompt: Prompt, runner: Runner) -> str | None:
    """Setup: the Marquise with Hospitals, the Eyrie first; every other option as offered, each
    printed track value 1."""
    if runner.state.phase != "setup":
        return None
    if isinstance(prompt, Choice) and prompt.text.endswith("Trait: Hospitals?"):
        return "2"
    if isinstance(prompt, Choice) and prompt.text == "Who takes the first turn?":
        return "Electric Eyrie"
    if isinstance(prompt, Number):
        return "1"
    return prompt.default or "1" if isinstance(prompt, Choice) else None


def pending(runner: Runner) -> Prompt:
    assert runner.pending is not None
    return runner.pending


def to_the_eyries_battle(runner: Runner) -> Prompt:
    """Setup, then the Eyrie's first turn up to its fox Battle (a fox order; yes to every question)."""
    Table(runner).until(lambda p: eyrie_then_marquise(p, runner))
    for _ in range(20):
        battle = pending(runner)
        if battle.text.startswith("Battle ("):
            break
        runner.answer("" if isinstance(battle, Instruction) else "y" if isinstance(battle, YesNo) else "1")
    assert isinstance(battle, Instruction) and battle.text.startswith("Battle (fox column")
    return battle


def react_until(runner: Runner, back: Prompt) -> list[str]:
    """The reaction's steps, up to the question it came from: 3 warriors removed, in a battle.
    Returns what the steps said and asked."""
    said = []
    while runner.pending != back:
        prompt = pending(runner)
        said.append(prompt.text)
        runner.answer("3" if isinstance(prompt, Number) else "y" if isinstance(prompt, YesNo) else "")
    return said


def hospitals_reaction(runner: Runner) -> list[str]:
    """^f at the Eyrie's battle: the Marquise's reaction to warriors removed."""
    back = pending(runner)
    runner.answer(ASIDE)
    assert pending(runner).text == "Whose reaction has its rule fired?"
    runner.answer("Mechanical Marquise 2.0")
    menu = runner.pending
    assert isinstance(menu, Choice) and menu.text == "Mechanical Marquise 2.0: which reaction's rule fired?"
    runner.answer(next(o.key for o in menu.options if "Marquise warriors were removed" in o.label))
    return react_until(runner, back)


def marquise_warriors(runner: Runner) -> int:
    return runner.state.bots["mechanical-marquise"].counters["warriors"]


def log_texts(runner: Runner) -> list[str]:
    return [e.text for e in runner.session.log]


def test_a_bots_reaction_starts_during_another_bots_turn_and_its_question_comes_back():
    """APP trait Hospitals: the Eyrie battles the Marquise on the Eyrie's turn; the table starts the
    Marquise's reaction there: 3 warriors go back to its supply, 2 come back at the Keep, and the
    Eyrie's battle is asked again, the same step."""
    runner = start("electric-eyrie,mechanical-marquise")
    battle = to_the_eyries_battle(runner)
    before = marquise_warriors(runner)
    eyrie_at = list(runner.state.bots["electric-eyrie"].at)
    assert runner.aside_said() == "reactions menu"
    runner.answer(ASIDE)
    runner.answer("2")  # the Marquise (seated second)
    runner.answer("1")  # Marquise warriors were removed
    assert HOSPITALS in react_until(runner, battle)
    assert marquise_warriors(runner) == before + 3 - 2
    assert runner.pending == battle and runner.state.bots["electric-eyrie"].at == eyrie_at
    assert runner.state.bots["mechanical-marquise"].at == [] and not runner.state.reacting
    log = log_texts(runner)
    assert f"{battle.label} → reactions menu" in log and DURING_EYRIE in log  # the history names it and when
    runner.answer("")  # the Eyrie's turn goes on after its battle
    assert runner.pending != battle


def test_a_reaction_started_mid_turn_replays_identically_from_the_save(tmp_path):
    path = tmp_path / "root.json"
    game = games.get("root")
    rules = OpenGame.load_rules(game)
    options = check_options(game.setup_options(rules), {"bots": "electric-eyrie,mechanical-marquise", "humans": "0"})
    opened = OpenGame.new("root", options, 3, path)
    runner = opened.runner
    to_the_eyries_battle(runner)
    hospitals_reaction(runner)
    opened.autosave()
    again = OpenGame.open(path).runner
    encode = msgspec.json.encode
    assert encode(again.state) == encode(runner.state)
    assert again.pending == runner.pending and log_texts(again) == log_texts(runner)
    assert [a.answer for a in again.session.answers].count(ASIDE) == 1
    assert DURING_EYRIE in log_texts(again)


def test_undo_and_redo_work_right_after_the_key_inside_the_reaction_and_after_it():
    runner = start("electric-eyrie,mechanical-marquise")
    battle = to_the_eyries_battle(runner)
    before = marquise_warriors(runner)
    at_battle = runner.applied
    runner.answer(ASIDE)
    assert runner.undo() == [f"{battle.label} → reactions menu"]  # right after the key
    assert runner.pending == battle and runner.applied == at_battle and not runner.state.reacting
    assert runner.redo() and runner.pending.text == "Whose reaction has its rule fired?"
    runner.undo()
    hospitals_reaction(runner)
    assert runner.pending == battle
    done = msgspec.json.encode(runner.state)
    runner.undo()  # after it: back inside, at its last step
    assert runner.pending.text == HOSPITALS
    runner.undo(2)  # inside: back to how many were removed, before the count changed
    assert isinstance(runner.pending, Number) and marquise_warriors(runner) == before
    runner.redo(3)
    assert runner.pending == battle and msgspec.json.encode(runner.state) == done


def test_the_menu_goes_back_without_a_reaction_and_is_closed_in_setup_and_at_itself():
    runner = start("electric-eyrie,mechanical-marquise")
    first = runner.pending
    assert runner.state.phase == "setup" and runner.aside_said() == ""
    with pytest.raises(AnswerError):  # no step aside during setup: the key's answer fits nothing
        runner.answer(ASIDE)
    assert runner.pending == first and runner.applied == 0
    battle = to_the_eyries_battle(runner)
    state = msgspec.json.encode(runner.state)
    runner.answer(ASIDE)
    assert runner.aside_said() == ""  # the menu does not open over itself
    runner.answer("")  # Enter: back, no reaction
    assert runner.pending == battle and msgspec.json.encode(runner.state) == state


def test_the_players_turn_offers_the_reactions_menu_and_names_the_key():
    """A player's turn menu offers a reaction (r: the menu the key opens), not each one by number
    (at 80 columns they did not fit); the key works there too."""
    runner = start("mechanical-marquise", humans=1)
    Table(runner).until(lambda p: None if runner.state.phase != "setup" else
                        "Player 1" if p.text == "Who takes the first turn?" else
                        "1" if isinstance(p, Number) else p.default or "1" if isinstance(p, Choice) else None)
    menu = runner.pending
    assert isinstance(menu, Choice) and menu.label == "Player 1's turn"
    assert [o.key for o in menu.options] == ["d", "r", "w"]
    assert f"as {REACTION.shown} does at any step" in menu.help
    runner.answer("r")
    assert any("Marquise warriors were removed" in o.label for o in runner.pending.options)
    runner.answer("b")
    assert runner.pending == menu
    runner.answer(ASIDE)
    runner.answer("1")  # one bot: its reactions at once
    assert "reaction during Player 1's turn: Mechanical Marquise 2.0: Marquise warriors were removed (hits, or any effect)" \
        in log_texts(runner)


# -- the generic path: a small bot of a group's own ---------------------------------------------------

SENTRY = """
[automaton]
id = "sentry"
game = "root"
name = "The Sentry (test)"
version = "1"

[counters.guards]
label = "Guards in supply"
min = 0
max = 9
start = 5

[counters.vp]
label = "Victory points"
min = 0
max = 30

[variables]
lost = 0

[turn]
procedure = "turn"

[procedures.turn]
label = "The Sentry's turn"
rule = "test"

[[procedures.turn.steps]]
say = "The Sentry watches."

[procedures.struck]
label = "Guards struck"
reaction = "Sentry guards were removed"
rule = "test"

[[procedures.struck.steps]]
ask = "number"
text = "How many guards were removed?"
least = 0
most = "9 - guards"
into = "lost"

[[procedures.struck.steps]]
add = { guards = "-lost" }
"""


@pytest.fixture
def own_folder(tmp_path, monkeypatch):
    folder = tmp_path / "own"
    folder.mkdir()
    shutil.copy(ROOT / "rulesets" / "root.toml", folder / "root.toml")
    shutil.copy(ROOT / "docs" / "examples" / "patrol.toml", folder / "patrol.toml")
    (folder / "sentry.toml").write_text(SENTRY)
    monkeypatch.setenv("CLOCKWORK_RULESETS", str(folder))
    return folder


def test_any_files_reaction_starts_at_a_question_of_another_bots_turn(own_folder):
    runner = start("patrol,sentry")
    for answer in ("1", "The Patrol (example)"):  # calm; the Patrol first
        runner.answer(answer)
    question = runner.pending
    assert question.text == "Reveal the top card of the shared deck. Which suit is it?"
    runner.answer(ASIDE)  # the Patrol has no reaction: the Sentry's are offered at once
    assert runner.pending.text == "The Sentry (test): which reaction's rule fired?"  # named once
    assert [o.label for o in runner.pending.options] == ["Sentry guards were removed", "back: no reaction"]
    runner.answer("1")
    assert runner.pending.text == "How many guards were removed?"
    runner.answer("2")
    assert runner.pending == question and runner.state.bots["sentry"].counters["guards"] == 3
    assert "reaction during The Patrol (example)'s turn: The Sentry (test): Sentry guards were removed" in log_texts(runner)
    assert table.aside(runner.state) == "reactions menu"


def test_no_reactions_no_menu(own_folder):
    """A table whose bots have none: the key is not offered."""
    runner = start("patrol")
    runner.answer("1")
    assert runner.state.phase == "turn" and runner.aside_said() == ""


# -- the key on the game screen --------------------------------------------------------------------

def _keys_line(screen) -> str:
    from tui.widgets.keys_bar import KeysBar

    return str(screen.query_one(KeysBar).render())


def _help_keys(app) -> str:
    from tui.screens.help import HelpScreen

    assert isinstance(app.screen, HelpScreen)
    return " ".join(key for _, rows in app.screen.sections() for key, _ in rows)


@sync
async def test_the_key_opens_the_menu_on_a_bots_turn_and_the_question_comes_back(tmp_path):
    """At the Eyrie's battle, ^f (listed on the keys line and in F1 help) opens the reactions menu;
    the Marquise's reaction is answered by keys, and the Eyrie's battle is asked again."""
    path = tmp_path / "root.json"
    opened = OpenGame.new("root", {"bots": "electric-eyrie,mechanical-marquise", "humans": "0"}, 3, path)
    battle = to_the_eyries_battle(opened.runner)
    opened.autosave()
    app = make_app(tmp_path, path)
    async with running(app, (100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        runner = screen.opened.runner
        assert f"{REACTION.shown} {REACTION.name}" in _keys_line(screen)
        await pilot.press("f1")
        await pilot.pause()
        assert REACTION.shown in _help_keys(app)
        assert "Reaction" in [c.title for c in app.get_system_commands(screen)]  # the palette too
        await pilot.press("escape", REACTION.key)
        await pilot.pause()
        assert runner.pending.text == "Whose reaction has its rule fired?"
        assert REACTION.shown not in _keys_line(screen)  # the menu does not open over itself
        await pilot.press("2", "1", "enter", "3", "enter", "y", "enter")
        await pilot.pause()
        assert runner.pending == battle and DURING_EYRIE in log_texts(runner)
        assert marquise_warriors(runner) == 13 + 3 - 2
        await pilot.press("ctrl+z")  # the last step of the reaction, undone from the screen
        await pilot.pause()
        assert runner.pending.text == HOSPITALS
    assert OpenGame.open(path).runner.pending.text == HOSPITALS  # saved as it went


@sync
async def test_a_game_without_reactions_neither_lists_nor_takes_the_key(tmp_path):
    path = tmp_path / "heirless.json"
    OpenGame.new("heirless", {}, 3, path)
    app = make_app(tmp_path, path)
    async with running(app, (100, 30)) as pilot:
        screen = app.screen
        applied, question = screen.opened.runner.applied, screen.opened.runner.pending
        assert REACTION.shown not in _keys_line(screen)
        await pilot.press(REACTION.key)
        await pilot.pause()
        assert "not available here" in hint_line(screen)
        assert (screen.opened.runner.applied, screen.opened.runner.pending) == (applied, question)
        await pilot.press("f1")
        await pilot.pause()
        assert REACTION.shown not in _help_keys(app)
        assert "Reaction" not in [c.title for c in app.get_system_commands(screen)]


def test_the_plain_mode_and_step_name_the_menu_where_it_is_open():
    """`clockwork step` and `play --plain` type what the key does (README, Keys)."""
    from tui import plain

    opened = OpenGame.new("root", {"bots": "electric-eyrie,mechanical-marquise", "humans": "0"}, 3, None)
    assert not any("!aside" in line for line in plain.pending_lines(opened))  # setup: closed
    battle = to_the_eyries_battle(opened.runner)
    assert f"  or: {ASIDE} = reactions menu" in plain.pending_lines(opened)
    opened.answer(ASIDE)
    assert pending(opened.runner).text == "Whose reaction has its rule fired?"
    opened.answer("b")
    assert opened.runner.pending == battle
