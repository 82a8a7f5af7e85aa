"""Worked situations S1-S21 from the rules reviewer (/work/scenarios/kings-dilemma.md, issue 17:
written from the summary and the rules notes only, values computed by hand). Each test drives the
game's procedures with the table's answers given by meaning ("AYE", "stay", "no", a House's
name), so the key grammar can change without touching them.

Houses A, B, C, D, E of a situation are Blodyn, Solad, Tork, Coden, Olwyn (House numbers 1-5)
unless the situation names its Houses."""

from __future__ import annotations

import pytest

from test_kings_dilemma_helpers import Table, new_runner, rules, seated
from tui.engine.prompts import Choice, Instruction, MultiChoice, Number, YesNo
from tui.engine.session import Runner
from tui.games.kings_dilemma import campaign
from tui.games.kings_dilemma.dilemma import start_vote
from tui.games.kings_dilemma.outcome import outcome_turn
from tui.games.kings_dilemma.resolution import resolve_turn
from tui.games.kings_dilemma.scoring import chart_columns, open_agenda_points, power_points, scoring_turn
from tui.games.kings_dilemma.state import (
    ABDICATION_BOTTOM, ABDICATION_TOP, AYE, DEATH, DILEMMA, GATHER, MODERATE, NAY, OUTCOME, RESOLVE,
    SCORING, VOTE, GameRecord, HouseRecord,
)
from tui.games.kings_dilemma.vote import vote_turn

A, B, C, D, E = range(5)


def raw_for(prompt, want) -> str:
    """The key or text that gives ``want`` to this prompt: "ok" for an instruction, yes/no, an
    option's key or the beginning of its label (else a word in it), a number, a text."""
    want = str(want)
    if isinstance(prompt, Instruction):
        assert want == "ok", f"an instruction ({prompt.label}) where '{want}' was expected"
        return ""
    if isinstance(prompt, YesNo):
        assert want in ("yes", "no"), f"a yes/no question ({prompt.text}) where '{want}' was expected"
        return want[0]
    if isinstance(prompt, Choice):
        for opt in prompt.options:
            if opt.key == want:
                return opt.key
        low = want.lower()
        for test in (lambda label: label.startswith(low), lambda label: low in label):
            for opt in prompt.options:
                if test(opt.label.lower()):
                    return opt.key
        raise AssertionError(f"no option '{want}' in {prompt.text} {[o.label for o in prompt.options]}")
    if isinstance(prompt, (Number, MultiChoice)):
        return want
    return want


class Play:
    """Runs a procedure, answering each prompt with the next wanted answer; keeps the prompts."""

    def __init__(self, gen, wants: list):
        from tui.engine.prompts import TurnStart, answer_value, parse_answer

        self.prompts = []
        self.result = None
        pending = list(wants)
        try:
            item = gen.send(None)
            while True:
                if isinstance(item, TurnStart):
                    item = gen.send(None)
                    continue
                self.prompts.append(item)
                assert pending, f"no answer left for: {item.label} | {item.text}"
                item = gen.send(answer_value(item, parse_answer(item, raw_for(item, pending.pop(0)))))
        except StopIteration as stop:
            self.result = stop.value
        assert pending == [], f"answers left over: {pending}"

    def texts(self) -> str:
        return "\n".join(p.text for p in self.prompts)


def answer_runner(runner: Runner, wants: list) -> list:
    seen = []
    for want in wants:
        prompt = runner.pending
        assert prompt is not None, f"game over, '{want}' left"
        seen.append(prompt)
        runner.answer(raw_for(prompt, want))
    return seen


def at_vote(n: int, leader: int, moderator: int, middle: int = 3):
    state = seated(n, leader=leader, moderator=moderator)
    state.power_pool -= middle - state.balance_middle
    state.balance_middle = middle
    start_vote(state)
    state.phase = VOTE
    return state


def vote_and_resolve(state, ctx, order: list | None = None):
    while state.phase == VOTE:
        if order is not None:
            order.append(state.seat)
        yield from vote_turn(state, ctx)
    assert state.phase == RESOLVE
    yield from resolve_turn(state, ctx)


