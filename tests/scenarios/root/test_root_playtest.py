"""What a new player's playtest of Root's Clockwork bots found (November 2026), each checked on the
real bot files through the engine. Sources, each test naming its own:

LAW 3.2.1   the Law of Root, 3.2.1 Removing Buildings and Tokens (therootdatabase.com/law/victory/en):
            whoever removes an enemy building or token scores 1 VP.
BOTICS §1   the Law of Rootbotics §1, Changes to the Law (therootdatabase.com/law/changes-to-the-law/en):
            bots change crafting, taking hits and dominance only.
LAW-NR 2.1  the Law of Rootbotics 2.1, Clearing Target Priority (therootdatabase.com/law/new-rules/en):
            the clearing marked 1 is of highest priority, 12 of lowest.
REF         the fan paraphrase of the Law of Rootbotics (tests/scenarios/review-2026-11/root-sources.md):
            §5 Turmoil, §6 Birdsong and Daylight, §7 Battle.
APP         github.com/Vagabottos/clockroot, src/assets/i18n/en-US.json (SpecificRules.TextNobility,
            TextWarTax, TextHospitals; SpecificDaylight.Vagabot.ActionAid).
NOTES §2    shared/rules/root-clockwork.md §2: the rules every bot shares (Hates Surprises).
PLAYTEST-2  the second new-player playtest (November 2026): what the table could not follow."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from test_root_review_helpers import NO_LOSS, marquise_record, mine, play, record, table, told_at_setup
from tui.automaton import table as automaton_table
from tui.engine.prompts import AnswerError, Number
from tui.engine.session import Runner

MM, EE, AA, VB = "mechanical-marquise", "electric-eyrie", "automated-alliance", "vagabot"
FOLDER = Path(__file__).resolve().parents[3] / "rulesets" / "root"
ENEMY = "enemy buildings and tokens"


def refused(runner: Runner, raw: str) -> None:
    with pytest.raises(AnswerError):
        runner.answer(raw)


def waiting(runner: Runner) -> Number:
    prompt = runner.pending
    assert isinstance(prompt, Number), prompt
    return prompt


# -- 1. the Vagabot scores for the enemy buildings and tokens it removes (LAW 3.2.1, BOTICS §1) -----


@pytest.mark.parametrize(("warriors", "asked"), [(0, True), (1, False)])
def test_the_vagabots_battle_scores_buildings_and_tokens_with_the_hits_left(warriors, asked):
    """REF §7 Battle (1 VP per enemy warrior removed; buildings and tokens score as normal) with LAW
    3.2.1 and BOTICS §1 (no change for bots). With no item on the battle track it deals at most one
    hit: a warrior removed leaves none for a building, so nothing more is asked; otherwise one
    building or token at most."""
    runner = table([VB])
    record(runner, VB, ready=4, exhausted=0, vp=0)
    play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), ("enemy piece on the map", "y"),
                  ("Battle: move toward", "0")])
    refused(runner, "2")  # one hit at most
    turn = play(runner, [("How many enemy warriors", str(warriors))])
    assert (ENEMY in waiting(runner).text) is asked
    if asked:
        refused(runner, "2")
        play(runner, [(ENEMY, "1")], turn)
    play(runner, [("How many hits", "0")], turn)
    assert mine(runner, VB).counters["vp"] == 1


def test_the_vagabots_hits_as_defender_score_buildings_and_tokens():
    """LAW 3.2.1 (the defender scores too; REF §7: as defender no VP for warriors): like the other
    three bots, the Vagabot offers the reaction on another player's turn; its most rolled hits (one
    with an empty battle track) bound the answer."""
    runner = table([VB], order=["Player 1", VB])
    record(runner, VB, vp=2)
    reaction = "it removed enemy buildings or tokens on another's turn (1 VP each)"
    assert any(label == f"Vagabot: {reaction}" for _, _, label in automaton_table._reactions(runner.state))
    play(runner, [("Player 1's turn", "@" + reaction)])
    assert "the Vagabot's hits" in waiting(runner).text
    refused(runner, "2")
    play(runner, [(ENEMY, "1")])
    assert mine(runner, VB).counters["vp"] == 3


# -- 2. clearing priority: one wording, and 1 is the highest (LAW-NR 2.1) --------------------------


def texts(bot: str) -> list[str]:
    data = tomllib.loads((FOLDER / f"{bot}.toml").read_text(encoding="utf-8"))
    return [s.get("say") or s.get("text") or "" for p in data.get("procedures", {}).values() for s in p["steps"]]




def test_priority_is_worded_one_way():
    """LAW-NR 2.1 (the clearing marked 1 is of highest priority, 12 of lowest): every text the bots
    show says 'of highest priority', 'of lowest priority' (next-lowest) or 'in priority order', never
    'ties to the highest priority', 'then lowest priority' or 'takes the roost'."""
    for bot in (MM, EE, AA, VB, "clockwork-common"):
        for text in texts(bot):
            if text.startswith("Clearing priority:"):  # the setup's explanation itself
                continue
            for found in re.finditer("priority", text):
                before, after = text[:found.start()], text[found.end():]
                worded = before.endswith(("of highest ", "of lowest ", "of next-lowest ")) or (
                    before.endswith("in ") and after.startswith(" order"))
                assert worded, (bot, text)


@pytest.mark.parametrize("bot", [MM, EE, AA])
def test_the_setup_says_that_priority_1_is_the_highest(monkeypatch, bot):
    """LAW-NR 2.1: a bot that picks clearings by priority tells the table at setup which end comes
    first (marker 1 the highest, 12 the lowest)."""
    told = told_at_setup(monkeypatch, bot)
    assert any("1 is the highest priority, 12 the lowest" in t for t in told), told


# -- 3. the Eyrie's Nobility and the Challenging Ambush (APP TextNobility; REF §5 Turmoil) ---------


def test_nobility_says_a_warrior_it_cannot_place_is_turmoil_and_scores():
    """APP SpecificRules.TextNobility (Turmoil also when a warrior cannot be placed; Turmoil scores
    1 VP per bird card instead of losing it): the option's words say both, and a Recruit with
    nowhere to place is Turmoil that scores the two Loyal Viziers."""
    runner = table([EE], options={EE: {"Trait: Nobility": "On"}})
    label = tomllib.loads((FOLDER / f"{EE}.toml").read_text(encoding="utf-8"))["options"]["nobility"]["choices"]["on"]
    assert "cannot place is Turmoil" in label and "scores instead of losing" in label
    record(runner, EE, vp=5)
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), ("Recruit (rabbit", "n")])
    assert turn.says("Nobility: no warrior can be placed, so the Eyrie falls into Turmoil.")
    assert turn.says("Turmoil with Nobility: the Eyrie scores 2 VP")
    assert mine(runner, EE).counters["vp"] == 5 + 2  # Evening: the roost track's first space, 0


def test_turmoil_discards_the_challenging_ambush_and_says_so():
    """REF §5 Turmoil (Purge: every Decree card but the Loyal Viziers) and APP (Challenging puts the
    bird Ambush in at setup only): the purge names the Ambush, which leaves the Decree."""
    runner = table([EE], options={EE: {"Difficulty": "Challenging"}})
    record(runner, EE, vp=9, roosts_left=0, roosts=7)
    assert sorted(mine(runner, EE).piles.pile("decree_bird")) == ["Loyal Vizier", "Loyal Vizier", "bird Ambush"]
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"), ("Recruit (fox", "y"),
                         ("Recruit (bird", "y"), NO_LOSS])
    assert "a Challenging bird Ambush is discarded with the rest" in turn.says("Purge the Decree")
    assert list(mine(runner, EE).piles.pile("decree_bird")) == ["Loyal Vizier", "Loyal Vizier"]


# -- 4. the Alliance's spreads and revolts say which rule they follow (REF §6) ---------------------


def test_each_spread_names_its_rule_and_a_skipped_revolt_says_why():
    """REF §6 Birdsong (Revolt needs the ordered base off the map; else Public Pity, twice with four
    or fewer tokens on the map, and the bot spreads again in Daylight) and Daylight (Spread
    Sympathy). The rabbit base on the map: no revolt, said; then three spreads, each named."""
    runner = table([AA])
    record(runner, AA, base_rabbit=True, bases=1, sympathy_left=7, sympathy=3)
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"),
                         ("Public Pity 1 of 2", "y"), ("Martial Law", "n"),
                         ("Public Pity 2 of 2", "y"), ("Martial Law", "n"),
                         ("Spread Sympathy (Daylight)", "y"), ("Martial Law", "n")])
    assert turn.says("No Revolt: the Alliance's rabbit base is already on the map. Public Pity instead.")
    assert "Daylight's own spread comes after" in turn.says("Public Pity:")


@pytest.mark.parametrize(("order", "sympathy", "why"), [
    ("bird", 3, "No Revolt in Birdsong: the order is a bird"),
    ("fox", 0, "No Revolt: no sympathy token is on the map"),
    ("fox", 3, "No Revolt: no fox clearing is sympathetic"),
])
def test_a_revolt_not_made_says_why(order, sympathy, why):
    """REF §6 Birdsong: what stops a revolt (a bird order; no sympathetic clearing of the order's
    suit) is said before Public Pity."""
    runner = table([AA])
    record(runner, AA, sympathy_left=10 - sympathy, sympathy=sympathy)
    script = [("Which suit", order), ("still in the supply", "n")]
    if order == "fox" and sympathy:
        script.append(("Is any fox clearing sympathetic", "n"))
    turn = play(runner, script)
    assert turn.says(why)
    assert "Public Pity 1 of 2" in runner.pending.text


# -- 5. wording that reads right ----------------------------------------------------------------


def test_one_warrior_and_the_move_read_right():
    """LAW-EE 5.5.1.I (a column of one card recruits one warrior); APP Move (leave enough to rule the
    origin exactly, or as many as the column's cards, whichever is more): the words read right for
    one, and say which two numbers are compared."""
    runner = table([EE])
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"), ("Recruit (fox", "y"),
                         ("Recruit (bird", "y"), NO_LOSS])
    assert turn.says("Place 1 Eyrie warrior(s) in one such clearing")
    assert not any("1 Eyrie warriors" in t for t in turn.said)
    move = turn.says("Move (fox column, 1 card(s))")
    assert "the larger of two numbers: the fewest warriors that still rule the clearing, or 1" in move


def test_the_vagabots_crafted_item_question_says_what_it_means():
    """The setup choice of review 2026-11 Part C #25 (the sources do not say whether the Vagabot keeps
    the item it crafts): the question and both answers say it in plain words."""
    data = tomllib.loads((FOLDER / f"{VB}.toml").read_text(encoding="utf-8"))["options"]["crafted"]
    assert data["label"] == "Does it keep the item it crafts"
    assert data["choices"]["keep"].startswith("Yes: it scores 1 VP and the item goes face up into its Satchel")
    assert data["choices"]["score"].startswith("No: it scores 1 VP")


# -- 6. the Vagabot loses no item by exhausting it (LAW-VB 7.2.3) ---------------------------------


def items(runner: Runner) -> tuple[int, int, int]:
    c = mine(runner, VB).counters
    return c["ready"], c["exhausted"], c["damaged_up"] + c["damaged_down"]


@pytest.mark.parametrize(("ready", "exhausted"), [(3, 2), (5, 0)])
def test_a_quest_and_battles_keep_every_item(ready, exhausted):
    """LAW-VB 7.2.3 (to exhaust is to turn an item face down), 7.2.5 (a hit damages an item, which
    stays), REF §7 (Quest: two items; Battle: one, then two for each battle again). A mouse order:
    Quest, Aid (nobody to aid), Battle twice, Repair. The playtest on an older file saw ready 3 /
    exhausted 2 go to 1 / 3 on a quest, and a battle take ready 1 to 0 with exhausted unchanged."""
    runner = table([VB])
    record(runner, VB, ready=ready, exhausted=exhausted, damaged_up=0, damaged_down=0, vp=0)
    total = ready + exhausted
    turn = play(runner, [("Which suit", "mouse"), ("still in the supply", "n"), ("Quest: move toward", "0")])
    assert items(runner) == (ready - 2, exhausted + 2, 0)
    play(runner, [("How many items do they hold", "0"), ("enemy piece on the map", "y"), ("Battle: move toward", "0"),
                  ("How many enemy warriors", "0"), (ENEMY, "0")], turn)
    assert items(runner) == (ready - 3, exhausted + 3, 0)  # one more turned face down for the battle
    play(runner, [("How many hits", "1")], turn)
    if ready - 3 >= 2:  # a battle again: two more face down, after the hit damaged an exhausted one
        assert items(runner) == (ready - 3, exhausted + 2, 1)
        play(runner, [("Battle again", "y"), ("How many enemy warriors", "0"), (ENEMY, "0")], turn)
        assert items(runner) == (ready - 5, exhausted + 4, 1)
        play(runner, [("How many hits", "0")], turn)
    assert "Is the Vagabot in a forest" in runner.pending.text  # Evening has refreshed four
    assert items(runner) == (4, total - 5, 1)
    assert sum(items(runner)) == total


# == the second playtest (PLAYTEST-2) ===========================================================

LV = "Loyal Vizier"


def labels(runner: Runner) -> list[str]:
    """The reactions the ^f menu lists now, as the table reads them."""
    return [label for _, _, label in automaton_table._reactions(runner.state)]


def reaction_words() -> set[str]:
    """Every bot's reactions, by their words."""
    return {proc["reaction"] for bot in (MM, EE, AA, VB, "clockwork-common")
            for proc in tomllib.loads((FOLDER / f"{bot}.toml").read_text(encoding="utf-8")).get("procedures", {}).values()
            if "reaction" in proc}


