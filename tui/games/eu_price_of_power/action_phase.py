"""Phase 2, the Action Phase (seed p.2): every seat in Turn order until all have passed. A Bot walks
the Main Turn Structure; a human's Turn is asked only for what touches the Bots (trade p.4, war p.4,
the HRE p.6, Events p.9)."""

from __future__ import annotations

from ...engine.facts import ROUND
from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Number, Option, YesNo
from .rules import EuPricePowerRules
from . import battles, bot_power, facts
from . import wars
from .bot_turn import bot_turn, record_pass
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
             "recruit (p.4); a Battle against a Bot costs it its casualties (p.5).",
    )
    if key == "t":
        yield from passive_trade(state, ctx, name)
    elif key == "w":
        kind = yield Choice(
            "Which War step touches the Bots?",
            [Option("1", "a War declared on a Bot (by this player or an Event)"),
             Option("2", "a Bot accepts an NPR's Defensive Call to Arms"),
             Option("3", "an HRE member attacked, or Defending the HRE activated"),
             Option("4", "a Battle against a Bot's Army or Ship")],
            label=f"{name}: War", help=rule_help(rules, "dow_on_bot") + " " + rule_help(rules, "emperor"),
        )
        if kind == "4":
            yield from battle_on_bot(state, ctx, name)
        elif kind == "3":
            yield from wars.defending_the_hre(state, ctx, foe=seat)
        elif kind == "2":
            bot = yield from wars.pick_bot(state, "Which Bot accepts the Call to Arms?", "Bot called to arms")
            yield from wars.joins_by_cta(state, ctx, bot)
        else:
            # by this player, or by an Event this player took: at War with this player (readings:
            # opponents_at_war)
            bot = yield from wars.pick_bot(state, "On which Bot was War declared?", "Bot at War")
            yield from wars.declared_on(state, ctx, bot, "the Aggressor", seat)
    elif key == "x":
        yield from event_on_bot(state, ctx, name)
        # its Event of the Round (main rules, Passing): after the End of the Action Phase, its Turn is final
        ctx.facts.state(facts.final_turn(state, seat), True, "it took an Event this Round", lifetime=ROUND)
    elif key == "p":
        record_pass(state, ctx, seat)


def battle_on_bot(state: TableState, ctx: Context, name: str):
    """A human fights a Bot on the human's Turn (seed p.4: a human waging War on a Bot follows the
    normal rules; p.5): on land the Bot's casualties come off its Army; at sea only the Bot rolls.
    The Bot is not the Active Player: no BP for a win."""
    rules: EuPricePowerRules = ctx.rules
    bot = yield from wars.pick_bot(state, f"Which Bot does {name} fight?", "Bot in the Battle")
    where = yield Choice(f"Land or Naval Battle against {bot.name}?",
                         [Option("1", "Land Battle"), Option("2", "Naval Battle")],
                         label=f"{name} vs {bot.name}: Land or Naval", help=rule_help(rules, "naval_opponent"))
    if where == "1":
        yield from battles.land_battle_opponent(state, ctx, bot, active=False, human=True)
    else:
        yield from battles.naval_battle(state, ctx, bot, foe="1")


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


def event_on_bot(state: TableState, ctx: Context, name: str):
    """Events taken by other PRs affect Bots by the General Event Rules (seed p.2, p.9)."""
    rules: EuPricePowerRules = ctx.rules
    bot = yield from wars.pick_bot(state, f"Which Bot does {name}'s Event affect?", "Bot affected by an Event")
    help_text = " ".join(rules.general_event_rules)
    change = yield Number(f"BP {bot.name} gains by the General Event Rules (a loss as a negative number)?",
                          -bot.available, 20, label=f"{bot.name}: BP gained or lost", default=0, help=help_text)
    if change >= 0:
        bot_power.gain(ctx, bot, change, f"{name}'s Event")
    else:
        bot_power.lose(ctx, bot, -change, f"{name}'s Event")


def ducat_passes(rules: EuPricePowerRules, seats: int) -> int:
    """How many passes earn Ducats at a table of this many players (main rules, Passing)."""
    places = rules.passing.ducat_passes
    return places[max(0, min(seats, len(places) - 1))]


def end_of_action_phase(state: TableState, ctx: Context):
    """Once no PR is left to gain Ducats for passing (main rules), the End of the Action Phase is
    triggered: each PR still in takes one last Turn, and a Bot still in takes one final Turn and
    then counts as passed (seed p.2: Bots take Turns and Pass like the humans)."""
    rules: EuPricePowerRules = ctx.rules
    if state.ending or len(state.passed) < ducat_passes(rules, len(state.order)):
        return
    state.ending = True
    ctx.log("End of the Action Phase: no one is left to gain Ducats for passing")
    yield Instruction(
        f"{len(state.passed)} have passed: no one is left to gain Ducats for passing (check against the Pass spaces "
        f"of your Status Mat), so the End of the Action Phase begins. Each player still in takes one last Action "
        f"(and one more Turn for an Event if they took none); each Bot still in takes one final Turn.",
        label="End of the Action Phase", help=rule_help(rules, "pass"),
    )


def action_turn(state: TableState, ctx: Context):
    seat = state.current_seat()
    if seat.startswith("b"):
        yield from bot_turn(state, ctx, state.bot(seat))
    else:
        yield from human_turn(state, ctx, seat)
    if seat in state.passed and next_seat(state) is not None:
        yield from end_of_action_phase(state, ctx)
    elif state.ending and seat not in state.passed:
        yield from final_turn_taken(state, ctx, seat)
    state.turns += 1
    nxt = next_seat(state)
    if nxt is None:
        ctx.log("Everyone has passed: the Action Phase ends")
        state.phase = PEACE
        state.step = ""
    else:
        state.seat = nxt


def final_turn_taken(state: TableState, ctx: Context, seat: str):
    """After the End of the Action Phase (main rules, Passing): a Bot's one final Turn makes it
    passed; a player's last Action is final once it has taken its Event this Round, otherwise one
    more Turn follows for the Event."""
    name = state.seat_name(seat)
    if not seat.startswith("b"):
        ask = facts.final_turn(state, seat)
        final = yield YesNo(f"Was that {name}'s final Turn (has {name} taken its Event this Round)?",
                            label=f"{name}: final Turn?",
                            help="After the End of the Action Phase a player takes one last Action; one who has not "
                                 "taken an Event yet takes one more Turn for it. Then the player counts as passed.",
                            fact=ask)
        if not final:
            ctx.facts.forget(ask)
            ctx.facts.state(ask, True, "its one more Turn was for its Event", lifetime=ROUND)
            return
    ctx.log(f"{name} has taken its final Turn")
    record_pass(state, ctx, seat)


def next_seat(state: TableState) -> int | None:
    n = len(state.order)
    for k in range(1, n + 1):
        i = (state.seat + k) % n
        if state.order[i] not in state.passed:
            return i
    return None