def books(state) -> tuple[list[int], list[int], int, int, int]:
    """Power behind each screen, Coins, the Balance's middle, the Power pool, the Coin pool."""
    assert state.power_in_play() + state.power_pool == 65 and state.coins_in_play() + state.coin_pool == 72
    return ([p.power for p in state.players], [p.coins for p in state.players], state.balance_middle,
            state.power_pool, state.coin_pool)


def at_outcome(n: int = 4, side: str = AYE):
    state = seated(n)
    state.phase, state.outcome, state.card = OUTCOME, side, "The Dilemma"
    return state


def resources(state, **rows):
    for key, (row, up, marker) in rows.items():
        res = state.resource(key)
        res.row, res.up, res.marker = row, up, marker


def test_s1_first_game_leader_and_moderator_from_house_numbers():
    """S1 — summary First game 4-5, Setup 1-9; notes §1, §2.3: all at Prestige 0, the House
    number orders the table: Wylio (10) leads, Tork (3) moderates, Agendas go Tork, Olwyn, Gamam,
    Wylio; pools 30 Power and 32 Coins; the first vote starts with Wylio and ends after Olwyn."""
    runner = new_runner(4, seed=1)
    seen = answer_runner(runner, [
        "Tork", "Gamam", "Olwyn", "Wylio", "yes", "yes", "ok", "ok", "no", "no",
        "ok", "ok", "ok", "ok", "ok", "ok",
    ])
    s = runner.state
    assert (s.leader, s.moderator) == (3, 0)
    picks = [p.label for p in seen if p.label.endswith("chooses a Secret Agenda")]
    assert picks == [f"{h} chooses a Secret Agenda" for h in ("Tork", "Olwyn", "Gamam", "Wylio")]
    assert [(p.power, p.coins) for p in s.players] == [(8, 10)] * 4
    assert (s.balance_middle, s.power_pool, s.coin_pool) == (3, 30, 32)
    assert all(r.row == 9 and not r.marker for r in s.resources) and s.stability == 9
    assert s.phase == DILEMMA
    answer_runner(runner, ["Famine", "", ""])
    assert runner.pending.label == "Wylio votes"
    flow = [step.label for step in runner.view().flow]
    assert flow[:4] == ["Wylio [L]", "Tork [M]", "Gamam", "Olwyn"] and "ends after Olwyn" in flow[-1]


def test_s2_the_leader_token_changes_twice_and_players_get_three_turns():
    """S2 — summary P3, P4, Cleanup; notes §2.3 (strictly more; voting ends after the player right
    of the current Leader; later turns only add), §2.4."""
    state = at_vote(4, leader=A, moderator=D)
    table, order = Table(), []
    Play(vote_and_resolve(state, table.ctx, order), [
        "AYE", 2, "NAY", 3, "Pass and Gather", "AYE", 4,
        "add Power", 1, "add Power", 2, "stay", "stay",
        "count",
    ])
    assert order == [A, B, C, D, A, B, D, A]  # C passed: skipped, still counted
    assert state.outcome == AYE and state.leader == D and state.moderator == D
    assert books(state) == ([5, 8, 11, 4], [10, 10, 11, 10], 7, 30, 31)


def test_s3_equalling_does_not_take_the_token_and_the_moderator_breaks_the_tie():
    """S3 — summary P3, P4 (ties broken by the Moderator), Cleanup; notes §2.3 ⚠, §2.4, §5 bug 2."""
    state = at_vote(5, leader=A, moderator=E)
    order = []
    Play(vote_and_resolve(state, Table().ctx, order), [
        "NAY", 2, "AYE", 3, "AYE", 3, "NAY", 1, "NAY", 3, "stay", "count", "NAY",
    ])
    assert order == [A, B, C, D, E, A]
    assert state.outcome == NAY and state.leader == E and state.moderator == E
    assert books(state)[:3] == ([6, 8, 8, 7, 5], [10] * 5, 9)


def test_s4_a_passing_leader_loses_the_token_to_the_first_committer():
    """S4 — summary P3, Cleanup; notes §2.3, §2.4: the lone gatherer takes the whole middle."""
    state = at_vote(4, leader=A, moderator=C, middle=5)
    order = []
    Play(vote_and_resolve(state, Table().ctx, order), [
        "Pass and Gather", "AYE", 1, "NAY", 1, "NAY", 2, "add Power", 1, "stay", "count",
    ])
    assert order == [A, B, C, D, B, C]
    assert state.outcome == NAY and state.leader == D and state.moderator == C
    power, coins, middle, _, coin_pool = books(state)
    assert (power, middle, coins[A], coin_pool) == ([13, 8, 7, 6], 3, 11, 31)


