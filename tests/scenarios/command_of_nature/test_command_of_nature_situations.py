"""Worked situations for the Clockwork Sage (issue 17, "a review that does not read the code"):
/work/scenarios/command-of-nature.md, S1–S22, each written by hand from the rule text
(shared/seeds/command-of-nature-clockwork-sage.txt, "RT") and the rules notes before it was run.

Each test drives the game's procedures with the table's answers, from the situation's start:
the "standard Clockwork table" is the Pebble pack (Row I Cobble A; Row II Cobble B, Cobble C;
Row III Granite Rampart, Gravel, Onyx Bearer), level 1, nothing has attacked. The player's own
formation is not kept by Clockwork: what happens there is the table's answer ("did it defeat…").
Where the reviewer's expectation and the app's reading differ, the docstring says which and why.
"""

from __future__ import annotations

from drivers import refused
from test_command_of_nature_helpers import (
    answer, arranged, choose, daybreak_gold, end_your_turn, log_texts, new_runner,
)
from tui.engine.prompts import CardEntry, Choice, Number
from tui.games.command_of_nature.state import BOX, CHAMPIONS, DECK, DISCARD, INSTANTS, YOURS

PEBBLE = ["Cobble", "Cobble", "Cobble", "Granite Rampart", "Gravel", "Onyx Bearer"]
FILLER = "Melee Shield"  # an Instant: it goes to the pile without a question


def table(deck, gold=1, formation=PEBBLE, options=None, **kw):
    """The situation's start; the board's daybreak gold is 0 unless a situation gives it (each
    situation states the wallet the loop starts with)."""
    runner = arranged(deck=deck, gold=gold, formation=list(formation), options={"sage": "pebble", **(options or {})},
                      **kw)
    runner.state.daybreak_gold = {4: 0, 6: 0, 8: 0}
    return runner


def clockwork_turn(runner, *daybreak, before=None):
    """End your turn; ``before`` arranges what already happened this turn (e.g. who has attacked),
    then step I: the daybreak effects give ``daybreak`` gold (0 when not given)."""
    end_your_turn(runner)
    if before is not None:
        before(runner.state)
    daybreak_gold(runner, *daybreak)


def ack(runner, part=""):
    """Acknowledge an instruction (Enter), checking it is the expected one."""
    answer(runner, part, "")


def react(runner, key):
    """'Something happened first' during the Clockwork's turn, then what happened."""
    runner.answer("r")
    answer(runner, "Something happened", key)


def burn(runner, market, costliest, cheapest):
    """A Burn: the table names the costliest and the cheapest card, which go to the game box (CA-1)."""
    answer(runner, f"Costliest in the {market} Market, to the game box", costliest)
    answer(runner, f"Cheapest in the {market} Market, to the game box", cheapest)


def attacked(*spaces):
    def mark(state):
        for i in spaces:
            state.formation[i].attacked = True
    return mark


def pays(runner):
    return [t for t in log_texts(runner) if t.startswith("Clockwork pays")]


def test_s1_pay_then_flip_exactly_as_many_flips_as_gold():
    """S1 — RT: THE CLOCKWORK SAGE'S TURN II, III.B, III.C, VI; CLOCKWORK COMMAND CARDS (Fortified
    Lines, Aggression). Three gold, three flips; Buy Strike stays face down."""
    runner = table(["Fortified Lines", "Pebble Charm", "Aggression", "Buy Strike"], gold=3)
    clockwork_turn(runner)
    ack(runner, "Fortified Lines")
    ack(runner, "Aggression")
    state = runner.state
    assert state.gold.value == 0 and len(pays(runner)) == 3
    assert state.deck.pile(DISCARD) == ["Aggression", "Fortified Lines"]
    assert state.deck.pile(INSTANTS) == ["Pebble Charm"]
    assert state.deck.pile(DECK) == ["Buy Strike"]
    assert [s.shields for s in state.formation] == [1, 1, 1, 0, 0, 0]
    assert [s.boosts for s in state.formation] == [0, 1, 1, 1, 1, 1]
    assert state.phase == YOURS


def test_s2_no_gold_after_daybreak_no_flip():
    """S2 — RT: THE CLOCKWORK SAGE'S TURN I, II, VI; notes 3. With 0 gold after daybreak nothing is
    flipped. (Clockwork also says why in the table's words before your turn: issue 15.)"""
    runner = table(["Buy Strike"], gold=0)
    clockwork_turn(runner)
    for _ in range(3):
        if runner.state.phase == YOURS:
            break
        ack(runner)
    state = runner.state
    assert state.phase == YOURS and state.gold.value == 0
    assert state.deck.pile(DECK) == ["Buy Strike"]
    assert not any(t.startswith("Reveals") for t in log_texts(runner))
    assert not pays(runner)


