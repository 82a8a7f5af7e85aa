"""3. TAKE ACTIONS (RT): walk the Mind sheet and carry out the Prince's actions, each as the
rules text words it, with its skip condition. A skipped action moves the marker but is not counted."""

from __future__ import annotations

from collections import Counter

from ...engine.facts import TURN
from ...engine.game import Context
from ...engine.prompts import AnswerError, Instruction, Number, TextEntry, YesNo
from .rules import Node, OathRules
from .facts import (
    AT_SITE,
    EMPTY_CARDS,
    FACEDOWN_SITE,
    MOST_RELICS,
    PAY_RELIC,
    PRINCE_FAVOR,
    PRINCE_OATHKEEPER,
    RELIC_HERE,
    RELIC_ON_MAP,
    SINCE_ACTION,
    SITE_CARDS,
    ambition_spent,
    bank_empty,
    best_site,
    prince_takes,
    since_action,
    trade_anywhere,
)
from .mind import choose_arrow, condition_met, follow
from .relationships import ranked, trade_amount
from .search import CodeError, letters, parse_cards, search_and_play, suit_legend
from .state import CONSPIRATOR, FRIEND, OathState

SITE_EXAMPLES = ["h d", "-", "a", "o h b", "n n"]
# The banner a Recover or a campaign won on these targets puts in the Prince's hands.
BANNER_HELD = {"peoples_favor": "pf", "darkest_secret": "ds"}
# What each Oath's goal counts (LAW: Oaths): winning or recovering one of these may pass the
# Oathkeeper title to the Prince, since the title follows its goal at once (LAW §2.11).
GOAL_TARGETS = {
    "supremacy": {"rival_sites"},
    "people": {"peoples_favor"},
    "protection": {"relics", "relic", "peoples_favor", "darkest_secret", "grand_scepter"},
    "devotion": {"darkest_secret"},
}
RELICS_AND_BANNERS = {"relics", "relic", "peoples_favor", "darkest_secret", "grand_scepter"}
# Battle Ready compares the Prince's attack dice (warbands, tactics) with its targets' defence (RT:
# 3. Travel + Campaign): a Travel or a Trade changes neither. Able to pay for a banner counts the
# Prince's favor or secrets (RT: 3. Recover): a Travel that only moves changes neither.
READY = ("ready_rival_sites", "ready_most_relics", "ready_ds", "ready_pf")
PAY_BANNER = ("pay_ds", "pay_pf")


def board_changed(ctx: Context, site: bool = True, keep: tuple[str, ...] = ()) -> None:
    """An action taken changes the board: the answers since the last one no longer hold (reading
    'asked-once'), nor what was said of the Prince's site and its cards, unless only favor or
    secrets moved (a Trade puts nothing on the cards and the Prince stays). ``keep``: the
    conditions this action cannot change."""
    kept = {name: ctx.facts.facts.known[name] for name in keep if name in ctx.facts.facts.known}
    ctx.facts.end(SINCE_ACTION)
    if site:
        ctx.facts.end(AT_SITE)
    ctx.facts.facts.known.update(kept)


def gains_favor(ctx: Context, why: str) -> None:
    """A Travel's fallback: 1 favor from the nearest bank that has any (none if every bank is
    empty), so the Prince's favor is what it was or one more."""
    had, before = ctx.facts.value(PRINCE_FAVOR), ctx.facts.why(PRINCE_FAVOR)
    if had is not None:
        ctx.facts.forget(PRINCE_FAVOR)  # narrow() keeps only values already possible
        ctx.facts.narrow(PRINCE_FAVOR, [int(had), int(had) + 1], f"{before}; then {why}")


def standing_may_change(state: OathState, ctx: Context, target: str) -> None:
    """The Prince won or recovered ``target``: who holds the title, or the most relics and
    banners, is the table's to say again."""
    if target in GOAL_TARGETS.get(state.oath, set()):
        ctx.facts.forget(PRINCE_OATHKEEPER)
    if target in RELICS_AND_BANNERS:
        ctx.facts.forget(MOST_RELICS)


