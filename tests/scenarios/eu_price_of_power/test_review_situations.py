"""The rules reviewer's worked situations EU-1 … EU-6 (/work/review/eu-price-of-power.md, issue 23
item 3), written from the Bot booklet (/work/shared/seeds/eu-price-of-power-bots.txt, pages are the
booklet's) and the notes only, never the code. The expected values are the reviewer's."""

from __future__ import annotations

from test_eu_price_of_power_helpers import Ctx, answers, bot, drive, rules, table
from tui.engine.rng import Rng
from tui.games.eu_price_of_power import bot_deck, bot_power
from tui.games.eu_price_of_power.action_phase import human_turn
from tui.games.eu_price_of_power.battles import award_if_won, naval_battle
from tui.games.eu_price_of_power.bot_turn import bot_turn, record_pass
from tui.games.eu_price_of_power.charts import play_card
from tui.games.eu_price_of_power.peace_and_rebels import peace_phase
from tui.games.eu_price_of_power.state import DRAW, FOCUS_ASIDE, OUT_FOR_AGE, REMOVED, USED


def on_top(b, card: str) -> None:
    b.deck.piles[DRAW].remove(card)
    b.deck.piles[DRAW].insert(0, card)


# ---- EU-1 ----------------------------------------------------------------------------------------

def eu1_table():
    austria = bot("b1", "Austria", available=1)
    austria.spent, austria.army, austria.manpower = 8, 2, 5
    france = bot("b2", "France", available=4)
    state = table(austria, france, humans=1)
    state.emperor, state.ia = "b1", 4
    return state, austria, france


def eu1_check(austria, france) -> None:
    # +1 → 2, top-up to 5 (Normal), 1 BP recruits 9 of which its Reserve holds 3; no IA BP (no CtA)
    assert (austria.available, austria.spent, austria.army) == (4, 9, 5)
    assert austria.at_war
    assert france.available == 3  # a Bot HRE member at Peace loses 1 BP: Defending the HRE activated


def test_eu1_war_declared_on_the_bot_emperor_as_a_war_on_a_bot():
    """EU-1 (eu-price-of-power-bots.txt p.4 DoW on a Bot steps 3-4; p.6 Bot Emperor, Bot HRE
    Members; p.2 difficulty minimum; p.4-5 Recruiting Units): the human declares War on Austria,
    the Bot Emperor, through 'a War declared on a Bot'."""
    state, austria, france = eu1_table()
    reply = answers({"What did": "w", "Which War step": "1", "On which Bot": "1", "NPR Allies": 0,
                     "HRE members": [["1"]]})
    drive(human_turn(state, Ctx(), "h1"), reply)
    eu1_check(austria, france)


def test_eu1_war_declared_on_the_bot_emperor_through_the_hre_entry():
    """EU-1 (eu-price-of-power-bots.txt p.4 DoW on a Bot; p.6 Bot Emperor, Bot HRE Members): the
    same War entered as 'Defending the HRE → a War declared on Austria itself' gives the same
    result: the menu path does not decide the rules."""
    state, austria, france = eu1_table()
    reply = answers({"What did": "w", "Which War step": "3", "Which War brings": "3", "NPR Allies": 0,
                     "HRE members": [["1"]]})
    drive(human_turn(state, Ctx(), "h1"), reply)
    eu1_check(austria, france)


# ---- EU-2 ----------------------------------------------------------------------------------------

def test_eu2_phase_5_reshuffle_then_the_end_of_age():
    """EU-2 (eu-price-of-power-bots.txt p.3 Reshuffle Bot Deck, End of Age Routine): Event and Idea
    back; card 17 used for FOCUS set aside; card 19 used for Convert counts with the rest, 4 → 2
    back, 2 out; draw 12 + 2 + 2 = 16. At the End of Age every card returns to Age II's list."""
    austria = bot("b1", "Austria", removals={"1": [3, 4, 6, 7, 8], "2": [10, 11, 12, 13]})
    deck = austria.deck
    for card in ("1", "24", "19", "2", "5", "9"):
        deck.move(card, DRAW, USED)
    deck.move("17", DRAW, FOCUS_ASIDE)
    assert deck.count(DRAW) == 12
    back, out = bot_deck.reshuffle_for_next_round(austria, Rng.from_seed(5), lambda c: rules().card(c).first)
    assert {"1", "24"} <= set(back) and len(back) == 4 and len(out) == 2
    assert set(back + out) == {"1", "24", "19", "2", "5", "9"}
    assert deck.count(DRAW) == 16 and deck.pile(FOCUS_ASIDE) == ["17"] and deck.count(OUT_FOR_AGE) == 2
    bot_deck.compose_for_age(austria, 2, Rng.from_seed(5))
    assert sorted(austria.deck.pile(REMOVED), key=int) == ["10", "11", "12", "13"]
    assert austria.deck.count(DRAW) == 20 and {"17", *out} <= set(austria.deck.pile(DRAW))


