"""What the shared tests need to know of Command of Nature: the Clockwork Sage
(tests/per_game/__init__.py). Its checks of questions the record answers are written from the rules
text (seed command-of-nature-clockwork-sage.txt), apart from the game's code."""

from __future__ import annotations

import random
import re

import msgspec

from known_answers import Play, Turn
from per_game import Beside, Bound, Fixture
from tui.engine.prompts import Choice, Number
from tui.engine.session import Runner
from tui.games.command_of_nature import records as board


# ---- questions the record answers (tests/known_answers.py) ---------------------------------------

def con_options(rnd: random.Random) -> dict[str, str]:
    return {
        "sage": rnd.choice(["twig", "pebble", "leaf", "droplet"]),
        "difficulty": rnd.choice(["easy", "normal", "hard", "brutal"]),
        "check_board": rnd.choice(["yes", "no"]),
        "highest_hp": rnd.choice(["printed", "remaining"]),
        "gold_cap": rnd.choice(["yes", "no"]),
        "shields": rnd.choice(["spent", "kept"]),
        "overflow_damage": rnd.choice(["reducible", "unreducible"]),
    }


def con_said_this_game(runner: Runner, pattern: str) -> bool:
    """Some answer the table gave earlier in this game has a label matching ``pattern``."""
    return any(e.kind == "answer" and re.search(pattern, e.text) for e in runner.session.log)


def con_rows(runner: Runner) -> list[int]:
    """The row of each formation space, Row I first (notes §1: 1, 2 and 3 spaces)."""
    return [row for row, n in enumerate(runner.rules.formation.row_spaces, start=1) for _ in range(n)]


def con_fresh(runner: Runner, rows) -> list:
    """The Clockwork Elementals in ``rows`` that have not attacked this turn (RT III.D: once each)."""
    spaces = con_rows(runner)
    return [s for i, s in enumerate(runner.state.formation) if s is not None and spaces[i] in rows and not s.attacked]


def con_printed_values(turn: Turn, prompt, runner, options) -> str | None:
    """RT HOW TO START (gold for the chosen difficulty), HOW TO PLAY (daybreak gold as levels are
    reached), the printed gold of a card: each is read off the board or card once, then known."""
    rules = runner.rules
    label = prompt.label
    if m := re.fullmatch(r"Sage board: (.+) starting gold", label):
        chosen = next(d.label for d in rules.difficulties if d.key == options["difficulty"])
        if m.group(1) != chosen:
            return f"the difficulty token is on {chosen}"
        if con_said_this_game(runner, rf"^{re.escape(label)} → "):
            return "the table gave it earlier this game"
    if m := re.fullmatch(r"Sage board: daybreak gold from level (\d+)", label):
        if int(m.group(1)) > runner.state.level.value:
            return f"the Clockwork is at level {runner.state.level.value}"
        if con_said_this_game(runner, rf"^{re.escape(label)} → "):
            return "the table gave it earlier this game"
    if label.endswith(" — gold gained") and (m := re.search(r"How much gold does (.+?) give the Clockwork", prompt.text)):
        card = re.escape(m.group(1))
        if con_said_this_game(runner, rf"^(Daybreak: |Resolve )?{card} — gold gained → "):
            return f"the table gave {m.group(1)}'s printed gold earlier this game"
    return None


SHOTS = ("Buy Shot", "Burn Shot")  # RT CLOCKWORK COMMAND CARDS: the highest STR in Row I or II


def con_attackers(turn: Turn, prompt, runner, options) -> str | None:
    """RT III.D (each Elemental attacks once a turn; a card's rows) and the Shots (the highest STR
    in Row I or II, each boost +1 STR): asked only when more than one may attack."""
    rules = runner.rules
    m = re.fullmatch(r"Attacker for (.+)", prompt.label)
    if m is None:
        return None
    card = m.group(1)
    cc, cmd = rules.clockwork_command(card), rules.command(card)
    fresh = con_fresh(runner, (cc or cmd).rows)
    if card in SHOTS and fresh:
        power = [rules.elemental(s.card).strength + s.boosts for s in fresh]
        if power.count(max(power)) == 1:
            return f"{fresh[power.index(max(power))].card} alone has the highest STR"
    if len(fresh) == 1:
        return f"only {fresh[0].card} may attack from its rows"
    return None


def con_attacker_gone(turn: Turn, prompt, runner, options) -> str | None:
    """RT III.D: every Elemental left in the formation has attacked this turn, so no other one can
    take over the attack (reading attacker-gone: the rest of the card still happens)."""
    if prompt.label.endswith(": attacker gone") and not con_fresh(runner, (1, 2, 3)):
        return "every Clockwork Elemental has attacked this turn"
    return None


