"""Setup and the players' turns (seed: season-game-player-turns.txt, 'Player Turns', 'Summary of
Available Actions', 'Standard Actions'; notes: heirless.md §2)."""

from __future__ import annotations

import pytest

from test_heirless_helpers import (
    answer, count_battles, free, guarantee, idle, index, log_texts, new_runner, next_steps_until, pick,
    player, recorded, rules, set_up, standard,
)
from tui.engine.prompts import AnswerError, CardEntry, Choice, Number
from tui.games.heirless import GAME
from tui.games.heirless.state import SEASON_END, TURNS


def form_options():
    return GAME.setup_options(rules())


def menu_keys(runner) -> list[str]:
    assert isinstance(runner.pending, Choice) and "'s turn" in runner.pending.text
    return [o.key for o in runner.pending.options]


def deploy(runner, tile="Meadow"):
    standard(runner, "Deploy")
    answer(runner, "Deploy: where", "t")
    answer(runner, "Which Tile", tile)


def test_players_sign_with_title_and_colour():
    """seed: Guarantee (signed with the players' colour name, e.g. Lord Blue, Lady Green); notes:
    3-6 players."""
    runner = set_up()
    assert [p.seal for p in runner.state.players] == ["Lord Blue", "Lady Green", "Lord Purple"]
    assert runner.state.players[1].full == "Lady Green (Bram)"
    assert runner.state.phase == TURNS


def test_a_colour_taken_is_not_offered_again():
    """notes §5: one colour per player."""
    runner = new_runner({"players": "3"})
    pick(runner, "colour", "Green")
    answer(runner, "title", "Lady")
    answer(runner, "name", "")
    labels = [o.label for o in runner.pending.options]
    assert "Green" not in labels and "Blue" in labels


def test_player_count_is_three_to_six():
    """notes: data checklist — Heirless is for 3-6 players."""
    spec = next(s for s in form_options() if s.key == "players")
    assert (spec.lo, spec.hi) == (3, 6)


def test_starting_values_come_from_the_setup_form():
    """notes: data checklist — starting Influence and Prestige are UNKNOWN, so the table sets them."""
    runner = set_up({"influence": "3", "prestige": "10"})
    assert all((p.influence, p.prestige) == (3, 10) for p in runner.state.players)


def test_starting_values_are_marked_as_editable_defaults():
    """notes: data checklist (UNKNOWN) — a default is offered only as an editable default, said in
    player words (issue 13 item 5): check your rulebook."""
    specs = {s.key: s for s in form_options()}
    assert "check your rulebook" in specs["influence"].label
    assert "check your rulebook" in specs["prestige"].label
    view = new_runner({"players": "3"}).view()
    assert any("from your rulebook" in n for n in view.notices)


def test_turn_menu_two_standard_actions_then_end():
    """seed: Player Turns — two Standard Actions, then no Idle in that turn: only Free Actions and
    the end of the turn."""
    runner = set_up()
    assert menu_keys(runner) == ["s", "f", "x"]
    deploy(runner)
    assert menu_keys(runner) == ["s", "f", "x"]  # one Standard Action then Idling is allowed
    deploy(runner, "Valley")
    assert menu_keys(runner) == ["f", "e"]
    with pytest.raises(AnswerError):
        runner.answer("s")
    answer(runner, "'s turn", "e")
    assert runner.state.players[runner.state.turn].colour == "Green"


def test_the_keys_listed_say_when_e_ends_the_turn_and_when_idling_does():
    """Issue 24 playtest: F2 listed "e end the turn", and after one Standard Action e did nothing.
    seed: Player Turns — two Standard Actions, or one then Idling, or Idling: the listing says e
    comes after both, and that x (Idle) is what ends the turn before that."""
    listed = dict(GAME.keys_help)
    assert "both Standard Actions" in listed["e"] and "ends the turn" in listed["x"]
    runner = set_up()
    deploy(runner)
    assert "e" not in menu_keys(runner) and "x" in menu_keys(runner)
    deploy(runner, "Valley")
    assert "e" in menu_keys(runner)