def test_s5_pass_and_become_moderator_then_a_tie_for_the_new_moderator():
    """S5 — summary P3 (no one else can take it this vote), P4, Cleanup; notes §2.3, §2.4, §5 bug 1.
    Ambiguity (who keeps the token): reading moderator-pass, KD-rb p.11: B keeps it in front of
    its screen, as the reviewer expects."""
    state = at_vote(4, leader=A, moderator=D)
    table = Table()
    play = Play(vote_and_resolve(state, table.ctx), [
        "AYE", 3, "Pass and Become Moderator", "NAY", 2, "NAY", 1, "count", "NAY",
    ])
    d_turn = [p for p in play.prompts if p.label == "Coden votes"][0]
    assert not any("Moderator" in o.label for o in d_turn.options)  # only one per vote
    decide = [p for p in play.prompts if p.label == "Moderator decides the vote"][0]
    assert "The Moderator, Solad, decides" in decide.text
    assert state.outcome == NAY and state.leader == C and state.moderator == B
    assert books(state)[:3] == ([8, 8, 6, 7], [10, 11, 10, 10], 6)
    assert "Solad keeps the Moderator token" in table.text()


def test_s6_everyone_passes_and_the_split_leaves_a_remainder():
    """S6 — summary P4 (all passed: the Moderator also takes the Leader token), Cleanup (equal
    split, remainders stay); notes §2.4, §5 bug 1."""
    state = at_vote(5, leader=A, moderator=C, middle=7)
    Play(vote_and_resolve(state, Table().ctx), [
        "Pass and Gather", "Pass and Gather", "Pass and Gather", "Pass and Become Moderator",
        "Pass and Gather", "count", "AYE",
    ])
    assert state.outcome == AYE and state.leader == D and state.moderator == D
    assert [p.vote for p in state.players] == [GATHER, GATHER, GATHER, MODERATE, GATHER]
    assert books(state) == ([9, 9, 9, 8, 9], [11] * 5, 3, 65 - 40 - 7, 17)


def test_s7_split_first_then_the_winners_power_and_the_leader_keeps_the_token():
    """S7 — summary P4, Cleanup; notes §2.4 ⚠ (winners' Power after the split), §5 bugs 2 and 3."""
    state = at_vote(4, leader=A, moderator=B, middle=4)
    Play(vote_and_resolve(state, Table().ctx), ["AYE", 3, "NAY", 2, "AYE", 3, "Pass and Gather", "count"])
    assert state.outcome == AYE and state.leader == A
    power, coins, middle, _, coin_pool = books(state)
    assert (power, middle, coins[D], coin_pool) == ([5, 8, 5, 12], 6, 11, 31)


def test_s8_tied_winners_a_coin_bargain_with_the_moderator_and_the_new_leader_signs():
    """S8 — summary P4 (tie: the Moderator decides; bargaining allowed), Bargain (a Coin binds),
    P5 C (the current Leader signs); notes §2.3, §2.4, §2.5 C."""
    state = at_vote(5, leader=A, moderator=E, middle=5)
    table = Table()
    Play(vote_and_resolve(state, table.ctx), [
        "AYE", 4, "NAY", 3, "NAY", 3, "Pass and Gather", "Pass and Gather", "count",
        "record a bargain", "Solad", "Olwyn", 1, "Solad",
    ])
    assert state.outcome == NAY and state.leader == B
    assert books(state) == ([8, 5, 5, 10, 10], [10, 9, 10, 11, 12], 7, 20, 20)
    state.phase = OUTCOME
    play = Play(outcome_turn(state, table.ctx), [
        "ok", "no more", "a Chronicle sticker", "ok", "no", "no", "before the skull",
    ])
    assert "the Leader, Solad, signs it" in play.texts()


