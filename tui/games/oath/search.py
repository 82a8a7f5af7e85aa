"""2. SEARCH AND PLAY ONE CARD (RT): draw, reveal, pick a card by the quadrant rule, play it to
the topmost site it can join or take the Can't Play box, and advance its relationship marker."""

from __future__ import annotations

import re

from ...engine.game import Context
from ...engine.prompts import AnswerError, Instruction, Number, TextEntry, YesNo
from .rules import OathRules
from .facts import bank_empty, bank_gave
from .relationships import advance, left_of, rank_key
from .state import UNALIGNED, DrawnCard, OathState

REGIONS = ("Cradle", "Provinces", "Hinterland")
CARD_CODE = re.compile(r"([a-z])(\+?)")
# Answers random play gives (the first is the demo's).
DRAW_EXAMPLES = ["h d h", "d+ a o", "v n b+", "o o a", "b v v", "a h+ n", "v v v", "n+ n d"]
NEXT_EXAMPLES = ["h", "v", "d+", "o"]


class CodeError(ValueError):
    pass


def parse_cards(rules: OathRules, text: str) -> list[DrawnCard]:
    """'h+ d v' → Hearth with a battle plan, Discord, a Vision. Spaces and commas are optional."""
    by_letter = {s.letter.lower(): s.name for s in rules.suits}
    packed = re.sub(r"[\s,]+", "", text.lower())
    cards: list[DrawnCard] = []
    pos = 0
    while pos < len(packed):
        m = CARD_CODE.match(packed, pos)
        if not m:
            raise CodeError(f"'{packed[pos]}' is not a card letter")
        letter, plus = m.group(1), m.group(2)
        if letter == "v":
            if plus:
                raise CodeError("a Vision carries no battle plan")
            cards.append(DrawnCard())
        elif letter in by_letter:
            cards.append(DrawnCard(by_letter[letter], battle_plan=bool(plus)))
        else:
            raise CodeError(f"'{letter}' is not a suit letter")
        pos = m.end()
    return cards


def letters(rules: OathRules) -> str:
    return "/".join(s.letter for s in rules.suits)


def code_help(rules: OathRules) -> str:
    suits = ", ".join(f"{s.letter} {s.name}" for s in rules.suits)
    return (f"One letter per card in draw order: {suits}; v a Vision (kept hidden). Put + right after "
            "a card with a battle plan (crown icon). Example: 'h+ d v'.")


def suit_legend(rules: OathRules) -> list[tuple[str, str]]:
    """Each suit's letter and name, for the legend under a typed answer (issue 24 item 6)."""
    return [(s.letter, s.name) for s in rules.suits]


def draw_legend(rules: OathRules) -> list[tuple[str, str]]:
    """Every code a typed draw is read in: the suits, a Vision, the battle plan mark."""
    return [*suit_legend(rules), ("v", "a Vision (kept hidden)"),
            ("+", "right after a card's letter: it has a battle plan (crown icon)")]


def drawn_check(rules: OathRules, count: int, visions_before: int):
    """The reader of a typed draw: ``count`` cards, and never more Visions than the world deck
    holds. Refused in place (AnswerError), so a code that cannot be read is never recorded."""

    def check(text: str) -> list[DrawnCard]:
        try:
            cards = parse_cards(rules, text)
        except CodeError as exc:
            raise AnswerError(f"Not read: {exc}.") from None
        if len(cards) != count:
            raise AnswerError(f"Not read: {len(cards)} cards typed, {count} drawn." if count > 1
                              else "Not read: type exactly one card.")
        if visions_before + sum(c.vision for c in cards) > rules.world_deck.visions:
            raise AnswerError(f"Not read: the world deck has only {rules.world_deck.visions} Visions.")
        return cards

    return check


