"""Haggles (PT: Free Actions, Haggle): logged with the parties and what changed hands. Card
Resources, Influence, Prestige and Oathbreaks are not tradable: refused with a one-line message."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import MultiChoice, Option, TextEntry
from ...rules.heirless import HeirlessRules
from .players import index_of, player_options, seals
from .state import HeirlessState

TRADE_EXAMPLES = ["2 Logs for 1 Unemployed Worker", "a Workplace card for 3 Bricks"]


def refusal(rules: HeirlessRules, labels: list[str]) -> str:
    return f"{' and '.join(labels)} cannot be traded ({rules.action('haggle').source})."


def untradable_words(rules: HeirlessRules, text: str) -> list[str]:
    """The non-tradable goods a typed trade names."""
    low = text.lower()
    return [g.label for g in rules.goods if not g.tradable and any(w in low for w in g.words)]


def haggle(state: HeirlessState, ctx: Context):
    rules: HeirlessRules = ctx.rules
    text = rules.action("haggle").text
    keys = yield MultiChoice("Who trades? (the parties, keys separated by spaces)", player_options(state),
                             lo=2, label="Haggle: parties", help=text)
    parties = [index_of(k) for k in keys]
    goods = {g.key: g for g in rules.goods}
    ask = "What kinds of goods change hands?"
    while True:
        picked = yield MultiChoice(ask, [Option(g.key, g.label) for g in rules.goods], lo=1,
                                   label="Haggle: goods", help=text)
        refused = [goods[k].label for k in picked if not goods[k].tradable]
        if not refused:
            break
        ask = refusal(rules, refused) + " What changes hands?"
    ask = "Write what changed hands (who gives what to whom):"
    while True:
        deal = yield TextEntry(ask, label="Haggle: the deal", max_len=100, examples=TRADE_EXAMPLES, help=text)
        refused = untradable_words(rules, deal)
        if not refused:
            break
        ask = refusal(rules, refused) + " Write the deal again:"
    kinds = ", ".join(goods[k].label for k in picked)
    ctx.log(f"Haggle between {seals(state, parties)} ({kinds}): {deal}")
    state.done.append(f"Free: haggle {seals(state, parties)}")