def test_s9_only_coins_change_hands_and_words_do_not_bind():
    """S9 — summary P3 Bargain (no exchange of Power, Leader or Moderator; Coins bind); notes §2.3.
    The app has no way to record Power in a bargain: only Coins are asked."""
    state = at_vote(3, leader=A, moderator=C)
    order = []
    play = Play(vote_and_resolve(state, Table().ctx, order), [
        "record a bargain", "Blodyn", "Solad", 3,
        "AYE", 2, "AYE", 1, "NAY", 3, "add Power", 1, "stay", "count",
    ])
    bargain = [p for p in play.prompts if p.label.startswith("Bargain")]
    assert bargain and not any("Power" in p.text for p in bargain)
    assert order == [A, B, C, A, B]
    assert state.outcome == AYE and state.leader == A and state.moderator == C
    assert books(state) == ([5, 7, 8], [7, 13, 10], 7, 65 - 24 - 3, 42)


def test_s10_four_effects_with_momentum_markers_flips_and_stability_per_effect():
    """S10 — summary P5 B (Momentum; Stability the same direction and count); notes §2.5 B."""
    state = at_outcome()
    resources(state, influence=(9, True, False), morale=(10, True, True), wealth=(8, False, False))
    Play(outcome_turn(state, Table().ctx), [
        "ok", "Influence", "up", 1, "Morale", "down", 1, "Wealth", "up", 2, "Influence", "up", 1,
        "no more", "no sticker", "no", "no", "before the skull",
    ])
    assert [(r.key, r.row, r.up, r.marker) for r in state.resources] == [
        ("influence", 14, True, True), ("wealth", 10, True, False), ("morale", 9, False, False),
        ("welfare", 9, state.resource("welfare").up, False), ("knowledge", 9, state.resource("knowledge").up, False),
    ]
    assert state.stability == 9 + 6 and not state.stability_stopped and state.phase == DILEMMA


def test_s11_a_clamped_resource_moves_stability_in_full_and_the_king_abdicates():
    """S11 — summary P5 B (End of Round Check; further changes still applied; Stability moves no
    more), P5 E; notes §2.5 B ⚠ (clamp), F; §3 (Abdication, Stability at top)."""
    state = at_outcome()
    state.leader = B
    state.stability = state.stability_hi - 2
    resources(state, knowledge=(16, True, True), welfare=(12, False, False))
    play = Play(outcome_turn(state, Table().ctx), [
        "ok", "Knowledge", "up", 1, "Welfare", "down", 2, "Welfare", "up", 1, "no more",
        "a Chronicle sticker", "ok", "no", "no", "before the skull", "ok",
    ])
    assert state.resource("knowledge").row == 17
    welfare = state.resource("welfare")
    assert (welfare.row, welfare.up, welfare.marker) == (10, True, False)
    assert state.stability == state.stability_hi and state.stability_stopped
    assert "the Leader, Solad, signs it" in play.texts() and state.time_cards == ["The Dilemma (AYE)"]
    assert state.end_cause == ABDICATION_TOP and state.phase == SCORING
    reward = rules().reward(ABDICATION_TOP)
    assert (reward.prestige, reward.crave) == ([3, 2, 1, 1, 0], [0, 0, 0, 0, 2])


def test_s12_every_chronicle_sticker_is_signed_by_the_leader_after_the_vote():
    """S12 — summary P5 C (the current Leader signs; leftmost empty space, else over the oldest,
    leftmost on a tie); notes §2.5 C. Clockwork does not keep the sticker rows (they are on the
    board): it names the signer, A (Leader after P4, not D), and gives the placement rule for each
    sticker; the reviewer's placements follow from that rule at the table."""
    state = at_outcome()
    state.leader = A
    play = Play(outcome_turn(state, Table().ctx), [
        "ok", "no more", "a Chronicle sticker", "ok", "no", "no", "before the skull",
    ])
    text = play.texts()
    assert "the Leader, Blodyn, signs it" in text and "Each Chronicle sticker" in text
    assert "leftmost empty space of its Resource row, else over the oldest (most marks; leftmost on a tie)" in text


