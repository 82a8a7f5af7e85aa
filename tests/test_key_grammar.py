"""Issue 24 item 1, one key grammar: each of the app's own actions has one ctrl or function key
that works on every screen and at every step, and never changes meaning; letters, digits, y and n
are only ever answers. Checked against every game by random play: no option takes an app key, and
every app key works at a choice, a yes/no question, a number and a typed answer, and on the watch
screen where it applies."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from textual.command import CommandPalette
from textual.keys import _character_to_key

import per_game
from drivers import answer_lasting, hint_line
from test_app_support import make_app, running, sync
from tui import keys
from tui.app import ClockworkApp
from tui.engine.prompts import WORD_KEYS, Choice, Number, Prompt, YesNo, pressed_keys
from tui.opengame import OpenGame
from tui.screens.dialogs import ConfirmScreen, SaveAsScreen
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen, ReferenceScreen, StepHelpScreen
from tui.screens.history import HistoryScreen
from tui.screens.panes import PanesScreen
from tui.screens.secrets import SecretsScreen
from tui.widgets.keys_bar import KeysBar
from tui.widgets.prompt_bar import takes_typing

GAMES = per_game.ids()  # every registered game
# Keys a browser keeps for itself (`clockwork web`), keys terminals send for Backspace, Tab, Enter
# and Esc, the screen and tmux prefixes, and ^c.
FORBIDDEN = {"ctrl+w", "ctrl+t", "ctrl+n", "ctrl+h", "ctrl+i", "ctrl+j", "ctrl+m", "ctrl+left_square_bracket",
             "ctrl+a", "ctrl+b", "ctrl+c"}
FORMER = {"u", "r", "l", "i", "g", "h", "p", "t", "question_mark"}  # the game screen's keys before issue 24


def _bound(bindings) -> set[str]:
    return {key for binding in bindings for key in binding.key.split(",")}


APP_KEYS = _bound(GameScreen.BINDINGS) | _bound(ClockworkApp.BINDINGS) | {ClockworkApp.COMMAND_PALETTE_BINDING}


def test_the_app_keys_are_ctrl_or_function_keys_no_browser_or_terminal_takes():
    assert ClockworkApp.COMMAND_PALETTE_BINDING == keys.PALETTE.key
    for key in APP_KEYS:
        assert keys.is_app_key(key) and key not in FORBIDDEN, key
    assert not APP_KEYS & FORMER
    grammar = [*keys.GAME_KEYS, *keys.EVERYWHERE, keys.RETRY_SAVE]
    assert len({k.action for k in grammar}) == len({k.key for k in grammar}) == len(grammar)  # one key each
    assert {k.key for k in grammar} == APP_KEYS


def kind_of(prompt: Prompt | None) -> str | None:
    if takes_typing(prompt):
        return "typed text"
    kinds: dict[type, str] = {Choice: "choice", YesNo: "yes/no", Number: "number"}
    return kinds.get(type(prompt))


def random_play(game: str) -> Iterator[Prompt]:
    """Every prompt of a random play of ``game`` from seeds 1, 2 and 3 (300 answers at most each)."""
    for seed in (1, 2, 3):
        og = OpenGame.new(game, {}, seed, None)
        rng = random.Random(seed)
        for _ in range(300):
            prompt = og.runner.pending
            if prompt is None:
                break
            yield prompt
            answer_lasting(og, rng)


@pytest.mark.parametrize("game", GAMES)
def test_no_option_of_any_game_takes_an_app_key(game):
    """Random play of every game: each option's key is printable text, never a key bound to an app
    action (a single character is pressed as its Textual key name)."""
    seen: dict[str, set[str]] = {}
    for prompt in random_play(game):
        options = getattr(prompt, "options", [])
        for key in pressed_keys(options) if isinstance(prompt, Choice) else [o.key for o in options]:
            assert key and key.isprintable() and not key.isspace(), (prompt.label, key)
            pressed = _character_to_key(key) if len(key) == 1 else key
            assert pressed not in APP_KEYS and not keys.is_app_key(pressed), (prompt.label, key)
            seen.setdefault(kind_of(prompt) or "", set()).add(key)
    assert seen  # the game offers options at all


def _lead(label: str) -> str | None:
    """The WORD_KEYS entry ``label`` begins with as whole words ("none (go back)": none)."""
    return next((w for w in sorted(WORD_KEYS, key=len, reverse=True)
                 if re.match(rf"{re.escape(w)}(?![\w'])", label, re.IGNORECASE)), None)


def test_a_word_keeps_its_key_on_every_step_of_every_game():
    """Issue 24, new-player playtest: "none", "no", "done" got n on one step and 0 or d on another.
    Random play of every game: an option label pressed with a letter on one step is pressed with
    that letter on every step, and a label leading with a word of WORD_KEYS gets that word's key
    wherever no other option leads with it or has the key."""
    keys_of: dict[str, dict[str, str]] = {}  # label → key pressed → where
    for game in GAMES:
        for prompt in random_play(game):
            if isinstance(prompt, Choice):
                leads = [_lead(o.label) for o in prompt.options]
                for option, key, lead in zip(prompt.options, pressed_keys(prompt.options), leads):
                    keys_of.setdefault(option.label.lower(), {}).setdefault(key, f"{game}: {prompt.label}")
                    others = [o.key for o in prompt.options if o is not option]
                    if lead and leads.count(lead) == 1 and WORD_KEYS[lead] not in others:
                        assert key == WORD_KEYS[lead], (game, prompt.label, option.label, key)
    differing = {label: where for label, where in keys_of.items()
                 if len(where) > 1 and any(not k.isdigit() for k in where)}
    assert not differing, differing


# The screens the app keys open on the game screen; each is left with Esc.
OPENS: list[tuple[str, type]] = [("ctrl+l", HistoryScreen), ("f6", StepHelpScreen), ("f2", ReferenceScreen), ("f1", HelpScreen),
         ("ctrl+s", SaveAsScreen), ("f4", PanesScreen), ("ctrl+p", CommandPalette)]


async def _opens_and_esc_goes_back(pilot, screen: GameScreen, key: str, kind: type) -> None:
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(pilot.app.screen, kind), (key, pilot.app.screen)
    await pilot.press("escape")
    await pilot.pause()
    assert pilot.app.screen is screen, key


def _keys_line(screen: GameScreen) -> str:
    return str(screen.query_one(KeysBar).render())


async def _every_app_key_works(pilot, screen: GameScreen, quits: list[int], kind: str) -> None:
    runner = screen.opened.runner
    bar = screen.prompt_bar
    typed = ""
    if kind == "typed text":
        await pilot.press("x")  # an answer begun: the app's keys work with it there, and keep it
        await pilot.pause()
        typed = "x"
        assert bar.input.value == typed and screen.focused is bar.input
    applied, question = runner.applied, runner.pending
    line = _keys_line(screen)
    assert f"{keys.QUIT.shown} {keys.QUIT.name}" in line and f"{keys.HELP.shown} {keys.HELP.name}" in line, line
    opens = OPENS + ([("f3", SecretsScreen)] if screen.game_def.secrets is not None else [])
    for key, opened in opens:
        await _opens_and_esc_goes_back(pilot, screen, key, opened)
        assert bar.input.value == typed, key  # nothing typed is lost
        if typed:
            assert screen.focused is bar.input, key
    await pilot.press("ctrl+q")
    await pilot.pause()
    assert len(quits) == 1
    quits.clear()
    assert (runner.applied, runner.pending) == (applied, question)  # no app key answered
    if typed:  # ^z first takes back what is typed, as an editor would; the next undoes an answer
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert (runner.applied, bar.input.value) == (applied, "") and "Cleared" in hint_line(screen), kind
    await pilot.press("ctrl+z")
    await pilot.pause()
    assert runner.applied == applied - 1 and "Undid" in hint_line(screen), kind
    await pilot.press("ctrl+y")
    await pilot.pause()
    assert runner.applied == applied and runner.pending == question and "Redid" in hint_line(screen), kind


@pytest.mark.parametrize("game", GAMES)
@sync
async def test_every_app_key_works_at_every_kind_of_step(game, tmp_path, monkeypatch):
    """At 60×20, where the panes fold behind F4: at the first choice, yes/no question, number and
    typed answer that random play reaches after at least one answer, every app key does its one
    thing (and Esc goes back from what it opened)."""
    path = tmp_path / f"{game}.json"
    OpenGame.new(game, {}, 2, path)
    app = make_app(tmp_path, path)
    quits: list[int] = []
    monkeypatch.setattr(app, "exit", lambda *args, **kwargs: quits.append(1))
    rng = random.Random(2)
    # Every kind of step the game asks (Root's file bots type nothing: keys and numbers only).
    going_on = per_game.piece(game, "FIXTURE").going_on
    left = {"choice", "yes/no", "number", "typed text"} & {kind_of(p) for p in random_play(game)}
    assert {"choice", "number"} <= left, f"random play of {game} met only {left}"
    async with running(app, (60, 20)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(600):
            runner = screen.opened.runner
            kind = kind_of(runner.pending)
            if kind in left and runner.can_undo:
                screen.refresh_view()
                await pilot.pause()
                await _every_app_key_works(pilot, screen, quits, kind)
                left.discard(kind)
                if not left:
                    break
            if runner.pending is None:
                break
            if runner.pending.label in going_on:  # the answers the game's fixture keeps going with
                screen.opened.answer(going_on[runner.pending.label])
            else:
                answer_lasting(screen.opened, rng)
    assert not left, f"random play of {game} never reached: {left}"


@sync
async def test_f1_and_ctrl_q_work_over_every_screen_opened_on_the_game(tmp_path, monkeypatch):
    """Esc, F1 and ^q mean the same everywhere: over the history, the step, the rules, the panes,
    save as and a confirmation, F1 opens the help and ^q quits."""
    path = tmp_path / "kd.json"
    OpenGame.new("kings-dilemma", {}, 3, path)
    app = make_app(tmp_path, path)
    quits: list[int] = []
    monkeypatch.setattr(app, "exit", lambda *args, **kwargs: quits.append(1))
    async with running(app, (60, 20)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for key in ("ctrl+l", "f6", "f2", "f4", "ctrl+s", "confirm"):
            if key == "confirm":
                app.push_screen(ConfirmScreen("Undo 2 answers?"))
            else:
                await pilot.press(key)
            await pilot.pause()
            over = app.screen
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and app.screen.under is over, key
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is over
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert quits == [1], key
            quits.clear()
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen, key


@pytest.mark.parametrize("game", GAMES)
@sync
async def test_the_watch_screen_reads_with_the_same_keys_and_ctrl_o_takes_over(game, tmp_path):
    """Watching, the reading keys do what they do for the player; undo, redo and save as answer
    with one line and change nothing; ^o takes over once nobody plays the save."""
    path = tmp_path / f"{game}.json"
    og = OpenGame.new(game, {}, 4, path)
    rng = random.Random(4)
    for _ in range(12):
        answer_lasting(og, rng)
    app = ClockworkApp(tmp_path, path, seed=7, blink=False, watch=True)
    async with running(app, (60, 20)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.watching
        applied = screen.opened.runner.applied
        line = _keys_line(screen)
        assert line.lstrip().startswith(f"{keys.TAKE_OVER.shown} {keys.TAKE_OVER.name}"), line
        assert f"{keys.QUIT.shown} {keys.QUIT.name}" in line and f"{keys.HELP.shown} {keys.HELP.name}" in line
        for key, opened in [*OPENS[:4], ("f4", PanesScreen), ("ctrl+p", CommandPalette)]:
            await _opens_and_esc_goes_back(pilot, screen, key, opened)
        for key in ("ctrl+z", "ctrl+y", "ctrl+s", "u", "enter"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is screen and "Watching" in hint_line(screen), key
        assert OpenGame.open(path).runner.applied == applied
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert not screen.watching and "You are playing" in hint_line(screen)
        await pilot.press("ctrl+z")  # the player's keys now
        await pilot.pause()
        assert screen.opened.runner.applied == applied - 1
