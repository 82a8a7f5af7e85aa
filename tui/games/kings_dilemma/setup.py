"""Setting up a game (seed: First game, Setup; KD-rb p.4-5): Houses, Prestige, Power and Coins,
Leader and Moderator, the Realm board, Open and Secret Agendas."""

from __future__ import annotations

from ...engine.game import Context, OptionError
from ...engine.prompts import CardEntry, Choice, Instruction, MultiChoice, Number, Option, YesNo
from ...engine.rng import Rng
from .rules import KingsDilemmaRules
from .options import option
from .seats import leader_and_moderator, low_prestige_order, tie_note
from .state import DILEMMA, KDState, Player, Recalled, Resource
from .texts import arrow, rule_help

def new_state(rules: KingsDilemmaRules, options: dict[str, str], seed: int, recalled: Recalled | None = None) -> KDState:
    """Empty seats with the starting Power and Coins, markers on the centre row with a random
    Momentum side, Stability in the middle, 3 Power on the Balance (seed: Setup 1-5)."""
    rng = Rng.from_seed(seed)
    t = rules.tokens
    n = option(rules, options, "players")
    power, coins = option(rules, options, "power"), option(rules, options, "coins")
    check_the_box(rules, n, power, coins)
    players = [Player(power=power, coins=coins) for _ in range(n)]
    resources = [Resource(r.key, rules.tracks.resource_start, up=rng.below(2) == 0) for r in rules.resources]
    state = KDState(
        rng=rng,
        seed=seed,
        players=players,
        resources=resources,
        stability=(rules.tracks.stability_spaces + 1) // 2,
        stability_hi=rules.tracks.stability_spaces,
        power_pool=0,
        coin_pool=0,
        recalled=recalled or Recalled(),
        balance_middle=t.balance_start,
    )
    state.power_pool = t.power_in_box - state.power_in_play()
    state.coin_pool = t.coins_in_box - state.coins_in_play()
    return state


def check_the_box(rules: KingsDilemmaRules, players: int, power: int, coins: int) -> None:
    """The box holds 65 Power and 72 Coins: the Houses' starting tokens (and the Balance's 3 Power)
    must come out of it, or the pool would go below zero (KD-rb p.2 components; seed: Setup 3-5)."""
    t = rules.tokens
    need_power = players * power + t.balance_start
    need_coins = players * coins
    if need_power > t.power_in_box:
        raise OptionError(
            f"{players} Houses with {power} Power each and {t.balance_start} on the Balance need {need_power} Power; "
            f"the box has {t.power_in_box} Power (and {t.coins_in_box} Coins): at most "
            f"{(t.power_in_box - t.balance_start) // players} Power per House.")
    if need_coins > t.coins_in_box:
        raise OptionError(
            f"{players} Houses with {coins} Coins each need {need_coins} Coins; the box has {t.coins_in_box} Coins "
            f"(and {t.power_in_box} Power): at most {t.coins_in_box // players} Coins per House.")


def choose_houses(state: KDState, ctx: Context):
    """Typed with completion rather than picked from a list: twelve Houses do not fit as
    options on an 80×24 screen, so the free ones are named in the prompt itself."""
    rules: KingsDilemmaRules = ctx.rules
    for seat, player in enumerate(state.players):
        taken = {p.house for p in state.players}
        free = [h.name for h in rules.houses if h.name not in taken]
        seated = [(p.house, f"seat {s + 1} has it") for s, p in enumerate(state.players) if p.house]
        player.house = yield CardEntry(
            f"Seat {seat + 1} (then clockwise): type this player's House. Free: {', '.join(free)}",
            free, label=f"House at seat {seat + 1}", help=rule_help(rules, "houses"), taken=seated,
        )
        player.prestige = state.recalled.prestige.get(player.house, 0)
        ctx.log(f"Seat {seat + 1}: House {player.house} (number {rules.house(player.house).number}; "
                f"Prestige {player.prestige} on record)")


