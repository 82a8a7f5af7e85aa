"""No question whose answer Clockwork already has (issue 23 item 2), each against the Bot booklet
(/work/shared/seeds/eu-price-of-power-bots.txt, pages are the booklet's): what the record answers
is not asked and the history says so; what play may have changed is offered as recorded, one key
to confirm it. Played through the runner, as at the table, from a state set up for the case."""

from __future__ import annotations

import re

import msgspec

from test_eu_price_of_power_helpers import bot, raw, rules, table
from tui.engine.prompts import Number
from tui.engine.session import Runner, Session, Snapshot
from tui.games.eu_price_of_power import GAME
from tui.games.eu_price_of_power.state import ACTION, DRAW, INCOME, PEACE


def runner_at(state, options=None) -> Runner:
    """A runner whose game starts from ``state`` (its phase and seat)."""
    header = rules().ruleset
    session = Session(game=GAME.id, ruleset_id=header.id, ruleset_version=header.version,
                      options=dict(options or {}), seed=1,
                      snapshots=[Snapshot(step=0, log_len=0, state=msgspec.Raw(msgspec.json.encode(state)))])
    return Runner(GAME, rules(), session)


def play_until(runner, stop: str, replies=None, limit=60) -> list[str]:
    """Answer until a prompt whose label matches ``stop`` waits; ``replies`` maps a regex on the
    label or text to the raw answer, else nothing happened (raw). Returns the labels shown."""
    shown = []
    for _ in range(limit):
        prompt = runner.pending
        assert prompt is not None, f"the game ended before '{stop}'"
        shown.append(prompt.label)
        if re.search(stop, prompt.label):
            return shown
        reply = next((v for k, v in (replies or {}).items() if re.search(k, f"{prompt.label} | {prompt.text}")), None)
        runner.answer(raw(prompt) if reply is None else reply)
    raise AssertionError(f"'{stop}' never came: {shown}")


def known(runner) -> list[str]:
    return [e.text for e in runner.session.log if e.kind == "known"]


def on_top(b, card: str) -> None:
    b.deck.piles[DRAW].remove(card)
    b.deck.piles[DRAW].insert(0, card)


def action_state(*bots, humans=0, seat=0):
    state = table(*bots, humans=humans)
    state.phase, state.seat = ACTION, seat
    return state


# ---- Opponents at War (p.3 Opponent Selection, p.4 DoW on a Bot, p.6 Bot Emperor) --------------------

def test_a_bot_at_peace_has_no_opponent_at_war_to_select():
    """eu-price-of-power-bots.txt p.3 Opponent Selection: Opponents at War with the Bot come first;
    a Bot at Peace has none, so the d6 decides without asking."""
    austria = bot("b1", "Austria", available=5)
    on_top(austria, "1")  # Event: the EVENT chart selects an Opponent
    runner = runner_at(action_state(austria, humans=1, seat=1))
    shown = play_until(runner, r"Opponent by ", {r"select an Opponent": "y"})
    assert "Austria: one Opponent at War?" not in shown
    assert "No Opponent is at War with Austria (it is at Peace)" in known(runner)


def test_a_bot_at_war_with_the_player_who_declared_it_refuses_an_npr_call_to_arms():
    """eu-price-of-power-bots.txt p.4 DoW on a Bot (a Bot accepts a Defensive CtA unless already at
    War with an Opponent): Human 1 declared War on Austria; on Human 2's Turn Austria refuses an
    NPR's Call to Arms without the table being asked whether it is at War with an Opponent."""
    austria = bot("b1", "Austria", available=5)
    runner = runner_at(action_state(austria, humans=2))
    play_until(runner, r"^Human 2's Turn$", {r"^Human 1's Turn": "w", r"^Human 1: War": "1"})
    shown = play_until(runner, r"refuses the Call to Arms", {r"^Human 2's Turn": "w", r"^Human 2: War": "2"})
    assert "Austria at War with an Opponent?" not in shown
    assert any(line.startswith("Austria is already at War with an Opponent") for line in known(runner))


