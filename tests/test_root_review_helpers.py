"""A table for the reviewer's Root situations (tests/scenarios/review-2026-11/root.md): real bot
files played by the generic table, the bot's record set to the situation's start, and a script of
the table's answers that must meet the bot's questions one for one (an extra question fails)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tui import games
from tui.automaton import table as automaton_table
from tui.engine.game import check_options
from tui.engine.prompts import ASIDE, Choice, Instruction, Number, Prompt
from tui.engine.session import Runner
from tui.opengame import OpenGame

NAMES = {"mechanical-marquise": "Mechanical Marquise 2.0", "electric-eyrie": "Electric Eyrie",
         "automated-alliance": "Automated Alliance", "vagabot": "Vagabot"}
# The reviewer's givens G-MM, G-EE, G-AA: what the table read off the boards at the first game.
VALUES = {
    "Sawmills": [0, 1, 2, 3, 4, 5],
    "Workshops": [0, 2, 2, 3, 3, 4],
    "Recruiters": [0, 1, 1, 2, 3, 4],
    "Roosts": [0, 1, 2, 3, 4, 4, 5],
    "Sympathy on the map": [0, 1, 1, 1, 2, 2, 3, 3, 4, 4],
}


@dataclass
class Played:
    said: list[str] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)

    def says(self, part: str) -> str:
        found = [t for t in self.said if part in t]
        assert found, f"the bot never said {part!r}; it said: {self.said}"
        return found[0]

    def never_asks(self, part: str) -> None:
        assert not any(part in t for t in self.asked), f"asked {part!r}: {self.asked}"


def table(bots: list[str], humans: int = 1, options: dict[str, dict[str, str]] | None = None,
          order: list[str] | None = None, seed: int = 5) -> Runner:
    """A table set up with the givens: each bot's options by label word (e.g. {"Difficulty":
    "Challenging"}; traits off unless named), the track values, the seats in turn order (bot ids or
    "Player 1"; unnamed seats follow)."""
    game = games.get("root")
    rules = OpenGame.load_rules(game)
    chosen = check_options(game.setup_options(rules), {"bots": ",".join(bots), "humans": str(humans)})
    runner = Runner.new(game, rules, chosen, seed)
    options = options or {}
    seats = [NAMES.get(s, s) for s in (order or [bots[0]])]
    for _ in range(200):
        prompt = runner.pending
        if prompt is None or prompt.text.endswith("play it at the table.") or (
                isinstance(prompt, Choice) and prompt.text.startswith("Reveal the top card")):
            return runner
        if isinstance(prompt, Instruction):
            runner.answer("")
        elif isinstance(prompt, Number) and "printed under space" in prompt.text:
            space = int(prompt.text.split("space ")[1].split()[0])
            track = prompt.text.split(" of its ")[1].removesuffix(" track?")
            runner.answer(str(VALUES[track][space - 1]))
        elif prompt.text == "Who takes the first turn?" or prompt.text.startswith("Who plays after"):
            assert isinstance(prompt, Choice)
            runner.answer(next((o.key for s in seats for o in prompt.options if o.label == s), prompt.options[0].key))
        else:
            assert isinstance(prompt, Choice), prompt.text
            seat, label = prompt.text.removesuffix("?").split(": ", 1)
            bot = next(b for b, n in NAMES.items() if n == seat)
            want = options.get(bot, {}).get(label, "Normal" if label == "Difficulty" else "Off")
            keys = [o.key for o in prompt.options if o.label.split(":")[0] == want]
            runner.answer(keys[0] if keys else prompt.default or "1")
    raise AssertionError("setup did not end")


def record(runner: Runner, bot: str, zones: dict[str, list[str]] | None = None, **values: int | bool) -> None:
    """Sets the bot's record to the situation's start (counters, flags, tracks, variables, zones)."""
    mine = runner.state.bots[bot]
    for key, value in values.items():
        for kept in (mine.counters, mine.flags, mine.tracks, mine.variables):
            if key in kept:
                kept[key] = value
                break
        else:
            raise KeyError(key)
    for zone, cards in (zones or {}).items():
        mine.piles.pile(zone).clear()
        for card in cards:
            mine.piles.put(card, zone)


def marquise_record(runner: Runner, supply: int, sawmills: int, workshops: int, recruiters: int, vp: int) -> None:
    """The Buildings tracks by the reviewer's n (buildings still on each track)."""
    record(runner, "mechanical-marquise", warriors=supply, vp=vp, sawmills_left=sawmills, workshops_left=workshops,
           recruiters_left=recruiters, sawmills=6 - sawmills, workshops=6 - workshops, recruiters=6 - recruiters)