def take_actions(state: OathState, ctx: Context):
    """Follow arrows until the Prince has taken as many actions as allowed. Reading 'skip-loop':
    back at a space passed since the last action taken, with nothing changed, it stops."""
    rules: OathRules = ctx.rules
    passed: set[str] = set()
    while state.actions_taken < state.actions_allowed:
        arrow = yield from choose_arrow(state, ctx)
        follow(state, ctx, arrow)
        node = rules.node(state.current_node)
        if node.id in passed:
            ctx.log(f"back at {node.label} ({node.quadrant}) with every action since skipped: no more actions")
            return
        passed.add(node.id)
        if node.kind != "action":
            continue  # a Threat space or 'Need a banner?': no action (reading 'threat-space-count')
        state.acting = True
        taken = yield from take_action(state, ctx, node, arrow.condition)
        state.acting = False
        if taken:
            state.actions_taken += 1
            # Not {node.id}: a taken action may be possible again (a Trade places nothing on the cards).
            passed = set()
            ctx.log(f"action {state.actions_taken}/{state.actions_allowed}: {node.label} done")
        else:
            state.skipped += 1
            ctx.log(f"{node.label} skipped (not counted)")


def take_action(state: OathState, ctx: Context, node: Node, arrived_by: str):
    """Returns True if the action was taken, False if skipped."""
    if node.ready and node.ready != arrived_by:
        if not (yield from condition_met(state, ctx, node.ready)):
            return False
    if node.action == "trade":
        return (yield from trade(state, ctx, node))
    if node.action == "muster":
        return (yield from muster(state, ctx))
    if node.action == "travel":
        return (yield from travel(state, ctx, node))
    if node.action == "travel_campaign":
        return (yield from travel_campaign(state, ctx, node))
    if node.action == "search":
        board_changed(ctx)
        ctx.facts.forget(PRINCE_FAVOR)  # a card played gains favor from its bank, if it has any
        yield from search_and_play(state, ctx, node.quadrant)  # never adds actions (RT: Search)
        return True
    return (yield from recover(state, ctx, node))


def site_check(rules: OathRules, ctx: Context | None = None, state: OathState | None = None):
    """Suit letters only, or '-' / nothing for none; refused in place otherwise, when they are not
    as many as the empty cards the table counted at this site (for a Muster), and when the Prince
    is where a Trade gains the most favor (secrets) but no card named is a Friend (Conspirator)."""

    def check(text: str) -> list[str]:
        if text.strip() in ("", "-"):
            suits = []
        else:
            try:
                cards = parse_cards(rules, text)
            except CodeError as exc:
                raise AnswerError(f"Not read: {exc}.") from None
            if any(c.vision or c.battle_plan for c in cards):
                raise AnswerError("Not read: only suit letters here.")
            suits = [c.suit for c in cards]
        counted = ctx.facts.value(EMPTY_CARDS) if ctx is not None and ctx.facts.refusing else None
        if ctx is not None and counted is not None and int(counted) != len(suits):
            empty = "1 empty card" if counted == "1" else f"{counted} empty cards"
            raise AnswerError(f"The table counted {empty} at this site ({ctx.facts.why(EMPTY_CARDS)}): "
                              f"type {'none (-)' if counted == '0' else counted + ' suit letters'}.")
        if ctx is not None and state is not None and ctx.facts.refusing:
            for thing, column in (("favor", FRIEND), ("secrets", CONSPIRATOR)):
                best = best_site(thing)
                if (ctx.facts.holds(best) and ctx.facts.holds(trade_anywhere(thing))
                        and not any(state.marker(s).column == column for s in suits)):
                    raise AnswerError(f"A Trade gains the most {thing} at the Prince's site ({ctx.facts.why(best)}): "
                                      f"it has an empty {column} card.")
        return suits

    return check


def aligned_examples(state: OathState, rules: OathRules) -> list[str]:
    """Answers naming its top Friend's or Conspirator's suit, one to three cards (what the site
    where a Trade gains most must show)."""
    letter = {s.name: s.letter for s in rules.suits}
    tops = [ranked(state, column)[0].suit for column in (FRIEND, CONSPIRATOR) if ranked(state, column)]
    return [" ".join([letter[suit]] * n) for suit in tops for n in (1, 2, 3)]


