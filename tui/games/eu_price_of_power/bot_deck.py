"""A Bot deck held digitally (seed: Bot Cards p.1, Reshuffle Bot Deck and End of Age Routine p.3).

Cards are the IDs "1".."24" kept in a Deck's named piles; they are only ever moved, so the census
of a Bot's deck is always the 24 cards."""

from __future__ import annotations

from ...engine.deck import Deck
from ...engine.rng import Rng
from .state import DRAW, FOCUS_ASIDE, IN_PLAY, OUT_FOR_AGE, PILES, REMOVED, USED, Bot

ALL_CARDS = [str(n) for n in range(1, 25)]
ALWAYS_BACK = ("Event", "Idea")  # EVENT and IDEA cards always return (seed p.3)


def removals_for_age(bot: Bot, age: int) -> list[int]:
    """The card IDs out of this Bot's deck during ``age`` (readings: removals)."""
    return sorted(set(bot.removals.get(str(age), [])))


def compose_for_age(bot: Bot, age: int, rng: Rng) -> None:
    """All 24 cards, the realm's removals for this Age set aside, the rest shuffled as the draw pile
    (seed: Bot Setup p.1, End of Age Routine p.3)."""
    out = {str(n) for n in removals_for_age(bot, age)}
    bot.deck = Deck({name: [] for name in PILES})
    bot.deck.piles[DRAW] = [c for c in ALL_CARDS if c not in out]
    bot.deck.piles[REMOVED] = [c for c in ALL_CARDS if c in out]
    bot.deck.shuffle(DRAW, rng)


def draw_card(bot: Bot) -> int | None:
    """The top card goes in play; None when the draw pile is empty."""
    card = bot.deck.draw(DRAW)
    if card is None:
        return None
    bot.deck.put(card, IN_PLAY)
    return int(card)


def finish_card(bot: Bot, card: int, used_for_focus: bool) -> None:
    """After its Action the card goes to the used pile, or aside when it was used for FOCUS (p.3)."""
    bot.deck.move(str(card), IN_PLAY, FOCUS_ASIDE if used_for_focus else USED)


def reshuffle_for_next_round(bot: Bot, rng: Rng, first_action) -> tuple[list[str], list[str]]:
    """Phase 5 (seed p.3): EVENT and IDEA cards always go back; FOCUS cards stay aside; of the
    other used cards half, rounded up, go back at random and the rest are out for the Age.
    ``first_action(card_id)`` names a card's 1st Action. Returns (back, out)."""
    used = list(bot.deck.pile(USED))
    always = [c for c in used if first_action(int(c)) in ALWAYS_BACK]
    others = [c for c in used if c not in always]
    keep = (len(others) + 1) // 2
    chosen = rng.sample(others, keep)
    back = always + [c for c in others if c in chosen]
    out = [c for c in others if c not in chosen]
    for c in back:
        bot.deck.move(c, USED, DRAW)
    for c in out:
        bot.deck.move(c, USED, OUT_FOR_AGE)
    bot.deck.shuffle(DRAW, rng)
    return sorted(back, key=int), sorted(out, key=int)


def remove_focus_cards(bot: Bot, areas: list[str], focus_of) -> list[str]:
    """Human → Bot (seed p.6): FOCUS cards of Milestones already achieved leave the deck for good
    (kept in the removed pile, and dropped from every Age's composition)."""
    gone = [c for c in ALL_CARDS if focus_of(int(c)) in areas]
    for c in gone:
        where = bot.deck.where(c)
        if where is not None and where != REMOVED:
            bot.deck.move(c, where, REMOVED)
    for age in ("1", "2", "3", "4"):
        bot.removals[age] = sorted(set(bot.removals.get(age, [])) | {int(c) for c in gone})
    return gone
