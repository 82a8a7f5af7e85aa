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
    steps: int = 5000  # answers per game at most
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


def asked_known(game_id: str, seeds, steps: int | None = None) -> list[str]:
    play = GAMES.get(game_id, Play())
    steps = play.steps if steps is None else steps
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




# ---- Europa Universalis: The Price of Power, the Bots (seed eu-price-of-power-bots.txt) -----------------

def eu_options(rnd: random.Random) -> dict[str, str]:
    return {
        "bots": str(rnd.randint(1, 4)),
        "humans": str(rnd.randint(0, 3)),
        "dice": rnd.choice(["app", "table"]),
        "pass_bonus": rnd.choice(["table", "bots"]),
    }


@dataclass
class EuWars:
    """One Bot's Wars as the history tells them (p.4 Bot DoWs, DoW on a Bot; p.6 Bot Emperor)."""

    at_war: bool = False
    opponents: set = field(default_factory=set)  # Opponents (Bots, humans) it is surely at War with
    unsure: bool = False  # at War with a realm that may be an Opponent (the table never said)
    fresh: bool = False  # a War began for it since its last Turn (p.3: its Enemy holds Provinces)


@dataclass
class EuRecord:
    """What the whole history says so far, read from its lines in order (not from the game's code)."""

    seen: int = 0
    wars: dict = field(default_factory=dict)  # Bot name → EuWars
    round: str = ""
    turn_of: str = ""  # whose Turn the current one is
    phase3: bool = False
    emperor: str = ""  # a Bot Emperor's name
    ia: int | None = None
    papal: str | None = None
    towns_told: bool = False
    unrest: dict = field(default_factory=dict)
    adm: dict = field(default_factory=dict)
    final: set = field(default_factory=set)  # humans whose next Turn after the End is final
    dow_by: str | None = None  # who declared the War being resolved (None: not known)
    replacing: str = ""

    def bot(self, name: str) -> EuWars:
        return self.wars.setdefault(name, EuWars())

    def begins(self, name: str, foe: str | None) -> None:
        """A War begins for ``name`` against ``foe``: a Bot or a human (Opponents), "" for an NPR,
        None when the table did not say."""
        war = self.bot(name)
        war.at_war = war.fresh = True
        if foe is None:
            war.unsure = True
        elif foe:
            war.opponents.add(foe)
            if foe in self.wars:
                other = self.wars[foe]
                other.at_war = True
                other.opponents.add(name)

    def read(self, kind: str, text: str) -> None:
        if kind == "turn":
            if self.turn_of in self.wars:
                self.wars[self.turn_of].fresh = False
            if self.phase3:  # Peace Resolution for everyone (humans with Bot Enemies too, p.2 D)
                for war in self.wars.values():
                    war.unsure = war.unsure or (war.at_war and bool(war.opponents))
                    war.opponents.clear()
                    war.fresh = False
            rnd = re.search(r"Round (\d+)", text)
            if rnd and rnd.group(1) != self.round:
                self.round = rnd.group(1)
                self.final.clear()
            owner = re.search(r"· ([^·]+)'s Turn$", text)
            self.turn_of = owner.group(1) if owner else ""
            self.phase3 = "Phase 3" in text
            return
        ia = re.fullmatch(r"Imperial Authority: \d+ → (\d+)", text)
        if ia:
            self.ia = int(ia.group(1))
        if kind != "answer":
            return
        head, _, said = text.partition(" → ")
        if re.fullmatch(r"Bot \d+ realm", head):
            if self.replacing:
                self.wars.pop(self.replacing, None)
                if self.emperor == self.replacing:
                    self.emperor = ""
                self.replacing = ""
            self.bot(said)
        elif head == "Bot eliminated":
            self.replacing = said
        elif m := re.fullmatch(r"(.+): War declared on", head):
            who = m.group(1)
            self.dow_by = who
            target = {"a human's realm": "human", "an NPR": ""}.get(said, said)
            self.begins(who, target)
            if target in self.wars:
                self.begins(target, who)
        elif m := re.fullmatch(r"(.+): War", head):
            # a War declared on a Bot on a human's Turn is that player's (or an Event the player took)
            self.dow_by = m.group(1) if said.startswith("a War declared on a Bot") else None
        elif re.fullmatch(r"(.+): a War from .+\?", head):
            self.dow_by = None  # an Event's War on a Bot: its Aggressor is not named
        elif m := re.fullmatch(r"✓ (.+): War declared on it", text):
            self.begins(m.group(1), self.dow_by)
        elif m := re.fullmatch(r"✓ (.+) answers a Call to Arms", text):
            self.begins(m.group(1), self.dow_by if self.dow_by in self.wars else None)
        elif m := re.fullmatch(r"✓ (.+) defends the HRE", text):
            self.begins(m.group(1), self.dow_by if self.dow_by in self.wars else None)
        elif (m := re.fullmatch(r"(.+) at War\?", head)) and m.group(1) in self.wars:
            war = self.wars[m.group(1)]
            war.fresh = False
            if said == "no":
                self.wars[m.group(1)] = EuWars()
        elif head == "Bot Emperor":
            self.emperor = "" if said == "not a Bot" else said.removesuffix(" (now)")
        elif head == "Imperial Authority":
            self.ia = int(said)
        elif head == "Bot Papal Controller":
            self.papal = said.removesuffix(" (now)")
        elif head == "Bots with 20+ Small Towns":
            self.towns_told = True
        elif m := re.fullmatch(r"(.+): Unrest", head):
            self.unrest[m.group(1)] = int(said)
        elif (m := re.fullmatch(r"(.+): Idea researched", head)) and said == "Administrative":
            self.adm[m.group(1)] = self.adm.get(m.group(1), 0) + 1
        elif m := re.fullmatch(r"(.+): Adm Ideas", head):
            self.adm[m.group(1)] = int(said)
        elif (m := re.fullmatch(r"(.+): final Turn\?", head)) and said == "no":
            self.final.add(m.group(1))
        elif (m := re.fullmatch(r"(.+)'s Turn", head)) and said == "Event on a Bot":
            self.final.add(m.group(1))