def test_s3_elemental_into_a_full_formation_discard_two_dmg_level():
    """S3 — RT: III.A; HOW TO PLAY (levels); notes 6. Cobble D has no room: discard, 2 DMG to your
    Row I (an Instant may reduce it: the app's default option, reading 6), Timber A falls, level 2,
    no Champion. The player's own formation shift is the table's business."""
    runner = table(["Cobble", FILLER], gold=1, piles={CHAMPIONS: ["Jade Titan", "Boulderhide Brute", "Oxen Avenger"]})
    clockwork_turn(runner)
    assert "2 DMG to your Row I" in runner.pending.text and "an Instant may reduce it" in runner.pending.text
    ack(runner)
    answer(runner, "Did the 2 DMG defeat", "y")
    ack(runner, "level 2")
    state = runner.state
    assert state.level.value == 2 and state.deck.pile(DISCARD) == ["Cobble"]
    assert state.deck.pile(CHAMPIONS) == ["Jade Titan", "Boulderhide Brute", "Oxen Avenger"]
    assert state.formation_cards() == PEBBLE and state.gold.value == 0 and state.phase == YOURS


def test_s4_buy_strike_with_a_boost_levels_to_four():
    """S4 — RT: III.D; Buy Strike; HOW TO PLAY (Champions at 4/6/8); notes 8, 13. 2 STR + 1 boost =
    3 DMG; level 3 → 4 brings Jade Titan to the discard; Oak Lumbertron bought into the discard."""
    runner = table(["Buy Strike", FILLER], gold=1, level=3,
                   piles={CHAMPIONS: ["Jade Titan", "Boulderhide Brute", "Oxen Avenger"]})
    runner.state.formation[0].boosts = 1
    clockwork_turn(runner)
    assert "Cobble attacks with Buy Strike: it deals 3 DMG (STR 2 + 1 boost)" in runner.pending.text
    ack(runner)
    answer(runner, "defeat", "y")
    ack(runner, "level 4")
    answer(runner, "Costliest in the Elemental Market", "Oak Lumbertron")
    state = runner.state
    assert state.level.value == 4
    assert state.deck.pile(DISCARD) == ["Buy Strike", "Oak Lumbertron", "Jade Titan"]
    assert state.formation[0].boosts == 0 and state.gold.value == 0


def test_s5_second_row_one_attack_swaps_a_fresh_row_two_elemental_forward():
    """S5 — RT: III.D (once per turn; swap from the nearest row); Burn Strike; notes 10. You pick
    Cobble C; it swaps with Cobble A in Row I for free and attacks."""
    runner = table(["Burn Strike", FILLER], gold=1)
    a, b, c = runner.state.formation[:3]
    clockwork_turn(runner, before=attacked(0))
    prompt = runner.pending
    assert isinstance(prompt, Choice) and prompt.label == "Fresh attacker for Burn Strike"
    choose(runner, "Fresh attacker", "Row II right")
    ack(runner, "Swap")
    state = runner.state
    assert state.formation[0] is c and state.formation[2] is a and state.formation[1] is b
    assert "Cobble attacks with Burn Strike: it deals 2 DMG" in runner.pending.text
    ack(runner)
    answer(runner, "defeat", "y")
    ack(runner, "level 2")
    assert "costliest in the Command Market? (Ties: you choose.) Move it to the game box" in runner.pending.text
    assert a.attacked and c.attacked and not b.attacked
    burn(runner, "Command", "Magic Ether Strike", "Reinforced Impact")
    assert state.deck.pile(DISCARD) == ["Burn Strike"] and state.gold.value == 0


def test_s6_a_row_three_attacker_reaches_row_one_through_row_two():
    """S6 — RT: III.D ("perform Swap actions", "once the Elemental is in position"); notes §1 (a swap
    exchanges two connected Elementals), 10. Onyx Bearer swaps with Cobble C (Row II right), then
    with Cobble A (Row I); never one exchange from Row III to Row I."""
    runner = table(["Burn Strike", FILLER], gold=1)
    a, b, c = runner.state.formation[:3]
    onyx = runner.state.formation[5]
    clockwork_turn(runner, before=attacked(0, 1, 2))
    choose(runner, "Fresh attacker for Burn Strike", "Onyx Bearer")
    while runner.pending.label.startswith("Swap") and isinstance(runner.pending, Choice) \
            and runner.pending.default != "d":
        choose(runner, "Swap", "Row II right")
    ack(runner, "Swap")
    f = runner.state.formation
    assert f[0] is onyx and f[1] is b and f[2] is a
    assert [s.card for s in f[3:]] == ["Granite Rampart", "Gravel", "Cobble"] and f[5] is c
    assert "Onyx Bearer attacks with Burn Strike: it deals 3 DMG" in runner.pending.text


