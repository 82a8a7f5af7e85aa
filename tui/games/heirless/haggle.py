"""Haggles (PT: Free Actions, Haggle): logged with the parties and what changed hands. Card
Resources, Influence, Prestige and Oathbreaks are not tradable: never offered, and a deal naming
them is refused in place with a one-line message (never recorded)."""

from __future__ import annotations

import re

from ...engine.game import Context
from ...engine.prompts import AnswerError, MultiChoice, Option, TextEntry
from .rules import HeirlessRules
from .players import index_of, player_options, seals
from .state import HeirlessState

TRADE_EXAMPLES = ["2 Logs for 1 Unemployed Worker", "a Workplace card for 3 Bricks"]


def untradable_words(rules: HeirlessRules, text: str) -> list[str]:
    """The non-tradable goods a typed trade names, word by word ('employed Worker' is not in
    'unemployed Worker')."""
    low = text.lower()
    return [g.label for g in rules.goods
            if not g.tradable and any(re.search(rf"\b{re.escape(w)}", low) for w in g.words)]


def deal_check(rules: HeirlessRules):
    def check(text: str) -> None:
        refused = untradable_words(rules, text)
        if refused:
            raise AnswerError(f"{' and '.join(refused)} cannot be traded: write the deal without.")

    return check


def haggle(state: HeirlessState, ctx: Context):
    rules: HeirlessRules = ctx.rules
    text = rules.action("haggle").text
    keys = yield MultiChoice("Who trades? (the parties, keys separated by spaces)", player_options(state),
                             lo=2, label="Haggle: parties", help=text)
    parties = [index_of(k) for k in keys]
    goods = {g.key: g for g in rules.goods if g.tradable}
    never = ", ".join(g.label for g in rules.goods if not g.tradable)
    picked = yield MultiChoice(f"What kinds of goods change hands? ({never}: never)",
                               [Option(g.key, g.label) for g in goods.values()], lo=1,
                               label="Haggle: goods", help=text)
    # The legend says what the deal may name and what it may not (the reader refuses those).
    legend = [("trades", ", ".join(g.label for g in goods.values())), ("never", never)]
    deal = yield TextEntry("Write what changed hands (who gives what to whom):", label="Haggle: the deal",
                           max_len=100, examples=TRADE_EXAMPLES, help=text, check=deal_check(rules), legend=legend)
    kinds = ", ".join(goods[k].label for k in picked)
    ctx.log(f"Haggle between {seals(state, parties)} ({kinds}): {deal}")
    state.done.append(f"Free: haggle {seals(state, parties)}")
