"""What the table tells Clockwork about the Bots' board, as facts the record answers (engine/facts.py).

Every question Clockwork asks in EU, and what may already answer it (seed: the Bot booklet, its pages):

Answered from the record, never asked:
- "Is exactly one valid Opponent at War with X?" (Opponent Selection, p.3): no while X is at Peace,
  or at War only with NPRs where no human could have answered an NPR's Call to Arms against it.
- "Is X already at War with an Opponent?" (a Defensive CtA, p.4) and the Bot Emperor's "already at
  War with an Opponent or the Subject?" (p.6): yes while a War with a Bot or a human is recorded since
  the last Peace Resolution (its DoW's target, a DoW on it, a Bot that answered a CtA against it);
  the CtA's no on the same grounds as the Opponent Selection's.
- "Does an Enemy still hold Provinces?" (At War?, p.3), in the card's choice and in the Turn's recap:
  yes for a War that began since the Bot's last Turn (a new War is with a realm holding Provinces).
  Phase 3 H asks it too under the setup option unrest_at_war (same answer from the record; else
  asked, the last Turn's answer shown, since Peace Resolution came between).
- The Main Turn Structure's board facts (under attack, a Siege, a Colonist; p.7): a 'no' the table
  gave stands once the Turn's recap says it did not change (reading remembered_facts).
- "Which Bot holds the HRE Emperor?" in Phase 4 (p.2) while a Bot is Emperor: Imperial Elections are
  not in play then (p.6), and Bots have no Rulers (p.1); asked again only if that realm is replaced.
  A War declared on a Bot asks it only until the table has said it once (p.4, p.6).
- "Can its Army Siege in its Area?" (p.7): no while the Bot is at Peace (a Siege takes an Enemy's
  Provinces, p.8), its Army has no Units (p.4-5) or is off the map (set up off it, p.1, and not
  placed since by MILITARY, DEFEND, an NPR Invasion or a Battle, p.4); not recapped as the table's
  answer.
- A Land Battle against an Opponent (p.5): only one the record leaves at War with the Bot (p.3-4);
  one possible Bot is not asked, and none at all drops the entry.
- A Naval Battle (p.5: Ships fight where they are placed in a Hostile Sea Zone, one with an Enemy's
  Ships): none while the Bot is at Peace and the Action declared no War; against an Opponent only
  one the record leaves at War with it.
- "Was that X's final Turn?" (main rules, Passing): yes when X took an Event this Round (a human's
  Event on a Bot, p.2) or its last Turn was the one more for its Event.
- Any question with one possible answer: an Army of no Units stands with none and takes no
  casualties (p.5); with one human, that one is replaced (p.6).

Confirmed in one key, the recorded value offered, because play may have changed it:
- Imperial Authority (p.6; main rules: Wars won or lost, Areas leaving or rejoining the HRE):
  Clockwork's own roll, or the table's last answer.
- The Papal Controller (p.2: the Curia changes hands in play): as last said.
- Town bonuses (p.2, p.4: Towns come and go with Sieges, Colonies, Rebels, Peace) and the Town
  tracks' Manpower (p.2-3): "as before?"; Turn order (p.2): "is that right?".
- Unrest (p.2 H, p.4): the table's count at the last Phase 3, +2 at War, -1 or -2 for Administrative
  Ideas; Events, Rebels and Sieges change it between.
- The Turn's recap of the board facts (p.7), remembered removals for a realm and the Battle dice's
  faces from an earlier game (p.6, p.5): the table's box or booklet may differ, so they are offered.

Asked every time, nothing in the record answers them: a human's Turn and its War or Trade steps,
the realm a War was declared on, which Bots answer a Call to Arms or are HRE members, which Action a
card leads to, chart outcomes (BP, recruits, Battles, casualties, targets), dice rolled at the
table, Peace Resolution's "at War now?", Phase 3's Invasions and Rebel dice, what comes after a
Round, and at setup each Bot's realm, colour, difficulty, BP, Manpower and Army.
"""