@pytest.mark.parametrize("where,ends", [("in the skull section, no skull", True), ("Event", False)])
def test_s13_the_fifth_card_in_the_skull_section_and_a_trigger_card(where, ends):
    """S13 — summary P5 E (a skull icon or the 5th card in the skull section: the King is dead; all
    effects still applied); notes §2.5 E-F: (a) the 5th card ends the game after the −1 Morale and
    the Envelope; (b) a Trigger card goes to the Event area and does not count."""
    state = at_outcome()
    state.skull_cards = 4
    state.stability = 7
    resources(state, morale=(7, False, False))
    Play(outcome_turn(state, Table().ctx), [
        "ok", "Morale", "down", 1, "no more", "no sticker", "yes", "ok", "no", where,
    ] + (["ok"] if ends else []))
    morale = state.resource("morale")
    assert (morale.row, morale.marker, state.stability) == (5, True, 5)
    if ends:
        assert state.skull_cards == 5 and state.end_cause == DEATH and state.phase == SCORING
    else:
        assert state.skull_cards == 4 and state.phase == DILEMMA and state.round == 2


def test_s14_abdication_and_death_in_one_round_score_as_the_abdication():
    """S14 — summary P5 B, E; notes §2.5 B, F, §3. Ambiguity: reading both-ends takes the first
    event (Stability reached the bottom in step B), the reviewer's Reading 1: A C2, B C1, C C1, D P2."""
    state = at_outcome()
    state.skull_cards = 4
    state.stability = 2
    resources(state, wealth=(6, False, False))
    Play(outcome_turn(state, Table().ctx), [
        "ok", "Wealth", "down", 1, "no more", "no sticker", "no", "no", "in the skull section, no skull", "ok",
    ])
    assert state.resource("wealth").row == 4 and state.stability == 1 and state.skull_cards == 5
    assert state.end_cause == ABDICATION_BOTTOM and state.phase == SCORING
    reward = rules().reward(state.end_cause)
    columns = chart_columns([18, 14, 11, 9])
    assert [(reward.prestige[c], reward.crave[c]) for c in columns] == [(0, 2), (0, 1), (0, 1), (2, 0)]


def test_s15_end_scoring_from_the_board():
    """S15 — summary End the Game 1 A-C, 2, 4; notes §1 (zones; Moderate 3 markers = 10; Moderate
    5/3/1, Greedy 8/6/4), §3. Clockwork counts the markers; the table gives only the card values
    no source has (Greedy 2 markers 6, Opulent 3 markers 7, Rebel 2 markers 5, Rebel rank III 2)."""
    state = seated(4, moderator=D)
    for key, row in dict(influence=14, wealth=11, morale=11, welfare=6, knowledge=3).items():
        state.resource(key).row = row
    opens = [(["influence"], ["welfare"]), (["morale"], ["knowledge"]), (["wealth"], []), (["knowledge"], ["influence"])]
    for p, (pos, neg), power, coins in zip(state.players, opens, [9, 6, 6, 2], [14, 22, 9, 11]):
        p.open_positive, p.open_negative, p.power, p.coins = pos, neg, power, coins
    state.phase, state.end_cause = SCORING, DEATH
    play = Play(scoring_turn(state, Table().ctx), [
        "Moderate", "Greedy", 6, "Opulent", 7, "Rebel", 5, 2,
        "ok", "Aldric", "", "ok", "ok",
    ])
    asked = [p.text for p in play.prompts if isinstance(p, Number)]
    assert len(asked) == 4 and "2 markers in rows 1-5 and 13-17" in asked[0] and "3 markers in rows 9-17" in asked[1]
    sc = state.scores
    assert [s.money_rank for s in sc] == [2, 1, 4, 3]
    assert [(s.resource_goal, s.money) for s in sc] == [(10, 3), (6, 8), (7, 0), (5, 2)]
    assert [s.open_agendas for s in sc] == [2, -2, 1, 0]
    assert [s.power for s in sc] == [2, 1, 1, 0]
    assert [s.total for s in sc] == [17, 13, 9, 7]
    assert [(s.prestige, s.crave) for s in sc] == [(2, 0), (2, 0), (1, 1), (0, 2)]
    assert state.winners == ["Blodyn"] and [s.alignment_marked for s in sc] == [True] * 4


