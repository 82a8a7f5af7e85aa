"""Snapshot tests of the EU: The Price of Power Bots screen at 100×30 and 80×24, on the same fixed
save as `python -m tui.screenshots --game eu-price-of-power` (tui/screenshots.py demo_save).

Update with `pytest tests/test_eu_price_of_power_snapshots.py --snapshot-update` and look at them."""

from __future__ import annotations


import pytest

from test_app_support import make_app
from tui.screenshots import demo_save

SIZES = [(100, 30), (80, 24)]
IDS = ["100x30", "80x24"]
GAME = "eu-price-of-power"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_bot_turn(snap_compare, relative_saves, size):
    """A Bot's Turn a few Turns in: the drawn cards, the chart being walked, the Bots' tracks."""
    path = demo_save(relative_saves, GAME)
    assert snap_compare(make_app(relative_saves, path), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_rules_at_hand(snap_compare, relative_saves, size):
    """The rules kept at hand (F2): Bot rules, difficulty table, the 24 cards, our readings."""
    path = demo_save(relative_saves, GAME)
    assert snap_compare(make_app(relative_saves, path), terminal_size=size, press=["f2"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_card_drawn(snap_compare, relative_saves, size):
    """France is not under attack, cannot Siege (at Peace: not asked) or Colonize: it draws a Bot
    card and pays for it."""
    path = demo_save(relative_saves, GAME)
    assert snap_compare(make_app(relative_saves, path), terminal_size=size, press=["n", "n"])
