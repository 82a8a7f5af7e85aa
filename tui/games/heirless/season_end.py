"""The Season after the turns (HL-www season page; notes §1): Battles, End-of-Season effects,
Rewards, Workplaces drafting, Workers, Cleanup, Event Board. What our sources give, Clockwork
does or says; the rest is a 'per your rulebook' step."""

from __future__ import annotations

from itertools import combinations

from ...engine.facts import ROUND
from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, MultiChoice, Number, Option
from .rules import HeirlessRules
from .free_actions import FREE_FIRST, free_action
from .guarantees import close_season_promises
from .players import LIST_KEYS, change_influence, index_of, key_of, seal, seals
from .state import OVER, TURNS, HeirlessState
from .tracker import BANDITS, earliest_side, first_player, priorities

BANDITS_KEY = "b"
NO_ALLIANCE = "n"  # after the pairs' keys (at most 15 pairs: 1-9, a-f)
AFTER_TURNS = ("battles", "effects", "rewards", "drafting", "workers", "cleanup", "events")


def side_options(state: HeirlessState) -> list[Option]:
    """Every side that can fight, in priority order: players and the Bandits."""
    return [Option(BANDITS_KEY if p == BANDITS else key_of(p), seal(state, p)) for p in priorities(state.tracker)]


def ally_pair(state: HeirlessState, ctx: Context, number: int, tied: list[int]):
    """Two of the tied players may fight as one Alliance (HL-www battles): a pair, or none (the
    usual answer, on Enter). Returns the pair or []."""
    rules: HeirlessRules = ctx.rules
    players = [p for p in tied if p != BANDITS]
    pairs = list(combinations(players, 2))[: len(LIST_KEYS)]
    options = [Option(LIST_KEYS[n], f"{seal(state, a)} + {seal(state, b)}") for n, (a, b) in enumerate(pairs)]
    key = yield Choice(f"Battle {number}: do two of them fight as an Alliance?",
                       [*options, Option(NO_ALLIANCE, "no Alliance")], default=NO_ALLIANCE,
                       label=f"Battle {number}: Alliance", help=rules.help("ties"))
    return [] if key == NO_ALLIANCE else list(pairs[LIST_KEYS.index(key)])


def tie_line(state: HeirlessState, number: int, sides: list[list[int]], winner: list[int]) -> str:
    """The tie as the table reads it off the tracker: the sides in priority order, an Alliance at
    the place of its later member, and who stays."""
    order = priorities(state.tracker)

    def rank(side: list[int]) -> int:
        return max(order.index(p) for p in side)

    def name(side: list[int]) -> str:
        if len(side) == 1:
            return colour(state, side[0])
        later = colour(state, order[rank(side)])
        return f"{' + '.join(colour(state, p) for p in side)} (allied: ranked at {later}'s place, the later)"

    names = " and ".join(seal(state, p) for p in winner)
    verb = "wins" if winner != [BANDITS] and len(winner) == 1 else "win"  # 'the Bandits win'
    stays = "no player's Knights stay" if winner == [BANDITS] else "only their Knights stay"
    ranked = " › ".join(name(side) for side in sorted(sides, key=rank))
    return f"Battle {number}, a tie: {ranked}. {names} {verb}: {stays}; remove the rest."


def break_tie(state: HeirlessState, ctx: Context, number: int):
    """PT: Tie Breaker — earlier in the priority order wins, and Idlers who Idled sooner come first
    now; an Alliance takes the weaker (later) of its two priorities (HL-www battles). Returns the
    winning side: only its Knights survive (reading battle-survivors)."""
    rules: HeirlessRules = ctx.rules
    keys = yield MultiChoice(f"Battle {number}: which sides tie in strength?", side_options(state), lo=2,
                             label=f"Battle {number}: tied sides", help=rules.help("ties"))
    tied = [BANDITS if k == BANDITS_KEY else index_of(k) for k in keys]
    alliance: list[int] = []
    if len(tied) >= 3 and sum(p != BANDITS for p in tied) >= 2:
        alliance = yield from ally_pair(state, ctx, number, tied)
    sides = [[p] for p in tied if p not in alliance] + ([alliance] if alliance else [])
    winner = earliest_side(state.tracker, sides)
    yield Instruction(tie_line(state, number, sides, winner), label=f"Battle {number}: tie", help=rules.help("ties"))
    allied = f" ({seals(state, alliance)} allied)" if alliance else ""
    names = " and ".join(seal(state, p) for p in winner)
    ctx.log(f"Battle {number}: tie between {seals(state, tied)}{allied}; {names} "
            f"{'wins' if winner != [BANDITS] and len(winner) == 1 else 'win'} it by turn order")
    return winner


