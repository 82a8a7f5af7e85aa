"""Wars that touch the Bots, whoever declares them and whenever in the Action Phase: a Bot by its
MILITARY or EVENT Action, a human, an Event (seed: Bot DoWs and DoW on a Bot p.4; Bot Emperor and
Bot HRE Members p.6). A Bot a War is declared on, or that joins one by a Call to Arms, takes its
steps at once and is at War, so its next card runs the War Action (p.1)."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, MultiChoice, Number, Option, YesNo
from .rules import EuPricePowerRules
from . import bot_power, facts
from .income_and_upkeep import ia_top, seat_choice
from .state import REAL_WAR, Bot, TableState
from .texts import rule_help

NPR = ""  # a War's foe that is no Opponent (p.3: Opponents are the other PRs, human or Bot)


def at_war(state: TableState, ctx: Context, bot: Bot, foe: Bot | str | None = None) -> None:
    """A new War, with ``foe``: a Bot, a human's seat ("h": a human not named), NPR, or None when
    the table did not say who. It is with a realm that holds Provinces: a real War for the Bot's
    choices (p.3). A Bot or a human foe is an Opponent at War with it until Peace Resolution."""
    if not bot.at_war:
        ctx.log(f"{bot.name} is now at War")
    bot.at_war = True
    bot.facts[REAL_WAR] = True
    bot.new_war = True
    if isinstance(foe, Bot):
        for one, other in ((bot, foe), (foe, bot)):
            if other.key not in one.enemies:
                one.enemies.append(other.key)
        facts.wars_known(state, ctx, foe)
    elif foe is None:
        bot.foes_unknown = True
    elif foe and foe not in bot.enemies:
        bot.enemies.append(foe)
    facts.wars_known(state, ctx, bot)


def pick_bot(state: TableState, text: str, label: str, bots: list[Bot] | None = None):
    bots = state.bots if bots is None else bots
    if len(bots) == 1:
        return bots[0]
    key = yield Choice(text, [Option(str(i + 1), b.name) for i, b in enumerate(bots)], label=label)
    return bots[int(key) - 1]


def declared_on(state: TableState, ctx: Context, bot: Bot, aggressor: str, foe: Bot | str | None = None):
    """DoW on a Bot (p.4): Defensive CtAs to its Allies next to the Aggressor (+2 BP per NPR Ally),
    +1 BP, top-up to its difficulty's minimum, then a recruit; it is at War (with ``foe``, the
    Aggressor, as at_war takes it)."""
    rules: EuPricePowerRules = ctx.rules
    allies = yield Number(
        f"{bot.name} sends Defensive Calls to Arms to its Allies next to {aggressor}: how many NPR Allies?",
        0, 10, label=f"{bot.name}: NPR Allies called", default=0, help=rule_help(rules, "dow_on_bot"),
    )
    units = bot_power.declared_on(ctx, bot, allies, "war declared on it")
    at_war(state, ctx, bot, foe)
    flip = f" Flip the {allies} called NPR Allies' Alliance tokens." if allies else ""
    yield Instruction(
        f"{bot.name} is at War: {bot.available} BP available, {units} Units recruited (Army {bot.army}).{flip} "
        f"If its Army is on the map, check MAC.",
        label=f"{bot.name}: War declared on it", help=rule_help(rules, "dow_on_bot"),
    )
    if not state.emperor and not state.emperor_known and ctx.facts.refusing:
        # a War on the Bot Emperor activates Defending the HRE (p.4, p.6): asked once, until the
        # table has said who holds it (then Phase 4 keeps it up to date)
        yield from name_the_emperor(state, ctx)
    if bot.key == state.emperor:
        yield from emperor_attacked(state, ctx, bot)


def emperor_attacked(state: TableState, ctx: Context, emp: Bot):
    """A War declared on the Bot Emperor itself: it activates Defending the HRE when it can (p.4
    step 3), with no IA BP, those come only with a CtA (p.6; readings: emperor_defence); the Bot
    HRE members not at War then lose 1 BP (p.6). However the table entered the War."""
    rules: EuPricePowerRules = ctx.rules
    ctx.log(f"{emp.name} activates Defending the HRE against the War declared on it")
    yield Instruction(f"{emp.name} activates Defending the HRE. All HRE Areas count as connected to its "
                      f"Capital for MAC.", label=f"{emp.name} defends the HRE", help=rule_help(rules, "emperor"))
    yield from members_pay(state, ctx)


def joins_by_cta(state: TableState, ctx: Context, bot: Bot, foe: Bot | None = None):
    """A Bot accepts an NPR's Defensive CtA unless already at War with an Opponent; then the same
    gains as a Bot a War is declared on (p.4). ``foe``: the Aggressor, when it is a Bot."""
    rules: EuPricePowerRules = ctx.rules
    if bot.at_war:
        busy = yield YesNo(f"Is {bot.name} already at War with an Opponent (then it refuses the Call to Arms)?",
                           label=f"{bot.name} at War with an Opponent?", help=rule_help(rules, "dow_on_bot"),
                           fact=facts.opponent_at_war(bot))
        if busy:
            ctx.log(f"{bot.name} refuses the Defensive Call to Arms: already at War with an Opponent")
            yield Instruction(f"{bot.name} refuses the Call to Arms: it is already at War with an Opponent.",
                              label=f"{bot.name} refuses the Call to Arms", help=rule_help(rules, "dow_on_bot"))
            return
    units = bot_power.declared_on(ctx, bot, 0, "joins the War by a Call to Arms")
    at_war(state, ctx, bot, foe)
    yield Instruction(
        f"{bot.name} answers the Call to Arms and is at War: {bot.available} BP available, {units} Units "
        f"recruited (Army {bot.army}). If its Army is on the map, check MAC.",
        label=f"{bot.name} answers a Call to Arms", help=rule_help(rules, "dow_on_bot"),
    )


def declare_war(state: TableState, ctx: Context, aggressor: Bot | None, who: str):
    """A War declared in the Action Phase: ask on whom; a Bot target takes its steps; Bots allied to
    an NPR target answer its Call to Arms; a Bot Emperor may come to defend the HRE (p.4, p.6)."""
    rules: EuPricePowerRules = ctx.rules
    targets = [b for b in state.bots if b is not aggressor]
    options = [Option(str(i + 1), b.name) for i, b in enumerate(targets)]
    options += [Option("h", "a human's realm"), Option("n", "an NPR")]
    key = yield Choice(f"On whom did {who} declare War?", options, label=f"{who}: War declared on",
                       default="n", help=rule_help(rules, "dow_on_bot"))
    target = targets[int(key) - 1] if key.isdigit() else None
    if aggressor is not None:
        at_war(state, ctx, aggressor, target or ("h" if key == "h" else NPR))
    ctx.log(f"{who} declares War on {target.name if target else dict((o.key, o.label) for o in options)[key]}")
    if target is not None:
        yield from declared_on(state, ctx, target, who, aggressor)
    allies = [b for b in targets if b is not target]
    if key == "n" and allies:
        joined = yield MultiChoice(
            "Which of these Bots are Allies of that NPR and answer its Call to Arms? Keys, or Enter for none.",
            [Option(str(i + 1), b.name) for i, b in enumerate(allies)], label="Bots called to arms",
            help=rule_help(rules, "dow_on_bot"),
        )
        for k in joined:
            yield from joins_by_cta(state, ctx, allies[int(k) - 1], aggressor)
    if state.emperor and state.emperor not in (aggressor.key if aggressor else "", target.key if target else ""):
        attacked = yield from hre_attack(state, ctx, target.name if target else "the realm attacked")
        if attacked:
            yield from defending_the_hre(state, ctx, attacked=True, aggressor=aggressor)


def hre_attack(state: TableState, ctx: Context, victim: str):
    """Generator: the board facts a Bot Emperor's defence turns on (seed p.6): an Imperial Subject
    attacked by a realm outside the HRE, or a member attacked by another member with no CB."""
    emp = state.bot(state.emperor)
    return (yield YesNo(
        f"Is {victim} an Imperial Subject attacked by a realm outside the HRE, or an HRE member attacked by "
        f"another member with no CB (then {emp.name} comes to defend the HRE)?",
        label=f"{emp.name} defends the HRE?", help=rule_help(ctx.rules, "emperor"),
    ))


def defending_the_hre(state: TableState, ctx: Context, attacked: bool = False, aggressor: Bot | None = None,
                      foe: str | None = None):
    """Bot Emperor and Bot HRE Members (p.6). A Bot Emperor always comes to defend an Imperial
    Subject attacked from outside the HRE (or a member attacked by a member with no CB) unless it
    is already at War with an Opponent or that Subject: the table gives those facts, the rule
    decides. Answering the Call to Arms it gains BP equal to IA, then, as a Bot joining a War by a
    CtA, +1 BP, the top-up and a recruit (p.4). A War declared on the Emperor itself is a DoW on a
    Bot (declared_on), which then activates it with no IA BP (S6: only on a CtA). A human Emperor's choice is asked. Once Defending the HRE
    is activated, Bot members not already at War lose 1 BP. ``attacked``: the table has already said
    that the realm attacked is one it defends; ``aggressor``: the Bot that attacked it, if one did;
    ``foe``: the human seat whose Turn it is, the Aggressor of a War declared on the Emperor."""
    rules: EuPricePowerRules = ctx.rules
    if not state.emperor:
        yield from name_the_emperor(state, ctx)
    if not state.emperor:
        activated = yield YesNo("Did the Emperor activate Defending the HRE?", label="Defending the HRE activated?",
                                help=rule_help(rules, "emperor"))
        if not activated:
            return
    else:
        emp = state.bot(state.emperor)
        why = "1"
        if not attacked:
            why = yield Choice(
                f"Which War brings {emp.name}, the Emperor, to defend the HRE?",
                [Option("1", "an Imperial Subject attacked by a realm outside the HRE"),
                 Option("2", "an HRE member attacked by another member with no CB"),
                 Option("3", f"a War declared on {emp.name} itself"), Option("0", "none of these")],
                label=f"{emp.name}: Defending the HRE?", help=rule_help(rules, "emperor"),
            )
        if why == "0":
            ctx.log(f"{emp.name} does not come to defend the HRE: no Imperial Subject of its to defend")
            yield Instruction(f"{emp.name} stays out: it comes to defend only an Imperial Subject attacked from "
                              f"outside the HRE, or a member attacked by another member with no CB.",
                              label=f"{emp.name} stays out", help=rule_help(rules, "emperor"))
            return
        if why == "3":  # the same War as 'a War declared on a Bot' (p.4 steps 3-4), then the HRE (p.6)
            yield from declared_on(state, ctx, emp, "the Aggressor", foe)
            return
        if emp.at_war:
            busy = yield YesNo(f"Is {emp.name} already at War with an Opponent or with the Subject under attack?",
                               label=f"{emp.name} already at War?", help=rule_help(rules, "emperor"),
                               fact=facts.emperor_busy(emp))
            if busy:
                ctx.log(f"{emp.name} does not come to defend the HRE: already at War with an Opponent or the Subject")
                yield Instruction(f"{emp.name} stays out: it is already at War with an Opponent or the Subject.",
                                  label=f"{emp.name} stays out", help=rule_help(rules, "emperor"))
                return
        ctx.log(f"{emp.name} answers the Call to Arms and comes to defend the HRE")
        bot_power.gain(ctx, emp, state.ia, f"Defending the HRE, Imperial Authority {state.ia}")
        units = bot_power.declared_on(ctx, emp, 0, "joins the War defending the HRE")
        at_war(state, ctx, emp, aggressor)
        yield Instruction(
            f"{emp.name} defends the HRE: {emp.available} BP available, {units} Units recruited (Army {emp.army}). "
            f"All HRE Areas count as connected to its Capital for MAC.",
            label=f"{emp.name} defends the HRE", help=rule_help(rules, "emperor"),
        )
    yield from members_pay(state, ctx)


def name_the_emperor(state: TableState, ctx: Context):
    """Which Bot holds the HRE Emperor, if any (p.6), and then its Imperial Authority."""
    rules: EuPricePowerRules = ctx.rules
    state.emperor = yield from seat_choice(state, "Which Bot holds the HRE Emperor, if any?", "Bot Emperor", "",
                                           rule_help(rules, "emperor"), fact=facts.emperor(state))
    state.emperor_realm = state.bot(state.emperor).realm if state.emperor else ""
    state.emperor_known = True
    if state.emperor:
        state.ia = yield Number("Imperial Authority now?", 0, ia_top(rules), label="Imperial Authority",
                                default=min(state.ia, ia_top(rules)))


def members_pay(state: TableState, ctx: Context):
    """Bot HRE Members (p.6): each Bot member not already at War loses 1 BP."""
    rules: EuPricePowerRules = ctx.rules
    others = [b for b in state.bots if b.key != state.emperor and not b.at_war]
    if others:
        members = yield MultiChoice(
            "Which of these Bots are HRE members (they lose 1 BP)? Keys, or Enter for none.",
            [Option(str(i + 1), b.name) for i, b in enumerate(others)], label="Bot HRE members",
            help=rule_help(rules, "emperor"),
        )
        for k in members:
            bot_power.lose(ctx, others[int(k) - 1], rules.bot_power.hre_member_loss, "Defending the HRE")
