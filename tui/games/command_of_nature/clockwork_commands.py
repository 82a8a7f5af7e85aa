"""Attack Commands (seed: III.D) and the nine Clockwork Command cards
(seed: CLOCKWORK COMMAND CARDS)."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import CardEntry, Choice, Instruction, Number, Option
from ...rules.command_of_nature import ClockworkCommand, CommandOfNatureRules
from .cards import ROMAN, attack_rows, describe_card, is_clockwork_command, market_cards, rows_text
from .defeats import ask_what_the_damage_did, two_damage_to_your_row_one
from .formation import (
    KEYS,
    free_spaces,
    occupied,
    space_name,
    space_rows,
    spaces_in_rows,
    strength,
    summon_into_formation,
    swap_spaces,
    who,
)
from .options import option, shield_note
from .state import BOX, DECK, DISCARD, REVEALED, SageState
from .texts import rule_help
from .wallet import MOST_GOLD_PER_EFFECT, gain_gold

MARKET_NAME = {"elemental": "Elemental Market", "command": "Command Market"}
CARD_SOURCE = "seed: CLOCKWORK COMMAND CARDS"


def note_outcome(state: SageState, outcome: str) -> None:
    if state.revealed:
        state.revealed[-1].outcome = outcome


# -- choosing the attacker ---------------------------------------------------------------------


def nearest_rows_with_fresh(state: SageState, rules: CommandOfNatureRules, rows: list[int]) -> list[int]:
    """Spaces of the not-yet-attacked Elementals in the row(s) nearest the card's rows."""
    others = sorted(set(space_rows(rules)) - set(rows), key=lambda r: min(abs(r - c) for c in rows))
    best: list[int] = []
    best_distance = None
    for row in others:
        distance = min(abs(row - c) for c in rows)
        if best_distance is not None and distance > best_distance:
            break
        fresh = [i for i in occupied(state, [row], rules) if not state.formation[i].attacked]
        if fresh:
            best.extend(fresh)
            best_distance = distance
    return best


def choose_attacker(state: SageState, ctx: Context, card: str, rows: list[int], strongest: bool):
    """Returns the attacker's space, or None when every Clockwork Elemental has attacked.

    seed III.D: pick among the card's rows; a Shot names the highest STR there (notes: ambiguity 5,
    ties → you). Nobody fresh there → swap in a fresh one from the nearest row (ambiguity 10)."""
    rules: CommandOfNatureRules = ctx.rules
    fresh = [i for i in occupied(state, rows, rules) if not state.formation[i].attacked]
    if strongest and fresh:
        top = max(strength(rules, state.formation[i]) for i in fresh)
        fresh = [i for i in fresh if strength(rules, state.formation[i]) == top]
    if len(fresh) == 1:
        why = "highest STR" if strongest else "the only one"
        ctx.log(f"Attacker: {who(rules, state, fresh[0])} ({why})")
        return fresh[0]
    if fresh:
        why = "Tie for highest STR" if strongest else f"{card} attacks from {rows_text(rows)}"
        key = yield Choice(
            f"{why}: which Clockwork Elemental attacks? (You choose for it.)",
            [Option(KEYS[n], who(rules, state, i)) for n, i in enumerate(fresh)],
            label=f"Attacker for {card}",
            help=rule_help(rules, "attack") + "; " + rule_help(rules, "choices"),
        )
        index = fresh[KEYS.index(key)]
        ctx.log(f"Attacker: {who(rules, state, index)}")
        return index
    if not any(not state.formation[i].attacked for i in occupied(state)):
        return None
    candidates = nearest_rows_with_fresh(state, rules, rows)
    if len(candidates) == 1:
        mover = candidates[0]
    else:
        key = yield Choice(
            f"Everyone in {rows_text(rows)} has attacked this turn. Which fresh Elemental from the nearest "
            f"row swaps forward to attack with {card}?",
            [Option(KEYS[n], who(rules, state, i)) for n, i in enumerate(candidates)],
            label=f"Fresh attacker for {card}",
            help=rule_help(rules, "attack"),
        )
        mover = candidates[KEYS.index(key)]
    targets = spaces_in_rows(rules, rows)
    if len(targets) == 1:
        target = targets[0]
    else:
        def occupant(i: int) -> str:
            slot = state.formation[i]
            return f"{space_name(rules, i)} ({slot.card})" if slot else f"{space_name(rules, i)} (empty)"

        key = yield Choice(
            f"{state.formation[mover].card} swaps into which space of {rows_text(rows)}?",
            [Option(KEYS[n], occupant(i)) for n, i in enumerate(targets)],
            label=f"Swap {state.formation[mover].card} into",
            help=rule_help(rules, "attack"),
        )
        target = targets[KEYS.index(key)]
    line = swap_spaces(state, ctx, mover, target)
    yield Instruction(
        f"Swap actions (no cost): {line.removeprefix('Swap: ')}.",
        label=f"Swap {state.formation[target].card} forward",
        help=rule_help(rules, "attack"),
    )
    return target