def confirm_prestige(state: KDState, ctx: Context):
    rules: KingsDilemmaRules = ctx.rules
    shown = ", ".join(f"{p.house} {p.prestige}" for p in state.players)
    if (yield YesNo(
        f"Prestige on the House screens: {shown}? (n: enter each House's Prestige)",
        label="Prestige as recorded?", help=rule_help(rules, "leader_moderator"),
    )):
        return
    for player in state.players:
        old = player.prestige
        player.prestige = yield Number(
            f"Prestige on House {player.house}'s screen:", 0, 100, label=f"Prestige of {player.house}", default=old,
        )
        ctx.log(f"{player.house} Prestige entered: {old} → {player.prestige}")


def confirm_tokens(state: KDState, ctx: Context):
    """Legacy effects may change one House's starting Power or Coins (KD-rb, legacy setup)."""
    power, coins = state.players[0].power, state.players[0].coins
    if (yield YesNo(
        f"Does every House start with {power} Power and {coins} Coins? (n: legacy effects change some Houses)",
        label="Starting Power and Coins",
        help="Signed Chronicle stickers give +1 or -1 Power to their signers at setup.",
    )):
        return
    for player in state.players:
        old = player.power
        player.power = yield Number(
            f"Power {player.house} starts with:", 0, player.power + state.power_pool,
            label=f"Power of {player.house}", default=old,
        )
        state.power_pool -= player.power - old
        oldc = player.coins
        player.coins = yield Number(
            f"Coins {player.house} starts with:", 0, player.coins + state.coin_pool,
            label=f"Coins of {player.house}", default=oldc,
        )
        state.coin_pool -= player.coins - oldc
        ctx.log(f"{player.house} starts with {player.power} Power, {player.coins} Coins")


def resource_legacy(state: KDState, ctx: Context):
    """Each attached Chronicle sticker moves its Resource one row at setup; Stability stays put
    and no Momentum is gained (KD-rb, legacy setup order; seed: Setup 10)."""
    rules: KingsDilemmaRules = ctx.rules
    if not (yield YesNo(
        "Do Chronicle stickers move Resource markers off the centre row this game? (y: enter each Resource's row)",
        label="Resource legacy", help=rule_help(rules, "legacy"),
    )):
        return
    for res in state.resources:
        info = rules.resource(res.key)
        old = res.row
        res.row = yield Number(
            f"{info.name}: its row after the stickers' marks (centre {rules.tracks.resource_start}):",
            1, rules.tracks.resource_rows, label=f"{info.name} legacy row", default=old,
        )
        if res.row != old:
            ctx.log(f"{info.name} legacy: row {old} → {res.row} (Stability and Momentum untouched)")


def hand_out_open_agendas(state: KDState, ctx: Context):
    """One positive and one negative token per Resource, each to the House the stickers name.
    A House given more than 2 positive (or 2 negative) keeps 2 of its choice; the rest go back
    to the box (KD-rb p.7, Assign Open Agendas)."""
    rules: KingsDilemmaRules = ctx.rules
    oa = rules.open_agendas
    if not (yield YesNo(
        "Open Agenda tokens from signed Chronicle stickers this game? (y: hand them out)",
        label="Open Agenda tokens", help=rule_help(rules, "open_agendas"),
    )):
        return
    for res in rules.resources:
        for positive in (True, False):
            sign = "+" if positive else "−"
            options = [Option("0", "nobody")] + [Option(str(s + 1), p.house) for s, p in enumerate(state.players)]
            got = yield Choice(
                f"Who takes the {sign} Open Agenda token of {res.name}?", options,
                label=f"{sign}{res.name} Open Agenda", help=rule_help(rules, "open_agendas"), default="0",
            )
            if got == "0":
                continue
            p = state.players[int(got) - 1]
            (p.open_positive if positive else p.open_negative).append(res.key)
            ctx.log(f"{p.house} takes the {sign}{res.name} Open Agenda token")
    for p in state.players:
        for held, sign, limit in ((p.open_positive, "+", oa.positive_limit), (p.open_negative, "−", oa.negative_limit)):
            if len(held) <= limit:
                continue
            keep = yield MultiChoice(
                f"{p.house} has {len(held)} {sign} Open Agenda tokens: which {limit} does it keep?",
                [Option(str(i + 1), rules.resource(k).name) for i, k in enumerate(held)], lo=limit, hi=limit,
                label=f"{p.house} keeps {sign} tokens", help=rule_help(rules, "open_agendas"),
            )
            kept = [held[int(k) - 1] for k in keep]
            dropped = [k for k in held if k not in kept]
            held[:] = kept
            ctx.log(f"{p.house} keeps {', '.join(sign + rules.resource(k).name for k in kept)}; back to the box: "
                    + ", ".join(sign + rules.resource(k).name for k in dropped))


