"""What the shared tests need to know of Heirless: the season keeper (tests/per_game/__init__.py). Its
checks of questions the record answers are written from the rules text (seed
season-game-player-turns.txt, "PT"), apart from the game's code."""

from __future__ import annotations

import random
import re

from known_answers import Play, Turn
from per_game import Bound, Fixture
from tui.engine.prompts import TextEntry
from tui.engine.session import Runner
from typed_codes import accepts


# ---- questions the record answers (tests/known_answers.py) ---------------------------------------

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


KNOWN_ANSWERS = Play(heirless_options, {},
                     [heirless_colour, heirless_paths, heirless_promises, heirless_commit, heirless_built])


# ---- the fixture save (tests/fixtures/saves/make_fixture.py) ----------------------------------------

# Made before Heirless answered its questions from the record (issue 23): six players, so the last
# colour is the only one left, and single promises, signers and paths at Oathbreaks and conversions.
FIXTURE = Fixture({"players": "6"}, 17, 800, 12)


# ---- typed steps in codes (tests/test_typed_legends.py) ----------------------------------------

def goods(rules, prompt: TextEntry) -> None:
    """The legend names what a deal may name and what the reader refuses."""
    legend = dict(prompt.legend)
    for good in rules.goods:
        assert good.label in legend["trades" if good.tradable else "never"], good.label
        assert accepts(prompt, f"2 {good.label} for 1 Logs") == good.tradable, good.label


TYPED_CODES = {"Haggle: the deal": goods}


# ---- a saved value the game never makes (tests/test_safe_bounds.py) ----------------------------

OUT_OF_RANGE = Bound(("players",), None, "session.snapshots[0].state.players has more than 9 items")


# ---- its records beside the saves (tests/test_safe_beside.py) ---------------------------------------

BESIDE = None  # Heirless keeps nothing between games
