"""What the shared tests need to know of Europa Universalis: The Price of Power, the Bots
(tests/per_game/__init__.py). Its checks of questions the record answers are written from the rules
text (seed eu-price-of-power-bots.txt), apart from the game's code."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import msgspec

from known_answers import Play, Turn
from per_game import Beside, Bound, Fixture
from tui.engine.prompts import Choice, Number
from tui.engine.session import Runner
from tui.games.eu_price_of_power import memory
from typed_codes import card_ids


# ---- questions the record answers (tests/known_answers.py) ---------------------------------------

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


KNOWN_ANSWERS = Play(eu_options, {"After the Round": "1"}, [eu_wars, eu_phases, one_answer], steps=800)


# ---- the fixture save (tests/fixtures/saves/make_fixture.py) ----------------------------------------

# Two Bots and two humans over several Rounds: Wars declared by and on Bots, Phases 3-5 each Round
# (made before Clockwork answered EU questions from the record, issue 23 item 2).
FIXTURE = Fixture({"bots": "2", "humans": "2"}, 7, 400, 12, going_on={"After the Round": "1"})


# ---- typed steps in codes (tests/test_typed_legends.py) ----------------------------------------

TYPED_CODES = {"removals Age": card_ids}


# ---- a saved value the game never makes (tests/test_safe_bounds.py) ----------------------------

OUT_OF_RANGE = Bound(("bots", 0, "army"), 10**8, "session.snapshots[0].state.bots[0].army is out of range")


# ---- its records beside the saves (tests/test_safe_beside.py) ---------------------------------------

BESIDE = Beside(
    memory.FILE,
    foreign=lambda mark: msgspec.json.encode(memory.Memory(removals={mark: {"1": [2]}})),
    earlier=lambda folder: (folder / memory.FILE).write_bytes(
        msgspec.json.encode(memory.Memory(removals={"Austria": {"1": [1]}}))),
    kept=lambda folder: "France" in memory.recall(folder).removals,
    steps=["France", "", "", "", "", "", "3 7", "", "", ""],  # step 10: removals, Ages I-IV
)
