"""The reviewer's second round of hand-worked Root situations R2-1 … R2-15
(tests/scenarios/review-2026-11/root-2.md, part A): traits, reactions and two bots at one table.
Each drives the real bot files with the reviewer's table answers and checks the reviewer's numbers
(or, where the test's docstring says why, what the sources support). Source keys as in the review:
LAW-MM/EE/AA/VB/NR/CH (the Law of Root), CORE (a base-game rule), APP:key (Clockroot's board
reminders), APP-TS (Clockroot's code), REF (root-sources.md), Part C #n (the review's readings).

A bot's reaction during another bot's turn is started here from the next human player's turn menu
(the only place the table offers reactions today); the outcome is the same as starting it at the
moment the rule fires. Situations whose reaction belongs inside another bot's turn (to switch to
the mid-turn start once it exists): R2-3, R2-4, R2-11, R2-12 (the cap is wanted before the dice),
R2-14; the other bots' records in R2-1, R2-2, R2-8 and R2-9 could move there too."""

from __future__ import annotations

import pytest

from test_root_review_helpers import VALUES, NO_LOSS, marquise_record, mine, play, record, table

MM, EE, AA, VB = "mechanical-marquise", "electric-eyrie", "automated-alliance", "vagabot"
LV = "Loyal Vizier"


def on_map(runner) -> int:
    c = mine(runner, MM).counters
    return 18 - c["sawmills_left"] - c["workshops_left"] - c["recruiters_left"]


def decree(runner) -> list[int]:
    piles = mine(runner, EE).piles
    return [len(piles.pile(f"decree_{s}")) for s in ("fox", "mouse", "rabbit", "bird")]


def roost_vp(roosts_left: int) -> int:
    """G-EE: the value under the roost track's rightmost empty space (7 − n spaces emptied)."""
    return VALUES["Roosts"][7 - roosts_left - 1]


def losses(warriors: int, sawmills: int | None, workshops: int | None, recruiters: int | None, enemy: int):
    """The Marquise's own battle report; a building type with none on the map is not asked (None)."""
    lines = [("did they remove any", "y"), ("How many Marquise warriors", str(warriors))]
    for word, n in (("sawmills", sawmills), ("workshops", workshops), ("recruiters", recruiters)):
        if n is not None:
            lines.append((f"How many {word}", str(n)))
    return lines + [("enemy buildings and tokens", str(enemy))]


def eyrie_losses(warriors: int, roosts: int, enemy: int):
    return [("did they remove any", "y"), ("How many Eyrie warriors", str(warriors)), ("How many roosts", str(roosts)),
            ("enemy buildings and tokens", str(enemy))]


def hits(n: int, warriors: int, keep: str | None = None, buildings: int | None = None, types: tuple[str, ...] = (),
         at: str = "Player 1's turn"):
    """The Marquise's reaction to a battle's hits, started with ^f at the question ``at`` (by
    default Player 1's turn menu; in another bot's turn, the question that waits after its battle)."""
    lines = [(at, "@the Marquise takes hits"), ("How many hits", str(n)),
             ("How many Marquise warriors were in that clearing", str(warriors))]
    if keep is not None:
        lines.append(("keep token in that clearing", keep))
    if buildings is not None:
        lines.append(("How many Marquise buildings are in that clearing", str(buildings)))
    return lines + [("Which building", t) for t in types]


# -- the Mechanical Marquise ---------------------------------------------------------------------


