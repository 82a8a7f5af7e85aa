"""A tiny test-only game that exercises every prompt kind, the deck, a track and dice.

Used by the engine tests so the engine is checked independently of any real game.
"""

from __future__ import annotations

from typing import Any

import msgspec

from tui.engine import dice
from tui.engine.deck import Deck
from tui.engine.game import GameDef, OptionSpec, Status
from tui.engine.prompts import CardEntry, Choice, Instruction, Number, Option, TurnStart, YesNo
from tui.engine.rng import Rng
from tui.engine.track import Track
from tui.engine.view import CardView, FlowStep, GameView, TrackGroup, TrackRow
from tui.rules.common import RulesetHeader


class ToyRules(msgspec.Struct):
    ruleset: RulesetHeader
    cards: list[str]


class ToyState(msgspec.Struct):
    rng: Rng
    deck: Deck
    gold: Track
    turn: int = 0
    drawn: list[str] = []
    over: bool = False


# The same ruleset as a file, for tests that load rulesets from a folder.
TOY_TOML = """\
cards = ["c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11"]

[ruleset]
id = "toy"
game = "toy"
version = "1"
title = "Toy"
"""
TURN = ["", "y", "a", "2", "c1"]  # one full turn: every prompt kind once

RULES = ToyRules(
    ruleset=RulesetHeader(id="toy", game="toy", version="1", title="Toy"),
    cards=[f"c{i}" for i in range(12)],
)


def new_state(rules, options, seed):
    rng = Rng.from_seed(seed)
    deck = Deck({"draw": list(rules.cards), "discard": []})
    deck.shuffle("draw", rng)
    return ToyState(rng=rng, deck=deck, gold=Track("gold", int(options.get("gold", "3")), 0, 9))


def play(state, ctx):
    while not state.over:
        yield TurnStart(f"Turn {state.turn + 1}")
        state.turn += 1
        card = state.deck.draw("draw")
        if card is None:
            n = state.deck.move_all("discard", "draw")
            state.deck.shuffle("draw", state.rng)
            ctx.log(f"reshuffled {n} cards")
            card = state.deck.draw("draw")
        state.drawn = [card]
        state.deck.put(card, "discard")
        ctx.log(f"drew {card}")
        faces = dice.roll(state.rng, 6, 1)
        ctx.log(dice.describe("d6", faces))
        yield Instruction(f"Read {card} aloud")
        if (yield YesNo("Pay 1 gold?")):
            old, new = state.gold.move(-1)
            ctx.log(f"pays 1 gold: {old} → {new}")
        pick = yield Choice("Pick", [Option("1", "one"), Option("a", "alpha")])
        ctx.log(f"picked {pick}")
        n = yield Number("How many?", 0, 3)
        state.gold.move(n)
        name = yield CardEntry("Which card?", list(RULES.cards))
        ctx.log(f"named {name}")
        if state.turn >= 60:
            state.over = True


def view(state, rules):
    return GameView(
        title="Toy",
        cards=[CardView(c) for c in state.drawn],
        flow=[FlowStep("draw", "done")],
        tracks=[TrackGroup("Bank", [TrackRow("Gold", str(state.gold.value), state.gold.value, 0, 9)])],
    )


# Tests replace its state and play with their own (dataclasses.replace): typed loosely for that.
GAME: GameDef[Any, Any] = GameDef(
    id="toy",
    title="Toy",
    subtitle="test game",
    ruleset_type=ToyRules,
    state_type=ToyState,
    setup_options=lambda rules: [OptionSpec("gold", "Gold", "int", default="3", lo=0, hi=9)],
    new_state=new_state,
    play=play,
    view=view,
    status=lambda state: Status(f"Turn {state.turn}", header=""),
)
