"""Setup, the Bots' Turns and the Round, played through the Runner (seed: Bot Setup p.1,
Sequence of Play p.2-3, Main Turn Structure p.7, Bot Realms p.6, Substitute Bots p.6)."""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest

import drivers

from test_eu_price_of_power_helpers import (
    Ctx, answer_runner, answers, bot, drive, fresh_rules, new_runner, raw, rules, table,
)
from tui.engine.prompts import AnswerError, TextEntry, YesNo, parse_answer, valid_answers
from tui.engine.session import Runner
from tui.games.eu_price_of_power import GAME, memory
from tui.games.eu_price_of_power.bot_turn import bot_turn
from tui.games.eu_price_of_power.charts import walk_chart
from tui.games.eu_price_of_power.state import ACTION, DRAW, REMOVED, Memory
from tui.opengame import OpenGame
from tui.games.eu_price_of_power.rules import ChartNode, RollBranch

FULL = Counter(str(n) for n in range(1, 25))


def setup_answer(removals="3 7 12"):
    """Realms by their example, removals as given, everything else by default."""

    def answer(prompt):
        if isinstance(prompt, TextEntry) and "removed in Age" in prompt.text:
            return removals
        return raw(prompt)

    return answer


def past_setup(runner: Runner, removals="3 7 12"):
    answer_runner(runner, setup_answer(removals), lambda r: r.state.phase != "setup")


def test_setup_asks_each_bot_and_builds_its_deck_without_the_removed_cards():
    """Seed p.1 Bot Setup (9 BP default, one deck per Bot) and p.6 Bot Realms (removals per Age)."""
    runner = new_runner({"bots": "2", "humans": "1"})
    past_setup(runner, "3 7 12")
    a, f = runner.state.bots
    assert (a.realm, f.realm) == ("Austria", "France")
    assert a.colour != f.colour
    assert a.available == f.available == 9
    assert sorted(a.deck.pile(REMOVED), key=int) == ["3", "7", "12"]
    assert a.deck.count(DRAW) == 21 and a.deck.census() == FULL
    assert a.removals == {str(age): [3, 7, 12] for age in (1, 2, 3, 4)}


def test_removal_ids_are_checked_against_the_deck():
    """Seed p.6: the removals are Bot card IDs (1-24); a wrong list is refused in place with the
    reason and never recorded (issue 13 item 7)."""
    runner = new_runner({"bots": "1", "humans": "0"})
    answer_runner(runner, raw, lambda r: isinstance(r.pending, TextEntry) and "removed in Age" in r.pending.text)
    drivers.refused(runner, "3 25", "'25' is not a Bot card ID (1-24).")
    drivers.refused(runner, "4 4", "Card 4 is listed twice.")
    runner.answer("4, 9")
    assert "Age II" in runner.pending.text
    assert runner.state.bots[0].realm == "Austria"


def test_a_realm_cannot_be_two_bots():
    """Seed p.6: each Bot is a different Bot Realm."""
    runner = new_runner({"bots": "2", "humans": "0"})
    answer_runner(runner, setup_answer(), lambda r: getattr(r.pending, "label", "") == "Bot 2 realm")
    drivers.refused(runner, "austria", "austria is taken.")
    assert "Austria" not in runner.pending.examples


def test_removals_are_remembered_per_realm_for_the_next_game(tmp_path):
    """The brief: removals typed at setup are remembered per realm (saves folder) and offered in the
    next game; a missing or damaged memory file is an empty memory."""
    assert memory.recall(tmp_path) == Memory()
    (tmp_path / memory.FILE).write_text("{not json", encoding="utf-8")
    assert memory.recall(tmp_path) == Memory()
    assert not (tmp_path / memory.FILE).exists()  # issue 14: a damaged file is set aside, kept
    assert list(tmp_path.glob(memory.FILE + ".damaged-*"))

    first = OpenGame.new("eu-price-of-power", {"bots": "1", "humans": "0"}, 3, tmp_path / "one.json")
    answer_runner(first.runner, setup_answer("5 6"), lambda r: r.state.phase != "setup")
    first.autosave()
    assert memory.recall(tmp_path).removals["Austria"]["1"] == [5, 6]
    assert "Austria" in memory.home_lines(tmp_path)[0]

    second = OpenGame.new("eu-price-of-power", {"bots": "1", "humans": "0"}, 4, tmp_path / "two.json")
    runner = second.runner
    answer_runner(runner, raw, lambda r: isinstance(r.pending, YesNo) and "Removals for Austria" in r.pending.text)
    assert "Age I: 5 6" in runner.pending.text
    runner.answer("y")
    answer_runner(runner, raw, lambda r: r.state.phase != "setup")
    assert sorted(runner.state.bots[0].deck.pile(REMOVED)) == ["5", "6"]


