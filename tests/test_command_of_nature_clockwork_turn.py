"""The Clockwork Sage's turn (seed: THE CLOCKWORK SAGE'S TURN) and its Command cards
(seed: CLOCKWORK COMMAND CARDS), driven through the Runner with stacked decks."""

from __future__ import annotations

from test_command_of_nature_helpers import (
    TWIG_FORMATION,
    answer,
    arranged,
    choose,
    daybreak_gold,
    defeated,
    end_your_turn,
    is_instruction,
    labels,
    log_texts,
    react_defeating,
)
from tui.engine.prompts import CardEntry, Choice, Instruction, YesNo
from tui.games.command_of_nature.state import BOX, CHAMPIONS, DECK, DISCARD, INSTANTS, YOURS


# An Instant left under the stacked cards so the deck does not run out (III.E) within a test.
FILLER = "Pebble Charm"


def start_clockwork_turn(runner, *gold):
    end_your_turn(runner)
    daybreak_gold(runner, *gold)


def test_daybreak_asks_each_daybreak_elemental_and_adds_its_gold():
    """seed: THE CLOCKWORK SAGE'S TURN, I — each formation Elemental with a daybreak effect uses it."""
    formation = ["Timber", "Timber", "Timber", "Slumber Jack", "Cedar", "Quill Thornback"]
    runner = arranged(deck=["Twig Charm"], gold=0, formation=formation)
    end_your_turn(runner)
    asked = []
    while "Daybreak:" in runner.pending.label:
        asked.append(runner.pending.label)
        runner.answer("0" if len(asked) == 1 else "1")
    assert asked == ["Daybreak: Slumber Jack — gold gained", "Daybreak: Cedar — gold gained"]
    # 1 gold from Cedar → one reveal: Twig Charm goes to the Instant pile, then the turn ends.
    assert runner.state.deck.pile(INSTANTS) == ["Twig Charm"]
    assert runner.state.gold.value == 0 and runner.state.phase == YOURS


def test_board_daybreak_gold_unlocked_by_level():
    """notes: ambiguity 2 — the board's level-unlocked daybreak gold is collected in step I."""
    runner = arranged(deck=["Twig Charm", "Leaf Charm", "Natural Restoration"], gold=0,
                      formation=TWIG_FORMATION, level=6)
    start_clockwork_turn(runner, 0)
    assert any("daybreak gold of its Sage board at level 6" in t and "0 → 2" in t for t in log_texts(runner))
    assert runner.state.deck.pile(INSTANTS) == ["Leaf Charm", "Twig Charm"]
    assert runner.state.deck.pile(DECK) == ["Natural Restoration"]


def test_board_daybreak_gold_nobody_gave_shows_as_not_known_until_asked_at_daybreak():
    """Issue 24 playtest, issue 23 (no default for a printed value nobody has entered): the tracks
    showed "Daybreak gold +0 as printed on your Sage board", a value never asked. seed: HOW TO PLAY
    (levels 4, 6, 8 unlock daybreak gold): at level 6 with the board's gold not given, the row says
    so; step I asks each level's gold, and then the row shows their sum as printed."""
    runner = arranged(deck=["Twig Charm", "Leaf Charm", "Natural Restoration"], gold=0,
                      formation=TWIG_FORMATION, level=6, daybreak={})
    row = next(r for g in runner.view().tracks for r in g.rows if r.label == "Daybreak gold")
    assert (row.value, row.note) == ("not given yet", "levels 4, 6: asked at daybreak")
    end_your_turn(runner)
    asked = []
    while "Sage board: daybreak gold" in runner.pending.label or "Daybreak:" in runner.pending.label:
        if "Sage board" in runner.pending.label:
            asked.append(runner.pending.label)
            assert runner.pending.default is None  # nothing offered
        runner.answer("1" if "Sage board" in runner.pending.label else "0")
    assert asked == ["Sage board: daybreak gold from level 4", "Sage board: daybreak gold from level 6"]
    row = next(r for g in runner.view().tracks for r in g.rows if r.label == "Daybreak gold")
    assert (row.value, row.note) == ("+2", "as printed on your Sage board")