def test_s16_ties_at_the_top_one_reading_for_open_agendas_and_power():
    """S16 — summary End the Game 1 B-C (ties get the same bonus); notes §3. Ambiguity: reading
    bonus-ties (KD-rb p.17 example), the reviewer's Reading 1: after a tie the next row or amount
    is second, for the Open Agendas and the Power bonus alike."""
    state = seated(4)
    for key, row in dict(influence=14, wealth=14, morale=10, welfare=6, knowledge=6).items():
        state.resource(key).row = row
    opens = [(["influence"], ["welfare"]), (["wealth"], ["knowledge"]), (["morale"], []), ([], ["morale"])]
    for p, (pos, neg), power in zip(state.players, opens, [7, 7, 4, 2]):
        p.open_positive, p.open_negative, p.power = pos, neg, power
    oa, pw = open_agenda_points(state, rules()), power_points(state, rules())
    assert oa == [0, 0, 1, -1] and pw == [2, 2, 1, 0]
    assert [a + b for a, b in zip(oa, pw)] == [2, 2, 2, -1]


def test_s17_abdication_at_the_bottom_with_five_players_and_a_shared_last():
    """S17 — summary End the Game 2 (tied players get the same; always a Last); notes §3."""
    reward = rules().reward(ABDICATION_BOTTOM)
    columns = chart_columns([20, 15, 15, 9, 9])
    assert [(reward.prestige[c], reward.crave[c]) for c in columns] == [(0, 2), (0, 1), (0, 1), (2, 0), (2, 0)]
    assert 3 not in columns  # the second-to-last column goes to no one


def test_s18_box_totals_and_an_empty_coin_pool():
    """S18 — summary Setup 3, P3 (1 Coin from the general pool), Cleanup; notes §1 (65 Power, 72
    Coins). Ambiguity (empty pool): reading empty-pool, B passes without a Coin and the table is
    told so; the pool never goes below zero. The tie AYE 2 - NAY 2 goes to the Moderator, E."""
    fresh = new_runner(5).state
    assert (fresh.power_pool, fresh.coin_pool, fresh.balance_middle) == (22, 22, 3)
    state = at_vote(5, leader=A, moderator=E)
    for p, coins in zip(state.players, [12, 15, 14, 16, 14]):
        p.coins = coins
    state.coin_pool = 1
    table = Table()
    Play(vote_and_resolve(state, table.ctx), [
        "Pass and Gather", "Pass and Gather", "AYE", 2, "NAY", 1, "NAY", 1, "count", "AYE",
    ])
    assert "Solad: Pass and Gather, no Coin left in the pool, so none on the PASS card" in table.text()
    power, coins, _, _, coin_pool = books(state)
    assert coins == [13, 15, 14, 16, 14] and coin_pool == 0


def test_s19_the_second_game_remembers_the_first():
    """S19 — summary Setup 6, 8-10, End the Game 5; notes §1, §3 (setup legacy order), §4: the
    records give Prestige Ana 2, Ben 2, Cleo 1, Dev 0; Ben leads (House 7 over 3), Dev moderates;
    Agendas go Dev, Cleo, Ana, Ben; legacy Wealth 10, Knowledge 8, Ana 9 Power, Dev 7; pools 30/32;
    Open Agendas +Wealth to Ana, −Knowledge to Dev."""
    houses = ["Tork", "Gamam", "Olwyn", "Wylio"]  # Ana, Ben, Cleo, Dev
    first = GameRecord(seed=1, rounds=6, end_cause=DEATH, houses={
        "Tork": HouseRecord(prestige=2), "Gamam": HouseRecord(prestige=2),
        "Olwyn": HouseRecord(prestige=1, crave=1), "Wylio": HouseRecord(crave=2),
    })
    recalled = campaign.totals(campaign.CampaignFile(games={"first": first}))
    runner = new_runner(4, seed=2, recalled=recalled)
    opens = {("+", "Wealth"): "Tork", ("−", "Knowledge"): "Wylio"}
    wants = houses + ["yes", "no", 9, 10, 8, 10, 8, 10, 7, 10, "ok", "ok", "yes", 9, 10, 9, 9, 8, "yes"]
    wants += [opens.get((sign, res), "nobody") for res in ("Influence", "Wealth", "Morale", "Welfare", "Knowledge")
              for sign in ("+", "−")]
    seen = answer_runner(runner, wants + ["ok"] * 6)
    s = runner.state
    assert [p.prestige for p in s.players] == [2, 2, 1, 0]
    assert (s.name(s.leader), s.name(s.moderator)) == ("Gamam", "Wylio")
    picks = [p.label.split()[0] for p in seen if p.label.endswith("chooses a Secret Agenda")]
    assert picks == ["Wylio", "Olwyn", "Tork", "Gamam"]
    assert [r.row for r in s.resources] == [9, 10, 9, 9, 8] and s.stability == 9
    assert [(p.power, p.coins) for p in s.players] == [(9, 10), (8, 10), (8, 10), (7, 10)]
    assert (s.power_pool, s.coin_pool, s.balance_middle) == (30, 32, 3)
    assert s.players[0].open_positive == ["wealth"] and s.players[3].open_negative == ["knowledge"]
    assert s.time_cards == [] and s.skull_cards == 0 and s.phase == DILEMMA
    assert "Envelope 00" not in " ".join(p.text for p in seen)