def site_cards(state: OathState, ctx: Context):
    """The suits of the empty cards (no favor or secrets on them) at the Prince's site."""
    rules: OathRules = ctx.rules
    names = ", ".join(f"{s.letter} {s.name}" for s in rules.suits)
    check = site_check(rules, ctx, state)
    if ctx.facts.value(EMPTY_CARDS) == "0":
        ctx.facts.state(SITE_CARDS, "-", ctx.facts.why(EMPTY_CARDS))
    text = yield TextEntry(
        f"Suits of the empty cards at the Prince's site ({letters(rules)}, e.g. 'h d'; - for none):",
        label="Empty cards at the Prince's site", allow_empty=True, max_len=20,
        examples=[*SITE_EXAMPLES, *aligned_examples(state, rules)],
        help=f"Empty: no favor or secrets on the card. Letters: {names}.", check=check, fact=SITE_CARDS,
        legend=[*suit_legend(rules), ("-", "none (or Enter)")],
    )
    suits = site_check(rules)(text)
    if ctx.facts.value(EMPTY_CARDS) is None:
        ctx.facts.state(EMPTY_CARDS, len(suits), ctx.facts.why(SITE_CARDS) or "said at this site")
    return suits


def _amounts(state: OathState, suits: list[str], column: str) -> Counter:
    gains: Counter = Counter()
    for suit in suits:
        if state.marker(suit).column == column:
            gains[suit] += trade_amount(state, suit)
    return gains


def trade(state: OathState, ctx: Context, node: Node):
    """Trade (RT): favor for Friend cards, secrets for Conspirator cards, the box's amount each."""
    rules: OathRules = ctx.rules
    suits = yield from site_cards(state, ctx)
    favor = _amounts(state, suits, FRIEND) if node.target in ("favor", "favor_secrets") else Counter()
    secrets = _amounts(state, suits, CONSPIRATOR) if node.target in ("secrets", "favor_secrets") else Counter()
    if favor:
        listed = ", ".join(f"{n} from the {s} bank" for s, n in favor.items())
        asked = since_action("banks_have_favor_" + "_".join(sorted(favor)))
        if all(ctx.facts.holds(bank_empty(s)) for s in favor):
            ctx.facts.state(asked, False, "; ".join(dict.fromkeys(ctx.facts.why(bank_empty(s)) for s in favor)))
        any_there = yield YesNo(
            f"Trade for favor: {listed}. Does any of those banks have favor?",
            label="Trade banks have favor?", help=rules.rules["trade"].text, fact=asked,
        )
        if not any_there:
            for s in favor:
                ctx.facts.state(bank_empty(s), True, "said at a Trade")
            ctx.facts.forget(best_site("favor"))  # its site's Friends gain nothing now
            favor = Counter()
    if not favor and not secrets:
        return False
    parts = []
    if favor:
        parts.append("favor: " + ", ".join(f"{n} {s}" for s, n in favor.items()) + " (as far as each bank has)")
    if secrets:
        total = sum(secrets.values())
        listed = ", ".join(f"{s} {n}" for s, n in secrets.items())
        parts.append(f"{total} secret{'s' if total != 1 else ''} ({listed})")
    yield Instruction(
        "Trade: the Prince gains " + "; ".join(parts) + ". Nothing goes on the cards.",
        label=node.label, help=rules.rules["trade"].text,
    )
    board_changed(ctx, site=False, keep=READY)
    if favor:  # as far as each bank has: the Prince's favor is the table's to say again
        ctx.facts.forget(PRINCE_FAVOR)
    ctx.log("trade: " + "; ".join(parts))
    return True


