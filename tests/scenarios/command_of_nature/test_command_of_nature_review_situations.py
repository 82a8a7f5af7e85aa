"""The rules reviewer's Command of Nature situations C-1 … C-6 and the audit finding CA-1 (issue 23
item 3, tests/scenarios/review-2026-11/command-of-nature.md), worked by hand from the seed
command-of-nature-clockwork-sage.txt ("RT", by heading) and the data notes
shared/rules/command-of-nature.md ("N err.k", "N §k"). The expected values are the reviewer's;
the table keeps its own formation, so there the test checks what Clockwork says and asks.

Setup for all (the reviewer's): the Twig pack (Cedar 3/12), Row I Timber; Row II Timber, Timber;
Row III Acorn Squire, Cedar, Quill Thornback; Cedar's daybreak gives the gold the table enters.
"""

from __future__ import annotations

import msgspec
from drivers import refused
from test_command_of_nature_helpers import (
    TWIG_FORMATION, answer, arranged, choose, daybreak_gold, end_your_turn, log_texts,
)
from tui.engine.deck import Deck
from tui.engine.prompts import CardEntry, YesNo
from tui.engine.session import AnswerRecord, Runner, Session
from tui.games.command_of_nature.state import BOX, CHAMPIONS, DECK, DISCARD, INSTANTS, YOURS

TWIG_CHAMPIONS = ["Vix Vanguard", "Horned Hollow", "Calamity Leopard"]


def table(deck, gold=0, formation=TWIG_FORMATION, **kw):
    return arranged(deck=deck, gold=gold, formation=list(formation), options={"sage": "twig", **kw.pop("options", {})},
                    **kw)


def ack(runner, part=""):
    answer(runner, part, "")


def pays(runner):
    return [t for t in log_texts(runner) if t.startswith("Clockwork pays")]


def stacked(monkeypatch, order):
    """The table's shuffle: the next shuffle of the Clockwork deck leaves it in ``order`` (top first)."""
    def shuffle(self, name, rng):
        assert sorted(self.pile(name)) == sorted(order), self.pile(name)
        self.piles[name][:] = order
        monkeypatch.undo()
    monkeypatch.setattr(Deck, "shuffle", shuffle)


# ---- C-1 -------------------------------------------------------------------------------------

def c1_to_the_clockwork_turn(deck):
    """C-1 up to its turn: its wallet is 0; your card returns its Row II-left Timber to its hand."""
    runner = table(deck, gold=0)
    answer(runner, "Your turn", "5")
    choose(runner, "Card to the Clockwork's hand", "Row II left")
    ack(runner, "Timber → top of the Clockwork deck")
    state = runner.state
    assert state.gold.value == 1 and state.deck.pile(DECK)[0] == "Timber" and state.formation[1] is None
    choose(runner, "Formation shift", "no more moves")  # you choose: nobody moves up
    end_your_turn(runner)
    daybreak_gold(runner, 1)  # Cedar's daybreak: +1 → 2
    return runner


def test_c1_a_card_returned_to_its_hand_is_its_next_flip_and_is_summoned_into_the_gap():
    """C-1 — RT: HOW TO PLAY (no hand: top of its deck and 1 gold; you shift its formation), THE
    CLOCKWORK SAGE'S TURN I–III.A; N err.3. Gold 0 → 1 → daybreak 2; the first flip is the
    returned Timber, summoned into the gap (no 2-DMG overflow); then one more flip: 2 flips."""
    runner = c1_to_the_clockwork_turn(["Fortified Lines", "Aggression", "Close Strike"])
    assert "Clockwork gains 1 gold (Cedar daybreak): 1 → 2" in log_texts(runner)
    assert pays(runner) == ["Clockwork pays 1 gold: 2 → 1"]
    ack(runner, "Summon Timber into Row II left")
    ack(runner, "Fortified Lines")
    state = runner.state
    assert pays(runner) == ["Clockwork pays 1 gold: 2 → 1", "Clockwork pays 1 gold: 1 → 0"]
    assert state.formation[1].card == "Timber" and state.deck.pile(DECK) == ["Aggression", "Close Strike"]
    assert not any("2 DMG" in t for t in log_texts(runner))
    assert state.phase == YOURS and state.gold.value == 0


