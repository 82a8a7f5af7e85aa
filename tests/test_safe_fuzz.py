"""Issue 14, fuzz (hypothesis): mutated saves, rulesets, campaign and realm files and names.
Thousands of inputs in all; none crashes, hangs or prints more than one line; a damaged record
file is set aside and play goes on with empty records. Examples per test are tuned to keep each
test to a few seconds (deadline off: the machine is shared)."""

from __future__ import annotations

import contextlib
import signal
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui import cli
from tui.engine import records, saves
from tui.engine.savelock import SaveLock
from tui.engine.saves import SaveError
from tui.games import kings_dilemma
from tui.games.eu_price_of_power import memory
from tui.games.kings_dilemma import campaign
from tui.opengame import OpenGame
from tui.rules import loader
from tui.rules.loader import RulesetError

def fuzz(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck), database=None)


@contextlib.contextmanager
def bounded(seconds: float = 5, what: str = ""):
    """Fails the test (TimeoutError) when the block runs longer than ``seconds``: a hang."""
    def hang(signum, frame):
        raise TimeoutError(f"still running after {seconds} s" + (f": {what}" if what else ""))

    old = signal.signal(signal.SIGALRM, hang)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def one_line(text: str) -> bool:
    return "\n" not in text and "\x1b" not in text


# JSON values a hostile editor might put anywhere.
ODD = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70), st.floats(allow_nan=False), st.booleans(), st.none(),
    st.text(max_size=40), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


def replace_somewhere(value, path: list[int], new):
    """``value`` with the node reached by following ``path`` (indices mod the children) replaced."""
    if not path or not isinstance(value, (dict, list)) or not value:
        return new
    if isinstance(value, dict):
        keys = list(value)
        key = keys[path[0] % len(keys)]
        return {**value, key: replace_somewhere(value[key], path[1:], new)}
    i = path[0] % len(value)
    return value[:i] + [replace_somewhere(value[i], path[1:], new)] + value[i + 1:]


def mutations(valid: bytes):
    """Byte-level damage (flips, cuts, insertions) or a JSON value swapped for an odd one."""
    as_json = msgspec.json.decode(valid)
    flips = st.tuples(st.integers(0, len(valid) - 1), st.binary(min_size=1, max_size=4)).map(
        lambda t: valid[: t[0]] + t[1] + valid[t[0] + len(t[1]):])
    cuts = st.integers(0, len(valid) - 1).map(lambda n: valid[:n])
    inserts = st.tuples(st.integers(0, len(valid)), st.binary(min_size=1, max_size=8)).map(
        lambda t: valid[: t[0]] + t[1] + valid[t[0]:])
    swaps = st.tuples(st.lists(st.integers(0, 50), max_size=6), ODD).map(
        lambda t: msgspec.json.encode(replace_somewhere(as_json, t[0], t[1])))
    return st.one_of(flips, cuts, inserts, swaps)


def holding(tmp_path_factory, name: str, data: bytes) -> Path:
    """A fresh saves folder whose file ``name`` holds ``data``."""
    folder = tmp_path_factory.mktemp("saves")
    (folder / name).write_bytes(data)
    return folder


def _campaign() -> bytes:
    house = campaign.HouseRecord(prestige=3, crave=1, achievements=["Achievement 1"], alignment="rebel")
    game = campaign.GameRecord(seed=1, rounds=4, end_cause="death", king="Aldric II", winners=["Tork"],
                               houses={"Tork": house, "Coden": campaign.HouseRecord(prestige=-1)})
    return msgspec.json.encode(campaign.CampaignFile(games={"2026-01-01T00:00:00+00:00#1": game}))


CAMPAIGN = _campaign()
REALMS = msgspec.json.encode(memory.Memory(removals={"France": {"1": [3, 4], "2": [9]}}, dice_faces={"Infantry": 2}))


@fuzz(250)
@given(data=mutations(CAMPAIGN))
def test_a_mutated_campaign_file_never_stops_new_or_the_home_lines(tmp_path_factory, data):
    folder = holding(tmp_path_factory, campaign.FILE, data)
    with bounded():
        lines = kings_dilemma.GAME.home_lines(folder)
        og = OpenGame.new("kings-dilemma", {}, 5, folder / "g.json")
        og.release()
    assert all(one_line(line) for line in lines)
    assert all(one_line(n) for n in records.take_notices())
    left = sorted(p.name for p in folder.iterdir())
    if not (folder / campaign.FILE).exists():  # set aside, never overwritten
        assert any(name.startswith(campaign.FILE + ".damaged-") for name in left)
        assert (folder / [n for n in left if n.startswith(campaign.FILE + ".damaged-")][0]).read_bytes() == data


