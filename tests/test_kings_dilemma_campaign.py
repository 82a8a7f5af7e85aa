"""Campaign records between games (seed: End the Game 2-4: Prestige, Crave, king's name,
achievements, alignment marks; KD-rb p.16-17), kept beside the saves."""

from __future__ import annotations

import json
import random

import msgspec

import drivers

from test_kings_dilemma_helpers import new_runner, rules
from tui.engine import records
from tui.engine.prompts import Choice, valid_answers
from tui.games.kings_dilemma import GAME, campaign
from tui.games.kings_dilemma.campaign import FILE, read
from tui.games.kings_dilemma.state import GameRecord, HouseRecord
from tui.opengame import OpenGame


def finished(seed: int = 4):
    """A random game played to its end (skull quickly, so it is short)."""
    rng = random.Random(seed)
    runner = new_runner(3, seed=seed)
    while runner.pending is not None:
        prompt = runner.pending
        answers = valid_answers(prompt)
        if isinstance(prompt, Choice) and prompt.label == "Time Counter":
            runner.answer("3")
        else:
            drivers.answer_taken(runner, rng.choice(answers), rng)
    return runner


def test_recall_of_a_missing_or_damaged_file_is_empty(tmp_path):
    """Records tolerate a missing or damaged file: empty records, never a crash."""
    assert GAME.recall(tmp_path).games == 0
    (tmp_path / FILE).write_text("{not json", encoding="utf-8")
    recalled = GAME.recall(tmp_path)
    assert recalled.games == 0 and recalled.prestige == {}
    # Issue 14: set aside and said once, in one line naming the file and the damage.
    notice = records.take_notices()
    assert len(notice) == 1 and FILE in notice[0] and "damaged" in notice[0] and "JSON" in notice[0]
    assert GAME.home_lines(tmp_path) == []


def test_a_finished_game_is_recorded_once_per_save(tmp_path):
    """seed: End the Game 2 (Prestige and Crave on the House screens): recording the same
    finished game twice must not count it twice."""
    runner = finished()
    GAME.remember(runner.state, tmp_path, "game-a")
    GAME.remember(runner.state, tmp_path, "game-a")
    recalled = GAME.recall(tmp_path)
    assert recalled.games == 1
    for player, score in zip(runner.state.players, runner.state.scores):
        # The House screen's Prestige: as entered at setup, plus this game's gain.
        assert recalled.prestige.get(score.house, 0) == player.prestige + score.prestige
        assert recalled.crave.get(score.house, 0) == score.crave
    GAME.remember(runner.state, tmp_path, "game-b")
    again = GAME.recall(tmp_path)
    assert again.games == 2
    for player, score in zip(runner.state.players, runner.state.scores):
        assert again.prestige.get(score.house, 0) == 2 * (player.prestige + score.prestige)


def test_an_unfinished_game_records_nothing_and_undoing_the_end_takes_it_back(tmp_path):
    """The records hold finished games only."""
    runner = finished()
    GAME.remember(runner.state, tmp_path, "g")
    assert GAME.recall(tmp_path).games == 1
    runner.undo(1)
    GAME.remember(runner.state, tmp_path, "g")
    assert GAME.recall(tmp_path).games == 0
    fresh = new_runner(3, seed=99)
    GAME.remember(fresh.state, tmp_path, "other")
    assert GAME.recall(tmp_path).games == 0


def test_kings_alignment_and_achievements_are_kept(tmp_path):
    """seed: End the Game 2-4 (king's name, achievements, one alignment mark per Agenda used)."""
    runner = finished(seed=8)
    GAME.remember(runner.state, tmp_path, "g")
    camp = read(tmp_path)
    record = camp.games["g"]
    assert record.king == runner.state.king and record.end_cause == runner.state.end_cause
    recalled = GAME.recall(tmp_path)
    for score in runner.state.scores:
        assert record.houses[score.house].achievements == score.achievements
        if score.alignment_marked:
            assert recalled.alignment[score.house][score.agenda] == 1
    lines = GAME.home_lines(tmp_path)
    assert 1 <= len(lines) <= 3 and "1 game played" in lines[0] and runner.state.king in lines[0]


def test_a_damaged_record_file_is_never_overwritten(tmp_path):
    """Saves rule (DESIGN: a file that cannot be read is reported and never overwritten); issue
    14: it is renamed aside and the finished game starts fresh records."""
    (tmp_path / FILE).write_text("{not json", encoding="utf-8")
    runner = finished()
    GAME.remember(runner.state, tmp_path, "g")
    [aside] = tmp_path.glob(FILE + ".damaged-*")
    assert aside.read_text(encoding="utf-8") == "{not json"
    assert list(read(tmp_path).games) == ["g"]
    records.take_notices()


def test_the_next_game_starts_from_the_recorded_prestige(tmp_path, monkeypatch):
    """KD-rb p.4-5 (Leader by Prestige) across games: a new game reads the records."""
    monkeypatch.setattr(OpenGame, "load_rules", staticmethod(lambda game: rules()))
    monkeypatch.setattr("tui.games.get", lambda game_id: GAME)
    runner = finished()
    GAME.remember(runner.state, tmp_path, "first")
    opened = OpenGame.new("kings-dilemma", {"players": "3"}, 5, tmp_path / "second.json")
    assert opened.runner.state.recalled.games == 1
    assert opened.runner.state.recalled.prestige == GAME.recall(tmp_path).prestige


