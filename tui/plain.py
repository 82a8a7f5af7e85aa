"""Plain text: prompts, history and the game view as lines, and the interactive line mode.

Used by the headless `clockwork` commands and by `clockwork play --plain`, which must work
through a pipe, over a slow SSH link and on a dumb terminal: no escape codes, one prompt per line.
UI-free: never imports Textual.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from .engine import records
from .engine.prompts import (
    ASIDE, AnswerError, CardEntry, Choice, Instruction, MultiChoice, Number, Prompt, TextEntry, YesNo, pressed_keys, shown,
    signed, span,
)
from .engine.saves import SaveError
from .engine.session import LogEntry
from .engine.view import GameView
from .opengame import OpenGame

FLOW_MARKS = {"done": "✓", "current": "▶", "todo": "·", "skipped": "–"}
# Control characters (escape codes above all) from a save are shown, never obeyed: a save from a
# stranger is data and must not be able to clear or retitle the terminal. One helper everywhere.
safe = shown


# -- prompts ----------------------------------------------------------------------------------


def how_to_answer(prompt: Prompt) -> str:
    match prompt:
        case Instruction():
            return "press Enter when done (or type ok)"
        case YesNo():
            return "y (yes) or n (no)"
        case Choice():
            pressed = dict(zip((o.key for o in prompt.options), pressed_keys(prompt.options)))
            extra = f"; Enter = {pressed.get(prompt.default, prompt.default)}" if prompt.default is not None else ""
            return ", ".join(f"{pressed[o.key]} = {o.label}" for o in prompt.options) + extra
        case Number():
            extra = f"; Enter = {signed(prompt.default)}" if prompt.default is not None else ""
            extra += "".join(f"; {o.key} = {o.label}" for o in prompt.keys)
            return f"a whole number from {span(prompt.lo, prompt.hi)}{extra}"
        case CardEntry():
            return "a card name (a unique beginning is enough): " + ", ".join(dict.fromkeys(prompt.cards))
        case TextEntry():
            codes = "; ".join(f"{code} {meaning}" for code, meaning in prompt.legend)
            return ("type the text" + (" (Enter alone leaves it empty)" if prompt.allow_empty else "")
                    + (f"; codes: {codes}" if codes else ""))
        case MultiChoice():
            return "keys separated by spaces: " + ", ".join(f"{o.key} = {o.label}" for o in prompt.options)
    return ""


def prompt_line(prompt: Prompt) -> str:
    """The whole prompt on one line: what to do and how to answer."""
    return f"{prompt.text}  [{how_to_answer(prompt)}]"


def pending_lines(og: OpenGame) -> list[str]:
    prompt = og.runner.pending
    if prompt is None:
        finished = og.runner.view().finished
        return ["The game is over." + (f" {finished}" if finished else "")]
    lines = [f"Next (step {og.runner.applied + 1}): {prompt.text}", f"  answer: {how_to_answer(prompt)}"]
    lines += [f"  or: {line}" for line in [aside_line(og)] if line]
    if prompt.help:
        lines.append(f"  help: {prompt.help}")
    return lines


def aside_line(og: OpenGame) -> str:
    """The game's step aside, typed in place of the answer where it is open (Root's reactions
    menu; the app's key for it)."""
    said = og.runner.aside_said()
    return f"{ASIDE} = {said}" if said else ""


# -- history ----------------------------------------------------------------------------------


def step_number(entry: LogEntry) -> int:
    """The answer a line belongs to: an answer line is its own step, effects follow theirs."""
    return entry.step + 1 if entry.kind == "answer" else entry.step


def log_lines(entries: Iterable[LogEntry]) -> list[str]:
    lines = []
    for entry in entries:
        if entry.kind == "turn":
            lines.append(f"── {entry.text} ──")
        elif entry.kind == "answer":
            lines.append(f"{step_number(entry):>5}  {entry.text}")
        elif entry.kind == "known":  # answered from the record: the table was not asked
            lines.append(f"{step_number(entry):>5}    ≡ {entry.text}")
        else:
            lines.append(f"{step_number(entry):>5}    {entry.text}")
    return lines


# -- the game view ----------------------------------------------------------------------------


def view_lines(view: GameView) -> list[str]:
    lines = [view.title]
    if view.status:
        lines.append(view.status)
    if view.cards:
        lines.append(f"{view.cards_title}:")
        for card in view.cards:
            kind = f" ({card.kind})" if card.kind else ""
            mark = " ★" if card.marked else ""
            detail = f" — {card.detail}" if card.detail else ""
            lines.append(f"  {card.name}{kind}{mark}{detail}")
    if view.flow:
        lines.append(f"{view.flow_title}:")
        for step in view.flow:
            note = f"  ({step.note})" if step.note else ""
            lines.append(f"  {FLOW_MARKS.get(step.state, ' ')} {step.label}{note}")
    for group in view.tracks:
        lines.append(f"{group.title}:")
        width = max((len(r.label) for r in group.rows), default=0)
        for row in group.rows:
            rng = f" [{span(row.lo, row.hi)}]" if row.pos is not None and row.hi is not None else ""
            flag = " (set at setup: check it against your printed game)" if row.editable_default else ""
            note = f"  ({row.note})" if row.note else ""
            lines.append(f"  {row.label:<{width}}  {row.value}{rng}{flag}{note}")
    for notice in view.notices:
        lines.append(f"Note: {notice}")
    if view.finished:
        lines.append(f"Finished: {view.finished}")
    return lines