def test_c1_variation_a_draw_two_while_the_second_card_resolves_pays_two_more_flips():
    """C-1 variation — RT: HOW TO PLAY (a DRAW gives 1 gold per card), THE CLOCKWORK SAGE'S TURN VI;
    N err.3 (gold is checked before each payment). The DRAW 2 during the second card's attack
    gives 2 gold: 4 flips in all."""
    runner = c1_to_the_clockwork_turn(["Buy Strike", "Fortified Lines", "Aggression", "Close Strike"])
    ack(runner, "Summon Timber")
    assert "Timber attacks with Buy Strike" in runner.pending.text
    runner.answer("r")
    answer(runner, "Something happened", "4")
    answer(runner, "Clockwork draws", "2")
    assert runner.state.gold.value == 2
    ack(runner, "Timber attacks")
    answer(runner, "defeat", "n")
    answer(runner, "Costliest in the Elemental Market", "Oak Lumbertron")
    ack(runner, "Fortified Lines")
    ack(runner, "Aggression")
    assert len(pays(runner)) == 4 and runner.state.gold.value == 0 and runner.state.phase == YOURS
    assert runner.state.deck.pile(DECK) == ["Close Strike"]


# ---- C-2 -------------------------------------------------------------------------------------

def test_c2_rapid_refresh_as_the_last_card_boxes_a_champion_and_says_it_is_one(monkeypatch):
    """C-2 — RT: CLOCKWORK COMMAND CARDS (Rapid Refresh), HOW TO PLAY (Champions at 4/6/8); N err.4,
    13. Table's shuffle: Buy Strike, Vix Vanguard, Burn Shot, Close Strike. Buy Strike is flipped
    onto the discard unused, Vix Vanguard is boxed; deck Burn Shot, Close Strike; discard Buy
    Strike under Rapid Refresh; level stays 4. The app names Vix Vanguard as a Champion, gone for
    good, so the table does not expect it later (the fix of this review)."""
    runner = table(["Rapid Refresh"], gold=3, level=4, daybreak={4: 0, 6: 0, 8: 0},
                   piles={DISCARD: ["Vix Vanguard", "Burn Shot", "Buy Strike", "Close Strike"],
                          CHAMPIONS: ["Horned Hollow", "Calamity Leopard"]})
    stacked(monkeypatch, ["Buy Strike", "Vix Vanguard", "Burn Shot", "Close Strike"])
    end_your_turn(runner)
    daybreak_gold(runner, 0)
    prompt = runner.pending
    assert prompt.label == "Rapid Refresh: box Vix Vanguard"
    assert "Buy Strike onto the discard unused" in prompt.text
    assert "Vix Vanguard, its level-4 Champion" in prompt.text and "gone for good" in prompt.text
    state = runner.state
    assert state.deck.pile(DECK) == ["Burn Shot", "Close Strike"] and state.deck.pile(BOX) == ["Vix Vanguard"]
    assert state.deck.pile(DISCARD) == ["Buy Strike"]
    ack(runner, "Rapid Refresh")
    assert state.deck.pile(DISCARD) == ["Rapid Refresh", "Buy Strike"] and state.level.value == 4
    assert pays(runner) == ["Clockwork pays 1 gold: 3 → 2", "Clockwork pays 1 gold: 2 → 1"]  # Burn Shot next


def test_c2_rapid_refresh_with_only_clockwork_commands_boxes_nothing_then_step_e_once(monkeypatch):
    """C-2 degenerate case — RT: Rapid Refresh (silent when no other card shows), III.E; N err.4;
    readings rapid-refresh. Buy Strike and Burn Shot are flipped back onto the discard; nothing is
    boxed and the flips stop when the deck runs out (no endless loop); the instruction says so and
    that step E follows; then E once: the deck is Buy Strike, Burn Shot, Rapid Refresh."""
    runner = table(["Rapid Refresh"], gold=1, piles={DISCARD: ["Buy Strike", "Burn Shot"]})
    stacked(monkeypatch, ["Buy Strike", "Burn Shot"])
    end_your_turn(runner)
    daybreak_gold(runner, 0)
    prompt = runner.pending
    assert prompt.label == "Rapid Refresh: box nothing"
    assert "only Clockwork Commands turned up" in prompt.text
    assert "nothing goes to the game box" in prompt.text
    assert "deck is empty" in prompt.text and "new deck" in prompt.text
    ack(runner, "Rapid Refresh")
    ack(runner, "Reshuffle 3 discards into the deck")
    state = runner.state
    assert sorted(state.deck.pile(DECK)) == ["Burn Shot", "Buy Strike", "Rapid Refresh"]
    assert state.deck.pile(BOX) == [] and state.deck.pile(DISCARD) == []
    assert state.phase == YOURS and len(pays(runner)) == 1