# -- attacking ---------------------------------------------------------------------------------


def resolve_attack_command(state: SageState, ctx: Context, card: str):
    """D: choose the attacker, use the card, then discard it (seed: III.D)."""
    rules: CommandOfNatureRules = ctx.rules
    cc = rules.clockwork_command(card)
    rows = attack_rows(rules, card)
    strongest = cc is not None and cc.attacker == "highest_str"
    attacker = yield from choose_attacker(state, ctx, card, rows, strongest)
    if attacker is None:
        state.deck.move(card, REVEALED, DISCARD)
        ctx.log(f"Every Clockwork Elemental has attacked: {card} is discarded")
        note_outcome(state, "all attacked → discard, 2 DMG")
        yield from two_damage_to_your_row_one(
            state, ctx, f"Nobody left to attack with {card}", False, "seed: THE CLOCKWORK SAGE'S TURN, III.D"
        )
        return
    slot = state.formation[attacker]
    el = rules.elemental(slot.card)
    printed = el.strength if el else 0
    damage = strength(rules, slot)
    boost_text = f" + {slot.boosts} boost" if slot.boosts else ""
    dmg_text = f"{damage} DMG (STR {printed}{boost_text})"
    if cc is not None:
        target = (
            "one of your Row I Elementals"
            if cc.target == "row1"
            else "any Elemental in your formation (you pick it for the Clockwork: be merciless)"
        )
        text = f"{slot.card} attacks with {card}: it deals {dmg_text} to {target}."
    else:
        text = (
            f"{slot.card} attacks with {card} for {dmg_text}: resolve {card} from its "
            f"printed text with {slot.card} as the attacker (you make the Clockwork's choices)."
        )
    text += " " + shield_note(rules, ctx.options)
    ctx.log(f"{slot.card} attacks with {card}: {dmg_text}")
    if slot.boosts:
        ctx.log(f"{slot.card} spends its {slot.boosts} boost(s)")
    yield Instruction(
        text + (" Then remove its boosts." if slot.boosts else ""),
        label=f"{slot.card} attacks: {damage} DMG",
        help=rule_help(rules, "boost") + "; " + rule_help(rules, "shield"),
    )
    slot.attacked = True
    slot.boosts = 0
    yield from ask_what_the_damage_did(state, ctx, f"{slot.card}'s attack")
    if state.over:
        state.deck.move(card, REVEALED, DISCARD)
        return
    if cc is not None:
        yield from use_market_effect(state, ctx, cc)
    else:
        gold = yield Number(
            f"Did the rest of {card} gain the Clockwork gold (a DRAW gives 1 gold per card)? How much?",
            0, MOST_GOLD_PER_EFFECT, label=f"{card} — gold gained", default=0, help=rule_help(rules, "no_hand"),
        )
        gain_gold(state, ctx, gold, card)
    state.deck.move(card, REVEALED, DISCARD)
    ctx.log(f"{card} goes to the Clockwork discard")
    note_outcome(state, f"{slot.card} attacked for {damage}")