def test_no_gold_after_daybreak_means_nothing_happens():
    """notes: ambiguity 3; seed: THE CLOCKWORK SAGE'S TURN, II — 0 gold after daybreak: no reveal."""
    runner = arranged(deck=["Buy Strike"], gold=0, formation=TWIG_FORMATION)
    start_clockwork_turn(runner, 0)
    assert runner.state.deck.pile(DECK) == ["Buy Strike"]
    assert "The Clockwork Sage has no gold after daybreak: it reveals no card this turn" in log_texts(runner)
    assert "no gold after its daybreak" in runner.pending.text  # said in the table's words (issue 15)
    runner.answer("")
    assert runner.state.phase == YOURS and runner.state.round == 2


def test_pays_one_gold_per_reveal_until_the_wallet_is_empty():
    """seed: THE CLOCKWORK SAGE'S TURN, II, III, VI — read as 'repeat II–III until no gold' (notes: 1)."""
    deck = ["Twig Charm", "Leaf Charm", "Natural Restoration", "Pebble Charm"]
    runner = arranged(deck=deck, gold=3, formation=TWIG_FORMATION)
    start_clockwork_turn(runner, 0)
    log = log_texts(runner)
    assert [t for t in log if t.startswith("Clockwork pays")] == [
        "Clockwork pays 1 gold: 3 → 2", "Clockwork pays 1 gold: 2 → 1", "Clockwork pays 1 gold: 1 → 0"]
    assert runner.state.deck.pile(DECK) == ["Pebble Charm"]
    assert runner.state.deck.pile(INSTANTS) == ["Natural Restoration", "Leaf Charm", "Twig Charm"]


def test_gold_gained_mid_turn_lengthens_the_loop():
    """notes: ambiguity 3 — gold gained during the turn keeps the loop going."""
    deck = ["Elemental Swap", "Twig Charm", "Leaf Charm"]
    runner = arranged(deck=deck, gold=1, formation=TWIG_FORMATION)
    start_clockwork_turn(runner, 0)
    answer(runner, "Resolve Elemental Swap", "1")  # its effect made the Clockwork draw a card
    assert runner.state.deck.pile(INSTANTS) == ["Twig Charm"]
    assert runner.state.deck.pile(DECK) == ["Leaf Charm"]
    assert runner.state.deck.pile(DISCARD) == ["Elemental Swap"]


def test_empty_deck_reshuffles_the_discard():
    """seed: THE CLOCKWORK SAGE'S TURN, III.E; notes: ambiguity 4 — checked before every reveal."""
    discard = ["Twig Charm", "Leaf Charm", "Pebble Charm"]
    runner = arranged(deck=["Droplet Charm"], gold=2, formation=TWIG_FORMATION, piles={DISCARD: discard})
    start_clockwork_turn(runner, 0)
    answer(runner, "Reshuffle 3 discards", "")
    assert "Deck empty: shuffles 3 discards into a new deck" in log_texts(runner)
    assert runner.state.deck.count(DECK) == 2 and runner.state.deck.count(DISCARD) == 0
    assert runner.state.deck.count(INSTANTS) == 2


def test_deck_and_discard_both_empty_ends_the_turn_keeping_gold():
    """notes: ambiguity 4 — nothing to reveal: the Clockwork keeps its gold and ends its turn."""
    runner = arranged(deck=["Twig Charm"], gold=3, formation=TWIG_FORMATION)
    start_clockwork_turn(runner, 0)
    assert runner.state.deck.pile(INSTANTS) == ["Twig Charm"]
    assert runner.state.gold.value == 2 and runner.state.phase == YOURS


