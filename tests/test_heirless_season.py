"""The Season after the turns (notes: heirless.md §1 season steps, §3 ties, §4 battles; seed:
season-game-player-turns.txt, 'Player Turn Order and Tie Breaker', Build, Commission)."""

from __future__ import annotations

import random

import msgspec

from test_heirless_helpers import (
    answer, colours, count_battles, idle, log_texts, new_runner, next_steps_until, pick, player, rules,
    set_up,
)
from tui.engine.game import reference_pages
from tui.games.heirless import GAME
from tui.games.heirless.state import OVER, TURNS
from tui.games.heirless.tracker import priorities, turn_order
from tui.games.heirless.rules import validate


def to_battles(runner, order=("Purple", "Blue", "Green")):
    """Everyone Idles, in the given order of colours (each plays Free Actions until their turn)."""
    for colour in order:
        while runner.state.players[runner.state.turn].colour != colour:
            answer(runner, "'s turn", "s")
            pick(runner, "Standard Action", "Deploy")
            answer(runner, "Deploy: where", "t")
            answer(runner, "Which Tile", "Meadow")
            if runner.state.standard_done == 2:
                answer(runner, "'s turn", "e")
        idle(runner)


def test_battles_run_in_the_new_priority_order_sooner_idlers_first():
    """seed: Tie Breaker — those who Idled sooner win ties during the Battle Phase; notes §4:
    Battles are resolved in Player Turn Order."""
    runner = set_up()
    to_battles(runner, ("Purple", "Blue", "Green"))
    assert colours(runner, priorities(runner.state.tracker)) == ["Purple", "Blue", "Green", "Bandits"]
    assert "(Purple › Blue › Green › Bandits)" in runner.pending.text


def test_a_battle_tie_goes_to_the_earliest_in_turn_order():
    """seed: Tie Breaker — being earlier in the player turn order wins the tie."""
    runner = set_up()
    to_battles(runner, ("Purple", "Blue", "Green"))
    count_battles(runner, 1)
    answer(runner, "Battle 1: a tie?", "y")
    pick(runner, "tie in strength", "Lady Green", "Lord Blue", "Bandits")
    answer(runner, "Alliance", "")  # Enter: no Alliance
    assert runner.pending.text == "Battle 1, a tie: Blue › Green › Bandits. Lord Blue wins: only their Knights stay; remove the rest."
    answer(runner, "tie", "")
    assert "Battle 1: tie between Lord Blue, Lady Green, Bandits; Lord Blue wins it by turn order" in log_texts(runner)


def test_only_the_tie_winner_survives_and_is_paid():
    """Issue 15 (HL-www battles, notes §4: the Knights outside the strongest side are removed and
    the survivors gain 1 Influence per removed Knight; seed: Tie Breaker): after a tie the loser is
    never offered as a survivor nor paid; the winner alone gains (reading battle-survivors)."""
    runner = set_up({"influence": "1"})
    to_battles(runner, ("Purple", "Blue", "Green"))
    count_battles(runner, 1)
    answer(runner, "Battle 1: a tie?", "y")
    pick(runner, "tie in strength", "Lady Green", "Lord Blue")
    answer(runner, "Battle 1: tie", "")
    assert runner.pending.label == "Battle 1: Knights removed"  # nobody is asked who survived
    answer(runner, "Knights removed", "2")
    assert [player(runner, c).influence for c in ("Blue", "Green", "Purple")] == [3, 1, 1]


def test_a_tie_won_by_the_bandits_pays_nobody():
    """Issue 15 (HL-www battles; seed: Tie Breaker): the Bandits first in priority win the tie; no
    player's Knights survive, so nobody is asked about survivors or paid."""
    runner = set_up({"first_half": "left", "influence": "1"})
    to_battles(runner, ("Blue", "Green", "Purple"))
    count_battles(runner, 1)
    answer(runner, "Battle 1: a tie?", "y")
    pick(runner, "tie in strength", "Bandits", "Lord Blue")
    answer(runner, "Battle 1: tie", "")
    assert "Battle 1: no player's Knights survived" in log_texts(runner)
    assert all(p.influence == 1 for p in runner.state.players)
    assert "End-of-Season effects" in runner.pending.text


def test_survivors_gain_one_influence_per_removed_knight():
    """notes §4 (HL-www battles) — survivors gain +1 Influence per removed Knight; reading
    battle-influence: each surviving player gains it."""
    runner = set_up({"influence": "1"})
    to_battles(runner)
    count_battles(runner, 2)
    answer(runner, "Battle 1: a tie?", "n")
    pick(runner, "survived", "Lord Blue", "Lady Green")
    answer(runner, "Knights were removed", "3")
    answer(runner, "Battle 2: a tie?", "n")
    answer(runner, "survived", "")  # the Bandits won: nobody gains
    assert [player(runner, c).influence for c in ("Blue", "Green", "Purple")] == [4, 4, 1]