def test_r2_1_a_building_lost_in_the_blitz_battle_reopens_expand():
    """R2-1 — LAW-MM 4.4.2, 4.5.1-4.5.2; APP:Rules.TextBlitz (after the Move, before Expand: APP-TS
    marquise.ts); Part C #3 (destination and defender as the Move and 4.5.1), #4 (one warrior moves
    nobody: the next clearing, LAW-NR 2.3), #5 (Blitz after every Move; its loss counts for Expand);
    LAW-CH 1.2.1 (warriors first); CORE (the Eyrie scores 1 VP for the sawmill). The sawmill lost in
    the Blitz battle leaves five on the map: a mouse order follows and builds a recruiter; Evening
    scores the recruiter track's space 2 (G-MM 1)."""
    runner = table([MM, EE], options={MM: {"Trait: Blitz": "On"}}, order=[MM, "Player 1", EE])
    marquise_record(runner, supply=8, sawmills=3, workshops=4, recruiters=5, vp=12)
    record(runner, EE, warriors=5, vp=10)
    turn = play(runner, [
        ("Which suit", "rabbit"), ("still in the supply", "n"), NO_LOSS, ("rule any rabbit", "y"), ("Build a workshop", "n"),
        *losses(1, 1, 0, 0, 0),
        ("Expand: discard", "mouse"), NO_LOSS, ("rule any mouse", "y"), ("Build a recruiter", "y"), NO_LOSS,
    ])
    blitz = [t for t in turn.said if t.startswith("Blitz:")]
    assert len(blitz) == 2 and "two or more Marquise warriors" in blitz[0]
    turn.never_asks("buildings on the map")
    turn.never_asks("placed this turn")
    assert turn.says("Evening:").startswith("Evening: the Marquise scores 1 VP")
    c = mine(runner, MM).counters
    assert (c["warriors"], c["sawmills_left"], c["recruiters_left"], on_map(runner), c["vp"]) == (1, 4, 4, 6, 13)
    play(runner, [("Player 1's turn", "@Electric Eyrie: Eyrie warriors were removed"), ("How many Eyrie warriors", "1"),
                  ("Player 1's turn", "@Electric Eyrie: it removed enemy buildings or tokens"), ("How many enemy buildings", "1")])
    e = mine(runner, EE).counters
    assert (e["warriors"], e["vp"]) == (6, 11)


def test_r2_2_blitz_after_the_escalated_move_removes_a_sympathy_token():
    """R2-2 — APP:Daylight.MM.Bird0-3, LAW-NR 2.4; APP:Rules.TextBlitz after the Escalated
    move-and-battle (Part C #5); CORE (a defenceless token: 1 VP to the remover); LAW-AA 6.2.3 (a
    bot's removal causes no Outrage). Round one's Part C #4: no Expand. Evening (bird): the best
    track, 2 (G-MM). The Alliance's losses are started from Player 1's turn."""
    runner = table([MM, AA], options={MM: {"Trait: Blitz": "On"}}, order=[MM, "Player 1", AA])
    marquise_record(runner, supply=10, sawmills=4, workshops=4, recruiters=5, vp=9)
    record(runner, AA, warriors=5, sympathy_left=6, sympathy=4, vp=6)
    turn = play(runner, [
        ("Which suit", "bird"), ("still in the supply", "n"), NO_LOSS, ("rule any clearing", "y"), ("Build a sawmill", "y"),
        *losses(3, 0, 0, 0, 0), *losses(0, 0, 0, 0, 1),
    ])
    assert turn.says("Build the type with the most pieces on the map: sawmill")
    assert not any(t.startswith("Expand") for t in turn.asked)
    assert turn.says("Evening:").startswith("Evening: the Marquise scores 2 VP")
    c = mine(runner, MM).counters
    assert (c["warriors"], on_map(runner), c["vp"]) == (9, 6, 12)
    play(runner, [("Player 1's turn", "@Alliance warriors were removed"), ("How many Alliance warriors", "2"),
                  ("Player 1's turn", "@a bot removed Alliance sympathy"), ("How many sympathy tokens", "1")])
    a = mine(runner, AA).counters
    assert (a["warriors"], 10 - a["sympathy_left"], a["vp"]) == (7, 3, 6)