def battle(state: HeirlessState, ctx: Context, number: int):
    """HL-www battles: the strongest side stays; its players gain 1 Influence per Knight removed."""
    rules: HeirlessRules = ctx.rules
    # Free Actions may come at any time (PT: Free Actions): before this Battle too, after the last.
    while True:
        key = yield Choice(f"Battle {number} (compare strengths on the board): is it a tie for the strongest?",
                           [Option("y", "yes"), Option("n", "no"), FREE_FIRST],
                           label=f"Battle {number}: a tie?", help=rules.help("battle"))
        if key != FREE_FIRST.key:
            break
        yield from free_action(state, ctx)
    if key == "y":
        winner = yield from break_tie(state, ctx, number)
        survivors = [p for p in winner if p != BANDITS]
    else:
        players = [p for p in priorities(state.tracker) if p != BANDITS]
        keys = yield MultiChoice(
            f"Battle {number}: whose Knights survived? One player, or two allied; none if the Bandits won.",
            [Option(key_of(p), seal(state, p)) for p in players], lo=0, hi=2,
            label=f"Battle {number}: survivors", help=rules.help("battle"),
        )
        survivors = [index_of(k) for k in keys]
    if not survivors:
        ctx.log(f"Battle {number}: no player's Knights survived")
        return
    # Every side in a Battle has Knights (strength counts from them) and all outside the winning
    # side go, so a tie or one player left standing removed at least one (HL-www battles; N §4).
    # Only two allies may have been the Tile's only sides, with nobody to remove. A save made
    # before replays the counts it was given then.
    least = 1 if (key == "y" or len(survivors) == 1) and ctx.facts.refusing else 0
    removed = yield Number(f"Battle {number}: how many Knights were removed?", least, 40,
                           label=f"Battle {number}: Knights removed", help=rules.help("battle"))
    gain = removed * rules.numbers.battle_influence_per_knight
    for who in survivors:
        ctx.log(f"Battle {number}: {seal(state, who)} survives, +{gain} Influence for {removed} removed "
                f"Knight{'s' * (removed != 1)}: {change_influence(state, who, gain)}")


def colour(state: HeirlessState, index: int) -> str:
    """The short name on the tracker: a colour, or Bandits."""
    return "Bandits" if index == BANDITS else state.players[index].colour


def battles(state: HeirlessState, ctx: Context):
    rules: HeirlessRules = ctx.rules
    order = seals(state, priorities(state.tracker))
    short = " › ".join(colour(state, p) for p in priorities(state.tracker))
    yield from offer_free_actions(
        state, ctx,
        f"The Battle Phase: a Battle on each Tile where sides meet, in turn order ({short}); a promise or "
        "a haggle may come first.",
        "on to the Battles", label="Before the Battles", help=rules.step("battles").text,
    )
    count = yield Number(
        f"Battles go in turn order ({short}). How many Tiles hold a Battle this Season?",
        0, len(rules.tiles), label="Battles this Season", help=rules.step("battles").text,
    )
    ctx.log(f"Season {state.season}: {count} Battle{'s' * (count != 1)}, in turn order {order}")
    for number in range(1, count + 1):
        yield from battle(state, ctx, number)


def offer_free_actions(state: HeirlessState, ctx: Context, text: str, go: str, label: str, help: str):
    """PT: Free Actions may be taken at any time, so every step of the Season after the turns waits
    on a choice: go on, or first a Free Action (a promise about the Battles, a haggle while
    drafting, an Oathbreak seen at the Rewards)."""
    while True:
        key = yield Choice(text, [Option("n", go), Option("f", "a Free Action first")], label=label, help=help,
                           default="n")
        if key == "n":
            return
        yield from free_action(state, ctx)


def cleanup(state: HeirlessState, ctx: Context):
    """PT: Build — the Sovereign Workplace is discarded at Cleanup, and Workplaces move only then;
    PT: Commission — the paths were open for the Season only."""
    rules: HeirlessRules = ctx.rules
    step = rules.step("cleanup")
    done = []
    for player in state.players:
        if player.sovereign:
            player.sovereign = False
            player.workplaces -= 1
            done.append(f"discard {player.seal}'s Sovereign Workplace")
            ctx.log(f"Cleanup: {player.seal}'s Sovereign Workplace is discarded ({player.workplaces} built)")
    paths = [player for player in state.players if player.paths]
    for player in paths:
        ctx.log(f"Cleanup: {player.seal}'s conversion paths close ({', '.join(player.paths)})")
        player.paths = []
    if paths:
        done.append("cubes off the conversion paths")
    todo = "; ".join(done)
    todo = f"{todo[:1].upper()}{todo[1:]}. " if todo else ""  # str.capitalize would lower 'Lord Blue'
    yield from offer_free_actions(
        state, ctx, f"Cleanup: {todo}Workplaces may be rearranged now, and only now; the rest per your rulebook.",
        "done, next step", label=step.label, help=step.text,
    )


def checklist_step(state: HeirlessState, ctx: Context, key: str):
    rules: HeirlessRules = ctx.rules
    step = rules.step(key)
    text = f"{step.label}: {step.shown}" if step.known else f"{step.label}: per your rulebook."
    yield from offer_free_actions(state, ctx, text, "done, next step", label=step.label, help=step.text)


def season_end(state: HeirlessState, ctx: Context):
    for key in AFTER_TURNS:
        state.step = key
        if key == "battles":
            yield from battles(state, ctx)
        elif key == "cleanup":
            yield from cleanup(state, ctx)
        else:
            yield from checklist_step(state, ctx, key)
    start_next_season(state, ctx)


def start_next_season(state: HeirlessState, ctx: Context) -> None:
    rules: HeirlessRules = ctx.rules
    close_season_promises(state, ctx)
    if state.season >= state.seasons:
        state.phase = OVER
        state.step = ""
        ctx.log(f"Season {state.season} was the last: {rules.rules['end'].text}")
        return
    state.season += 1
    ctx.facts.end(ROUND)  # what was said of the last Season (Workplaces built) is said again
    state.phase = TURNS
    state.step = ""
    state.done = []
    state.turn_number = 0
    state.turn = first_player(state.tracker)
    # The Bandits' cube ranks them only on ties (reading bandit-turns): the turns are the players'.
    players = [i for i in priorities(state.tracker) if i != BANDITS]
    ctx.log(f"Season {state.season} begins: turn order {seals(state, players)}")
