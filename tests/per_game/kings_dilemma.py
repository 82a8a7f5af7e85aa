"""What the shared tests need to know of The King's Dilemma (tests/per_game/__init__.py). Its checks of
questions the record answers are written from the rules text (seed kings-dilemma-summary.txt,
"Play"; KD-rb p.9-15), apart from the game's code."""

from __future__ import annotations

import itertools
import random
import string
from pathlib import Path

import msgspec

from drivers import answer_taken
from known_answers import Asked, Play, Turn
from per_game import Beside, Bound, Fixture
from tui.engine.prompts import Choice, TextEntry, valid_answers
from tui.games.kings_dilemma import campaign
from tui.games.kings_dilemma.outcome_tokens import names as token_names
from typed_codes import accepts, codes, read


# ---- questions the record answers (tests/known_answers.py) ---------------------------------------

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


KNOWN_ANSWERS = Play(kd_options, {}, [kd_stickers, kd_resource_effects, kd_vote_and_time])


# ---- the fixture save (tests/fixtures/saves/make_fixture.py) ----------------------------------------

# Four Houses, made before Clockwork answered questions from the record (issue 23 item 2): it holds
# outcomes entered against their own Outcome tokens (no sticker, no more effects). Cards before
# the skull section and one icon per effect: Stability wanders slowly.
FIXTURE = Fixture({"players": "4"}, 13, 200, 40, going_on={
    "Time Counter": "1", **{f"{r} amount": "1" for r in ("Influence", "Wealth", "Morale", "Welfare", "Knowledge")}})


# ---- typed steps in codes (tests/test_typed_legends.py) ----------------------------------------

def kd_tokens(rules, prompt: TextEntry) -> None:
    """Every word the reader takes (with a sign) names a token some code of the legend names; each
    Resource and the sticker are in the legend, and so are the signs."""
    named = {read(prompt, f"{code}+") for code in codes(prompt) if code.isalpha()}
    for size in (1, 2, 3):
        for word in map("".join, itertools.product(string.ascii_lowercase, repeat=size)):
            if accepts(prompt, f"{word}+"):
                assert read(prompt, f"{word}+") in named, word
    shown = {show for _, show in token_names(rules)}
    assert {token[:-1] for (token,) in named} == shown
    meanings = " ".join(meaning for _, meaning in prompt.legend)
    assert all(r.name in meanings for r in rules.resources) and "sticker" in meanings
    assert any("+" in code and "-" in code for code in codes(prompt))


TYPED_CODES = {"Outcome tokens": kd_tokens}


# ---- a saved value the game never makes (tests/test_safe_bounds.py) ----------------------------

OUT_OF_RANGE = Bound(("stability_hi",), 10**9, "session.snapshots[0].state.stability_hi is out of range")


# ---- its records beside the saves (tests/test_safe_beside.py) ---------------------------------------

def play_to_end(og, rng: random.Random) -> None:
    """A game played to its end, quickly (the Time Counter on 3): the campaign is written then."""
    while og.runner.pending is not None:
        prompt = og.runner.pending
        if isinstance(prompt, Choice) and prompt.label == "Time Counter":
            og.answer("3")
        else:
            answer_taken(og, rng.choice(valid_answers(prompt)), rng)


def earlier_campaign(folder: Path) -> None:
    game = campaign.GameRecord(seed=2, rounds=3, end_cause="death", king="Aldric", winners=[], houses={})
    (folder / campaign.FILE).write_bytes(msgspec.json.encode(campaign.CampaignFile(games={"earlier": game})))


def foreign_campaign(mark: str) -> bytes:
    game = campaign.GameRecord(seed=9, rounds=1, end_cause="death", king=mark, winners=[], houses={})
    return msgspec.json.encode(campaign.CampaignFile(games={"elsewhere": game}))


BESIDE = Beside(campaign.FILE, foreign=foreign_campaign, earlier=earlier_campaign,
                kept=lambda folder: len(campaign.read(folder).games) >= 1, finish=play_to_end,
                options={"players": "3"})
