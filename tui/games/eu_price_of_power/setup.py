"""Setting up the Bots (seed: Bot Setup p.1, Difficulty Level p.2, Bot Realms p.6): each Bot's
realm, colour, difficulty, starting BP and Manpower, and its deck's removals per Age, which come
from the scenario booklet: typed once, remembered per realm for the next game."""

from __future__ import annotations

import re

from ...engine.game import Context
from ...engine.prompts import AnswerError, Choice, Instruction, Number, Option, TextEntry, YesNo
from ...engine.rng import Rng
from .rules import EuPricePowerRules
from . import bot_deck
from .dice import table_rolls
from .options import option
from .state import DRAW, DRAW_CARDS, FOCUS_AREAS, IDEA_TYPES, REMOVED, ROMAN, Bot, Memory, TableState
from .texts import reading_help, rule_help


def new_state(
    rules: EuPricePowerRules, options: dict[str, str], seed: int, recalled: Memory | None = None
) -> TableState:
    bots = int(option(rules, options, "bots"))
    humans = int(option(rules, options, "humans"))
    difficulty = option(rules, options, "difficulty")
    state = TableState(
        rng=Rng.from_seed(seed),
        bots=[new_bot(rules, f"b{i + 1}", difficulty) for i in range(bots)],
        humans=[f"Human {i + 1}" for i in range(humans)],
        age=int(option(rules, options, "age")),
        memory=recalled if isinstance(recalled, Memory) else Memory(),
    )
    state.order = [h for h in (f"h{i + 1}" for i in range(humans))] + [b.key for b in state.bots]
    return state


def new_bot(rules: EuPricePowerRules, key: str, difficulty: str) -> Bot:
    return Bot(
        key=key,
        difficulty=difficulty,
        available=rules.bot_power.starting,
        manpower=rules.army.min_manpower,
        focus={a: 0 for a in FOCUS_AREAS},
        ideas={t: 0 for t in IDEA_TYPES},
        army_off=True,  # no Bot Army is placed on the board at setup (seed p.1)
    )


BOT_CARD_IDS = 24  # each Bot Deck starts with the same 24 cards (seed: Bot Cards)
REMOVALS_LEGEND = [(f"1–{BOT_CARD_IDS}", "a Bot card's ID, as printed on the card; spaces between IDs"),
                   ("Enter", "no card removed in this Age")]


def read_card_ids(text: str) -> list[int]:
    """'3 7 12' → [3, 7, 12]; an ID outside the 24-card deck or listed twice is refused in place
    (AnswerError), so a list that cannot be read is never recorded."""
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w and w != "-"]
    ids: list[int] = []
    for word in words:
        if not word.isdigit() or not 1 <= int(word) <= BOT_CARD_IDS:
            raise AnswerError(f"'{word}' is not a Bot card ID (1-{BOT_CARD_IDS}).")
        if int(word) in ids:
            raise AnswerError(f"Card {word} is listed twice.")
        ids.append(int(word))
    return sorted(ids)


def free_realm_check(taken: set[str]):
    """Each Bot plays a different realm (seed p.6): a realm already played is refused in place."""

    def check(text: str) -> None:
        name = " ".join(text.split())
        if name.lower() in taken:
            raise AnswerError(f"{name} is taken.")

    return check


def format_ids(ids: list[int]) -> str:
    return " ".join(map(str, ids)) if ids else "none"


def format_removals(removals: dict[str, list[int]], first_age: int) -> str:
    """Only the Ages typed: an Age never typed is not 'none' (it would give a full deck)."""
    return " · ".join(f"Age {ROMAN[a]}: {format_ids(removals[str(a)])}" for a in range(first_age, 5)
                      if str(a) in removals)


def ask_realm(state: TableState, ctx: Context, bot: Bot, number: int, gone: str = ""):
    """The realm a Bot plays: any name but another Bot's (or ``gone``, the eliminated one it replaces)."""
    rules: EuPricePowerRules = ctx.rules
    taken = {b.realm.lower() for b in state.bots if b.realm} | ({gone.lower()} if gone else set())
    free = [r.name for r in rules.realms if r.name.lower() not in taken]
    text = yield TextEntry(
        f"Bot {number}: which realm does it play?",
        label=f"Bot {number} realm", max_len=30, examples=free[:3] or [f"Realm {number}"],
        help="Any realm name, such as " + ", ".join(r.name for r in rules.realms) + " (booklet p.6).",
        check=free_realm_check(taken),
    )
    name = " ".join(text.split())
    known = rules.realm(name)
    return known.name if known else name


