"""The box (issue 17): 65 Power and 72 Coins; setup refuses what it cannot supply, and neither the
general pool nor a House ever goes below zero (KD-rb p.2 components; notes §1; readings box-limits)."""

from __future__ import annotations

import pytest

from test_kings_dilemma_helpers import Drive, Table, rules, seated
from tui.engine.game import OptionError
from tui.games.kings_dilemma.bargains import record_gains
from tui.games.kings_dilemma.setup import new_state
from tui.games.kings_dilemma.view import private_holdings, view


@pytest.mark.parametrize("players,power,coins,what", [
    (5, 13, 10, "68 Power; the box has 65 Power (and 72 Coins): at most 12 Power per House"),
    (5, 8, 15, "75 Coins; the box has 72 Coins (and 65 Power): at most 14 Coins per House"),
    (4, 16, 10, "67 Power; the box has 65 Power (and 72 Coins): at most 15 Power per House"),
])
def test_setup_refuses_what_the_box_cannot_supply(players, power, coins, what):
    """KD-rb p.2 (65 Power, 72 Coins) and seed Setup 3-5 (3 Power on the Balance, the rest per
    House, the remainder is the general pool): the message gives the box's totals."""
    with pytest.raises(OptionError) as refused:
        new_state(rules(), {"players": str(players), "power": str(power), "coins": str(coins)}, 1)
    assert what in str(refused.value)


def test_the_largest_setup_the_box_allows_leaves_empty_pools():
    """KD-rb p.2: 5 Houses × 12 Power + 3 = 63 ≤ 65; 5 × 14 Coins = 70 ≤ 72."""
    state = new_state(rules(), {"players": "5", "power": "12", "coins": "14"}, 1)
    assert (state.power_pool, state.coin_pool) == (2, 2)


def gain(state, answers):
    table = Table()
    Drive(record_gains(state, table.ctx, "the outcome"), answers)
    return table.text()


def test_a_gain_stops_at_an_empty_pool_and_is_never_a_loss():
    """Readings gains and box-limits: a gain comes from the general pool; with 1 Power left there, a
    gain of 3 gives 1, and with none left it gives nothing (before, an empty pool forced the
    answer below zero, turning the gain into a loss)."""
    state = seated(3)
    state.power_pool = 1
    text = gain(state, ["y", "1", "1", "3", "y", "1", "1", "2", "n"])
    assert state.players[0].power == 9 and state.power_pool == 0
    assert "takes 1 Power from the pool (the pool had only 1)" in text
    assert "takes 0 Power from the pool" in text


def test_a_loss_stops_at_what_the_house_holds():
    """KD-rb legacy setup (a House may be left with no Power at all): a loss never takes a House
    below zero; what it gives back goes to the pool."""
    state = seated(3)
    state.players[1].coins = 2
    pool = state.coin_pool
    gain(state, ["y", "2", "4", "5", "n"])
    assert state.players[1].coins == 0 and state.coin_pool == pool + 2


def test_a_loss_larger_than_the_holding_keeps_the_screen_hidden():
    """KD-rb p.8 (Power and Coins stay behind the House screen): Solad, holding 11 Coins, loses 50
    ("m" then 50). The history reads the same as for a House holding 60, so it never tells the
    table Solad had 11; only F3 (for Solad's eyes) shows its new count."""
    lines, screens = {}, {}
    for held in (11, 60):
        state = seated(3)
        state.players[1].coins = held
        lines[held] = gain(state, ["y", "2", "4", "m", "50", "n"])
        screens[held] = view(state, rules())  # the shared screen: no pool count gives it away either
    assert lines[11] == lines[60]
    assert screens[11].tracks == screens[60].tracks
    assert "11" not in lines[11] and "all it had" not in lines[11]
    assert "Solad pays 50 Coins back to the pool, up to what its screen holds" in lines[11]
    state = seated(3)
    state.players[1].coins = 11
    gain(state, ["y", "2", "4", "m", "50", "n"])
    assert ("Solad", ["8 Power behind the screen", "0 Coins behind the screen"]) in private_holdings(rules(), state)