def test_a_bot_emperor_at_war_with_an_opponent_stays_out_without_being_asked():
    """eu-price-of-power-bots.txt p.6 Bot Emperor (it defends its Imperial Subjects unless already at
    War with an Opponent or that Subject): at War with Human 1, who declared it, it stays out."""
    austria = bot("b1", "Austria", available=5)
    state = action_state(austria, humans=2)
    state.emperor, state.ia = "b1", 3
    runner = runner_at(state)
    play_until(runner, r"^Human 2's Turn$", {r"^Human 1's Turn": "w", r"^Human 1: War": "1"})
    shown = play_until(runner, r"stays out", {r"^Human 2's Turn": "w", r"^Human 2: War": "3",
                                             r"Defending the HRE\?": "1"})
    assert "Austria already at War?" not in shown


# ---- At War? (p.3): a War just declared is with a realm that holds Provinces -----------------------

def test_a_war_declared_since_the_bots_last_turn_is_neither_asked_nor_recapped():
    """eu-price-of-power-bots.txt p.3 At War? (only Wars with realms left without Provinces do not
    count) and p.1 (at War the War Action replaces the card's): Human 1 declared War on Austria
    this Round; on Austria's next Turn its Enemy still holds Provinces, so the 'anything changed?'
    recap does not list it and card 5 runs its War Action unasked."""
    austria = bot("b1", "Austria", available=5)
    austria.facts = {"main.m1": False}  # not under attack at its last Turn: the recap is shown
    on_top(austria, "5")  # Diplomacy, War Action: Military
    runner = runner_at(action_state(austria, humans=1))
    recap = play_until(runner, r"anything changed", {r"^Human 1's Turn": "w", r"^Human 1: War": "1"})
    assert [o.label for o in runner.pending.options] == ["under attack: now yes"]
    shown = recap + play_until(runner, r"MILITARY Action", {r"anything changed": ""})
    assert "Austria: a real War?" not in shown
    assert runner.state.bots[0].drawn[-1].action == "Military"


# ---- Phase 4 (p.2 Income & Upkeep, p.6 Bot Emperor) --------------------------------------------------

def test_a_bot_emperor_stays_emperor_and_its_ia_is_offered_as_clockwork_rolled_it():
    """eu-price-of-power-bots.txt p.6 Bot Emperor (Imperial Election rules are not in play while the
    Emperor is a Bot; Bots have no Rulers, p.1): Phase 4 does not ask which Bot is Emperor; the
    Imperial Authority Clockwork's own roll set is offered for one key (play may change it)."""
    austria, france = bot("b1", "Austria"), bot("b2", "France")
    state = table(austria, france, humans=1)
    state.phase, state.towns_known = INCOME, True
    state.emperor, state.ia = "b1", 4
    runner = runner_at(state)
    shown = play_until(runner, r"^Imperial Authority$", {r"Town bonuses": "y"})
    assert "Bot Emperor" not in shown
    assert any(line.startswith("Austria holds the HRE Emperor") for line in known(runner))
    ia = runner.pending
    assert isinstance(ia, Number) and ia.default == 4 and "4" in ia.text


# ---- Unrest (p.2 Peace & Rebels H, p.4 Rebel Dice Rolls) ---------------------------------------------

def test_unrest_is_offered_from_the_last_phase_3_and_the_change_clockwork_applies():
    """eu-price-of-power-bots.txt p.2 Peace & Rebels H (Bots gain 2 Unrest at War, then remove 1 with
    1-2 Administrative Ideas) and p.4 Rebel Dice Rolls (all Unrest at once): last Phase 3 the table
    said 3; at War with one Administrative Idea it is 3 + 2 - 1 = 4 unless play changed it."""
    austria = bot("b1", "Austria")
    austria.at_war, austria.ideas["Adm"] = True, 1
    austria.unrest = 3
    state = table(austria, humans=1)
    state.phase = PEACE
    runner = runner_at(state)
    play_until(runner, r"Unrest$", {r"at War\?": "y"})
    unrest = runner.pending
    assert unrest.default == 4 and "3" in unrest.text
    runner.answer("")
    assert runner.state.bots[0].unrest == 4