def test_elemental_is_summoned_where_you_choose():
    """seed: THE CLOCKWORK SAGE'S TURN, III.A; HOW TO PLAY (you choose for the Clockwork)."""
    formation = ["Timber", None, "Timber", None, "Cedar", "Quill Thornback"]
    runner = arranged(deck=["Slumber Jack"], gold=1, formation=formation)
    start_clockwork_turn(runner, 0)
    prompt = runner.pending
    assert isinstance(prompt, Choice) and labels(prompt) == ["Row II left", "Row III left"]
    choose(runner, "Space for Slumber Jack", "Row III left")
    assert runner.state.formation[3].card == "Slumber Jack"
    assert runner.state.deck.count("revealed") == 0


def test_no_room_sends_the_elemental_to_discard_and_deals_two():
    """seed: THE CLOCKWORK SAGE'S TURN, III.A — no room: discard it and 2 DMG to your Row I."""
    runner = arranged(deck=["Slumber Jack", FILLER], gold=1, formation=TWIG_FORMATION)
    start_clockwork_turn(runner, 0)
    prompt = runner.pending
    assert is_instruction(prompt) and "2 DMG to your Row I" in prompt.text
    assert "an Instant may reduce it" in prompt.text  # notes: ambiguity 6, default option
    runner.answer("")
    answer(runner, "Did the 2 DMG defeat", "n")
    assert runner.state.deck.pile(DISCARD) == ["Slumber Jack"]


def test_no_room_damage_option_unreducible():
    """notes: ambiguity 6 — option: the no-room 2 DMG cannot be reduced by an Instant."""
    runner = arranged(deck=["Slumber Jack"], gold=1, formation=TWIG_FORMATION,
                      options={"overflow_damage": "unreducible"})
    start_clockwork_turn(runner, 0)
    assert "no Instant Command can reduce it" in runner.pending.text


def test_instant_goes_on_top_of_the_instant_pile():
    """seed: THE CLOCKWORK SAGE'S TURN, III.B — Instants go face up on the Instant pile."""
    runner = arranged(deck=["Twig Charm"], gold=1, formation=TWIG_FORMATION,
                      piles={INSTANTS: ["Leaf Charm"]})
    start_clockwork_turn(runner, 0)
    assert runner.state.deck.pile(INSTANTS) == ["Twig Charm", "Leaf Charm"]
    assert runner.state.deck.count(DISCARD) == 0


def test_strike_uses_the_row_one_attacker_and_buys_the_costliest_elemental():
    """seed: CLOCKWORK COMMAND CARDS, Buy Strike; III.D — Row I attacker deals its STR; the named
    costliest Elemental Market card joins the Clockwork discard."""
    formation = ["Quill Thornback", "Timber", "Timber", None, "Cedar", None]
    runner = arranged(deck=["Buy Strike", FILLER], gold=1, formation=formation)
    start_clockwork_turn(runner, 0)
    prompt = runner.pending
    assert "Quill Thornback attacks with Buy Strike: it deals 3 DMG (STR 3)" in prompt.text
    assert "Row I" in prompt.text
    runner.answer("")
    answer(runner, "Did Quill Thornback's attack defeat", "n")
    prompt = runner.pending
    assert isinstance(prompt, CardEntry) and prompt.cards[0] in ("Oak Lumbertron", "Bamboo Berserker")
    answer(runner, "Costliest in the Elemental Market", "Oak")
    assert runner.state.deck.pile(DISCARD) == ["Buy Strike", "Oak Lumbertron"]
    assert runner.state.entered == ["Oak Lumbertron"]
    assert runner.state.formation[0].attacked is False  # reset when the turn ended


