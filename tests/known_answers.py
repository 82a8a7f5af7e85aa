"""Random games that fail when a question was shown whose answer followed from the record (issue
23 item 2): this turn's answers, what Clockwork tracks, the setup.

``asked_known(game_id, seeds)`` plays whole games with random valid answers (drivers.answer_taken
gives another when the game refuses one) and, before each answer, checks the question shown:

- against the record: its fact (``prompt.fact``) must not be known or forced (engine/facts.py);
- against the rules: each of the game's ``implied`` checks, written from the rules text apart from
  the game's code, looks at what was said so far this turn and names the answer that followed.

It returns one line per offence (seed, step, question, why). A game plugs in with its entry in
``GAMES`` (how random play sets it up and keeps it going; its checks, if any) and its id in the
test's list (tests/test_known_answers.py).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from drivers import answer_taken
from tui.engine.prompts import Choice, Instruction, Number, Prompt, valid_answers
from tui.engine.session import Runner
from tui.opengame import OpenGame


@dataclass
class Turn:
    """What a check sees of the turn so far, in order: each question shown with the label of its
    answer (``Asked``), and the other history lines (effects, answers from the record)."""

    events: list = field(default_factory=list)

    @property
    def asked(self) -> list[Asked]:
        return [e for e in self.events if isinstance(e, Asked)]

    def since(self, marker: str) -> list[Asked]:
        """The questions asked after the last history line matching ``marker`` (a regex)."""
        start = 0
        for i, event in enumerate(self.events):
            if isinstance(event, str) and re.search(marker, event):
                start = i + 1
        return [e for e in self.events[start:] if isinstance(e, Asked)]

    def answered(self, pattern: str) -> bool:
        """Some answer this turn has a label matching ``pattern`` (a regex)."""
        return any(re.search(pattern, a.said) for a in self.asked)


@dataclass
class Asked:
    label: str
    text: str
    said: str = ""  # the answer's label in the history ("Hold Darkest Secret? → no")


# A check: (the turn so far, the question shown, the runner, the game's options) → why its answer
# followed from the record, or None.
Check = Callable[[Turn, Prompt, Runner, dict[str, str]], "str | None"]


@dataclass
class Play:
    options: Callable[[random.Random], dict[str, str]] = lambda rnd: {}
    going_on: dict[str, str] = field(default_factory=dict)  # label → the answer that keeps it going
    implied: list[Check] = field(default_factory=list)
    # The game's own pick of an answer (the prompt, the runner, the random source), where random
    # play would end games too soon or make turns too long; None: a random one.
    pick: Callable[[Prompt, Runner, random.Random], str | None] | None = None


def from_record(runner: Runner, prompt: Prompt) -> str | None:
    """The record knows the answer (its fact has one value): it should have answered itself."""
    ask = getattr(prompt, "fact", None)
    record = getattr(runner, "facts", None)
    known = record.known.get(ask.name) if ask is not None and record is not None else None
    if known is not None and len(known.values) == 1:
        return f"the record says {known.values[0]!r} ({known.why})"
    return None


def asked_known(game_id: str, seeds, steps: int = 5000) -> list[str]:
    play = GAMES.get(game_id, Play())
    offences: list[str] = []
    for seed in seeds:
        rnd = random.Random(seed)
        options = play.options(rnd)
        og = OpenGame.new(game_id, options, seed, None)
        runner = og.runner
        turn, last = Turn(), None  # last: the question shown last this turn (a long turn stays linear)
        seen = len(runner.session.log)
        for step in range(steps):
            for entry in runner.session.log[seen:]:
                if entry.kind == "turn":
                    turn, last = Turn(), None
                elif entry.kind == "answer" and last is not None and not last.said:
                    last.said = entry.text
                else:
                    turn.events.append(entry.text)
            seen = len(runner.session.log)
            prompt = runner.pending
            if prompt is None:
                break
            if not isinstance(prompt, Instruction):
                reasons = [from_record(runner, prompt)] + [check(turn, prompt, runner, options) for check in play.implied]
                for why in filter(None, reasons):
                    offences.append(f"{game_id} seed {seed} step {step}: '{prompt.label or prompt.text}' "
                                    f"asked, but {why}")
            last = Asked(prompt.label, prompt.text)
            turn.events.append(last)
            raw = play.going_on.get(prompt.label)
            if raw is None and play.pick is not None:
                raw = play.pick(prompt, runner, rnd)
            if raw is None or raw not in valid_answers(prompt):
                raw = rnd.choice(valid_answers(prompt))
            answer_taken(og, raw, rnd)
    return offences


# ---- Oath: the Clockwork Prince (seed oath-clockwork-prince.txt, "RT") -----------------------------

def oath_options(rnd: random.Random) -> dict[str, str]:
    return {
        "role": rnd.choice(["chancellor", "exile"]),
        "oath": rnd.choice(["supremacy", "people", "protection", "devotion"]),
        "humans": str(rnd.randint(1, 4)),
        "column_rule": rnd.choice(["quadrant", "ask"]),
        "bank_end": rnd.choice(["Discord", "Nomad"]),
    }


# Drawing cards: each answer is a new card, never one said before.
DRAWS = ("Cards drawn", "Next card drawn")
# History lines that end what this turn's answers said of the board.
ACTION_DONE = r"^action \d+/\d+: "
# A campaign won or a recovery: who holds the title, banners and relics may have changed.
GAINS = r"^Prince won the campaign\? → yes|^✓ Recover:"


def oath_title(turn: Turn, prompt, runner, options) -> str | None:
    """RT 1. (questions 2 and 4: an Exile Usurper or Oathkeeper), 4. CLEANUP (the Prince holds the
    title?): one title, one holder, until the Prince wins or recovers something."""
    if prompt.label == "Prince is Oathkeeper?" and turn.answered(r"^Exile (Usurper|Oathkeeper)\? → yes") \
            and not turn.answered(GAINS):
        return "this turn's Threat said an Exile holds the Oathkeeper title"
    if prompt.label == "Exile Oathkeeper?" and runner.state.round == 8 and turn.answered(r"^Exile Usurper\? → no"):
        return "round eight's question 2 already asked about an Exile Oathkeeper"
    return None


BANNER_QUESTIONS = {"pf": ("Prince holds the People's Favor?", "Hold People's Favor?"), "ds": ("Hold Darkest Secret?",)}
SUCCESSOR_BANNER = {"protection": "pf", "people": "ds"}
VISION_BANNER = {"pf": "Rebellion", "ds": "Faith"}


def oath_banners(turn: Turn, prompt, runner, options) -> str | None:
    """RT 1. (a Citizen's Successor goal, an Exile's Vision), Wake, 3. (the banner arrows): a
    banner someone else holds is not the Prince's this turn; once said, it is known."""
    for banner, labels in BANNER_QUESTIONS.items():
        if prompt.label not in labels:
            continue
        if SUCCESSOR_BANNER.get(options.get("oath", "supremacy")) == banner and turn.answered(
                r"^Citizen meets Successor goal\? → yes"):
            return "a Citizen meets the Successor goal, which is this banner"
        if turn.answered(rf"^Completed Vision → {VISION_BANNER[banner]}"):
            return f"an Exile completed {VISION_BANNER[banner]}"
        if any(a.label in labels for a in turn.asked):
            return "the table already said whether the Prince holds it this turn"
    if prompt.label == "Hold most relics & banners?" and options.get("oath", "supremacy") == "supremacy" \
            and turn.answered(r"^Citizen meets Successor goal\? → yes") and not turn.answered(GAINS):
        return "a Citizen has more relics and banners than the Chancellor (the Prince)"
    return None