def eu_record(runner: Runner) -> EuRecord:
    record = runner.__dict__.setdefault("_eu_record", EuRecord())
    log = runner.session.log
    for entry in log[record.seen:]:
        record.read(entry.kind, entry.text)
    record.seen = len(log)
    return record


def eu_wars(turn: Turn, prompt, runner, options) -> str | None:
    """p.3 Opponent Selection, p.4 DoW on a Bot (a CtA is refused when already at War with an
    Opponent), p.6 Bot Emperor: whether a Bot is at War with an Opponent follows from the Wars
    the table reported (a Bot or a human is an Opponent, an NPR is not), until Peace Resolution."""
    record = eu_record(runner)
    humans = any(s.startswith("h") for s in runner.state.order)
    label = prompt.label
    for name, war in record.wars.items():
        none = not war.at_war or not (war.opponents or war.unsure or humans)
        if label == f"{name}: one Opponent at War?" and none:
            return f"{name} is at War with no Opponent"
        if label == f"{name} at War with an Opponent?":
            if none:
                return f"{name} is at War with no Opponent"
            if war.opponents:
                return f"{name} is at War with {', '.join(sorted(war.opponents))}"
        if label == f"{name} already at War?" and war.opponents:
            return f"{name} is at War with {', '.join(sorted(war.opponents))}"
        if war.fresh and (label == f"{name}: a real War?" or (
                label == f"{name}: anything changed?"
                and any(o.label.startswith("an Enemy still holds Provinces") for o in prompt.options))):
            return f"a War began for {name} since its last Turn: its Enemy holds Provinces (p.3 At War?)"
    return None


def eu_phases(turn: Turn, prompt, runner, options) -> str | None:
    """p.2 Income & Upkeep, p.6 Bot Emperor (no Imperial Elections while a Bot is Emperor; Bots
    have no Rulers, p.1), Peace & Rebels H (+2 Unrest at War, Administrative Ideas remove 1-2): what
    nothing changed is not asked, and what play may have changed is offered as it was (one key)."""
    record = eu_record(runner)
    label = prompt.label
    if label == "Bot Emperor" and record.emperor:
        return f"{record.emperor} is the Emperor, and no election is held while a Bot is"
    if label == "Imperial Authority" and record.ia is not None and prompt.default != record.ia:
        return f"Imperial Authority {record.ia} is not offered"
    if label == "Bot Papal Controller" and record.papal is not None:
        offered = next((o.label for o in prompt.options if o.key == prompt.default), None)
        if (offered or "").removesuffix(" (now)") != record.papal:
            return f"the Papal Controller said last time ({record.papal}) is not offered"
    if label == "Bots with 20+ Small Towns" and record.towns_told and not turn.answered(
            r"^Town bonuses unchanged\? → no"):
        return "the Town bonuses were told at an earlier Phase 4 and not said to have changed"
    if (m := re.fullmatch(r"(.+): Unrest", label or "")) and m.group(1) in record.unrest:
        name = m.group(1)
        adm = record.adm.get(name, 0)
        at_war = record.wars.get(name, EuWars()).at_war
        expected = max(0, record.unrest[name] + (2 if at_war else 0) - (2 if adm >= 3 else 1 if adm else 0))
        expected = min(expected, prompt.hi)
        if prompt.default != expected:
            return f"{name}'s Unrest from the last Phase 3 and step H ({expected}) is not offered"
    if (m := re.fullmatch(r"(.+): final Turn\?", label or "")) and m.group(1) in record.final:
        return f"{m.group(1)} has taken its Event this Round (main rules, Passing)"
    return None