def test_s7_buy_shot_highest_str_among_fresh_boosts_counted():
    """S7 — RT: Buy Shot; III.D; HOW TO PLAY; notes 5, §1 (a boost is +1 STR). Onyx Bearer has
    attacked; Cobble B with its boost has STR 3, above Cobble A's 2: it is the highest, so nobody
    is asked (readings 5, as changed by issue 23: the reviewer read the printed-STR tie as a tie
    Clockwork made up); the target is any Elemental of yours, picked by you."""
    formation = ["Onyx Bearer", "Cobble", "Cobble", "Granite Rampart", "Gravel", "Cobble"]
    runner = table(["Buy Shot", FILLER], gold=1, formation=formation)
    runner.state.formation[1].boosts = 1
    clockwork_turn(runner, before=attacked(0))
    assert "Attacker: Cobble (2/2) +1 boost in Row II left (highest STR)" in log_texts(runner)
    text = runner.pending.text
    assert "Cobble attacks with Buy Shot: it deals 3 DMG (STR 2 + 1 boost)" in text
    assert "any Elemental in your formation" in text
    ack(runner)
    answer(runner, "defeat", "y")
    ack(runner, "level 2")
    answer(runner, "Costliest in the Command Market", "Magic Ether Strike")
    assert runner.state.deck.pile(DISCARD) == ["Buy Shot", "Magic Ether Strike"]
    assert runner.state.formation[1].boosts == 0


def test_s8_everyone_has_attacked_discard_and_two_unreducible_dmg():
    """S8 — RT: III.D (last bullet and Note); notes 6. Close Strike is discarded unused; 2 DMG no
    Instant can reduce; level 5 → 6 brings Boulderhide Brute; then Fortified Lines."""
    formation = ["Cobble", "Onyx Bearer", None, None, "Gravel", None]
    runner = table(["Close Strike", "Fortified Lines", FILLER], gold=2, formation=formation, level=5,
                   piles={CHAMPIONS: ["Boulderhide Brute", "Oxen Avenger"]})
    clockwork_turn(runner, before=attacked(0, 1, 4))
    prompt = runner.pending
    assert "Nobody left to attack with Close Strike" in prompt.text
    assert "no Instant Command can reduce it" in prompt.text
    ack(runner)
    answer(runner, "Did the 2 DMG defeat", "y")
    ack(runner, "level 6")
    ack(runner, "Fortified Lines")
    state = runner.state
    assert state.deck.pile(DISCARD) == ["Fortified Lines", "Boulderhide Brute", "Close Strike"]
    assert [s.shields if s else None for s in state.formation] == [1, 1, None, None, 0, None]
    assert state.gold.value == 0 and state.level.value == 6


def test_s9_reaction_during_its_turn_sets_off_its_instant_and_the_gold_extends_the_loop():
    """S9 — RT: HOW TO PLAY (Instant pile check on each card you play; DRAW → 1 gold per card),
    III.D, VI; notes 3, 9. Your Melee Shield against Buy Strike sets off Pebble Charm (DRAW 2 → 2
    gold), not Ranged Barrier; the loop runs 4 flips instead of 2."""
    deck = ["Buy Strike", "Aggression", "Fortified Lines", "Cobble", "Burn Shot"]
    runner = table(deck, gold=2, piles={INSTANTS: ["Pebble Charm", "Ranged Barrier"]})
    clockwork_turn(runner)
    assert "Cobble attacks with Buy Strike" in runner.pending.text
    react(runner, "1")
    answer(runner, "Does your card set off Pebble Charm?", "y")
    answer(runner, "Pebble Charm", "2")
    answer(runner, "Does your card set off Ranged Barrier?", "n")
    assert runner.state.gold.value == 3
    ack(runner, "Cobble attacks")  # back at the step the reaction interrupted
    answer(runner, "defeat", "n")
    answer(runner, "Costliest in the Elemental Market", "Stone Defender")
    ack(runner, "Aggression")
    ack(runner, "Fortified Lines")
    ack(runner, "2 DMG")
    answer(runner, "Did the 2 DMG defeat", "n")
    state = runner.state
    assert len(pays(runner)) == 4 and state.gold.value == 0
    assert state.deck.pile(DECK) == ["Burn Shot"]
    assert state.deck.pile(INSTANTS) == ["Ranged Barrier"]
    assert "Pebble Charm" in state.deck.pile(DISCARD) and "Stone Defender" in state.deck.pile(DISCARD)


