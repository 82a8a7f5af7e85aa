"""Player-typed text and text from save files is shown as typed, never obeyed (issue 7): Rich
markup (`[bold]x[/]`, `[link=...]`) shows literally on the game screen, in the history log and in
the plain line mode; terminal escape sequences (clear screen, OSC 52 clipboard writes, BEL) are
refused when typed and written out (``\\x1b``) when a tampered save carries them.

Extends tests/test_snapshots.py::test_player_text_is_never_markup (a notice and a pane title) to
text the players type and text read back from a save.
"""

from __future__ import annotations

import dataclasses
import io
import time
from pathlib import Path

import msgspec
import pytest
from drivers import hint_line

import toy_game
from test_app_support import app_on, make_app, running, sync
from tui import games, plain
from tui.engine import saves
from tui.engine.game import Status
from tui.engine.prompts import AnswerError, Instruction, TextEntry, TurnStart, parse_answer
from tui.engine.view import CardView, FlowStep, GameView, TrackGroup, TrackRow
from tui.opengame import OpenGame
from tui.screens.game import GameScreen

MARKUP_NAME = "[bold]Ann[/] [link=https://e.vil]Bo[/link]"
MARKUP_NOTE = "[red on white]all of it[/] \\[x] :smile:"
EVE = "Eve\x1b[2J\x1b]52;c;cHduZWQ=\x07"
ESCAPES = ["\x1b[2J", "\x1b]52;c;cHduZWQ=\x07", "\x07", "\x1b]0;title\x1b\\", "\x9b31m", "a\rb"]


# -- a small game whose players type their names and notes ---------------------------------------


class NamesState(msgspec.Struct):
    names: list[str] = []
    notes: list[str] = []
    round: int = 1


def _play(state: NamesState, ctx):
    while True:
        yield TurnStart(f"Round {state.round}")
        if not state.names:
            name = yield TextEntry("Who plays first?", label="First player", examples=["Ann"])
            ctx.log(f"{name} sits down")
            state.names.append(name)
        note = yield TextEntry("A note for the log?", label="Note", allow_empty=True, examples=["x"])
        ctx.log(f"{state.names[0]} notes: {note}")
        state.notes.append(note)
        yield Instruction(f"{state.names[0]} passes the dice")
        state.round += 1


def _view(state: NamesState, rules) -> GameView:
    first = state.names[0] if state.names else "?"
    return GameView(
        title="Names",
        cards_title="Seats",
        cards=[CardView(n) for n in state.names],
        flow_title=f"{first}'s turn",
        flow=[FlowStep(f"{first} writes a note", "current", state.notes[-1] if state.notes else "")],
        tracks=[TrackGroup("Players", [TrackRow(n, str(len(state.notes))) for n in state.names])],
        notices=[f"Last note: {state.notes[-1]}"] if state.notes else [],
    )


# The toy game with the players' names and notes for its state, play and view (its ruleset is unread).
NAMES = dataclasses.replace(
    toy_game.GAME, id="names", state_type=NamesState, new_state=lambda rules, options, seed: NamesState(),
    play=_play, view=_view, status=lambda state: Status(f"{state.names[0] if state.names else '?'} to play",
                                                        save=", ".join(state.names) or "no players yet"),
)


@pytest.fixture
def names(monkeypatch, tmp_path):
    monkeypatch.setattr(games, "all_games", lambda: {"names": NAMES})
    monkeypatch.setattr(OpenGame, "load_rules", staticmethod(lambda game: toy_game.RULES))
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    folder = tmp_path / "saves"
    folder.mkdir()
    yield folder
    monkeypatch.undo()
    time.tzset()


