"""What the table tells the council clerk, as facts the record answers (engine/facts.py).

Every question of The King's Dilemma, with what could already answer it: what the table said this
vote, round or game; what Clockwork tracks (the Power and Coins it knows a House holds, the Leader
and Moderator, the votes cast, the Resources with their Momentum, Stability, the Time Counter, the
campaign records); and the setup. What a House holds behind its screen is never used to answer
or narrow a question: an amount it cannot pay is refused only after it is given, in words that
tell nothing ("count the Power behind your screen and choose again", asks.look_again).

Setup
- House at each seat: the Houses already seated are not offered; which House a player keeps is
  the table's.
- Prestige as recorded? (then each House's): the records give the values shown, but a House
  screen is the game's own record (a House new to the campaign, games played without Clockwork),
  so the table confirms them once a game.
- Starting Power and Coins (then each House's): the setup form gives the amounts; signed
  stickers, achievements and Story cards change single Houses, which only the table sees.
- Resource legacy (then each row), Open Agenda tokens (each token's House, the tokens a House
  keeps): from the stickers and signatures on the board, which Clockwork does not keep; keeping
  two is asked only of a House given more than two.
- Round: the Dilemma's name and the Outcome tokens on each scale are read from the card.

The vote (P3) and its resolution (P4)
- A House's first vote: Pass and Become Moderator is offered only while nobody took it this vote;
  passing is always open; AYE or NAY with no Power behind the screen is refused as above (never
  left out, which would show the screen).
- Power put on a side, more Power: the same keys for every House; more than it holds is refused
  as above. Later turns: only adding Power or staying, since a cast vote never changes; a voter
  with no Power left is still asked (readings: later-turns).
- Bargains (who pays, who receives, how many Coins): the payer is not offered as receiver; Coins
  it does not hold are refused as above.
- Last bargains before the count, the Moderator's choice on a tie or when all passed (bargained
  Coins bind, but their terms are the table's), the Leader token among tied winners (only they
  are offered): the table's.

The Dilemma's resolution (P5)
- Resource effects: each Resource token on the winning side's scale is an effect of its outcome
  (KD-rb p.9; seed: Play P2, P5.B), so 'no more Resource effects' is ruled out while one of them
  is not entered (RESOURCE_EFFECT), and the next such token is the usual answer. Other effects
  may come first (not every consequence shows on the front), so no Resource is ever forced. The
  way of a Resource whose token is still to come is that token's, answered from the record
  (RESOURCE_WAY; issue 24 item 2); any other way, and the icons, are read from the back of the card.
- Stickers: a Chronicle sticker token on the winning side's scale means a Chronicle sticker is
  attached (KD-rb p.9; seed: Play P5.C), so only 'a Chronicle sticker' and 'both' remain
  (STICKERS); without one, every answer stays open.
- Envelope, Power and Coins from the outcome: on the back of the card only; a loss stops at what
  the House holds and a gain at the pool (readings: box-limits), so nothing there is refused.
- Time Counter: once a card lies in the skull section, 'before the skull section' is no longer
  offered.

End of the game
- A Secret Agenda: those already revealed are not offered. Its Resource goal: Clockwork counts
  the markers in the card's zone; the card's points for that count, printed or read from it in
  this or an earlier game of the campaign (the campaign records), are used without asking
  (scoring.card_points, which predates these facts); the Extremist's points for the same
  distances likewise. Money rank points the same way.
- Who names the King (among tied winners), the King's name, House achievements: the table's.
"""

from __future__ import annotations

from ...engine.facts import STEP, Ask

# Asked once per outcome effect; narrowed afresh each time from the tokens still to come.
RESOURCE_EFFECT = Ask("resource_effect", STEP)
# Known when the Resource just named has a token still to come on the winning side's scale.
RESOURCE_WAY = Ask("resource_way", STEP)
# Narrowed when the winning side's scale shows a Chronicle sticker.
STICKERS = Ask("stickers", STEP)