@pytest.mark.parametrize(("case", "fortified", "warriors", "dealt", "types", "left", "workshops"), [
    ("Fortified", "On", 1, 4, ("workshop",), 5, 5),
    ("without Fortified", "Off", 1, 4, ("sawmill", "workshop"), 4, 5),
    ("defenceless, Fortified", "On", 0, 5, ("sawmill", "workshop"), 4, 5),
])
def test_r2_3_fortified_marquise_hit_in_the_eyries_battle(case, fortified, warriors, dealt, types, left, workshops):
    """R2-3 — LAW-EE 5.5.1 battle clause (defender: most buildings; the only largest column deals one
    extra hit); LAW-CH 1.2.1 (warriors first, the building type at random); APP:Rules.TextFortified
    and Part C #6 (two hits a building; a last single hit does nothing); CORE (1 VP a building). The
    Marquise's reaction counts what the hits remove from the hits and the pieces there: only the type
    is asked (RA2-7). The reaction is started mid-turn, at the question after the Eyrie's battle."""
    runner = table([EE, MM], options={MM: {"Trait: Fortified": fortified}}, order=[EE, "Player 1", MM])
    marquise_record(runner, supply=6, sawmills=3, workshops=4, recruiters=5, vp=15)
    record(runner, EE, warriors=4, roosts_left=5, roosts=2, vp=10,
           zones={"decree_fox": ["fox"], "decree_bird": [LV, LV, "bird"]})
    turn = play(runner, [
        ("Which suit", "rabbit"), ("still in the supply", "n"),
        ("Recruit (fox column", "n"), ("Recruit (rabbit column", "n"), ("Recruit (bird column", "n"),
        *hits(dealt, warriors, keep="n", buildings=2, types=types, at="did they remove any"),
        *eyrie_losses(warriors, 0, len(types)), ("Build:", "y"),
    ])
    assert decree(runner) == [1, 0, 1, 3]
    assert turn.says("Battle (bird column, 3 card(s), the largest column: deal one extra hit)")
    e = mine(runner, EE).counters  # the Marquise's one warrior deals one hit; defenceless, none
    assert (e["warriors"], e["vp"]) == (4 + warriors, 10 + len(types) + roost_vp(4))
    turn.never_asks("How many Marquise buildings did")
    turn.never_asks("Hospitals")
    c = mine(runner, MM).counters
    assert (c["warriors"], c["workshops_left"], on_map(runner)) == (6 + warriors, workshops, left)


@pytest.mark.parametrize(("keep", "after_first"), [(True, 1), (False, 3)])
def test_r2_4_hospitals_counts_each_battle_of_the_eyries_turn(keep, after_first):
    """R2-4 — LAW-EE 5.5.1 (mouse 2 = bird 2: no extra hit; defender: most buildings); APP:Rules.
    TextHospitals; Part C #7 (the removed warriors are back before Hospitals places, so the supply is
    never short), #8 (per battle: the 3 of the first battle do not add to the 1 of the second);
    round one's Part C #22 (the Keep gone: nothing placed, and the reason said, playtest 2026-11 round
    2 #3). Outside its own turn the Marquise defends:
    no defender question (RA2-6). Each reaction is started mid-turn, at its battle."""
    runner = table([EE, MM], options={MM: {"Trait: Hospitals": "On"}}, order=[EE, "Player 1", MM])
    marquise_record(runner, supply=0, sawmills=5, workshops=4, recruiters=5, vp=8)
    record(runner, MM, keep=keep)
    record(runner, EE, warriors=10, roosts_left=5, roosts=2, vp=10, zones={"decree_mouse": ["mouse"], "decree_bird": [LV, LV]})
    turn = play(runner, [
        ("Which suit", "mouse"), ("still in the supply", "n"), ("Recruit (mouse column", "n"), ("Recruit (bird column", "n"),
        *hits(3, 3, at="Battle (mouse column"),
        *hits(3, 1, keep="n" if keep else None, buildings=1, types=("workshop",), at="Battle (bird column"),
        *eyrie_losses(2, 0, 1), ("Build:", "y"),
    ])
    assert not any("extra hit" in t for t in turn.said)
    assert mine(runner, EE).counters["vp"] == 11 + roost_vp(4)
    # Hospitals fires for the first battle only (3 removed; the second removes 1 warrior).
    hospitals = [t for t in turn.said if t.startswith("Hospitals")]
    assert len(hospitals) == 1
    assert hospitals[0].startswith("Hospitals: place 2" if keep else "Hospitals: the keep token is gone")
    turn.never_asks("defender")
    turn.never_asks("Hospitals")
    c = mine(runner, MM).counters
    assert (c["warriors"], c["workshops_left"], c["vp"]) == (after_first + 1, 5, 8)


# -- the Electric Eyrie ----------------------------------------------------------------------------