def screen_text(app) -> list[str]:
    """Every line on the screen as the terminal would receive its characters."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def tamper(path: Path, key: str, old: str, new: str) -> None:
    """Change one field of the save file the way an editor would (JSON escapes for controls)."""
    data = path.read_bytes()
    before = f'"{key}": "{old}"'.encode()
    assert before in data
    path.write_bytes(data.replace(before, f'"{key}": '.encode() + msgspec.json.encode(new), 1))


# -- typing ---------------------------------------------------------------------------------------


def test_typed_text_keeps_markup_and_refuses_every_escape_sequence():
    """Issue 7: markup is ordinary text for a TextEntry; escape sequences (clear screen, OSC 52,
    BEL, C1 CSI, carriage return) are refused with a one-line message and never stored."""
    prompt = TextEntry("Who plays first?")
    assert parse_answer(prompt, MARKUP_NAME) == MARKUP_NAME
    for bad in ESCAPES:
        with pytest.raises(AnswerError) as caught:
            parse_answer(prompt, f"Ann{bad}")
        assert "\n" not in str(caught.value)


@sync
async def test_markup_typed_on_the_game_screen_shows_literally(names):
    """Issue 7: names and notes typed with markup show literally in the title, the panes, the
    history log and the answer hint; nothing turns bold, red or into a link."""
    path = names / "table.json"
    async with app_on(names, path, new="names", seed=1) as (app, pilot):
        assert isinstance(app.screen, GameScreen)
        bar = app.screen.prompt_bar
        await pilot.press(*MARKUP_NAME[:6])  # typed as keys; the rest pasted, to keep the test quick
        bar.input.insert_text_at_cursor(MARKUP_NAME[6:])
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*MARKUP_NOTE[:6])
        bar.input.insert_text_at_cursor(MARKUP_NOTE[6:])
        await pilot.press("enter")
        await pilot.pause()
        text = "\n".join(screen_text(app))
        assert f"{MARKUP_NAME} sits down" in text  # history log
        assert f"{MARKUP_NAME} notes: {MARKUP_NOTE}" in text
        assert f"Last note: {MARKUP_NOTE}" in text  # notices
        assert f"{MARKUP_NAME} to play" in text  # title bar
        assert f"Answered: Note → {MARKUP_NOTE}" in text  # the prompt bar's hint
        assert not any(span.style and span.style.link for span in _spans(app))
    stored = OpenGame.open(path).runner.state
    assert stored.names == [MARKUP_NAME] and stored.notes == [MARKUP_NOTE]


def _spans(app):
    for strip in app.screen._compositor.render_strips():
        yield from strip


@sync
async def test_escape_sequences_typed_on_the_game_screen_are_refused(names):
    """Issue 7: a name pasted with an escape sequence is refused in one line; nothing is stored."""
    path = names / "table.json"
    async with app_on(names, path, new="names", seed=1) as (app, pilot):
        screen = app.screen
        screen.prompt_bar.input.value = "Ann\x1b]52;c;cHduZWQ=\x07"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.opened.runner.applied == 0
        assert "Control characters" in hint_line(screen)
    assert OpenGame.open(path).runner.applied == 0


# -- a tampered save ------------------------------------------------------------------------------


def _tampered_save(folder: Path) -> Path:
    """A save whose player name (in the saved state), answer label and summary carry escape
    sequences, as if edited by hand or sent by a stranger."""
    path = folder / "tampered.json"
    OpenGame.new("names", {}, 1, path)
    save = saves.read(path)
    save.session.snapshots[0].state = msgspec.Raw(msgspec.json.encode(NamesState(names=[EVE])))
    path.write_bytes(saves.encode(save))
    OpenGame.open(path).answer("hello")
    save = saves.read(path)
    save.session.answers[0].label = "Note\x1b]0;pwned\x07 → hello"
    save.summary = "Eve\x1b[2J"
    path.write_bytes(saves.encode(save))
    return path


@sync
async def test_escape_sequences_in_a_save_are_shown_written_out_on_the_game_screen(names):
    """Issue 7: a save carrying ESC/BEL/OSC in the state, a label and the summary opens; the
    screen shows `\\x1b` instead of sending the sequence to the terminal."""
    path = _tampered_save(names)
    app = make_app(names, path)
    async with running(app) as pilot:
        lines = screen_text(app)
        text = "\n".join(lines)
        assert not any(c in text for c in "\x1b\x07\x9b")
        assert "Eve\\x1b[2J\\x1b]52;c;cHduZWQ=\\x07 notes: hello" in text
        assert "Note\\x1b]0;pwned\\x07 → hello" in text
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not any("\x1b" in n.message or "\x07" in n.message for n in app._notifications)
        assert "Undid: Note\\x1b]0;pwned\\x07 → hello" in hint_line(app.screen)
    for info in saves.listing(names):
        assert "\x1b" not in info.summary and "\x1b" not in info.game


def test_escape_sequences_in_a_save_are_written_out_in_plain_mode(names):
    """Issue 7: `clockwork play --plain` shows the same save's names and log without escapes and
    the typed markup as is."""
    path = _tampered_save(names)
    out = io.StringIO()
    plain.run(OpenGame.open(path), io.StringIO(f"\n{MARKUP_NOTE}\nlog\nshow\nquit\n"), out)
    text = out.getvalue()
    assert not any(c in text for c in "\x1b\x07\x9b")
    assert "Eve\\x1b[2J" in text and f"notes: {MARKUP_NOTE}" in text


def test_save_errors_quote_file_text_in_one_line(names):
    """A game id with a newline and an escape in a save is quoted written out, in one line."""
    path = names / "odd.json"
    OpenGame.new("names", {}, 1, path)
    tamper(path, "game", "names", "na\nmes\x1b[2J")
    with pytest.raises(saves.SaveError) as caught:
        OpenGame.open(path)
    message = str(caught.value)
    assert "\n" not in message and "\x1b" not in message and "na\\x0ames\\x1b[2J" in message
