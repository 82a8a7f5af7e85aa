"""The Standard Actions other than Enact (PT: Standard Actions): Assign, Build, Commission,
Deploy, Flee. Each returns True when the action happened (it then counts as one of the turn's
two), False when the rules forbid it (nothing changes)."""

from __future__ import annotations

from ...engine.game import Context
from ...engine.prompts import CardEntry, Choice, Instruction, MultiChoice, Number, Option, TextEntry, YesNo
from .rules import HeirlessRules
from .facts import CONVERT_PATH, built, counted, one_of
from .players import LIST_KEYS, change_influence, index_of, player_options
from .state import HeirlessState

PATH_EXAMPLES = ["Bricks + Logs → Marble", "Logs + Baguettes → Bricks"]


def assign(state: HeirlessState, ctx: Context, me: int):
    """PT: Assign — needs Control of a Tile of the Workers' Faction (Bandit Tiles count), an unused
    Workplace and the Castle controller's leave; +1 Influence per Worker newly assigned."""
    rules: HeirlessRules = ctx.rules
    player = state.players[me]
    text = rules.action("assign").text
    # A Workplace may need Workers of several Factions: Control is needed for each of them.
    keys = yield MultiChoice(
        f"{player.seal} assigns Workers of which Factions? (keys separated by spaces)",
        [Option(str(n + 1), f) for n, f in enumerate(rules.factions)], lo=1, label="Assign: Factions", help=text,
    )
    factions = [rules.factions[int(k) - 1] for k in keys]
    faction = " and ".join(factions)
    tiles = f"a {faction} Tile" if len(factions) == 1 else f"a Tile of each ({', '.join(factions)})"
    allowed = yield YesNo(
        f"Does {player.seal} control {tiles} (camps count), is the Workplace unused, "
        "and does its Castle's controller allow it?",
        label="Assign allowed?", help=text,
    )
    if not allowed:
        ctx.log(f"{player.seal} cannot Assign there (Control, a free Workplace and leave are needed)")
        return False
    # All the Workers the Workplace needs come at once, so at least one of each Faction named.
    least = len(factions)
    each = "" if least == 1 else f", at least one of each of the {least} Factions"
    count = yield Number(
        f"Workers from Unemployed to their Employed reserves, {player.seal}'s cube on the Workplace. "
        f"How many newly assigned (all it needs, at once{each})?",
        least, 12, label="Workers assigned", help=text,
    )
    gain = count * rules.numbers.influence_per_worker
    ctx.log(f"{player.seal} assigns {count} {faction} Worker{'s' * (count > 1)}: {change_influence(state, me, gain)}")
    state.done.append(f"Assign {count} {faction} → +{gain} Influence")
    return True


def build(state: HeirlessState, ctx: Context, me: int):
    """PT: Build — at most 9 built; at the limit one without Workers is discarded as part of the
    build. The Sovereign Workplace builds the same way and goes at Cleanup."""
    rules: HeirlessRules = ctx.rules
    player = state.players[me]
    limit = rules.numbers.workplace_limit
    text = rules.action("build").text
    options = [Option("1", "a Workplace from hand")]
    if not any(p.sovereign for p in state.players):
        options.append(Option("2", "the Sovereign Workplace (Coronation Ceremony)"))
    key = "1"
    if len(options) > 1:
        key = yield Choice(f"{player.seal} builds which Workplace?", options, label="Build: which", help=text,
                           default="1")
    sovereign = key == "2"
    # How many a player starts with is not in our sources, so the table confirms the count
    # Clockwork kept rather than Clockwork stating it as fact.
    player.workplaces = yield Number(
        f"How many Workplaces has {player.seal} built already (limit {limit})?", 0, limit,
        default=min(player.workplaces, limit), label="Workplaces built", help=text, fact=built(me),
    )
    if player.workplaces >= limit:
        room = yield YesNo(
            f"{player.seal} has {player.workplaces} Workplaces, the limit. Discard one with no Workers "
            "assigned (its Resources are lost) to make room?",
            label="Discard to make room?", help=text,
        )
        if not room:
            ctx.log(f"{player.seal} cannot Build: {limit} Workplaces already built")
            return False
        if player.sovereign:
            player.sovereign = not (yield YesNo("Is the discarded one the Sovereign Workplace?",
                                                label="Discard the Sovereign Workplace?"))
        player.workplaces -= 1
        ctx.log(f"{player.seal} discards a built Workplace and its Resources to make room")
    yield Instruction(
        f"{player.seal} pays its Resource cost and places it in their 3×3 grid (never on another player's land).",
        label="Pay and place the Workplace", help=text,
    )
    player.workplaces += 1
    counted(ctx, me, player.workplaces)
    player.sovereign = player.sovereign or sovereign
    what = "the Sovereign Workplace" if sovereign else "a Workplace"
    ctx.log(f"{player.seal} builds {what}: {player.workplaces} of {limit} built")
    state.done.append(f"Build {what} ({player.workplaces}/{limit})")
    return True


