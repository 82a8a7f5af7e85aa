"""P5, Dilemma resolution steps A–F (KD-rb p.13-15; notes §2.5, where the summary merges them)."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Option, YesNo
from .rules import KingsDilemmaRules
from . import facts
from .asks import small_number
from .bargains import record_gains
from .momentum import move_resource, move_stability
from .outcome_tokens import has_sticker, resource_tokens
from .state import ABDICATION_BOTTOM, ABDICATION_TOP, AYE, DEATH, DILEMMA, GRAND_FINALE, OVER, SCORING, KDState
from .texts import arrow, rule_help


def still_to_come(tokens: list[tuple[str, bool]], entered: set[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """The winning side's Resource tokens no effect has stood for yet, in the order typed."""
    return [t for t in dict.fromkeys(tokens) if t not in entered]


def resource_effects(state: KDState, ctx: Context):
    """B: the table enters the outcome's Resource effects one at a time, left to right. Each
    Resource token on the winning side's scale is one of them (KD-rb p.9): until each has been
    entered, 'no more' is ruled out by the record, and the next one is offered on Enter, so the
    usual effect is one Enter per question. Other effects may come first (not every consequence
    shows on the front of the card)."""
    rules: KingsDilemmaRules = ctx.rules
    help_text = rule_help(rules, "resources", "stability")
    keys = {r.key: str(i + 1) for i, r in enumerate(rules.resources)}
    options = [Option("0", "no more Resource effects")] + [
        Option(str(i + 1), r.name) for i, r in enumerate(rules.resources)
    ]
    side = state.outcome.upper()
    expected = resource_tokens(state.aye_tokens if state.outcome == AYE else state.nay_tokens, rules)
    entered: set[tuple[str, bool]] = set()
    n = 0
    while True:
        n += 1
        pending = still_to_come(expected, entered)
        named = ", ".join(f"{rules.resource(k).name}{'+' if up else '−'}" for k, up in pending)
        ctx.facts.forget(facts.RESOURCE_EFFECT)
        if pending:
            ctx.facts.narrow(facts.RESOURCE_EFFECT, list(keys.values()), f"the {side} scale shows {named}, still to come")
        key = yield Choice(
            f"Resource effect {n} of the outcome, left to right" + (f" (still to come: {named})" if pending else "") + ":",
            options, label=f"Resource effect {n}", help=help_text, default=keys[pending[0][0]] if pending else "0",
            fact=facts.RESOURCE_EFFECT,
        )
        if key == "0":
            return
        info = rules.resources[int(key) - 1]
        res = state.resource(info.key)
        ways = {up for k, up in pending if k == info.key}
        ctx.facts.forget(facts.RESOURCE_WAY)
        if len(ways) == 1:  # its token on the scale says which way (KD-rb p.9): not asked again
            up = ways.pop()
            ctx.facts.narrow(facts.RESOURCE_WAY, ["1" if up else "2"],
                             f"the {side} scale shows {info.name}{'+' if up else '−'}")
        way = yield Choice(
            f"{info.name} moves:", [Option("1", "up (+)"), Option("2", "down (−)")],
            label=f"{info.name} direction", help=help_text, fact=facts.RESOURCE_WAY,
        )
        up = way == "1"
        entered.add((info.key, up))
        amount = yield from small_number(
            f"How many {info.name} icons ({'+' if up else '−'})?", f"{info.name} amount", hi=5, most=5, help=help_text,
        )
        move = move_resource(res, up, amount, rules.tracks.resource_rows)
        how = (f"+{move.extra} Momentum" if move.extra else "Momentum flipped to " + arrow(res.up))
        ctx.log(f"{info.name} {arrow(up)} {amount} ({how}): {move.spaces} space{'s' if move.spaces != 1 else ''}, row {move.before} → {move.after}"
                + (" (stopped at the end)" if abs(move.after - move.before) < move.spaces else "")
                + (", Momentum marker on" if res.marker else ""))
        was_stopped = state.stability_stopped
        before, after = move_stability(state, up, move.spaces)
        if was_stopped:
            ctx.log("Stability is at an end and moves no more")
        else:
            ctx.log(f"Stability {arrow(up)} {move.spaces}: {before} → {after}"
                    + (" — it reached an end: the King will abdicate" if state.stability_stopped else ""))
        state.moves.append(f"{info.short.rstrip('.')}{'+' if up else '−'}{amount}")