def test_attacker_chosen_among_the_cards_rows():
    """seed: THE CLOCKWORK SAGE'S TURN, III.D — choose an Elemental from the card's rows (you choose)."""
    runner = arranged(deck=["Far Strike", FILLER], gold=1, formation=TWIG_FORMATION)
    start_clockwork_turn(runner, 0)
    prompt = runner.pending
    assert isinstance(prompt, Choice)
    assert labels(prompt) == [
        "Timber (2/2) in Row I", "Timber (2/2) in Row II left", "Timber (2/2) in Row II right"]
    runner.answer("2")
    assert "resolve Far Strike from its printed text" in runner.pending.text
    runner.answer("")
    answer(runner, "defeat", "n")
    answer(runner, "Far Strike — gold gained", "0")
    assert runner.state.deck.pile(DISCARD) == ["Far Strike"]


def test_shot_uses_the_highest_str_in_rows_one_and_two():
    """seed: CLOCKWORK COMMAND CARDS, Buy Shot; notes: ambiguity 5 — the card names the attacker."""
    formation = ["Timber", "Quill Thornback", "Timber", "Horned Hollow", "Cedar", None]
    runner = arranged(deck=["Buy Shot", FILLER], gold=1, formation=formation)
    start_clockwork_turn(runner, 0)
    assert "Quill Thornback attacks with Buy Shot: it deals 3 DMG" in runner.pending.text
    assert "any Elemental in your formation" in runner.pending.text
    runner.answer("")
    answer(runner, "defeat", "n")
    answer(runner, "Costliest in the Command Market", "Magic Ether Strike")
    assert runner.state.deck.pile(DISCARD) == ["Buy Shot", "Magic Ether Strike"]


def test_shot_tie_for_highest_str_is_yours_to_break():
    """notes: ambiguity 5 — ties for highest STR: the player chooses."""
    formation = ["Quill Thornback", "Botanic Fangs", "Timber", None, "Cedar", None]
    runner = arranged(deck=["Burn Shot"], gold=1, formation=formation)
    start_clockwork_turn(runner, 0)
    prompt = runner.pending
    assert isinstance(prompt, Choice) and len(labels(prompt)) == 2
    choose(runner, "Attacker for Burn Shot", "Botanic Fangs")
    assert "Botanic Fangs attacks with Burn Shot" in runner.pending.text
    runner.answer("")
    answer(runner, "defeat", "n")
    assert runner.pending.label == "Costliest in the Elemental Market, to the game box"


def test_each_elemental_attacks_once_then_a_fresh_one_swaps_forward():
    """seed: THE CLOCKWORK SAGE'S TURN, III.D (once per turn; swap from the nearest row); notes: 10."""
    formation = ["Quill Thornback", "Timber", None, None, "Cedar", None]
    runner = arranged(deck=["Buy Strike", "Burn Strike"], gold=2, formation=formation)
    start_clockwork_turn(runner, 0)
    runner.answer("")  # Quill Thornback attacks
    answer(runner, "defeat", "n")
    answer(runner, "Costliest", "Oak Lumbertron")
    # Burn Strike: Row I has attacked; Row II's Timber is the only fresh one in the nearest row.
    prompt = runner.pending
    assert is_instruction(prompt) and "Swap actions" in prompt.text
    assert [s and s.card for s in runner.state.formation[:2]] == ["Timber", "Quill Thornback"]
    runner.answer("")
    assert "Timber attacks with Burn Strike: it deals 2 DMG" in runner.pending.text


def test_everyone_attacked_discards_and_deals_two_unreducible():
    """seed: THE CLOCKWORK SAGE'S TURN, III.D — all attacked: discard, 2 DMG no Instant can reduce."""
    formation = ["Cedar", None, None, None, None, None]
    runner = arranged(deck=["Buy Strike", "Close Strike", FILLER], gold=2, formation=formation)
    start_clockwork_turn(runner, 0)
    runner.answer("")  # Cedar attacks with Buy Strike
    answer(runner, "defeat", "n")
    answer(runner, "Costliest", "Oak Lumbertron")
    prompt = runner.pending
    assert "Nobody left to attack with Close Strike" in prompt.text
    assert "no Instant Command can reduce it" in prompt.text
    runner.answer("")
    answer(runner, "Did the 2 DMG defeat", "n")
    assert runner.state.deck.pile(DISCARD)[0] == "Close Strike"