def muster(state: OathState, ctx: Context):
    """Muster (RT): one favor per empty card at its site, closest first, 2 warbands each; never
    favor from the Ambition box."""
    rules: OathRules = ctx.rules
    cards = yield Number("Muster: how many empty cards are at the Prince's site?", 0, 3,
                         label="Empty cards at the site", help=rules.rules["muster"].text, fact=EMPTY_CARDS)
    if cards == 0:
        return False
    favor = yield Number("How much favor does the Prince have, not counting its Ambition box?", 0, 40,
                         label="Prince's favor outside Ambition", help=rules.rules["muster"].text,
                         fact=PRINCE_FAVOR)
    placed = min(cards, favor)
    if placed == 0:
        return False
    yield Instruction(
        f"Muster: put 1 favor on each of {placed} empty card{'s' if placed > 1 else ''} at the site, closest to "
        f"the site first, and give the Prince {2 * placed} warbands.",
        label="Muster", help=rules.rules["muster"].text,
    )
    board_changed(ctx)
    # The favor stays on those cards until Cleanup (RT: 4. CLEANUP) and the Prince stays.
    why = f"the Muster put favor on {placed} of the {cards} empty cards at its site"
    ctx.facts.forget(EMPTY_CARDS, PRINCE_FAVOR)  # what the table said before the Muster, now changed by it
    ctx.facts.state(EMPTY_CARDS, cards - placed, why)
    if placed == cards:  # a Trade here gains nothing: not the site where one gains most
        for thing in ("favor", "secrets"):
            ctx.facts.state(best_site(thing), False, why, lifetime=AT_SITE)
    ctx.facts.state(PRINCE_FAVOR, favor - placed, f"told {favor}, {placed} placed by the Muster")
    ctx.log(f"muster: {placed} favor placed, +{2 * placed} warbands")
    return True


def nearest_bank(state: OathState, ctx: Context, short: bool = False) -> str:
    """RT Travel: the bank nearest the world deck that still holds favor (setup option bank_end)."""
    names = ctx.rules.suit_names()
    order = names if state.bank_end == names[0] else list(reversed(names))
    if short:
        return f"the {order[0]} bank (or the next one with favor)"
    return f"the {order[0]} bank (nearest the world deck; if empty, the next with favor)"


def travel(state: OathState, ctx: Context, node: Node):
    """Travel (RT) with its fallbacks (reading 'travel-fallback')."""
    rules: OathRules = ctx.rules
    help_text = rules.rules["travel"].text
    if node.target == "relic":
        return (yield from travel_to_relic(state, ctx, help_text))
    column, thing = (FRIEND, "favor") if node.target == "most_favor" else (CONSPIRATOR, "secrets")
    traders = ranked(state, column)
    listed = ", ".join(f"{m.suit} {trade_amount(state, m.suit)}" for m in traders)
    anywhere = False
    if traders:
        asked = trade_anywhere(thing)
        if thing == "favor" and all(ctx.facts.holds(bank_empty(m.suit)) for m in traders):
            ctx.facts.state(asked, False, "the banks of its Friends are empty")
        anywhere = yield YesNo(
            f"Could a Trade for {thing} gain any at some site? ({column}s, per empty card: {listed})",
            label=f"Trade for {thing} possible anywhere?", help=help_text, fact=asked,
        )
    if not anywhere:
        gain = f"1 favor from {nearest_bank(state, ctx)}" if thing == "favor" else "1 secret"
        yield Instruction(f"No Trade anywhere gains {thing}: the Prince gains {gain}.",
                          label=f"Travel fallback: {thing}", help=help_text)
        board_changed(ctx, site=False, keep=READY)  # it gains, and stays where it is
        if thing == "favor":
            gains_favor(ctx, "1 from a Travel's fallback")
        ctx.log(f"travel: no {thing} to trade for anywhere; gains {gain.split(' (')[0]}")
        return True
    said = ctx.facts.value(SITE_CARDS)
    here = [] if ctx.facts.value(EMPTY_CARDS) == "0" else site_check(rules)(said) if said is not None else None
    if here is not None and not any(state.marker(s).column == column for s in here):
        # A Trade at its site gains nothing, and some Trade gains: it is not the best site.
        ctx.facts.state(best_site(thing), False, f"no empty {column} card at its site ({ctx.facts.why(SITE_CARDS) or ctx.facts.why(EMPTY_CARDS)})",
                        lifetime=AT_SITE)
    already = yield YesNo(
        f"Is the Prince's site already where a later Trade gains the most {thing}?",
        label=f"Already at the most-{thing} site?",
        help="Count favor left in the banks; ignore cards with favor or secrets on them. " + help_text,
        fact=best_site(thing),
    )
    if already:
        return False
    yield Instruction(
        f"Travel: move the Prince's pawn to the site where a later Trade gains the most {thing} "
        "(leftmost such site on a tie).",
        label=node.label, help=help_text,
    )
    board_changed(ctx, keep=READY + PAY_BANNER)
    why = f"it travelled to the site where a Trade gains the most {thing}"
    ctx.facts.state(trade_anywhere(thing), True, why)
    ctx.facts.state(best_site(thing), True, why)
    ctx.log(f"travels to the site with the most {thing} to trade for")
    return True


