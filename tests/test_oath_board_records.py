"""Issue 21: the remembered Prince board (saves/oath.board) is read entry by entry, like the
Command of Nature board: a value out of bounds is named in one line and costs only its own entry,
and the file is kept aside before it is written again without it."""

from __future__ import annotations

import json
from pathlib import Path


from test_oath_helpers import new_runner
from tui.engine import records
from tui.games.oath import records as board

BAD = {"box_actions": [2, 3, 4, 5], "box_trade": [1, 1, 2, 99999], "tactics_spaces": [4, 2, 4, 2],
       "tactics_star": 1}


def test_one_value_out_of_bounds_is_named_and_the_rest_kept(tmp_path: Path):
    (tmp_path / board.FILE).write_text(json.dumps(BAD))

    got = board.recall(tmp_path)

    said = records.take_notices()
    assert len(said) == 1 and str(tmp_path / board.FILE) in said[0], said
    assert "box_trade 4: 99999" in said[0], said
    assert got.box_actions == [] and got.box_trade == []  # the boxes: asked again at setup
    assert got.tactics_spaces == [4, 2, 4, 2] and got.tactics_star == 1  # the Tactics kept
    assert json.loads((tmp_path / board.FILE).read_text()) == BAD  # reading never rewrites


def test_a_star_off_the_tactics_track_is_named(tmp_path: Path):
    (tmp_path / board.FILE).write_text(json.dumps({**BAD, "box_trade": [1, 1, 2, 2], "tactics_star": 7}))
    got = board.recall(tmp_path)
    said = records.take_notices()
    assert len(said) == 1 and "tactics_star: 7" in said[0], said
    assert got.box_trade == [1, 1, 2, 2] and got.tactics_star == -1


def test_the_file_is_kept_aside_before_it_is_written_again(tmp_path: Path):
    path = tmp_path / board.FILE
    path.write_text(json.dumps(BAD))
    state = new_runner().state
    state.board_values = "entered"
    state.box_actions, state.box_trade = [2, 3, 4, 5], [1, 1, 2, 2]

    board.remember(state, tmp_path, "game")

    said = " | ".join(records.take_notices())
    aside = list(tmp_path.glob(board.FILE + ".damaged-*"))
    assert len(aside) == 1 and json.loads(aside[0].read_text()) == BAD
    assert aside[0].name in said and "box_trade 4" in said, said
    assert board.recall(tmp_path).box_trade == [1, 1, 2, 2]
