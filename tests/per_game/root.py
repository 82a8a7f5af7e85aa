"""What the shared tests need to know of Root with its Clockwork bots as files
(tests/per_game/__init__.py). Its bots are data (rulesets/root/); the checks here hold for any of
them."""

from __future__ import annotations

import random

import msgspec

from known_answers import Play
from per_game import Beside, Bound, Fixture
from tui.automaton import table
from tui.engine.prompts import Choice, Prompt
from tui.engine.session import Runner

BOTS = ["mechanical-marquise", "electric-eyrie", "automated-alliance", "vagabot"]


# ---- random play (tests/known_answers.py) --------------------------------------------------------

def root_options(rnd: random.Random) -> dict[str, str]:
    bots = rnd.sample(BOTS, rnd.randint(1, 3))
    return {"bots": ",".join(bots), "humans": str(rnd.randint(0, 2))}


def root_pick(prompt: Prompt, runner: Runner, rnd: random.Random) -> str | None:
    """A player's turn ends the game only when the table says someone won: random play says so
    rarely, so games run through many rounds of every bot."""
    if isinstance(prompt, Choice) and prompt.label.endswith("'s turn") and any(o.key == "w" for o in prompt.options):
        return "d" if rnd.random() < 0.97 else "w"
    return None


# The questions a bot's file asks are the file's own; the record answers none of them yet (the
# review of 2026-11, tests/scenarios/review-2026-11/root.md part B, lists what a file should not
# ask: to be encoded with the files' facts).
KNOWN_ANSWERS = Play(root_options, {}, [], steps=1500, pick=root_pick)



# ---- the fixture save (tests/fixtures/saves/make_fixture.py) ---------------------------------------

# The values printed under the tracks' spaces are the table's to enter (no source gives them):
# small ones here, so the game runs many rounds before a bot reaches 30 VP.
VALUES = {f"{track} · space {n}": "1" for track in ("Sawmills", "Workshops", "Recruiters", "Roosts")
          for n in range(1, 8)}
FIXTURE = Fixture({"bots": "mechanical-marquise,electric-eyrie", "humans": "1"}, 7, 200, 8,
                  going_on={"Player 1's turn": "d", **VALUES})


# ---- typed steps in codes (tests/test_typed_legends.py) ----------------------------------------

TYPED_CODES: dict = {}  # a bot file asks by choices and numbers only


# ---- a saved value the game never makes (tests/test_safe_bounds.py) ----------------------------

OUT_OF_RANGE = Bound(("seats",), None, "session.snapshots[0].state.seats has more than 9 items")


# ---- its records beside the saves (tests/test_safe_beside.py) ---------------------------------------

def _earlier(folder) -> None:
    (folder / table.records_file("root")).write_bytes(
        msgspec.json.encode({"electric-eyrie.roosts": [0, 1, 2, 3, 4, 4, 5]}))


BESIDE = Beside(
    table.records_file("root"),
    foreign=lambda mark: msgspec.json.encode({f"{mark}.sawmills": [0, 1, 2, 3, 4, 5]}),
    earlier=_earlier,
    kept=lambda folder: any(k.startswith("mechanical-marquise.") for k in table.recall("root")(folder)),
    # The Marquise's difficulty and four traits (Enter: the defaults), then the values printed
    # under its three Buildings tracks, asked at the first game.
    steps=[""] * 5 + [str(n % 6) for n in range(18)],
    options={"bots": "mechanical-marquise", "humans": "1"},
)