def test_boosts_add_to_str_and_are_spent():
    """CNW: boost (+1 STR each, then removed); seed: CLOCKWORK COMMAND CARDS, Aggression."""
    formation = ["Timber", "Quill Thornback", None, "Acorn Squire", "Cedar", None]
    runner = arranged(deck=["Aggression", "Buy Shot"], gold=2, formation=formation)
    start_clockwork_turn(runner, 0)
    prompt = runner.pending
    assert "Aggression: put 1 boost on each" in prompt.text and "Timber (2/2) in Row I" not in prompt.text
    runner.answer("")
    assert [s.boosts if s else 0 for s in runner.state.formation] == [0, 1, 0, 1, 1, 0]
    assert "Quill Thornback attacks with Buy Shot: it deals 4 DMG (STR 3 + 1 boost)" in runner.pending.text
    runner.answer("")
    assert runner.state.formation[1].boosts == 0
    assert runner.state.formation[3].boosts == 1


def test_defeating_your_elemental_levels_up_and_brings_the_champion():
    """seed: HOW TO PLAY (levels; Champions at 4, 6, 8); CNW: Champion on top of the discard; notes: 13."""
    formation = ["Timber", None, None, None, "Cedar", None]
    runner = arranged(deck=["Close Strike", FILLER], gold=1, formation=formation, level=3,
                      piles={CHAMPIONS: ["Vix Vanguard", "Horned Hollow", "Calamity Leopard"],
                             DISCARD: ["Twig Charm"]})
    start_clockwork_turn(runner, 0)
    runner.answer("")
    answer(runner, "defeat", "y")
    prompt = runner.pending
    assert "level 4" in prompt.text and "Vix Vanguard" in prompt.text
    runner.answer("")
    assert runner.state.level.value == 4
    assert runner.state.deck.pile(DISCARD)[:2] == ["Vix Vanguard", "Twig Charm"]
    answer(runner, "Close Strike — gold gained", "0")
    assert runner.state.deck.pile(DISCARD)[0] == "Close Strike"
    assert runner.state.deck.pile(CHAMPIONS) == ["Horned Hollow", "Calamity Leopard"]


def test_direct_summon_brings_the_costliest_market_elemental():
    """seed: CLOCKWORK COMMAND CARDS, Direct Summon — costliest Elemental Market card joins the formation."""
    formation = ["Timber", "Timber", None, None, "Cedar", None]
    runner = arranged(deck=["Direct Summon", FILLER], gold=1, formation=formation)
    start_clockwork_turn(runner, 0)
    answer(runner, "Costliest in the Elemental Market", "Bamboo Berserker")
    choose(runner, "Space for Bamboo Berserker", "Row II right")
    assert runner.state.formation[2].card == "Bamboo Berserker"
    assert runner.state.entered == ["Bamboo Berserker"]
    assert runner.state.deck.pile(DISCARD) == ["Direct Summon"]


def test_direct_summon_with_a_full_formation_boxes_and_deals_two():
    """seed: CLOCKWORK COMMAND CARDS, Direct Summon — full formation: to the box, 2 DMG to your Row I."""
    runner = arranged(deck=["Direct Summon"], gold=1, formation=TWIG_FORMATION)
    start_clockwork_turn(runner, 0)
    assert "formation is full" in runner.pending.text and "game box" in runner.pending.text
    answer(runner, "Costliest in the Elemental Market, to the game box", "Oak Lumbertron")
    assert "2 DMG to your Row I" in runner.pending.text
    runner.answer("")
    answer(runner, "Did the 2 DMG defeat", "n")
    assert runner.state.entered == [] and runner.state.boxed == ["Oak Lumbertron"]


