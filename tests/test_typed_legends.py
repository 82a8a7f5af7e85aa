"""Issue 24 item 6, typed answers learnt on screen: a step answered in codes (the King's Dilemma's
Outcome tokens, Oath's drawn cards and site suits, EU's Bot card IDs, Heirless's deal) shows a
legend under the answer line naming every code its reader accepts, each with what it means; a card
name has a picker of the names that fit what is typed. Found by random play of every game, and
checked on the screen at 80×24 and 60×20: the legend fits the prompt region, nothing cut."""

from __future__ import annotations

import itertools
import random
import re
import string

import pytest

from drivers import answer_lasting
from test_app_support import make_app, sync
from tui.engine.prompts import AnswerError, CardEntry, Prompt, TextEntry
from tui.games.kings_dilemma.outcome_tokens import names as token_names
from tui.opengame import OpenGame
from tui.screens.game import GameScreen
from tui.widgets.prompt_bar import legend_entries

GAMES = ["command-of-nature", "oath", "eu-price-of-power", "kings-dilemma", "heirless"]
PLAIN_WORD = "Xyzzy"  # a free text takes it; a reader of codes refuses it


def _accepts(prompt: TextEntry, text: str) -> bool:
    assert prompt.check is not None
    try:
        prompt.check(text)
    except AnswerError:
        return False
    return True


def _read(prompt: TextEntry, text: str) -> tuple:
    """What the reader makes of ``text`` (a list of tokens or cards)."""
    assert prompt.check is not None
    read = prompt.check(text)
    assert isinstance(read, list)
    return tuple(read)


def _codes(prompt: TextEntry) -> list[str]:
    return [code for code, _ in prompt.legend]


def kd_tokens(rules, prompt: TextEntry) -> None:
    """Every word the reader takes (with a sign) names a token some code of the legend names; each
    Resource and the sticker are in the legend, and so are the signs."""
    named = {_read(prompt, f"{code}+") for code in _codes(prompt) if code.isalpha()}
    for size in (1, 2, 3):
        for word in map("".join, itertools.product(string.ascii_lowercase, repeat=size)):
            if _accepts(prompt, f"{word}+"):
                assert _read(prompt, f"{word}+") in named, word
    shown = {show for _, show in token_names(rules)}
    assert {token[:-1] for (token,) in named} == shown
    meanings = " ".join(meaning for _, meaning in prompt.legend)
    assert all(r.name in meanings for r in rules.resources) and "sticker" in meanings
    assert any("+" in code and "-" in code for code in _codes(prompt))


def single_letters(rules, prompt: TextEntry) -> None:
    """Every character the reader takes, alone or after a letter (h+), is a code of the legend (in
    either case)."""
    codes = set("".join(_codes(prompt)).replace(" ", "").lower())
    for char in string.printable.strip().replace(",", ""):  # commas, like spaces, only separate codes
        for text in (char, f"h{char}"):
            if any(_accepts(prompt, " ".join([text] * n)) for n in range(1, 6)):
                assert set(text.lower()) <= codes, (text, codes)
    for code in _codes(prompt):
        if len(code) == 1 and code.isalpha():
            assert any(_accepts(prompt, " ".join([code] * n)) for n in range(1, 6)), code


def card_ids(rules, prompt: TextEntry) -> None:
    """The IDs the reader takes are exactly the range the legend names."""
    low, high = map(int, re.findall(r"\d+", _codes(prompt)[0]))
    assert [n for n in range(0, 100) if _accepts(prompt, str(n))] == list(range(low, high + 1))
    assert _accepts(prompt, "") and any("Enter" == code for code in _codes(prompt))


def goods(rules, prompt: TextEntry) -> None:
    """The legend names what a deal may name and what the reader refuses."""
    legend = dict(prompt.legend)
    for good in rules.goods:
        assert good.label in legend["trades" if good.tradable else "never"], good.label
        assert _accepts(prompt, f"2 {good.label} for 1 Logs") == good.tradable, good.label


# The typed steps answered in codes (by a part of their label), and how their readers are checked.
CODED = {"Outcome tokens": kd_tokens, "Cards drawn": single_letters, "Next card drawn": single_letters,
         "Empty cards at the Prince's site": single_letters, "removals Age": card_ids, "Haggle: the deal": goods}


def coded(prompt: Prompt | None) -> str | None:
    """The CODED entry for a typed step in codes, "card" for a card name, None for free text; a
    step in codes nobody listed here fails."""
    if isinstance(prompt, CardEntry):
        return "card"
    if not isinstance(prompt, TextEntry):
        return None
    key = next((k for k in CODED if k in prompt.label), None)
    if prompt.legend or (prompt.check is not None and not _accepts(prompt, PLAIN_WORD)):
        assert key is not None, f"a typed step in codes without a check of its legend: {prompt.label}"
        return key
    assert key is None, f"{prompt.label}: listed as codes but takes any text and shows no legend"
    return None


def _typed_steps(game: str, folder, seeds=(1, 2, 3, 4), steps: int = 400) -> dict:
    """A save stopped at the first step of each kind of typed code random play meets, by kind."""
    found: dict = {}
    for seed in seeds:
        path = folder / f"{game}-{seed}.json"
        og = OpenGame.new(game, {}, seed, path)
        rng = random.Random(seed)
        for _ in range(steps):
            prompt = og.runner.pending
            if prompt is None:
                break
            key = coded(prompt)
            if key == "card":
                key = f"card: {prompt.label}"
            if key is not None and key not in found:
                found[key] = folder / f"found-{len(found)}.json"
                found[key].write_bytes(path.read_bytes())
            answer_lasting(og, rng)
    return found


def _shown(screen: GameScreen, widget: str) -> str:
    return " ".join(str(screen.prompt_bar.query_one(widget).render()).split())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", [(80, 24), (60, 20)], ids=["80x24", "60x20"])
@sync
async def test_every_typed_code_has_its_legend_whole_on_screen(game, size, tmp_path):
    folder = tmp_path / "play"
    folder.mkdir()
    found = _typed_steps(game, folder)
    assert found, f"random play of {game} met no typed step in codes or card names"
    for name, path in found.items():
        app = make_app(tmp_path, path)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            prompt = screen.opened.runner.pending
            body = screen.prompt_bar.query_one("#prompt-body")
            assert body.max_scroll_y == 0, (name, size)  # the question, the answer line, the legend: whole
            legend = _shown(screen, "#prompt-legend")
            if isinstance(prompt, TextEntry):
                CODED[name](screen.opened.rules, prompt)
                for code, meaning in prompt.legend:
                    assert f"{code} {' '.join(meaning.split())}" in legend or (
                        code in legend and " ".join(meaning.split()) in legend), (code, legend)
                continue
            assert isinstance(prompt, CardEntry)
            cards = list(dict.fromkeys(prompt.cards))
            entries, picker = legend_entries(prompt)
            if not picker:  # the question names every card itself
                assert all(card in prompt.text for card in cards)
                continue
            field = screen.prompt_bar.input
            for card in cards:  # the picker narrows to any card by its beginning
                field.value = card[:3]
                await pilot.pause()
                assert card in _shown(screen, "#prompt-legend"), (card, size)
                assert body.max_scroll_y == 0
            field.value = ""
            await pilot.pause()
            if len(cards) <= 6:
                assert all(card in _shown(screen, "#prompt-legend") for card in cards)