# ---- C-3 -------------------------------------------------------------------------------------

def test_c3_instants_set_off_from_the_top_down_and_the_next_card_meets_the_new_top():
    """C-3 — RT: III.B (on top of the Instant pile), HOW TO PLAY (each card you play: the top
    Instant, then the next, until one is not set off); N err.9. Flipped Melee Shield, Twig Charm,
    Natural Defense → pile Natural Defense, Twig Charm, Melee Shield. Your attack sets off the first
    two (each resolved before the next is asked about), not Melee Shield; the next card meets
    Melee Shield only."""
    runner = table(["Melee Shield", "Twig Charm", "Natural Defense", "Fortified Lines"], gold=3)
    end_your_turn(runner)
    daybreak_gold(runner, 0)
    state = runner.state
    assert state.phase == YOURS
    assert state.deck.pile(INSTANTS) == ["Natural Defense", "Twig Charm", "Melee Shield"]
    answer(runner, "Your turn", "1")
    asked = []
    for raw in ("y", "0", "y", "0", "n"):
        asked.append(runner.pending.label)
        runner.answer(raw)
    assert asked == ["Does your card set off Natural Defense?", "Resolve Natural Defense — gold gained",
                     "Does your card set off Twig Charm?", "Resolve Twig Charm — gold gained",
                     "Does your card set off Melee Shield?"]
    assert state.deck.pile(INSTANTS) == ["Melee Shield"]
    assert state.deck.pile(DISCARD) == ["Twig Charm", "Natural Defense"]
    assert runner.pending.label == "Your turn"
    answer(runner, "Your turn", "1")
    assert isinstance(runner.pending, YesNo) and runner.pending.label == "Does your card set off Melee Shield?"


# ---- C-4 -------------------------------------------------------------------------------------

def test_c4_level_four_mid_turn_the_deck_runs_out_and_the_board_gold_waits_for_the_next_daybreak():
    """C-4 — RT: HOW TO PLAY (levels; Champions at 4 to the discard; daybreak gold unlocked), III.D,
    III.E, I; N err.2, 13, §1 (a boost is spent on the attack). Timber (STR 2 + 1 boost) defeats
    your Row I Elemental: level 4, Vix Vanguard on top of the discard, the boost gone, Close Strike
    on top of Vix; the empty deck takes the whole discard, Vix and Close Strike included; gold stays
    2 (two more flips); the level-4 board gold comes at the next daybreak, with Cedar's. Vix, when
    flipped, finds no room: discard and 2 DMG to your Row I."""
    runner = table(["Close Strike"], gold=3, level=3, piles={CHAMPIONS: list(TWIG_CHAMPIONS),
                                                             DISCARD: ["Fortified Lines", "Aggression"]})
    runner.state.formation[0].boosts = 1
    end_your_turn(runner)
    daybreak_gold(runner, 0)
    state = runner.state
    assert "Timber attacks with Close Strike for 3 DMG (STR 2 + 1 boost)" in runner.pending.text
    ack(runner, "Timber attacks")
    answer(runner, "defeat", "y")
    prompt = runner.pending
    assert prompt.label == "Clockwork level 4" and "Vix Vanguard on top of the Clockwork discard" in prompt.text
    assert state.deck.pile(DISCARD)[0] == "Vix Vanguard" and state.formation[0].boosts == 0
    assert state.gold.value == 2
    ack(runner, "level 4")
    answer(runner, "Close Strike — gold gained", "0")
    assert runner.pending.label == "Reshuffle 4 discards into the deck"
    assert sorted(state.deck.pile(DECK)) == ["Aggression", "Close Strike", "Fortified Lines", "Vix Vanguard"]
    state.deck.piles[DECK][:] = ["Fortified Lines", "Aggression", "Vix Vanguard", "Close Strike"]  # the table's shuffle
    ack(runner)
    ack(runner, "Fortified Lines")
    ack(runner, "Aggression")
    assert state.phase == YOURS and state.gold.value == 0 and len(pays(runner)) == 3
    assert not any("daybreak gold of its Sage board" in t for t in log_texts(runner))
    end_your_turn(runner)
    daybreak_gold(runner)  # Cedar's 0, as given
    assert "Clockwork gains 1 gold (daybreak gold of its Sage board at level 4): 0 → 1" in log_texts(runner)
    assert "No room for Vix Vanguard" in runner.pending.text and "2 DMG to your Row I" in runner.pending.text
    ack(runner)
    assert state.deck.pile(DISCARD)[0] == "Vix Vanguard"