def test_one_standard_action_then_idle():
    """seed: Player Turns — one Standard Action then Idling ends the turn; the cube moves."""
    runner = set_up()
    deploy(runner)
    idle(runner)
    assert 0 in runner.state.tracker.left
    assert runner.state.players[runner.state.turn].colour == "Green"


def test_all_idle_moves_the_season_to_battles():
    """seed: Player Turns — once all players Idle, the Season moves to its Battle Phase."""
    runner = set_up()
    for _ in range(3):
        idle(runner)
    assert runner.state.phase == SEASON_END
    assert "Battle Phase" in runner.pending.text


def test_free_actions_do_not_use_standard_actions():
    """seed: Player Turns — any number of Free Actions before and/or after."""
    runner = set_up()
    for _ in range(3):
        guarantee(runner, "Lord Blue", "I keep Meadow")
    assert runner.state.standard_done == 0
    deploy(runner)
    deploy(runner, "Valley")
    free(runner, "Haggle")
    pick(runner, "Who trades", "Lord Blue", "Lady Green")
    pick(runner, "goods", "Resources")
    answer(runner, "changed hands", "2 Logs for 1 Brick")
    assert menu_keys(runner) == ["f", "e"]


def test_assign_gains_one_influence_per_worker():
    """seed: Assign — for each Worker newly assigned, the player gains 1 Influence."""
    runner = set_up({"influence": "1"})
    standard(runner, "Assign")
    pick(runner, "Faction", "Wolf Tribe")
    answer(runner, "allowed", "y")
    answer(runner, "Workers", "3")
    assert player(runner, "Blue").influence == 4
    assert runner.state.standard_done == 1
    assert any("assigns 3 Wolf Tribe Workers: Influence 1 → 4" in t for t in log_texts(runner))


def test_assign_without_control_or_leave_is_refused_and_not_counted():
    """seed: Assign — Control of a Tile of that Faction, an unused Workplace and the Castle
    controller's leave are needed."""
    runner = set_up()
    standard(runner, "Assign")
    pick(runner, "Faction", "Cat Tribe")
    answer(runner, "allowed", "n")
    assert runner.state.standard_done == 0
    assert player(runner, "Blue").influence == 0


def build(runner, sovereign=False, built: str | None = ""):
    """A Build; ``built`` is the table's count of Workplaces already built (Enter keeps Clockwork's),
    said at a player's first Build of the Season; None: a later one, counted on from it."""
    standard(runner, "Build")
    if isinstance(runner.pending, Choice) and "which Workplace" in runner.pending.text:
        answer(runner, "which Workplace", "2" if sovereign else "1")
    if built is None:
        recorded(runner, "Workplaces built → ")
    else:
        answer(runner, "Workplaces built", built)


def test_build_counts_workplaces_up_to_nine():
    """seed: Build — each player may own at most 9 built Workplaces; at the limit one is discarded
    as part of the build, or there is no build."""
    runner = set_up()
    blue = player(runner, "Blue")
    build(runner, built="8")
    answer(runner, "Pay", "")
    assert blue.workplaces == 9
    build(runner, built=None)
    answer(runner, "Discard one", "n")  # at the limit and no room made: no build
    assert blue.workplaces == 9 and runner.state.standard_done == 1
    build(runner, built=None)
    answer(runner, "Discard one", "y")
    answer(runner, "Pay", "")
    assert blue.workplaces == 9 and runner.state.standard_done == 2


