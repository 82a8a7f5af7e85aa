"""What the table tells the Clockwork Prince, as facts the record answers (engine/facts.py).

Each question the Prince asks names one of these. What may already answer it:

- setup: the printed Prince board (box values, the starred Tactics space), from an earlier game;
- the Threat questions: each is asked once a turn; on round eight question 2 also answers
  question 4; an Exile Usurper or Oathkeeper means the Prince does not hold the title; a Citizen's
  Successor goal or an Exile's Vision met with a banner means the Prince does not hold it;
- the Wake and the banner arrows: one fact per banner for the whole turn (only the Prince acts);
  a banner it holds cannot be campaigned for or recovered from itself;
- the other arrow conditions and the actions' questions: answered until the Prince next takes an
  action (a skipped action changes nothing: reading 'asked-once'); the Prince's site and its
  cards until it moves or something lands on them (a Trade puts nothing there);
- its own actions: a Muster puts favor on the empty cards at its site (none left: no Trade there,
  and not the site where a Trade gains most) and takes favor the table told; a Travel to the site
  where a Trade gains most means some Trade gains and the Prince is there; Battle Ready holds over
  a Travel or a Trade (no warbands or tactics change), 'can pay' for a banner over a plain Travel;
- favor banks: one that ran short, or that a Trade was told has none, stays empty this turn
  unless a relic's cost puts favor into a bank;
- relics: none on the map (and no facedown site) holds for the turn; none at its site, or a relic
  it could pay for there, until it moves;
- Cleanup: the title (above); an Exile meets a banner Successor goal only if the Prince does not
  hold that banner, and only one Exile can hold it.

Asked every time, with nothing the record could say: the cards drawn, where a card fits (each play
changes the sites), a marker's column (once per suit), whether a site just turned up has a relic,
a campaign's result, Citizenship offers, the humans' turns and the winner; at setup the Prince's
seat, the Citizens, and the board's values when the table says they differ from the defaults.
"""

from __future__ import annotations

from ...engine.facts import GAME, STEP, TURN, Ask

# Lifetimes of the Prince's own (ended in actions.py; at the latest when its turn ends).
SINCE_ACTION = "action"  # until the Prince next takes an action
AT_SITE = "site"  # until the Prince moves or the cards at its site change
FAVOR_HELD = "favor"  # the Prince's favor: carried through its actions (actions.py) until a gain is unknown


def yes_no(name: str, lifetime: str, yes: str, no: str, said: str = "") -> Ask:
    return Ask(name, lifetime, {"y": yes, "n": no}, said)


PRINCE_USURPER = yes_no("prince_usurper", TURN, "The Prince is the Usurper", "The Prince is not the Usurper")
CITIZEN_SUCCESSOR = yes_no("citizen_successor", TURN, "A Citizen meets the Successor goal",
                           "No Citizen meets the Successor goal")
EXILE_USURPER = yes_no("exile_usurper", TURN, "An Exile is the Usurper", "No Exile is the Usurper")
EXILE_VISION = yes_no("exile_vision", TURN, "An Exile has completed a Vision", "No Exile has completed a Vision")
WHICH_VISION = Ask("which_vision", TURN)
EXILE_OATHKEEPER = yes_no("exile_oathkeeper", TURN, "An Exile holds the Oathkeeper title",
                          "No Exile holds the Oathkeeper title")
PRINCE_OATHKEEPER = yes_no("prince_oathkeeper", TURN, "The Prince holds the Oathkeeper title",
                           "The Prince does not hold the Oathkeeper title")

HOLDS_PF = yes_no("hold_pf", TURN, "The Prince holds the People's Favor", "The Prince does not hold the People's Favor")
HOLDS_DS = yes_no("hold_ds", TURN, "The Prince holds the Darkest Secret", "The Prince does not hold the Darkest Secret")
MOST_RELICS = yes_no("hold_most_relics", SINCE_ACTION, "The Prince holds the most relics and banners",
                     "The Prince does not hold the most relics and banners", said="said since its last action")
PAY_RELIC = yes_no("pay_relic", SINCE_ACTION, "The Prince can pay for a relic at its site",
                   "The Prince cannot pay for a relic at its site", said="said since its last action")
# An Exile was said to hold a banner (a Vision met): at Cleanup, the only Exile meets such a goal.
EXILE_HOLDS_PF = Ask("exile_holds_pf", TURN)
EXILE_HOLDS_DS = Ask("exile_holds_ds", TURN)
# Per banner: (the Prince holds it, an Exile holds it, Battle Ready against its holder, can pay).
BANNERS = {
    "pf": (HOLDS_PF, EXILE_HOLDS_PF, "ready_pf", "pay_pf"),
    "ds": (HOLDS_DS, EXILE_HOLDS_DS, "ready_ds", "pay_ds"),
}
BANNER_NAMES = {"pf": "People's Favor", "ds": "Darkest Secret"}
# Mind-sheet conditions declared here; the others are the ruleset's, answered until the next action.
DECLARED = {a.name: a for a in (HOLDS_PF, HOLDS_DS, MOST_RELICS, PAY_RELIC)}
NEED_BANNER = Ask("need_banner", STEP)