def test_eu2_five_remaining_used_cards_send_three_back():
    """EU-2 (eu-price-of-power-bots.txt p.3 Reshuffle Bot Deck, v1.2 rounds half up): 5 → 3 back."""
    austria = bot("b1", "Austria")
    for card in ("19", "2", "5", "9", "3"):
        austria.deck.move(card, DRAW, USED)
    back, out = bot_deck.reshuffle_for_next_round(austria, Rng.from_seed(2), lambda c: rules().card(c).first)
    assert (len(back), len(out)) == (3, 2)


# ---- EU-3 ----------------------------------------------------------------------------------------

def test_eu3_a_card_costing_more_than_the_bot_has_then_the_pass_bonus_then_phase_4():
    """EU-3 (eu-price-of-power-bots.txt p.7 Main Turn fn2; p.1 War Action only at War; p.2 Passing,
    Income & Upkeep): France (1 BP, at Peace) draws card 5: Diplomacy, pays its 1 BP; next Turn it
    passes 2nd after the human (+1), Austria 3rd (+0); Phase 4: 1 + 7 = 8."""
    france = bot("b1", "France", available=1)
    austria = bot("b2", "Austria", available=3)
    state = table(france, austria, humans=1)
    ctx = Ctx(options={"pass_bonus": "table"})
    record_pass(state, ctx, "h1")
    on_top(france, "5")
    drive(play_card(state, ctx, france), answers({}))
    assert france.drawn[-1].action == "Diplomacy"
    assert (france.available, france.spent) == (0, 1)
    drive(bot_turn(state, ctx, france), answers({}))
    assert state.passed[-1] == "b1" and france.available == 1
    record_pass(state, ctx, "b2")
    assert austria.available == 3
    bot_power.refresh(ctx, france)
    assert (france.available, france.spent) == (8, 0)


# ---- EU-4 ----------------------------------------------------------------------------------------

def test_eu4_at_war_only_with_a_realm_without_provinces_chooses_as_at_peace():
    """EU-4 (eu-price-of-power-bots.txt p.3 Choice Processes 'At War?'; p.1 and p.7 card 6's War
    Action): at War only with Bohemia, all of whose Provinces Austria Occupies, Austria does card
    6's Diplomacy, not its War Action Military."""
    austria = bot("b1", "Austria", available=5)
    austria.at_war = True
    state = table(austria, humans=1)
    on_top(austria, "6")
    drive(play_card(state, Ctx(), austria), answers({"still have Provinces": False}))
    assert austria.drawn[-1].action == "Diplomacy"


def eu4_phase_3(options):
    """Phase 3 for EU-4's Austria, still at War with Bohemia after Peace Resolution (no Enemy
    Units: no Peace), the table having said at its Turn that no Enemy holds Provinces."""
    from tui.games.eu_price_of_power.state import REAL_WAR

    austria = bot("b1", "Austria", available=5)
    austria.at_war, austria.unrest = True, 1
    austria.facts = {REAL_WAR: False}
    state = table(austria, humans=1)
    state.phase = "3 Peace & Rebels"
    ctx = Ctx(options=options)
    _, prompts = drive(peace_phase(state, ctx), answers({"at War now": True}), ctx)
    step_h = next(p for p in prompts if p.label == "Phase 3 E-H")
    unrest = next(p for p in prompts if p.label == "Austria: Unrest")
    return step_h, unrest, prompts


def test_eu4_phase_3_h_gives_unrest_for_the_war_by_default_and_says_so():
    """EU-4 (eu-price-of-power-bots.txt p.2 Peace & Rebels H: Bots gain 2 Unrest for being at War;
    p.3 At War?: a War only with realms left without Provinces counts as Peace for choices). H is
    no choice, so by default Austria gains the 2 Unrest, and step H says its Enemies hold no
    Provinces (readings: unrest_at_war): not decided silently."""
    step_h, unrest, _ = eu4_phase_3({})
    assert "+2 Unrest (at War; its Enemies hold no Provinces" in step_h.text
    assert unrest.default == 3


def test_eu4_phase_3_h_with_the_option_a_hollow_war_gives_no_unrest():
    """EU-4 (p.2 H, p.3 At War?; readings: unrest_at_war): the setup option reading At War? into
    step H: asked (Peace Resolution came since its Turn), with the answer of its last Turn shown;
    no Enemy holds Provinces, so Austria gains no Unrest."""
    step_h, unrest, prompts = eu4_phase_3({"unrest_at_war": "real"})
    real = next(p for p in prompts if p.label == "Austria: a real War?")
    assert "At its last Turn: no." in real.text
    assert "no Unrest for its War" in step_h.text
    assert unrest.default == 1


def test_eu4_phase_3_h_with_the_option_asks_when_the_record_does_not_know():
    """EU-4 (p.2 H, p.3 At War?): with the option and nothing said of its Enemies' Provinces, step H
    asks; an Enemy with Provinces left gives the 2 Unrest."""
    austria = bot("b1", "Austria", available=5)
    austria.at_war, austria.unrest = True, 0
    state = table(austria, humans=1)
    state.phase = "3 Peace & Rebels"
    ctx = Ctx(options={"unrest_at_war": "real"})
    _, prompts = drive(peace_phase(state, ctx), answers({"at War now": True, "still have Provinces": True}), ctx)
    assert any(p.label == "Austria: a real War?" for p in prompts)
    assert next(p for p in prompts if p.label == "Austria: Unrest").default == 2


