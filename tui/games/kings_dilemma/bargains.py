"""Coins changing hands: bargains between players (only Coins, KD-rb p.11) and the Power or
Coins a card, sticker or envelope gives or takes (from and to the general pool).

What a House holds stays behind its screen: every House is offered, the keys are the same
whatever it holds, and the history says what changed hands, never what is left."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Option, YesNo
from .rules import KingsDilemmaRules
from .asks import look_again, small_number
from .state import KDState
from .texts import reading_help, rule_help

BARGAIN = Option("b", "record a bargain (Coins between players)")


def seat_options(state: KDState, seats: list[int]) -> list[Option]:
    return [Option(str(s + 1), state.name(s)) for s in seats]


def record_bargain(state: KDState, ctx: Context):
    """A Coin exchange makes a deal binding; Power, Leader and Moderator never change hands."""
    rules: KingsDilemmaRules = ctx.rules
    help_text = rule_help(rules, "bargain")
    giver = int((yield Choice("Bargain: who pays Coins?", seat_options(state, list(range(state.count))),
                              label="Bargain: payer", help=help_text))) - 1
    others = [s for s in range(state.count) if s != giver]
    taker = int((yield Choice(
        f"Bargain: who receives {state.name(giver)}'s Coins?", seat_options(state, others),
        label="Bargain: receiver", help=help_text,
    ))) - 1
    g, t = state.players[giver], state.players[taker]
    amount = yield from small_number(
        f"How many Coins does {g.house} give {t.house}?", "Bargain: Coins", hi=7, help=help_text,
        most=rules.tokens.coins_in_box, zero="none", held=g.coins,
        too_many=look_again(g.house, "Coins"),
    )
    if amount == 0:
        ctx.log("Bargain called off: no Coins changed hands")
        return
    g.coins -= amount
    t.coins += amount
    ctx.log(f"Bargain: {g.house} gives {amount} Coin{'s' if amount != 1 else ''} to {t.house}")


def record_gains(state: KDState, ctx: Context, why: str):
    """Power and Coins the outcome, a sticker or an envelope gives or takes, one House at a time.
    A gain comes from the general pool and stops when the pool is empty; a loss goes back to it
    and stops at what the House holds: nobody goes below zero (KD-rb p.4 components; legacy
    setup: a House may be left with no Power at all)."""
    rules: KingsDilemmaRules = ctx.rules
    question = f"Does {why} give or take any House's Power or Coins?"
    while (yield YesNo(question, label=f"Power/Coins from {why}", help=reading_help(rules, "gains"))):
        question = f"Does {why} give or take more Power or Coins?"
        seat = int((yield Choice("Which House?", seat_options(state, list(range(state.count))), label="House"))) - 1
        p = state.players[seat]
        what = yield Choice(
            f"{p.house} gains or loses:",
            [Option("1", "gains Power"), Option("2", "loses Power"), Option("3", "gains Coins"), Option("4", "loses Coins")],
            label="Power or Coins",
        )
        power = what in ("1", "2")
        gain = what in ("1", "3")
        noun = "Power" if power else "Coins"
        amount = yield from small_number(
            f"How many {noun} does {p.house} {'gain' if gain else 'lose'}?", f"{p.house} {noun} {'gained' if gain else 'lost'}",
            most=rules.tokens.power_in_box if power else rules.tokens.coins_in_box,
        )
        pool = state.power_pool if power else state.coin_pool
        held = p.power if power else p.coins
        moved = min(amount, pool) if gain else min(amount, held)
        delta = moved if gain else -moved
        if power:
            p.power += delta
            state.power_pool -= delta
        else:
            p.coins += delta
            state.coin_pool -= delta
        if gain:
            short = f" (the pool had only {moved})" if moved < amount else ""
            ctx.log(f"{p.house} takes {moved} {noun} from the pool{short}")
        else:
            # The same words whether or not the screen held enough: how much was really paid
            # would tell the table what lies behind the screen (KD-rb p.8; F3 shows the House).
            ctx.log(f"{p.house} pays {amount} {noun} back to the pool, up to what its screen holds")

