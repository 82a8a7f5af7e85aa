"""The Clockwork Sage's turn (seed: THE CLOCKWORK SAGE'S TURN): daybreak, then pay 1 gold and
reveal a card, again and again, until the wallet is empty."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Instruction
from .rules import CommandOfNatureRules
from .asking import ask
from .cards import card_kind, describe_card
from .clockwork_commands import note_outcome, resolve_attack_command, resolve_clockwork_utility
from .defeats import two_damage_to_your_row_one, unlock_levels, unlocked_daybreak_gold
from .formation import free_spaces, summon_into_formation, who
from .options import option
from .state import DECK, DISCARD, INSTANTS, REVEALED, YOURS, GameEnded, RevealedCard, SageState
from .texts import rule_help
from .wallet import board_daybreak_gold, gain_gold, pay_one_gold, printed_gold


def clear_attacked_markers(state: SageState) -> None:
    """Each Elemental may attack once per turn (seed: III.D note)."""
    for slot in state.formation:
        if slot is not None:
            slot.attacked = False


def begin_clockwork_turn(state: SageState) -> None:
    clear_attacked_markers(state)
    state.revealed = []


def resolve_daybreak(state: SageState, ctx: Context):
    """Step I: formation daybreak effects, then the board's unlocked gold (notes: ambiguity 2)."""
    rules: CommandOfNatureRules = ctx.rules
    state.step = "daybreak"
    for index, slot in enumerate(state.formation):
        if slot is None:
            continue
        card = rules.elemental(slot.card)
        if card is None or not card.daybreak:
            continue
        yield from printed_gold(
            state, ctx, slot.card,
            f"Daybreak: resolve the daybreak effect of {who(rules, state, index)} for the Clockwork "
            f"(you make its choices).",
            label=f"Daybreak: {slot.card}",
            help_text=rule_help(rules, "daybreak"),
            why=f"{slot.card} daybreak",
        )
    for level in unlock_levels(rules):
        # The board's gold is read when its level is reached (defeats); a level reached in a game
        # saved before that was asked has no gold given yet: asked now.
        if level <= state.level.value and level not in state.daybreak_gold:
            yield from board_daybreak_gold(state, ctx, level)
    board = unlocked_daybreak_gold(state)
    if board:
        gain_gold(state, ctx, board, f"daybreak gold of its Sage board at level {state.level.value}")


def reshuffle_discard_into_deck(state: SageState, ctx: Context):
    """Step E: an empty deck takes the shuffled discard (checked before and after every reveal,
    notes: ambiguity 4). Returns False when there is nothing left to reveal at all."""
    rules: CommandOfNatureRules = ctx.rules
    if state.deck.count(DECK):
        return True
    if not state.deck.count(DISCARD):
        ctx.log("Deck and discard are both empty: nothing to reveal")
        return False
    state.step = "E"
    moved = state.deck.move_all(DISCARD, DECK)
    state.deck.shuffle(DECK, state.rng)
    ctx.log(f"Deck empty: shuffles {moved} discard{'s' * (moved != 1)} into a new deck")
    yield from ask(state, ctx, Instruction(
        f"The Clockwork deck is empty: gather its discard pile ({moved} cards) face down as its new deck.",
        label=f"Reshuffle {moved} discards into the deck",
        help=rule_help(rules, "reshuffle"),
    ))
    return True


def reveal_top_card(state: SageState, ctx: Context) -> str:
    """Step III: turn over the top card; it stays 'revealed' until it has been resolved."""
    rules: CommandOfNatureRules = ctx.rules
    state.step = "reveal"
    card = state.deck.draw(DECK)
    assert card is not None
    state.deck.put(card, REVEALED)
    state.revealed.append(RevealedCard(card=card, kind=card_kind(rules, card)))
    ctx.log(f"Reveals {describe_card(rules, card)}")
    return card


def summon_revealed_elemental(state: SageState, ctx: Context, card: str):
    """A: summon it; with no room it goes to the discard and your Row I takes 2 DMG (seed: III.A)."""
    rules: CommandOfNatureRules = ctx.rules
    state.step = "A"
    if free_spaces(state):
        yield from summon_into_formation(state, ctx, card, f"Revealed {card}", REVEALED)
        note_outcome(state, "summoned")
        return
    state.deck.move(card, REVEALED, DISCARD)
    ctx.log(f"No room for {card} in the formation: it goes to the Clockwork discard")
    note_outcome(state, "no room → discard, 2 DMG")
    reducible = option(rules, ctx.options, "overflow_damage") == "reducible"
    yield from two_damage_to_your_row_one(state, ctx, f"No room for {card}", reducible)