# ---- the End of the Action Phase (main rules, Passing) -------------------------------------------------

def test_a_player_who_took_an_event_this_round_is_on_its_final_turn():
    """Main rules, Passing (after the End of the Action Phase a player takes one last Action, and one
    more Turn for an Event only if it took none) with eu-price-of-power-bots.txt p.2, p.9 (Events of
    other PRs on a Bot): a player who took an Event this Round is not asked whether the Turn was final."""
    austria = bot("b1", "Austria", available=5)
    state = action_state(austria, humans=2)
    state.ending, state.passed = True, ["b1"]
    runner = runner_at(state)
    shown = play_until(runner, r"^Human 2's Turn$", {r"^Human 1's Turn": "x"})
    assert "Human 1: final Turn?" not in shown
    assert "h1" in runner.state.passed


def test_the_turn_after_a_players_event_turn_is_its_final_one():
    """Main rules, Passing: 'not final' means one more Turn for the Event; that Turn is final."""
    austria = bot("b1", "Austria", available=5)
    state = action_state(austria, humans=1)
    state.ending, state.passed = True, ["b1"]
    runner = runner_at(state)
    play_until(runner, r"final Turn", {r"^Human 1's Turn": "e"})
    runner.answer("n")
    shown = play_until(runner, r"^Phase 3|Bots invaded", {r"^Human 1's Turn": "e"})
    assert "Human 1: final Turn?" not in shown
    assert "h1" in runner.state.passed


# ---- one possible answer ----------------------------------------------------------------------------

def test_an_army_of_no_units_is_not_asked_how_many_stand():
    """eu-price-of-power-bots.txt p.2 Peace & Rebels B (the Army faces the NPR Invasion) and p.5 Land
    Battles vs. Rebels/NPRs: with no Unit in its Army none stands and none can be a casualty."""
    austria = bot("b1", "Austria")
    state = table(austria, humans=1)
    state.phase = PEACE
    runner = runner_at(state, {"dice": "table"})
    shown = play_until(runner, r"Infantry icon", {r"invaded by NPRs": "1"})
    assert "Austria: Units standing" not in shown
    assert "Austria: Units standing → 0 (the only answer possible)" in known(runner)


def test_a_choice_of_one_human_is_not_asked():
    """eu-price-of-power-bots.txt p.6 Replacing Humans: with one human at the table, a Bot replaces
    that one."""
    austria = bot("b1", "Austria")
    state = table(austria, humans=1)
    state.phase = "5 Cleanup"
    runner = runner_at(state)
    shown = play_until(runner, r"realm$", {r"What comes next": "4", r"as before": "y"})
    assert "Human replaced" not in shown and runner.pending.label == "Bot 2 realm"


# ---- Sieges and Battles need an Enemy (p.4-5 Army Movement, p.7-8 Main Turn / SIEGE, p.3-4) ------

def test_a_bot_at_peace_is_not_asked_whether_its_army_can_siege():
    """eu-price-of-power-bots.txt p.7-8 (Main Turn Structure, SIEGE Action: it Sieges Enemy
    Provinces) and p.4-5 (Army Movement): France at Peace, its Army of no Units, cannot Siege; the
    record says no and the question is not asked (review EA-1). A 'no' from an earlier Turn is not
    recapped either."""
    france = bot("b1", "France", available=5)
    france.facts = {"main.m1": False, "main.m2": False}
    runner = runner_at(action_state(france, humans=1, seat=1))
    shown = play_until(runner, r"Colonist", {r"anything changed": ""})
    assert "France: Can its Army Siege in its Area?" not in shown
    assert "France: its Army can Siege in its Area: no (it is at Peace)" in known(runner)
    recap = next((p for p in runner.session.log if "anything changed" in p.text), None)
    assert recap is None or "Siege" not in recap.text