def test_unknown_steps_say_per_your_rulebook():
    """notes §1 — End-of-Season effects, drafting, Workers drawing and the Event Board are not in
    our sources: the checklist says 'per your rulebook'."""
    runner = set_up()
    to_battles(runner)
    flow = {s.label: s.note for s in runner.view().flow}
    assert [label for label, note in flow.items() if note == "per your rulebook"] == [
        "End-of-Season effects", "Workplaces drafting", "Workers drawing and replacement",
        "Event Board update",
    ]
    count_battles(runner, 0)
    texts = []
    while runner.state.phase == "season_end":
        texts.append(runner.pending.text)
        answer(runner, "", "n")
    assert sum("per your rulebook" in t for t in texts) >= 4
    assert any(t.startswith("Rewards: Each Tile's controller") for t in texts)  # Rewards, from HL-www


def test_the_next_season_starts_with_the_first_idler():
    """seed: Example C and Tie Breaker — the order of Idling becomes the next Action Phase's order;
    the Bandits now come last."""
    runner = set_up()
    to_battles(runner, ("Green", "Purple", "Blue"))
    count_battles(runner, 0)
    next_steps_until(runner)
    state = runner.state
    assert (state.phase, state.season) == (TURNS, 2)
    assert colours(runner, turn_order(state.tracker)) == ["Green", "Purple", "Blue", "Bandits"]
    assert state.players[state.turn].colour == "Green"


def test_the_game_ends_after_the_chosen_seasons():
    """Reading season-end — 6 Seasons regular, 9 extended (notes §1); the count is a setup option."""
    runner = set_up({"seasons": "2"})
    for _ in range(2):
        to_battles(runner, ("Blue", "Green", "Purple"))
        count_battles(runner, 0)
        next_steps_until(runner)
    assert runner.state.phase == OVER and runner.pending is None
    assert "score per your rulebook" in runner.view().finished


def test_ruleset_problems_are_reported_with_their_path():
    """Standards: validate() reports ruleset problems as (path, message)."""
    broken = msgspec.structs.replace(
        rules(), capital="Atlantis", colours=rules().colours[:2],
        tracker=msgspec.structs.replace(rules().tracker, spots_per_half=2),
        season_steps=rules().season_steps[1:],
    )
    paths = {path for path, _ in validate(broken)}
    assert {"capital", "colours", "tracker.spots_per_half", "season_steps"} <= paths
    assert validate(rules()) == []