def test_s10_elemental_returned_to_hand_mid_turn_goes_on_top_and_is_flipped_next():
    """S10 — RT: HOW TO PLAY (card to its hand → top of its deck, 1 gold; you shift its formation),
    III.A; notes 3. Onyx Bearer (2 DMG, 1 shield) is sent to the hand before Burn Strike lands: its
    tokens go with it, Cobble B must fill Row I (Row II's gap may stay), you pick another attacker
    (readings: attacker gone), the gold pays one more flip: Onyx Bearer again, fresh."""
    formation = ["Onyx Bearer", "Cobble", "Cobble", "Granite Rampart", "Gravel", None]
    runner = table(["Burn Strike", FILLER], gold=1, formation=formation)
    runner.state.formation[0].shields = 1
    b = runner.state.formation[1]
    clockwork_turn(runner)
    assert "Onyx Bearer attacks with Burn Strike" in runner.pending.text
    react(runner, "5")
    choose(runner, "Card to the Clockwork's hand", "Onyx Bearer")
    ack(runner, "Onyx Bearer → top of the Clockwork deck")
    prompt = runner.pending
    assert prompt.label == "Formation shift" and "no more moves" not in [o.label for o in prompt.options]
    choose(runner, "Formation shift", "Row II left → Row I")
    choose(runner, "Formation shift", "no more moves")
    assert runner.state.gold.value == 1 and runner.state.deck.pile(DECK)[0] == "Onyx Bearer"
    answer(runner, "attacker gone", "a")
    assert runner.state.formation[0] is b
    assert "Cobble attacks with Burn Strike: it deals 2 DMG" in runner.pending.text
    ack(runner)
    answer(runner, "defeat", "n")
    burn(runner, "Command", "Magic Ether Strike", "Reinforced Impact")
    choose(runner, "Space for Onyx Bearer", "Row III right")
    state = runner.state
    assert state.formation[5].card == "Onyx Bearer" and state.formation[5].shields == 0
    assert [s.card if s else None for s in state.formation] == [
        "Cobble", None, "Cobble", "Granite Rampart", "Gravel", "Onyx Bearer"]
    assert state.gold.value == 0 and state.deck.pile(DISCARD) == ["Burn Strike"]


def test_s11_you_defeat_its_row_one_the_shift_is_owed_and_yours_to_choose():
    """S11 — RT: HOW TO PLAY (you choose who moves; Instant pile check); notes §1, 9. Ranged
    Barrier is not set off; Cobble A leaves the game (not the discard); Row I may not stay empty,
    you move Cobble C up; the Row II gap may stay."""
    runner = table([FILLER], piles={INSTANTS: ["Ranged Barrier"]})
    a, b, c = runner.state.formation[:3]
    answer(runner, "Your turn", "1")
    answer(runner, "Does your card set off Ranged Barrier?", "n")
    answer(runner, "Your turn", "2")
    choose(runner, "Defeated Clockwork Elemental", "in Row I")
    prompt = runner.pending
    assert prompt.label == "Formation shift" and "no more moves" not in [o.label for o in prompt.options]
    choose(runner, "Formation shift", "Row II right → Row I")
    choose(runner, "Formation shift", "no more moves")
    state = runner.state
    assert state.formation[0] is c and state.formation[1] is b and state.formation[2] is None
    assert state.deck.pile(BOX) == ["Cobble"] and state.deck.pile(DISCARD) == []
    assert state.deck.pile(INSTANTS) == ["Ranged Barrier"] and state.level.value == 1


def test_s12_empty_deck_reshuffles_the_discard_never_the_instant_pile():
    """S12 — RT: III.E, III.B; HOW TO PLAY (Champions); notes 4, 13. After Aggression the deck is
    empty: the discard (4 cards) becomes the deck, Natural Restoration stays in the pile; Close
    Strike (the table's shuffle put it on top) defeats Timber A, level 4, Jade Titan to the discard."""
    runner = table(["Aggression"], gold=2, level=3,
                   piles={DISCARD: ["Close Strike", "Fortified Lines", "Cobble"], INSTANTS: ["Natural Restoration"],
                          CHAMPIONS: ["Jade Titan", "Boulderhide Brute", "Oxen Avenger"]})
    clockwork_turn(runner)
    ack(runner, "Aggression")
    assert runner.pending.label == "Reshuffle 4 discards into the deck"
    deck = runner.state.deck.piles[DECK]
    deck.remove("Close Strike")
    deck.insert(0, "Close Strike")  # the table's shuffle
    ack(runner)
    assert "Cobble attacks with Close Strike" in runner.pending.text and "for 2 DMG" in runner.pending.text
    ack(runner)
    answer(runner, "defeat", "y")
    ack(runner, "level 4")
    if isinstance(runner.pending, Number):
        answer(runner, "Close Strike", "0")
    state = runner.state
    assert state.deck.pile(INSTANTS) == ["Natural Restoration"]
    assert state.deck.pile(DISCARD) == ["Close Strike", "Jade Titan"]
    assert state.deck.count(DECK) == 3 and state.gold.value == 0