def travel_to_relic(state: OathState, ctx: Context, help_text: str):
    here = yield YesNo("Is there a relic at the Prince's site?", label="Relic at the Prince's site?", help=help_text,
                       fact=RELIC_HERE)
    if here:
        return False
    on_map = yield YesNo("Is there a relic at any site on the map?", label="Relic on the map?", help=help_text,
                         fact=RELIC_ON_MAP)
    if on_map:
        yield Instruction("Travel: move the Prince's pawn to a site with a relic (leftmost such site on a tie).",
                          label="Travel to a relic", help=help_text)
        board_changed(ctx, keep=READY + PAY_BANNER)
        ctx.facts.state(RELIC_HERE, True, "it travelled to a relic")
        ctx.log("travels to a site with a relic")
        return True
    facedown = yield YesNo("Is there a facedown site on the map?", label="Facedown site?", help=help_text,
                           fact=FACEDOWN_SITE)
    if facedown:
        yield Instruction("Travel: move the Prince's pawn to a facedown site (leftmost on a tie) and turn it up.",
                          label="Travel to a facedown site", help=help_text)
        board_changed(ctx, keep=READY)
        relics = yield YesNo("Does that site have a relic?", label="Relic at the new site?", help=help_text)
        ctx.facts.state(RELIC_HERE, relics, "said when its site was turned up")
        if not relics:
            ctx.facts.state(PAY_RELIC, False, "no relic at its site", lifetime=AT_SITE)
            yield Instruction(f"No relic there: the Prince gains 1 favor from {nearest_bank(state, ctx)}.",
                              label="Travel fallback: favor", help=help_text)
            gains_favor(ctx, "1 from a Travel's fallback")
            ctx.log("travels to a facedown site without relics; gains 1 favor")
        else:
            ctx.log("travels to a facedown site with a relic")
        return True
    yield Instruction(
        f"No relic or facedown site: +1 favor from {nearest_bank(state, ctx, short=True)}; travel where a later "
        "Trade gains most secrets.",
        label="Travel fallback: favor + secrets site", help=help_text,
    )
    board_changed(ctx, keep=READY)
    gains_favor(ctx, "1 from a Travel's fallback")
    # No relic on the map, and no facedown site to turn one up, for the rest of its turn.
    why = "no relic on the map and no facedown site"
    for fact in (RELIC_ON_MAP, FACEDOWN_SITE, RELIC_HERE, PAY_RELIC):
        ctx.facts.state(fact, False, why, lifetime=TURN)
    ctx.log("no relic or facedown site: gains 1 favor and travels to the most-secrets site")
    return True


# Where the Prince campaigns and what it targets (RT: Travel + Campaign): (prompt, details).
CAMPAIGNS = {
    "rival_sites": (
        "to the Rival's site adding fewest warbands and target sites, fewest first (F6: if it rules all "
        "faceup sites);",
        "Rival: the opponent ruling the most sites. Count their board's warbands if their pawn is at the site. "
        "If the Prince rules every faceup site, it goes to a facedown site and targets its bandits. "
        "Target as many sites as it can while staying Battle Ready, from fewest to most defending warbands.",
    ),
    "relics": (
        "to the pawn of whoever holds the most relics; target relics, fewest defence dice first;",
        "Target as many relics as it can while staying Battle Ready, fewest defence dice first; on equal "
        "dice the leftmost in the holder's row (the first taken).",
    ),
    "darkest_secret": ("to the Darkest Secret's holder; target only the Darkest Secret;", ""),
    "peoples_favor": ("to the People's Favor's holder; target only the People's Favor;", ""),
    "grand_scepter": ("to the Grand Scepter's holder; target only the Grand Scepter;", ""),
}