def one_answer(turn: Turn, prompt, runner, options) -> str | None:
    """A question with one possible answer (an Army of 0 takes 0 casualties; one human to replace)."""
    if isinstance(prompt, Number) and prompt.lo == prompt.hi:
        return f"only {prompt.lo} is possible"
    if isinstance(prompt, Choice) and len(prompt.options) == 1:
        return f"only '{prompt.options[0].label}' is possible"
    return None


# ---- Heirless: the season keeper (seed season-game-player-turns.txt, "PT") ---------------------------

def heirless_options(rnd: random.Random) -> dict[str, str]:
    return {
        "players": str(rnd.randint(3, 6)),
        "seasons": str(rnd.randint(1, 3)),
        "influence": str(rnd.choice([0, 1, 2, 3, 5])),
        "prestige": str(rnd.choice([0, 10])),
        "first_half": rnd.choice(["right", "left"]),
    }


def this_season(runner: Runner) -> list:
    """The history of the Season being played: from the first turn header naming it."""
    log = runner.session.log
    season = None
    for entry in reversed(log):
        if entry.kind == "turn":
            season = re.match(r"Season (\d+) ", entry.text)
            break
    if season is None:
        return []
    start = next(i for i, e in enumerate(log) if e.kind == "turn" and e.text.startswith(season.group(0)))
    return log[start:]


def said(entries, label: str) -> list[str]:
    """The table's answers to questions labelled ``label``, in order."""
    return [e.text.split(" → ", 1)[1] for e in entries if e.kind == "answer" and e.text.startswith(f"{label} → ")]


def heirless_colour(turn: Turn, prompt, runner, options) -> str | None:
    """Setup: each player takes a colour no one else has; the last of the ruleset's colours left
    over goes to the last player without a question."""
    if re.fullmatch(r"Player \d+ colour", prompt.label):
        taken = [a for a in turn.asked if re.fullmatch(r"Player \d+ colour", a.label) and a.said]
        if len(runner.rules.colours) - len(taken) == 1:
            return "only one colour is left"
    return None


def heirless_paths(turn: Turn, prompt, runner, options) -> str | None:
    """PT: Commission — a commissioned path serves as a Free Action for the rest of its Season;
    with one path commissioned this Season, a conversion is along that one."""
    if prompt.label == "Convert: path" and len(said(this_season(runner), "Commission: path")) == 1:
        return "one conversion path was commissioned this Season"
    return None


def heirless_promises(turn: Turn, prompt, runner, options) -> str | None:
    """PT: Guarantee — a broken promise is voided (crossed out), and one written for this Season
    ends with it (reading promise-season): the promise broken is one still in force; and only
    its signatories can fail it."""
    log = runner.session.log
    if prompt.label == "Broken promise":
        written = len(said(log, "Promise: text"))
        gone = {m.group(1) for e in log
                for m in [re.match(r"Promise #(\d+) (is void|was for Season \d+ only)", e.text)] if m}
        if written - len(gone) == 1:
            return "one promise is in force"
    named = re.search(r"promise #(\d+)", prompt.text)
    if prompt.label == "Breaking parties" and named:
        number = int(named.group(1))
        signers = said(log, "Promise: signatories")[number - 1]
        if len(signers.split(", ")) == 1:
            return f"promise #{number} has one signatory, {signers}"
    return None


def heirless_commit(turn: Turn, prompt, runner, options) -> str | None:
    """PT: Enact — the proposer commits at least the Law's threshold, and cannot commit Influence
    they do not have: holding exactly the threshold, they commit all of it."""
    amounts = re.search(r"at least (\d+), has (\d+)", prompt.text)
    if prompt.label == "Influence committed" and amounts:
        least, has = map(int, amounts.groups())
        if least == has:
            return f"the proposer has exactly the threshold, {has}"
    return None


def heirless_built(turn: Turn, prompt, runner, options) -> str | None:
    """PT: Build — each Build adds one Workplace (a discard to make room takes one away), so once
    the table has said how many a player has built this Season, later Builds of theirs follow
    from it; an enacted Law is applied as its card says, which may change anything."""
    if prompt.label != "Workplaces built":
        return None
    season = this_season(runner)
    # Build is a Standard Action: the builder is the player whose turn it is, named by its header.
    builder = next(e.text for e in reversed(season) if e.kind == "turn").split(" · ")[-1]
    whose, told = "", False
    for entry in season:
        if entry.kind == "turn":
            whose = entry.text.split(" · ")[-1]
        elif entry.kind == "answer" and entry.text.startswith("✓ Apply "):
            told = False
        elif entry.kind == "answer" and entry.text.startswith("Workplaces built → ") and whose == builder:
            told = True
    if told:
        return "the table said this Season how many this player has built, and Clockwork counted the Builds since"
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