def test_s13_daybreak_gold_adds_up_by_level_and_a_level_reached_mid_turn_counts_next_turn():
    """S13 — RT: III step I; HOW TO PLAY (daybreak effects unlocked instead of faction actions);
    notes 2. Board +1 (level 4) +2 (level 6) and Rampart +1 → 4 flips; level 8 is reached mid-turn;
    at the next step I: 1 + 2 + 3 + 1 = 7 gold."""
    deck = ["Buy Strike", "Fortified Lines", "Cobble", "Aggression", "Burn Strike", FILLER, FILLER, FILLER]
    runner = table(deck, gold=0, level=6, piles={CHAMPIONS: ["Oxen Avenger"]})
    runner.state.daybreak_gold = {4: 1, 6: 2, 8: 3}
    clockwork_turn(runner, 1, 0, 0)  # Granite Rampart, Gravel, Onyx Bearer
    assert runner.state.gold.value == 3 and pays(runner) == ["Clockwork pays 1 gold: 4 → 3"]
    ack(runner, "Cobble attacks")
    answer(runner, "defeat", "y")
    ack(runner, "level 7")
    answer(runner, "Costliest in the Elemental Market", "Oak Lumbertron")
    ack(runner, "Fortified Lines")
    ack(runner, "2 DMG")
    answer(runner, "Did the 2 DMG defeat", "y")
    ack(runner, "level 8")
    ack(runner, "Aggression")
    state = runner.state
    assert state.level.value == 8 and state.gold.value == 0 and state.deck.pile(DECK)[0] == "Burn Strike"
    assert state.deck.pile(DISCARD)[:2] == ["Aggression", "Oxen Avenger"]
    end_your_turn(runner)
    daybreak_gold(runner, 1, 0, 0)
    assert pays(runner)[-1] == "Clockwork pays 1 gold: 7 → 6"


def shuffled_into(order: list[str], deck: list[str], discard: list[str]):
    """A game whose Rapid Refresh shuffle gives ``order`` (the table's shuffle, S14's given)."""
    for seed in range(20000):
        runner = table(deck, gold=2, seed=seed, piles={DISCARD: discard, INSTANTS: ["Pebble Charm"]})
        clockwork_turn(runner)
        flipped = [t.split("flips ")[1].split(" onto")[0] for t in log_texts(runner) if "onto the discard, unused" in t]
        if flipped == order[:2] and runner.state.deck.pile(DECK) == order[3:]:
            return runner
    raise AssertionError("no seed gives the table's shuffle")


def test_s14_rapid_refresh_flips_for_free_until_a_card_that_is_not_a_clockwork_command():
    """S14 — RT: Rapid Refresh; III.C; readings: rapid-refresh. Shuffle (Rapid Refresh itself is
    not in it; the pile's Pebble Charm neither); Burn Shot and Safe Distance flip to the discard
    unused; Oak Lumbertron is boxed; no gold for those flips; then Fortified Lines."""
    order = ["Burn Shot", "Safe Distance", "Oak Lumbertron", "Fortified Lines", "Close Strike"]
    runner = shuffled_into(order, ["Rapid Refresh", "Fortified Lines"],
                           ["Burn Shot", "Safe Distance", "Oak Lumbertron", "Close Strike"])
    state = runner.state
    assert state.deck.pile(BOX) == ["Oak Lumbertron"] and state.gold.value == 1
    ack(runner, "Rapid Refresh")
    assert state.deck.pile(DISCARD) == ["Rapid Refresh", "Safe Distance", "Burn Shot"]
    ack(runner, "Fortified Lines")
    assert state.deck.pile(DECK) == ["Close Strike"] and state.gold.value == 0 and len(pays(runner)) == 2
    assert state.deck.pile(INSTANTS) == ["Pebble Charm"]
    assert [s.shields for s in state.formation] == [1, 1, 1, 0, 0, 0]


def test_s15_direct_summon_into_the_one_free_space_then_burn_shot():
    """S15 — RT: Direct Summon; III.C; Burn Shot; notes 8. Stone Defender (named costliest) fills the
    free Row II space fresh and, as the highest STR in Rows I–II, attacks with Burn Shot for 7.
    Card costs are never asked: Clockwork holds them."""
    formation = ["Cobble", "Cobble", None, "Granite Rampart", "Gravel", "Onyx Bearer"]
    runner = table(["Direct Summon", "Burn Shot", FILLER], gold=2, formation=formation)
    clockwork_turn(runner)
    prompt = runner.pending
    assert isinstance(prompt, CardEntry) and prompt.cards[0] in ("Oak Lumbertron", "Bamboo Berserker")
    answer(runner, "Costliest in the Elemental Market", "Stone Defender")
    ack(runner, "Summon Stone Defender into Row II right")
    assert runner.state.formation[2].card == "Stone Defender" and not runner.state.formation[2].attacked
    assert "Stone Defender attacks with Burn Shot: it deals 7 DMG" in runner.pending.text
    ack(runner)
    answer(runner, "defeat", "n")
    assert "costliest in the Elemental Market? (Ties: you choose.) Move it to the game box" in runner.pending.text
    burn(runner, "Elemental", "Oak Lumbertron", "Flint")
    state = runner.state
    assert state.boxed == ["Oak Lumbertron", "Flint"]
    assert state.entered == ["Stone Defender"] and state.deck.pile(DISCARD) == ["Burn Shot", "Direct Summon"]
    assert state.gold.value == 0


