"""Bot Power: Available and Spent BP (seed: Bot Power p.1, Passing and Income & Upkeep p.2,
Bot Warfare p.4-5, Substitute Bots p.6). Pure functions over a Bot; each returns what it did so
the procedures can log it."""

from __future__ import annotations

from ...engine.game import Context
from .rules import EuPricePowerRules
from .state import Bot


def gain(ctx: Context, bot: Bot, amount: int, why: str) -> int:
    if amount <= 0:
        return 0
    old = bot.available
    bot.available += amount
    ctx.log(f"{bot.name} gains {amount} BP ({why}): {old} → {bot.available}")
    return amount


def spend(ctx: Context, bot: Bot, amount: int, why: str) -> int:
    """Spend up to ``amount`` (never below 0): Available → Spent."""
    paid = max(0, min(amount, bot.available))
    if paid:
        old = bot.available
        bot.available -= paid
        bot.spent += paid
        ctx.log(f"{bot.name} spends {paid} BP ({why}): {old} → {bot.available}, spent {bot.spent}")
    return paid


def lose(ctx: Context, bot: Bot, amount: int, why: str) -> int:
    """BP lost go back to the Supply, not to Spent."""
    lost = max(0, min(amount, bot.available))
    if lost:
        old = bot.available
        bot.available -= lost
        ctx.log(f"{bot.name} loses {lost} BP ({why}): {old} → {bot.available}")
    return lost


def card_payment(cost: int, available: int) -> int:
    """With less BP than the cost, the Bot spends what is left and still carries out the card (p.7 fn2)."""
    return min(cost, available)


def pass_bonus(rules: EuPricePowerRules, place: int) -> int:
    """1st to pass +2 BP, 2nd +1 (seed: Passing p.2); ``place`` counts from 0."""
    bonuses = rules.bot_power.pass_bonus
    return bonuses[place] if 0 <= place < len(bonuses) else 0


def refresh_amount(rules: EuPricePowerRules, bot: Bot, papal: bool, emperor_bonus: int) -> tuple[int, list[str]]:
    """Phase 4 gain (seed p.2): the difficulty's BP, +1 for 20+ Small Towns, +1 for all 8 Large
    Towns, +1 as Papal Controller, + the Emperor's Imperial Authority bonus."""
    bp = rules.bot_power
    level = rules.difficulty(bot.difficulty)
    parts = [f"{level.bp_gain} {level.label}"]
    total = level.bp_gain
    if bot.small_towns:
        total += bp.small_towns_bonus
        parts.append(f"+{bp.small_towns_bonus} 20+ Small Towns")
    if bot.large_towns:
        total += bp.large_towns_bonus
        parts.append(f"+{bp.large_towns_bonus} 8 Large Towns")
    if papal:
        total += bp.papal_controller
        parts.append(f"+{bp.papal_controller} Papal Controller")
    if emperor_bonus:
        total += emperor_bonus
        parts.append(f"+{emperor_bonus} Emperor")
    return total, parts


def refresh(ctx: Context, bot: Bot, papal: bool = False, emperor_bonus: int = 0) -> int:
    """Discard Spent, then add the Phase 4 gain to Available (readings: refresh)."""
    total, parts = refresh_amount(ctx.rules, bot, papal, emperor_bonus)
    discarded = bot.spent
    bot.spent = 0
    old = bot.available
    bot.available += total
    ctx.log(
        f"{bot.name}: discards {discarded} spent BP; gains {total} ({', '.join(parts)}): {old} → {bot.available}"
    )
    return total


def reserve(bot: Bot) -> int:
    """Units in the Manpower Reserve: Manpower not yet in the Army (seed p.5)."""
    return max(0, bot.manpower - bot.army)


def recruit_cost(rules: EuPricePowerRules, chart: str) -> int:
    """BP one recruit costs on this chart: DEFEND 2 (seed p.8 fn1 'per 2 BP spent'), a DoW on the
    Bot 1 (seed p.4), MILITARY as the ruleset holds it (its chart image is lost; 2 by default,
    readings: recruit_cost)."""
    return rules.army.recruit_bp.get(chart, 1)