@fuzz(250)
@given(data=mutations(REALMS))
def test_a_mutated_realms_file_never_stops_new(tmp_path_factory, data):
    folder = holding(tmp_path_factory, memory.FILE, data)
    with bounded():
        lines = memory.home_lines(folder)
        og = OpenGame.new("eu-price-of-power", {}, 5, folder / "g.json")
        og.release()
    assert all(one_line(line) for line in lines)
    assert all(one_line(n) for n in records.take_notices())


def _save() -> bytes:
    og = OpenGame.new("oath", {}, 3, None)
    for _ in range(6):
        prompt = og.runner.pending
        if prompt is None:
            break
        from tui.engine.prompts import valid_answers

        og.runner.answer(valid_answers(prompt)[0])
    save = og.save_file
    save.session = og.runner.saved_session()
    return saves.encode(save)


SAVE = _save()


@fuzz(500)
@given(data=mutations(SAVE))
def test_a_mutated_save_opens_or_is_refused_in_one_line(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("s") / "g.json"
    path.write_bytes(data)
    with bounded():
        try:
            OpenGame.open(path)
        except SaveError as exc:
            assert one_line(str(exc)) and str(path) in str(exc)
        infos = saves.listing(path.parent)
    assert len(infos) == 1 and one_line(infos[0].error + infos[0].name)


RULESET = (Path(loader.rulesets_dir()) / "kings-dilemma.toml").read_text(encoding="utf-8")
NUMBERS = [(i, len(line)) for i, line in enumerate(RULESET.splitlines()) if " = " in line
           and line.split(" = ", 1)[1].strip().lstrip("-").isdigit()]


@fuzz(400)
@given(which=st.integers(0, len(NUMBERS) - 1), value=st.integers(min_value=-(2**64), max_value=2**64))
def test_every_number_in_a_ruleset_has_a_range_checked_at_load(tmp_path_factory, which, value):
    """A count of 2**31 once passed validate and exhausted memory in play: now out of range."""
    lines = RULESET.splitlines()
    index = NUMBERS[which][0]
    key = lines[index].split(" = ", 1)[0]
    lines[index] = f"{key} = {value}"
    path = tmp_path_factory.mktemp("r") / "kings-dilemma.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with bounded():
        try:
            loader.load(path, kings_dilemma.GAME)
        except RulesetError as exc:
            assert all(one_line(line) for line in exc.lines())
            if not loader.NUMBERS[0] <= value <= loader.NUMBERS[1]:
                assert any("out of range" in line or "not valid TOML" in line for line in exc.lines()), exc.lines()
            return
    assert loader.NUMBERS[0] <= value <= loader.NUMBERS[1]


@fuzz(500)
@given(name=st.text(min_size=1, max_size=120))
def test_any_typed_name_becomes_a_file_whose_derived_names_all_fit(tmp_path_factory, name):
    folder = tmp_path_factory.mktemp("n")
    try:
        path = saves.path_in(folder, name)
    except SaveError as exc:
        assert one_line(str(exc))
        return
    assert path.parent == folder.resolve() and len(path.name.encode()) <= 255 - 30
    saves.write_atomic(path, b"{}")
    saves.write_atomic(path, b"{}")
    SaveLock.acquire(path).release()
    assert (folder / (path.name + ".bak")).exists()


@fuzz(60)
@given(name=st.text(min_size=1, max_size=300))
def test_any_save_path_on_the_command_line_is_one_line(tmp_path_factory, capsys, name):
    folder = tmp_path_factory.mktemp("c")
    if "\x00" in name or "/" in name:
        name = name.replace("\x00", "0").replace("/", "-")
    target = str(folder / name)
    with bounded(20):
        code = cli.main(["show", target])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and "internal error" not in err
    assert "\x1b" not in err


@pytest.mark.parametrize("which", ["campaign", "realms"])
def test_a_huge_record_file_is_set_aside_not_read(tmp_path, monkeypatch, which):
    monkeypatch.setattr(saves.files, "MAX_READ", 100)
    name = campaign.FILE if which == "campaign" else memory.FILE
    (tmp_path / name).write_bytes(b" " * 101)
    (campaign.recall if which == "campaign" else memory.recall)(tmp_path)
    [notice] = records.take_notices()
    assert "larger than any" in notice and one_line(notice)
    assert list(tmp_path.glob(name + ".damaged-*"))