def test_under_attack_the_bot_defends_and_the_chart_is_followed_by_hand():
    """Seed p.7 Main Turn Structure (under attack → DEFEND; fn1) and p.8 DEFEND: the chart image is
    not in our sources, so the step names the chart and page, shows its rules, asks the outcomes."""
    b = bot(difficulty="hard", available=5)
    b.manpower = 20
    state = table(b)
    reply = answers({"under attack": True, "times did": 1, "What happened": [["o"]], "win its Land Battle": True,
                     "spent in": 1})
    _, prompts = drive(bot_turn(state, Ctx(), b), reply)
    hand = next(p for p in prompts if "follow the DEFEND" in p.text)
    assert "DEFEND Action chart (booklet p.8)" in hand.text and "Then: How many times did" in hand.text
    assert "Invaders are Hostile Units" in hand.help and "Entered from: Main Turn Structure" in hand.help
    assert b.army == 9  # Hard: 9 Units per recruit
    assert (b.available, b.spent) == (5 - 2 + 1 - 1, 3)  # a DEFEND recruit costs 2, battle +1, 1 more spent
    assert b.drawn == []


def test_not_under_attack_nor_siege_nor_colonize_draws_a_bot_card():
    """Seed p.7 and S2: defend, else siege, else colonize, else draw a Bot card and pay its cost."""
    b = bot(available=9)
    b.deck.piles[DRAW] = ["2"] + [c for c in b.deck.piles[DRAW] if c != "2"]
    state = table(b)
    drive(bot_turn(state, Ctx(), b), answers({}))
    assert [d.card for d in b.drawn] == [2]
    assert b.drawn[0].action == "Military" and b.spent == 1


def test_a_bot_without_bp_passes_and_gains_the_pass_bonus():
    """Seed p.2 Passing; readings: pass_trigger (no Available BP left)."""
    b = bot(available=0)
    state = table(b)
    _, prompts = drive(bot_turn(state, Ctx(), b), answers({}))
    assert state.passed == ["b1"] and b.available == 2
    assert "passes" in prompts[-1].text


def test_a_transcribed_chart_is_walked_node_by_node():
    """Ruleset CHART SCHEMA: a group's transcription replaces the by-hand step; roll nodes use the d6
    setting, action nodes ask their outcome."""
    r = fresh_rules()
    idea = r.chart("idea")
    idea.start = "q"
    idea.nodes = [
        ChartNode(id="q", kind="question", text="Has {bot} 3 Ideas of every type?", yes="end", no="roll"),
        ChartNode(id="roll", kind="roll", text="Idea type",
                  branches=[RollBranch(1, 2, "mil"), RollBranch(3, 6, "tag")]),
        ChartNode(id="mil", kind="action", text="Research a Military Idea.", do="idea", next="end"),
        ChartNode(id="tag", kind="action", text="Research the cheapest Idea.", do="idea", next="end"),
        ChartNode(id="end", kind="end"),
    ]
    b = bot()
    state = table(b)
    ctx = Ctx(r, {"dice": "table"})
    reply = answers({"Has Austria 3 Ideas": False, "Roll a d6": 2, "Which type": "3"})
    _, prompts = drive(walk_chart(state, ctx, b, "idea"), reply)
    assert [type(p).__name__ for p in prompts] == ["YesNo", "Number", "Instruction", "Choice"]
    assert prompts[2].text == "Austria: Research a Military Idea."
    assert b.ideas["Mil"] == 1
    assert state.stack[-1].trail == ["q", "roll", "mil", "end"]


