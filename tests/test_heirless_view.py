"""What the screen shows (issue: panes — the tracker's two halves with cubes, the current player's
actions as arrows, the players by priority; seed: Player Turn Order and Tie Breaker)."""

from __future__ import annotations

from test_heirless_helpers import answer, idle, new_runner, pick, set_up, standard
from tui.games.heirless.tracker import priorities


def priority_labels(runner) -> list[str]:
    group = runner.view().tracks[0]
    return [row.label.split(". ", 1)[1] for row in group.rows]


def expected(runner) -> list[str]:
    return ["Bandits" if p == -1 else runner.state.players[p].seal for p in priorities(runner.state.tracker)]


def test_priority_order_is_shown_at_every_moment():
    """seed: Tie Breaker — non-Idlers first during the Action Phase, earlier Idlers first after it;
    the pane follows every move (examples A-C)."""
    runner = set_up()
    seen = [priority_labels(runner)]
    for _ in range(3):
        idle(runner)
        assert priority_labels(runner) == expected(runner)
        seen.append(priority_labels(runner))
    assert seen == [
        ["Bandits", "Lord Blue", "Lady Green", "Lord Purple"],
        ["Bandits", "Lady Green", "Lord Purple", "Lord Blue"],  # example A
        ["Bandits", "Lord Purple", "Lord Blue", "Lady Green"],  # example B
        ["Lord Blue", "Lady Green", "Lord Purple", "Bandits"],  # example C
    ]


def test_tracker_row_draws_both_halves_with_cubes():
    """seed: Player Turn Order — two halves around the Bandit cube; the right half starts at it,
    the left half ends at it."""
    runner = set_up()
    idle(runner)
    acting, idle_half = runner.view().cards
    assert acting.name == "Right ◆Bandits ○ ▶Green Purple" and acting.marked and acting.kind == "acting"
    assert idle_half.name == "Left Blue ○ ○ ◆Bandits" and idle_half.kind == "Idle"


def test_the_turn_pane_lists_done_and_remaining_actions():
    """seed: Player Turns — two Standard Actions, or one then Idle; Free Actions any time."""
    runner = set_up()
    standard(runner, "Deploy")
    answer(runner, "Deploy: where", "t")
    answer(runner, "Which Tile", "Meadow")
    flow = runner.view().flow
    assert [(s.label, s.state) for s in flow[:2]] == [
        ("Deploy a Knight to Meadow", "done"),
        ("Standard Action 2 of 2 — or Idle", "current"),
    ]
    notes = {row.label: row.note for row in runner.view().tracks[0].rows}
    assert notes["2. Lord Blue"] == "▶ 1 Standard left"


def test_a_promise_shows_its_signatories_by_colour():
    """seed: Guarantee — signed with the players' colour names."""
    runner = set_up()
    answer(runner, "'s turn", "f")
    pick(runner, "Free Action", "Guarantee")
    pick(runner, "signs", "Lord Blue", "Lord Purple")
    answer(runner, "promise", "Blue and Purple share Meadow")
    ledger = runner.view().tracks[1]
    assert ledger.title == "Guarantees (1 in force)"
    assert (ledger.rows[0].value, ledger.rows[0].note) == ("Blue+Purple", "Blue and Purple share Meadow")


def test_counts_from_unconfirmed_starting_values_stay_marked():
    """notes: data checklist — starting Influence and Prestige are UNKNOWN: while the table kept
    the ruleset's defaults, every count built on them is marked as an editable default."""
    kept = set_up()
    typed = set_up({"influence": "2", "prestige": "5"})
    rows = [r for r in kept.view().tracks[0].rows if r.label != "1. Bandits"]
    assert rows and all(r.editable_default for r in rows)
    assert not any(r.editable_default for r in typed.view().tracks[0].rows)


def test_after_the_turns_the_swapped_half_is_shown_as_acting_next():
    """seed: Example C — when the last player Idles the Action Phase half changes; during the
    Battles nobody is acting yet, that half acts in the next Season."""
    runner = set_up()
    assert runner.view().cards[0].kind == "acting"
    for _ in range(3):
        idle(runner)
    first = runner.view().cards[0]
    assert first.name.startswith("Left Blue Green Purple") and first.kind == "next"


def test_saves_list_line_does_not_crown_one_of_several_tied():
    """seed: Tie Breaker (ties are settled by the tracker, not by seat): the saves list names the
    Prestige leader only when there is one."""
    from tui.games.heirless import GAME
    runner = set_up()
    assert GAME.summary(runner.state).endswith("top Prestige 0: 3 tied")
    runner.state.players[2].prestige = 4
    assert GAME.summary(runner.state).endswith("top Prestige 4: Lord Purple")


def test_the_end_of_a_one_season_game_says_season_once():
    """Issue 15: 'After 1 Season', not 'After 1 Seasons'."""
    from test_heirless_helpers import count_battles, next_steps_until

    runner = set_up({"seasons": "1"})
    for _ in range(3):
        idle(runner)
    count_battles(runner, 0)
    next_steps_until(runner)
    assert runner.view().finished.startswith("After 1 Season, score per your rulebook.")


def test_the_turn_order_shown_lists_who_takes_a_turn_and_not_the_bandits():
    """Issue 24 playtest: the order read "Bandits › Purple" and the Bandits never took a turn.
    season-game-player-turns.txt, Player Turn Order and Tie Breaker: the Bandit cube never moves and
    places the Bandits in turn order and ties; they act in the Battles, not in Player Turns (reading
    bandit-turns). So the order shown is the players', first the one who plays first, and it says
    the Bandits take no turn."""
    runner = new_runner({"players": "3", "first_half": "right"})
    for colour in ("Purple", "Green", "Blue"):
        pick(runner, "colour", colour)
        answer(runner, "title", "")
        answer(runner, "name", "")
    pick(runner, "Tracker spot", "Purple")
    pick(runner, "Tracker spot", "Green")
    assert "acts first: Purple › Green › Blue (the Bandits take no turn" in runner.pending.text
    answer(runner, "Set up the board")
    assert any(e.text.startswith("Turn order: Purple, Green, Blue (the Bandits take no turn")
               for e in runner.session.log)
    notice = next(n for n in runner.view().notices if n.startswith("Turn order"))
    assert notice.startswith("Turn order: ▶Purple › Green › Blue") and "Bandits take no turn" in notice
    assert runner.state.players[runner.state.turn].colour == "Purple"
    priority = [r.label for r in runner.view().tracks[0].rows]
    assert priority[0] == "1. Bandits"  # they still rank first on ties
