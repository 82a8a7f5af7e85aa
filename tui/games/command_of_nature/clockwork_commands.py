"""Attack Commands (seed: III.D) and the nine Clockwork Command cards
(seed: CLOCKWORK COMMAND CARDS)."""

from __future__ import annotations

from collections import Counter

from ...engine.game import Context
from ...engine.prompts import CardEntry, Choice, Instruction, Option
from .rules import ClockworkCommand, CommandOfNatureRules
from .asking import STALE, ask
from .cards import ROMAN, attack_rows, describe_card, is_clockwork_command, market_cards, rows_text
from .defeats import ask_what_the_damage_did, two_damage_to_your_row_one
from .facts import attacker_gone, market_card
from .formation import (
    KEYS,
    connected,
    free_spaces,
    occupant,
    occupied,
    slot_at,
    space_rows,
    spaces_in_rows,
    still_in_formation,
    strength,
    summon_into_formation,
    swap_spaces,
    who,
)
from .options import option, shield_note
from .state import BOX, DECK, DISCARD, REVEALED, SageState, Slot
from .texts import rule_help
from .wallet import printed_gold

MARKET_NAME = {"elemental": "Elemental Market", "command": "Command Market"}


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
        fresh = [i for i in occupied(state, [row], rules) if not slot_at(state, i).attacked]
        if fresh:
            best.extend(fresh)
            best_distance = distance
    return best


def fresh_attackers(state: SageState, rules: CommandOfNatureRules, rows: list[int], strongest: bool) -> list[int]:
    """Who may attack from the card's rows: not yet attacked this turn; for a Shot only the highest
    STR among them, each boost counting +1 STR (readings: 5). More than one left is a tie: yours."""
    fresh = [i for i in occupied(state, rows, rules) if not slot_at(state, i).attacked]
    if strongest and fresh:
        top = max(strength(rules, slot_at(state, i)) for i in fresh)
        fresh = [i for i in fresh if strength(rules, slot_at(state, i)) == top]
    return fresh


def choose_attacker(state: SageState, ctx: Context, card: str, rows: list[int], strongest: bool):
    """Returns the attacker's Slot, or None when every Clockwork Elemental has attacked.

    seed III.D: pick among the card's rows; a Shot names the highest STR there (ties → you).
    Nobody fresh there → a fresh one from the nearest row swaps forward. A reaction while you
    choose may change who can attack: then the choice starts over."""
    rules: CommandOfNatureRules = ctx.rules
    while True:
        fresh = fresh_attackers(state, rules, rows, strongest)
        if len(fresh) == 1:
            why = "highest STR" if strongest else "the only one"
            ctx.log(f"Attacker: {who(rules, state, fresh[0])} ({why})")
            return state.formation[fresh[0]]
        if fresh:
            def question():
                now = fresh_attackers(state, rules, rows, strongest)
                if len(now) < 2:
                    return None
                why = ("Tie for highest STR (boosts counted)" if strongest
                       else f"{card} attacks from {rows_text(rows)}")
                return Choice(
                    f"{why}: which Clockwork Elemental attacks? (You choose for it.)",
                    [Option(KEYS[n], who(rules, state, i)) for n, i in enumerate(now)],
                    label=f"Attacker for {card}",
                    help=rule_help(rules, "attack") + " " + rule_help(rules, "choices"),
                )

            key = yield from ask(state, ctx, question)
            if key is STALE:
                continue
            index = fresh_attackers(state, rules, rows, strongest)[KEYS.index(key)]
            ctx.log(f"Attacker: {who(rules, state, index)}")
            return state.formation[index]
        if not any(not slot_at(state, i).attacked for i in occupied(state)):
            return None
        slot = yield from bring_forward(state, ctx, card, rows)
        if slot is not STALE:
            return slot