def test_s16_safe_distance_printed_or_remaining_hp():
    """S16 — RT: Safe Distance; notes 7 (an option). Printed HP: Gravel ↔ Stone Defender; remaining
    HP (you pick): Gravel ↔ Onyx Bearer. +3 shields each; the Sage's shield stays with it."""
    formation = ["Stone Defender", "Onyx Bearer", "Cobble", "Granite Rampart", "Gravel", "Cobble"]
    for hp, partner, sage_at, partner_at in (("printed", "Stone Defender", 0, 4), ("remaining", "Onyx Bearer", 1, 4)):
        runner = table(["Safe Distance", FILLER], gold=1, formation=formation, options={"highest_hp": hp})
        runner.state.formation[4].shields = 1
        clockwork_turn(runner)
        if hp == "remaining":
            choose(runner, "Safe Distance: swap partner", "Onyx Bearer")
        ack(runner, "Safe Distance")
        f = runner.state.formation
        assert f[sage_at].card == "Gravel" and f[partner_at].card == partner
        assert f[sage_at].shields == 4 and f[partner_at].shields == 3
        assert runner.state.deck.pile(DISCARD) == ["Safe Distance"] and runner.state.gold.value == 0


def test_s17_your_card_sets_off_instants_from_the_top_and_stops_at_the_first_that_does_not():
    """S17 — RT: HOW TO PLAY (Instant pile: repeat until the top card is not set off); notes 9."""
    pile = ["Natural Defense", "Melee Shield", "Pebble Charm"]
    runner = table([FILLER], piles={INSTANTS: pile})
    answer(runner, "Your turn", "1")
    for card in pile:
        answer(runner, f"Does your card set off {card}?", "y")
        answer(runner, card, "0")
    assert runner.state.deck.pile(INSTANTS) == []
    assert runner.state.deck.pile(DISCARD) == ["Pebble Charm", "Melee Shield", "Natural Defense"]
    assert runner.pending.label == "Your turn"

    runner = table([FILLER], piles={INSTANTS: pile})
    answer(runner, "Your turn", "1")
    answer(runner, "Does your card set off Natural Defense?", "y")
    answer(runner, "Natural Defense", "0")
    answer(runner, "Does your card set off Melee Shield?", "n")
    assert runner.state.deck.pile(INSTANTS) == ["Melee Shield", "Pebble Charm"]
    assert runner.state.deck.pile(DISCARD) == ["Natural Defense"]
    assert runner.pending.label == "Your turn"


def test_s18_discard_effects_on_a_clockwork_without_a_hand():
    """S18 — RT: HOW TO PLAY (DISCARD resolved without discarding; several → the most). (a) Nothing
    moves and no gold. (b) A bought Utility 'discard up to 3: 1 shield each' counts 3 discarded:
    Gravel gets 3 shields, which you report (8); deck 9, discard 5."""
    deck = ["Elemental Incantation"] + [FILLER] * 9
    runner = table(deck, gold=1, piles={DISCARD: ["Cobble", "Fortified Lines", "Aggression", "Burn Shot"]})
    answer(runner, "Your turn", "6")
    ack(runner, "Clockwork discard resolved")
    assert runner.state.deck.count(DECK) == 10 and runner.state.deck.count(DISCARD) == 4
    assert runner.state.gold.value == 1
    clockwork_turn(runner)
    answer(runner, "Resolve Elemental Incantation", "0")
    assert runner.state.phase == YOURS
    assert runner.state.deck.count(DECK) == 9 and runner.state.deck.count(DISCARD) == 5
    answer(runner, "Your turn", "8")
    choose(runner, "Shields on a Clockwork Elemental", "Gravel")
    answer(runner, "Shields on Gravel", "3")
    assert runner.state.formation[4].shields == 3
    assert runner.view().tracks[1].rows[4].note.startswith("3 shields")


def test_s19_the_clockwork_defeats_your_sage_mid_loop():
    """S19 — RT: HOW TO WIN; Buy Shot; notes §1 (win). You choose the Shot's target: on your Sage the
    game ends at once with 2 gold unspent; on Timber C the loop goes on."""
    formation = ["Cobble", "Stone Defender", "Cobble", "Granite Rampart", "Gravel", "Onyx Bearer"]
    deck = ["Buy Shot", "Aggression", "Burn Strike", FILLER]
    runner = table(deck, gold=3, formation=formation)
    clockwork_turn(runner)
    assert "Stone Defender attacks with Buy Shot: it deals 7 DMG" in runner.pending.text
    assert "you pick it for the Clockwork" in runner.pending.text
    ack(runner)
    answer(runner, "defeat", "s")
    state = runner.state
    assert runner.finished and state.winner == "clockwork" and state.gold.value == 2
    assert state.deck.pile(DECK) == ["Aggression", "Burn Strike", FILLER]

    runner = table(deck, gold=3, formation=formation)
    clockwork_turn(runner)
    ack(runner)
    answer(runner, "defeat", "y")
    ack(runner, "level 2")
    answer(runner, "Costliest in the Command Market", "Magic Ether Strike")
    ack(runner, "Aggression")
    ack(runner, "Cobble attacks with Burn Strike")
    answer(runner, "defeat", "n")
    burn(runner, "Command", "Magic Ether Strike", "Reinforced Impact")
    assert runner.state.gold.value == 0 and runner.state.deck.pile(DECK) == [FILLER]