def test_a_bot_at_war_with_no_units_is_not_asked_whether_its_army_can_siege():
    """eu-price-of-power-bots.txt p.7-8, p.4-5: at War, but its Army has no Units: no Siege."""
    france = bot("b1", "France", available=5)
    france.at_war, france.enemies = True, ["h1"]
    shown = play_until(runner_at(action_state(france, humans=1, seat=1)), r"Colonist")
    assert "France: Can its Army Siege in its Area?" not in shown


def test_a_bot_at_war_with_units_is_asked_whether_its_army_can_siege():
    """eu-price-of-power-bots.txt p.7: at War with an Army on the map (a MILITARY Action placed
    it, p.4 Army Movement), where it stands is the table's to say."""
    france = bot("b1", "France", available=5)
    france.at_war, france.enemies, france.army, france.manpower = True, ["h1"], 4, 6
    france.army_off = False
    shown = play_until(runner_at(action_state(france, humans=1, seat=1)), r"Siege in its Area")
    assert shown[-1] == "France: Can its Army Siege in its Area?"


def test_a_bot_whose_army_is_off_the_map_is_not_asked_whether_it_can_siege():
    """eu-price-of-power-bots.txt p.1 Bot Setup (no Bot Army on the board), p.4 Army Movement (it
    is placed only for MILITARY, DEFEND or an NPR Invasion) and p.7 Main Turn Structure: France,
    at War with an Army of 4 Units never placed, stands in no Area: not asked."""
    france = bot("b1", "France", available=5)
    france.at_war, france.enemies, france.army, france.manpower = True, ["h1"], 4, 6
    runner = runner_at(action_state(france, humans=1, seat=1))
    shown = play_until(runner, r"Colonist")
    assert "France: Can its Army Siege in its Area?" not in shown
    assert "France: its Army can Siege in its Area: no (its Army is off the map)" in known(runner)


def test_a_defend_action_puts_the_army_where_a_siege_is_asked_again():
    """eu-price-of-power-bots.txt p.4 Army Movement (DEFEND may place the Army, teleporting it in
    the Realm) and p.7-8: after France's DEFEND its Army may stand where it can Siege, so its next
    Turn asks."""
    france = bot("b1", "France", available=9)
    france.at_war, france.enemies, france.army, france.manpower = True, ["h1"], 4, 6
    runner = runner_at(action_state(france, humans=1, seat=1))
    first = play_until(runner, r"^Human 1's Turn$", {r"Under attack": "y"})
    assert "France: Can its Army Siege in its Area?" not in first
    assert not runner.state.bots[0].army_off
    shown = play_until(runner, r"Siege in its Area|Colonist", {r"^Human 1's Turn": "e"})
    assert shown[-1] == "France: Can its Army Siege in its Area?"


def test_a_defend_land_battle_is_not_fought_against_a_bot_at_peace_with_it():
    """eu-price-of-power-bots.txt p.4 (Bots declare War only through MILITARY; a DoW on a Bot) and
    p.3 (Opponents at War): France and Austria are both at Peace, so France's DEFEND Land Battle
    is not against Austria, nor against a human (review EA-2): no Opponent is offered."""
    from test_eu_price_of_power_helpers import Ctx, answers, drive
    from tui.games.eu_price_of_power.outcomes import what_happened, Doing

    france, austria = bot("b1", "France", available=5), bot("b2", "Austria", available=5)
    france.army, austria.army = 3, 4
    state = table(france, austria, humans=1)
    _, prompts = drive(what_happened(state, Ctx(), france, Doing("DEFEND Action"), False), answers({}))
    options = [o.label for o in prompts[0].options]
    assert "Land Battle vs an Opponent" not in options and "Land Battle vs NPR or Rebel Units" in options