def plan_route(state: SageState, ctx: Context, card: str, rows: list[int], mover: int):
    """The spaces ``mover`` passes through, one row at a time between connected spaces, until it
    stands in the card's rows (you choose where there are two ways); None if a reaction moved it."""
    rules: CommandOfNatureRules = ctx.rules
    slot = slot_at(state, mover)
    route = [mover]
    while space_rows(rules)[route[-1]] not in rows:
        here = route[-1]
        row = space_rows(rules)[here]
        ahead = row - 1 if row > max(rows) else row + 1
        steps = [i for i in spaces_in_rows(rules, [ahead]) if connected(rules, here, i)]
        if len(steps) == 1:
            route.append(steps[0])
            continue

        def question():
            if state.formation[mover] is not slot:
                return None
            return Choice(
                f"{slot.card} comes forward to attack with {card}, one swap at a time: which space of "
                f"Row {ROMAN[ahead]} does it swap into?",
                [Option(KEYS[n], occupant(rules, state, i)) for n, i in enumerate(steps)],
                label=f"Swap {slot.card} through",
                help=rule_help(rules, "attack"),
            )

        key = yield from ask(state, ctx, question)
        if key is STALE:
            return None
        route.append(steps[KEYS.index(key)])
    return route


def bring_forward(state: SageState, ctx: Context, card: str, rows: list[int]):
    """Everyone in the card's rows has attacked: a fresh Elemental of the nearest row comes forward
    by Swap actions, each exchanging two connected Elementals, so from Row III it passes through
    Row II (seed: III.D; readings: 10 and connected spaces). Returns its Slot, or STALE."""
    rules: CommandOfNatureRules = ctx.rules
    candidates = nearest_rows_with_fresh(state, rules, rows)
    if len(candidates) == 1:
        mover = candidates[0]
    else:
        def question():
            if nearest_rows_with_fresh(state, rules, rows) != candidates:
                return None
            return Choice(
                f"Everyone in {rows_text(rows)} has attacked this turn. Which fresh Elemental from the "
                f"nearest row comes forward to attack with {card}?",
                [Option(KEYS[n], who(rules, state, i)) for n, i in enumerate(candidates)],
                label=f"Fresh attacker for {card}",
                help=rule_help(rules, "attack"),
            )

        key = yield from ask(state, ctx, question)
        if key is STALE:
            return STALE
        mover = candidates[KEYS.index(key)]
    route = yield from plan_route(state, ctx, card, rows, mover)
    if route is None:
        return STALE
    slot = slot_at(state, mover)
    swaps = [swap_spaces(state, ctx, a, b).removeprefix("Swap: ") for a, b in zip(route, route[1:])]
    yield from ask(state, ctx, Instruction(
        f"Swap actions (no cost), one after the other: {'; then '.join(swaps)}. {slot.card} attacks "
        f"with {card}.",
        label=f"Swap {slot.card} forward",
        help=rule_help(rules, "attack"),
    ))
    return slot


# -- attacking ---------------------------------------------------------------------------------


def attack_text(rules: CommandOfNatureRules, options: dict[str, str], slot: Slot, card: str) -> str:
    cc = rules.clockwork_command(card)
    el = rules.elemental(slot.card)
    printed = el.strength if el else 0
    boost_text = f" + {slot.boosts} boost" if slot.boosts else ""
    dmg_text = f"{strength(rules, slot)} DMG (STR {printed}{boost_text})"
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
    text += " " + shield_note(rules, options)
    return text + (" Then remove its boosts." if slot.boosts else "")


def attacker_left(state: SageState, ctx: Context, card: str, slot: Slot):
    """Your reaction took the chosen attacker away before its attack landed: the text does not say
    what follows, so you choose (readings: attacker gone). True: choose another attacker. With no
    Elemental left that has not attacked this turn (seed: III.D, once per turn) none can take over:
    the record answers 'no attack'."""
    rules: CommandOfNatureRules = ctx.rules
    fact = attacker_gone(card)

    def question():  # built again after a reaction, which may take away the last fresh Elemental
        ctx.facts.forget(fact)
        if all(slot_at(state, i).attacked for i in occupied(state)):
            ctx.facts.narrow(fact, ["n"], "every Clockwork Elemental has attacked this turn")
        return Choice(
            f"{slot.card} left the Clockwork formation before its attack with {card} landed. What now?",
            [Option("a", f"another Clockwork Elemental attacks with {card}"),
             Option("n", f"no attack from {card}; the rest of it still happens")],
            label=f"{card}: attacker gone", help=rule_help(rules, "attack"), default="a", fact=fact,
        )

    key = yield from ask(state, ctx, question)
    return key == "a"