# A reaction named in a text: 'words' in single quotes (an apostrophe inside a word is no quote).
QUOTED = re.compile(r"(?<![A-Za-z])'(.+?)'(?![A-Za-z])")


def named(text: str) -> list[str]:
    return QUOTED.findall(text.split("^f", 1)[1]) if "^f" in text else []


# -- 1. a bot's losses, War Tax among them, are told by the words of its reactions ---------------


def test_every_reaction_a_text_names_is_one_the_menu_lists():
    """PLAYTEST-2 #1 (the table must know what to start on another bot); BOTICS §1 via notes §2 (a
    bot's pieces are its own record): each 'quoted' reaction after a ^f in any bot's words is a
    reaction of some bot, word for word (a closing … names the start of a longer one)."""
    known = reaction_words()
    found = [(bot, q) for bot in (MM, EE, AA, VB) for text in texts(bot) for q in named(text)]
    assert len(found) >= 30, found  # the battle reports, War Tax, Relentless and the revolt
    for bot, quoted in found:
        if quoted.endswith("…"):
            assert any(k.startswith(quoted[:-1]) for k in known), (bot, quoted)
        else:
            assert quoted in known, (bot, quoted)


def test_the_eyries_war_tax_says_what_to_start_and_it_costs_the_marquise():
    """APP TextWarTax (an enemy building or token the Eyrie removes costs its owner 1 VP); PLAYTEST-2
    #1: the War Tax step names the Marquise's reaction, which the table starts by those words after
    the battle; after each battle the step says what records a defending bot's losses."""
    runner = table([EE, MM], options={EE: {"Trait: War Tax": "On"}}, order=[EE, "Player 1", MM])
    marquise_record(runner, supply=10, sawmills=5, workshops=5, recruiters=5, vp=10)
    record(runner, EE, warriors=10, roosts_left=5, roosts=2, vp=12, zones={"decree_rabbit": ["rabbit"], "decree_bird": [LV, LV]})
    turn = play(runner, [("Which suit", "bird"), ("still in the supply", "n"), ("Recruit (rabbit column", "n"),
                         ("Recruit (bird column", "n"), ("War Tax: each enemy", "@Mechanical Marquise 2.0: War Tax"),
                         ("War Tax: how many Marquise", "1")])
    said = turn.says("War Tax: each enemy building or token this battle removed costs its owner 1 VP")
    assert named(said) == ["War Tax…"]
    assert "'the Marquise takes hits in a battle'" in turn.says("If the defender is a bot, record it on that bot")
    assert mine(runner, MM).counters["vp"] == 9