def test_card_points_read_at_the_table_are_remembered_for_the_next_game(tmp_path):
    """KD-rb p.16 (each Secret Agenda card prints its Resource goal and money rank points; only a
    few are public; readings resource-goal, money-points): what the table reads from a card once is
    not asked again in a later game of the campaign."""
    from test_kings_dilemma_helpers import Drive, Table, seated
    from tui.games.kings_dilemma.scoring import resource_goal
    from tui.games.kings_dilemma.state import DEATH, OVER

    state = seated(3)
    Drive(resource_goal(state, Table().ctx, "Blodyn", rules().agenda("rebel")), ["7"])
    assert state.card_points == {"rebel": {"goal 0": 7}}  # every marker on row 9: none in the zone
    state.phase, state.end_cause = OVER, DEATH
    GAME.remember(state, tmp_path, "first")
    later = seated(3)
    later.recalled = GAME.recall(tmp_path)
    d = Drive(resource_goal(later, Table().ctx, "Solad", rules().agenda("rebel")), [])
    assert d.prompts == [] and d.result[0] == 7


def test_the_grand_finale_is_kept_in_the_records_and_shown_at_home(tmp_path):
    """KD-rb p.18 (the 6th Mystery sticker: Envelope 70, the campaign's end): the game is recorded
    with its Mystery sticker, and the home screen says the Grand Finale was reached."""
    from test_kings_dilemma_helpers import Drive, Table, seated
    from tui.games.kings_dilemma.outcome import outcome_turn
    from tui.games.kings_dilemma.state import AYE, GRAND_FINALE, OUTCOME

    state = seated(3)
    state.recalled.mystery_stickers = 5
    state.phase, state.outcome, state.card = OUTCOME, AYE, "Famine"
    mystery = [r for g in GAME.view(state, rules()).tracks for r in g.rows if r.label == "Mystery"]
    assert mystery[0].value == "5/6"
    Drive(outcome_turn(state, Table().ctx), ["", "0", "m", "n", "n", "1", ""])
    assert state.end_cause == GRAND_FINALE
    view = GAME.view(state, rules())
    assert "Envelope 70" in view.finished and "Envelope 70" in GAME.summary(state)
    GAME.remember(state, tmp_path, "last")
    assert GAME.recall(tmp_path).mystery_stickers == 1
    assert any("Grand Finale" in line for line in GAME.home_lines(tmp_path))


def test_names_edited_into_the_campaign_file_stay_one_line_on_the_home_screen(tmp_path):
    """A king's or House's name typed with a newline into kings-dilemma.campaign (anyone in the
    group may edit it) is written out, so each home line stays one line (found by the fuzz test)."""
    import msgspec

    from tui.games.kings_dilemma import campaign

    game = campaign.GameRecord(seed=1, rounds=4, end_cause="death", king="Aldric\nII", winners=["Tork"],
                               houses={"To\nrk": campaign.HouseRecord(prestige=3, crave=1)})
    (tmp_path / FILE).write_bytes(msgspec.json.encode(campaign.CampaignFile(games={"2026-01-01T00:00:00+00:00#1": game})))
    lines = GAME.home_lines(tmp_path)
    assert any("Aldric\\x0aII" in line for line in lines) and any("To\\x0ark 3/1" in line for line in lines)
    assert not any("\n" in line for line in lines)


def test_one_game_entry_out_of_bounds_costs_only_itself_named_in_one_line(tmp_path):
    """Issue 21 (README: records read entry by entry): a game entry with an impossible Prestige is
    left out and named; the other games still count; the file is kept aside before the next
    finished game rewrites it."""
    good = GameRecord(seed=1, rounds=5, end_cause="death", king="Ysolde",
                      houses={"Tork": HouseRecord(prestige=4, crave=2)})
    stored = {"format": 1, "games": {"first": json.loads(msgspec.json.encode(good)),
                                     "second": json.loads(msgspec.json.encode(good))}}
    stored["games"]["second"]["houses"]["Tork"]["prestige"] = 10**9
    data = json.dumps(stored)
    (tmp_path / FILE).write_text(data)
    records.take_notices()

    recalled = GAME.recall(tmp_path)

    said = records.take_notices()
    assert recalled.games == 1 and recalled.prestige == {"Tork": 4}
    assert len(said) == 1 and FILE in said[0] and "'second'" in said[0] and "prestige" in said[0], said
    assert (tmp_path / FILE).read_text() == data  # reading never rewrites, nor sets aside

    runner = finished()
    campaign.remember(runner.state, tmp_path, "third")

    said = " | ".join(records.take_notices())
    [aside] = tmp_path.glob(FILE + ".damaged-*")
    assert aside.read_text() == data and aside.name in said, said
    assert set(read(tmp_path).games) == {"first", "third"}