def test_r2_5_a_tie_for_the_largest_column_deals_no_extra_hit():
    """R2-5 — LAW-EE 5.4.4 (roosts on the map: no New Roost), 5.5.1 (columns with a card act; recruit
    ties end at the lowest priority, Part C #2), the battle clause of 5.5.1 and APP-TS eyrie.ts (fox 2
    and bird 2 tie: no column deals the extra hit; Part C #1); APP:Daylight.EE.ExtraBuild. Evening:
    four roosts, G-EE 3."""
    runner = table([EE])
    record(runner, EE, warriors=12, roosts_left=4, roosts=3, vp=7,
           zones={"decree_fox": ["fox"], "decree_rabbit": ["rabbit"], "decree_bird": [LV, LV]})
    turn = play(runner, [
        ("Which suit", "fox"), ("still in the supply", "n"),
        ("Recruit (fox column, 2", "y"), ("Recruit (rabbit column, 1", "y"), ("Recruit (bird column, 2", "y"),
        ("did they remove any", "n"), ("Build:", "y"),
    ])
    assert decree(runner) == [2, 0, 1, 2]
    assert not any("mouse column" in t for t in turn.said + turn.asked)
    assert "lowest priority" in turn.says("Place 2 Eyrie warrior(s)")
    assert "the fewest warriors that still rule the clearing, or 2" in turn.says("Move (fox column")
    assert not any("extra hit" in t for t in turn.said)
    turn.never_asks("extra hit")
    e = mine(runner, EE).counters
    assert (e["warriors"], e["roosts_left"], e["vp"]) == (7, 3, 10)


def test_r2_6_easy_with_nobility_a_failed_recruit_is_turmoil_that_scores():
    """R2-6 — APP:Difficulty.EE.Easy (one Loyal Vizier), APP:Rules.TextNobility,
    APP:BotSetup.TurmoilNobilityText, APP:Extra.EE.YesNobility (score one per bird card), APP:Extra.EE.
    Evening (no move, battle or build); G-EE: five roosts on the track score 1."""
    runner = table([EE], options={EE: {"Difficulty": "Easy", "Trait: Nobility": "On"}})
    assert decree(runner) == [0, 0, 0, 1]
    record(runner, EE, warriors=9, roosts_left=5, roosts=2, vp=4, zones={"decree_fox": ["fox"], "decree_bird": [LV]})
    turn = play(runner, [("Which suit", "bird"), ("still in the supply", "n"), ("Recruit (fox column, 1", "n")])
    assert turn.says("Turmoil with Nobility: the Eyrie scores 2 VP")
    assert not any(t.startswith(("Move", "Battle")) for t in turn.said)
    turn.never_asks("Build")
    turn.never_asks("bird card")
    assert decree(runner) == [0, 0, 0, 1]
    e = mine(runner, EE).counters
    assert (e["warriors"], e["vp"]) == (9, 4 + 2 + 1)


def test_r2_7_no_roost_left_build_is_turmoil_without_a_question():
    """R2-7 — LAW-EE 5.4.4; CORE/BOTICS craft (1 VP); Part C #10 (a short supply places in column
    order, no Turmoil without Nobility); rabbit 3 = bird 3: no extra hit; APP:Daylight.EE.ExtraBuild
    (no roost to place: Turmoil, asked nothing, RA2-3); Part C #11 (Turmoil ends Daylight: no
    Swoop); G-EE: the track empty scores 5."""
    runner = table([EE], options={EE: {"Trait: Swoop": "On"}})
    record(runner, EE, warriors=6, roosts_left=0, roosts=7, vp=20,
           zones={"decree_fox": ["fox"], "decree_mouse": ["mouse"], "decree_rabbit": ["rabbit", "rabbit"],
                  "decree_bird": [LV, LV, "bird"]})
    turn = play(runner, [
        ("Which suit", "rabbit"), ("still in the supply", "y"),
        ("Recruit (fox column, 1", "y"), ("Recruit (mouse column, 1", "y"), ("Recruit (rabbit column, 3", "y"),
        ("Recruit (bird column, 3", "y"), ("did they remove any", "n"),
    ])
    assert turn.says("Place 1 Eyrie warrior(s)") and mine(runner, EE).counters["warriors"] == 0
    assert not any("extra hit" in t for t in turn.said)
    turn.never_asks("Build")
    assert turn.says("Turmoil: the Eyrie loses 3 VP")
    assert not any(t.startswith("Swoop") for t in turn.said)
    assert decree(runner) == [0, 0, 0, 2]
    assert mine(runner, EE).counters["vp"] == 20 + 1 - 3 + 5