def enter_drawn_cards(state: OathState, ctx: Context):
    """Three cards; Visions do not stop the draw, and after three Visions the draw goes on until a
    denizen. No search turns up more Visions than the world deck holds."""
    rules: OathRules = ctx.rules
    n = rules.world_deck.draw
    check = drawn_check(rules, n, 0)
    text = yield TextEntry(
        f"Draw {n} world-deck cards; type them in order: {letters(rules)} (suit initial), "
        "+ after a battle plan, v a Vision.",
        label="Cards drawn", help=code_help(rules), max_len=40, examples=DRAW_EXAMPLES, check=check,
        legend=draw_legend(rules),
    )
    state.drawn = check(text)
    while all(c.vision for c in state.drawn):
        check = drawn_check(rules, 1, len(state.drawn))
        examples = [e for e in NEXT_EXAMPLES if e != "v" or len(state.drawn) < rules.world_deck.visions]
        text = yield TextEntry(
            f"Only Visions so far: draw one more card and type it ({letters(rules)}, + battle plan, v).",
            label="Next card drawn", help=code_help(rules), max_len=4, examples=examples, check=check,
            legend=draw_legend(rules),
        )
        state.drawn.extend(check(text))
    shown = ", ".join("Vision" if c.vision else c.suit + (" (battle plan)" if c.battle_plan else "")
                      for c in state.drawn)
    ctx.log(f"Search: drew {shown}")


def place_in_row(state: OathState, index: int) -> int:
    """The card's place, from 1, as the drawn cards lie at the table: left to right in draw order,
    a Vision face down in its own place, as F4 shows them (RT: 2.; reading visions-drawn)."""
    return index + 1


def where_in_row(state: OathState, index: int) -> str:
    """'card 2 from the left', saying when face-down Visions before it are counted, so a table
    that laid them apart still finds the card."""
    hidden = sum(c.vision for c in state.drawn[:index])
    counted = (f", counting the face-down Vision{'s' if hidden > 1 else ''} before it" if hidden else "")
    return f"card {place_in_row(state, index)} from the left{counted}"


def choose_card(state: OathState, rules: OathRules, quadrant_key: str) -> int:
    """The index of the card to play: the quadrant's groups in order (reading 'card-choice'), the
    highest relationship inside a group, the first drawn on a tie (RT: 2. and TIEBREAKERS)."""
    quad = rules.quadrant(quadrant_key)
    for wanted in quad.card_choice:
        candidates = [i for i, c in enumerate(state.drawn)
                      if not c.vision and state.marker(c.suit).column == wanted]
        if candidates:
            if wanted == UNALIGNED:
                return candidates[0]
            return min(candidates, key=lambda i: (rank_key(state.marker(state.drawn[i].suit)), i))
    raise AssertionError("a search always ends with a denizen drawn")


def search_and_play(state: OathState, ctx: Context, quadrant_key: str):
    """The whole phase; returns the row the played (or discarded) suit's marker ends in."""
    rules: OathRules = ctx.rules
    tactics_before = state.tactics
    yield from enter_drawn_cards(state, ctx)
    plans = sum(c.battle_plan for c in state.drawn)
    if plans:
        advance_tactics(state, ctx, plans, f"{plans} battle plan{'s' if plans > 1 else ''} revealed")
    pick = choose_card(state, rules, quadrant_key)
    card = state.drawn[pick]
    card.outcome = "to play"
    quad = rules.quadrant(quadrant_key)
    what = f"the {card.suit} card ({where_in_row(state, pick)})"
    short = f"the {card.suit} card (card {place_in_row(state, pick)})"
    ctx.log(f"{quad.key} quadrant ({quad.alignment}s): plays {what}")
    others = len(state.drawn) - 1
    discard_rest = f" Discard the other {others} drawn cards." if others else ""
    for region in REGIONS:
        fits = yield YesNo(
            f"Can {what} go to a {region} site?",
            label=f"{card.suit} card fits a {region} site?",
            help="The topmost site of that region the card may legally join (room, site-only/adviser-only "
                 "icons). Regions are tried Cradle, Provinces, Hinterland.",
        )
        if fits:
            card.outcome = "played"
            yield Instruction(
                f"Play {short} to the topmost {region} site it can join; +1 favor from the {card.suit} bank."
                f"{discard_rest}",
                label=f"Play the {card.suit} card ({region})", help=rules.rules["search"].text,
            )
            ctx.log(f"plays the {card.suit} card to the topmost {region} site it can join; +1 {card.suit} favor")
            break
    else:
        card.outcome = "discarded"
        yield from cant_play(state, ctx, card.suit, quad.key, discard_rest)
    row_before = state.marker(card.suit).row
    row = yield from advance(state, ctx, card.suit, quad.alignment)
    yield from move_board_markers(state, ctx, card.suit, row_before, tactics_before)
    return row


