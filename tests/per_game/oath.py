"""What the shared tests need to know of Oath: the Clockwork Prince (tests/per_game/__init__.py). Its
checks of questions the record answers are written from the rules text (seed
oath-clockwork-prince.txt, "RT"), apart from the game's code."""

from __future__ import annotations

import random

import msgspec

from known_answers import Play, Turn
from per_game import Beside, Bound, Fixture
from tui.games.oath import records as prince_board
from typed_codes import single_letters


# ---- questions the record answers (tests/known_answers.py) ---------------------------------------

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


KNOWN_ANSWERS = Play(oath_options, {"Humans' turns": "1"},
                     [oath_title, oath_banners, oath_relics_and_ambition, oath_asked_since_the_last_action])


# ---- the fixture save (tests/fixtures/saves/make_fixture.py) ----------------------------------------

# Two humans, one of them a Citizen now and then: Threats, Wakes and Cleanups of every kind (made
# before Clockwork answered Oath's questions from the record, issue 23).
FIXTURE = Fixture({"humans": "2", "oath": "protection"}, 11, 300, 11, going_on={"Humans' turns": "1"})


# ---- typed steps in codes (tests/test_typed_legends.py) ----------------------------------------

TYPED_CODES = {"Cards drawn": single_letters, "Next card drawn": single_letters,
               "Empty cards at the Prince's site": single_letters}


# ---- a saved value the game never makes (tests/test_safe_bounds.py) ----------------------------

OUT_OF_RANGE = Bound(("humans",), 10_000_000, "session.snapshots[0].state.humans is out of range (at most 5)")


# ---- its records beside the saves (tests/test_safe_beside.py) ---------------------------------------

BESIDE = Beside(
    prince_board.FILE,
    foreign=lambda mark: msgspec.json.encode(prince_board.Board(box_actions=[7], box_trade=[7],
                                                                tactics_spaces=[4, 2, 4, 2])),
    earlier=lambda folder: (folder / prince_board.FILE).write_bytes(
        msgspec.json.encode(prince_board.Board(tactics_spaces=[0, 1]))),
    kept=lambda folder: prince_board.recall(folder).tactics_star >= 0,
    steps=["y", "1"],  # step 1 gives the Prince board's values, step 2 its starred Tactics space
)