def test_s20_you_defeat_the_clockwork_sage_with_a_reaction_during_its_turn():
    """S20 — RT: HOW TO PLAY (Instant pile check), HOW TO WIN. Set off: Ranged Barrier resolves
    first and Gravel lives; the loop goes on. Not set off: Gravel falls, you win at once, 2 gold
    unspent and no more flips."""
    deck = ["Buy Strike", FILLER, FILLER, FILLER]
    runner = table(deck, gold=3, piles={INSTANTS: ["Ranged Barrier"]})
    clockwork_turn(runner)
    react(runner, "1")
    answer(runner, "Does your card set off Ranged Barrier?", "y")
    answer(runner, "Ranged Barrier", "0")
    assert runner.state.deck.pile(DISCARD) == ["Ranged Barrier"]
    ack(runner, "Cobble attacks")
    answer(runner, "defeat", "n")
    answer(runner, "Costliest in the Elemental Market", "Oak Lumbertron")
    assert runner.state.gold.value == 0 and len(pays(runner)) == 3 and not runner.finished

    runner = table(deck, gold=3, piles={INSTANTS: ["Ranged Barrier"]})
    clockwork_turn(runner)
    react(runner, "1")
    answer(runner, "Does your card set off Ranged Barrier?", "n")
    react(runner, "2")
    choose(runner, "Defeated Clockwork Elemental", "Gravel")
    state = runner.state
    assert runner.finished and state.winner == "you" and state.gold.value == 2
    assert state.deck.pile(DECK) == [FILLER] * 3 and len(pays(runner)) == 1


def test_s21_a_bought_instant_comes_back_through_the_deck_to_the_instant_pile():
    """S21 — RT: Buy Shot; III.B, III.E; notes 8. Tie on cost: you pick Natural Defense into the
    discard; the reshuffle (table's order: Natural Defense on top) brings it to the Instant pile."""
    runner = table(["Buy Shot"], gold=2, piles={DISCARD: ["Cobble"]})
    clockwork_turn(runner)
    choose(runner, "Attacker for Buy Shot", "Row I")
    ack(runner, "Cobble attacks with Buy Shot")
    answer(runner, "defeat", "y")
    ack(runner, "level 2")
    answer(runner, "Costliest in the Command Market", "Natural Defense")
    assert runner.pending.label == "Reshuffle 3 discards into the deck"
    deck = runner.state.deck.piles[DECK]
    deck.remove("Natural Defense")
    deck.insert(0, "Natural Defense")  # the table's shuffle
    ack(runner)
    state = runner.state
    assert state.deck.pile(INSTANTS) == ["Natural Defense"] and state.deck.count(DECK) == 2
    assert state.gold.value == 0 and state.phase == YOURS


def test_s22_gold_cap_option_and_cards_returned_to_its_hand_on_your_turn():
    """S22 — notes §1, 11 (cap: an option, default off); RT: HOW TO PLAY (card to its hand). Two
    Elementals sent to its hand: +2 gold kept, both on top of its deck (the last on top); with 11
    daybreak gold: 13 flips without the cap, 12 with it."""
    for cap, flips in (("no", 13), ("yes", 12)):
        deck = [FILLER] * 16
        runner = table(deck, gold=0, level=4, options={"gold_cap": cap})
        runner.state.daybreak_gold = {4: 11, 6: 0, 8: 0}
        for card in ("Granite Rampart", "Onyx Bearer"):
            answer(runner, "Your turn", "5")
            choose(runner, "Card to the Clockwork's hand", card)
            ack(runner, f"{card} → top of the Clockwork deck")
        state = runner.state
        assert state.gold.value == 2 and state.deck.pile(DECK)[:2] == ["Onyx Bearer", "Granite Rampart"]
        clockwork_turn(runner)  # Gravel's daybreak gives 0
        choose(runner, "Space for Onyx Bearer", "Row III right")
        ack(runner, "Summon Granite Rampart")
        assert len(pays(runner)) == flips and state.gold.value == 0


# ---- S23 - S26: where the parts meet (issue 23, third table review) -------------------------------

def test_s23_a_shot_tie_counted_with_boosts_is_yours_to_break():
    """S23 — RT: Buy Shot (the Elemental with the highest STR in Row I or II), HOW TO PLAY (any
    choice of the Clockwork is yours); notes 5, §1 (a boost is +1 STR). Cobble A, boosted, stands
    at STR 3 beside Onyx Bearer's printed 3: a tie, so you are asked, between those two only."""
    formation = ["Cobble", "Onyx Bearer", "Cobble", "Granite Rampart", "Gravel", "Cobble"]
    runner = table(["Buy Shot", FILLER], gold=1, formation=formation)
    runner.state.formation[0].boosts = 1
    clockwork_turn(runner)
    prompt = runner.pending
    assert isinstance(prompt, Choice) and prompt.label == "Attacker for Buy Shot"
    assert [o.label for o in prompt.options if o.key != "r"] == [
        "Cobble (2/2) +1 boost in Row I", "Onyx Bearer (3/4) in Row II left"]
    choose(runner, "Attacker for Buy Shot", "Row I")
    assert "Cobble attacks with Buy Shot: it deals 3 DMG (STR 2 + 1 boost)" in runner.pending.text