def test_a_bot_at_peace_is_offered_no_naval_battle_in_its_defend_action():
    """eu-price-of-power-bots.txt p.4-5 Ship Placement and Naval Battles (a Ship placed in a Hostile
    Sea Zone, one holding an Enemy's Ships, triggers a Naval Battle) and p.3 At War?: France at
    Peace has no Enemy, so its DEFEND offers no Naval Battle; at War it does."""
    from test_eu_price_of_power_helpers import Ctx, answers, drive
    from tui.games.eu_price_of_power.outcomes import what_happened, Doing

    france = bot("b1", "France", available=5)
    state = table(france, bot("b2", "Austria"), humans=1)
    _, prompts = drive(what_happened(state, Ctx(), france, Doing("DEFEND Action"), False), answers({}))
    assert "Naval Battle" not in [o.label for o in prompts[0].options]
    france.at_war, france.enemies = True, ["h1"]
    _, prompts = drive(what_happened(state, Ctx(), france, Doing("DEFEND Action"), False), answers({}))
    assert "Naval Battle" in [o.label for o in prompts[0].options]


def test_a_bot_at_peace_is_not_asked_about_a_naval_battle_in_its_naval_action():
    """eu-price-of-power-bots.txt p.4-5 (Naval Battles in a Hostile Sea Zone), p.12 NAVAL Action:
    at Peace the NAVAL chart's Naval Battle is answered no from the record."""
    from test_eu_price_of_power_helpers import Ctx, answers, drive
    from tui.games.eu_price_of_power.outcomes import ask_outcome, Doing

    france = bot("b1", "France", available=5)
    state = table(france, humans=1)
    ctx = Ctx()
    _, prompts = drive(ask_outcome(state, ctx, france, "naval_battle", Doing("NAVAL Action")), answers({}), ctx)
    assert prompts == []


def test_a_naval_battle_is_against_an_opponent_at_war_with_the_bot():
    """eu-price-of-power-bots.txt p.5 Naval Battles vs. Opponents (an Enemy's Ships), p.3-4: France
    is at War with Austria only, no human seated: its Naval Battle is against NPR Ships or
    Austria, never a human."""
    from test_eu_price_of_power_helpers import Ctx, answers, drive
    from tui.games.eu_price_of_power.battles import naval_battle

    france, austria = bot("b1", "France"), bot("b2", "Austria")
    for b in (france, austria):
        b.at_war = True
    france.enemies, austria.enemies = ["b2"], ["b1"]
    state = table(france, austria, humans=0)
    _, prompts = drive(naval_battle(state, Ctx(), france), answers({}))
    assert [o.label for o in prompts[0].options] == ["NPR Ships", "another Bot"]


def test_a_land_battle_is_against_a_bot_only_when_at_war_with_it():
    """eu-price-of-power-bots.txt p.4, p.3, p.5 Land Battles vs. Opponents: France declared War on
    Austria; Venice is at War only with an NPR. With no human at the table Austria is the one
    Opponent France can fight: not asked. With a human seated (who may have answered an NPR's
    Call to Arms), the human or Austria, never Venice."""
    from test_eu_price_of_power_helpers import Ctx, answers, drive
    from tui.games.eu_price_of_power.battles import land_battle_opponent

    def start(humans):
        france, austria, venice = (bot("b1", "France"), bot("b2", "Austria"), bot("b3", "Venice"))
        for b in (france, austria, venice):
            b.army, b.at_war = 3, True
        france.enemies, austria.enemies = ["b2"], ["b1"]
        return table(france, austria, venice, humans=humans), france

    state, france = start(0)
    _, prompts = drive(land_battle_opponent(state, Ctx(), france, active=True), answers({}))
    assert prompts[0].label == "France: casualties vs the Opponent" and "Austria" in prompts[0].text
    state, france = start(1)
    _, prompts = drive(land_battle_opponent(state, Ctx(), france, active=True), answers({}))
    assert [o.label for o in prompts[0].options] == ["a human Opponent", "Austria"]