# -- line mode --------------------------------------------------------------------------------

HELP = """\
Commands (a whole line each):
  undo [N]   undo the last answer (or N answers)
  redo [N]   redo what was undone
  log        the whole history, with step numbers
  show       the game: cards, steps, tracks
  help, ?    this help and the help for the current question
  save       write the save again after a write failed (each answer also tries)
  quit       leave (every answer is already saved; if one is not, quit asks first)
Anything else answers the question. To answer with one of these words, start it with '='."""

COMMANDS = {"undo", "redo", "log", "show", "help", "?", "save", "quit", "exit"}


class LineMode:
    def __init__(self, og: OpenGame, stdin: TextIO, stdout: TextIO):
        self.og = og
        self.stdin = stdin
        self.stdout = stdout
        self.unsaved = ""  # the last autosave error, until a later save succeeds
        self.warned = False  # quit was typed once with answers unsaved

    def say(self, *lines: str) -> None:
        for line in lines:  # each one line: a newline from a file is written out too
            self.stdout.write(safe(line, one_line=True) + "\n")
        self.stdout.flush()

    def run(self) -> int:
        runner = self.og.runner
        self.say(f"{self.og.game.title} · {self.og.game.subtitle} · {runner.summary()}")
        if self.og.notice:
            self.say(f"Note: {self.og.notice}")
        log = runner.session.log
        # Resuming: show the turn in progress so the table knows where it stands.
        start = max((i for i, e in enumerate(log) if e.kind == "turn"), default=0)
        self.say(*log_lines(log[start:]), "Type help for commands.")
        while True:
            self.show_prompt()
            line = self.stdin.readline()
            if not line:
                return 1 if self.unsaved else 0
            if not self.handle(line.rstrip("\r\n")):
                return 1 if self.unsaved else 0

    def show_prompt(self) -> None:
        prompt = self.og.runner.pending
        if prompt is None:
            self.say(*pending_lines(self.og), "(undo to go back, quit to leave)")
        else:
            aside = aside_line(self.og)
            self.say(f"{self.og.runner.applied + 1}> {prompt_line(prompt)}" + (f"  [or {aside}]" if aside else ""))

    def handle(self, line: str) -> bool:
        """One typed line; returns False when the player leaves."""
        word, _, rest = line.strip().partition(" ")
        word = word.lower()
        if word not in COMMANDS:
            self.answer(line[1:] if line.startswith("=") else line)
            return True
        if word in ("quit", "exit"):
            if self.og.unsaved and not self.warned:  # issue 14: quitting would lose answers
                self.warned = True
                self.say(f"! Not saved: {self.og.unsaved}", "Type save to try again, or quit again to leave without them.")
                return True
            return False
        if word == "save":
            try:
                self.og.retry_save()
            except SaveError as exc:
                self.save_failed(exc)
                return True
            self.unsaved, self.warned = "", False
            self.say("Saved.")
            return True
        if word in ("help", "?"):
            prompt = self.og.runner.pending
            self.say(*HELP.splitlines())
            if prompt is not None and prompt.help:
                self.say(f"About this question: {prompt.help}")
        elif word == "log":
            self.say(*log_lines(self.og.runner.session.log))
        elif word == "show":
            self.say(*view_lines(self.og.runner.view()))
        else:
            self.undo_redo(word, rest.strip())
        return True

    def answer(self, raw: str) -> None:
        before = len(self.og.runner.session.log)
        try:
            self.og.answer(raw)
            self.unsaved = ""
        except AnswerError as exc:
            self.say(f"! {exc}")
            return
        except SaveError as exc:
            self.save_failed(exc)
        self.say(*log_lines(self.og.runner.session.log[before:]))
        self.say(*(f"Note: {n}" for n in records.take_notices()))  # a backup skipped, a file set aside

    def undo_redo(self, word: str, arg: str) -> None:
        if arg and not arg.isdigit():
            self.say(f"! {word} takes a number of steps, not '{arg}'")
            return
        count = int(arg) if arg else 1
        before = len(self.og.runner.session.log)
        try:
            labels = self.og.undo(count) if word == "undo" else self.og.redo(count)
            self.unsaved = ""
        except SaveError as exc:
            self.save_failed(exc)
            return
        if not labels:
            self.say(f"Nothing to {word}.")
        elif word == "undo":
            self.say(*(f"Undone: {label}" for label in labels))
        else:
            self.say(*log_lines(self.og.runner.session.log[before:]))

    def save_failed(self, exc: SaveError) -> None:
        self.unsaved = str(exc)
        self.say(f"! {exc}")


def run(og: OpenGame, stdin: TextIO, stdout: TextIO) -> int:
    """Play in line mode until quit or end of input; 0 unless the last autosave failed."""
    return LineMode(og, stdin, stdout).run()