from __future__ import annotations

import msgspec

from ...engine.facts import STEP, TURN, Ask
from ...engine.game import Context
from ...engine.prompts import Choice, MultiChoice, Number, Option
from .rules import EuPricePowerRules
from .state import REAL_WAR, Bot, TableState

EARLIER = "as the table said at an earlier Turn"


def yes_no(name: str, yes: str, no: str, lifetime: str = TURN) -> Ask:
    return Ask(name, lifetime, {"y": yes, "n": no})


def board(bot: Bot, key: str, fact: str) -> Ask:
    """A board fact of the Main Turn Structure (``key`` "chart.node"), or At War? (REAL_WAR)."""
    return yes_no(f"{bot.key}.{key}", f"{bot.name}: {fact}: yes", f"{bot.name}: {fact}: no")


def real_war(bot: Bot) -> Ask:
    return yes_no(f"{bot.key}.{REAL_WAR}", f"An Enemy of {bot.name} still holds Provinces",
                  f"No Enemy of {bot.name} holds Provinces")


def one_opponent(bot: Bot) -> Ask:
    return yes_no(f"{bot.key}.one opponent", f"{bot.name} is at War with one valid Opponent",
                  f"No Opponent is at War with {bot.name}")


def opponent_at_war(bot: Bot) -> Ask:
    return yes_no(f"{bot.key}.opponent at war", f"{bot.name} is already at War with an Opponent",
                  f"{bot.name} is at War with no Opponent")


def emperor_busy(bot: Bot) -> Ask:
    return Ask(f"{bot.key}.emperor busy", STEP, {"y": f"{bot.name} is already at War with an Opponent"})


def emperor(state: TableState) -> Ask:
    """Which Bot holds the HRE Emperor (the seat choice's keys: 0 none, then the Bots in order)."""
    return Ask("emperor", TURN, {str(i + 1): f"{b.name} holds the HRE Emperor" for i, b in enumerate(state.bots)})


def final_turn(state: TableState, seat: str) -> Ask:
    name = state.seat_name(seat)
    return yes_no(f"{seat}.final turn", f"That was {name}'s final Turn", f"{name} takes one more Turn for its Event")


ONLY = Ask("only answer", STEP)


def as_played(ctx: Context) -> bool:
    """While a save made before Clockwork answered these questions from the record replays the
    answers given then: a recap lists what it listed then (the record cannot say which it left out)."""
    return not ctx.facts.refusing


# ---- the record of Wars (p.3, p.4, p.6) ------------------------------------------------------------

def humans_seated(state: TableState) -> bool:
    return any(seat.startswith("h") for seat in state.order)


def wars_known(state: TableState, ctx: Context, bot: Bot) -> None:
    """What the recorded Wars say of ``bot`` now: whether it is at War with an Opponent, and that a
    War begun since its last Turn is with a realm that holds Provinces."""
    ctx.facts.forget(one_opponent(bot), opponent_at_war(bot), emperor_busy(bot))
    at_peace = not bot.at_war and not bot.foes_unknown
    only_nprs = bot.at_war and not bot.enemies and not bot.foes_unknown and not humans_seated(state)
    if at_peace or only_nprs:
        why = "it is at Peace" if at_peace else "it is at War only with NPRs, and no human sits at the table"
        ctx.facts.state(one_opponent(bot), False, why)
        ctx.facts.state(opponent_at_war(bot), False, why)
    elif bot.enemies:
        why = "at War with " + ", ".join(enemy_name(state, e) for e in bot.enemies)
        ctx.facts.state(opponent_at_war(bot), True, why)
        ctx.facts.state(emperor_busy(bot), True, why, lifetime=TURN)
    if bot.at_war and bot.new_war:
        ctx.facts.forget(real_war(bot))
        ctx.facts.state(real_war(bot), True, "its War began since its last Turn")