def test_r2_8_relentless_and_war_tax_change_three_records():
    """R2-8 — APP:Rules.TextRelentless (after the Decree, before Build), CORE (1 VP per enemy building
    or token removed), APP:Rules.TextWarTax (each owner loses 1 per piece), Part C #6 (Fortified
    covers hits only), LAW-AA 6.2.3 (a bot's removal: no Outrage); G-EE: four roosts, 2. The
    Marquise's and the Alliance's reactions are started from Player 1's turn (RA2-9: one file
    cannot change another bot's record)."""
    runner = table([EE, MM, AA], options={EE: {"Trait: Relentless": "On", "Trait: War Tax": "On"},
                                          MM: {"Trait: Fortified": "On"}}, order=[EE, "Player 1", MM, AA])
    record(runner, EE, warriors=10, roosts_left=5, roosts=2, vp=9, zones={"decree_fox": ["fox"], "decree_bird": [LV, LV]})
    marquise_record(runner, supply=10, sawmills=3, workshops=4, recruiters=4, vp=15)
    record(runner, AA, sympathy_left=5, sympathy=5, vp=6)
    turn = play(runner, [
        ("Which suit", "fox"), ("still in the supply", "n"), ("Recruit (fox column", "n"), ("Recruit (bird column", "n"),
        ("did they remove any", "n"), ("Relentless", "3"), ("Build:", "y"),
    ])
    assert sum(t.startswith("Relentless") for t in turn.asked) == 1
    e = mine(runner, EE).counters
    assert (e["roosts_left"], e["vp"]) == (4, 9 + 3 + 2)
    play(runner, [
        ("Player 1's turn", "@a Marquise building was removed"), ("Which building", "workshop"),
        ("Player 1's turn", "@a Marquise building was removed"), ("Which building", "recruiter"),
        ("Player 1's turn", "@Mechanical Marquise 2.0: War Tax"), ("War Tax", "2"),
        ("Player 1's turn", "@a bot removed Alliance sympathy"), ("How many sympathy tokens", "1"),
        ("Player 1's turn", "@Automated Alliance: War Tax"), ("War Tax", "1"),
    ])
    c, a = mine(runner, MM).counters, mine(runner, AA).counters
    assert (on_map(runner), c["vp"]) == (5, 13)
    assert (10 - a["sympathy_left"], a["vp"]) == (4, 5)


# -- the Automated Alliance -------------------------------------------------------------------------


def test_r2_9_a_revolt_passes_over_the_keep_and_takes_the_eyries_last_roost():
    """R2-9 — LAW-AA 6.4.3 (revolt: the mouse base is in the box), LAW-MM 4.2.1 (only the Marquise
    places in the Keep's clearing) with LAW-NR 2.3 (an illegal target: the next, Part C #14), CORE
    (1 VP for the roost), LAW-AA 6.4.4 (no Public Pity after a revolt), APP:Evening.AA.Organize and
    WarriorPlace with Part C #15 (a short supply places by priority), LAW-EE 5.4.4 (no roost on the
    map: A New Roost, not in the Keep's clearing). Not followed: the reviewer stops Daylight ("not
    read"); REF §6 and the file spread once in Daylight, so the tenth token is placed (G-AA 4)."""
    runner = table([AA, EE], order=[AA, "Player 1", EE])
    record(runner, AA, warriors=1, base_fox=True, bases=1, sympathy_left=1, sympathy=9, vp=14)
    record(runner, EE, warriors=3, roosts_left=6, roosts=1, vp=8, zones={"decree_bird": [LV, LV]})
    birdsong = play(runner, [("Which suit", "mouse"), ("still in the supply", "n"), ("Is any mouse clearing sympathetic", "y"),
                             ("enemy buildings and tokens", "1")])
    assert "not the Keep's clearing" in birdsong.says("Revolt: in the sympathetic mouse clearing")
    birdsong.never_asks("Public Pity")
    a = mine(runner, AA)
    assert (a.counters["vp"], a.flags["base_mouse"], a.counters["bases"], a.counters["warriors"]) == (15, True, 2, 1)
    evening = play(runner, [("Can a token be placed", "y"), ("Martial Law", "n"), ("Organize", "0")])
    assert "highest priority first" in evening.says("Place one Alliance warrior in each clearing with an Alliance base (1 in all")
    evening.never_asks("warriors does")
    a = mine(runner, AA).counters
    assert (a["vp"], a["warriors"]) == (15 + 4, 0)
    nxt = play(runner, [("Player 1's turn", "@Eyrie warriors were removed"), ("How many Eyrie warriors", "2"),
                        ("Player 1's turn", "@an Eyrie roost was removed"), ("Player 1's turn", "d"),
                        ("Which suit", "fox"), ("still in the supply", "n"), ("no roost on the map", "y")])
    nxt.never_asks("last roost")
    assert "not the Keep's clearing" in nxt.asked[-1]
    assert mine(runner, EE).counters["warriors"] == 5 - 4