def test_relentless_names_the_reactions_of_the_pieces_it_removed():
    """APP traits Relentless, War Tax; PLAYTEST-2 #1: a building or token of a bot removed outside a
    battle goes back by its owner's reaction, named; with War Tax, 'War Tax' too. None removed:
    nothing said."""
    runner = table([EE], options={EE: {"Trait: Relentless": "On", "Trait: War Tax": "On"}})
    record(runner, EE, warriors=10, roosts_left=5, roosts=2, vp=3, zones={"decree_fox": ["fox"]})
    script = [("Which suit", "mouse"), ("still in the supply", "n"), ("Recruit (fox column", "n"),
              ("Recruit (mouse column", "n"), ("Recruit (bird column", "n"), NO_LOSS, ("Relentless", "2")]
    turn = play(runner, script + [("Build:", "y")])
    said = turn.says("War Tax: each owner of those pieces loses 1 VP per piece")
    assert "'a Marquise building was removed'" in said and "'an Alliance base was removed'" in said
    quiet = table([EE], options={EE: {"Trait: Relentless": "On"}})
    record(quiet, EE, warriors=10, roosts_left=5, roosts=2, zones={"decree_fox": ["fox"]})
    turn = play(quiet, script[:-1] + [("Relentless", "0"), ("Build:", "y")])
    assert not any("^f" in t for t in turn.said if not t.startswith("If the defender"))