def test_build_asks_the_table_how_many_are_built():
    """seed: Build (at most 9 built); notes: data checklist — what a player starts with is UNKNOWN,
    so the count is the table's, offered with Clockwork's own count as the default; said at the
    player's first Build of a Season, and counted on after it (issue 23 item 2)."""
    runner = set_up()
    standard(runner, "Build")
    answer(runner, "which Workplace", "1")
    assert isinstance(runner.pending, Number) and runner.pending.default == 0
    assert (runner.pending.lo, runner.pending.hi) == (0, 9)
    answer(runner, "Workplaces built", "8")  # they started with Workplaces Clockwork did not know of
    answer(runner, "Pay", "")
    build(runner, built=None)
    assert "Discard one" in runner.pending.text


def test_sovereign_workplace_is_discarded_at_cleanup():
    """seed: Build — the Sovereign Workplace (Coronation Ceremony) is discarded during Cleanup."""
    runner = set_up()
    build(runner, sovereign=True)
    answer(runner, "Pay", "")
    blue = player(runner, "Blue")
    assert blue.sovereign and blue.workplaces == 1
    for _ in range(3):
        idle(runner)
    count_battles(runner, 0)
    next_steps_until(runner, "Cleanup")
    assert not blue.sovereign and blue.workplaces == 0
    assert runner.pending.text.startswith("Cleanup: Discard Lord Blue's Sovereign Workplace.")


def test_commission_opens_a_path_for_the_season_only():
    """seed: Commission — the path is a Free Action for the rest of the Season; no Influence."""
    runner = set_up()
    standard(runner, "Commission")
    answer(runner, "path", "Bricks + Logs → Marble")
    blue = player(runner, "Blue")
    assert blue.paths == ["Bricks + Logs → Marble"] and blue.influence == 0
    free(runner, "Convert")  # the only path commissioned: the record names it
    answer(runner, "how many", "2")
    assert runner.state.standard_done == 1
    assert any("converts along 'Bricks + Logs → Marble' with X = 2" in t for t in log_texts(runner))
    idle(runner)
    idle(runner)
    idle(runner)
    count_battles(runner, 0)
    next_steps_until(runner, "Cleanup")
    assert blue.paths == []


def test_flee_costs_one_influence_and_never_leaves_the_capital():
    """seed: Flee — spend 1 Influence; not for a Knight on the Capital or in a Castle."""
    runner = set_up({"influence": "2"})
    standard(runner, "Flee")
    assert isinstance(runner.pending, CardEntry)
    assert "Capital" not in runner.pending.cards
    answer(runner, "flee from", "Thicket")
    assert player(runner, "Blue").influence == 1
    assert runner.state.standard_done == 1


def test_flee_without_influence_is_not_offered():
    """seed: Flee — the player spends one Influence: with none, Flee is not offered (issue 15) and
    the menu says what it costs; after an Assign pays Influence it is (scenario H4's order)."""
    runner = set_up()
    answer(runner, "'s turn", "s")
    assert "Flee" not in " ".join(o.label for o in runner.pending.options)
    assert "Flee (1 Influence)" in runner.pending.text
    pick(runner, "Standard Action", "back")
    assert runner.state.standard_done == 0


def test_deploy_to_another_players_castle():
    """seed: Deploy — to a Tile or another player's Castle."""
    runner = set_up()
    standard(runner, "Deploy")
    answer(runner, "Deploy: where", "c")
    labels = [o.label for o in runner.pending.options]
    assert labels == ["Lady Green", "Lord Purple"]
    pick(runner, "Whose Castle", "Lady Green")
    assert "Lord Blue deploys a Knight to Lady Green's Castle" in log_texts(runner)


def test_undo_within_a_turn_replays_exactly():
    """DESIGN: undo replays from the turn's snapshot; the state alone fixes where play is."""
    runner = set_up({"influence": "1"})
    standard(runner, "Assign")
    pick(runner, "Faction", "Wolf Tribe")
    answer(runner, "allowed", "y")
    answer(runner, "Workers", "2")
    idle(runner)
    before = (runner.state.players[index(runner, "Blue")].influence, runner.state.turn)
    runner.undo(5)
    runner.redo(5)
    assert (runner.state.players[index(runner, "Blue")].influence, runner.state.turn) == before