def test_safe_distance_swaps_the_sage_with_the_highest_printed_hp():
    """seed: CLOCKWORK COMMAND CARDS, Safe Distance; notes: ambiguity 7 (default: printed HP)."""
    formation = ["Timber", "Frostfall Emperor", "Timber", None, "Cedar", "Quill Thornback"]
    runner = arranged(deck=["Safe Distance"], gold=1, formation=formation)
    start_clockwork_turn(runner, 0)
    prompt = runner.pending
    assert "3 shields on each" in prompt.text
    runner.answer("")
    assert runner.state.formation[1].card == "Cedar" and runner.state.formation[4].card == "Frostfall Emperor"


def test_safe_distance_remaining_hp_asks_you():
    """notes: ambiguity 7 — option 'remaining': the player names the highest remaining HP."""
    formation = ["Timber", "Frostfall Emperor", "Timber", None, "Cedar", "Quill Thornback"]
    runner = arranged(deck=["Safe Distance"], gold=1, formation=formation, options={"highest_hp": "remaining"})
    start_clockwork_turn(runner, 0)
    choose(runner, "Safe Distance: swap partner", "Quill Thornback")
    runner.answer("")
    assert runner.state.formation[4].card == "Quill Thornback" and runner.state.formation[5].card == "Cedar"


def test_fortified_lines_shields_rows_one_and_two():
    """seed: CLOCKWORK COMMAND CARDS, Fortified Lines — 1 shield on each Elemental in Rows I–II."""
    formation = ["Timber", "Quill Thornback", None, "Acorn Squire", "Cedar", None]
    runner = arranged(deck=["Fortified Lines"], gold=1, formation=formation)
    start_clockwork_turn(runner, 0)
    text = runner.pending.text
    assert "Timber (2/2) in Row I" in text and "Quill Thornback" in text and "Acorn Squire" not in text


def test_rapid_refresh_boxes_the_first_non_clockwork_card():
    """seed: CLOCKWORK COMMAND CARDS, Rapid Refresh — shuffle discard in, flip to a non-Clockwork
    card, box it; the flipped Clockwork Commands stay in the discard."""
    discard = ["Buy Strike", "Aggression", "Burn Shot"]
    deck = ["Rapid Refresh", "Twig Charm"]
    runner = arranged(deck=deck, gold=1, formation=TWIG_FORMATION, piles={DISCARD: discard}, seed=4)
    start_clockwork_turn(runner, 0)
    state = runner.state
    assert is_instruction(runner.pending) and "put Twig Charm in the game box" in runner.pending.text
    assert state.deck.pile(BOX) == ["Twig Charm"]
    flipped = [t.split("flips ")[1].split(" onto")[0] for t in log_texts(runner) if "onto the discard, unused" in t]
    # Flipped cards go onto the discard one by one (top = last flipped); the rest stay in the deck.
    assert state.deck.pile(DISCARD) == list(reversed(flipped))
    assert sorted(flipped + state.deck.pile(DECK)) == sorted(discard)
    runner.answer("")
    assert state.deck.count(DISCARD) == 0 or state.deck.pile(DISCARD)[0] == "Rapid Refresh"


def test_shield_option_changes_the_damage_instruction():
    """notes §1 (Shield: 1 DMG per shield inferred; removal after use unknown → option)."""
    for choice, words in (("spent", "is then removed"), ("kept", "and stays")):
        runner = arranged(deck=["Buy Strike", FILLER], gold=1, formation=TWIG_FORMATION,
                          options={"shields": choice})
        start_clockwork_turn(runner, 0)
        assert words in runner.pending.text


