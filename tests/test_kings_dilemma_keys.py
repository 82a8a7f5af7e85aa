"""Keys of an ordinary round (issue 15, fewer questions): the usual answer on Enter, small numbers
as single keys, Outcome tokens typed short. Before this work the same round took 45 keys, 22 of
them typed (the Dilemma's name 6, the tokens "wea- mor+" 9 and "inf+" 4, three amounts 1 each);
the goal was half the typing."""

from __future__ import annotations

from test_kings_dilemma_helpers import new_runner, rules
from test_kings_dilemma_setup import through_setup
from tui.engine.prompts import Choice, Instruction, Prompt, YesNo, pressed_keys
from tui.games.kings_dilemma import GAME

BEFORE_KEYS, BEFORE_TYPED = 45, 22


def cost(prompt: Prompt, raw: str) -> tuple[int, int]:
    """(keys, typed): an instruction, a yes/no and a one-key choice take one key (Enter included);
    anything typed into a field counts its characters as typed, plus Enter."""
    if isinstance(prompt, (Instruction, YesNo)):
        return 1, 0
    if isinstance(prompt, Choice) and all(len(o.key) == 1 for o in prompt.options):
        return 1, 0
    return len(raw) + 1, len(raw)


# An ordinary round at 4 Houses (Coden leads): the Dilemma is not named; AYE shows Wealth− and
# Morale+, NAY Influence+; Coden AYE 3, Blodyn NAY 2, Solad passes and gathers, Tork AYE 2; AYE
# wins; its effects are its two tokens, one icon each; no sticker, envelope or gain; the card goes
# before the skull section.
ROUND = [
    ("Dilemma drawn", ""), ("AYE Outcome tokens", "wea-m+"), ("NAY Outcome tokens", "i+"),
    ("Coden votes", "1"), ("Coden: Power on AYE", "3"),
    ("Blodyn votes", "2"), ("Blodyn: Power on NAY", "2"),
    ("Solad votes", "3"),
    ("Tork votes", "1"), ("Tork: Power on AYE", "2"),
    ("Vote resolution", ""),
    ("Read the AYE outcome", ""),
    ("Resource effect 1", ""), ("Wealth amount", ""),  # each way is its token's (issue 24 item 2)
    ("Resource effect 2", ""), ("Morale amount", ""),
    ("Resource effect 3", ""),
    ("Stickers", ""), ("Envelope?", "n"), ("Power/Coins from", "n"), ("Time Counter", ""),
]


def test_an_ordinary_round_takes_half_the_typing():
    """Issue 15: 45 keys, 22 typed before; now 29 keys, 8 typed, for the same round and outcome
    (31 until issue 24 item 2: the tokens give each Resource's way)."""
    runner = new_runner(4, seed=1)
    through_setup(runner, ["1", "2", "3", "4"])
    keys = typed = 0
    for label, raw in ROUND:
        prompt = runner.pending
        assert prompt.label.startswith(label), (label, prompt.label)
        k, t = cost(prompt, raw)
        keys, typed = keys + k, typed + t
        runner.answer(raw)
    s = runner.state
    assert s.round == 2 and s.phase == "dilemma"
    assert s.time_cards == ["Dilemma of round 1 (AYE)"]
    assert s.resource("wealth").row < 9 and s.resource("morale").row > 9
    assert (keys, typed) == (29, 8)
    assert typed * 2 <= BEFORE_TYPED and keys < BEFORE_KEYS


def test_tab_with_two_houses_fitting_picks_neither():
    """Issue 24 item 6 (a new player at 80×24 typed "t" for Tork and Tab gave Tiryll's or Tork's
    name silently): "t" fits Tork and Tiryll, so no name is suggested and Tab completes only what
    they share; "to" fits Tork alone."""
    import asyncio

    from tui.widgets.prompt_bar import SuggestOne, completions, shared_beginning

    houses = [h.name for h in rules().houses]
    fits = completions(houses, "t")
    assert fits == ["Tork", "Tiryll"] and shared_beginning(fits) == "T"
    suggest = SuggestOne(houses)
    assert asyncio.run(suggest.get_suggestion("t")) is None
    assert asyncio.run(suggest.get_suggestion("to")) == "Tork"
    assert asyncio.run(suggest.get_suggestion("w")) == "Wylio"


def listed_keys(keys: str) -> set[str]:
    """The keys one F1 line names: "1–9 m" is 1 to 9 and m; Enter is no option's key."""
    out = set()
    for part in keys.replace(",", " ").split():
        if "–" in part:
            lo, hi = part.split("–")
            out |= {str(n) for n in range(int(lo), int(hi) + 1)}
        elif part != "Enter":
            out.add(part)
    return out


def test_the_keys_f1_lists_are_the_keys_a_round_shows():
    """F1 (the game's keys) agrees with the keys shown (prompts.WORD_KEYS): on "Resource effect 2"
    the way out, "no more Resource effects", is shown on n, so F1 must list n, not 0. Every key F1
    names is pressed on some question of an ordinary round (KD seed: Play P3, P5.B)."""
    runner = new_runner(4, seed=1)
    through_setup(runner, ["1", "2", "3", "4"])
    shown: dict[str, str] = {}
    for _label, raw in ROUND:
        prompt = runner.pending
        if isinstance(prompt, Choice):
            shown.update({o.label: key for o, key in zip(prompt.options, pressed_keys(prompt.options))})
        runner.answer(raw)
    helped = dict((what, keys) for keys, what in GAME.keys_help)
    assert helped["no more Resource effects"] == shown["no more Resource effects"] == "n"
    for keys, what in GAME.keys_help:
        assert listed_keys(keys) <= set(shown.values()), (keys, what)