def test_a_full_age_with_two_bots_and_random_answers_keeps_every_invariant():
    """Seed p.1-3: through a whole Age of random answers every Bot keeps its 24 cards, never has
    negative BP, Spent is 0 after each Phase 4, and the Age ends with every deck reset."""
    runner = new_runner({"bots": "2", "humans": "1"}, seed=11)
    rnd = random.Random(11)
    rounds_seen = set()
    for _ in range(6000):
        prompt = runner.pending
        assert prompt is not None
        choices = valid_answers(prompt)
        if prompt.label == "After the Round":
            answer = "2" if runner.state.round >= 3 else "1"
        elif prompt.label == "A Bot out of Towns?":
            answer = "0"  # one still out of Towns would end the game before the Age does (p.4)
        else:
            answer = rnd.choice(choices)
        runner.answer(answer)
        state = runner.state
        for b in state.bots:
            if b.deck.piles:  # composed at the end of its setup
                assert b.deck.census() == FULL
            assert b.available >= 0 and b.spent >= 0
            assert 0 <= b.army <= max(b.manpower, rules().army.replacement_units)
            threshold = rules().difficulty(b.difficulty).focus_threshold
            assert all(0 <= v < threshold for v in b.focus.values())  # a full area scores and empties
        if state.phase == "5 Cleanup" and state.step == "manpower":
            assert all(b.spent == 0 for b in state.bots)
        rounds_seen.add(state.round)
        if state.age == 2:
            break
    assert runner.state.age == 2 and {1, 2, 3} <= rounds_seen
    for b in runner.state.bots:
        assert b.deck.count(DRAW) + b.deck.count(REMOVED) == 24


def test_undo_and_reopen_replay_exactly():
    """DESIGN: the state saved at a TurnStart replays identically (dice and shuffles included)."""
    opened = OpenGame.new("eu-price-of-power", {"bots": "3", "humans": "1"}, 5, None)
    drivers.play(opened, 400, random.Random(5))
    runner = opened.runner
    before = msgspec.json.encode(runner.state)
    saved = msgspec.json.decode(msgspec.json.encode(runner.saved_session()), type=type(runner.session))
    again = Runner(GAME, rules(), saved)
    assert msgspec.json.encode(again.state) == before
    runner.undo(30)
    runner.redo(30)
    assert msgspec.json.encode(runner.state) == before


def test_everyone_passing_ends_the_action_phase():
    """Seed p.2: the Action Phase goes in Turn order until all have passed; then Phase 3."""
    runner = new_runner({"bots": "1", "humans": "1"})
    past_setup(runner)

    def answer(prompt):
        if prompt.label == "Human 1's Turn":
            return "p"
        return raw(prompt)

    answer_runner(runner, answer, lambda r: r.state.phase != ACTION and r.state.phase != "1 Draw Cards")
    assert runner.state.phase == "3 Peace & Rebels"
    assert runner.state.passed[0] == "h1" and "b1" in runner.state.passed


def test_a_human_declaring_war_on_a_bot():
    """Seed p.4 DoW on a Bot, from the human's Turn menu."""
    runner = new_runner({"bots": "1", "humans": "1"})
    past_setup(runner)
    answer_runner(runner, raw, lambda r: r.pending.label == "Human 1's Turn")
    b = runner.state.bots[0]
    runner.answer("w")
    runner.answer("1")  # war declared on the Bot
    runner.answer("1")  # one NPR Ally called
    assert b.at_war
    assert b.available + b.spent == 9 + 2 + 1
    assert b.army == 3  # Normal recruits 9, capped by Manpower 3


def test_replacing_a_human_with_a_bot_between_rounds():
    """Seed p.6 Replacing Humans: BP conversion with its clamp, the seat becomes a Bot."""
    runner = new_runner({"bots": "1", "humans": "1"})
    past_setup(runner)

    def answer(prompt):
        if prompt.label == "Human 1's Turn":
            return "p"
        if prompt.label == "After the Round":
            return "4"
        if prompt.label == "Monarch Power":
            return "20"
        return raw(prompt)

    answer_runner(runner, answer, lambda r: len(r.state.bots) == 2 and r.pending.label == "After the Round")
    new = runner.state.bots[1]
    assert new.available == 15
    assert runner.state.order.count("h1") == 0 and "b2" in runner.state.order
    assert new.deck.census() == FULL