def play(runner: Runner, script: Iterable[tuple[str, str]], played: Played | None = None) -> Played:
    """Confirms every instruction and answers each question with the script's next line, whose
    first part must be in the question's text; stops when the script is done and a question waits."""
    played = played or Played()
    lines = list(script)
    for _ in range(1000):
        prompt: Prompt | None = runner.pending
        if prompt is None:
            break
        if isinstance(prompt, Instruction):
            if lines and lines[0][1].startswith("@") and lines[0][0] in prompt.text:
                _start_reaction(runner, lines.pop(0)[1][1:])  # while the instruction is carried out
                continue
            played.said.append(prompt.text)
            runner.answer("")
            continue
        if not lines:
            break
        want, raw = lines.pop(0)
        assert want in prompt.text, f"the table expected a question with {want!r}; the bot asked {prompt.text!r}"
        played.asked.append(prompt.text)
        if raw.startswith("@"):  # a reaction by its words, started from the ^f menu at this question
            _start_reaction(runner, raw[1:])
            continue
        runner.answer(raw)
    assert not lines, f"answers left over: {lines}; waiting: {runner.pending and runner.pending.text!r}"
    return played


def _start_reaction(runner: Runner, words: str) -> None:
    """Opens the reactions menu at the waiting question and picks the reaction whose label holds
    ``words`` (the bot first when several have reactions), as the table does with ^f."""
    bot_id, _, label = next(r for r in automaton_table._reactions(runner.state) if words in r[2])
    runner.answer(ASIDE)
    menu = runner.pending
    assert isinstance(menu, Choice)
    name = next(s.name for s in runner.state.seats if s.bot == bot_id)
    if menu.text.startswith("Whose"):
        runner.answer(next(o.key for o in menu.options if o.label == name))
        menu = runner.pending
        assert isinstance(menu, Choice)
    # The bot's name is in the question; each option is the reaction's own words.
    assert menu.text.startswith(f"{name}: ")
    runner.answer(next(o.key for o in menu.options if o.label == label.removeprefix(f"{name}: ")))


def mine(runner: Runner, bot: str):
    return runner.state.bots[bot]


NO_LOSS = ("did they remove any", "n")  # the Marquise's battles removed nothing


def expand_twice():
    """R-1's turn: fox and mouse build nothing, the rabbit of the second Expand builds."""
    runner = table(["mechanical-marquise"])
    marquise_record(runner, supply=9, sawmills=4, workshops=5, recruiters=5, vp=10)
    turn = play(runner, [
        ("Which suit", "fox"), ("still in the supply", "n"),
        NO_LOSS, ("rule any fox", "y"), ("Build a sawmill", "n"),
        ("Expand: discard", "mouse"), NO_LOSS, ("rule any mouse", "y"), ("Build a recruiter", "n"),
        ("Expand: discard", "rabbit"), NO_LOSS, ("rule any rabbit", "y"), ("Build a workshop", "y"),
    ])
    return runner, turn


def told_at_setup(monkeypatch, bot: str) -> list[str]:
    """What the bot's setup tells the table (every instruction confirmed)."""
    told: list[str] = []
    answer = Runner.answer

    def noting(self: Runner, raw: str) -> str:
        if isinstance(self.pending, Instruction):
            told.append(self.pending.text)
        return answer(self, raw)

    monkeypatch.setattr(Runner, "answer", noting)
    table([bot])
    monkeypatch.setattr(Runner, "answer", answer)
    return told