@pytest.mark.parametrize(("difficulty", "vp"), [("Normal", 12 + 5 + 5 + 5), ("Nightmare", 12 + 5 + 5 + 5 + 1)])
def test_r2_10_every_token_on_the_map_each_spread_scores_five(difficulty, vp):
    """R2-10 — LAW-AA 6.4.3 (no revolt: rabbit base on the map), 6.4.4 / REF (ten on the map: once),
    APP:Daylight.AA.Sympathy (cannot spread: 5 VP, asked nothing, RA2-10), APP:Evening.AA.Organize
    (Normal 3: C4 only; Nightmare 2: C9 still has 1), WarriorPlace; Part C #16. Not followed: the
    reviewer leaves Daylight out ("not read"); REF §6 and the file spread once in Daylight, which
    cannot place either: 5 VP more than the reviewer's 22."""
    runner = table([AA], options={AA: {"Difficulty": difficulty}})
    record(runner, AA, warriors=2, base_rabbit=True, base_fox=True, bases=2, sympathy_left=0, sympathy=10, vp=12)
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), ("Organize", "1"), ("How many is that", "4")])
    turn.never_asks("Can a token be placed")
    turn.never_asks("sympathy")
    cannot = [t.split(")")[0] for t in turn.said if "no sympathy token can be placed, so the Alliance scores 5" in t]
    assert cannot == ["Spread Sympathy (Birdsong, Public Pity 1 of 1", "Spread Sympathy (Daylight",
                      "Spread Sympathy (Evening, Organize"]
    a = mine(runner, AA).counters
    assert (a["vp"], a["warriors"], a["sympathy_left"]) == (vp, 4, 0)


def test_r2_11_the_base_falls_in_the_marquises_battle_then_crackdown():
    """R2-11 — LAW-MM 4.5.1; LAW-AA 6.2.2 (Automated Ambush), LAW-CH 1.2.1 (warrior, then token, then
    base), CORE (the Marquise scores 2: token and base), LAW-AA 6.2.4 (Crackdown: the fox clearings'
    sympathy goes, nobody scores), 6.2.3 (a bot's removal: no Outrage). The Alliance's reactions are
    started during the Marquise's battle; its next fox order revolts without
    asking about the base (RA2-12). Marquise Evening: the sawmill built empties space 3, G-MM 2."""
    runner = table([MM, AA], order=[MM, "Player 1", AA])
    marquise_record(runner, supply=5, sawmills=4, workshops=5, recruiters=5, vp=10)
    record(runner, AA, warriors=3, base_fox=True, bases=1, sympathy_left=4, sympathy=6, vp=9)
    at = "Battle in every fox clearing"  # the Alliance's reactions, while the Marquise's battle is fought
    turn = play(runner, [("Which suit", "fox"), ("still in the supply", "n"),
                         (at, "@the Alliance defends"),
                         (at, "@Alliance warriors were removed"), ("How many Alliance warriors", "1"),
                         (at, "@a bot removed Alliance sympathy"), ("How many sympathy tokens", "1"),
                         (at, "@an Alliance base was removed"), ("Which base", "fox"), ("Crackdown", "2"),
                         *losses(2, 0, 0, 0, 2), ("rule any fox", "n"), ("Build a sawmill", "y")])
    turn.never_asks("Hospitals")
    c = mine(runner, MM).counters
    assert (c["warriors"], c["vp"]) == (7, 10 + 2 + 2)
    a = mine(runner, AA)
    assert (a.counters["warriors"], a.flags["base_fox"], a.counters["bases"], 10 - a.counters["sympathy_left"],
            a.counters["vp"]) == (4, False, 0, 3, 9)
    nxt = play(runner, [("Player 1's turn", "d"), ("Which suit", "fox"), ("still in the supply", "n"),
                        ("Revolt: the Alliance's fox base is not on the map", "n")])
    nxt.never_asks("base on the map?")
    assert nxt.says("No Revolt: no fox clearing is sympathetic. Public Pity instead.")
    assert "so it spreads twice now" in nxt.says("Public Pity:")


