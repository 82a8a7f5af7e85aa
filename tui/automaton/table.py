"""A table of bots written as files (Root's Clockwork bots, a group's own): the seats in turn
order, each bot's turn played by the interpreter, the humans' turns at the table, and the bots'
reactions on a menu the table opens at any question of a round (one key). No Python names a bot;
the game's folder of files is the whole of it."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from ..engine import bounds, records
from ..engine.files import SaveError
from ..engine.game import READINGS_TITLE, Context, OptionError, OptionSpec, RefSection, Status, joined
from ..engine.prompts import ASIDE, Choice, Number, Option
from ..engine.rng import Rng
from ..engine.view import CardView, FlowStep, GameView, TrackGroup, TrackRow
from ..keys import REACTION
from ..rules.common import Ruleset, text_and_reading_problems
from . import expr
from . import load as load_bot
from .chart import outline
from .live import live
from .run import BotError, BotState, Interpreter, bot_turn, new_bot, procedure
from .schema import Automaton, Reading

MOST_HUMANS = 5
CHART_WIDTH = 72  # the rules screen's text, inside its frame at 80 columns


class TableRules(Ruleset, kw_only=True):
    """rulesets/<game>.toml for a game whose bots are files: what holds for the whole table."""

    # Victory points that win the game, and the rule that says so.
    win: bounds.Count
    win_rule: str
    most_seats: bounds.Count


def validate(rules: TableRules) -> list[tuple[str, str]]:
    problems = text_and_reading_problems(rules.rules, rules.readings, ["win"])
    if rules.most_seats < 2:
        problems.append(("most_seats", "a table seats at least a bot and one more"))
    return problems


class Seat(msgspec.Struct):
    name: bounds.Name
    bot: bounds.Name = ""  # a bot's id; "" for a human player


class TableState(msgspec.Struct):
    rng: Rng
    seats: bounds.Seats[Seat]
    bots: Annotated[dict[bounds.Name, BotState], msgspec.Meta(max_length=bounds.SEATS)]
    # Each file played (a bot, the shared files it uses) by name → the digest of its exact text:
    # the save keeps each text once (Session.texts), so editing a file later cannot change a game
    # in progress; and where each bot came from, with its version.
    texts: Annotated[dict[bounds.Name, bounds.Name], msgspec.Meta(max_length=bounds.SEATS * 2)]
    files: Annotated[dict[bounds.Name, bounds.Text], msgspec.Meta(max_length=bounds.SEATS)]
    phase: Literal["setup", "turn", "over"] = "setup"
    round: bounds.Counter = 0
    seat: bounds.Seat = 0
    winner: bounds.Name = ""
    # VP under each space of a track no source gives, by "<bot>.<track>": asked once, remembered.
    track_values: bounds.Table[bounds.Name, bounds.Pieces[bounds.Amount]] = {}
    # The reactions menu is waiting for its answer: its key does not open it again.
    reacting: bool = False


# -- the bots available ---------------------------------------------------------------------


def shipped_folder(game_id: str) -> Path:
    return Path(__file__).resolve().parents[2] / "rulesets" / game_id


def bot_files(game_id: str) -> dict[str, Path]:
    """Bot id → file: the shipped folder, then a group's own folder ($CLOCKWORK_RULESETS, which
    restricted mode removes from the environment), a group's file taking the place of a shipped
    one of the same id."""
    found: dict[str, Path] = {}
    folders = [shipped_folder(game_id)]
    own = os.environ.get("CLOCKWORK_RULESETS")
    if own:
        folders += [Path(own), Path(own) / game_id]
    for folder in folders:
        try:
            paths = sorted(folder.glob("*.toml"))
        except OSError:
            continue
        for path in paths:
            head = _header(path)
            if head is not None and head.game == game_id and not head.shared:
                found[head.id] = path
    return found


def _header(path: Path) -> Any:
    try:
        text = load_bot.read_text(path)
        if "[automaton]" not in text:  # a game's ruleset beside the bots: not parsed for nothing
            return None
        raw = msgspec.toml.decode(text.encode())
        return msgspec.convert(raw.get("automaton"), load_bot.Header)
    except (load_bot.AutomatonError, msgspec.DecodeError, msgspec.ValidationError, AttributeError,
            UnicodeError, RecursionError):
        return None


def read_bot(path: Path, game_id: str) -> tuple[Automaton, dict[str, str]]:
    """The checked bot and the exact texts it was read from (its own and its shared files'): a
    shared file beside the bot when the group's folder has one, else the shipped one."""
    texts: dict[str, str] = {}

    def finder(name: str) -> Path:
        own = path.parent / f"{name}.toml"
        return own if os.path.lexists(own) else shipped_folder(game_id) / f"{name}.toml"

    bot = load_bot.load(path, finder)
    texts[bot.header.id] = bot.text
    for name in bot.header.uses:
        texts[name] = load_bot.read_text(finder(name))
    return bot, texts


# Texts by digest: filled when a game reads its files and when a save hands back its own.
_TEXTS: dict[str, str] = {}


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def texts_of(state: TableState) -> dict[str, str]:
    """What the save keeps besides the state: each file's text, by digest."""
    return {d: _TEXTS[d] for d in state.texts.values() if d in _TEXTS}


def use_texts(kept: dict[str, str]) -> None:
    """A save's texts, each filed under its own digest (a text whose digest the state does not
    name is never used)."""
    for text in kept.values():
        _TEXTS[digest(text)] = text


def _known(state: TableState, name: str) -> str:
    """The digest of a file the state plays, whose text is known."""
    found = state.texts.get(name, "")
    if found not in _TEXTS:
        raise KeyError(f"the save lacks the text of {name}")
    return found


_USES: dict[str, list[str]] = {}


def _uses_of(key: str) -> list[str]:
    """The shared files a known text uses, by its digest (a text tens of kilobytes long is
    never compared as a key)."""
    found = _USES.get(key)
    if found is None:
        raw = msgspec.toml.decode(_TEXTS[key].encode())
        found = _USES[key] = list(raw.get("automaton", {}).get("uses", []))
    return found


# Parsed once per text (a step reads its bot many times), by the digests of the bot's text and of
# the shared texts it uses.
_PARSED: dict[tuple[str, ...], tuple[Automaton, Interpreter]] = {}


def bot_of(state: TableState, bot_id: str) -> Automaton:
    """The bot as the save keeps it (its exact text), parsed once per text."""
    return _parsed(state, bot_id)[0]


def interpreter_of(state: TableState, bot_id: str) -> Interpreter:
    """The bot's interpreter, which keeps its parsed expressions between turns."""
    return _parsed(state, bot_id)[1]


# Bot id → the texts table it was last found with (a copy), the digests of the texts it plays and
# what was found: a step asks for its bot several times, and a table's texts never change in a game.
_FOUND: dict[str, tuple[dict[str, str], tuple[str, ...], frozenset[str], tuple[Automaton, Interpreter]]] = {}


def _parsed(state: TableState, bot_id: str) -> tuple[Automaton, Interpreter]:
    seen = _FOUND.get(bot_id)
    # Still so while the texts and the parse are kept (a test forgets them, as a new process would).
    if seen is not None and seen[0] == state.texts and _PARSED.get(seen[1]) is seen[3] and _TEXTS.keys() >= seen[2]:
        return seen[3]
    key, found = _parse(state, bot_id)
    _FOUND[bot_id] = (dict(state.texts), key, frozenset(key), found)
    return found


def _parse(state: TableState, bot_id: str) -> tuple[tuple[str, ...], tuple[Automaton, Interpreter]]:
    own = _known(state, bot_id)
    shared = {name: _known(state, name) for name in _uses_of(own) if name in state.texts}
    key = (own, *sorted(shared.values()))
    found = _PARSED.get(key)
    if found is None:
        bot = load_bot.load_text(_TEXTS[own], f"{bot_id}.toml", {name: _TEXTS[d] for name, d in shared.items()})
        found = _PARSED[key] = (bot, Interpreter(bot))
        where = state.files.get(bot_id, "")
        if where and not where.startswith(str(shipped_folder(""))):
            # A group's own file: the save plays the text it began with (issue 25, item 3), also
            # where the file is gone (the group's folder not set on this machine).
            path = where.rsplit(" (version ", 1)[0]
            now = "editing that file does not change this game" if os.path.lexists(path) else "that file is not here now: the save's copy plays"
            records.note(f"{bot_id}: played as saved from {where}; {now}")
    return key, found


def _kept_bots(game_id: str, kept: dict[str, str]) -> dict[str, str]:
    """Bot id → name of each bot a save keeps the text of (not the shared files)."""
    out: dict[str, str] = {}
    for text in kept.values():
        if "[automaton]" not in text:
            continue
        try:
            head = msgspec.convert(msgspec.toml.decode(text.encode()).get("automaton"), load_bot.Header)
        except (msgspec.DecodeError, msgspec.ValidationError, AttributeError, RecursionError):
            continue
        if head.game == game_id and not head.shared:
            out[head.id] = head.name
    return out


# -- setup ---------------------------------------------------------------------------------


def setup_options(game_id: str) -> Callable[[TableRules], list[OptionSpec]]:
    def options(rules: TableRules) -> list[OptionSpec]:
        bots = bot_files(game_id)
        heads = {b: _header(p) for b, p in bots.items()}  # each file read once
        names = {b: head.name if head else b for b, head in heads.items()}
        return [
            OptionSpec("bots", "Bots at the table", "several",
                       choices=[Option(b, names[b]) for b in bots], default=next(iter(bots), ""),
                       lo=1, hi=max(1, rules.most_seats - 1),
                       help="The bots that play, each in its own seat (comma between ids on the command line)."),
            OptionSpec("humans", "Players at the table", "int", default="1", lo=0,
                       hi=min(MOST_HUMANS, rules.most_seats - 1),
                       help="The people who play, besides the bots."),
        ]
    return options


def saved_options(game_id: str) -> Callable[[TableRules, dict[str, str]], list[OptionSpec]]:
    """The setup fields a save is checked against: a bot it keeps the text of is a choice even
    where its file is gone (a group's folder no longer set): the save plays that text."""
    def options(rules: TableRules, kept: dict[str, str]) -> list[OptionSpec]:
        specs = setup_options(game_id)(rules)
        for spec in specs:
            if spec.key == "bots":
                listed = {c.key for c in spec.choices}
                spec.choices = [*spec.choices, *(Option(b, name) for b, name in _kept_bots(game_id, kept).items()
                                                 if b not in listed)]
        return specs
    return options


def new_state(game_id: str) -> Callable[..., TableState]:
    def create(rules: TableRules, options: dict[str, str], seed: int, recalled: Any = None) -> TableState:
        rng = Rng.from_seed(seed)
        available = bot_files(game_id)
        chosen = [b for b in options.get("bots", "").split(",") if b]
        texts: dict[str, str] = {}
        files: dict[str, str] = {}
        bots: dict[str, BotState] = {}
        seats: list[Seat] = []
        for n, bot_id in enumerate(chosen):
            if bot_id not in available:
                raise KeyError(f"no bot called {bot_id} (known: {', '.join(sorted(available))})")
            try:
                bot, bot_texts = read_bot(available[bot_id], game_id)
            except load_bot.AutomatonError as exc:
                # The file and its first problem, on one line; `clockwork validate` lists them all.
                more = f" ({len(exc.problems) - 1} more: clockwork validate lists them)" if len(exc.problems) > 1 else ""
                raise OptionError(f"bot {bot_id} cannot be played: {exc.problems[0]}{more}") from None
            for name, text in bot_texts.items():
                texts[name] = digest(text)
                _TEXTS[texts[name]] = text
            files[bot_id] = f"{available[bot_id]} (version {bot.header.version})"
            bots[bot_id] = new_bot(bot, {}, Rng.from_seed(seed * 31 + n + 1))
            seats.append(Seat(bot.header.name, bot_id))
        for n in range(int(options.get("humans", "0"))):
            seats.append(Seat(f"Player {n + 1}"))
        for mine in bots.values():
            mine.others = len(bots) - 1
        values = dict(recalled or {})
        return TableState(rng=rng, seats=seats, bots=bots, texts=texts, files=files, track_values=values)
    return create


def _ask_options(bot: Automaton, seat: Seat, state: BotState) -> Any:
    for key, option in bot.options.items():
        choices = [Option(str(n), label) for n, label in enumerate(option.choices.values(), start=1)]
        default = list(option.choices).index(option.default) + 1 if option.default in option.choices else None
        answer = yield Choice(
            f"{seat.name}: {option.label}?", choices, label=f"{seat.name} · {option.label}",
            help=option.help or (f"Rule: {option.rule}" if option.rule else ""),
            default=str(default) if default else None,
        )
        state.options[key] = list(option.choices)[int(answer) - 1]


def _ask_track_values(bot: Automaton, seat: Seat, table: TableState, state: BotState, ctx: Context) -> Any:
    """A track whose printed values no source gives: asked at the first game, then remembered."""
    for key, track in bot.tracks.items():
        if key in state.track_values:
            continue
        remembered = table.track_values.get(f"{bot.header.id}.{key}")
        if remembered is not None and len(remembered) == track.spaces:
            state.track_values[key] = list(remembered)
            ctx.log(f"{seat.name}: {track.label} values as remembered: {', '.join(map(str, remembered))}")
            continue
        values: list[int] = []
        for space in range(1, track.spaces + 1):
            values.append((yield Number(
                f"{seat.name}: what is printed under space {space} of its {track.label} track?",
                0, bounds.RULE, label=f"{track.label} · space {space}",
                help="No source we have gives these values: read them off the board; Clockwork remembers them.",
            )))
        state.track_values[key] = values
        table.track_values[f"{bot.header.id}.{key}"] = values


def setup_sequence(state: TableState) -> list[int]:
    """The seats of the bots in the order they set up: by each file's ``setup_order`` (Root: the
    setup letter, LAW 5.1.7: the Marquise places its Keep before the Eyrie its roost opposite),
    whatever the order picked on the form; a bot without one after them, in seat order. A save
    keeps its files' texts, so an older one replays in the order it was set up in."""
    bots = [n for n, seat in enumerate(state.seats) if seat.bot]
    order = {n: bot_of(state, state.seats[n].bot).header.setup_order for n in bots}
    return sorted(bots, key=lambda n: (order[n] is None, order[n] or 0, n))


def setup_turn(state: TableState, ctx: Context[TableRules]) -> Any:
    for n in setup_sequence(state):
        seat = state.seats[n]
        state.seat = n  # the bot being set up leads the screen
        bot, mine = bot_of(state, seat.bot), state.bots[seat.bot]
        yield from _ask_options(bot, seat, mine)
        yield from _ask_track_values(bot, seat, state, mine, ctx)
        if bot.turn is not None and bot.turn.setup:
            yield from procedure(interpreter_of(state, seat.bot), bot.turn.setup, mine, ctx, 0)
            mine.at, mine.ran, mine.said = [], [], {}
    if len(state.seats) > 1:
        order = yield from _ask_order(state)
        state.seats = order
    state.phase = "turn"
    state.round = 1
    state.seat = 0


def _ask_order(state: TableState) -> Any:
    """The seats in turn order, from the first player round the table."""
    left = list(state.seats)
    order: list[Seat] = []
    while len(left) > 1:
        what = "Who takes the first turn?" if not order else f"Who plays after {order[-1].name}?"
        answer = yield Choice(what, [Option(str(n), s.name) for n, s in enumerate(left, start=1)],
                              label="Turn order")
        order.append(left.pop(int(answer) - 1))
    return [*order, *left]


# -- a round -------------------------------------------------------------------------------


def seat_turn(state: TableState, ctx: Context[TableRules]) -> Any:
    rules = ctx.rules
    seat = state.seats[state.seat]
    if seat.bot:
        bot, run = _parsed(state, seat.bot)
        mine = state.bots[seat.bot]
        yield from _reacting(state, ctx, bot_turn(bot, mine, ctx, run))
        if "vp" in mine.counters and mine.counters["vp"] >= rules.win:
            state.winner = seat.name
            ctx.log(f"{seat.name} reaches {mine.counters['vp']} VP and wins ({rules.win_rule})")
    else:
        yield from _reacting(state, ctx, _human_turn(rules, state, seat, ctx))
    if state.winner:
        state.phase = "over"
        return
    state.seat = (state.seat + 1) % len(state.seats)
    if state.seat == 0:
        state.round += 1


def _reactions(state: TableState, every: bool = False) -> list[tuple[str, str, str]]:
    """(bot id, procedure, menu label) for every reaction a seated bot offers now: those whose
    ``offered`` condition holds (the Keep's removal only while the Keep is on the map). ``every``:
    all of them, as the menus of saves made before facts_version 1 listed them."""
    out = []
    for seat in state.seats:
        if seat.bot:
            bot, run = _parsed(state, seat.bot)
            for name, reaction in run.reactions():
                if every or _offered(run, state, seat.bot, bot.procedures[name].offered):
                    out.append((seat.bot, name, f"{seat.name}: {reaction}"))
    return out


def _offered(run: Interpreter, state: TableState, bot_id: str, condition: str) -> bool:
    if not condition:
        return True
    try:
        return run.holds(condition, state.bots[bot_id])
    except BotError:  # a condition that cannot be read now never hides the rule from the table
        return True


def _human_turn(rules: TableRules, state: TableState, seat: Seat, ctx: Context) -> Any:
    """A player's turn, played at the table: done, a bot's reaction (the same menu as the
    reactions key) or a win. No answer is taken by Enter alone: a player pressing Enter through a
    bot's instructions would end the next player's turn unseen (playtest, 80×24)."""
    while True:
        if not ctx.facts.refusing:
            # Answers given before facts_version 1 (the menu listed each reaction by number, Enter
            # was done): they replay against the menu they were given to.
            yield from _human_turn_listed(rules, state, seat, ctx)
            return
        reactions = _reactions(state)
        options = [Option("d", "done: the turn is over")]
        if reactions:
            options.append(Option("r", "a bot's reaction: its rule fired"))
        options.append(Option("w", "a player has won"))
        answer = yield Choice(
            f"{seat.name}'s turn: play it at the table.", options, label=f"{seat.name}'s turn",
            help="d when the turn is over (Enter alone does nothing here)"
            + (f"; r starts a bot's reaction, as {REACTION.shown} does at any step of a round" if reactions else "")
            + "; w when a player has won.")
        if answer == "d":
            return
        if answer == "w":
            yield from _human_won(state, ctx)
            return
        yield from _reacting(state, ctx, _reaction_menu(state, ctx))


def _human_won(state: TableState, ctx: Context) -> Any:
    humans = [s.name for s in state.seats if not s.bot]
    pick = yield Choice("Who has won?", [Option(str(n), name) for n, name in enumerate(humans, start=1)],
                        label="Winner")
    state.winner = humans[int(pick) - 1]
    ctx.log(f"{state.winner} wins")


def _human_turn_listed(rules: TableRules, state: TableState, seat: Seat, ctx: Context) -> Any:
    """The player's turn menu as saves made before facts_version 1 answered it."""
    while True:
        reactions = _reactions(state, every=True)
        options = [Option("d", "done: the turn is over")]
        options += [Option(str(n), label) for n, (_, _, label) in enumerate(reactions, start=1)]
        options.append(Option("w", f"{seat.name} or another player has won"))
        answer = yield Choice(f"{seat.name}'s turn: play it at the table.", options, label=f"{seat.name}'s turn",
                              default="d")
        if answer == "d":
            return
        if answer == "w":
            yield from _human_won(state, ctx)
            return
        yield from _react(state, ctx, *reactions[int(answer) - 1])
        if ctx.facts.refusing:  # the answers given since: the menu of now
            return (yield from _human_turn(rules, state, seat, ctx))


# -- reactions at any question of a round (issue 25 item 1) -----------------------------------

def aside(state: TableState) -> str:
    """The reactions menu as the history names it, open at every question of a round (GameDef.aside:
    one key) while a seated bot has a reaction; "" during setup and at the menu itself."""
    if state.phase != "turn" or state.reacting or not _reactions(state):
        return ""
    return "reactions menu"


Turn = Generator[Any, Any, Any]


def _reacting(state: TableState, ctx: Context, turn: Turn) -> Turn:
    """``turn`` with the reactions menu open at each of its questions: the menu's key answers the
    pending question with prompts.ASIDE (recorded like any answer, so a save and undo replay it);
    then the menu and the reaction chosen run, and the same question is asked again, unchanged.
    Any other answer goes on to ``turn``."""
    value: Any = None
    while True:
        try:
            prompt = turn.send(value)
        except StopIteration as done:
            return done.value
        value = yield prompt
        while isinstance(value, str) and value == ASIDE:
            # Wrapped too: a reaction's own questions open the menu again (a reaction's effect can
            # set off another bot's).
            yield from _reacting(state, ctx, _reaction_menu(state, ctx))
            value = yield prompt


def _reaction_menu(state: TableState, ctx: Context) -> Turn:
    """Which reaction fired: the seated bots' reactions; with several bots, the bot first (a key
    each, never more than a screen's worth)."""
    reactions = _reactions(state, every=not ctx.facts.refusing)
    bots = list(dict.fromkeys(bot_id for bot_id, _, _ in reactions))
    back = Option("b", "back: no reaction")
    help_ = "A bot's reaction, started the moment its rule fires; the question that was waiting comes back after it."
    state.reacting = True
    names = {s.bot: s.name for s in state.seats if s.bot}
    if len(bots) > 1:
        options = [Option(str(n), names[b]) for n, b in enumerate(bots, start=1)]
        pick = yield Choice("Whose reaction has its rule fired?", [*options, back], label="Reaction",
                            default="b", help=help_)
        if pick == "b":
            state.reacting = False
            return
        reactions = [r for r in reactions if r[0] == bots[int(pick) - 1]]
    # The bot named once, in the question: its name before each reaction cut the list short at
    # 80 columns (playtest).
    whose = names[reactions[0][0]] if reactions else ""
    options = [Option(str(n), label.removeprefix(f"{whose}: ")) for n, (_, _, label) in enumerate(reactions, start=1)]
    question = f"{whose}: which reaction's rule fired?" if whose else "Which reaction has its rule fired?"
    answer = yield Choice(question, [*options, back], label="Reaction",
                          default="b", help=help_)
    state.reacting = False
    if answer != "b":
        yield from _react(state, ctx, *reactions[int(answer) - 1])


def _react(state: TableState, ctx: Context, bot_id: str, name: str, label: str) -> Turn:
    """One reaction's steps; the bot's own turn, if under way, goes on where it was."""
    mine = state.bots[bot_id]
    ctx.log(f"reaction during {state.seats[state.seat].name}'s turn: {label}")
    where, ran, said = list(mine.at), mine.ran, mine.said
    yield from procedure(interpreter_of(state, bot_id), name, mine, ctx, 0)
    mine.at, mine.ran, mine.said = where, ran, said


# -- what the screen shows -------------------------------------------------------------------


def status(state: TableState) -> Status:
    if state.phase == "setup":
        return Status("Setup", save=joined("Setup", ", ".join(s.name for s in state.seats)))
    if state.phase == "over":
        return Status(joined("Game over", f"{state.winner} wins" if state.winner else ""))
    seat = state.seats[state.seat]
    scores = ", ".join(f"{s.name} {state.bots[s.bot].counters['vp']} VP" for s in state.seats
                       if s.bot and "vp" in state.bots[s.bot].counters)
    turn = joined(f"Round {state.round}", f"{seat.name}'s turn")
    return Status(turn, save=joined(turn, scores))


def view(state: TableState, rules: TableRules) -> GameView:
    cards: list[CardView] = []
    flow: list[FlowStep] = []
    groups: list[TrackGroup] = []
    current = _current(state)
    # The bot whose turn it is first, so its numbers are the ones in view; while another bot's
    # reaction runs, that bot (playtest: a 4-bot table showed the Marquise on the Vagabot's turn).
    leader = _reacting_seat(state) or current
    for seat in sorted(state.seats, key=lambda s: s is not leader):
        if not seat.bot:
            continue
        bot = bot_of(state, seat.bot)
        mine = state.bots[seat.bot]
        playing = seat is current  # what holds for one turn is shown only during it
        rows = [_counter_row(rules, k, c, mine.counters[k])
                for k, c in bot.counters.items() if c.shown and (playing or not c.per_turn)]
        rows += [TrackRow(f.label, "yes" if mine.flags[k] else "no") for k, f in bot.flags.items()
                 if playing or not f.per_turn]
        for k, t in bot.tracks.items():
            worth = f" · {interpreter_of(state, seat.bot).vp(k, mine)} VP" if k in mine.track_values else ""
            rows.append(TrackRow(t.label, f"{mine.tracks[k]} of {t.spaces}{worth}", mine.tracks[k], 0, t.spaces))
        rows += [TrackRow(z.label, ", ".join(mine.piles.pile(k)) or "empty") for k, z in bot.zones.items()]
        rows += [TrackRow(d.label, f"{mine.piles.count(k)} cards, hidden") for k, d in bot.decks.items()]
        groups.append(TrackGroup(seat.name, rows))
    if current is not None and current.bot:
        bot = bot_of(state, current.bot)
        mine = state.bots[current.bot]
        for name in bot.turn.show if bot.turn else []:
            value = mine.variables.get(name)
            if name in mine.fresh and value not in (None, ""):  # not last turn's card
                cards.append(CardView(str(value), kind=name))
        if mine.at:
            name, at = mine.at[-1]
            run = interpreter_of(state, current.bot)
            off = live(bot, mine.options, mine.others).off(name)  # a trait or difficulty setup left out
            for i, step in enumerate(bot.procedures[name].steps):
                if i in off and i != at:
                    continue
                # Before the ▶, only the steps this run went through are done; a branch's other
                # arms are skipped, not ticked. A step done reads as it was said, not with the
                # values the bot holds now.
                ran = i in mine.ran
                words = mine.said.get(i) if ran and i <= at else None
                if words is None:
                    words = _flow_words(bot, run, mine, step, reached=ran and i <= at)
                if words:
                    flow.append(FlowStep(words, "current" if i == at else "todo" if i > at else "done" if ran else "skipped"))
    return GameView(
        title=rules.ruleset.title,
        status=status(state).headline,
        cards_title=", ".join(_shown_names(state)) or "Cards",
        cards=cards,
        flow_title=(f"{current.name}'s {'setup' if state.phase == 'setup' else 'turn'}"
                    if current is not None and current.bot else "Steps"),
        flow=flow,
        tracks=groups,
        finished=status(state).turn if state.phase == "over" else "",
    )


def _counter_row(rules: TableRules, key: str, counter: Any, value: int) -> TrackRow:
    """A counter's row: its bar against its range; VP against the score that wins (LAW 3.1), not
    the counter's bound (999); a counter whose max is only a bound (``bar = false``) as a number."""
    if not counter.bar:
        return TrackRow(counter.label, str(value))
    if key == "vp":
        return TrackRow(counter.label, f"{value} of {rules.win}", value, 0, rules.win)
    return TrackRow(counter.label, str(value), value, counter.min, counter.max)


def _flow_words(bot: Automaton, run: Interpreter, mine: BotState, step: Any, reached: bool) -> str:
    """A step as the table knows it: what the bot says or asks, what it scores, the part of its
    turn it goes to; its own bookkeeping (draws, sets, branches) is not the table's to follow. A
    step not reached yet shows … for what it will read then (not what it holds now)."""
    kind = run.kind(step)
    if kind in ("say", "ask"):
        text = step.say if kind == "say" else step.text
        if not reached:
            return _unread(text or "")
        try:
            return run.text(text or "", mine)
        except (BotError, KeyError):  # a name with no value yet this turn: the words as written
            return _unread(text or "")
    if kind == "score":
        return "Score victory points"
    if kind in ("call", "repeat"):
        return bot.procedures[getattr(step, kind)].label
    return ""


def _unread(text: str) -> str:
    out, i = [], 0
    for part, column in expr.placeholders(text):
        start = column - 2
        out.append(text[i:start] + "…")
        i = start + len(part) + 2
    return "".join(out) + text[i:]


def _switched_off(bot: Automaton, mine: BotState) -> dict[tuple[str, int], str]:
    """(procedure, step) → the options that switch the step off for this bot ("blitz = off")."""
    seen = live(bot, mine.options, mine.others)
    return {(name, i): seen.words(why) for name in bot.procedures for i, why in seen.off(name).items()}


def _shown_names(state: TableState) -> list[str]:
    seat = _current(state)
    if seat is None or not seat.bot:
        return []
    bot = bot_of(state, seat.bot)
    return [name.replace("_", " ").capitalize() for name in (bot.turn.show if bot.turn else [])]


def _reacting_seat(state: TableState) -> Seat | None:
    """The seat of a bot whose reaction runs during another seat's turn: the only time a bot not
    playing is somewhere in its chart (a turn and a setup leave it at none, _react puts it back)."""
    current = _current(state)
    if state.phase != "turn" or current is None:
        return None
    return next((s for s in state.seats if s.bot and s is not current and state.bots[s.bot].at), None)


def _current(state: TableState) -> Seat | None:
    """The seat playing, or the bot being set up."""
    return state.seats[state.seat] if state.phase != "over" and state.seat < len(state.seats) else None


def reference(rules: TableRules, state: TableState) -> list[RefSection]:
    sections = []
    # Where each bot is in its chart (issue 25 item 5): the one whose turn it is first, or the one
    # whose reaction runs.
    leader = _reacting_seat(state) or _current(state)
    seats = sorted((s for s in state.seats if s.bot), key=lambda s: s is not leader)
    marked = False
    for seat in seats:
        mine = state.bots[seat.bot]
        bot = bot_of(state, seat.bot)
        where = " (▶ where it is now)" if mine.at else ""
        # Its options are asked at setup: until then none is known to be off.
        off = _switched_off(bot, mine) if state.phase != "setup" or mine.at else None
        lines = outline(bot, mine.at, CHART_WIDTH, off)
        # The screen opens at the innermost ▶ of the bot playing (the step it is at): the ▶ under
        # the heading of the procedure last in `at`, wherever the file defines it (the last ▶ of
        # the chart was a caller's when the callee came earlier in the file).
        at = -1 if marked or not mine.at else _marked_line(lines, mine.at[-1][0])
        marked = marked or at >= 0
        sections.append(RefSection(f"{seat.name}: its chart{where}", lines, at))
    sections.append(RefSection("At the table", [r.cited for r in rules.rules.values()]))
    for bot_id, where in state.files.items():
        sections.append(RefSection(f"Bot file: {bot_id}", [where]))
    return sections + _bot_readings(state)


def _marked_line(lines: list[str], name: str) -> int:
    """The line of the ▶ in procedure ``name``'s part of a chart (chart.outline: a heading starts
    with the procedure's name and " · ", its steps with a mark or a space); -1 if none."""
    head = next((i for i, line in enumerate(lines) if line.startswith(f"{name} · ")), len(lines))
    return next((i for i in range(head, len(lines)) if lines[i].startswith("▶")), -1)


def _bot_readings(state: TableState) -> list[RefSection]:
    """Each seated bot's readings, for the readings page; those of a shared file its bots use
    once, under the shared file's name."""
    shared: dict[str, list[Any]] = {}
    for name in state.texts:
        if name in state.bots:
            continue
        try:
            raw = msgspec.toml.decode(_TEXTS[_known(state, name)].encode())
            head = msgspec.convert(raw.get("automaton"), load_bot.Header)
            shared[head.name] = msgspec.convert(raw.get("readings", []), list[Reading])
        except (KeyError, msgspec.DecodeError, msgspec.ValidationError, AttributeError, RecursionError):
            continue
    common = {(r.question, r.reading) for readings in shared.values() for r in readings}
    sections = []
    for seat in state.seats:
        if seat.bot:
            own = [r for r in bot_of(state, seat.bot).readings if (r.question, r.reading) not in common]
            sections.append(_readings_section(seat.name, own))
    sections += [_readings_section(name, readings) for name, readings in shared.items()]
    return [s for s in sections if s.lines]


def _readings_section(name: str, readings: list[Any]) -> RefSection:
    return RefSection(f"{READINGS_TITLE} · {name}", [f"{r.question} → {r.reading} ({r.source})" for r in readings])


# -- records kept between games (the values asked at the first game) --------------------------


def records_file(game_id: str) -> str:
    return f"{game_id}.bots"


def recall(game_id: str) -> Callable[[Path], dict[str, list[int]]]:
    def read(saves_dir: Path) -> dict[str, list[int]]:
        try:
            stored = records.load(Path(saves_dir) / records_file(game_id), dict[str, list[bounds.Count]],
                                  "bot track values")
        except SaveError as exc:
            records.note(str(exc))
            return {}
        return dict(stored or {})
    return read


def remember(game_id: str) -> Callable[[TableState, Path, str], None]:
    def write(state: TableState, saves_dir: Path, key: str) -> None:
        if not state.track_values:
            return
        stored = recall(game_id)(saves_dir)
        merged = {**stored, **state.track_values}
        if merged != stored:
            records.write(Path(saves_dir) / records_file(game_id), merged, "bot track values")
    return write