def test_clockwork_elemental_defeated_during_its_attack():
    """seed: HOW TO PLAY (you shift its formation); CNW: defeated Elementals leave the game — e.g. your
    Instant defeats the attacker; the attack card still finishes and is discarded."""
    formation = ["Quill Thornback", "Timber", "Timber", None, "Cedar", None]
    runner = arranged(deck=["Buy Strike", FILLER], gold=1, formation=formation)
    start_clockwork_turn(runner, 0)
    runner.answer("")
    answer(runner, "Did Quill Thornback's attack defeat", "c")
    defeated(runner, "Quill Thornback", "Row II left → Row I")  # Row I is filled: Cedar may stay back
    assert runner.state.deck.pile(BOX) == ["Quill Thornback"]
    answer(runner, "Costliest in the Elemental Market", "Oak Lumbertron")
    assert runner.state.deck.pile(DISCARD) == ["Buy Strike", "Oak Lumbertron"]
    assert runner.state.formation[0].card == "Timber"


def test_your_sage_defeated_by_an_attack_ends_the_game_mid_turn():
    """CNW: Rules of Play (win by defeating the enemy Sage) — the Clockwork wins at once."""
    runner = arranged(deck=["Buy Strike", "Twig Charm", FILLER], gold=2, formation=TWIG_FORMATION)
    start_clockwork_turn(runner, 0)
    runner.answer("")
    answer(runner, "Did Timber's attack defeat", "s")
    assert runner.finished and runner.state.winner == "clockwork"
    assert runner.state.deck.pile(DISCARD) == ["Buy Strike"]
    assert runner.state.deck.pile(DECK) == ["Twig Charm", FILLER]


def test_champion_from_the_discard_is_summoned_when_revealed():
    """notes: ambiguity 13; seed: III.A — a Champion that went to the discard is summoned when a
    later reveal (after a reshuffle) turns it over."""
    formation = ["Timber", "Timber", None, None, "Cedar", None]
    runner = arranged(deck=[], gold=1, formation=formation, piles={DISCARD: ["Vix Vanguard"]})
    end_your_turn(runner)
    daybreak_gold(runner, 0)
    answer(runner, "Reshuffle 1 discards", "")
    choose(runner, "Space for Vix Vanguard", "Row II right")
    assert runner.state.formation[2].card == "Vix Vanguard"


def test_flow_marks_the_step_being_walked():
    """seed: THE CLOCKWORK SAGE'S TURN, I–III.D — the flow pane shows done / current / skipped steps."""
    runner = arranged(deck=["Far Strike", FILLER], gold=1, formation=TWIG_FORMATION)
    start_clockwork_turn(runner, 0)
    marks = {step.label.split(" ")[0]: step.state for step in runner.view().flow}
    assert marks == {"I": "done", "II": "done", "III": "done", "A": "skipped", "B": "skipped",
                     "C": "skipped", "D": "current", "E": "todo", "IV": "todo"}
    assert [c.name for c in runner.view().cards] == ["Far Strike"]


def test_gold_above_the_cap_is_lost_and_logged():
    """notes: ambiguity 11 — with the cap option on, gold beyond the cap is lost."""
    runner = arranged(deck=["Twig Charm", FILLER], gold=11, formation=TWIG_FORMATION, options={"gold_cap": "yes"})
    end_your_turn(runner)
    daybreak_gold(runner, 3)
    assert "Clockwork gains 3 gold (Cedar daybreak): 11 → 12 (cap 12: 2 lost)" in log_texts(runner)


def test_something_happened_is_offered_on_its_turn_and_comes_back_to_the_step():
    """seed: HOW TO PLAY (each card you play checks its Instant pile), III.D — issue 17: the
    reactions of your turn work at every step of its turn; 'back' returns to the same step."""
    runner = arranged(deck=["Buy Strike", FILLER], gold=1, formation=TWIG_FORMATION,
                      piles={INSTANTS: ["Leaf Charm"]})
    start_clockwork_turn(runner, 0)
    step = runner.pending
    assert "r" in [o.key for o in step.options] and step.default == "d"
    runner.answer("r")
    menu = runner.pending
    assert menu.label == "Something happened" and menu.default == "b"
    assert "e" not in [o.key for o in menu.options]  # your turn cannot end inside its turn
    runner.answer("")
    assert runner.pending == step
    runner.answer("r")
    answer(runner, "Something happened", "1")
    assert isinstance(runner.pending, YesNo)  # y/n stays y/n inside a reaction
    answer(runner, "Does your card set off Leaf Charm?", "n")
    assert runner.pending == step
    assert runner.state.deck.pile(INSTANTS) == ["Leaf Charm"] and not runner.state.reacting


