"""What the table tells Clockwork in Heirless, as facts the record answers (engine/facts.py).

Every question Heirless asks, and what of the record could already answer it (PT: the Player
Turns page; notes: shared/rules/heirless.md):

Setup
- a player's colour: one each (PT: Guarantee, signed with the colour's name), so it is one of the
  colours no one took before: narrowed to those, each on its number in the ruleset's list; the
  last one left is forced;
- the title and the name: the table's; whose cube is on each spot: asked while two or more players
  are left, the last one takes the next spot unasked; setting up the board: an instruction.

A turn
- the turn menu, which Standard Action, which Free Action: the player's choice; the menus offer
  only what the rules allow then (no Flee or Enact without the Influence, no Oathbreak without a
  promise in force, no conversion without a path);
- Assign: the Factions (the player's choice); allowed? (Control changes with any Deploy or Flee,
  and each Assign is to another Workplace: the table's); how many Workers (the Workplace's);
- Build: which Workplace (asked only while the Sovereign Workplace is free); Workplaces built: the
  table's count, said once a Season, then counted by Clockwork (each Build one more, a discard to
  make room one less) until a Law is enacted (applied as its card says) or the Season ends (its
  later steps are per your rulebook); discard to make room, the Sovereign one: the player's choice;
- Commission's path, Deploy's destination, Flee's Tile: the player's choice;
- Convert: the path is one commissioned this Season (Player.paths, cleared at Cleanup): narrowed
  to those; one is forced; X: the player's;
- Enact: which Law, its name: the player's; its threshold: the table's the first time a Law is
  proposed, then the card's for the rest of the game (state.cards, and state.laws for a Law voted
  on before them): offered in the list with it, or answered from the record when the name is typed
  again, even if that first proposal went back to the actions (HA-1); Influence committed: from the threshold to all the
  proposer has, so exactly the threshold is forced; each vote: the voter's (none asked of a player
  without Influence). A vote's `f` is a Free Action first, no answer (engine: a Number's keys);
- Guarantee's signatories and wording, a Haggle's parties, goods and deal: the table's;
- Oathbreak: which promise is one in force (state.promises, neither broken nor ended): narrowed to
  those, one is forced; who failed it is among its signatories (Promise.signatories): narrowed to
  them, one is forced; agreed? and each yay or nay: the table's judgement.

After the turns
- each step: on, or a Free Action first (the table's choice); how many Battles, a tie, the tied
  sides, an Alliance, the survivors, the Knights removed: the board, which Clockwork does not keep.
"""

from __future__ import annotations

from itertools import combinations

from ...engine.facts import ROUND, STEP, Ask

COLOUR = Ask("colour", STEP)
CONVERT_PATH = Ask("convert_path", STEP)
BROKEN_PROMISE = Ask("broken_promise", STEP)
BREAKERS = Ask("breakers", STEP)
COMMITTED = Ask("committed", STEP)
THRESHOLD = Ask("threshold", STEP)


def built(seat: int) -> Ask:
    """How many Workplaces a player has built: said at a Build, counted for the rest of the Season
    (a Season is the record's round: ended at the next one, see season_end)."""
    return Ask(f"built_{seat}", ROUND, said="said this Season")


def one_of(ctx, ask: Ask, values: list, only: str, some: str) -> None:
    """The record leaves ``values`` possible (``only``: why, when there is one; ``some``: else)."""
    ctx.facts.narrow(ask, values, only if len(values) == 1 else some)


def any_of(keys: list[str]) -> list[str]:
    """Every pick of one or more of ``keys``, as a several-of answer (keys in order)."""
    return [" ".join(pick) for n in range(1, len(keys) + 1) for pick in combinations(keys, n)]


def counted(ctx, seat: int, workplaces: int) -> None:
    """A Build changed the count the table gave this Season: Clockwork's count is the record."""
    ask = built(seat)
    ctx.facts.forget(ask)  # the count moved on: not a contradiction of what was said
    ctx.facts.state(ask, workplaces, "said this Season; Clockwork counted the Builds since")


def law_applied(ctx, seats: int) -> None:
    """An enacted Law is applied as its card says (not in our sources): any count may change."""
    ctx.facts.forget(*(built(seat) for seat in range(seats)))