STICKERS = [
    Option("n", "no sticker"),
    Option("c", "a Chronicle sticker"),
    Option("m", "a Mystery sticker"),
    Option("b", "both"),
]


def mystery_total(state: KDState) -> int:
    """Mystery stickers attached in the whole campaign, this game's included."""
    return state.recalled.mystery_stickers + state.mystery_stickers


def stickers(state: KDState, ctx: Context):
    """C: a Chronicle sticker, signed by the Leader, goes leftmost on its row, else over the
    oldest (KD-rb p.13). A Mystery sticker is another thing: it comes from a dossier, is never
    signed, and the 6th one leads to the Grand Finale once this Dilemma is resolved (KD-rb p.18)."""
    rules: KingsDilemmaRules = ctx.rules
    tokens = state.aye_tokens if state.outcome == AYE else state.nay_tokens
    shown = has_sticker(tokens)
    ctx.facts.forget(facts.STICKERS)
    if shown:  # the symbol on the winning side's space: a Chronicle sticker is attached (KD-rb p.9)
        ctx.facts.narrow(facts.STICKERS, ["c", "b"], f"the {state.outcome.upper()} scale shows a Chronicle sticker")
    key = yield Choice(
        "Which stickers does the outcome have you attach?"
        + (f" (the {state.outcome.upper()} scale shows a Chronicle sticker)" if shown else ""),
        STICKERS, label="Stickers", help=rule_help(rules, "sticker", "campaign_end"), default="c" if shown else "n",
        fact=facts.STICKERS,
    )
    if key in ("c", "b"):
        yield Instruction(
            f"Each Chronicle sticker: read it aloud; the Leader, {state.name(state.leader)}, signs it. Attach it on the "
            "leftmost empty space of its Resource row, else over the oldest (most marks; leftmost on a tie).",
            label="Chronicle sticker", help=rule_help(rules, "sticker"),
        )
        ctx.log(f"Chronicle sticker signed by the Leader, {state.name(state.leader)}")
    if key in ("m", "b"):
        state.mystery_stickers += 1
        total, last = mystery_total(state), rules.campaign.mystery_stickers_to_end
        if total >= last and state.recalled.mystery_stickers < last:
            state.grand_finale = True
        ctx.log(f"Mystery sticker attached: {total} of {last} in the campaign"
                + (": finish this Dilemma, then the Grand Finale" if state.grand_finale else ""))


def envelope(state: KDState, ctx: Context):
    """D: the Leader signs and places the Story card; the rest go into the Dilemma deck."""
    rules: KingsDilemmaRules = ctx.rules
    if not (yield YesNo("Does the card show an Envelope icon?", label="Envelope?", help=rule_help(rules, "envelope"))):
        return
    yield Instruction(
        f"Envelope: read its Story card; the Leader, {state.name(state.leader)}, signs it if asked and places it; "
        "shuffle the other cards into the deck. A Special Envelope: follow its cards instead.",
        label="Open the Envelope", help=rule_help(rules, "envelope"),
    )
    ctx.log(f"Envelope opened; its Story card is for the Leader, {state.name(state.leader)}, to sign if it asks")