def resolve_attack_command(state: SageState, ctx: Context, card: str):
    """D: choose the attacker, use the card, then discard it (seed: III.D)."""
    rules: CommandOfNatureRules = ctx.rules
    cc = rules.clockwork_command(card)
    rows = attack_rows(rules, card)
    strongest = cc is not None and cc.attacker == "highest_str"
    outcome = f"no attack from {card}"
    while True:
        slot = yield from choose_attacker(state, ctx, card, rows, strongest)
        if slot is None:
            state.deck.move(card, REVEALED, DISCARD)
            ctx.log(f"Every Clockwork Elemental has attacked: {card} is discarded")
            note_outcome(state, "all attacked → discard, 2 DMG")
            yield from two_damage_to_your_row_one(state, ctx, f"Nobody left to attack with {card}", False)
            return
        yield from ask(state, ctx, lambda: Instruction(
            attack_text(rules, ctx.options, slot, card),
            label=f"{slot.card} attacks: {strength(rules, slot)} DMG",
            help=rule_help(rules, "boost") + " " + rule_help(rules, "shield"),
        ) if still_in_formation(state, slot) else None)
        if still_in_formation(state, slot):
            damage = strength(rules, slot)
            ctx.log(f"{slot.card} attacks with {card}: {damage} DMG")
            if slot.boosts:
                ctx.log(f"{slot.card} spends its {slot.boosts} boost(s)")
            slot.attacked = True
            slot.boosts = 0
            yield from ask_what_the_damage_did(state, ctx, f"{slot.card}'s attack")
            outcome = f"{slot.card} attacked for {damage}"
            break
        ctx.log(f"{slot.card} left the formation before its attack with {card}")
        if not (yield from attacker_left(state, ctx, card, slot)):
            break
    if state.over:
        state.deck.move(card, REVEALED, DISCARD)
        return
    if cc is not None:
        yield from use_market_effect(state, ctx, cc)
    else:
        yield from printed_gold(
            state, ctx, card, f"Resolve the rest of {card} from its printed text.",
            label=f"{card}", help_text=rule_help(rules, "no_hand"), remind=False,
        )
    state.deck.move(card, REVEALED, DISCARD)
    ctx.log(f"{card} goes to the Clockwork discard")
    note_outcome(state, outcome)