# ---- C-5, C-6 ----------------------------------------------------------------------------------

def everyone_attacked(state):
    for slot in state.formation:
        if slot is not None:
            slot.attacked = True


def test_c5_three_overflows_three_destinations():
    """C-5 — RT: III.A (no room: discard, 2 DMG), Direct Summon (full: the Elemental to the game
    box, 2 DMG), III.D (all attacked: discard, 2 DMG no Instant can reduce, "instead": no market
    effect); N err.6. The Acorn Squire flipped is the reviewer's; so that the Warrior is not in two
    places at once, Slumber Jack stands in its Row III space here. With CA-1, Clockwork asks which
    card the full Direct Summon boxes, and records it."""
    formation = ["Timber", "Timber", "Timber", "Slumber Jack", "Cedar", "Quill Thornback"]
    runner = table(["Acorn Squire", "Direct Summon", "Burn Strike", "Aggression"], gold=3, formation=formation)
    end_your_turn(runner)
    everyone_attacked(runner.state)
    daybreak_gold(runner, 0, 0)
    state = runner.state
    text = runner.pending.text
    assert "No room for Acorn Squire" in text and "an Instant may reduce it" in text
    ack(runner)
    answer(runner, "Did the 2 DMG defeat", "n")
    assert state.deck.pile(DISCARD) == ["Acorn Squire"]
    answer(runner, "Costliest in the Elemental Market, to the game box", "Oak Lumbertron")
    assert state.boxed == ["Oak Lumbertron"] and "Oak Lumbertron" not in state.entered
    assert "Direct Summon with a full formation: deal 2 DMG" in runner.pending.text
    ack(runner)
    answer(runner, "Did the 2 DMG defeat", "n")
    assert state.deck.pile(DISCARD)[1:] == ["Direct Summon", "Acorn Squire"]  # Burn Strike is on top already
    text = runner.pending.text
    assert "Nobody left to attack with Burn Strike" in text and "no Instant Command can reduce it" in text
    ack(runner)
    answer(runner, "Did the 2 DMG defeat", "n")
    assert state.deck.pile(DISCARD) == ["Burn Strike", "Direct Summon", "Acorn Squire"]
    assert state.boxed == ["Oak Lumbertron"]  # the Command Market is untouched
    assert not any("Command Market" in t for t in log_texts(runner))
    assert state.phase == YOURS and state.gold.value == 0


def test_c6_the_unreducible_fallback_still_meets_shields():
    """C-6 — RT: III.D Note (only Instant Command effects cannot reduce it); N §1 (a shield absorbs
    1 DMG; removed or kept: the shields option). The 2 DMG is never called unreducible in general;
    the instruction tells the table its shields still absorb, as the option says."""
    for shields, says in (("spent", "absorbs 1 DMG and is then removed"), ("kept", "absorbs 1 DMG and stays")):
        runner = table(["Burn Strike", "Aggression"], gold=1, options={"shields": shields})
        end_your_turn(runner)
        everyone_attacked(runner.state)
        daybreak_gold(runner, 0)
        text = runner.pending.text
        assert "no Instant Command can reduce it" in text and says in text
        assert "cannot be reduced" not in text


# ---- CA-1 --------------------------------------------------------------------------------------

