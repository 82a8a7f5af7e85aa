"""Records a game keeps between games (GameDef.recall / remember / home_lines): a campaign, or
setup answers remembered for the next game (DESIGN.md, "Saves")."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

import toy_game
import tui.games
from tui.engine import saves
from tui.opengame import OpenGame


class Memory(msgspec.Struct):
    games: dict[str, int] = {}


class RememberingState(toy_game.ToyState):
    seen: int = 0


def _recall(folder):
    path = folder / "toy-records.json"
    try:
        return msgspec.json.decode(path.read_bytes(), type=Memory)
    except (OSError, msgspec.DecodeError):
        return Memory()


def _new_state(rules, options, seed, recalled=None):
    base = toy_game.new_state(rules, options, seed)
    fields = {f: getattr(base, f) for f in base.__struct_fields__}
    return RememberingState(**fields, seen=len(recalled.games) if recalled else 0)


def _remember(state, folder, key):
    memory = _recall(folder)
    memory.games[key] = state.turn
    saves.write_atomic(folder / "toy-records.json", msgspec.json.encode(memory), what="records")


@pytest.fixture
def remembering(toy, monkeypatch):
    game = dataclasses.replace(
        toy_game.GAME, state_type=RememberingState, new_state=_new_state, recall=_recall, remember=_remember
    )
    monkeypatch.setattr(tui.games, "all_games", lambda: {"toy": game})
    return game


def test_records_are_written_after_each_save_once_per_save_name(remembering, tmp_path):
    first = OpenGame.new("toy", {}, 1, tmp_path / "one.json")
    for answer in toy_game.TURN:
        first.answer(answer)
    OpenGame.new("toy", {}, 2, tmp_path / "two.json")
    memory = _recall(tmp_path)
    assert sorted(memory.games.values()) == [1, 2]  # one entry per game (the turn it reached), updated in place


def test_a_new_game_carries_what_earlier_games_left_and_replays_without_reading_it(remembering, tmp_path):
    OpenGame.new("toy", {}, 1, tmp_path / "one.json")
    second = OpenGame.new("toy", {}, 2, tmp_path / "two.json")
    assert second.runner.state.seen == 1
    (tmp_path / "toy-records.json").write_text("damaged")
    reopened = OpenGame.open(tmp_path / "two.json")
    assert reopened.runner.state.seen == 1  # from the save's first snapshot, not from the file


def test_records_that_cannot_be_written_say_the_game_itself_is_saved(remembering, tmp_path, monkeypatch):
    opened = OpenGame.new("toy", {}, 1, tmp_path / "one.json")

    real = saves.write_atomic

    def refuse(path, data, what="file"):
        if what == "records":
            raise saves.SaveError(f"{path}: could not write the records (disk full)")
        real(path, data, what)

    monkeypatch.setattr(saves, "write_atomic", refuse)
    with pytest.raises(saves.SaveError, match="the game is saved, but its records are not"):
        opened.answer("")
    assert OpenGame.open(tmp_path / "one.json").runner.applied == 1


def test_a_game_saved_under_a_second_name_is_still_one_game_in_the_records(remembering, tmp_path):
    opened = OpenGame.new("toy", {}, 1, tmp_path / "one.json")
    opened.save_as(tmp_path, "copy")
    opened.answer("")
    assert len(_recall(tmp_path).games) == 1
