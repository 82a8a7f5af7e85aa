"""Phase 2, the Action Phase (seed p.2): every seat in Turn order until all have passed. A Bot walks
the Main Turn Structure; a human's Turn is asked only for what touches the Bots (trade p.4, war p.4,
the HRE p.6, Events p.9)."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, MultiChoice, Number, Option, YesNo
from ...rules.eu_price_of_power import EuPricePowerRules
from . import bot_power
from .bot_turn import bot_turn, record_pass
from .income_and_upkeep import ia_top, seat_choice
from .state import PEACE, TableState
from .texts import rule_help


def human_turn(state: TableState, ctx: Context, seat: str):
    rules: EuPricePowerRules = ctx.rules
    name = state.seat_name(seat)
    state.stack = []
    key = yield Choice(
        f"{name}'s Turn. What did {name} do?",
        [Option("e", "other Action"), Option("t", "Trade"), Option("w", "War"),
         Option("x", "Event on a Bot"), Option("p", "passed")],
        label=f"{name}'s Turn",
        help="Bots collect passive trade when a human Trades (p.4); a DoW on a Bot makes it gain and "
             "recruit (p.4).",
    )
    if key == "t":
        yield from passive_trade(state, ctx, name)
    elif key == "w":
        kind = yield Choice(
            "Which War step touches the Bots?",
            [Option("1", "war declared on a Bot"), Option("2", "a Bot accepts an NPR's Defensive CtA"),
             Option("3", "Defending the HRE activated")],
            label=f"{name}: War", help=rule_help(rules, "dow_on_bot") + " " + rule_help(rules, "emperor"),
        )
        if kind == "3":
            yield from defending_the_hre(state, ctx)
        else:
            yield from war_on_bot(state, ctx, kind == "1")
    elif key == "x":
        yield from event_on_bot(state, ctx, name)
    elif key == "p":
        record_pass(state, ctx, seat)


def passive_trade(state: TableState, ctx: Context, name: str):
    """Humans Trading (seed p.4)."""
    rules: EuPricePowerRules = ctx.rules
    node = yield Choice(
        f"Where did {name} Trade?",
        [Option("1", "a maritime node on the main map"), Option("2", "a maritime Distant node"),
         Option("3", "an inland node")],
        label="Trade node", help=rule_help(rules, "trade_passive"),
    )
    kind = {"1": "maritime_main", "2": "maritime_distant", "3": "inland"}[node]
    pirates = yield Number("How many Pirates are in that node?", 0, 6, label="Pirates", default=0)
    merc = yield YesNo(f"Does {name} have Mercantilism and 3+ trade power from Key Provinces?",
                       label="Mercantilism with 3+ Key trade power?")
    income = bot_power.trade_income(rules, kind, pirates, merc)
    for bot in state.bots:
        question = f"Is {bot.name} eligible for this node's Trade Income (main rules p.34)"
        if kind == "inland":
            question += " and has a Town next to the node"
        eligible = yield YesNo(question + "?", label=f"{bot.name} collects trade?",
                               help=rule_help(rules, "trade_passive"))
        if eligible:
            bot_power.gain(ctx, bot, income, f"passive trade while {name} Trades")
            yield Instruction(f"Move {bot.name}'s Merchant to that Trade Node.", label=f"{bot.name}'s Merchant moves")


def war_on_bot(state: TableState, ctx: Context, declared: bool):
    """DoW on a Bot (seed p.4): CtAs, +1 BP, top-up, recruit, MAC."""
    rules: EuPricePowerRules = ctx.rules
    bot = yield from pick_bot(state, "Which Bot?", "Bot at War")
    if not declared and bot.at_war:
        busy = yield YesNo(f"Is {bot.name} already at War with an Opponent (then it refuses the CtA)?",
                           label=f"{bot.name} at War with an Opponent?", help=rule_help(rules, "dow_on_bot"))
        if busy:
            ctx.log(f"{bot.name} refuses the Defensive CtA: already at War with an Opponent")
            yield Instruction(f"{bot.name} refuses the Defensive CtA: it is already at War with an Opponent.",
                              label=f"{bot.name} refuses the CtA", help=rule_help(rules, "dow_on_bot"))
            return
    allies = 0
    if declared:
        allies = yield Number(
            f"{bot.name} sends Defensive CtAs to its Allies next to the Aggressor: how many NPR Allies?",
            0, 10, label=f"{bot.name}: NPR Allies called", default=0, help=rule_help(rules, "dow_on_bot"),
        )
    units = bot_power.declared_on(ctx, bot, allies)
    flip = f" Flip the {allies} called NPR Allies' Alliance tokens." if allies else ""
    yield Instruction(
        f"{bot.name} is at War: {bot.available} BP available, {units} Units recruited (Army {bot.army}).{flip} "
        f"If its Army is on the map, check MAC.",
        label=f"{bot.name}: War declared on it", help=rule_help(rules, "dow_on_bot"),
    )


def pick_bot(state: TableState, text: str, label: str):
    if len(state.bots) == 1:
        return state.bots[0]
    key = yield Choice(text, [Option(str(i + 1), b.name) for i, b in enumerate(state.bots)], label=label)
    return state.bots[int(key) - 1]


def defending_the_hre(state: TableState, ctx: Context):
    """Bot Emperor and Bot HRE Members (seed p.6): a Bot Emperor answering gains BP equal to IA;
    Bot members not already at War lose 1 BP."""
    rules: EuPricePowerRules = ctx.rules
    if not state.emperor:
        state.emperor = yield from seat_choice(state, "Is the HRE Emperor a Bot?", "Bot Emperor", "",
                                               rule_help(rules, "emperor"))
        if state.emperor:
            state.ia = yield Number("Imperial Authority now?", 0, ia_top(rules), label="Imperial Authority",
                                    default=min(state.ia, ia_top(rules)))
    if state.emperor:
        emp = state.bot(state.emperor)
        emp.at_war = True
        cta = yield YesNo(f"Did {emp.name} activate it by answering an Imperial Subject's Call to Arms?",
                          label=f"{emp.name}: answering a CtA?",
                          help="Only then does a Bot Emperor gain BP equal to IA (seed p.6; S6). It also gains "
                               "as a Bot accepting an NPR's Defensive CtA: record that as a War step.")
        if cta:
            bot_power.gain(ctx, emp, state.ia, f"Defending the HRE, IA {state.ia}")
    others = [b for b in state.bots if b.key != state.emperor and not b.at_war]
    if others:
        members = yield MultiChoice(
            "Which of these Bots are HRE members (they lose 1 BP)? Keys, or Enter for none.",
            [Option(str(i + 1), b.name) for i, b in enumerate(others)], label="Bot HRE members",
            help=rule_help(rules, "emperor"),
        )
        for k in members:
            bot_power.lose(ctx, others[int(k) - 1], rules.bot_power.hre_member_loss, "Defending the HRE")
    yield Instruction("Defending the HRE: all HRE Areas count as connected to the Emperor's Capital for MAC.",
                      label="Defending the HRE", help=rule_help(rules, "emperor"))


def event_on_bot(state: TableState, ctx: Context, name: str):
    """Events taken by other PRs affect Bots by the General Event Rules (seed p.2, p.9)."""
    rules: EuPricePowerRules = ctx.rules
    bot = yield from pick_bot(state, f"Which Bot does {name}'s Event affect?", "Bot affected by an Event")
    help_text = " ".join(rules.general_event_rules)
    gained = yield Number(f"BP {bot.name} gains by the General Event Rules?", 0, 20, label=f"{bot.name}: BP gained",
                          default=0, help=help_text)
    bot_power.gain(ctx, bot, gained, f"{name}'s Event")
    if bot.available:
        lost = yield Number(f"BP {bot.name} loses?", 0, bot.available, label=f"{bot.name}: BP lost", default=0,
                            help=help_text)
        bot_power.lose(ctx, bot, lost, f"{name}'s Event")


def end_of_action_phase(state: TableState, ctx: Context):
    """After a pass, the table says whether it ends the Action Phase (main rules: once no PR is left
    to gain Ducats for passing); a Bot then takes one final Turn and counts as passed (seed p.2:
    Bots take Turns and Pass like the humans)."""
    trigger = yield YesNo(
        "Does that pass trigger the End of the Action Phase (no PR left to gain Ducats for passing)?",
        label="End of the Action Phase?",
        help="Main rules: then each PR still in takes one last Action (and one more Turn for an Event if it "
             "took none). Each Bot still in takes one final Turn and counts as passed.",
    )
    if trigger:
        state.ending = True
        ctx.log("End of the Action Phase: each Bot still in takes one final Turn")


def action_turn(state: TableState, ctx: Context):
    seat = state.current_seat()
    if seat.startswith("b"):
        yield from bot_turn(state, ctx, state.bot(seat))
    else:
        yield from human_turn(state, ctx, seat)
    if seat in state.passed and not state.ending and next_seat(state) is not None:
        yield from end_of_action_phase(state, ctx)
    elif state.ending and seat.startswith("b") and seat not in state.passed:
        ctx.log(f"{state.seat_name(seat)} has taken its final Turn")
        record_pass(state, ctx, seat)
    state.turns += 1
    nxt = next_seat(state)
    if nxt is None:
        ctx.log("Everyone has passed: the Action Phase ends")
        state.phase = PEACE
        state.step = ""
    else:
        state.seat = nxt


def next_seat(state: TableState) -> int | None:
    n = len(state.order)
    for k in range(1, n + 1):
        i = (state.seat + k) % n
        if state.order[i] not in state.passed:
            return i
    return None
