"""Your turn (seed: HOW TO PLAY): play as usual; tell the app whenever something happens that
the Clockwork reacts to."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import CardEntry, Choice, Instruction, Number, Option, YesNo
from .rules import CommandOfNatureRules
from .clockwork_commands import market_left, name_market_card
from .defeats import clockwork_levels_up, clockwork_wins, you_defeat_clockwork_elemental
from .facts import CARD_PLAYED, sets_off
from .formation import KEYS, occupied, remove_from_formation, shift_formation, slot_at, who
from .state import CLOCKWORK, DECK, DISCARD, INSTANTS, SageState
from .texts import rule_help
from .wallet import MOST_GOLD_CORRECTION, gain_gold, printed_gold

# What the Clockwork reacts to during your turn: (key, label). Also shown in the flow pane.
REACTIONS = [
    ("1", "You play a card (summons too): check the Clockwork Instant pile"),
    ("2", "You defeat a Clockwork Elemental"),
    ("3", "The Clockwork defeats one of your Elementals or your Sage"),
    ("4", "The Clockwork would DRAW cards"),
    ("5", "A card would go to the Clockwork's hand"),
    ("6", "The Clockwork would DISCARD cards"),
    ("7", "The Clockwork gains or loses gold another way"),
    ("8", "Shields on a Clockwork Elemental change"),
    ("e", "End your turn"),
]
MARKETS = ("elemental", "command")
# Most cards one DRAW is reported for at once (a larger DRAW: report it twice).
MOST_CARDS_DRAWN = 5
# Most shields the app lets one Elemental hold (tokens come as 1s and 3s, 20 in the box; CNW).
MOST_SHIELDS = 20


def check_instant_pile(state: SageState, ctx: Context):
    """Each card you play may set off the top Instant, then the next… (seed: HOW TO PLAY; notes: 9).
    Whether it sets one off is the Instant's text's business, so the same card sets off every copy
    of an Instant it set off (readings: instant-copies): known until you play the next card."""
    rules: CommandOfNatureRules = ctx.rules
    ctx.facts.end(CARD_PLAYED)
    if not state.deck.count(INSTANTS):
        ctx.log("Instant pile is empty: nothing reacts to your card")
        return
    while (top := state.deck.top(INSTANTS)) is not None:
        triggered = yield YesNo(
            f"Does the card you play set off {top}, the top card of the Clockwork Instant pile?",
            label=f"Does your card set off {top}?",
            help=rule_help(rules, "instants"),
            fact=sets_off(top),
        )
        if not triggered:
            ctx.log(f"{top} does not react; finish your card")
            return
        yield from printed_gold(
            state, ctx, top, f"Resolve {top} from its printed text against you (you make the Clockwork's choices).",
            label=f"Resolve {top}", help_text=rule_help(rules, "instants"),
        )
        state.deck.move(top, INSTANTS, DISCARD)
        ctx.log(f"{top} is set off and goes to the Clockwork discard")
    ctx.log("Instant pile is empty; finish your card")


def card_to_clockwork_hand(state: SageState, ctx: Context):
    """No hand: the card goes on top of its deck and it gains 1 gold (seed: HOW TO PLAY)."""
    rules: CommandOfNatureRules = ctx.rules
    # The Sage leads the formation and is never returned to a hand.
    sage = rules.pack(state.pack).sage
    spaces = [i for i in occupied(state) if slot_at(state, i).card != sage]
    options = [Option(KEYS[n], who(rules, state, i)) for n, i in enumerate(spaces)]
    if state.deck.count(DISCARD):
        options.append(Option("d", "a card from the Clockwork discard"))
    if state.deck.count(INSTANTS):
        options.append(Option("i", f"{state.deck.top(INSTANTS)} (top of the Instant pile)"))
    if market_left(state, rules, MARKETS)[0]:
        options.append(Option("m", "a card from a market"))
    options.append(Option("n", "none (go back)"))
    key = yield Choice(
        "Which card would go to the Clockwork's hand?", options,
        label="Card to the Clockwork's hand", help=rule_help(rules, "no_hand"), default="n",
    )
    if key == "n":
        return
    if key == "d":
        card = yield CardEntry("Which card from the Clockwork discard?", list(state.deck.pile(DISCARD)),
                               label="Card from the discard")
        state.deck.move(card, DISCARD, DECK)
    elif key == "i":
        card = state.deck.pile(INSTANTS)[0]  # the top card: "i" is offered only while there is one
        state.deck.move(card, INSTANTS, DECK)
    elif key == "m":
        named, _ = yield from name_market_card(state, ctx, MARKETS, "Which market card?", "Market card to the Clockwork",
                                               rule_help(rules, "no_hand"))
        if named is None:  # the markets are empty at the table: nothing goes to its hand
            return
        card = named
        state.entered.append(card)
        state.deck.put(card, DECK)
    else:
        index = spaces[KEYS.index(key)]
        card = remove_from_formation(state, ctx, index, DECK)
    ctx.log(f"{card} goes on top of the Clockwork deck instead of its hand")
    gain_gold(state, ctx, 1, f"{card} sent to its hand")
    yield Instruction(
        f"Put {card} on top of the Clockwork deck; the Clockwork gains 1 gold.",
        label=f"{card} → top of the Clockwork deck",
        help=rule_help(rules, "no_hand"),
    )
    if key not in ("d", "i", "m"):  # it left the formation: close the gap
        yield from shift_formation(state, ctx)


def change_shields(state: SageState, ctx: Context):
    """Shields used up by your attacks or added by a card: the count shown in the formation."""
    rules: CommandOfNatureRules = ctx.rules
    spaces = occupied(state)
    key = yield Choice(
        "Whose shields change?",
        [Option(KEYS[n], who(rules, state, i) + (f", {slot_at(state, i).shields} shields"
                                                  if slot_at(state, i).shields else ""))
         for n, i in enumerate(spaces)] + [Option("n", "none (go back)")],
        label="Shields on a Clockwork Elemental", help=rule_help(rules, "shield"),
    )
    if key == "n":
        return
    slot = slot_at(state, spaces[KEYS.index(key)])
    count = yield Number(f"How many shields does {slot.card} have now?", 0, MOST_SHIELDS,
                         label=f"Shields on {slot.card}", default=slot.shields, help=rule_help(rules, "shield"))
    ctx.log(f"Shields on {slot.card}: {slot.shields} → {count}")
    slot.shields = count


def react(state: SageState, ctx: Context, key: str):
    """One thing that happened which the Clockwork reacts to (seed: HOW TO PLAY)."""
    rules: CommandOfNatureRules = ctx.rules
    if key == "1":
        yield from check_instant_pile(state, ctx)
    elif key == "2":
        yield from you_defeat_clockwork_elemental(state, ctx)
    elif key == "3":
        what = yield Choice(
            "What did the Clockwork defeat?",
            [Option("y", "one of my Elementals (the Clockwork levels up)"), Option("s", "my Sage (the Clockwork wins)")],
            label="Defeated by the Clockwork", help=rule_help(rules, "levels") + " " + rule_help(rules, "win"),
            default="y",
        )
        if what == "s":
            clockwork_wins(state, ctx)
        else:
            yield from clockwork_levels_up(state, ctx)
    elif key == "4":
        cards = yield Number("How many cards would the Clockwork draw?", 1, MOST_CARDS_DRAWN, label="Clockwork draws",
                             default=1, help=rule_help(rules, "no_hand"))
        gain_gold(state, ctx, cards, f"would draw {cards} card{'s' if cards > 1 else ''}")
    elif key == "5":
        yield from card_to_clockwork_hand(state, ctx)
    elif key == "6":
        ctx.log("Clockwork would discard: it has no hand, so the effect counts as done (maximum discarded)")
        yield Instruction(
            "The Clockwork has no hand: treat its DISCARD as done without discarding, and if the effect "
            "counts discarded cards, count the most it could discard.",
            label="Clockwork discard resolved", help=rule_help(rules, "discard"),
        )
    elif key == "7":
        # Its wallet never goes below 0: with none, the Sage has no gold to lose (issue 24 playtest).
        has = (f" (or lose, negative)? It has {state.gold.value}." if state.gold.value
               else "? The Clockwork Sage has no gold to lose.")
        delta = yield Number(
            f"How much gold does the Clockwork gain{has}",
            -state.gold.value, MOST_GOLD_CORRECTION, label="Clockwork gold change", default=0,
        )
        gain_gold(state, ctx, delta, "card effect")
    elif key == "8":
        yield from change_shields(state, ctx)


def react_during_clockwork_turn(state: SageState, ctx: Context, step: str):
    """The reactions of your turn, during the Clockwork's: you may play cards then too (an Instant
    against its attack; seed: HOW TO PLAY, III.D). Afterwards the step is asked again."""
    state.reacting = True
    key = yield Choice(
        "What happened during the Clockwork's turn?",
        [Option(k, label) for k, label in REACTIONS if k != "e"] + [Option("b", f"nothing: back to “{step}”")],
        label="Something happened",
        help=rule_help(ctx.rules, "instants"),
        default="b",
    )
    if key != "b":
        yield from react(state, ctx, key)
    state.reacting = False


def your_turn(state: SageState, ctx: Context):
    rules: CommandOfNatureRules = ctx.rules
    state.step = ""
    while not state.over:
        key = yield Choice(
            "Your turn. Tell the app when something the Clockwork reacts to happens:",
            [Option(k, label) for k, label in REACTIONS],
            label="Your turn",
            help=rule_help(rules, "choices") + " " + rule_help(rules, "triggers"),
        )
        if key == "e":
            ctx.log("You end your turn")
            state.phase = CLOCKWORK
            return
        yield from react(state, ctx, key)