# -- the Vagabot ------------------------------------------------------------------------------------


def test_r2_12_hits_in_the_eyries_battle_empty_the_battle_track():
    """R2-12 — LAW-EE 5.5.1 (the rabbit column the only largest: extra hit), LAW-VB 7.2.4 (nine
    undamaged: two on the track, three rolled hits; Part C #24: the cap before this battle's
    damage), 7.2.5 (exhausted first), round one's Part C #16 and #21; APP:Evening.VB (refresh 4 with a
    damaged item, repair one outside a forest, face up first). The hits reaction is started during
    the Eyrie's battle. Next turn:
    a bird order exhausts three (one move, a quest) and Evening re-seats the track: max hits 2."""
    runner = table([EE, VB], order=[EE, "Player 1", VB])
    record(runner, EE, warriors=10, roosts_left=5, roosts=2, vp=9,
           zones={"decree_rabbit": ["rabbit", "rabbit"], "decree_bird": [LV, LV]})
    record(runner, VB, ready=6, exhausted=3, damaged_up=0, damaged_down=0, vp=11, on_track=2)
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"), ("Recruit (rabbit column, 3", "n"),
                         ("Recruit (bird column", "n"), ("Battle (rabbit column", "@the Vagabot takes hits"),
                         ("How many hits", "4"), *eyrie_losses(2, 0, 0), ("Build:", "y")])
    assert turn.says("Battle (rabbit column, 3 card(s), the largest column: deal one extra hit)")
    assert "at most 3" in turn.says("As defender")
    v = mine(runner, VB)
    assert (v.counters["ready"], v.counters["exhausted"], v.counters["damaged_down"], v.counters["damaged_up"]) == (5, 0, 3, 1)
    assert v.variables["on_track"] == 0
    nxt = play(runner, [("Player 1's turn", "d"), ("Which suit", "bird"), ("still in the supply", "n"),
                        ("item left under any ruin", "n"), ("Quest: move toward", "1"), ("How many items do they hold", "0"),
                        ("enemy piece on the map", "n")])
    nxt.never_asks("forest")
    v = mine(runner, VB)
    assert (v.counters["ready"], v.counters["exhausted"], v.counters["damaged_down"], v.counters["damaged_up"]) == (6, 0, 3, 0)
    assert (v.variables["on_track"], v.counters["vp"]) == (1, 12)


def test_r2_13_ranger_adventurer_quest_after_the_slip_leaves_the_forest():
    """R2-13 — APP-TS vagabond.ts (rabbit: battle, repair, special), APP:Rules.TextAdventurer (battle
    once, quest repeated at the end), APP:ActionBattle (the enemy with the most VP: the table judges;
    the bot asks no VP, RA2-8), LAW-VB 7.2.5, APP:ActionRepair, APP:Extra.VB.SpecialRanger (3 damaged:
    slip into a forest), Part C #23 (in a forest is judged at Evening: the quest's move took it out,
    so one repair). Not followed: the reviewer's quest move is free (round one's outcome); the file
    follows REF §7 since (one item per move), so after the move one item is left and the quest is
    not completed: VP 6, not 7. The items end as the reviewer's: 5 up, 2 damaged face down."""
    runner = table([VB], options={VB: {"Character": "Ranger", "Trait: Adventurer": "On"}})
    record(runner, VB, ready=4, exhausted=0, damaged_up=2, damaged_down=1, vp=5)
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n"),
                         ("enemy piece on the map", "y"), ("Battle: move toward", "0"), ("How many enemy warriors", "1"),
                         ("How many hits", "1"), ("Quest: move toward", "1")])
    assert "Most rolled hits: 1" in turn.says("Battle the enemy with the most VP")
    turn.never_asks("Battle again")
    turn.never_asks("How many VP")
    turn.never_asks("forest")
    assert turn.says("Ranger: with three or more damaged items")
    assert turn.says("Quest: not completed")
    v = mine(runner, VB).counters
    assert (v["ready"], v["exhausted"], v["damaged_up"], v["damaged_down"], v["vp"]) == (5, 0, 0, 2, 6)