def test_s20_the_sixth_mystery_sticker_ends_the_campaign_after_the_resolution():
    """S20 — summary End the Campaign (finish the Dilemma card resolution, open Envelope 70); P5 B-E;
    notes §3. Reviewer's slip: a Mystery sticker is not signed (KD-rb p.18: it comes from a
    dossier door; only Chronicle stickers are signed, p.13; reading mystery-sticker), so nobody is
    asked to sign. Envelope 70 comes after D and E; no next round (reading grand-finale)."""
    from tui.games.kings_dilemma.state import GRAND_FINALE, OVER

    state = at_outcome()
    state.recalled.mystery_stickers = 5
    state.leader = C
    state.skull_cards = 2
    resources(state, morale=(7, False, True))
    play = Play(outcome_turn(state, Table().ctx), [
        "ok", "Morale", "down", 1, "no more", "a Mystery sticker", "yes", "ok", "no",
        "in the skull section, no skull", "ok",
    ])
    assert state.resource("morale").row == 4 and state.stability == 6
    labels = [p.label for p in play.prompts]
    assert labels.index("Open the Envelope") < labels.index("Time Counter") < labels.index("Open Envelope 70")
    assert labels[-1] == "Open Envelope 70" and "Chronicle sticker" not in labels
    assert state.skull_cards == 3 and state.end_cause == GRAND_FINALE and state.phase == OVER
    assert state.round == 1 and state.scores == []
    assert campaign.record_of(state).mystery_stickers == 1


def test_s21_resource_goal_zones_counted_on_their_boundaries():
    """S21 — notes §1 (Agenda zones, Moderate 3 markers = 10); summary End the Game 1 A: rows 5, 9
    and 13 count for every zone they bound; Extremist shows the distances 8, 4, 0, 4, 8."""
    from tui.games.kings_dilemma.scoring import markers_in_zone, resource_goal

    state = seated(3)
    for key, row in dict(influence=17, wealth=13, morale=9, welfare=5, knowledge=1).items():
        state.resource(key).row = row
    counts = {a.key: markers_in_zone(state, a) for a in rules().agendas if a.rows}
    assert counts == {"opulent": 3, "moderate": 3, "opportunist": 3, "rebel": 4, "greedy": 4}
    ctx = Table().ctx
    moderate = Play(resource_goal(state, ctx, "Blodyn", rules().agenda("moderate")), [])
    assert moderate.prompts == [] and moderate.result[0] == 10  # 3 markers: 10, from the rulebook
    assert state.card_points == {}
    extremist = Play(resource_goal(state, ctx, "Blodyn", rules().agenda("extremist")), [12])
    assert "Influence 8, Wealth 4, Morale 0, Welfare 4, Knowledge 8" in extremist.prompts[0].text
    assert extremist.result[0] == 12
    rebel = Play(resource_goal(state, ctx, "Blodyn", rules().agenda("rebel")), [9])
    assert "4 markers in rows 1-5 and 13-17" in rebel.prompts[0].text
    # Both read from their cards, kept for the next games of the campaign.
    assert state.card_points == {"extremist": {"distances 8 4 0 4 8": 12}, "rebel": {"goal 4": 9}}


# ---- S22 - S24: where the parts meet (issue 23, third table review) -------------------------------

