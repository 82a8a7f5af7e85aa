"""Asking the table during the Clockwork's turn, with a way to report what happened first.

You may play cards during the Clockwork's turn (an Instant against its attack), and each card you
play checks its Instant pile; gold it gains then extends its loop (seed: HOW TO PLAY; III.D). So
every instruction, yes/no question and choice of its turn also takes `r`: the reactions of your
turn open, and the same step is asked again afterwards, rebuilt from the changed state. Typed
answers (numbers, card names) keep their own form; the step after them offers `r` again.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Option, Prompt, YesNo
from .state import CLOCKWORK, GameEnded, SageState

REACT = "r"
REACT_LABEL = "something happened first (a card, gold, a defeat…)"
# Returned by ask() when a reaction changed the formation so that the question no longer applies.
STALE = object()


def reactions_open(state: SageState) -> bool:
    return state.phase == CLOCKWORK and not state.reacting


def with_reactions(prompt: Prompt) -> Prompt:
    """The same question with `r` added; y/n stay y/n and Enter still acknowledges."""
    react = Option(REACT, REACT_LABEL)
    match prompt:
        case Instruction():
            options = [Option("d", "done"), react]
            return Choice(prompt.text, options, label=prompt.label, help=prompt.help, default="d")
        case YesNo():
            # The fact it asks about goes with it: the record may still answer it (facts.py).
            options = [Option("y", "yes"), Option("n", "no"), react]
            return Choice(prompt.text, options, label=prompt.label, help=prompt.help, fact=prompt.fact)
        case Choice():
            assert all(o.key != REACT for o in prompt.options), prompt.label
            return Choice(prompt.text, [*prompt.options, react], label=prompt.label, help=prompt.help,
                          default=prompt.default, fact=prompt.fact)
    return prompt


def typed(prompt: Prompt, answer: object) -> object:
    """What the procedure would have received from the prompt as first built."""
    match prompt:
        case Instruction():
            return None
        case YesNo():
            return answer == "y"
    return answer


def ask(state: SageState, ctx: Context, question: Prompt | Callable[[], Prompt | None]):
    """Yield ``question`` (or what the callable builds from the current state) and return the
    answer. During the Clockwork's turn `r` runs a reaction and asks again; a builder returning
    None after a reaction means the question no longer applies: ask() returns STALE. A reaction
    that ends the game raises GameEnded."""
    build = question if callable(question) else (lambda: question)
    while True:
        prompt = build()
        if prompt is None:
            return STALE
        if not reactions_open(state):
            return (yield prompt)
        shown = with_reactions(prompt)
        answer = yield shown
        if shown is prompt or answer != REACT:
            return typed(prompt, answer)
        # Imported here: the reactions use the formation and defeat procedures, which ask().
        from .your_turn import react_during_clockwork_turn

        yield from react_during_clockwork_turn(state, ctx, prompt.label or prompt.text)
        if state.over:
            raise GameEnded
