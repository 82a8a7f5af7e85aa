"""Shared helpers for the Heirless tests: the shipped ruleset, a game seated and set up by the
table's answers, and answering prompts by label."""

from __future__ import annotations

import functools

from drivers import answer, log_texts  # noqa: F401 (the game's tests import them from here)
from tui.engine.prompts import Choice, MultiChoice
from tui.engine.session import Runner
from tui.games.heirless import GAME
from tui.games.heirless.tracker import priorities, turn_order
from tui.rules import loader


@functools.cache
def rules():
    return loader.load(loader.shipped_path("heirless"), GAME)


def new_runner(options=None, seed=1) -> Runner:
    return Runner.new(GAME, rules(), dict(options or {}), seed)


def key_for(runner: Runner, label: str) -> str:
    """The key of the pending choice's option whose label starts with ``label``."""
    prompt = runner.pending
    assert isinstance(prompt, (Choice, MultiChoice)), prompt
    for option in prompt.options:
        if option.label.lower().startswith(label.lower()):
            return option.key
    raise AssertionError(f"no option '{label}' in {[o.label for o in prompt.options]}")


def pick(runner: Runner, label_part: str, *labels: str) -> str:
    """Answer a choice (or several-of) by its options' labels."""
    prompt = runner.pending
    assert prompt is not None and label_part.lower() in f"{prompt.label} | {prompt.text}".lower(), prompt
    return runner.answer(" ".join(key_for(runner, label) for label in labels))


SEATS = [("Blue", "Lord", "Ada"), ("Green", "Lady", "Bram"), ("Purple", "Lord", "Cleo")]


def set_up(options=None, seats=SEATS, order=None, seed=1) -> Runner:
    """A game whose table seats ``seats`` (colour, title, name) and puts the cubes on the Action
    Phase half in ``order`` (colours; default: the seating order)."""
    opts = {"players": str(len(seats)), **(options or {})}
    runner = new_runner(opts, seed)
    for colour, title, name in seats:
        pick(runner, "colour", colour)
        answer(runner, "title", title)
        answer(runner, "name", name)
    for colour in (order or [s[0] for s in seats])[:-1]:
        seal = next(f"{t} {c}" for c, t, _ in seats if c == colour)
        pick(runner, "Tracker spot", seal)
    answer(runner, "Set up the board")
    return runner


def recorded(runner: Runner, start: str) -> str:
    """A question the record answered (issue 23 item 2): the history's line for it, which begins
    with ``start`` (the question's label and the answer)."""
    lines = [e.text for e in runner.session.log if e.kind == "known" and e.text.startswith(start)]
    assert lines, f"the record did not answer '{start}'"
    return lines[-1]


def seal_of(runner: Runner, index) -> str:
    return "Bandits" if index == -1 else runner.state.players[index].seal


def colours(runner: Runner, indexes) -> list[str]:
    return ["Bandits" if i == -1 else runner.state.players[i].colour for i in indexes]


def order(runner: Runner) -> list[str]:
    """The colours in turn order, as the tracker stands."""
    return colours(runner, turn_order(runner.state.tracker))


def prio(runner: Runner) -> list[str]:
    """The colours by priority, as the tracker stands."""
    return colours(runner, priorities(runner.state.tracker))


def now(runner: Runner) -> str:
    """The colour whose turn it is."""
    return runner.state.players[runner.state.turn].colour


def player(runner: Runner, colour: str):
    return next(p for p in runner.state.players if p.colour == colour)


def index(runner: Runner, colour: str) -> int:
    return next(i for i, p in enumerate(runner.state.players) if p.colour == colour)


def idle(runner: Runner) -> None:
    answer(runner, "'s turn", "x")


def standard(runner: Runner, action: str) -> None:
    answer(runner, "'s turn", "s")
    pick(runner, "Standard Action", action)


def free(runner: Runner, action: str) -> None:
    pick(runner, "'s turn", "Free Action")
    pick(runner, "Free Action", action)


def enact(runner: Runner, law: str, threshold: int | None = None) -> None:
    """Enact, a Law not voted on yet: its name, and its threshold when Clockwork asks for it."""
    standard(runner, "Enact")
    pick(runner, "which Law", "a Law not voted on yet")
    answer(runner, "Law name", law)
    if threshold is not None:
        answer(runner, "threshold", str(threshold))


def guarantee(runner: Runner, signer: str, words: str) -> None:
    """The Free Action Guarantee: ``signer`` signs the promise ``words``."""
    free(runner, "Guarantee")
    pick(runner, "signs", signer)
    answer(runner, "promise", words)


def count_battles(runner: Runner, count: int) -> None:
    """Go on to the Battles (no Free Action first) and say how many there are."""
    answer(runner, "Before the Battles", "n")
    answer(runner, "How many Tiles", str(count))


def next_steps_until(runner: Runner, text: str = "") -> None:
    """Mark the Season's checklist steps done (no Free Action) until a step whose text contains
    ``text``, or, with no text, until the Season is over."""
    while runner.pending is not None and runner.state.phase == "season_end":
        if text and text in runner.pending.text:
            return
        answer(runner, "", "n")
    assert not text, f"no step says '{text}'"
