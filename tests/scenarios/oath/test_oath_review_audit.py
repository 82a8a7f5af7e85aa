"""The rules reviewer's question audit OA-1 … OA-8 (issue 23 item 3, /work/review/oath.md, part B;
reproductions in /work/review/repro/OA-*.sh): Clockwork states what its own actions change (a
Muster fills the empty cards at its site, a Travel takes the Prince to the site asked about), so it
answers those questions from the record and refuses an answer that contradicts it in one line.
Each docstring names the rule in the seed oath-clockwork-prince.txt ("RT", by section) or the
data notes shared/rules/oath.md ("N §")."""

from __future__ import annotations

from drivers import refused
from test_oath_helpers import answer, arranged, log_texts, pending_label, play_card, rules, skip_threat
from tui.games.oath.state import OTHERS


def walk(runner, *steps) -> None:
    for label, raw in steps:
        answer(runner, label, raw)


def plain(runner) -> str:
    """A plain answer: no, no cards, the smallest number, done."""
    prompt = runner.pending
    return {"YesNo": "n", "TextEntry": "-", "Number": str(getattr(prompt, "lo", 0))}.get(type(prompt).__name__, "")


def mustered_two(favor: str = "3"):
    """TL, 4 actions: a Muster puts favor on both empty cards at the Prince's site."""
    runner = arranged(node="T_SUP", friends=[("Hearth", 2), ("Beast", 1)], options={"oath": "supremacy", "humans": "1"})
    skip_threat(runner)
    play_card(runner, "h d o")
    walk(runner, ("Rule most sites?", "n"), ("Battle Ready?", "n"), ("Empty cards at the site", "2"),
         ("favor outside Ambition", favor), ("Muster", ""), ("Battle Ready?", "n"))
    return runner


def test_oa1_no_trade_at_a_site_whose_empty_cards_a_muster_just_filled():
    """OA-1 — RT: 3. Muster (1 favor on each empty card), Trade (only empty cards count), 4. CLEANUP
    (that favor returns only then): the Prince stayed (Travel fallback), so the Trade finds no empty
    card and is not asked about its suits."""
    runner = mustered_two()
    walk(runner, ("Trade for favor possible anywhere?", "n"), ("Travel fallback", ""))
    assert runner.state.current_node == "TL_TRADE_FAVOR"
    assert pending_label(runner) != "Empty cards at the Prince's site"
    assert "Trade: favor skipped (not counted)" in log_texts(runner)


def test_oa2_after_the_muster_the_site_is_not_where_a_trade_gains_most():
    """OA-2 — RT: 3. Travel (ignore cards with favor on them; skip only if the site already meets
    the condition): a Trade at the filled site gains nothing, so the Prince travels."""
    runner = mustered_two()
    answer(runner, "Trade for favor possible anywhere?", "y")
    assert pending_label(runner) == "Travel: most favor"
    assert any(t.startswith("The Prince's site is not where a Trade gains the most favor (") for t in log_texts(runner))


def travelled_to_most_favor():
    """BR: from the Muster space (no empty card there) to a Travel: most favor, taken."""
    runner = arranged(node="BR_MUSTER", friends=[("Hearth", 2), ("Beast", 1)], options={"oath": "people", "humans": "1"})
    skip_threat(runner)
    play_card(runner, "h d o")
    walk(runner, ("Battle Ready?", "n"), ("Trade for favor possible anywhere?", "y"),
         ("Already at the most-favor site?", "n"), ("Travel: most favor", ""))
    assert runner.state.actions_taken == 1 and runner.state.current_node == "BR_TRADE_FS"
    return runner


def test_oa3_the_travel_just_made_answers_its_own_questions():
    """OA-3 — RT: 3. Travel (skip if the site already meets the condition): having travelled to the
    site where a Trade gains the most favor, some Trade gains favor and the Prince is there until
    it next acts; a contradicting answer is refused."""
    runner = travelled_to_most_favor()
    known = runner.facts.known
    assert known["trade_anywhere_favor"].values == ["y"] and known["best_site_favor"].values == ["y"]


def test_oa4_the_site_just_reached_for_favor_has_an_empty_friend_card():
    """OA-4 — RT: 3. Travel, Trade: the site reached by 'Travel: most favor' is where a Trade gains
    favor, so it has an empty card of a Friend suit: 'none' is refused in one line."""
    runner = travelled_to_most_favor()
    if pending_label(runner) == "Can pay? (People's Favor)":
        answer(runner, "Can pay?", "n")
    assert pending_label(runner) == "Empty cards at the Prince's site"
    refused(runner, "-", "Friend")
    refused(runner, "d", "Friend")
    answer(runner, "Empty cards at the Prince's site", "h")