def recruit(ctx: Context, bot: Bot, why: str, cost: int = 1) -> int:
    """Spend ``cost`` BP to recruit the difficulty's Units, capped by the Reserve; the BP are paid
    in full even when fewer Units are left (seed: Recruiting Units p.5; readings: recruit_cost,
    dow_units). Returns the Units recruited (0 and nothing paid when it cannot pay)."""
    if bot.available < cost:
        return 0
    per = ctx.rules.difficulty(bot.difficulty).units_per_recruit
    spend(ctx, bot, cost, f"recruit, {why}")
    units = min(per, reserve(bot))
    bot.army += units
    ctx.log(f"{bot.name} recruits {units} of {per} Units (Reserve {reserve(bot) + units}): Army {bot.army}")
    return units


def declared_on(ctx: Context, bot: Bot, npr_allies: int, why: str = "war declared on it") -> int:
    """War declared on a Bot or its Ally, steps 3-4 (seed: DoW on a Bot, p.4): +2 BP per NPR Ally
    called in, +1 BP, top up to the difficulty minimum, then, if Units are Available in its
    Manpower Reserve, 1 BP recruits (icon lost in the seed; S6 restores it as Manpower).
    ``why`` names the way in: a DoW on it, or joining by a Call to Arms. Returns Units recruited."""
    rules: EuPricePowerRules = ctx.rules
    if npr_allies:
        gain(ctx, bot, rules.bot_power.cta_ally_gain * npr_allies, f"{npr_allies} NPR Allies called to arms")
    gain(ctx, bot, rules.bot_power.dow_gain, why)
    minimum = rules.difficulty(bot.difficulty).dow_minimum
    if bot.available < minimum:
        gain(ctx, bot, minimum - bot.available, f"top-up to the War minimum {minimum}")
    bot.at_war = True
    if reserve(bot) == 0:
        ctx.log(f"{bot.name} has no Units in its Manpower Reserve: no recruit")
        return 0
    return recruit(ctx, bot, why, recruit_cost(rules, "dow"))


def first_battle_won(ctx: Context, bot: Bot) -> int:
    """+1 BP for the first Battle won as Active Player in a Turn (seed p.5)."""
    if bot.battle_won:
        ctx.log(f"{bot.name} already won a Battle this Turn: no more BP for it")
        return 0
    bot.battle_won = True
    return gain(ctx, bot, ctx.rules.bot_power.first_battle_won, "first Battle won this Turn")


def trade_income(rules: EuPricePowerRules, node: str, pirates: int, mercantilism: bool) -> int:
    """Passive trade when a human Trades (seed: Humans Trading p.4): node is maritime_main,
    maritime_distant or inland; -1 per Pirate; -1 against Mercantilism with 3+ Key trade power."""
    base = getattr(rules.trade, node)
    return max(0, base - pirates - (1 if mercantilism else 0))


def rebel_loss(rules: EuPricePowerRules, loss_results: int) -> int:
    """A Bot loses at most 1 BP per Rebel dice roll, whatever it rolled (seed p.4)."""
    return min(loss_results, rules.army.max_rebel_bp_loss)


def rebel_dice(rules: EuPricePowerRules, unrest: int) -> int:
    """All Unrest at once, at most 5 dice (seed p.4)."""
    return min(unrest, rules.army.max_rebel_dice)


def human_to_bot_bp(
    rules: EuPricePowerRules, difficulty: str, monarch_power: int, ducats: int, stability: int, loans: int
) -> int:
    """Replacing a human (seed p.6): 1 BP per Monarch Power, 1 per 5 Ducats (max 5), +1 per
    positive / -1 per negative Stability, -1 per Loan (readings: loan); clamped to
    [DoW minimum, 15]."""
    bp = rules.bot_power
    total = monarch_power + min(ducats // bp.ducats_per_bp, bp.ducats_bp_max) + stability - loans
    return max(rules.difficulty(difficulty).dow_minimum, min(bp.human_max, total))


def focus_threshold(rules: EuPricePowerRules, bot: Bot) -> int:
    return rules.difficulty(bot.difficulty).focus_threshold


def idea_bonuses(bot: Bot) -> list[str]:
    """The Bot Mat bonuses its Idea counts give (seed: Bots & Ideas p.3)."""
    out = []
    adm, dip, mil = (bot.ideas.get(t, 0) for t in ("Adm", "Dip", "Mil"))
    if adm:
        out.append(f"3H: remove {2 if adm >= 3 else 1} Unrest")
    if dip:
        out.append(f"+1 Artillery die (Naval); DIPLOMACY +{2 if dip >= 3 else 1} influence")
    if mil:
        out.append("+1 Infantry die (Land)")
    if mil >= 3:
        out.append("SIEGE 2 Tax Value per BP (max 6)")
    return out