def commission(state: HeirlessState, ctx: Context, me: int):
    """PT: Commission — a conversion path opens for the Season; no Influence is gained."""
    rules: HeirlessRules = ctx.rules
    player = state.players[me]
    path = yield TextEntry(
        f"One Worker from Unemployed to Employed, a cube on the path. Which path does {player.seal} "
        "open (X of A + X of B → X of C)?",
        label="Commission: path", max_len=40, examples=PATH_EXAMPLES, help=rules.action("commission").text,
    )
    player.paths.append(path)
    ctx.log(f"{player.seal} commissions '{path}' for Season {state.season} (no Influence)")
    state.done.append(f"Commission '{path}'")
    return True


def deploy(state: HeirlessState, ctx: Context, me: int):
    """PT: Deploy — a Knight from the player's Castle to a Tile or another player's Castle."""
    rules: HeirlessRules = ctx.rules
    player = state.players[me]
    text = rules.action("deploy").text
    others = [i for i in range(len(state.players)) if i != me]
    where = yield Choice(
        f"{player.seal} deploys a Knight from their Castle to:",
        [Option("t", "a Tile"), Option("c", "another player's Castle"),
         Option("b", "back to the actions (no Knight in the Castle)")], label="Deploy: where", help=text,
    )
    if where == "b":
        return False
    if where == "t":
        target = yield CardEntry("Which Tile? (type its name; a unique beginning is enough)", rules.tiles,
                                 label="Deploy to Tile", help=", ".join(rules.tiles))
    else:
        key = yield Choice("Whose Castle?", player_options(state, others), label="Deploy to Castle")
        target = f"{state.players[index_of(key)].seal}'s Castle"
    ctx.log(f"{player.seal} deploys a Knight to {target}")
    state.done.append(f"Deploy a Knight to {target}")
    return True


def flee(state: HeirlessState, ctx: Context, me: int):
    """PT: Flee — 1 Influence; the Knight follows its Tile's Flee direction; never from the
    Capital or a Castle."""
    rules: HeirlessRules = ctx.rules
    player = state.players[me]
    cost = rules.numbers.flee_cost
    text = rules.action("flee").text
    # The menu offers Flee only to a player who can pay (reading enact-influence).
    capital = rules.capital
    tiles = [t for t in rules.tiles if t != capital]
    tile = yield CardEntry(
        f"Which Tile does the Knight flee from (not the {capital}, not a Castle)? It follows that Tile's Flee direction.",
        tiles, label="Flee from", help=text,
    )
    ctx.log(f"{player.seal} pays {cost} Influence for a Knight to flee from {tile}: {change_influence(state, me, -cost)}")
    state.done.append(f"Flee from {tile} (−{cost} Influence)")
    return True


def convert(state: HeirlessState, ctx: Context):
    """PT: Commission — a Free Action along a path commissioned this Season."""
    rules: HeirlessRules = ctx.rules
    paths = [(i, path) for i, p in enumerate(state.players) for path in p.paths][: len(LIST_KEYS)]
    options = [Option(LIST_KEYS[n], f"{state.players[i].seal}: {path}") for n, (i, path) in enumerate(paths)]
    one_of(ctx, CONVERT_PATH, [o.key for o in options], "the only path commissioned this Season",
           "the paths commissioned this Season")
    key = yield Choice("Convert along which commissioned path?", options, label="Convert: path",
                       help=rules.help("convert"), fact=CONVERT_PATH)
    who, path = paths[LIST_KEYS.index(key)]
    amount = yield Number(f"{path}: how many (X)?", 1, 30, label="Convert: X", help=rules.help("convert"))
    ctx.log(f"{state.players[who].seal} converts along '{path}' with X = {amount}")
    state.done.append(f"Free: {state.players[who].seal} converts ({path}, X = {amount})")