def test_s24_a_printed_value_nobody_gave_has_no_enter_answer():
    """S24 — RT: THE CLOCKWORK SAGE'S TURN I (its daybreak effects), HOW TO PLAY (daybreak effects);
    readings printed-gold. The gold on Gravel's, Granite Rampart's and Onyx Bearer's cards is not
    known until the table gives it: no value is offered, and Enter alone is not an answer (an
    Enter that meant 0 left the Sage idle from its second turn)."""
    runner = table(["Buy Strike"], gold=0)
    end_your_turn(runner)
    asked = 0
    while "Daybreak:" in runner.pending.label:
        prompt = runner.pending
        assert isinstance(prompt, Number) and prompt.default is None, prompt
        assert "Enter" not in prompt.text
        refused(runner, "", "whole number")
        runner.answer("1" if "Gravel" in prompt.label else "0")
        asked += 1
    assert asked == 3 and runner.state.card_gold["Gravel"] == 1
    assert pays(runner) == ["Clockwork pays 1 gold: 1 → 0"]  # Gravel's gold pays for a flip


def test_s25_a_first_game_asks_the_chosen_difficulty_then_the_level_four_gold_when_reached():
    """S25 — RT: HOW TO START (gold by the chosen difficulty), HOW TO PLAY (daybreak effects
    unlocked at levels); notes §4, 2. Setup asks the starting gold of Hard only, with no value
    offered; the gold level 4 adds is asked when the Clockwork reaches level 4, not before."""
    runner = new_runner({"difficulty": "hard", "sage": "pebble"}, seed=2)
    answer(runner, "Unused Warrior and Basic", "1")
    prompt = runner.pending
    assert isinstance(prompt, Number) and prompt.label == "Sage board: Hard starting gold"
    assert prompt.default is None
    runner.answer("7")
    assert "Sage board" not in runner.pending.label and "7 gold" in runner.pending.text
    assert runner.state.daybreak_gold == {}

    runner = arranged(deck=["Buy Strike", FILLER, FILLER], gold=1, level=3, formation=PEBBLE,
                      options={"sage": "pebble"}, piles={CHAMPIONS: ["Jade Titan"]}, daybreak={})
    clockwork_turn(runner)
    ack(runner, "Cobble attacks")
    answer(runner, "defeat", "y")
    prompt = runner.pending
    assert isinstance(prompt, Number) and prompt.default is None
    assert prompt.label == "Sage board: daybreak gold from level 4"
    runner.answer("2")
    assert "its Sage board now adds 2 more gold at each daybreak" in runner.pending.text
    ack(runner, "level 4")
    answer(runner, "Costliest in the Elemental Market", "Oak Lumbertron")
    end_your_turn(runner)
    daybreak_gold(runner)
    assert "Clockwork gains 2 gold (daybreak gold of its Sage board at level 4): 0 → 2" in log_texts(runner)
    assert not any(p for p in [runner.pending] if "Sage board" in p.label)


def test_s26_a_single_copy_card_the_clockwork_owns_is_not_in_the_market():
    """S26 — RT: Buy Strike, Direct Summon (the costliest card of the Elemental Market); notes §3
    (one copy of each Warrior card, two of the cost-1 and cost-2 ones). Oak Lumbertron, bought
    before, lies in its discard: it cannot be the market's costliest, so it is not offered, the
    question says why, and naming it is refused; Bamboo Berserker is taken. Willow (two copies, one owned) can still be bought."""
    runner = table(["Buy Strike", "Direct Summon", FILLER], gold=2, piles={DISCARD: ["Oak Lumbertron", "Willow"]},
                   formation=["Cobble", "Cobble", None, "Granite Rampart", "Gravel", "Onyx Bearer"])
    clockwork_turn(runner)
    ack(runner, "Cobble attacks")
    answer(runner, "defeat", "n")
    prompt = runner.pending
    assert "Oak Lumbertron" not in prompt.cards and "Willow" in prompt.cards
    assert "Not there: Oak Lumbertron (the Clockwork has it)." in prompt.text
    refused(runner, "Oak Lumbertron", "Nothing here is called 'Oak Lumbertron'")
    answer(runner, "Costliest in the Elemental Market", "Bamboo Berserker")
    assert "Not there: Oak Lumbertron, Bamboo Berserker (the Clockwork has them)." in runner.pending.text
    refused(runner, "Bamboo Berserker", "Nothing here is called")  # Direct Summon: the Clockwork's now
    answer(runner, "Costliest in the Elemental Market", "Willow")
    ack(runner, "Summon Willow into Row II right")
    assert runner.state.formation[2].card == "Willow"
    assert runner.state.entered == ["Bamboo Berserker", "Willow"]