def move_board_markers(state: OathState, ctx: Context, suit: str, row_before: int, tactics_before: int):
    """The Prince board on the table follows Clockwork: the relationship marker that advanced (RT: 2.,
    right of the markers already in its box) and the tactics marker, if battle plans or a shield moved it."""
    m = state.marker(suit)
    if m.row == row_before:
        moves = [f"the {suit} marker stays in the top box"]
    else:
        beside = left_of(state, suit)
        where = f", right of {', '.join(beside)}" if beside else ""
        moves = [f"{suit} marker up to {m.column}s box {m.row}{where}"]
    if state.tactics != tactics_before:
        moves.append(f"tactics marker to space {state.tactics + 1} (±{state.tactics_value})")
    yield Instruction(
        f"Prince board: {'; '.join(moves)}.", label="Prince board markers",
        help="The played or discarded card's suit marker goes up one box (never past the top), right of the "
             "markers already there; tactics +1 per battle plan revealed and per Can't Play shield.",
    )


def cant_play(state: OathState, ctx: Context, suit: str, quadrant_key: str, discard_rest: str):
    """The quadrant's Can't Play box (RT: 2.; reading 'cant-play-favor')."""
    rules: OathRules = ctx.rules
    box = rules.quadrant(quadrant_key).cant_play
    gains = []
    if box.warbands:
        gains.append(f"{box.warbands} warband{'s' if box.warbands > 1 else ''}")
    if box.secrets:
        gains.append(f"{box.secrets} secret{'s' if box.secrets > 1 else ''}")
    if box.favor:
        gains.append(f"{box.favor} {suit} favor into Ambition")
    yield Instruction(
        f"No site takes the {suit} card: discard it; Can't Play ({quadrant_key}): "
        f"{', '.join(gains) or 'nothing'}.{discard_rest}",
        label=f"Can't play the {suit} card", help=rules.rules["cant_play"].text,
    )
    ctx.log(f"cannot play the {suit} card: discarded; Can't Play box {quadrant_key}: {', '.join(gains) or 'nothing'}")
    if box.favor:
        gave = bank_gave(suit)
        if ctx.facts.holds(bank_empty(suit)):
            ctx.facts.state(gave, 0, ctx.facts.why(bank_empty(suit)))
        got = yield Number(
            f"How much favor did the {suit} bank give to the Ambition box (it may run short)?",
            0, box.favor, default=box.favor, label=f"Ambition favor from {suit}", fact=gave,
        )
        if got < box.favor:
            ctx.facts.state(bank_empty(suit), True, "it ran short for the Ambition box")
        before = state.ambition.get(suit, 0)
        state.ambition[suit] = before + got
        ctx.log(f"Ambition box {suit}: {before} → {before + got}")
    if box.tactics:
        advance_tactics(state, ctx, box.tactics, "Can't Play shield")


def advance_tactics(state: OathState, ctx: Context, steps: int, why: str) -> None:
    """The tactics marker moves right, never past the last space (RT: 2.)."""
    old = state.tactics
    state.tactics = min(len(state.tactics_spaces) - 1, state.tactics + steps)
    ctx.log(f"{why}: tactics space {old + 1} → {state.tactics + 1} (±{state.tactics_spaces[old]} → "
            f"±{state.tactics_value} attack dice)")