def condition(key: str) -> Ask:
    """The fact a Mind-sheet arrow's condition asks about."""
    return DECLARED.get(key) or Ask(key, SINCE_ACTION, said="said since its last action")


SITE_CARDS = Ask("site_cards", AT_SITE, said="said at this site")
EMPTY_CARDS = Ask("empty_cards", AT_SITE, {str(n): f"Empty cards at the Prince's site: {n}" for n in range(4)},
                  said="said at this site")
PRINCE_FAVOR = Ask("favor_outside_ambition", FAVOR_HELD,
                   {str(n): f"The Prince has {n} favor outside its Ambition box" for n in range(41)},
                   said="said this turn")
RELIC_HERE = yes_no("relic_here", AT_SITE, "There is a relic at the Prince's site",
                    "There is no relic at the Prince's site", said="said at this site")
RELIC_ON_MAP = yes_no("relic_on_map", SINCE_ACTION, "There is a relic on the map", "There is no relic on the map",
                      said="said since its last action")
FACEDOWN_SITE = yes_no("facedown_site", SINCE_ACTION, "There is a facedown site on the map",
                       "There is no facedown site on the map", said="said since its last action")


def best_site(thing: str) -> Ask:
    """Is the Prince's site where a later Trade gains the most favor (or secrets)?"""
    return yes_no(f"best_site_{thing}", SINCE_ACTION, f"The Prince's site is where a Trade gains the most {thing}",
                  f"The Prince's site is not where a Trade gains the most {thing}",
                  said="said since its last action")


def trade_anywhere(thing: str) -> Ask:
    """Could a Trade for favor (or secrets) gain any at some site?"""
    return Ask(f"trade_anywhere_{thing}", SINCE_ACTION, said="said since its last action")


def bank_empty(suit: str) -> Ask:
    """A favor bank found empty this turn stays so until favor is put into a bank (only a relic's
    cost does that in the Prince's turn)."""
    return yes_no(f"bank_empty_{suit}", TURN, f"The {suit} bank is empty", f"The {suit} bank has favor")


def bank_gave(suit: str) -> Ask:
    return Ask(f"bank_gave_{suit}", STEP, {"0": f"The {suit} bank gives nothing to the Ambition box"})


def since_action(name: str) -> Ask:
    """A question of one action, answered until the Prince next takes an action."""
    return Ask(name, SINCE_ACTION, said="said since its last action")


def successor_meets(seat: int) -> Ask:
    return yes_no(f"successor_goal_{seat}", TURN, f"The Exile in seat {seat} meets the Successor goal",
                  f"The Exile in seat {seat} does not meet the Successor goal")


def ambition_spent(total: int) -> Ask:
    return Ask("ambition_spent", STEP, {str(total): f"All {total} favor leaves the Ambition box"})


def prince_board(summary: str) -> Ask:
    return yes_no("prince_board", GAME, f"Your Prince board: {summary}", "Your Prince board differs from the defaults")


def tactics_star(spaces: int) -> Ask:
    return Ask("tactics_star", GAME, {str(i): f"Tactics marker starts on space {i}" for i in range(1, spaces + 1)})


def banner_known(ctx, banner: str) -> None:
    """What the Prince holding a banner implies this turn: it campaigns against and recovers from
    no one for it (it would be itself), and no Exile holds it."""
    holds, exile, ready, pay = BANNERS[banner]
    if ctx.facts.holds(holds):
        why = "the Prince holds it itself"
        ctx.facts.state(condition(ready), False, why, lifetime=TURN)
        ctx.facts.state(condition(pay), False, why, lifetime=TURN)
        ctx.facts.forget(exile)


def prince_takes(ctx, banner: str, why: str) -> None:
    """The Prince recovered or won a banner: it holds it for the rest of its turn."""
    ctx.facts.state(BANNERS[banner][0], True, why)
    banner_known(ctx, banner)


def someone_else_holds(ctx, banner: str, why: str, exile: bool = False) -> None:
    """A Citizen or an Exile was said to hold a banner: the Prince does not (one holder each)."""
    holds, exile_holds, _, _ = BANNERS[banner]
    ctx.facts.state(holds, False, why)
    if exile:
        ctx.facts.state(exile_holds, True, why)