# -- 2. a reaction the bot's own record rules out is not offered ---------------------------------


@pytest.mark.parametrize(("bot", "empty", "full"), [
    (AA, {}, {"warriors": 9, "bases": 1, "base_fox": True, "sympathy_left": 9, "sympathy": 1}),
    (MM, {"warriors": 25, "keep": False, "sawmills_left": 6, "workshops_left": 6, "recruiters_left": 6},
     {"warriors": 24, "keep": True, "sawmills_left": 5}),
    (EE, {"warriors": 20, "roosts_left": 7, "roosts": 0}, {"warriors": 19, "roosts_left": 6, "roosts": 1}),
    (VB, {"ready": 0, "exhausted": 0, "damaged_up": 4}, {"ready": 1}),
])
def test_a_reaction_that_cannot_have_happened_is_not_offered(bot, empty, full):
    """PLAYTEST-2 #2 (Outrage offered, and scoring, with no sympathy on the map); LAW-AA 6.2.3, CW
    4.2.1, BOTICS hits (notes §2), LAW-VB 7.2.5 (a hit damages an undamaged item): with nothing of
    the bot on the map (no item to damage for the Vagabot) its menu is Poor Manual Dexterity and,
    for the Vagabot, its hits as defender; with its pieces there every reaction comes back."""
    runner = table([bot], order=["Player 1", bot])
    every = {label for _, _, label in automaton_table._reactions(runner.state, every=True)}
    record(runner, bot, **empty)
    left = {label.split(": ", 1)[1] for label in labels(runner)}
    assert left == {"a card taken from this bot or given to it (Poor Manual Dexterity)"} | (
        {"it removed enemy buildings or tokens on another's turn (1 VP each)"} if bot == VB else set())
    record(runner, bot, **full)
    assert set(labels(runner)) == every