# ---- The King's Dilemma (seed kings-dilemma-summary.txt, "Play"; KD-rb p.9-15) -----------------

def kd_options(rnd: random.Random) -> dict[str, str]:
    players = rnd.randint(3, 5)
    # Legacy effects change the starting tokens; none at all leaves every vote to a pass.
    return {"players": str(players), "power": str(rnd.choice([8, 8, 0, 2, 12])),
            "coins": str(rnd.choice([10, 10, 0, 1, 14]))}


def kd_winning_tokens(runner) -> list[tuple[str, str]]:
    """The Outcome tokens on the winning side's scale, as (name as typed on the card row, sign)."""
    state = runner.state
    tokens = state.aye_tokens if state.outcome == "aye" else state.nay_tokens
    return [(t[:-1], t[-1]) for t in tokens]


def kd_stickers(turn: Turn, prompt, runner, options) -> str | None:
    """Play P2, P5.C (KD-rb p.9, the legend of Dilemma outcomes): a Chronicle sticker symbol on
    the winning side's space means a Chronicle sticker is attached; 'no sticker' and a Mystery
    sticker alone do not fit."""
    if prompt.label != "Stickers" or not any(name == "Sticker" for name, _ in kd_winning_tokens(runner)):
        return None
    left = [o.label for o in prompt.options if o.key in ("n", "m")]
    return f"the winning scale shows a Chronicle sticker, yet {' and '.join(left)} offered" if left else None


def kd_resource_effects(turn: Turn, prompt, runner, options) -> str | None:
    """Play P2, P5.B (KD-rb p.9, Resource Outcomes): each Resource symbol on the winning side's
    space moves that Resource its way; 'no more Resource effects' does not fit while one has not
    been entered this turn."""
    if not prompt.label.startswith("Resource effect") or not any(o.key == "0" for o in prompt.options):
        return None
    shorts = {r.short.rstrip("."): r.name for r in runner.rules.resources}
    wanted = {(shorts[name], sign == "+") for name, sign in kd_winning_tokens(runner) if name in shorts}
    entered, resource = set(), None
    for event in turn.events:  # a way is asked, or answered from its token (a history line)
        if isinstance(event, Asked) and event.label.startswith("Resource effect"):
            resource = event.said.split(" → ", 1)[-1]
        elif resource and isinstance(event, Asked) and event.label == f"{resource} direction":
            entered.add((resource, event.said.endswith("up (+)")))
        elif resource and isinstance(event, str) and event.startswith(f"{resource} direction → "):
            entered.add((resource, event.startswith(f"{resource} direction → up (+)")))
    missing = sorted(f"{name}{'+' if up else '−'}" for name, up in wanted - entered)
    return f"'no more Resource effects' offered while {', '.join(missing)} is still to come" if missing else None


def kd_vote_and_time(turn: Turn, prompt, runner, options) -> str | None:
    """Play P3 (KD-rb p.10): one Pass and Become Moderator per vote, and a vote once cast is never
    changed; P5.E (KD-rb p.15): once a card lies in the skull section, the next ones do too."""
    state = runner.state
    if prompt.label.endswith(" votes") and any(o.label == "Pass and Become Moderator" for o in prompt.options) \
            and any(p.vote == "moderator" for p in state.players):
        return "another House already passed and became Moderator this vote"
    if prompt.label.endswith(" votes") and state.players[state.seat].vote:
        return "this House has cast its vote already"
    if prompt.label == "Time Counter" and state.skull_cards and any(o.key == "1" for o in prompt.options):
        return "a card already lies in the skull section"
    return None


GAMES: dict[str, Play] = {
    "oath": Play(oath_options, {"Humans' turns": "1"},
                 [oath_title, oath_banners, oath_relics_and_ambition, oath_asked_since_the_last_action]),
    "eu-price-of-power": Play(eu_options, {"After the Round": "1"}, [eu_wars, eu_phases, one_answer], steps=800),
    "heirless": Play(heirless_options, {},
                     [heirless_colour, heirless_paths, heirless_promises, heirless_commit, heirless_built]),
    "command-of-nature": Play(con_options, {}, [con_printed_values, con_attackers, con_attacker_gone, con_safe_distance,
                                                con_instant_copies, con_market, con_space], pick=con_pick),
    "kings-dilemma": Play(kd_options, {}, [kd_stickers, kd_resource_effects, kd_vote_and_time]),
}