def test_r2_14_the_eyrie_takes_the_keep():
    """R2-14 — LAW-EE 5.5.1 (bird the only largest: extra hit; defender: the sawmill's owner),
    LAW-CH 1.2.1 (warriors, then the keep token before buildings), APP:Rules.TextFortified (one hit
    on the sawmill does nothing), LAW-MM 4.2.1 (the Keep leaves the game), Part C #7 (Hospitals finds
    no Keep: nothing placed), APP:Rules.TextWarTax, CORE (1 VP for the keep token). The Marquise's hits and War Tax are
    started during the Eyrie's turn, at its battle and at its War Tax."""
    runner = table([EE, MM], options={EE: {"Trait: War Tax": "On"}, MM: {"Trait: Hospitals": "On", "Trait: Fortified": "On"}},
                   order=[EE, "Player 1", MM])
    marquise_record(runner, supply=2, sawmills=3, workshops=5, recruiters=5, vp=10)
    record(runner, EE, warriors=10, roosts_left=5, roosts=2, vp=12, zones={"decree_rabbit": ["rabbit"], "decree_bird": [LV, LV]})
    turn = play(runner, [("Which suit", "bird"), ("still in the supply", "n"), ("Recruit (rabbit column", "n"),
                         ("Recruit (bird column, 3", "n"), *hits(4, 2, keep="y", buildings=1, at="Battle (bird column"),
                         ("War Tax:", "@Mechanical Marquise 2.0: War Tax"), ("War Tax", "1"), *eyrie_losses(1, 0, 1),
                         ("Build:", "y")])
    assert turn.says("Battle (bird column, 3 card(s), the largest column: deal one extra hit)")
    assert turn.says("War Tax")
    assert mine(runner, EE).counters["vp"] == 13 + roost_vp(4)
    turn.never_asks("Which building")
    assert not any(t.startswith("Hospitals: place") for t in turn.said)
    c, k = mine(runner, MM).counters, mine(runner, MM).flags
    assert (k["keep"], c["warriors"], c["sawmills_left"], c["vp"]) == (False, 4, 3, 9)
    later = play(runner, hits(2, 2))  # the Keep is gone: never asked about again, nothing placed
    later.never_asks("keep token")
    assert [t for t in later.said if t.startswith("Hospitals")] == [
        "Hospitals: the keep token is gone, so no warrior returns at the Keep."]  # playtest 2026-11 round 2 #3


@pytest.mark.parametrize(("on_the_map", "spreads", "vp"), [(3, 2, 3), (4, 2, 4), (5, 1, 2)])
def test_r2_15_public_pity_at_four_tokens_spreads_twice(on_the_map, spreads, vp):
    """R2-15 — LAW-AA 6.4.4 as REF paraphrases it, APP-TS woodland.ts after 5ccaf0d, BBP-AA: twice
    with four or fewer tokens on the map, once with five or more, counted once before spreading
    (Part C #13). G-AA: the 4th and 5th tokens score 1 + 2, the 5th and 6th 2 + 2, the 6th alone 2."""
    runner = table([AA])
    record(runner, AA, base_rabbit=True, bases=1, sympathy_left=10 - on_the_map, sympathy=on_the_map, vp=0)
    turn = play(runner, [("Which suit", "rabbit"), ("still in the supply", "n")] + [("Can a token be placed", "y"), ("Martial Law", "n")] * spreads)
    assert f"so it spreads {'twice' if spreads == 2 else 'once'} now" in turn.says("Public Pity:")
    turn.never_asks("sympathy tokens")
    a = mine(runner, AA).counters
    assert (a["vp"], 10 - a["sympathy_left"]) == (vp, on_the_map + spreads)