def test_an_eliminated_bot_realm_is_replaced_keeping_ideas_and_milestones():
    """Seed p.6 Replacing Bot Realms: a new Bot realm with 3 Units in its Army inherits the Ideas and
    completed Milestones of the one it replaces and is otherwise set up as normal (new deck)."""
    from tui.games.eu_price_of_power.replace import replace_bot_realm

    old = bot("b1", "Austria", available=2, removals={"1": [3]})
    old.ideas["Dip"], old.milestones, old.at_war, old.focus["Eco"] = 2, ["War"], True, 1
    state = table(old)
    reply = answers({"realm does it play": "Bohemia", "BP \\(set up": 9, "Manpower": 6, "Use them": False,
                     "removed in Age": ["5", "", "", ""]})
    _, prompts = drive(replace_bot_realm(state, Ctx()), reply)
    realm = next(p for p in prompts if "realm does it play" in p.text)
    with pytest.raises(AnswerError, match="Austria is taken"):  # the eliminated realm: refused in place
        parse_answer(realm, "Austria")
    b = state.bots[0]
    assert (b.realm, b.available, b.army, b.manpower, b.at_war) == ("Bohemia", 9, 3, 6, False)
    assert b.ideas["Dip"] == 2 and b.milestones == ["War"] and b.focus["Eco"] == 0
    assert b.deck.pile(REMOVED) == ["5"] and b.deck.census() == FULL


def test_defending_the_hre_pays_the_bot_emperor_and_costs_bot_members():
    """Seed p.6 Bot Emperor (gains BP equal to IA when Defending the HRE) and Bot HRE Members
    (lose 1 BP unless already at War). Answering the Subject's Call to Arms it also takes the p.4
    steps of a Bot joining a War by a CtA: +1 BP, the top-up, a recruit (issue 15)."""
    from tui.games.eu_price_of_power.wars import defending_the_hre

    emp = bot("b1", "Austria", available=2)
    member, warring = bot("b2", "Bohemia", available=3), bot("b3", "Saxony", available=3)
    warring.at_war = True
    state = table(emp, member, warring)
    state.emperor, state.ia = "b1", 4
    _, prompts = drive(defending_the_hre(state, Ctx()), answers({"HRE members": ["1"], "brings Austria": "1"}))
    assert (emp.available, emp.spent, emp.army) == (2 + 4 + 1 - 1, 1, 3) and emp.at_war
    assert any("Austria defends the HRE" in p.label for p in prompts)
    assert member.available == 2 and warring.available == 3
    members = next(p for p in prompts if p.label == "Bot HRE members")
    assert [o.label for o in members.options] == ["Bohemia"]


def test_a_bot_emperor_attacked_itself_gains_no_ia_bp_and_an_unknown_emperor_is_asked():
    """Seed p.6 Bot Emperor: the BP equal to IA come with accepting a CtA to defend the HRE (S6:
    'if activating due to CtA'); the Emperor is asked when the table has not said yet. Being the
    target it takes the DoW on a Bot steps (p.4 step 4): +1, the top-up to 5 (Normal), 1 BP recruits."""
    from tui.games.eu_price_of_power.wars import defending_the_hre

    emp = bot("b1", "Austria", available=2)
    state = table(emp)
    reply = answers({"HRE Emperor": "1", "Imperial Authority now": 3, "brings Austria": "3"})
    drive(defending_the_hre(state, Ctx()), reply)
    assert (state.emperor, state.ia, emp.available, emp.spent, emp.at_war) == ("b1", 3, 4, 1, True)


def test_an_npr_invasion_in_phase_3_gives_no_active_player_bonus():
    """Seed p.2 Phase 3 B (at most 1 NPR Invasion, the Army fights there) and p.5 (the +1 BP is for the
    Active Player only)."""
    from tui.games.eu_price_of_power.peace_and_rebels import peace_phase

    b = bot(available=0)
    b.army = 9
    state = table(b)
    state.phase = "3 Peace & Rebels"
    reply = answers({"NPR Invasion\\?": [["1"]], "Infantry icon": 1, "against whom": "1", "How many enemy Units": 2,
                     "stand": 9})
    drive(peace_phase(state, Ctx()), reply)
    assert b.army == 8 and b.available == 0
    assert state.phase == "4 Income & Upkeep"