def buy_from_market(state: SageState, ctx: Context, market: str, why: str):
    """Buy: the costliest card of a market joins the Clockwork discard (notes: ambiguity 8)."""
    rules: CommandOfNatureRules = ctx.rules
    name = MARKET_NAME[market]
    card = yield CardEntry(
        f"{why}: which card is the costliest in the {name}? (Ties: you choose.) Move it to the Clockwork "
        f"discard pile and refill the market per your rule book.",
        market_cards(rules, market),
        label=f"Costliest in the {name}",
        help=f"{CARD_SOURCE}; {rule_help(rules, 'market_refill')}",
    )
    state.entered.append(card)
    state.deck.put(card, DISCARD)
    ctx.log(f"Buys {describe_card(rules, card)} from the {name} into its discard")


def burn_from_market(state: SageState, ctx: Context, market: str, why: str):
    rules: CommandOfNatureRules = ctx.rules
    name = MARKET_NAME[market]
    ctx.log(f"Burns the costliest and the cheapest card of the {name}")
    yield Instruction(
        f"{why}: move the costliest and the cheapest card of the {name} to the game box (ties: you "
        f"choose), then refill the market per your rule book.",
        label=f"Burn 2 cards of the {name}",
        help=f"{CARD_SOURCE}; {rule_help(rules, 'market_refill')}",
    )


def use_market_effect(state: SageState, ctx: Context, cc: ClockworkCommand):
    if cc.market_action == "buy":
        yield from buy_from_market(state, ctx, cc.market, cc.name)
    else:
        yield from burn_from_market(state, ctx, cc.market, cc.name)


# -- the five Clockwork Utility Commands ---------------------------------------------------------


def direct_summon(state: SageState, ctx: Context, cc: ClockworkCommand):
    rules: CommandOfNatureRules = ctx.rules
    market = "Elemental Market"
    if free_spaces(state):
        card = yield CardEntry(
            f"{cc.name}: which card is the costliest in the {market}? (Ties: you choose.) It joins the "
            f"Clockwork formation; then refill the market per your rule book.",
            market_cards(rules, "elemental"),
            label=f"Costliest in the {market}",
            help=f"{cc.text} ({cc.source})",
        )
        ctx.log(f"Takes {describe_card(rules, card)} from the {market}")
        yield from summon_into_formation(state, ctx, card, cc.name, None)
        note_outcome(state, f"summoned {card}")
        return
    ctx.log(f"{cc.name}: the formation is full")
    note_outcome(state, "formation full → 2 DMG")
    yield Instruction(
        f"{cc.name}: the Clockwork formation is full. Move the costliest {market} card to the game box "
        f"(ties: you choose) and refill the market per your rule book.",
        label=f"{cc.name}: formation full",
        help=f"{cc.text} ({cc.source})",
    )
    reducible = option(rules, ctx.options, "overflow_damage") == "reducible"
    yield from two_damage_to_your_row_one(state, ctx, f"{cc.name} with a full formation", reducible, cc.source)


def safe_distance(state: SageState, ctx: Context, cc: ClockworkCommand):
    rules: CommandOfNatureRules = ctx.rules
    sage_name = rules.pack(state.pack).sage
    sage = next((i for i in occupied(state) if state.formation[i].card == sage_name), None)
    if sage is None:
        ctx.log(f"{cc.name}: the Clockwork Sage is not in the formation")
        return
    others = [i for i in occupied(state) if i != sage]
    if not others:
        ctx.log(f"{cc.name}: no other Elemental to swap with; 3 shields on {sage_name}")
        yield Instruction(f"{cc.name}: put 3 shields on {sage_name}.", label=f"{cc.name}: 3 shields",
                          help=f"{cc.text} ({cc.source})")
        return
    by = option(rules, ctx.options, "highest_hp")
    if by == "printed":
        def hp(i: int) -> int:
            card = rules.elemental(state.formation[i].card)
            return card.hp if card else 0

        top = max(hp(i) for i in others)
        candidates = [i for i in others if hp(i) == top]
        question = f"{cc.name}: tie for highest printed HP ({top}). Which swaps with {sage_name}?"
    else:
        candidates = others
        question = (
            f"{cc.name}: which Clockwork Elemental has the highest remaining HP (HP minus damage)? "
            f"It swaps with {sage_name}."
        )
    if len(candidates) == 1:
        partner = candidates[0]
    else:
        key = yield Choice(
            question,
            [Option(KEYS[n], who(rules, state, i)) for n, i in enumerate(candidates)],
            label=f"{cc.name}: swap partner",
            help=f"{cc.text} ({cc.source}); notes: ambiguity 7",
        )
        partner = candidates[KEYS.index(key)]
    partner_name = state.formation[partner].card
    line = swap_spaces(state, ctx, sage, partner)
    ctx.log(f"{cc.name}: 3 shields each on {sage_name} and {partner_name}")
    yield Instruction(
        f"{cc.name}: {line.removeprefix('Swap: ')}. Put 3 shields on each of them.",
        label=f"{cc.name}: {sage_name} ↔ {partner_name}",
        help=f"{cc.text} ({cc.source})",
    )