def test_an_attacker_taken_away_by_your_reaction_deals_no_dmg_when_you_say_so():
    """seed: III.D; readings: attacker-gone — you defeat the chosen attacker before its attack
    lands and choose 'no attack': no DMG, the card's market part still happens."""
    formation = ["Quill Thornback", "Timber", "Timber", None, "Cedar", None]
    runner = arranged(deck=["Buy Strike", FILLER], gold=1, formation=formation)
    start_clockwork_turn(runner, 0)
    react_defeating(runner, "Quill Thornback", "Row II left → Row I")
    answer(runner, "attacker gone", "n")
    answer(runner, "Costliest in the Elemental Market", "Oak Lumbertron")
    assert runner.state.deck.pile(DISCARD) == ["Buy Strike", "Oak Lumbertron"]
    assert not any("attacks with Buy Strike:" in t for t in log_texts(runner))
    assert runner.state.phase == YOURS


def test_the_formation_shift_cannot_leave_row_one_empty():
    """seed: HOW TO PLAY (the formation is shifted); issue 17 — with Row I empty and Row II occupied
    'no more moves' is not offered; a single possible move is an instruction."""
    formation = ["Timber", "Timber", "Quill Thornback", None, "Cedar", None]
    runner = arranged(deck=["Buy Strike"], formation=formation)
    answer(runner, "Your turn", "2")
    choose(runner, "Defeated Clockwork Elemental", "in Row I")
    prompt = runner.pending
    assert "Row I cannot stay empty" in prompt.text and "no more moves" not in [o.label for o in prompt.options]
    choose(runner, "Formation shift", "Quill Thornback")
    choose(runner, "Formation shift", "no more moves")  # Row I is filled: Cedar may stay back
    assert [s.card if s else None for s in runner.state.formation] == [
        "Quill Thornback", "Timber", None, None, "Cedar", None]
    # Only one way to fill Row I: it is an instruction.
    runner = arranged(deck=["Buy Strike"], formation=["Timber", "Cedar", None, None, None, None])
    answer(runner, "Your turn", "2")
    choose(runner, "Defeated Clockwork Elemental", "in Row I")
    prompt = runner.pending
    assert isinstance(prompt, Instruction) and "Row I cannot stay empty. Move Cedar" in prompt.text


def test_from_row_three_centre_you_choose_which_row_two_space_it_passes_through():
    """seed: III.D (Swap actions); notes §1 (a swap exchanges two connected Elementals); readings:
    connected-spaces, 10 — Row III centre touches both Row II spaces, so the way is yours."""
    formation = ["Timber", "Timber", "Quill Thornback", None, "Cedar", None]
    runner = arranged(deck=["Burn Strike", FILLER], gold=1, formation=formation)
    end_your_turn(runner)
    for slot in runner.state.formation[:3]:
        slot.attacked = True  # Rows I and II attacked earlier this turn
    daybreak_gold(runner, 0)
    prompt = runner.pending
    assert prompt.label == "Swap Cedar through"
    assert [o.label for o in prompt.options if o.key != "r"] == [
        "Row II left (Timber)", "Row II right (Quill Thornback)"]
    choose(runner, "Swap Cedar through", "Row II right")
    assert "Cedar Row III centre → Row II right, Quill Thornback Row II right → Row III centre; then " \
           "Cedar Row II right → Row I, Timber Row I → Row II right" in runner.pending.text
    f = [s.card if s else None for s in runner.state.formation]
    assert f == ["Cedar", "Timber", "Timber", None, "Quill Thornback", None]