def time_counter(state: KDState, ctx: Context):
    """E and F: the card under the Time Counter, then the King's Death check (readings: time-counter).
    Event and Trigger cards go to the Event area instead and do not count (seed: P5.E)."""
    rules: KingsDilemmaRules = ctx.rules
    side = state.outcome.upper()
    options = [] if state.skull_cards else [Option("1", "before the skull section")]
    options += [
        Option("2", "in the skull section, no skull"),
        Option("3", "in the skull section, skull icon"),
        Option("4", "not on it: Event/Trigger card to the Event area"),
    ]
    key = yield Choice(
        f"Slide the card under the Time Counter, {side} outcome showing. It lies:",
        options, label="Time Counter", help=rule_help(rules, "time_counter") + " Say where this card lies; Clockwork counts the cards in the skull section.",
        default=options[0].key,
    )
    if key == "4":
        ctx.log(f"'{state.card}' goes to the Event area; follow its instructions")
        return False
    state.time_cards.append(f"{state.card} ({side})")
    if key == "1":
        ctx.log(f"'{state.card}' under the Time Counter: {len(state.time_cards)} card(s)")
        return False
    state.skull_cards += 1
    ctx.log(f"'{state.card}' in the skull section: {state.skull_cards} there")
    return key == "3" or state.skull_cards >= rules.time_counter.skull_section_cards


def outcome_turn(state: KDState, ctx: Context):
    rules: KingsDilemmaRules = ctx.rules
    side = state.outcome.upper()
    state.step = "A"
    yield Instruction(f"Turn the Dilemma card over and read the {side} outcome.", label=f"Read the {side} outcome",
                      help="Resolve its effects one at a time, left to right.")
    state.step = "B"
    yield from resource_effects(state, ctx)
    state.step = "C"
    yield from stickers(state, ctx)
    state.step = "D"
    yield from envelope(state, ctx)
    yield from record_gains(state, ctx, "the outcome, sticker or envelope")
    state.step = "E"
    dead = yield from time_counter(state, ctx)
    state.step = "F"
    if state.stability_stopped:
        state.end_cause = ABDICATION_TOP if state.stability == state.stability_hi else ABDICATION_BOTTOM
        where = "top" if state.end_cause == ABDICATION_TOP else "bottom"
        ctx.log(f"Stability is at the {where} end: THE KING ABDICATES")
        if dead:
            # The death is checked only when the King did not abdicate (KD-rb p.15, F. End of the
            # Round; readings: both-ends): the chart's Abdication row counts, and the table is told.
            ctx.log(f"'{state.card}' in the skull section would also end the game by the King's death, but the "
                    "death is checked only when the King has not abdicated: the Abdication row counts")
    elif dead:
        state.end_cause = DEATH
        ctx.log("THE KING IS DEAD")
    if state.grand_finale:
        yield from grand_finale(state, ctx)
        return
    if state.end_cause:
        also = " (the skull card is not counted: the King abdicated first)" if dead and state.end_cause != DEATH else ""
        yield Instruction(
            ("The King abdicates" if state.end_cause != DEATH else "The King is dead") + also
            + ": the game ends after this card's effects. On to the scores.",
            label="End of the game", help=rule_help(rules, "end_check"),
        )
        state.phase = SCORING
    else:
        state.round += 1
        state.phase = DILEMMA


def grand_finale(state: KDState, ctx: Context):
    """The 6th Mystery sticker was attached this round and its Dilemma is now resolved: Envelope
    70 at once, and the campaign ends there; Clockwork draws no next round and scores nothing
    Envelope 70 does not ask for (KD-rb p.18; seed: End the Campaign; readings: grand-finale)."""
    rules: KingsDilemmaRules = ctx.rules
    state.end_cause = GRAND_FINALE
    ctx.log(f"The {rules.campaign.mystery_stickers_to_end}th Mystery sticker's Dilemma is resolved: the Grand Finale")
    yield Instruction(
        "Open Envelope 70 now: the Grand Finale. Its cards tell how the campaign ends; the Houses' "
        "Prestige and Crave so far are kept in the campaign records.",
        label="Open Envelope 70", help=rule_help(rules, "campaign_end"),
    )
    state.phase = OVER