def setup_turn(state: KDState, ctx: Context):
    rules: KingsDilemmaRules = ctx.rules
    state.step = "houses"
    yield from choose_houses(state, ctx)
    state.step = "prestige"
    yield from confirm_prestige(state, ctx)
    state.step = "tokens"
    yield from confirm_tokens(state, ctx)

    state.leader, state.moderator = leader_and_moderator(state, rules)
    state.tokens_dealt = True
    # Prestige ties are settled by the House numbers (seed: Setup 6, 8-9): the log says when.
    lead_tie, mod_tie = tie_note(state, state.leader), tie_note(state, state.moderator)
    ctx.log(f"Leader: {state.name(state.leader)} (most Prestige{'; ' + lead_tie if lead_tie else ''}); "
            f"Moderator: {state.name(state.moderator)} (least{'; ' + mod_tie if mod_tie else ''})")
    state.step = "realm"
    sides = " ".join(f"{rules.resource(r.key).short.rstrip('.')}{arrow(r.up)}" for r in state.resources)
    ctx.log("Momentum sides: " + ", ".join(f"{rules.resource(r.key).name} {arrow(r.up)}" for r in state.resources))
    yield Instruction(
        f"Realm board: markers on row {rules.tracks.resource_start}, sides up: {sides} (white ↑, black ↓); "
        f"Stability mid-track; {rules.tokens.balance_start} Power on the Balance's middle.",
        label="Set up the Realm board", help=rule_help(rules, "setup", "momentum_setup"),
    )
    state.step = "screens"
    yield Instruction(
        f"Give each House its AYE, NAY and PASS cards and its Power and Coins behind its screen. "
        f"Leader token to {state.name(state.leader)}, Moderator token to {state.name(state.moderator)}.",
        label="House screens, Leader and Moderator", help=rule_help(rules, "leader_moderator"),
    )
    state.step = "legacy"
    yield from resource_legacy(state, ctx)
    state.step = "open"
    yield from hand_out_open_agendas(state, ctx)

    state.step = "secret"
    order = low_prestige_order(state, rules)
    yield Instruction(
        "Shuffle the Secret Agendas and remove one unseen. They go round lowest Prestige first: "
        + ", ".join(state.name(s) for s in order) + ".",
        label="Remove one Secret Agenda", help=rule_help(rules, "secret_agendas"),
    )
    for seat in order:
        yield Instruction(
            f"{state.name(seat)}: choose your Secret Agenda and keep it secret; pass the rest on.",
            label=f"{state.name(seat)} chooses a Secret Agenda", help=rule_help(rules, "secret_agendas"),
        )
        state.players[seat].agenda_chosen = True
        ctx.log(f"{state.name(seat)} has chosen a Secret Agenda")

    state.step = "deck"
    if state.recalled.games == 0:
        # No records does not prove a first game (the campaign may predate Clockwork): say both.
        deck = ("Dilemma deck: in the campaign's first game, open Envelope 00, put its Story card on its "
                "Storyline space and use its other cards; later, the deck from its Save slot and the legacy setup.")
    else:
        deck = ("Dilemma deck from its Save slot; legacy setup: Story and Event cards to their spaces, one "
                "mark on each Chronicle sticker.")
    yield Instruction(
        deck + " Shuffle the deck and put the Cover tile on top.",
        label="Dilemma deck and legacy setup", help=rule_help(rules, "deck", "legacy"),
    )
    state.phase = DILEMMA