def market_left(state: SageState, rules: CommandOfNatureRules, markets: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The cards of ``markets`` (costliest first) that may be there, and those that cannot: every
    copy of them is among the Clockwork's cards, its box included, or in the game box its Burns sent
    them to (a Warrior is a single card; notes §3; review CA-1)."""
    owned = state.census() + Counter(state.boxed)
    gone = {e.card for m in markets for e in (rules.markets.elemental if m == "elemental" else rules.markets.command)
            if owned[e.card] >= e.copies}
    cards = [c for m in markets for c in market_cards(rules, m)]
    return [c for c in cards if c not in gone], [c for c in cards if c in gone]


def not_there(state: SageState, gone: list[str]) -> str:
    """Why the cards ``gone`` are in no market, grouped: the Clockwork has them, the game box has
    them, or every copy is with one or the other."""
    held = state.census()
    boxed = Counter(state.boxed)
    groups: dict[str, list[str]] = {}
    for card in gone:
        where = "box" if not held[card] else "held" if not boxed[card] else "both"
        groups.setdefault(where, []).append(card)
    parts = []
    for where, cards in groups.items():
        one = len(cards) == 1
        why = {"held": f"the Clockwork has {'it' if one else 'them'}", "box": "in the game box",
               "both": "every copy is with the Clockwork or in the game box"}[where]
        parts.append(f"{', '.join(cards)} ({why})")
    return "; ".join(parts)


EMPTY = "none"  # the answer when the market the question names holds no card at the table


def name_market_card(state: SageState, ctx: Context, markets: tuple[str, ...], text: str, label: str,
                     help_text: str, cheapest: bool = False):
    """The table names a card of ``markets``, or none when the market is empty at the table (its
    deck ran out). The record leaves out every card that cannot be there (the question says why,
    and naming one is refused); a single card left is forced. ``cheapest``: the cheapest cards come
    first. Returns (card, forced), or (None, False) when no card can be left (without a question)
    or the table says none is."""
    left, gone = market_left(state, ctx.rules, markets)
    if not left:
        return None, False
    if cheapest:
        left.reverse()
    fact = market_card(label)
    ctx.facts.forget(fact)
    if gone:
        text += f" Not there: {not_there(state, gone)}."
        held = "every other card" if len(left) == 1 else ", ".join(gone)
        ctx.facts.narrow(fact, left if len(left) == 1 else [*left, EMPTY],
                         f"the Clockwork or the game box holds every copy of {held}"
                         if state.boxed else f"the Clockwork holds every copy of {held}")
    if len(left) > 1:
        text += f" Type {EMPTY} if the market is empty."
    card = yield CardEntry(text, left + gone + ([EMPTY] if len(left) > 1 else []), label=label, help=help_text,
                           fact=fact)
    if card == EMPTY:
        ctx.log(f"{label}: none, the market is empty")
        return None, False
    return card, len(left) == 1


def none_left(ctx: Context, card: str, market: str) -> None:
    ctx.log(f"{card}: no card can be left in the {MARKET_NAME[market]} (the Clockwork holds all of them)")


def buy_from_market(state: SageState, ctx: Context, market: str, why: str):
    """Buy: the costliest card of a market joins the Clockwork discard (notes: ambiguity 8)."""
    rules: CommandOfNatureRules = ctx.rules
    name = MARKET_NAME[market]
    card, forced = yield from name_market_card(
        state, ctx, (market,),
        f"{why}: which card is the costliest in the {name}? (Ties: you choose.) Move it to the Clockwork "
        f"discard pile and refill the market per your rule book.",
        f"Costliest in the {name}", rule_help(rules, "market_refill"),
    )
    if card is None:
        if not market_left(state, rules, (market,))[0]:  # else the table said the market is empty
            none_left(ctx, why, market)
        return
    state.entered.append(card)
    state.deck.put(card, DISCARD)
    ctx.log(f"Buys {describe_card(rules, card)} from the {name} into its discard")
    if forced:  # the table did not see the question that says what to do with it
        yield from ask(state, ctx, Instruction(
            f"{why}: move {card}, the only card that can be in the {name}, to the Clockwork discard pile "
            f"and refill the market per your rule book.",
            label=f"{why}: buy {card}", help=rule_help(rules, "market_refill"),
        ))


def burn_from_market(state: SageState, ctx: Context, market: str, why: str):
    """Burn: the costliest and the cheapest card of a market go to the game box. The table names
    them, so a card no market holds any more is never asked for later (review CA-1)."""
    rules: CommandOfNatureRules = ctx.rules
    name = MARKET_NAME[market]
    ctx.log(f"Burns the costliest and the cheapest card of the {name}")
    if not ctx.facts.refusing:
        # A save from before the cards were named (facts_version 1) replays as it was played.
        yield from ask(state, ctx, Instruction(
            f"{why}: move the costliest and the cheapest card of the {name} to the game box (ties: you "
            f"choose), then refill the market per your rule book.",
            label=f"Burn 2 cards of the {name}",
            help=rule_help(rules, "market_refill"),
        ))
        return
    for which in ("costliest", "cheapest"):
        card = yield from send_to_box(
            state, ctx, market,
            f"{why}: which card is the {which} in the {name}? (Ties: you choose.) Move it to the game box"
            + (", then refill the market per your rule book." if which == "cheapest" else "."),
            which)
        if card is None:
            none_left(ctx, why, market)
            return


def send_to_box(state: SageState, ctx: Context, market: str, text: str, which: str = "costliest"):
    """The table names the ``which`` card of a market, which goes to the game box; returns it, or
    None when no card can be left there."""
    rules: CommandOfNatureRules = ctx.rules
    name = MARKET_NAME[market]
    card, forced = yield from name_market_card(
        state, ctx, (market,), text, f"{which.capitalize()} in the {name}, to the game box",
        rule_help(rules, "market_refill"), cheapest=which == "cheapest",
    )
    if card is None:
        return None
    state.boxed.append(card)
    ctx.log(f"{describe_card(rules, card)} goes from the {name} to the game box")
    if forced:  # the table did not see the question that says what to do with it
        yield from ask(state, ctx, Instruction(
            f"Move {card}, the only card that can be in the {name}, to the game box.",
            label=f"{card} to the game box", help=rule_help(rules, "market_refill"),
        ))
    return card


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
        card, _ = yield from name_market_card(
            state, ctx, ("elemental",),
            f"{cc.name}: which card is the costliest in the {market}? (Ties: you choose.) It joins the "
            f"Clockwork formation; then refill the market per your rule book.",
            f"Costliest in the {market}", cc.text,
        )
        if card is None:
            if not market_left(state, rules, ("elemental",))[0]:  # else the table said the market is empty
                none_left(ctx, cc.name, "elemental")
            note_outcome(state, "nothing summoned")
            return
        ctx.log(f"Takes {describe_card(rules, card)} from the {market}")
        yield from summon_into_formation(state, ctx, card, cc.name, None)
        note_outcome(state, f"summoned {card}")
        return
    ctx.log(f"{cc.name}: the formation is full")
    note_outcome(state, "formation full → 2 DMG")
    if not ctx.facts.refusing:
        # A save from before the card was named (facts_version 1) replays as it was played.
        yield from ask(state, ctx, Instruction(
            f"{cc.name}: the Clockwork formation is full. Move the costliest {market} card to the game box "
            f"(ties: you choose) and refill the market per your rule book.",
            label=f"{cc.name}: formation full",
            help=cc.text,
        ))
    elif (yield from send_to_box(
            state, ctx, "elemental",
            f"{cc.name}: the Clockwork formation is full. Which card is the costliest in the {market}? (Ties: "
            f"you choose.) Move it to the game box and refill the market per your rule book.")) is None:
        none_left(ctx, cc.name, "elemental")
    reducible = option(rules, ctx.options, "overflow_damage") == "reducible"
    yield from two_damage_to_your_row_one(state, ctx, f"{cc.name} with a full formation", reducible)


def add_shields(state: SageState, spaces: list[int], count: int) -> None:
    for i in spaces:
        slot_at(state, i).shields += count


def safe_distance(state: SageState, ctx: Context, cc: ClockworkCommand):
    rules: CommandOfNatureRules = ctx.rules
    sage_name = rules.pack(state.pack).sage

    def sage_space():
        return next((i for i in occupied(state) if slot_at(state, i).card == sage_name), None)

    if sage_space() is None:
        ctx.log(f"{cc.name}: the Clockwork Sage is not in the formation")
        return
    by = option(rules, ctx.options, "highest_hp")

    def hp(i: int) -> int:
        card = rules.elemental(slot_at(state, i).card)
        return card.hp if card else 0

    def candidates() -> list[int]:
        others = [i for i in occupied(state) if i != sage_space()]
        if by == "printed" and others:
            top = max(hp(i) for i in others)
            return [i for i in others if hp(i) == top]
        return others

    partner = None
    while partner is None:
        shown = candidates()
        if not shown:
            add_shields(state, [sage_space()], 3)
            ctx.log(f"{cc.name}: no other Elemental to swap with; 3 shields on {sage_name}")
            yield from ask(state, ctx, Instruction(f"{cc.name}: put 3 shields on {sage_name}.",
                                                   label=f"{cc.name}: 3 shields", help=cc.text))
            return
        if len(shown) == 1:
            partner = shown[0]
            break

        def question():
            if candidates() != shown:
                return None
            if by == "printed":
                text = f"{cc.name}: tie for highest printed HP ({hp(shown[0])}). Which swaps with {sage_name}?"
            else:
                text = (f"{cc.name}: which Clockwork Elemental has the highest remaining HP (HP minus "
                        f"damage)? It swaps with {sage_name}.")
            return Choice(text, [Option(KEYS[n], who(rules, state, i)) for n, i in enumerate(shown)],
                          label=f"{cc.name}: swap partner", help=cc.text)

        key = yield from ask(state, ctx, question)
        if key is not STALE:
            partner = shown[KEYS.index(key)]
    sage = sage_space()
    partner_name = slot_at(state, partner).card
    line = swap_spaces(state, ctx, sage, partner)
    add_shields(state, [sage, partner], 3)
    ctx.log(f"{cc.name}: 3 shields each on {sage_name} and {partner_name}")
    yield from ask(state, ctx, Instruction(
        f"{cc.name}: {line.removeprefix('Swap: ')}. Put 3 shields on each of them.",
        label=f"{cc.name}: {sage_name} ↔ {partner_name}",
        help=cc.text,
    ))


def tokens_on_rows(state: SageState, ctx: Context, cc: ClockworkCommand, rows: list[int], token: str):
    rules: CommandOfNatureRules = ctx.rules
    spaces = occupied(state, rows, rules)
    where = " and ".join(f"Row {ROMAN[r]}" for r in rows)
    if not spaces:
        ctx.log(f"{cc.name}: no Clockwork Elementals in {where}")
        return
    # The app keeps count of boosts (they add to the attacker's STR, CNW: boost) and of shields
    # (shown in the formation).
    for i in spaces:
        if token == "boost":
            slot_at(state, i).boosts += 1
        else:
            slot_at(state, i).shields += 1
    names = ", ".join(who(rules, state, i) for i in spaces)
    ctx.log(f"{cc.name}: 1 {token} each on {', '.join(slot_at(state, i).card for i in spaces)}")
    yield from ask(state, ctx, Instruction(
        f"{cc.name}: put 1 {token} on each Clockwork Elemental in {where}: {names}.",
        label=f"{cc.name}: {len(spaces)} {token}(s)",
        help=cc.text,
    ))


def rapid_refresh(state: SageState, ctx: Context, cc: ClockworkCommand):
    rules: CommandOfNatureRules = ctx.rules
    moved = state.deck.move_all(DISCARD, DECK)
    state.deck.shuffle(DECK, state.rng)
    ctx.log(f"{cc.name}: shuffles {moved} discard{'s' * (moved != 1)} into the deck ({state.deck.count(DECK)} cards)")
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
    champion = next((c.level for c in rules.pack(state.pack).champions if c.card == boxed), None)
    if champion is not None:
        # A Champion boxed is gone for good: the table must not expect it at a later level-up
        # or flip (seed: HOW TO PLAY, Champions at 4/6/8; review C-2).
        end = f"put {boxed}, its level-{champion} Champion, in the game box: it is gone for good"
    elif boxed:
        end = f"put {boxed} in the game box"
    else:
        # The card is silent here (readings: rapid-refresh): the flips stop with the deck, nothing
        # is boxed, and step E makes a new deck before the next flip (review C-2).
        end = ("only Clockwork Commands turned up, so nothing goes to the game box; its deck is empty, so "
               "its discard is shuffled into a new deck before the next flip")
    yield from ask(state, ctx, Instruction(
        f"{cc.name}: shuffle the Clockwork discard into its deck; {flips}{end}.",
        label=f"{cc.name}: box {boxed or 'nothing'}",
        help=cc.text,
    ))
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