def oath_relics_and_ambition(turn: Turn, prompt, runner, options) -> str | None:
    """RT 3. Travel (no relic on the map, no facedown site) and Recover (the People's Favor takes
    all the favor, the Ambition box first)."""
    if prompt.label == "Can pay? (relic)" and turn.answered(r"^Facedown site\? → no"):
        return "the table said there is no relic on the map and no facedown site"
    if prompt.label == "Ambition favor spent" and turn.asked[-1].said.startswith("✓ Recover: People's Favor"):
        return "all of the Ambition box goes on the People's Favor"
    return None


def oath_asked_since_the_last_action(turn: Turn, prompt, runner, options) -> str | None:
    """RT 3. (a skipped action changes nothing; Trade puts nothing on the cards): an answer holds
    until the Prince next takes an action; the cards at its site until one lands there."""
    if runner.state.step != "actions" or prompt.label in DRAWS:
        return None
    since = turn.since(ACTION_DONE + r"|^the marker is in ")
    if any((a.label, a.text) == (prompt.label, prompt.text) for a in since):
        return "the same question was answered since the Prince's last action"
    site = turn.since(ACTION_DONE + r"(?!Trade)|^the marker is in ")
    if prompt.label == "Empty cards at the site" and any(a.label == "Empty cards at the Prince's site" for a in site):
        return "the Trade was told the empty cards at this site"
    if prompt.label == "Empty cards at the Prince's site" and any(a.said == "Empty cards at the site → 0" for a in site):
        return "Muster was told there is no empty card at this site"
    return None


# ---- Command of Nature: the Clockwork Sage (seed command-of-nature-clockwork-sage.txt) -----------

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
                    "Market card to the Clockwork")


def con_market(turn: Turn, prompt, runner, options) -> str | None:
    """Notes §3 (a Warrior is one card, the others have their copies): a market card every copy of
    which the Clockwork holds (its piles, its formation, the box it sent cards to) is in no market."""
    if prompt.label not in MARKET_QUESTIONS:
        return None
    rules, state = runner.rules, runner.state
    held: dict[str, int] = {}
    for card in [c for pile in state.deck.piles.values() for c in pile] + [s.card for s in state.formation if s]:
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


GAMES: dict[str, Play] = {
    "oath": Play(oath_options, {"Humans' turns": "1"},
                 [oath_title, oath_banners, oath_relics_and_ambition, oath_asked_since_the_last_action]),
    "command-of-nature": Play(con_options, {}, [con_printed_values, con_attackers, con_attacker_gone, con_safe_distance,
                                                con_instant_copies, con_market, con_space], pick=con_pick),
}