def tokens_on_rows(state: SageState, ctx: Context, cc: ClockworkCommand, rows: list[int], token: str):
    rules: CommandOfNatureRules = ctx.rules
    spaces = occupied(state, rows, rules)
    where = " and ".join(f"Row {ROMAN[r]}" for r in rows)
    if not spaces:
        ctx.log(f"{cc.name}: no Clockwork Elementals in {where}")
        return
    if token == "boost":
        # The app keeps count of boosts: they add to the attacker's STR (CNW: boost).
        for i in spaces:
            state.formation[i].boosts += 1
    names = ", ".join(who(rules, state, i) for i in spaces)
    ctx.log(f"{cc.name}: 1 {token} each on {', '.join(state.formation[i].card for i in spaces)}")
    yield Instruction(
        f"{cc.name}: put 1 {token} on each Clockwork Elemental in {where}: {names}.",
        label=f"{cc.name}: {len(spaces)} {token}(s)",
        help=f"{cc.text} ({cc.source})",
    )


def rapid_refresh(state: SageState, ctx: Context, cc: ClockworkCommand):
    rules: CommandOfNatureRules = ctx.rules
    moved = state.deck.move_all(DISCARD, DECK)
    state.deck.shuffle(DECK, state.rng)
    ctx.log(f"{cc.name}: shuffles {moved} discards into the deck ({state.deck.count(DECK)} cards)")
    flipped: list[str] = []
    boxed = None
    while (card := state.deck.draw(DECK)) is not None:
        if is_clockwork_command(rules, card):
            state.deck.put(card, DISCARD)
            flipped.append(card)
            ctx.log(f"{cc.name}: flips {card} onto the discard, unused")
            continue
        state.deck.put(card, BOX)
        boxed = card
        ctx.log(f"{cc.name}: flips {describe_card(rules, card)}: it goes to the game box")
        break
    if boxed is None:
        ctx.log(f"{cc.name}: no card outside the Clockwork Commands turned up")
    flips = f"turn {', '.join(flipped)} onto the discard unused, then " if flipped else ""
    end = f"put {boxed} in the game box" if boxed else "no other card turned up"
    yield Instruction(
        f"{cc.name}: shuffle the Clockwork discard into its deck; {flips}{end}.",
        label=f"{cc.name}: box {boxed or 'nothing'}",
        help=f"{cc.text} ({cc.source})",
    )
    note_outcome(state, f"boxed {boxed}" if boxed else "nothing boxed")


def resolve_clockwork_utility(state: SageState, ctx: Context, cc: ClockworkCommand):
    if cc.effect == "direct_summon":
        yield from direct_summon(state, ctx, cc)
    elif cc.effect == "safe_distance":
        yield from safe_distance(state, ctx, cc)
    elif cc.effect == "fortified_lines":
        yield from tokens_on_rows(state, ctx, cc, [1, 2], "shield")
    elif cc.effect == "aggression":
        yield from tokens_on_rows(state, ctx, cc, [2, 3], "boost")
    elif cc.effect == "rapid_refresh":
        yield from rapid_refresh(state, ctx, cc)
