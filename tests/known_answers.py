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
from tui.engine.prompts import Instruction, Prompt, valid_answers
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
        turn = Turn()
        seen = len(runner.session.log)
        for step in range(steps):
            for entry in runner.session.log[seen:]:
                if entry.kind == "turn":
                    turn = Turn()
                elif entry.kind == "answer" and turn.asked and not turn.asked[-1].said:
                    turn.asked[-1].said = entry.text
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
            turn.events.append(Asked(prompt.label, prompt.text))
            raw = play.going_on.get(prompt.label)
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
    for asked in turn.asked:
        if asked.label.startswith("Resource effect"):
            resource = asked.said.split(" → ", 1)[-1]
        elif resource and asked.label == f"{resource} direction":
            entered.add((resource, asked.said.endswith("up (+)")))
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
    "kings-dilemma": Play(kd_options, {}, [kd_stickers, kd_resource_effects, kd_vote_and_time]),
}