def travel_campaign(state: OathState, ctx: Context, node: Node):
    """Travel + Campaign (RT): Battle Ready was checked on the way in (take_action)."""
    rules: OathRules = ctx.rules
    short, details = CAMPAIGNS[node.target]
    yield Instruction(
        f"Travel {short} +{state.tactics_value} attack dice.",
        label=node.label,
        help=" ".join(filter(None, [details, "It targets at least one thing at its site (its site too if the "
                                    "defender rules it).", rules.rules["campaign_dice"].text])),
    )
    board_changed(ctx)
    won = yield YesNo(
        "Resolve the campaign (the Prince sacrifices warbands whenever that makes it win). Did the Prince win?",
        label="Prince won the campaign?", help=rules.rules["campaign"].text,
    )
    if won:
        standing_may_change(state, ctx, node.target)
    if won and node.target in BANNER_HELD:
        prince_takes(ctx, BANNER_HELD[node.target], "it won it in a campaign this turn")
    if won and node.target == "rival_sites":
        yield Instruction(
            "Victory: put one Prince warband on each targeted site, again and again while it has enough for "
            "every site; the rest stay on its board.",
            label="Garrison the won sites", help=rules.rules["campaign"].text,
        )
    ctx.log(f"campaign ({node.label}): {'won' if won else 'lost'}")
    return True


def ambition_total(state: OathState) -> int:
    return sum(state.ambition.values())


def spend_ambition(state: OathState, ctx: Context, amount: int) -> None:
    """Reading 'ambition-spend': favor leaves the box in favor-bank order."""
    left = amount
    for suit in ctx.rules.suit_names():
        take = min(left, state.ambition.get(suit, 0))
        if take:
            state.ambition[suit] -= take
            left -= take
    ctx.log(f"spends {amount} favor from the Ambition box: {ambition_total(state) + amount} → {ambition_total(state)}")


RECOVERS = {
    "relic": "Recover the relic at its site (nearest the site on a tie) for the cost the site shows.",
    "darkest_secret": (
        "Recover the Darkest Secret: put all the Prince's secrets on it, more than it holds (for it, the "
        "holder's advisers need not match)."
    ),
    "peoples_favor": "Recover the People's Favor: put all the Prince's favor on it, more than it holds.",
}


def recover(state: OathState, ctx: Context, node: Node):
    """Recover (RT): able to pay was checked on the way in; Ambition favor goes first."""
    rules: OathRules = ctx.rules
    total = ambition_total(state)
    notes = []
    if node.target != "darkest_secret" and total:
        notes.append(f"Ambition box ({total}) first.")
    if node.target == "relic" and state.exile:
        notes.append("Exile: then it burns secrets as favor.")
    yield Instruction(" ".join([RECOVERS[node.target], *notes]), label=node.label, help=rules.rules["recover"].text)
    board_changed(ctx)
    ctx.facts.forget(PRINCE_FAVOR)  # it pays with favor
    standing_may_change(state, ctx, node.target)
    if node.target == "relic":  # a relic's cost may put favor into a bank
        for suit in ctx.rules.suit_names():
            ctx.facts.forget(bank_empty(suit))
    if node.target != "darkest_secret" and total:
        spent_fact = ambition_spent(total)
        if node.target == "peoples_favor":  # all the Prince's favor goes on it, this box's first
            ctx.facts.state(spent_fact, total, "the People's Favor takes all the Prince's favor")
        spent = yield Number("How much favor left the Ambition box?", 0, total, default=min(total, 3),
                             label="Ambition favor spent", fact=spent_fact)
        if spent:
            spend_ambition(state, ctx, spent)
    if node.target in BANNER_HELD:
        prince_takes(ctx, BANNER_HELD[node.target], "it recovered it this turn")
    ctx.log(f"recovers: {node.label.split(': ')[-1]}")
    return True