def test_the_event_chart_by_hand_shows_the_general_event_rules():
    """Seed p.9 EVENT Action: the General Event Rules and Secondary Effects are shown with the chart."""
    b = bot()
    state = table(b)
    _, prompts = drive(walk_chart(state, Ctx(), b, "event"), answers({"gain in": 3}))
    assert "EVENT Action chart (booklet p.9)" in prompts[0].text
    assert "1 BP per 10, rounded up, at most 3 BP" in prompts[0].help
    assert b.event_taken and b.available == 12


def test_opponent_selection_rolls_prestige_or_tax_income():
    """Seed p.3 Opponent Selection: at War first; else d6 1-3 highest Prestige, 4-6 highest Tax Income."""
    from tui.games.eu_price_of_power.outcomes import select_opponent

    for die, word in ((3, "Prestige"), (4, "Tax Income")):
        b = bot()
        reply = answers({"select an Opponent": True, "exactly one": False, "Roll a d6": die})
        _, prompts = drive(select_opponent(table(b), Ctx(options={"dice": "table"}), b), reply)
        assert f"highest {word}" in prompts[-1].text


def test_idea_bonuses_are_shown_on_the_charts_they_change():
    """Seed p.3 Bots & Ideas: DIPLOMACY +1/+2 influence, +1 Artillery die, +1 Infantry die, Siege 2 TV per BP."""
    b = bot()
    b.ideas.update(Dip=3, Mil=3)
    state = table(b)
    _, prompts = drive(walk_chart(state, Ctx(), b, "diplomacy"), answers({}))
    assert "Ideas: +2 influence" in prompts[0].text
    _, prompts = drive(walk_chart(state, Ctx(), b, "siege"), answers({}))
    assert "2 Tax Value per BP" in prompts[0].text


def test_a_bot_made_peace_takes_its_army_off_the_map():
    """Seed p.2 Phase 3 D: Bots resolve Peace by the p.15 chart; a Bot now at Peace removes its Army."""
    from tui.games.eu_price_of_power.peace_and_rebels import peace_phase

    b = bot()
    b.at_war = True
    state = table(b)
    _, prompts = drive(peace_phase(state, Ctx()), answers({"at War now": False}))
    assert not b.at_war
    assert any("Bot Peace Resolution chart (booklet p.15)" in p.text for p in prompts)
    assert any("remove its Army from the map" in p.text for p in prompts)


def test_a_damaged_or_edited_memory_file_keeps_only_sound_entries(tmp_path):
    """The brief: recall tolerates a damaged file; entries that are not realm → Age → card IDs 1-24
    are dropped rather than trusted."""
    (tmp_path / memory.FILE).write_text(
        '{"removals": {"Austria": {"1": [3, 7]}, "Bad\\u001b[31m": {"1": [1]}, "France": {"1": [99]},'
        ' "Venice": {"9": [1]}}}', encoding="utf-8")
    assert memory.recall(tmp_path).removals == {"Austria": {"1": [3, 7]}}
    (tmp_path / memory.FILE).write_bytes(b"\xff\xfe[[[")
    assert memory.recall(tmp_path) == Memory()


def test_removals_kept_in_the_ruleset_are_offered_at_setup():
    """Seed p.6 Bot Realms; the ruleset's realms[].removals hold a group's transcription."""
    r = fresh_rules()
    r.realm("Austria").removals = {"1": [2, 4], "2": [6], "3": [], "4": []}
    runner = Runner.new(GAME, r, {"bots": "1", "humans": "0"}, 1)
    answer_runner(runner, raw, lambda x: isinstance(x.pending, YesNo) and "Removals for Austria" in x.pending.text)
    assert "Age I: 2 4 · Age II: 6 · Age III: none" in runner.pending.text
    runner.answer("y")
    answer_runner(runner, raw, lambda x: x.state.phase != "setup")
    assert sorted(runner.state.bots[0].deck.pile(REMOVED)) == ["2", "4"]