def test_s22_after_the_grand_finale_no_end_of_game_step_shows_as_done():
    """S22 — summary End the Campaign (after the 6th Mystery sticker's Dilemma, open Envelope 70)
    and End the Game (scores, the chart, the next King, achievements, cleanup): a campaign that
    ends at Envelope 70 never walks the End the Game steps, so the steps pane marks none of them
    done; the Envelope is what was done."""
    from tui.games.kings_dilemma.view import view

    state = at_outcome()
    state.recalled.mystery_stickers = 5
    Play(outcome_turn(state, Table().ctx), ["ok", "no more", "a Mystery sticker", "no", "no",
                                            "before the skull section", "ok"])
    shown = view(state, rules())
    assert state.phase == "over" and state.scores == []
    assert not [s.label for s in shown.flow if s.state == "done" and "Envelope 70" not in s.label]
    assert any("Envelope 70" in s.label and s.state == "done" for s in shown.flow)


HOLDING_WORDS = ("no Power", "no Coins", "not that much", "not that many", "none left")


def refusal(runner: Runner, raw: str) -> str:
    """The one line a refused answer shows; it names no holding and says what to do next."""
    import drivers

    message = drivers.refused(runner, raw, "choose again")
    assert not any(w in message for w in HOLDING_WORDS), message
    return message


def vote_runner(state) -> Runner:
    import dataclasses

    import msgspec

    from tui.games.kings_dilemma import GAME
    from tui.games.kings_dilemma.state import KDState

    start = msgspec.json.encode(state)

    def whole_vote(s, ctx):
        while s.phase == VOTE:
            yield from vote_turn(s, ctx)

    game = dataclasses.replace(GAME, new_state=lambda *_, **__: msgspec.json.decode(start, type=KDState),
                               play=whole_vote)
    return Runner.new(game, rules(), {"players": str(state.count)}, 1)


def test_s23_a_refused_vote_keeps_the_screen_secret_and_says_what_to_do():
    """S23 — summary Play P3 (AYE and NAY take 1 or more of the House's own Power; Power and Coins
    behind the House screen); notes §2.3. Blodyn, with no Power left, picks AYE; Solad picks more
    than it holds; the refusals say to look behind the screen and choose again, and name no
    holding; nothing enters the history."""
    state = at_vote(3, leader=A, moderator=C)
    state.players[A].power = 0
    state.players[B].power = 3
    runner = vote_runner(state)
    refusal(runner, "1")  # Blodyn: AYE with nothing to put on it
    runner.answer("3")  # Blodyn passes and gathers
    runner.answer("2")  # Solad: NAY
    refusal(runner, "5")
    refusal(runner, "m")
    runner.answer("3")
    assert runner.state.players[B].committed == 3
    history = " ".join(e.text for e in runner.session.log)
    assert not any(w in history for w in HOLDING_WORDS), history


def test_s24_adding_power_with_none_left_is_refused_like_a_first_vote_and_a_bargain_too():
    """S24 — summary Play P3 (later turns: add Power or stay; Bargain: Coins change hands): Solad,
    all its Power on NAY, asks to add more on its next turn; the history must not say it has none.
    Refused in place like the first vote; then Tork offers more Coins than it holds in a bargain."""
    state = at_vote(3, leader=A, moderator=C)
    state.players[B].power = 2
    state.players[C].coins = 4
    runner = vote_runner(state)
    for raw in ("1", "1", "2", "2", "4"):  # Blodyn AYE 1; Solad NAY 2; Tork Moderator
        runner.answer(raw)
    runner.answer("1")  # Blodyn again: add Power
    runner.answer("2")  # Blodyn adds 2: 3 on AYE, Blodyn stays Leader
    assert "Solad again" in runner.pending.text
    runner.answer("b")  # a bargain first: Tork pays Solad
    runner.answer("3")
    runner.answer("2")
    refusal(runner, "5")
    runner.answer("4")
    refusal(runner, "1")  # Solad: add Power, with none behind the screen
    runner.answer("2")  # stays
    history = " ".join(e.text for e in runner.session.log)
    assert not any(w in history for w in HOLDING_WORDS), history
    assert runner.state.players[C].coins == 0 and runner.state.players[B].coins == 14
