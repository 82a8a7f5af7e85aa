"""Coins changing hands: bargains between players (only Coins, KD-rb p.11) and the Power or
Coins a card, sticker or envelope gives or takes (from and to the general pool)."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Number, Option
from ...rules.kings_dilemma import KingsDilemmaRules
from .state import KDState
from .texts import rule_help

BARGAIN = Option("b", "record a bargain (Coins between players)")


def seat_options(state: KDState, seats: list[int]) -> list[Option]:
    return [Option(str(s + 1), state.name(s)) for s in seats]


def record_bargain(state: KDState, ctx: Context):
    """A Coin exchange makes a deal binding; Power, Leader and Moderator never change hands."""
    rules: KingsDilemmaRules = ctx.rules
    payers = [s for s, p in enumerate(state.players) if p.coins > 0]
    if not payers:
        ctx.log("Bargain: nobody has a Coin to give")
        return
    help_text = rule_help(rules, "bargain")
    giver = int((yield Choice("Bargain: who pays Coins?", seat_options(state, payers), label="Bargain: payer", help=help_text))) - 1
    others = [s for s in range(state.count) if s != giver]
    taker = int((yield Choice(
        f"Bargain: who receives {state.name(giver)}'s Coins?", seat_options(state, others),
        label="Bargain: receiver", help=help_text,
    ))) - 1
    amount = yield Number(
        f"How many Coins does {state.name(giver)} give {state.name(taker)}?", 1, state.players[giver].coins,
        label="Bargain: Coins", default=1,
    )
    g, t = state.players[giver], state.players[taker]
    g.coins -= amount
    t.coins += amount
    ctx.log(f"Bargain: {g.house} gives {amount} Coin(s) to {t.house}: {g.coins + amount} → {g.coins}, {t.coins - amount} → {t.coins}")


def record_gains(state: KDState, ctx: Context, why: str):
    """Power and Coins the outcome, a sticker or an envelope gives or takes, one House at a time."""
    while True:
        key = yield Choice(
            f"Does {why} give or take any House's Power or Coins?",
            [Option("1", "no (or no more)"), Option("2", "yes: record one change")],
            label=f"Power/Coins from {why}",
        )
        if key == "1":
            return
        seat = int((yield Choice("Which House?", seat_options(state, list(range(state.count))), label="House"))) - 1
        p = state.players[seat]
        what = yield Choice(
            f"{p.house} gains or loses:", [Option("p", "Power"), Option("c", "Coins")], label="Power or Coins",
        )
        if what == "p":
            delta = yield Number(
                f"Change to {p.house}'s Power (negative to lose):", -p.power, state.power_pool,
                label=f"{p.house} Power change",
            )
            p.power += delta
            state.power_pool -= delta
            ctx.log(f"{p.house} Power {delta:+d}: {p.power - delta} → {p.power} (pool {state.power_pool})")
        else:
            delta = yield Number(
                f"Change to {p.house}'s Coins (negative to lose):", -p.coins, state.coin_pool,
                label=f"{p.house} Coins change",
            )
            p.coins += delta
            state.coin_pool -= delta
            ctx.log(f"{p.house} Coins {delta:+d}: {p.coins - delta} → {p.coins} (pool {state.coin_pool})")