def colour_options(colours: list[str], taken: set[str], as_played: bool = False) -> list[Option]:
    """The colours not taken, each on its number in the ruleset's list, so a colour keeps its key
    from one Bot to the next (issue 24: the numbers shifted after each pick). ``as_played``: a
    save made before facts_version 3 holds positions among the first nine free colours."""
    if as_played:
        return [Option(str(i + 1), c) for i, c in enumerate([c for c in colours if c not in taken][:9])]
    return [Option(str(i + 1), c) for i, c in enumerate(colours) if c not in taken]


def ask_colour(state: TableState, ctx: Context, bot: Bot):
    rules: EuPricePowerRules = ctx.rules
    taken = {b.colour for b in state.bots if b.colour}
    options = colour_options(rules.colours, taken, as_played=not ctx.facts.refusing)
    key = yield Choice(f"{bot.name}'s colour?", options, label=f"{bot.name} colour", default=options[0].key,
                       help="The colour of its pieces on the map: the tracks name the Bot with it.")
    return next(o.label for o in options if o.key == key)


def ask_difficulty(state: TableState, ctx: Context, bot: Bot):
    rules: EuPricePowerRules = ctx.rules
    levels = rules.difficulties
    key = yield Choice(
        f"{bot.name}'s difficulty?",
        [Option(str(i + 1), d.label) for i, d in enumerate(levels)],
        label=f"{bot.name} difficulty",
        default=next((str(i + 1) for i, d in enumerate(levels) if d.key == bot.difficulty), None),
        help="BP per Round / Focus BP for a Milestone / minimum BP on a DoW / Units per recruit: "
             + "; ".join(f"{d.label} {d.bp_gain}/{d.focus_threshold}/{d.dow_minimum}/{d.units_per_recruit}"
                         for d in levels) + " (booklet p.2).",
    )
    return levels[int(key) - 1].key


def ask_removals(state: TableState, ctx: Context, bot: Bot):
    """The realm's removals per Age from this game's first Age on: the remembered ones if the table
    confirms them, and the Ages never typed are asked (seed: Bot Realms p.6)."""
    rules: EuPricePowerRules = ctx.rules
    remembered = state.memory.removals.get(bot.realm, {})
    shipped = rules.realm(bot.realm)
    known = {**(shipped.removals if shipped else {}), **remembered}
    ages = range(state.age, 5)
    removals: dict[str, list[int]] = {}
    if any(str(a) in known for a in ages):
        missing = [ROMAN[a] for a in ages if str(a) not in known]
        same = yield YesNo(
            f"Removals for {bot.realm}: {format_removals(known, state.age)}"
            + (f" (Age {', '.join(missing)} still to type)" if missing else "") + ". Use them?",
            label=f"{bot.realm}: known removals?",
            help="Remembered from an earlier game. " + rule_help(rules, "removals"),
        )
        if same:
            removals = {k: list(v) for k, v in known.items() if k in {str(a) for a in ages}}
    for age in ages:
        if str(age) in removals:
            continue
        text = yield TextEntry(
            f"{bot.realm}: Bot card IDs removed in Age {ROMAN[age]} (e.g. 3 7 12; Enter for none)",
            label=f"{bot.realm} removals Age {ROMAN[age]}", max_len=80, allow_empty=True,
            examples=["3 7 12", "", "1 24"],
            help=rule_help(rules, "removals") + " " + reading_help(rules, "removals"),
            check=read_card_ids, legend=REMOVALS_LEGEND,
        )
        removals[str(age)] = read_card_ids(text)
    return removals


def remember_removals(state: TableState, bot: Bot) -> None:
    """Keep every Age typed for the realm, earlier games' Ages included."""
    state.memory.removals[bot.realm] = {**state.memory.removals.get(bot.realm, {}),
                                        **{k: list(v) for k, v in bot.removals.items()}}