# ---- EU-5 ----------------------------------------------------------------------------------------

def eu5(rolled: int, sunk: bool):
    france = bot("b1", "France", available=2)
    france.ideas["Dip"] = 1
    state = table(france, humans=1)
    ctx = Ctx(options={"dice": "table"})
    reply = answers({"adjacent to the Battle": 3, "Admiral": True, "Ports face": 5, "NPR Ships": 0,
                     "Artillery dice": rolled, "sunk": sunk})
    won, prompts = drive(naval_battle(state, ctx, france, foe="1"), reply)
    award_if_won(ctx, france, won, True)
    return france, won, prompts


def test_eu5_naval_battle_against_a_human_admiral_won():
    """EU-5 (eu-price-of-power-bots.txt p.5 Naval Battles vs. Opponents; p.3 Bots & Ideas; p.5 first
    Battle won as Active Player): 1 + 3 adjacent + 1 Diplomatic Idea - 1 Admiral = 4 dice; 5 Ports
    give 2 automatic hits; 1 rolled → 3 hits, all 3 Ships sunk: +1 BP."""
    france, won, prompts = eu5(1, True)
    assert any(p.text.startswith("Roll 4 Artillery dice") for p in prompts)
    assert any("scores 3 hits" in p.text for p in prompts)
    assert won and france.available == 3 and france.battle_won


def test_eu5_naval_battle_lost_then_a_land_win_is_the_first():
    """EU-5 (eu-price-of-power-bots.txt p.5): 0 rolled → 2 hits < 3 Ships: France loses, removes its
    Ship, the Admiral's side captures a Light Ship; a Land Battle won later that Turn is its first
    win: +1 BP then."""
    france, won, prompts = eu5(0, False)
    lost = next(p for p in prompts if p.label == "France loses the Naval Battle")
    assert "remove its Ship" in lost.text and "captures a Light Ship" in lost.text
    assert not won and france.available == 2
    bot_power.first_battle_won(Ctx(), france)
    assert france.available == 3


# ---- EU-6 ----------------------------------------------------------------------------------------

def test_eu6_an_npr_invasion_in_phase_3_with_mac():
    """EU-6 (eu-price-of-power-bots.txt p.2 Phase 3B; p.5 MAC, Land Battles vs. NPRs): one Invasion,
    the one with most NPR Units (ties alphabetical); Army 6 with MAC 4 → 4 stand; the Bot rolls 3
    Infantry dice for the 3 NPR Units; 2 hits → 2 casualties, 2 standing: Austria wins, Army 4; not
    the Active Player, so no BP."""
    austria = bot("b1", "Austria", available=3)
    austria.army, austria.manpower = 6, 9
    state = table(austria, humans=1)
    state.phase = "3 Peace & Rebels"
    reply = answers({"Which Bots suffer an NPR Invasion": [["1"]], "against whom": "1", "How many enemy Units": 3, "stand in the Battle": 4,
                     "Roll 3 Infantry": 2})
    _, prompts = drive(peace_phase(state, Ctx(options={"dice": "table"})), reply)
    assert any("most NPR Units (ties alphabetical)" in p.text for p in prompts)
    assert any(p.text.startswith("Roll 3 Infantry dice") for p in prompts)
    assert any(p.label == "Austria wins the Land Battle" for p in prompts)
    assert austria.army == 4 and austria.available == 3


def test_eu1_a_war_on_a_bot_before_the_emperor_was_named_asks_who_holds_it_once():
    """EU-1 (eu-price-of-power-bots.txt p.4 DoW on a Bot; p.6 Bot Emperor, Bot HRE Members): before
    the table has said who holds the HRE Emperor, a War declared on a Bot asks it (once), so the
    War on Austria, the Bot Emperor, has its HRE effects on this path too."""
    state, austria, france = eu1_table()
    state.emperor, state.ia = "", 0
    reply = answers({"What did": "w", "Which War step": "1", "On which Bot": "1", "NPR Allies": 0,
                     "HRE Emperor": "1", "Imperial Authority now": 4, "HRE members": [["1"]]})
    _, prompts = drive(human_turn(state, Ctx(), "h1"), reply)
    eu1_check(austria, france)
    assert (state.emperor, state.ia) == ("b1", 4)
    state, austria, france = eu1_table()
    state.emperor, state.ia = "", 0
    war = {"What did": "w", "Which War step": "1", "On which Bot": "2", "NPR Allies": 0}
    _, first = drive(human_turn(state, Ctx(), "h1"), answers({**war, "HRE Emperor": "0"}))
    assert any("HRE Emperor" in p.text for p in first) and austria.available == 1
    _, again = drive(human_turn(state, Ctx(), "h1"), answers(war))
    assert not any("HRE Emperor" in p.text for p in again)