def test_outrage_is_not_offered_without_sympathy_and_war_tax_says_when():
    """PLAYTEST-2 #2: the playtest's Outrage scored 1 VP and then asked for 0 to 0 tokens; now it is
    not offered until a token is on the map. The War Tax reactions say they follow a bot's War Tax
    (a file cannot read another bot's options)."""
    runner = table([AA], order=["Player 1", AA])
    assert not any("Outrage" in label or "a human player removed" in label for label in labels(runner))
    for bot in (MM, AA):
        war_tax = [w for w in (p.get("reaction", "") for p in tomllib.loads(
            (FOLDER / f"{bot}.toml").read_text(encoding="utf-8"))["procedures"].values()) if w.startswith("War Tax")]
        assert len(war_tax) == 1 and war_tax[0].startswith("War Tax: a War Tax bot removed")


# -- 3. Hospitals says why it places nothing (APP TextHospitals; CW 4.2.1) -----------------------


@pytest.mark.parametrize("reaction", ["Marquise warriors were removed", "the Marquise takes hits in a battle"])
def test_hospitals_without_the_keep_says_why(reaction):
    """APP TextHospitals (two warriors come back at the Keep) with CW 4.2.1 (a removed Keep is out of
    the game); PLAYTEST-2 #3: the reason is said, as other skipped rules are, nothing is asked or
    placed."""
    runner = table([MM], options={MM: {"Trait: Hospitals": "On"}}, order=["Player 1", MM])
    record(runner, MM, keep=False, warriors=10)
    if reaction.startswith("Marquise warriors"):
        script = [("Player 1's turn", "@" + reaction), ("How many Marquise warriors were removed", "3")]
    else:
        script = [("Player 1's turn", "@" + reaction), ("How many hits", "3"), ("warriors were in that clearing", "3")]
    turn = play(runner, script)
    assert turn.says("Hospitals: the keep token is gone, so no warrior returns at the Keep.")
    turn.never_asks("Hospitals")
    assert mine(runner, MM).counters["warriors"] == 13


# -- 4. every bot's setup says the rules all bots share (NOTES §2, LAW-NR 2.1) --------------------