def test_a_transcribed_targeting_tree_is_rolled_from_the_military_chart():
    """Seed p.6 Targeting Charts and Placing Claims on NPRs: the realm's tree is rolled (d6 setting),
    invalid targets are asked and backtracked, an NPR target gets a Claim."""
    from tui.games.eu_price_of_power.outcomes import roll_target
    from tui.games.eu_price_of_power.rules import TargetNode as T

    r = fresh_rules()
    r.realm("Austria").military = [T(1, 3, "Venice", children=[T(1, 6, "Milan")]), T(4, 6, "Hungary")]
    b = bot()
    reply = answers({"Roll a d6": [2, 5], "Is Venice": False, "Is Milan": "y"})
    said, prompts = drive(roll_target(table(b), Ctx(r, {"dice": "table"}), b, "military"), reply)
    assert said.startswith("Austria targets Milan.") and "place a Claim now" in said


def test_target_types_are_asked_in_their_own_words_and_a_territory_ends_the_turn():
    """Seed p.6 Target types ('Owner of [Province]' read as Lawful Owner if Occupied; 'Realm in
    [AREA]': Capital there, then Tax Value, then alphabetical) and Vacant Territories as targets
    (valid only with 'QftNW'; the Bot places a Claim and ends its Turn)."""
    from tui.games.eu_price_of_power.outcomes import roll_target
    from tui.games.eu_price_of_power.rules import TargetNode as T

    r = fresh_rules()
    r.realm("Austria").military = [T(1, 2, "Alexandria", kind="owner"), T(3, 4, "RHINELAND", kind="area"),
                                   T(5, 6, "Newfoundland", kind="territory")]
    b = bot()
    reply = answers({"Roll a d6": [1], "Owner of Alexandria": False, "Realm in RHINELAND": False,
                     "vacant Territory Newfoundland": "y"})
    said, prompts = drive(roll_target(table(b), Ctx(r, {"dice": "table"}), b, "military"), reply)
    assert "targets the vacant Territory Newfoundland" in said and "its Turn ends" in said
    asked = [p.text for p in prompts if "a valid military target" in p.text]
    assert "Lawful Owner if Occupied" in asked[0] and "Capital there" in asked[1] and "QftNW" in asked[2]


def test_passive_trade_when_a_human_trades():
    """Seed p.4 Humans Trading: every eligible Bot collects and moves its Merchant there."""
    from tui.games.eu_price_of_power.action_phase import passive_trade

    a, f = bot("b1", "Austria", available=1), bot("b2", "France", available=1)
    reply = answers({"Where did": "2", "Pirates": 1, "eligible": [True, False]})
    _, prompts = drive(passive_trade(table(a, f), Ctx(), "Human 1"), reply)
    assert (a.available, f.available) == (1 + 3 - 1, 1)
    assert any("Merchant" in p.text and "Austria" in p.text for p in prompts)


def test_only_the_first_battle_won_in_a_turn_is_asked_and_paid():
    """Seed p.5 and p.16 note: +1 BP for the first Battle won as Active Player in a Turn, once."""
    b = bot(available=3)
    b.army, b.manpower = 9, 9
    state = table(b)
    reply = answers({"Infantry icon": 0, "under attack": True, "What happened": [["l"]],
                     "against whom": "1", "How many enemy Units": 2, "stand": 9})
    _, prompts = drive(bot_turn(state, Ctx(), b), reply)
    assert b.available == 4 and b.battle_won
    assert not any("against an Opponent" in getattr(p, "text", "") for p in prompts)


def test_a_bots_naval_action_can_pay_other_bots_passive_trade():
    """Seed p.4 Bots Trading: the NAVAL chart also covers passive Trade Income for other eligible Bots."""
    a, f = bot("b1", "Austria", available=5), bot("b2", "France", available=1)
    reply = answers({"France collects": 2, "Which other Bots": [["1"]], "gain in": 3})
    drive(walk_chart(table(a, f), Ctx(), a, "naval"), reply)
    assert (a.available, f.available) == (8, 3)