def test_random_play_keeps_the_rules_and_replays_identically():
    """DESIGN: determinism — random valid answers never break the tracker's invariants, and the
    same answers replay to the same state."""
    from tui.engine.prompts import valid_answers
    from tui.engine.session import Runner
    for seed in range(6):
        runner = new_runner({"players": str(3 + seed % 4), "seasons": "2"}, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if runner.pending is None:
                break
            runner.answer(rng.choice(valid_answers(runner.pending)))
            state = runner.state
            if state.phase != "setup":
                cubes = [p for p in state.tracker.right + state.tracker.left if p is not None]
                assert sorted(cubes) == list(range(len(state.players)))
                assert state.standard_done <= 2
        again = Runner(GAME, rules(), runner.saved_session())
        assert msgspec.json.encode(again.state) == msgspec.json.encode(runner.state)


def test_an_alliance_takes_the_weaker_of_its_two_priorities():
    """notes §3 (HL-www battles) — an Alliance takes the weaker of its two priorities in a tie."""
    runner = set_up()
    to_battles(runner, ("Purple", "Blue", "Green"))  # priorities Purple, Blue, Green, Bandits
    count_battles(runner, 1)
    answer(runner, "Battle 1: a tie?", "y")
    pick(runner, "tie in strength", "Lord Purple", "Lady Green", "Lord Blue")
    # An Alliance is two players: only pairs are offered, and none is the usual answer.
    assert [o.label for o in runner.pending.options] == [
        "Lord Purple + Lord Blue", "Lord Purple + Lady Green", "Lord Blue + Lady Green", "no Alliance"]
    assert runner.pending.default == "n"
    pick(runner, "Alliance", "Lord Purple + Lady Green")
    # Blue (2nd) beats the pair's weaker 3rd; the line says where the Alliance stands and why.
    assert runner.pending.text == ("Battle 1, a tie: Blue › Purple + Green (allied: ranked at Green's place, "
                                   "the later). Lord Blue wins: only their Knights stay; remove the rest.")


def test_an_allied_pair_wins_against_a_later_player():
    """notes §3 (HL-www battles) — the Alliance's weaker priority still beats a later side."""
    runner = set_up()
    to_battles(runner, ("Purple", "Blue", "Green"))
    count_battles(runner, 1)
    answer(runner, "Battle 1: a tie?", "y")
    pick(runner, "tie in strength", "Lord Purple", "Lord Blue", "Lady Green", "Bandits")
    pick(runner, "Alliance", "Lord Purple + Lord Blue")
    assert "the later) › Green › Bandits. Lord Purple and Lord Blue win: only their" in runner.pending.text


def test_rules_at_hand_list_actions_season_and_readings():
    """Standards: the rules kept at hand (F2) carry the paraphrased rules and our readings."""
    runner = set_up()
    quick, more = reference_pages(GAME, rules(), runner.state)
    sections = {sec.title: sec.lines for sec in more}
    assert len(sections["Actions"]) == len(rules().actions)
    assert any("Bandit" in line for line in sections["Turns, the tracker and ties"])
    assert len(sections["How Clockwork reads the unclear rules"]) == len(rules().readings)


def test_a_promise_broken_in_the_battles_is_judged_before_the_rewards():
    """seed: Free Actions — at any time: after the Battles the table may mark an Oathbreak."""
    runner = set_up({"prestige": "20"})
    answer(runner, "'s turn", "f")
    pick(runner, "Free Action", "Guarantee")
    pick(runner, "signs", "Lady Green")
    answer(runner, "promise", "Green does not attack Blue this Season")
    to_battles(runner)
    count_battles(runner, 1)
    answer(runner, "Battle 1: a tie?", "n")
    pick(runner, "survived", "Lady Green")
    answer(runner, "Knights were removed", "2")
    pick(runner, "End-of-Season effects", "a Free Action first")
    pick(runner, "Free Action", "Oathbreak")  # one promise, one signatory: both from the record
    answer(runner, "agree", "y")
    assert player(runner, "Green").prestige == 0 and runner.state.promises[0].broken
    assert "End-of-Season effects" in runner.pending.text  # the step waits until marked done
    answer(runner, "End-of-Season effects", "n")
    assert "Rewards" in runner.pending.text


def test_every_step_after_the_turns_offers_free_actions():
    """seed: Free Actions — 'at any time': before the Battles (a promise about an Alliance) and at
    each later step of the Season (notes §1), a Free Action can be taken before going on."""
    runner = set_up()
    to_battles(runner)
    pick(runner, "Before the Battles", "a Free Action first")
    pick(runner, "Free Action", "Guarantee")
    pick(runner, "signs", "Lord Blue", "Lady Green")
    answer(runner, "promise", "Blue and Green ally at Meadow")
    assert runner.state.promises[-1].season == 1
    count_battles(runner, 0)
    steps = []
    while runner.state.phase == "season_end":
        assert [o.label for o in runner.pending.options] == ["done, next step", "a Free Action first"]
        steps.append(runner.pending.label)
        answer(runner, "", "n")
    assert steps == [s.label for s in rules().season_steps][2:]


def test_a_haggle_while_drafting_is_logged_and_the_step_waits():
    """seed: Free Actions, Haggle — at any time, e.g. Workplaces in hand traded during the
    drafting (notes §1 step 5); the step is asked again afterwards."""
    runner = set_up()
    to_battles(runner)
    count_battles(runner, 0)
    next_steps_until(runner, "Workplaces drafting")
    pick(runner, "drafting", "a Free Action first")
    pick(runner, "Free Action", "Haggle")
    pick(runner, "Who trades", "Lord Blue", "Lord Purple")
    pick(runner, "goods", "Workplaces in hand")
    answer(runner, "changed hands", "Blue's Quarry for Purple's Mill")
    assert "Haggle between Lord Blue, Lord Purple" in log_texts(runner)[-1]
    assert "Workplaces drafting" in runner.pending.text


def test_bandits_win_a_tie_when_earlier_in_turn_order():
    """seed: Player Turn Order and Tie Breaker (the right half starts at the Bandit cube) — after a
    Season played on the left half the Idlers fill the right half, so in the Battles the Bandits
    come first and win a tie against any player; notes §4: the Bandits fight as a player."""
    runner = set_up({"first_half": "left"})
    to_battles(runner, ("Blue", "Green", "Purple"))  # the right half acts next: Bandits first
    assert colours(runner, priorities(runner.state.tracker))[0] == "Bandits"
    count_battles(runner, 1)
    answer(runner, "Battle 1: a tie?", "y")
    pick(runner, "tie in strength", "Bandits", "Lord Blue")
    assert runner.pending.text.startswith("Battle 1, a tie: Bandits › Blue. Bandits win: no player's Knights stay")