@pytest.mark.parametrize("bot", [MM, EE, AA, VB])
def test_every_setup_says_hates_surprises_and_priority(monkeypatch, bot):
    """NOTES §2 (Hates Surprises: no ambush card against any bot); LAW-NR 2.1 (clearing priority, for
    every bot); PLAYTEST-2 #4: the Alliance's setup lacked the first, the Vagabot's the second."""
    told = told_at_setup(monkeypatch, bot)
    assert any(t.startswith("No ambush card may be played against this bot") for t in told), told
    assert any("1 is the highest priority, 12 the lowest" in t for t in told), told


# -- 5. only a bird column means any clearing (APP Daylight; notes §4) ---------------------------


def test_only_the_bird_column_says_it_means_any_clearing():
    """APP Daylight (a bird card in the Decree matches any clearing) and PLAYTEST-2 #5: the fox
    column's recruit, move and battle words do not carry the bird column's note; the bird's do."""
    runner = table([EE])
    record(runner, EE, zones={"decree_fox": ["fox"]})
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"), ("Recruit (fox column", "n"),
                         ("Recruit (bird column", "n")])
    note = "(A bird column means any clearing.)"
    assert note not in turn.asked[-2] and turn.asked[-1].endswith(note)
    for action in ("Move", "Battle"):
        assert note not in turn.says(f"{action} (fox column")
        assert turn.says(f"{action} (bird column").endswith(note)


# -- 6. the Vagabot's Aid is worded only when it happens (APP ActionAid; REF §7) -----------------


@pytest.mark.parametrize(("ready", "exhausted", "holds", "why"), [
    (0, 3, None, "Aid: skipped (no item to exhaust)."),
    (5, 0, "0", "Aid: skipped (nobody there holds an item, or the Satchel is full)."),
    (5, 0, "2", None),
])
def test_aid_says_what_it_does_only_when_it_does_it(ready, exhausted, holds, why):
    """APP SpecificDaylight.Vagabot.ActionAid (target the player there with items; exhaust as many as
    they hold, take that many, score that many) and REF §7 (a mouse order: Quest, Aid, Battle,
    Repair); PLAYTEST-2 #6: with no item to exhaust or nobody to aid the reason is said and no
    exhaust-and-score words; an Aid that happens exhausts, takes and scores as it says."""
    runner = table([VB])
    record(runner, VB, ready=ready, exhausted=exhausted, vp=0)
    script = [("Which suit", "mouse"), ("still in the supply", "n")]
    if holds is not None:
        script += [("Quest: move toward", "0"), ("How many items do they hold", holds)]
    turn = play(runner, script)
    aided = [t for t in turn.said if t.startswith("Aid")]
    if why:
        assert aided == [why]
        assert mine(runner, VB).counters["vp"] == (1 if holds else 0)  # the quest's point only
    else:
        assert aided == ["Aid: exhaust 2 item(s), take 2 of that player's items into the Satchel face up; the Vagabot scores 2 VP and the player draws 2 card(s)."]
        assert items(runner) == (5 - 2 - 2 + 2, 4, 0) and mine(runner, VB).counters["vp"] == 1 + 2


# -- a defending bot is named only where another bot sits at the table --------------------------


@pytest.mark.parametrize(("bots", "told"), [([MM], False), ([MM, EE], True)])
def test_the_defending_bot_line_is_said_only_with_another_bot_at_the_table(bots, told):
    """PLAYTEST-2, after the fix of #1: the line after each battle naming the reactions to start on a
    defending bot (BOTICS hits, notes §2; each bot's reactions) came even at a table with one bot,
    one more Enter per battle for nothing. It is said where `other_bots` (the table's count of the
    other bots seated) is above 0."""
    runner = table(bots, order=[MM, "Player 1", *bots[1:]])
    play(runner, [("Which suit", "fox")])
    runner.answer("n")  # no craft: the Battle is under way
    assert runner.pending is not None and runner.pending.text.startswith("Battle in every fox clearing")
    # The table's count is fixed at setup, so the steps pane leaves the call out where it does nothing.
    assert any(step.label == "A bot defending" for step in runner.view().flow) is told
    turn = play(runner, [NO_LOSS])
    assert runner.pending is not None and "rule any fox" in runner.pending.text
    assert any(t.startswith("If a defender is a bot") for t in turn.said) is told
    assert mine(runner, MM).others == len(bots) - 1