def test_typed_starting_values_are_no_longer_marked():
    """notes: data checklist (UNKNOWN) — values the table typed in are the table's, not defaults."""
    typed = new_runner({"players": "3", "influence": "4"}).view()
    kept = new_runner({"players": "3"}).view()
    assert not any(row.editable_default for row in typed.tracks[0].rows)
    assert all(row.editable_default for row in kept.tracks[0].rows)
    assert any("Influence 4" in n for n in typed.notices)


def test_every_commissioned_path_can_be_used():
    """seed: Commission — each commissioned path is usable as a Free Action for the rest of the
    Season, however many there are (more than nine keys' worth)."""
    runner = set_up()
    player(runner, "Green").paths = [f"Logs + Bricks → Marble #{n}" for n in range(1, 12)]
    free(runner, "Convert")
    keys = [o.key for o in runner.pending.options]
    assert len(keys) == 11 and len(set(keys)) == 11
    answer(runner, "Convert along", keys[-1])
    answer(runner, "how many", "1")
    assert "Lady Green converts along 'Logs + Bricks → Marble #11'" in log_texts(runner)[-1]


def test_assign_with_workers_of_two_factions_needs_control_of_both():
    """seed: Assign — Workers of a Faction need Control of a Tile of that Faction, and all the
    Workers a Workplace requires come at once: a Workplace needing two Factions asks for both."""
    runner = set_up({"influence": "0"})
    standard(runner, "Assign")
    pick(runner, "Factions", "Wolf Tribe", "Fox Tribe")
    assert "a Tile of each (Wolf Tribe, Fox Tribe)" in runner.pending.text
    answer(runner, "allowed", "y")
    answer(runner, "Workers", "2")
    assert player(runner, "Blue").influence == 2
    assert "Lord Blue assigns 2 Wolf Tribe and Fox Tribe Workers: Influence 0 → 2" in log_texts(runner)


def test_one_sovereign_workplace_at_a_time():
    """seed: Build (the Sovereign Workplace, Coronation Ceremony, discarded at Cleanup); reading
    sovereign-one: while Blue has it built, Green's Build does not offer it."""
    runner = set_up()
    build(runner, sovereign=True)
    answer(runner, "Pay", "")
    idle(runner)
    standard(runner, "Build")  # Green
    assert runner.pending.label == "Workplaces built"  # no choice of Workplace: only one from hand
    assert "sovereign-one" in {r.id for r in rules().readings}


def test_a_commissioned_path_serves_until_cleanup():
    """seed: Commission ('for the rest of the Season'); reading paths-close: converting stays a
    Free Action through the Battles and the Rewards; the cubes come off at Cleanup."""
    runner = set_up()
    standard(runner, "Commission")
    answer(runner, "path", "Bricks + Logs → Marble")
    for _ in range(3):
        idle(runner)
    count_battles(runner, 0)
    next_steps_until(runner, "Rewards")
    pick(runner, "Rewards", "a Free Action first")
    pick(runner, "Free Action", "Convert")
    recorded(runner, "Convert: path → Lord Blue: Bricks + Logs → Marble")
    answer(runner, "how many", "3")
    assert player(runner, "Blue").paths == ["Bricks + Logs → Marble"]
    next_steps_until(runner, "Cleanup")
    assert player(runner, "Blue").paths == []
    assert "paths-close" in {r.id for r in rules().readings}


def test_deploy_with_no_knight_at_home_goes_back_to_the_actions():
    """Issue 17 (seed: Deploy — a Knight from the player's Castle): a player who picked Deploy and
    has no Knight in their Castle goes back to the menu; no Standard Action is used."""
    runner = set_up()
    standard(runner, "Deploy")
    pick(runner, "Deploy: where", "back to the actions")
    assert runner.state.standard_done == 0 and "'s turn" in runner.pending.text