def setup_bot(state: TableState, ctx: Context, bot: Bot, number: int):
    rules: EuPricePowerRules = ctx.rules
    state.step = f"{bot.key}:realm"
    bot.realm = yield from ask_realm(state, ctx, bot, number)
    state.step = f"{bot.key}:colour"
    bot.colour = yield from ask_colour(state, ctx, bot)
    state.step = f"{bot.key}:difficulty"
    bot.difficulty = yield from ask_difficulty(state, ctx, bot)
    state.step = f"{bot.key}:bp"
    bot.available = yield Number(
        f"{bot.name}'s starting BP (the scenario may say otherwise)?", 1, 30,
        label=f"{bot.name} starting BP", default=rules.bot_power.starting, help=rule_help(rules, "setup"),
    )
    bot.manpower = yield Number(
        f"{bot.name}'s Manpower from its Town tracks (at least {rules.army.min_manpower})?",
        rules.army.min_manpower, 40, label=f"{bot.name} Manpower", default=rules.army.min_manpower,
        help=rule_help(rules, "setup"),
    )
    bot.army = yield Number(
        f"Deployed Land Units the scenario gives {bot.name} (kept in the Army area of its Mat)?",
        0, bot.manpower, label=f"{bot.name} Army Units", default=0, help=rule_help(rules, "setup"),
    )
    state.step = f"{bot.key}:removals"
    bot.removals = yield from ask_removals(state, ctx, bot)
    remember_removals(state, bot)
    bot_deck.compose_for_age(bot, state.age, state.rng)
    ctx.log(
        f"{bot.name} ({bot.colour}, {rules.difficulty(bot.difficulty).label}): {bot.available} BP, "
        f"Manpower {bot.manpower}; deck {bot.deck.count(DRAW)} cards, removed for Age {ROMAN[state.age]}: "
        f"{format_ids([int(c) for c in bot.deck.pile(REMOVED)])}"
    )


def ask_dice_faces(state: TableState, ctx: Context):
    """When Clockwork rolls, the Battle dice it rolls for the Bots need their faces: our sources name
    the icons a Bot's Battles count (seed p.5) but not how many faces show them, so the table reads
    them off its own dice once; remembered for the next game (readings: battle_dice)."""
    rules: EuPricePowerRules = ctx.rules
    if table_rolls(ctx):
        return
    help_text = ("Land Battles vs NPRs/Rebels count the Infantry icons rolled, Naval Battles the Artillery "
                 "icons (booklet p.5). Count the faces on your die; 0 and you roll those dice yourself. "
                 + reading_help(rules, "battle_dice"))
    for kind in ("Infantry", "Artillery"):
        state.step = f"dice:{kind}"
        # Clockwork rolls, by the setting: Enter never means 'roll them yourself' (0); a count
        # remembered from an earlier game is offered, otherwise the table reads its die.
        n = yield Number(f"How many faces of an {kind} die show an {kind} icon? (0: roll them yourself)",
                         0, 6, label=f"{kind} die: faces with the icon",
                         default=state.memory.dice_faces.get(kind) or None, help=help_text)
        state.memory.dice_faces[kind] = n
        if kind == "Infantry":
            state.infantry_faces = n
        else:
            state.artillery_faces = n
    ctx.log(f"Battle dice: {state.infantry_faces} Infantry faces, {state.artillery_faces} Artillery faces of 6")


def setup_turn(state: TableState, ctx: Context):
    rules: EuPricePowerRules = ctx.rules
    for number, bot in enumerate(state.bots, start=1):
        yield from setup_bot(state, ctx, bot, number)
    yield from ask_dice_faces(state, ctx)
    state.step = "table"
    names = ", ".join(f"{b.name} ({b.colour})" for b in state.bots)
    yield Instruction(
        f"Set up the Bot Mats of {names}: BP cubes, Army and Units on the Mat (F6: Ships, Merchant, Vassals).",
        label="Set up the Bot Mats", help=rule_help(rules, "setup"),
    )
    state.phase = DRAW_CARDS