def test_ca1_cards_a_burn_sends_to_the_box_are_named_and_never_offered_again():
    """CA-1 — RT: CLOCKWORK COMMAND CARDS (Burn Shot: the costliest and the cheapest Elemental
    Market cards to the game box; Buy Strike: the costliest to its discard); N §3 (one copy of
    each Warrior, two of the cost-1 and cost-2 cards). Burn Shot now asks which two cards go to
    the box; Oak Lumbertron, a single card, is then not offered by the next Buy Strike and naming
    it is refused; Willow (two copies, one boxed) still is."""
    formation = ["Quill Thornback", "Timber", "Timber", "Acorn Squire", "Cedar", "Timber"]
    runner = table(["Burn Shot", "Buy Strike", "Aggression"], gold=0, formation=formation)
    end_your_turn(runner)
    daybreak_gold(runner, 1)
    ack(runner, "Quill Thornback attacks")
    answer(runner, "defeat", "n")
    prompt = runner.pending
    assert isinstance(prompt, CardEntry) and prompt.label == "Costliest in the Elemental Market, to the game box"
    runner.answer("Oak Lumbertron")
    prompt = runner.pending
    assert isinstance(prompt, CardEntry) and prompt.label == "Cheapest in the Elemental Market, to the game box"
    assert "Oak Lumbertron" not in prompt.cards and prompt.cards[0] in ("Willow", "Flint", "Mush", "Wade")
    runner.answer("Willow")
    state = runner.state
    assert state.boxed == ["Oak Lumbertron", "Willow"] and state.phase == YOURS
    end_your_turn(runner)
    daybreak_gold(runner)
    ack(runner, "Quill Thornback attacks with Buy Strike")
    answer(runner, "defeat", "n")
    prompt = runner.pending
    assert prompt.label == "Costliest in the Elemental Market"
    assert "Oak Lumbertron" not in prompt.cards and "Willow" in prompt.cards
    assert "Oak Lumbertron (in the game box)" in prompt.text
    refused(runner, "Oak Lumbertron", "Nothing here is called 'Oak Lumbertron'")
    answer(runner, "Costliest in the Elemental Market", "Bamboo Berserker")
    assert state.entered == ["Bamboo Berserker"]


def test_ca1_burn_strike_names_the_command_market_cards_it_boxes():
    """CA-1 — RT: Burn Strike (the costliest and the cheapest Command Market cards to the game box);
    N §3 (Magic Ether Strike: two copies). Two Burn Strikes box both Magic Ether Strikes: the next
    Buy Shot does not offer it."""
    runner = table(["Burn Strike", "Burn Strike", "Buy Shot", "Aggression"], gold=0)
    end_your_turn(runner)
    daybreak_gold(runner, 1)
    ack(runner, "Timber attacks with Burn Strike")
    answer(runner, "defeat", "n")
    answer(runner, "Costliest in the Command Market, to the game box", "Magic Ether Strike")
    answer(runner, "Cheapest in the Command Market, to the game box", "Reinforced Impact")
    end_your_turn(runner)
    daybreak_gold(runner)
    ack(runner, "Timber attacks with Burn Strike")
    answer(runner, "defeat", "n")
    answer(runner, "Costliest in the Command Market, to the game box", "Magic Ether Strike")
    answer(runner, "Cheapest in the Command Market, to the game box", "Reinforced Impact")
    assert runner.state.boxed == ["Magic Ether Strike", "Reinforced Impact"] * 2
    end_your_turn(runner)
    daybreak_gold(runner)
    choose(runner, "Attacker for Buy Shot", "Row I")
    ack(runner, "Timber attacks with Buy Shot")
    answer(runner, "defeat", "n")
    prompt = runner.pending
    assert prompt.label == "Costliest in the Command Market" and "Magic Ether Strike" not in prompt.cards
    assert "Reinforced Impact" in prompt.cards  # four copies, two boxed


def test_ca1_a_save_from_before_the_burns_named_their_cards_still_opens():
    """CA-1 and saves (engine/session.py, facts_version): a game saved under facts_version 1, whose
    Burn Strike the table only acknowledged, replays as it was played; the next Burn, answered
    after opening, asks for the two cards."""
    runner = table(["Burn Strike", "Burn Strike", "Aggression"], gold=0)
    old = [("Your turn → End your turn", "e"), ("Daybreak: Cedar — gold gained → 1", "1"),
           ("Timber attacks: 2 DMG → done", "d"), ("Did Timber's attack defeat anything? → no", "n"),
           ("Burn 2 cards of the Command Market → done", "d")]
    session = msgspec.structs.replace(runner.saved_session(), facts_version=1, facts_from=0,
                                      answers=[AnswerRecord(answer=a, label=label) for label, a in old])
    session = msgspec.json.decode(msgspec.json.encode(session), type=Session)  # as read from the file
    reopened = Runner(runner.game, runner.rules, session)
    assert reopened.state.boxed == [] and reopened.pending.label == "Your turn"
    end_your_turn(reopened)
    daybreak_gold(reopened)
    ack(reopened, "Timber attacks with Burn Strike")
    answer(reopened, "defeat", "n")
    answer(reopened, "Costliest in the Command Market, to the game box", "Magic Ether Strike")
    answer(reopened, "Cheapest in the Command Market, to the game box", "Reinforced Impact")
    assert reopened.state.boxed == ["Magic Ether Strike", "Reinforced Impact"]
