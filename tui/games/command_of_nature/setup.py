"""Setting up the Clockwork Sage (seed: HOW TO START)."""

from __future__ import annotations

from ...engine.deck import Deck
from ...engine.game import Context
from ...engine.prompts import Choice, Instruction, Number, Option
from ...engine.rng import Rng
from ...engine.track import Track
from .rules import CommandOfNatureRules
from .cards import ROMAN
from .facts import remembered, starting_gold
from .formation import space_name, space_rows
from .options import option
from .state import BOX, CHAMPIONS, DECK, LEFTOVER, PILES, YOURS, Records, SageState, Slot
from .texts import rule_help
from .wallet import enter_keeps

# Most starting gold a Sage board may print, when typed (a wallet rarely holds more; notes §4).
MOST_STARTING_GOLD = 40


def new_state(
    rules: CommandOfNatureRules, options: dict[str, str], seed: int, recalled: Records | None = None
) -> SageState:
    """Lay out the pack: formation, Champions aside, leftovers pending, deck unshuffled.

    The RNG picks the two Row III Warriors now (seed: HOW TO START, step 8); the deck is shuffled
    in the Setup turn once the leftovers are settled. ``recalled``: the Sage board and card gold
    the table gave in earlier games."""
    rng = Rng.from_seed(seed)
    pack = rules.pack(option(rules, options, "sage"))
    difficulty = rules.difficulty(option(rules, options, "difficulty"))
    beside_sage = rng.sample(pack.warriors, 2)
    unused = [w for w in pack.warriors if w not in beside_sage]

    rows = space_rows(rules)
    formation: list[Slot | None] = [None] * len(rows)
    row3 = [i for i, r in enumerate(rows) if r == 3]
    centre = row3[len(row3) // 2]
    formation[centre] = Slot(pack.sage)
    sides = [i for i in row3 if i != centre]
    for index, warrior in zip(sides, beside_sage):
        formation[index] = Slot(warrior)
    basics_used = 0
    for i, r in enumerate(rows):
        if r in (1, 2):
            formation[i] = Slot(pack.basic)
            basics_used += 1

    deck = Deck({name: [] for name in PILES})
    deck.piles[DECK] = list(pack.deck) + [c.name for c in rules.clockwork_commands]
    deck.piles[CHAMPIONS] = [c.card for c in sorted(pack.champions, key=lambda c: c.level)]
    deck.piles[LEFTOVER] = unused + [pack.basic] * (pack.basic_copies - basics_used)

    cap = rules.gold_cap.amount if option(rules, options, "gold_cap") == "yes" else None
    records = recalled if isinstance(recalled, Records) else Records()
    # Asked again on request: what earlier games gave is then only offered on Enter.
    ask_again = option(rules, options, "check_board") == "yes"
    known = Records() if ask_again else records
    return SageState(
        rng=rng,
        pack=pack.key,
        difficulty=difficulty.key,
        deck=deck,
        gold=Track("Gold", 0, 0, cap),
        level=Track("Level", rules.levels.lowest, rules.levels.lowest, rules.levels.highest),
        formation=formation,
        starting_gold=known.starting_gold.get(difficulty.key, 0),
        daybreak_gold=dict(known.daybreak_gold),
        board_gold=dict(known.starting_gold),
        card_gold=dict(known.card_gold),
        offered=records if ask_again else Records(),
    )


def board_text(rules: CommandOfNatureRules, state: SageState) -> str:
    """'starting gold Hard 7; daybreak gold +2 from level 4', the values given so far."""
    gold = ", ".join(f"{d.label} {state.board_gold[d.key]}" for d in rules.difficulties if d.key in state.board_gold)
    unlocks = ", ".join(f"+{g} from level {lv}" for lv, g in sorted(state.daybreak_gold.items()))
    return f"starting gold {gold or 'not given yet'}; daybreak gold {unlocks or 'not given yet'}"


def ask_starting_gold(state: SageState, ctx: Context):
    """The starting gold printed on the Clockwork Sage board for the chosen difficulty (notes §4:
    not public): asked the first time a game is played at that difficulty, with nothing offered
    unless an earlier game gave it, then known (facts.STARTING_GOLD; records). The other
    difficulties are not this game's business, and the daybreak gold waits for the level that
    unlocks it (defeats)."""
    rules: CommandOfNatureRules = ctx.rules
    difficulty = rules.difficulty(state.difficulty)
    given = state.board_gold.get(difficulty.key)
    fact = starting_gold(difficulty.label, given)
    known = remembered(ctx, fact, given)
    offered = state.offered.starting_gold.get(difficulty.key)
    state.starting_gold = yield Number(
        f"Your Clockwork Sage board: the starting gold for {difficulty.label}, as printed?{enter_keeps(offered)} "
        "Clockwork remembers it for later games.",
        0, MOST_STARTING_GOLD, label=f"Sage board: {difficulty.label} starting gold",
        default=offered, help=rule_help(rules, "setup"), fact=fact,
    )
    state.board_gold[difficulty.key] = state.starting_gold
    if not known:
        ctx.log(f"Your Sage board: starting gold for {difficulty.label} {state.starting_gold} "
                "(remembered for later games)")


def settle_leftover_cards(state: SageState, ctx: Context):
    """Notes, ambiguity 12: where the unused Warrior and Basic go is not stated; ask."""
    leftovers = list(state.deck.pile(LEFTOVER))
    if not leftovers:
        return
    key = yield Choice(
        f"The unused {' and '.join(leftovers)}: where do they go?",
        [Option("1", "shuffled into the Clockwork deck"), Option("2", "out of the game")],
        label="Unused Warrior and Basic",
        help="As in a usual starting deck, Clockwork shuffles them into the Clockwork deck unless your "
             "group plays them out of the game.",
        default="1",
    )
    dest = DECK if key == "1" else BOX
    state.deck.move_all(LEFTOVER, dest)
    ctx.log(f"{' and '.join(leftovers)} go {'into the Clockwork deck' if dest == DECK else 'out of the game'}")


def setup_turn(state: SageState, ctx: Context):
    rules: CommandOfNatureRules = ctx.rules
    pack = rules.pack(state.pack)
    difficulty = rules.difficulty(state.difficulty)
    setup_help = rule_help(rules, "setup")

    state.step = "leftovers"
    yield from settle_leftover_cards(state, ctx)
    state.step = "board"
    yield from ask_starting_gold(state, ctx)
    state.deck.shuffle(DECK, state.rng)
    ctx.log(f"Shuffles the Clockwork deck: {state.deck.count(DECK)} cards")
    old, new = state.gold.set(state.starting_gold)
    ctx.log(f"Clockwork starting gold ({difficulty.label}): {old} → {new}")

    state.step = "area"
    yield Instruction(
        f"Set up both play areas for two players. For the Clockwork use the {pack.faction} Sage pack "
        f"and cover the {pack.sage} board with the Clockwork Sage board; level marker on 1, difficulty "
        f"token on {difficulty.label}, {state.gold.value} gold in its wallet (as printed on your Sage board).",
        label="Set up the Clockwork play area",
        help=setup_help,
    )
    rows = space_rows(rules)
    lines = []
    for row in (3, 2, 1):
        names = []
        for i, slot in enumerate(state.formation):
            if rows[i] == row and slot is not None:
                side = space_name(rules, i).removeprefix(f"Row {ROMAN[row]}").strip()
                names.append(f"{slot.card} ({side})" if side else slot.card)
        lines.append(f"Row {ROMAN[row]}: {', '.join(names)}")
    state.step = "formation"
    yield Instruction(
        "Build the Clockwork formation facing you — " + "; ".join(lines)
        + ". The two Warriors beside the Sage were picked at random.",
        label="Place the Clockwork formation",
        help=setup_help,
    )
    champions = ", ".join(f"{c.card} (level {c.level})" for c in sorted(pack.champions, key=lambda c: c.level))
    state.step = "champions"
    yield Instruction(
        f"Set the Champions aside: {champions}. Put the Clockwork's {state.deck.count(DECK)} deck cards "
        f"(its pack Commands and the 9 Clockwork Commands) face down in a stack: the app shuffles and "
        f"draws for it and names each card it turns over. Leave room for its Instant pile, which starts empty.",
        label="Champions aside, deck and Instant pile",
        help=setup_help,
    )
    state.step = "first"
    yield Instruction(
        "You take the first turn.",
        label="You go first",
        help=rule_help(rules, "first_player"),
    )
    state.phase = YOURS
