"""Issue 24 item 6, typed answers learnt on screen: a step answered in codes (the King's Dilemma's
Outcome tokens, Oath's drawn cards and site suits, EU's Bot card IDs, Heirless's deal) shows a
legend under the answer line naming every code its reader accepts, each with what it means; a card
name has a picker of the names that fit what is typed. Found by random play of every game, and
checked on the screen at 80×24 and 60×20: the legend fits the prompt region, nothing cut."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

import per_game
from drivers import answer_lasting
from test_app_support import make_app, sync
from tui.engine.prompts import CardEntry, Prompt, TextEntry
from tui.opengame import OpenGame
from tui.screens.game import GameScreen
from tui.widgets.prompt_bar import legend_entries
from typed_codes import accepts

PLAIN_WORD = "Xyzzy"  # a free text takes it; a reader of codes refuses it


def typed_codes(game: str) -> dict:
    """The game's typed steps in codes (by a part of their label), and how their readers are
    checked (its tests/per_game file)."""
    return per_game.piece(game, "TYPED_CODES")


def coded(prompt: Prompt | None, codes: dict) -> str | None:
    """The entry of the game's ``codes`` for a typed step in codes, "card" for a card name, None
    for free text; a step in codes the game's file does not list fails."""
    if isinstance(prompt, CardEntry):
        return "card"
    if not isinstance(prompt, TextEntry):
        return None
    key = next((k for k in codes if k in prompt.label), None)
    if prompt.legend or (prompt.check is not None and not accepts(prompt, PLAIN_WORD)):
        assert key is not None, f"a typed step in codes without a check of its legend: {prompt.label}"
        return key
    assert key is None, f"{prompt.label}: listed as codes but takes any text and shows no legend"
    return None


def _typed_steps(game: str, folder, seeds=(1, 2, 3, 4), steps: int = 400) -> dict:
    """A save stopped at the first step of each kind of typed code random play meets, by kind."""
    found: dict = {}
    codes = typed_codes(game)
    for seed in seeds:
        path = folder / f"{game}-{seed}.json"
        og = OpenGame.new(game, {}, seed, path)
        rng = random.Random(seed)
        for _ in range(steps):
            prompt = og.runner.pending
            if prompt is None:
                break
            key = coded(prompt, codes)
            if key == "card":
                key = f"card: {prompt.label}"
            if key is not None and key not in found:
                found[key] = folder / f"found-{len(found)}.json"
                found[key].write_bytes(path.read_bytes())
            answer_lasting(og, rng)
    return found


def _shown(screen: GameScreen, widget: str) -> str:
    return " ".join(str(screen.prompt_bar.query_one(widget).render()).split())


@pytest.fixture(scope="module")
def typed_steps(tmp_path_factory):
    """_typed_steps of a game, played once for both sizes (the same seeds meet the same steps)."""
    played: dict[str, tuple[Path, dict]] = {}

    def of(game: str) -> tuple[Path, dict]:
        if game not in played:
            folder = tmp_path_factory.mktemp("play")
            played[game] = folder, _typed_steps(game, folder)
        return played[game]

    return of


@pytest.mark.parametrize("game", per_game.ids())
@pytest.mark.parametrize("size", [(80, 24), (60, 20)], ids=["80x24", "60x20"])
@sync
async def test_every_typed_code_has_its_legend_whole_on_screen(game, size, tmp_path, typed_steps):
    played, found = typed_steps(game)
    if not found:  # a game that asks only by keys and numbers (Root's file bots) has no legend to show
        assert per_game.piece(game, "TYPED_CODES") == {}, f"random play of {game} met none of its typed steps"
        return
    folder = shutil.copytree(played, tmp_path / "play")  # this test's own copy: the saves and their records
    for name, saved in found.items():
        app = make_app(tmp_path, folder / saved.name)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            prompt = screen.opened.runner.pending
            body = screen.prompt_bar.query_one("#prompt-body")
            assert body.max_scroll_y == 0, (name, size)  # the question, the answer line, the legend: whole
            legend = _shown(screen, "#prompt-legend")
            if isinstance(prompt, TextEntry):
                typed_codes(game)[name](screen.opened.rules, prompt)
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