def test_oa5_battle_ready_and_can_pay_hold_over_a_plain_travel():
    """OA-5 — RT: 3. Travel + Campaign (Battle Ready: attack dice against defence dice and warbands;
    a Travel changes neither), Recover (can pay: a plain Travel changes no favor or secrets)."""
    runner = arranged(node="BR_TRADE_FS", friends=[("Hearth", 2), ("Beast", 1)], options={"oath": "people", "humans": "1"})
    skip_threat(runner)
    play_card(runner, "h d o")
    walk(runner, ("Can pay? (People's Favor)", "n"), ("Empty cards at the site", "0"), ("Battle Ready?", "n"),
         ("Trade for favor possible anywhere?", "y"), ("Travel: most favor", ""))  # no empty card: not the best site
    assert pending_label(runner) != "Can pay? (People's Favor)"
    walk(runner, ("Empty cards at the Prince's site", "h"), ("Trade banks have favor?", "y"), ("Trade: favor", ""))
    # A Trade changes favor (so 'Can pay?' is asked) but no warbands (so 'Battle Ready?' is not).
    walk(runner, ("Can pay? (People's Favor)", "n"))
    if pending_label(runner) == "Prince's favor outside Ambition":
        answer(runner, "Prince's favor outside Ambition", "0")
    assert pending_label(runner) != "Battle Ready? (People's Favor holder)"


def round_one_over(role: str = "chancellor", humans: str = "2"):
    return arranged(round=1, options={"oath": "supremacy", "humans": humans, "role": role}, phase=OTHERS)


def test_oa6_no_game_end_after_round_one():
    """OA-6 — N §4 Ending (Stable Regime from the end of round 5, War Exhaustion after round 8),
    Oathkeeper title (an Exile becomes Usurper at a Wake and wins at a later one); a Vision is
    revealed at a Wake after it was played. Nobody can have won when round 1 ends."""
    runner = round_one_over()
    assert pending_label(runner) == "Humans' turns"
    refused(runner, "x", "round 1")
    assert "earliest-end" in {r.id for r in rules().readings}


def test_oa6_a_chancellor_prince_wins_only_from_round_five():
    """OA-6 — N §4 Ending: the Empire wins by Stable Regime (rolls after rounds 5, 6, 7) or War
    Exhaustion (after round 8), so a Chancellor Prince cannot have won before round 5 ends."""
    runner = arranged(round=3, options={"oath": "supremacy", "humans": "2"}, phase=OTHERS)
    answer(runner, "Humans' turns", "x")
    refused(runner, "p", "round 5")
    answer(runner, "Winner", "h")
    runner = arranged(round=5, options={"oath": "supremacy", "humans": "2"}, phase=OTHERS)
    walk(runner, ("Humans' turns", "x"), ("Winner", "p"))


def test_oa7_no_exile_usurper_when_the_prince_kept_the_title_at_its_last_turn():
    """OA-7 — N §4 Oathkeeper title (an Exile holding it flips it to Usurper at its own Wake); the
    Chancellor plays first (LAW turn order): the Prince held the title at the end of its round-2
    turn, so no Exile has woken with it before the Prince's round-3 turn."""
    runner = arranged(round=2, node="TL_MUSTER_HIGH", threat="oathkeeper", threat_quadrant="TL",
                      options={"oath": "supremacy", "humans": "2"}, actions_allowed=0)
    walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "y"))
    answer(runner, "Completed Vision", next(o.key for o in runner.pending.options if "Conquest" in o.label))
    for _ in range(30):
        if pending_label(runner) == "Cleanup":
            break
        label = pending_label(runner)
        answer(runner, label, {"Cards drawn": "v v o"}.get(label) or plain(runner))
    answer(runner, "Cleanup")
    answer(runner, "Prince is Oathkeeper?", "y")
    answer(runner, "Humans' turns", "1")
    assert runner.state.round == 3
    assert pending_label(runner) != "Exile Usurper?" or refused(runner, "y", "Usurper")
    assert "usurper-after-title" in {r.id for r in rules().readings}


def test_oa8_the_prince_favor_is_carried_from_the_muster():
    """OA-8 — RT: 3. Muster (1 favor from outside the Ambition box per card), Travel + Campaign (no
    favor changes hands), Travel (fallback: 1 favor): told 3 at the first Muster, 2 placed, a
    campaign lost, then 1 gained: the Prince has 2 (1 if every bank were empty); 26 is refused."""
    runner = arranged(node="T_SUP", friends=[("Hearth", 2), ("Beast", 1)], options={"oath": "supremacy", "humans": "1"})
    skip_threat(runner)
    play_card(runner, "h d o")
    walk(runner, ("Rule most sites?", "n"), ("Battle Ready?", "n"), ("Empty cards at the site", "2"),
         ("favor outside Ambition", "3"), ("Muster", ""), ("Battle Ready?", "y"), ("Travel+Campaign", ""),
         ("Prince won the campaign?", "n"), ("Battle Ready?", "n"))
    walk(runner, ("Trade for favor possible anywhere?", "n"), ("Travel fallback", ""),
         ("Empty cards at the Prince's site", "h"), ("Trade banks have favor?", "n"))
    assert pending_label(runner) == "Prince's favor outside Ambition"
    refused(runner, "26", "favor")
    answer(runner, "Prince's favor outside Ambition", "2")