def con_safe_distance(turn: Turn, prompt, runner, options) -> str | None:
    """CLOCKWORK COMMAND CARDS, Safe Distance: the other Elemental with the highest HP (printed,
    by the option) swaps with the Sage; the table chooses only on a tie."""
    if prompt.label != "Safe Distance: swap partner":
        return None
    rules = runner.rules
    sage = next(p.sage for p in rules.packs if p.key == runner.state.pack)
    others = [s for s in runner.state.formation if s is not None and s.card != sage]
    if len(others) == 1:
        return f"{others[0].card} is the only other Elemental"
    hp = [rules.elemental(s.card).hp for s in others]
    if options["highest_hp"] == "printed" and hp.count(max(hp)) == 1:
        return f"{others[hp.index(max(hp))].card} alone has the highest printed HP"
    return None


def con_instant_copies(turn: Turn, prompt, runner, options) -> str | None:
    """RT HOW TO PLAY: the card you played sets off the top Instant or not by that Instant's text;
    another copy of an Instant the same card set off is set off too."""
    m = re.fullmatch(r"Does your card set off (.+)\?", prompt.label)
    if m is None:
        return None
    since: list[str] = []
    for asked in turn.asked:
        if "→ You play a card" in asked.said:
            since = []
        else:
            since.append(asked.said)
    if f"{prompt.label} → yes" in since:
        return f"the card you played set off another {m.group(1)}"
    return None


# Answers that end the game: given only from round CON_ROUNDS on, so games reach the later levels.
CON_ROUNDS = 4


def con_pick(prompt, runner: Runner, rnd: random.Random) -> str | None:
    """Small gold amounts (turns stay short, as at a table); the game ends only from round
    CON_ROUNDS on (no Sage defeated on either side before)."""
    if isinstance(prompt, Number):
        return str(rnd.randint(max(prompt.lo, 0), min(prompt.hi, 3)))
    if isinstance(prompt, Choice) and runner.state.round < CON_ROUNDS:
        sages = {p.sage for p in runner.rules.packs}
        lasting = [o.key for o in prompt.options
                   if not (o.key == "s" and "Sage" in o.label) and o.label.split(" (")[0] not in sages]
        return rnd.choice(lasting or [o.key for o in prompt.options])
    return None


MARKET_QUESTIONS = ("Costliest in the Elemental Market", "Costliest in the Command Market",
                    "Market card to the Clockwork") + tuple(
    f"{which} in the {market} Market, to the game box" for which in ("Costliest", "Cheapest")
    for market in ("Elemental", "Command"))


def con_market(turn: Turn, prompt, runner, options) -> str | None:
    """Notes §3 (a Warrior is one card, the others have their copies): a market card every copy of
    which the Clockwork holds (its piles, its formation, the box it sent cards to) or its Burns sent
    to the game box (review CA-1) is in no market."""
    if prompt.label not in MARKET_QUESTIONS:
        return None
    rules, state = runner.rules, runner.state
    held: dict[str, int] = {}
    for card in ([c for pile in state.deck.piles.values() for c in pile] + [s.card for s in state.formation if s]
                 + list(state.boxed)):
        held[card] = held.get(card, 0) + 1
    copies = {e.card: e.copies for e in rules.markets.elemental + rules.markets.command}
    gone = [c for c in dict.fromkeys(prompt.cards) if c in copies and held.get(c, 0) >= copies[c]]
    if gone:
        return f"it offers {', '.join(gone)}, every copy of which the Clockwork holds"
    return None


def con_space(turn: Turn, prompt, runner, options) -> str | None:
    """RT III.A: a summon goes into a free space; with one free space there is nothing to choose."""
    if prompt.label.startswith("Space for ") and sum(s is None for s in runner.state.formation) == 1:
        return "only one space of the formation is free"
    return None


KNOWN_ANSWERS = Play(con_options, {}, [con_printed_values, con_attackers, con_attacker_gone, con_safe_distance,
                                       con_instant_copies, con_market, con_space], pick=con_pick)


# ---- the fixture save (tests/fixtures/saves/make_fixture.py) ----------------------------------------

FIXTURE = Fixture({}, 1, 150, 7)  # Setup + three rounds of two turns


# ---- typed steps in codes (tests/test_typed_legends.py) ----------------------------------------

TYPED_CODES: dict = {}  # card names only: each has its picker


# ---- a saved value the game never makes (tests/test_safe_bounds.py) ----------------------------

OUT_OF_RANGE = Bound(("gold", "value"), 10**12, "session.snapshots[0].state.gold.value is out of range")


# ---- its records beside the saves (tests/test_safe_beside.py) ---------------------------------------

BESIDE = Beside(
    board.FILE,
    foreign=lambda mark: msgspec.json.encode(board.Records(card_gold={mark: 3})),
    earlier=lambda folder: (folder / board.FILE).write_bytes(
        msgspec.json.encode(board.Records(card_gold={"Shadow Blade": 2}))),
    kept=lambda folder: board.recall(folder).starting_gold != {},
    steps=["", "5"],  # step 2 gives the Sage board's starting gold
)