def bots_at_war(one: Bot, other: Bot) -> bool:
    """Whether the record leaves ``one`` and ``other`` possibly at War with each other: both at War,
    each the other's recorded Enemy or at War with foes the table did not name (p.3, p.4: Bots
    declare War only through MILITARY, and every War on a Bot is recorded)."""
    return (one.at_war and other.at_war and (other.key in one.enemies or one.foes_unknown)
            and (one.key in other.enemies or other.foes_unknown))


def human_foe_possible(state: TableState, bot: Bot) -> bool:
    """Whether a human may be at War with ``bot``: a recorded one, foes not named, or (a human at
    the table) one who answered an NPR's Call to Arms against it."""
    return bot.at_war and (bot.foes_unknown or any(e.startswith("h") for e in bot.enemies) or humans_seated(state))


def opponents_possible(state: TableState, bot: Bot) -> tuple[bool, list[Bot]]:
    """The Opponents ``bot`` may fight a Land Battle against (p.5 Land Battles vs. Opponents need a
    War): whether a human may be one, and the Bots."""
    return human_foe_possible(state, bot), [b for b in state.bots if b is not bot and bots_at_war(bot, b)]


def opponent_battle(bot: Bot) -> Ask:
    return Ask(f"{bot.key}.opponent battle", STEP, {"n": f"{bot.name} fought no Land Battle against an Opponent"})


def naval_battle(bot: Bot) -> Ask:
    return Ask(f"{bot.key}.naval battle", STEP, {"n": f"{bot.name} fought no Naval Battle"})


def no_siege(bot: Bot) -> str:
    """Why the record says ``bot``'s Army cannot Siege, or "": a Siege takes Provinces of an Enemy
    (p.8 SIEGE; main rules, Sieges & Occupation), so a Bot at Peace has none to Siege; an Army of no
    Units Sieges nothing (p.4-5 Recruiting Units); an Army off the map stands in no Area (p.4 Army
    Movement: it is placed only for MILITARY, DEFEND or an NPR Invasion)."""
    if not bot.at_war:
        return "it is at Peace"
    if bot.army == 0:
        return "its Army has no Units"
    if bot.army_off:
        return "its Army is off the map"
    return ""


def siege_facts(rules: EuPricePowerRules) -> dict[str, str]:
    """The board facts whose yes leads to the SIEGE chart, by key ("chart.node") and name."""
    found = {}
    for c in rules.charts:
        for n in c.nodes:
            onward = c.node(n.yes) if n.fact and n.yes else None
            if onward is not None and onward.kind == "chart" and onward.chart == "siege":
                found[f"{c.id}.{n.id}"] = n.fact
    return found


def enemy_name(state: TableState, seat: str) -> str:
    if seat == "h":
        return "a human"
    try:
        return state.seat_name(seat)
    except (KeyError, IndexError, ValueError):
        return seat


def implied(state: TableState, ctx: Context) -> None:
    """At each turn's start, what the record implies for it."""
    for bot in state.bots:
        wars_known(state, ctx, bot)
    if state.emperor and state.emperor_realm in ("", state.bot(state.emperor).realm):
        index = next(i for i, b in enumerate(state.bots) if b.key == state.emperor)
        ctx.facts.state(emperor(state), str(index + 1), "no Imperial Election while a Bot is Emperor")


def forcing(procedure, ctx: Context):
    """Forward ``procedure``'s prompts; a question with one possible answer (a Number of one value,
    a Choice of one option) is answered from the record, which says so."""
    answer = None
    while True:
        try:
            item = procedure.send(answer)
        except StopIteration as stop:
            return stop.value
        only = only_answer(item)
        if only is not None:
            ctx.facts.forget(ONLY)
            ctx.facts.state(ONLY, only, "the only answer possible")
            item = msgspec.structs.replace(item, fact=ONLY)
        answer = yield item