def test_a_bot_already_at_war_with_an_opponent_refuses_an_npr_call_to_arms():
    """Seed p.4 Calls to Arms: a Bot accepts a Defensive CtA unless already at War with an Opponent;
    one that accepts gains as if targeted (+1 BP, top-up, recruit). At War by an NPR's Call to
    Arms (whose Aggressor the table did not name), whether it is at War with an Opponent is asked."""
    runner = new_runner({"bots": "1", "humans": "1"})
    past_setup(runner)
    answer_runner(runner, raw, lambda r: r.pending.label == "Human 1's Turn")
    runner.answer("w")
    runner.answer("2")  # its NPR Ally calls it in: it answers
    assert "answers the Call to Arms" in runner.pending.text
    answer_runner(runner, raw, lambda r: r.pending.label == "Human 1's Turn")
    b = runner.state.bots[0]
    before = (b.available, b.spent, b.army)
    runner.answer("w")
    runner.answer("2")  # called in again
    assert "already at War with an Opponent" in runner.pending.text
    runner.answer("y")
    assert "refuses" in runner.pending.text
    assert (b.available, b.spent, b.army) == before


def test_battle_dice_faces_are_asked_at_setup_when_clockwork_rolls_and_remembered(tmp_path):
    """Readings battle_dice (seed p.5 names the icons, not the faces): with Clockwork rolling, setup
    asks the faces of an Infantry and an Artillery die once; the next game offers them again; with
    real dice they are not asked."""
    first = OpenGame.new("eu-price-of-power", {"bots": "1", "humans": "0"}, 3, tmp_path / "one.json")

    def answer(prompt):
        if "faces of an Infantry die" in prompt.text:
            return "2"
        if "faces of an Artillery die" in prompt.text:
            return "1"
        return setup_answer("5")(prompt)

    answer_runner(first.runner, answer, lambda r: r.state.phase != "setup")
    assert (first.runner.state.infantry_faces, first.runner.state.artillery_faces) == (2, 1)
    first.autosave()
    second = OpenGame.new("eu-price-of-power", {"bots": "1", "humans": "0"}, 4, tmp_path / "two.json")
    answer_runner(second.runner, raw, lambda r: "faces of an Infantry die" in r.pending.text)
    assert second.runner.pending.default == 2
    table_dice = new_runner({"bots": "1", "humans": "0", "dice": "table"})
    seen = []
    answer_runner(table_dice, lambda p: seen.append(p.text) or raw(p), lambda r: r.state.phase != "setup")
    assert not any("faces of" in t for t in seen)


def test_at_the_end_of_the_action_phase_each_bot_takes_one_final_turn():
    """Seed p.2 Action Phase (Bots take Turns in order and eventually Pass, like the humans) with the
    main rules' End of the Action Phase: once triggered, a Bot still in takes one final Turn and then
    counts as passed."""
    runner = new_runner({"bots": "2", "humans": "1"})
    past_setup(runner)

    def answer(prompt):
        if prompt.label == "Human 1's Turn":
            return "p"
        if prompt.label == "End of the Action Phase?":
            return "y"
        return raw(prompt)

    answer_runner(runner, answer, lambda r: r.state.phase != ACTION and r.state.phase != "1 Draw Cards")
    state = runner.state
    assert state.phase == "3 Peace & Rebels"
    assert state.passed == ["h1", "b1", "b2"]
    assert all(b.available > 0 for b in state.bots)  # they did not run out: the final Turn ended it


def test_peace_resolution_goes_in_turn_order():
    """Seed p.2 Phase 3 D: Peace Resolution is performed in Turn order, Bots included."""
    from tui.games.eu_price_of_power.peace_and_rebels import peace_phase

    a, f = bot("b1", "Austria"), bot("b2", "France")
    a.at_war = f.at_war = True
    state = table(a, f)
    state.order = ["b2", "b1"]
    _, prompts = drive(peace_phase(state, Ctx()), answers({"at War now": True}))
    charts = [p.text.split(":")[0] for p in prompts if "Bot Peace Resolution chart" in p.text]
    assert charts == ["France", "Austria"]
