"""What the table tells Clockwork about the Clockwork Sage, as facts the record answers
(engine/facts.py; issue 23 item 2).

Every question Command of Nature asks, with what may already answer it: what the table said this
turn or game, what Clockwork tracks (the Clockwork's formation and who has attacked, its piles and
the cards that joined them from a market, its gold and level, the printed values kept in
command-of-nature.board), and the setup options.

Setup:
- "Unused Warrior and Basic": the group's reading of an unstated rule (ambiguity 12), asked once a
  game; nothing recorded answers it.
- "Sage board: <difficulty> starting gold": printed on the board; only the chosen difficulty's is
  asked, once, then known for this game and later ones (STARTING_GOLD; check_board asks afresh,
  offering the remembered value on Enter). A value nobody gave has no default.

Your turn (and `r` on the Clockwork's turn):
- "Your turn", "Something happened": what happened at the table; only the table knows.
- "Does your card set off <Instant>?": the Instant's own text decides; a card that set off one
  copy of an Instant sets off another copy of it below, until you play the next card (SETS_OFF).
- "<card> — gold gained": the gold printed on a card, asked the first time its effect is resolved,
  then known in this game and later ones (CARD_GOLD).
- "Defeated Clockwork Elemental", "Defeated by the Clockwork", "Clockwork draws", "Clockwork gold
  change" (never more than its wallet holds), "Card to the Clockwork's hand" (never the Sage; its
  discard and Instant pile only when they hold a card), "Card from the discard" (only the cards in
  it), "Whose shields change?", "Shields on <Elemental>" (its count on Enter): only the table knows.
- "Market card to the Clockwork": a market card every copy of which the Clockwork holds (notes §3)
  is in no market: left out, and refused (MARKET_CARD); "from a market" is not offered once no
  market card can be left.

The Clockwork's turn:
- Daybreak "<card> — gold gained" (CARD_GOLD). The board's daybreak gold is asked when its level is
  reached (DAYBREAK_GOLD), never before; at a daybreak only a level reached whose gold nobody gave
  (a game saved before the level-up asked it) is asked.
- "Space for <Elemental>": yours to choose; with one free space it is an instruction.
- "Did <attack> defeat anything?", "Did the 2 DMG defeat anything?": the table keeps its own
  formation and the damage on it; only it knows.
- "Attacker for <card>": asked only when two or more may attack from the card's rows; for a Shot
  only on a tie for the highest STR, boosts counted. "Fresh attacker for <card>", "Swap <Elemental>
  through": only when there are two ways.
- "<card>: attacker gone": when no Elemental left in the formation has yet attacked this turn,
  none can take the attack over: forced, no attack (ATTACKER_GONE).
- "Costliest in the Elemental/Command Market": cards every copy of which the Clockwork holds are
  left out (MARKET_CARD); a single card left is forced; with none left the market is empty and
  nothing is bought or summoned, without a question.
- "Costliest/Cheapest in the <market>, to the game box" (a Burn; a full Direct Summon): the same
  cards are left out; the cards named are kept (state.boxed), so a card no market holds any more
  is never offered again (review CA-1). A save from before facts_version 2 replays the
  acknowledgement it was given then.
- "Safe Distance: swap partner": by printed HP only on a tie; by remaining HP the table knows the
  damage; a single other Elemental is never asked.
- "Formation shift": yours to choose (seed: HOW TO PLAY); a single owed move is an instruction.
"""

from __future__ import annotations

from ...engine.facts import GAME, STEP, Ask

# A lifetime of this game's own: until you play the next card (check_instant_pile ends it).
CARD_PLAYED = "card played"
EARLIER = "given in an earlier game"
THIS_GAME = "given this game"


def printed(name: str, value: int | None, says: str) -> Ask:
    """A value printed on the Sage board or on a card: known for the rest of the game once given.
    ``says``: the history's sentence for ``value`` (the value known, if any)."""
    return Ask(name, GAME, {str(value): says} if value is not None else {}, said=THIS_GAME)


def starting_gold(difficulty: str, gold: int | None) -> Ask:
    return printed(f"starting_gold:{difficulty}", gold, f"Your Sage board: starting gold for {difficulty} {gold}")


def daybreak_gold(level: int, gold: int | None) -> Ask:
    return printed(f"daybreak_gold:{level}", gold, f"Your Sage board: daybreak gold +{gold} from level {level}")


def card_gold(card: str, gold: int | None) -> Ask:
    return printed(f"card_gold:{card}", gold, f"{card} gives the Clockwork {gold} gold, as printed")


def remembered(ctx, ask: Ask, value: int | None) -> bool:
    """A printed value Clockwork holds answers its question: given this game (the table's answer
    is the record already) or in an earlier game (records). Returns whether it is known."""
    if value is None:
        return False
    if ctx.facts.value(ask) is None:
        ctx.facts.state(ask, value, EARLIER)
    return True


def sets_off(instant: str) -> Ask:
    return Ask(f"sets_off:{instant}", CARD_PLAYED,
               {"y": f"Your card sets off {instant}", "n": f"Your card does not set off {instant}"},
               said="the same card set off another copy of it")


def attacker_gone(card: str) -> Ask:
    return Ask("attacker_gone", STEP, {"a": f"Another Clockwork Elemental attacks with {card}",
                                        "n": f"No attack from {card}; the rest of it still happens"})


def market_card(market: str) -> Ask:
    return Ask(f"market_card:{market}", STEP)