def place_on_instant_pile(state: SageState, ctx: Context, card: str) -> None:
    """B: an Instant goes face up on top of the Instant pile (seed: III.B)."""
    state.step = "B"
    state.deck.move(card, REVEALED, INSTANTS)
    ctx.log(f"{card} goes on top of the Instant pile ({state.deck.count(INSTANTS)} there)")
    note_outcome(state, "→ Instant pile")


def resolve_card_from_its_text(state: SageState, ctx: Context, card: str, what: str, help_text: str):
    """A card the app knows only by name: the table resolves it from the card; the gold it gives
    is asked once for that card."""
    yield from printed_gold(
        state, ctx, card,
        f"{what} Resolve {card} from its printed text for the Clockwork (you make its choices; a card "
        f"sent to its hand goes on top of its deck for 1 gold).",
        label=f"Resolve {card}", help_text=help_text,
    )


def resolve_utility(state: SageState, ctx: Context, card: str):
    """C: use the Utility's effect, then discard it (seed: III.C)."""
    rules: CommandOfNatureRules = ctx.rules
    state.step = "C"
    cc = rules.clockwork_command(card)
    if cc is not None:
        yield from resolve_clockwork_utility(state, ctx, cc)
    else:
        yield from resolve_card_from_its_text(state, ctx, card, "Utility Command.", rule_help(rules, "utility"))
    if card in state.deck.pile(REVEALED):
        state.deck.move(card, REVEALED, DISCARD)
        ctx.log(f"{card} goes to the Clockwork discard")
    note_outcome(state, state.revealed[-1].outcome or "used → discard")


def resolve_revealed_card(state: SageState, ctx: Context, card: str):
    kind = card_kind(ctx.rules, card)
    if kind == "Elemental":
        yield from summon_revealed_elemental(state, ctx, card)
    elif kind == "Instant":
        place_on_instant_pile(state, ctx, card)
    elif kind == "Utility":
        yield from resolve_utility(state, ctx, card)
    else:
        state.step = "D"
        yield from resolve_attack_command(state, ctx, card)


def no_gold_left(state: SageState, ctx: Context):
    """Nothing was revealed: say why in the table's words; gold reported now still counts."""
    rules: CommandOfNatureRules = ctx.rules
    level = state.level.value
    board = unlocked_daybreak_gold(state)
    ctx.log("The Clockwork Sage has no gold after daybreak: it reveals no card this turn")
    # Rebuilt after a reaction: once gold is reported the question is gone and the loop goes on.
    yield from ask(state, ctx, lambda: None if state.gold.value else Instruction(
        f"The Clockwork Sage has no gold after its daybreak, so it reveals no card and its turn ends. "
        f"Its gold comes from daybreak (its Sage board adds {board} at level {level}; its Elementals' "
        f"daybreak effects) and from cards that would make it draw. If its wallet on the table holds "
        f"gold, report it (r) before you go on.",
        label="The Clockwork has no gold",
        help=rule_help(rules, "repeat"),
    ))


def reveal_while_gold(state: SageState, ctx: Context):
    """Step VI, read as IV: repeat II–III while there is gold (notes: ambiguities 1 and 3). Gold
    reported during the turn keeps the loop going."""
    while True:
        while state.gold.value > 0:
            if not (yield from reshuffle_discard_into_deck(state, ctx)):
                return
            state.step = "pay"
            pay_one_gold(state, ctx)
            card = reveal_top_card(state, ctx)
            yield from resolve_revealed_card(state, ctx, card)
            if state.over:
                return
            if not (yield from reshuffle_discard_into_deck(state, ctx)):
                return
        if state.revealed:
            return
        yield from no_gold_left(state, ctx)
        if state.gold.value == 0:
            return


def clockwork_turn(state: SageState, ctx: Context):
    begin_clockwork_turn(state)
    try:
        yield from resolve_daybreak(state, ctx)
        yield from reveal_while_gold(state, ctx)
    except GameEnded:
        state.reacting = False
        return
    if state.over:
        return
    state.step = "done"
    ctx.log("The Clockwork Sage has no gold left: its turn ends"
            if state.gold.value == 0 else f"Clockwork turn ends with {state.gold.value} gold")
    clear_attacked_markers(state)  # no stale markers on screen during your turn
    state.round += 1
    state.phase = YOURS
