"""The shipped ruleset loads and validates; broken copies are reported with paths."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_command_of_nature_helpers import new_runner, rules
from tui.engine.game import check_options
from tui.games.command_of_nature import GAME
from tui.rules import loader
from tui.rules.loader import RulesetError

SHIPPED = loader.shipped_path("command-of-nature")
SEED_TEXT = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "command-of-nature-clockwork-sage.txt"


def broken_copy(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text, old
    target = tmp_path / "command-of-nature.toml"
    target.write_text(text.replace(old, new, count), encoding="utf-8")
    return target


def test_shipped_ruleset_validates():
    """notes: §2–§4 (packs, markets, Clockwork Commands) — the shipped data has no problems."""
    r = rules()
    assert GAME.validate(r) == []
    assert r.ruleset.game == "command-of-nature"


def test_packs_match_the_notes():
    """notes: §2 Sage packs — 1 Sage, 3 Champions at 4/6/8, 3 Warriors, 4 Basics, 5 Commands."""
    for pack in rules().packs:
        assert sorted(c.level for c in pack.champions) == [4, 6, 8]
        assert len(pack.warriors) == 3 and pack.basic_copies == 4 and len(pack.deck) == 5
        for name in pack.deck:
            assert rules().command(name) is not None


def test_nine_clockwork_commands_with_their_rows():
    """seed: CLOCKWORK COMMAND CARDS — Strikes attack from Row I, Shots from Rows I & II."""
    cards = {c.name: c for c in rules().clockwork_commands}
    assert len(cards) == 9
    assert cards["Buy Strike"].rows == [1] and cards["Burn Strike"].rows == [1]
    assert cards["Buy Shot"].rows == [1, 2] and cards["Burn Shot"].rows == [1, 2]
    assert cards["Buy Shot"].attacker == "highest_str" and cards["Buy Strike"].attacker == "chosen"
    assert {c.effect for c in cards.values() if c.type == "Utility"} == {
        "direct_summon", "safe_distance", "fortified_lines", "aggression", "rapid_refresh"
    }


def test_markets_hold_forty_cards_each():
    """notes: §3 Market decks — 40 Elementals and 40 Commands."""
    r = rules()
    assert sum(e.copies for e in r.markets.elemental) == 40
    assert sum(e.copies for e in r.markets.command) == 40


def test_thirteen_readings_and_reading_one_repeats_two_and_three():
    """notes: ambiguities 1–13 — each has a stated reading; #1 repeats II–III until the wallet is empty.
    Issue 17: the readings the app makes beyond that list are named too."""
    r = rules()
    assert sorted(int(x.id) for x in r.readings if x.id.isdigit()) == list(range(1, 14))
    named = {x.id for x in r.readings if not x.id.isdigit()}
    assert {"connected-spaces", "formation-shift", "printed-gold", "reactions", "attacker-gone"} <= named
    first = next(x for x in r.readings if x.id == "1")
    assert "II–III" in first.reading and "empty" in first.reading


def test_unknown_values_are_flagged_editable_or_left_to_the_board():
    """notes: §4 — starting gold and daybreak gold are UNKNOWN: the ruleset names only the levels
    that unlock gold, and the reference says the amounts are not given until the table gives them
    (issue 23); the gold cap is an editable default."""
    r = rules()
    assert [u.level for u in r.daybreak_unlocks] == [4, 6, 8]
    assert r.gold_cap.editable_default
    state = new_runner({}).state
    told = [line for s in GAME.reference(r, state) for line in s.lines if line.startswith("Your Clockwork Sage")]
    assert told == ["Your Clockwork Sage board: starting gold not given yet; daybreak gold not given yet"]


def test_rule_texts_paraphrase_the_seed():
    """rules/README.md: paraphrase — no rule text repeats a 12-word run of the rules text."""
    if not SEED_TEXT.exists():
        pytest.skip("rules text not available")
    words = lambda s: re.findall(r"[a-z0-9']+", s.lower())  # noqa: E731
    seed = words(SEED_TEXT.read_text(encoding="utf-8"))
    runs = {" ".join(seed[i : i + 12]) for i in range(len(seed) - 11)}
    r = rules()
    texts = [t.text for t in r.rules.values()] + [c.text for c in r.clockwork_commands]
    texts += [x.reading for x in r.readings]
    for text in texts:
        w = words(text)
        for i in range(len(w) - 11):
            assert " ".join(w[i : i + 12]) not in runs, text


def test_every_option_has_a_default():
    """Contract: `new` needs no options — every setup option has a valid default."""
    specs = GAME.setup_options(rules())
    filled = check_options(specs, {})
    assert filled["sage"] == "twig" and filled["difficulty"] == "normal"
    assert {"sage", "difficulty", "highest_hp", "gold_cap", "overflow_damage"} <= set(filled)


@pytest.mark.parametrize(
    ("old", "new", "path", "message"),
    [
        ('warriors = ["Acorn Squire", "Quill Thornback", "Slumber Jack"]',
         'warriors = ["Acorn Squire", "Quill Thornback", "Slumbr Jack"]',
         "packs[0].warriors[2]", "no Elemental called 'Slumbr Jack'"),
        ('{ level = 6, card = "Horned Hollow" }', '{ level = 6, card = "Horned Hollo" }',
         "packs[0].champions[1]", "no Elemental called"),
        ('{ level = 6, card = "Horned Hollow" }', '{ level = 9, card = "Horned Hollow" }',
         "packs[0].champions[1].level", "outside"),
        ('key = "hard"', 'key = "easy"', "difficulties[2].key", "more than one"),
        ('deck = ["Close Strike", "Close Strike", "Far Strike", "Natural Restoration", "Twig Charm"]',
         'deck = ["Close Strike", "Close Strike", "Far Strike", "Natural Restoration", "Twig Charms"]',
         "packs[0].deck[4]", "no Command called"),
        ('name = "Far Strike"\ntype = "Attack"\nattack = "Ranged"\nrows = [1, 2]',
         'name = "Far Strike"\ntype = "Attack"\nattack = "Ranged"\nrows = [1, 4]',
         "commands[1].rows[1]", "not a formation row"),
        ('{ card = "Willow", copies = 2 }', '{ card = "Willow", copies = 3 }',
         "markets.elemental", "41 cards"),
        ('effect = "aggression"', 'effect = "agression"', "clockwork_commands[7].effect", "not one of"),
        ('sage = "Cedar"', 'sage = "Timber"', "packs[0].sage", "is a basic, not a sage"),
    ],
)
def test_broken_copy_names_the_path(tmp_path, old, new, path, message):
    """Validation: every cross-reference problem is reported with its path inside the file."""
    with pytest.raises(RulesetError) as info:
        loader.load(broken_copy(tmp_path, old, new), GAME)
    problems = info.value.problems
    assert any(p == path and message in m for p, m in problems), problems


def test_typo_in_a_field_name_is_caught(tmp_path):
    """Schema: forbid_unknown_fields catches a misspelt key, with its path."""
    with pytest.raises(RulesetError) as info:
        loader.load(broken_copy(tmp_path, 'label = "Easy"', 'lable = "Easy"'), GAME)
    problems = info.value.problems
    assert any(path.startswith("difficulties[0]") and "lable" in message for path, message in problems), problems


def test_missing_reading_is_reported(tmp_path):
    """notes: ambiguities — all 13 readings are required."""
    with pytest.raises(RulesetError) as info:
        loader.load(broken_copy(tmp_path, 'id = "13"', 'id = "12b"'), GAME)
    assert ("readings", "no reading for ambiguity 13") in info.value.problems