def only_answer(item: object) -> str | None:
    if isinstance(item, Number) and item.fact is None and item.lo == item.hi:
        return str(item.lo)
    if isinstance(item, Choice) and item.fact is None and len(item.options) == 1:
        return item.options[0].key
    return None


# ---- the Main Turn Structure's board facts (p.7; readings: remembered_facts) ------------------------

def fact_names(rules: EuPricePowerRules) -> dict[str, str]:
    """Every remembered board fact by its key: the charts' fact questions, and At War? (p.3)."""
    names = {f"{c.id}.{n.id}": n.fact for c in rules.charts for n in c.nodes if n.fact}
    names[REAL_WAR] = "an Enemy still holds Provinces"
    return names


def anything_changed(state: TableState, ctx: Context, bot: Bot):
    """Asked once a Turn, when the first remembered fact is needed: the facts that changed are
    picked, and each picked one holds the other way now. A War begun since the Bot's last Turn is
    not among them: its Enemy holds Provinces."""
    names = fact_names(ctx.rules)
    known = {k: v for k, v in bot.facts.items() if k in names and (k != REAL_WAR or bot.at_war)}
    bot.facts = known
    fresh = bot.new_war and not as_played(ctx)
    keys = [k for k in known if not (k == REAL_WAR and fresh)]
    if not keys:
        return set()
    recap = "; ".join(f"{names[k]}: {'yes' if known[k] else 'no'}" for k in keys)
    changed = yield MultiChoice(
        f"{bot.name}: at its last Turn, {recap}. Which of these changed? Keys, or Enter for none.",
        [Option(str(i + 1), f"{names[k]}: now {'no' if known[k] else 'yes'}") for i, k in enumerate(keys)],
        label=f"{bot.name}: anything changed?",
        help="Pick what no longer matches the board; Clockwork takes it the other way now.",
    )
    picked = {keys[int(pick) - 1] for pick in changed}
    for key in picked:
        bot.facts[key] = not known[key]
        ctx.log(f"{bot.name}: {names[key]}: now {'yes' if bot.facts[key] else 'no'}")
    return picked


def recap(state: TableState, ctx: Context, bot: Bot):
    """Once a Turn, before its first board fact: the recap, then every remembered fact is the
    record's for this Turn."""
    if bot.facts_checked:
        return
    bot.facts_checked = True
    sieges = siege_facts(ctx.rules)
    cannot = no_siege(bot) if not as_played(ctx) else ""
    if cannot:  # the record answers these now: not the table's to recap
        for key in sieges:
            bot.facts.pop(key, None)
    changed = yield from anything_changed(state, ctx, bot)
    names = fact_names(ctx.rules)
    for key, value in bot.facts.items():
        ask = real_war(bot) if key == REAL_WAR else board(bot, key, names[key])
        why = EARLIER
        if key in changed:
            why = "the table said it changed"
        elif key == REAL_WAR and bot.new_war:
            why = "its War began since its last Turn"
        ctx.facts.forget(ask)
        ctx.facts.state(ask, value, why)
    if cannot:
        for key, fact in sieges.items():
            ask = board(bot, key, fact)
            ctx.facts.forget(ask)
            ctx.facts.state(ask, False, cannot)


def keep(ctx: Context, bot: Bot, ask: Ask, key: str, answer: bool, keep_yes: bool = False) -> None:
    """Remember the table's answer for later Turns; a 'yes' that sends the Bot to act on it is not
    kept (acting may change it), not even for the rest of this Turn. What the record itself said
    (no Siege at Peace) is the record's again next Turn, not a remembered answer."""
    if not answer and key in siege_facts(ctx.rules) and no_siege(bot) and not as_played(ctx):
        return
    if answer and not keep_yes:
        bot.facts.pop(key, None)
        ctx.facts.forget(ask)
    else:
        bot.facts[key] = answer
