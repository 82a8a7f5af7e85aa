"""Issue 24 item 4: panes never cut a sentence without saying so. The card row and the notices
hold a fixed share of the screen's top (tui/screens/layout.py); a text that needs more ends its
last row with a marker naming F4, and F4 shows the panes whole at every size. Below 24 rows the
panes are folded: the title bar says a notice waits behind F4.

Found by a new player at 80×24: "The Clockwork Sage has no gold: on its turn it reveals cards only
with gold from…" and the card row cut in the middle of a card, with nothing to say there was more."""

from __future__ import annotations

import dataclasses
import random

import pytest
from rich.console import Console

import per_game
from drivers import answer_lasting
from test_app_support import make_app, running, sync
from tui import games
from tui.games.command_of_nature import GAME as SAGE
from tui.games.command_of_nature.setup import new_state as sage_state
from tui.games.command_of_nature.state import DECK, INSTANTS, YOURS, RevealedCard
from tui.opengame import OpenGame
from tui.screens.game import GameScreen
from tui.screens.layout import CARD_ROWS, FOLDED_NOTICE, NOTICE_ROWS
from tui.screens.panes import PanesScreen
from tui.widgets.card_row import CardRow
from tui.widgets.clipped import MORE
from tui.widgets.notices import Notices

GAMES = per_game.ids()  # every registered game


def words(text: str) -> str:
    return " ".join(text.split())


def shown_lines(app, widget) -> list[str]:
    """The rows of ``widget``'s text as the terminal shows them."""
    screen = app.screen._compositor.render_strips()
    box = widget.content_region
    return ["".join(seg.text for seg in screen[y])[box.x:box.right].rstrip() for y in range(box.y, box.bottom)]


def whole_text(widget) -> str:
    """Everything the widget holds, drawn at its width with no limit of rows."""
    console = Console(width=widget.content_region.width, legacy_windows=False)
    return words(" ".join("".join(s.text for s in line) for line in console.render_lines(widget.body, pad=False)))


def told(app, widget, rows: int) -> bool:
    """Assert that ``widget`` shows its whole text, or the start of it with the marker at the end
    of its last row; True when it was cut."""
    if not widget.display:
        return False
    whole, lines = whole_text(widget), shown_lines(app, widget)
    assert len(lines) <= rows
    shown = words(" ".join(lines))
    if shown == whole:
        return False
    assert lines and lines[-1].endswith(MORE), f"cut without a marker: {lines}; whole: {whole}"
    start = words(" ".join([*lines[:-1], lines[-1].removesuffix(MORE)])).removesuffix("…").strip()
    assert whole.startswith(start), (start, whole)
    return True


async def read_whole(pilot, view) -> str:
    """F4 from the game screen: the panes screen's text, the card row and the notices whole."""
    screen = pilot.app.screen
    await pilot.press("f4")
    await pilot.pause()
    panes = pilot.app.screen
    assert isinstance(panes, PanesScreen)
    text = words(" ".join(shown_lines(pilot.app, panes.query_one(CardRow))
                          + shown_lines(pilot.app, panes.query_one(Notices))))
    await pilot.press("escape")
    await pilot.pause()
    assert pilot.app.screen is screen
    return text


@pytest.fixture
def broke_sage(monkeypatch, tmp_path):
    """Command of Nature on the player's turn, its Clockwork's wallet empty, an Instant on its
    pile and five cards revealed last turn: the new player's screen, two notices at once."""

    def arranged(rules, options, seed, recalled=None):
        state = sage_state(rules, options, seed, recalled)
        state.deck.piles[DECK] = ["Buy Strike", "Timber"]
        state.deck.piles[INSTANTS] = ["Twig Charm"]
        state.revealed = [RevealedCard(card=c, kind=k, outcome="used → discard") for c, k in (
            ("Far Strike", "Attack"), ("Fortified Lines", "Utility"), ("Timber", "Elemental"),
            ("Safe Distance", "Utility"), ("Burn Strike", "Attack"))]
        state.gold.set(0)
        state.phase = YOURS
        return state

    game = dataclasses.replace(SAGE, id="broke-sage", new_state=arranged)
    monkeypatch.setattr(games, "all_games", lambda: {game.id: game})
    real_load = OpenGame.load_rules
    monkeypatch.setattr(OpenGame, "load_rules", staticmethod(lambda g: real_load(SAGE)))
    path = tmp_path / "broke.json"
    OpenGame.new(game.id, {}, 1, path)
    return path


@sync
async def test_a_notice_or_card_row_that_does_not_fit_says_so_and_f4_shows_it_whole(broke_sage, tmp_path):
    app = make_app(tmp_path, broke_sage)
    async with running(app, (80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        view = screen.last_view
        assert any(n.startswith("The Clockwork Sage has no gold") for n in view.notices)
        cards, notices = screen.query_one(CardRow), screen.query_one(Notices)
        assert told(app, notices, NOTICE_ROWS) and told(app, cards, CARD_ROWS)
        first = shown_lines(app, cards)[0]
        assert first.startswith(f"{view.cards_title}: [")  # the first card begins beside the title
        whole = await read_whole(pilot, view)
        for notice in view.notices:
            assert words(f"! {notice}") in whole
        for card in view.cards:
            assert f"[{card.name}" in whole


@sync
async def test_folded_a_notice_is_named_in_the_title_and_f4_shows_it(broke_sage, tmp_path):
    app = make_app(tmp_path, broke_sage)
    async with running(app, (60, 20)) as pilot:
        screen = app.screen
        assert not screen.query_one("#top").display
        assert FOLDED_NOTICE in str(screen.query_one("#title-bar").render())
        whole = await read_whole(pilot, screen.last_view)
        assert words("! The Clockwork Sage has no gold") in whole


async def _random_play(game: str, size: tuple[int, int], tmp_path, steps: int) -> int:
    """Random lasting answers; after each, the card row and the notices are whole or say that they
    are not. Returns how many steps cut one of them."""
    path = tmp_path / f"{game}.json"
    OpenGame.new(game, {}, 4, path)
    app = make_app(tmp_path, path)
    rng = random.Random(9)
    cut = 0
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        folded = not screen.query_one("#top").display
        for _ in range(steps):
            if screen.opened.runner.pending is None:
                break
            answer_lasting(screen.opened, rng)
            screen.refresh_view()
            await pilot.pause()
            title = str(screen.query_one("#title-bar").render())
            if folded:
                assert screen.last_view is not None
                assert (FOLDED_NOTICE in title) == bool(screen.last_view.notices), title
                continue
            cut += told(app, screen.query_one(CardRow), CARD_ROWS)
            cut += told(app, screen.query_one(Notices), NOTICE_ROWS)
    return cut


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", [(80, 24), (60, 20)], ids=["80x24", "60x20"])
@sync
async def test_random_play_never_cuts_a_notice_or_card_row_unseen(game, size, tmp_path):
    await _random_play(game, size, tmp_path, steps=60)
