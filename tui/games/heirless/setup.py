"""Setting up a game: the players' colours, titles and names, and their cubes on the tracker
(PT: Guarantee for the signatures; Player Turn Order and Tie Breaker; notes §3)."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Option, TextEntry
from ...engine.rng import Rng
from .rules import HeirlessRules
from .facts import COLOUR, one_of
from .options import option, starting_values_are_defaults
from .players import index_of, key_of, seal, seals
from .state import TURNS, HeirlessState, Player, Tracker
from .tracker import BANDITS_NO_TURN, acting, first_player, new_tracker

NAME_EXAMPLES = ["Ada", "Bram", "Cleo", "Dario", "Esme", "Farid", "Gwen", "Hugo", "Ines"]


def new_state(rules: HeirlessRules, options: dict[str, str], seed: int) -> HeirlessState:
    """Empty seats with the starting values from the setup form; the table fills them in play."""
    count = int(option(rules, options, "players"))
    influence = int(option(rules, options, "influence"))
    prestige = int(option(rules, options, "prestige"))
    spots = rules.tracker.spots_per_half
    return HeirlessState(
        rng=Rng.from_seed(seed),
        seasons=int(option(rules, options, "seasons")),
        players=[Player(influence=influence, prestige=prestige) for _ in range(count)],
        tracker=Tracker(right=[None] * spots, left=[None] * spots, action=option(rules, options, "first_half")),
        start_is_default=starting_values_are_defaults(rules, options),
    )


COLOUR_HELP = (
    "Your colour is your Player Cubes' (on the turn-order tracker, on a Workplace you use) and the name "
    "you sign Guarantees with. No colour of yours listed? Take a * one and call your cubes by its name."
)


def seat_player(state: HeirlessState, ctx: Context, index: int):
    """Colour (a choice among those left), then a title if the player wants one and a name (typed,
    Enter for none): only the colour is the game's (PT: Guarantee, signed with the colour name)."""
    rules: HeirlessRules = ctx.rules
    taken = {p.colour for p in state.players}
    # Each colour keeps its number in the ruleset's list from one player to the next (issue 24:
    # the numbers shifted after each pick); the record leaves only the free ones. A save made
    # before facts_version 3 holds positions among the free colours: it replays with those.
    numbered = [(str(n + 1), c) for n, c in enumerate(rules.colours) if c.name not in taken]
    if not ctx.facts.refusing:
        numbered = [(str(n + 1), c) for n, (_, c) in enumerate(numbered)]
    options = [Option(key, c.name + (" *" if c.editable_default else "")) for key, c in numbered]
    one_of(ctx, COLOUR, [o.key for o in options], "the other colours are taken", "the colours not taken")
    key = yield Choice(
        f"Player {index + 1}: which colour are your Player Cubes?", options, label=f"Player {index + 1} colour",
        help=COLOUR_HELP, fact=COLOUR,
    )
    player = state.players[index]
    player.colour = next(c.name for k, c in numbered if k == key)
    titles = rules.titles[index % len(rules.titles):] + rules.titles[: index % len(rules.titles)]
    colour = player.colour
    player.title = yield TextEntry(
        f"Guarantees are signed with the colour, a title before it if you like ({titles[0]} {colour}). "
        f"{colour}'s title (Enter: none, just {colour}):",
        label=f"{colour}'s title", max_len=12, allow_empty=True, examples=["", *titles], help=rules.help("setup"),
    )
    names = NAME_EXAMPLES[index:] + NAME_EXAMPLES[:index]
    player.name = yield TextEntry(
        f"Name of the person playing {player.seal} (Enter for none):", label=f"{player.seal}'s name",
        max_len=20, allow_empty=True, examples=names[:2],
    )
    ctx.log(f"Player {index + 1}: {player.full}, Influence {player.influence}, Prestige {player.prestige}")


def place_cubes(state: HeirlessState, ctx: Context):
    """The table says whose cube is on each spot of the Action Phase half (setup not in our sources)."""
    rules: HeirlessRules = ctx.rules
    half = state.tracker.action
    left = list(range(len(state.players)))
    order: list[int] = []
    while len(left) > 1:
        spot = len(order) + 1
        key = yield Choice(
            f"Whose cube is on spot {spot} of the {half} half, read clockwise"
            + (" from the Bandit cube?" if half == "right" else " (the half ends at the Bandit cube)?"),
            [Option(key_of(i), state.players[i].seal) for i in left],
            label=f"Tracker spot {spot}", help=rules.help("tracker"),
        )
        order.append(index_of(key))
        left.remove(index_of(key))
    order.extend(left)
    state.tracker = new_tracker(rules.tracker.spots_per_half, order, half)
    ctx.log(f"Turn order: {seals(state, acting(state.tracker))} ({BANDITS_NO_TURN})")


def setup_turn(state: HeirlessState, ctx: Context):
    rules: HeirlessRules = ctx.rules
    for index in range(len(state.players)):
        state.step = "seats"
        yield from seat_player(state, ctx, index)
    state.step = "tracker"
    yield from place_cubes(state, ctx)
    state.step = "board"
    short = " › ".join(state.players[p].colour for p in acting(state.tracker))
    yield Instruction(
        f"Set up the board per your rulebook. The tracker's {state.tracker.action} half acts first: {short} "
        f"({BANDITS_NO_TURN}).",
        label="Set up the board", help=rules.help("tracker"),
    )
    state.phase = TURNS
    state.turn = first_player(state.tracker)
    assert state.turn is not None, "a new tracker has every player acting"
    ctx.log(f"Season 1 begins; {seal(state, state.turn)} plays first")
