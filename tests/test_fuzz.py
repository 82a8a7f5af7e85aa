"""Fuzzing the loaders (issue 7, "Resilience drills"): thousands of mutated save files and rulesets,
for every registered game. A damaged file is always refused with one line (SaveError or
RulesetError, no newline), never another exception, never a hang. Fixed seeds: a failure names its
case, and rerunning the test reproduces it.
"""

from __future__ import annotations

import math
import random
import tomllib
from pathlib import Path
from typing import Any

import msgspec
import pytest

from drivers import play
from test_safe_fuzz import bounded
from tui import games
from tui.engine import saves
from tui.engine.game import GameDef, Status
from tui.engine.prompts import Instruction, TurnStart
from tui.engine.view import GameView
from tui.opengame import OpenGame
from tui.rules import loader
from tui.rules.common import RulesetHeader

SAVE_CASES = 2400  # shared among the registered games
RULESET_CASES = 800
CASE_SECONDS = 3  # a case still running after this is a hang

HUGE = [10**30, -(10**30), 2**63, -(2**63) - 1, 2**64, 10**400, 1e308, -1e308, 5e-324]
WRONG = ["", "x", 0, -1, 1.5, True, False, None, [], {}, [1, "a"], {"a": 1}, [[[]]]]
TEXTS = ["\n", "a\nb", "\x1b[2J", "\x1b]52;c;cHduZWQ=\x07", "[bold]x[/]", "[link=http://x]y[/link]",
         "x" * 20000, "💥", "\u202eevil", "../../etc/passwd", "\x00", "\ud7ff"]


# -- mutations ----------------------------------------------------------------------------------


def mutate_bytes(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    kind = rng.choice(["flip", "truncate", "cut", "insert"])
    buf = bytearray(data)
    if kind == "flip":
        for _ in range(rng.randint(1, 8)):
            buf[rng.randrange(len(buf))] = rng.randrange(256)
    elif kind == "truncate":
        del buf[rng.randrange(len(buf)) :]
    elif kind == "cut":
        start = rng.randrange(len(buf))
        del buf[start : start + rng.randint(1, 200)]
    else:
        at = rng.randrange(len(buf))
        buf[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 20)))
    return bytes(buf), kind


def _slots(tree) -> list[tuple[Any, Any]]:
    """Every (container, key) in the tree: the places a mutation can hit."""
    found, stack = [], [tree]
    while stack:
        node = stack.pop()
        keys = node.keys() if isinstance(node, dict) else range(len(node)) if isinstance(node, list) else ()
        for key in keys:
            found.append((node, key))
            stack.append(node[key])
    return found


def _deep(depth: int) -> str:
    """A placeholder for a value nested ``depth`` lists deep: written into the encoded text by
    ``nest`` (encoders give up on such depths themselves)."""
    return f"@@deep-{depth}@@"


def nest(data: bytes) -> bytes:
    for depth in (5, 60, 3000):
        data = data.replace(f'"{_deep(depth)}"'.encode(), b"[" * depth + b"1" + b"]" * depth)
    return data


def mutate_tree(tree, rng: random.Random) -> str:
    """1 to 3 mutations in place; returns what was done, for the failure message."""
    done = []
    for _ in range(rng.randint(1, 3)):
        slots = _slots(tree)
        if not slots:
            break
        parent, key = rng.choice(slots)
        value = parent[key]
        op = rng.choice(["huge", "wrong", "text", "deep", "delete", "swap", "dup", "nudge", "nudge"])
        if op == "huge":
            parent[key] = rng.choice(HUGE)
        elif op == "wrong":
            parent[key] = rng.choice(WRONG)
        elif op == "text":
            parent[key] = rng.choice(TEXTS)
        elif op == "deep":
            parent[key] = _deep(rng.choice([5, 60, 3000]))
        elif op == "delete":
            del parent[key]
        elif op == "swap":
            other_parent, other_key = rng.choice(slots)
            parent[key], other_parent[other_key] = other_parent[other_key], value
        elif op == "dup" and isinstance(value, list) and value:
            value.insert(rng.randrange(len(value) + 1), rng.choice(value))
        elif isinstance(value, bool) or not isinstance(value, int):
            parent[key] = rng.choice([0, -1, 1, 2, 99])
        else:
            parent[key] = value + rng.choice([-1, 1, -7, 7, 1000])
        done.append(f"{op} at {key!r}")
    return ", ".join(done)


# -- saves --------------------------------------------------------------------------------------


def _one_line(message: str) -> bool:
    return bool(message) and "\n" not in message and "\r" not in message and "\x1b" not in message


def test_mutated_saves_are_refused_in_one_line(tmp_path, monkeypatch):
    """Issue 7: thousands of mutated save files (byte flips, truncations, field swaps, huge numbers,
    wrong types, deep nesting) for every game: OpenGame.open and the saves list either open the
    save or refuse it with one line; nothing else escapes, nothing hangs."""
    registered = games.all_games()
    rules = {gid: OpenGame.load_rules(g) for gid, g in registered.items()}
    # The file under test is the save; its ruleset is loaded once, not once per case.
    monkeypatch.setattr(OpenGame, "load_rules", staticmethod(lambda game: rules[game.id]))
    rng = random.Random(2026)
    folder = tmp_path / "saves"
    path = folder / "fuzzed.json"
    failures: list[str] = []
    opened = 0
    per_game = max(200, SAVE_CASES // len(registered))
    for gid in sorted(registered):
        og = OpenGame.new(gid, {}, 5, None)
        play(og, 40, random.Random(5))
        og.path = folder / "base.json"
        og.autosave()
        base = og.path.read_bytes()
        for case in range(per_game):
            if rng.random() < 0.3:
                data, what = mutate_bytes(base, rng)
            else:
                tree = msgspec.json.decode(base)
                what = mutate_tree(tree, rng)
                data = nest(msgspec.json.encode(tree))
            label = f"{gid} save case {case} ({what})"
            path.write_bytes(data)
            try:
                with bounded(CASE_SECONDS, label):
                    listed = saves.listing(folder)
                    try:
                        game = OpenGame.open(path)
                    except saves.SaveError as exc:
                        if not _one_line(str(exc)):
                            failures.append(f"{label}: message not one line: {str(exc)[:200]!r}")
                        continue
                    # It opened: the screen must be able to show it.
                    game.runner.view()
                    game.runner.summary()
                    opened += 1
                assert all(_one_line(i.error) for i in listed if i.error), label
            except Exception as exc:  # noqa: BLE001 - collected and reported below
                failures.append(f"{label}: {type(exc).__name__}: {str(exc)[:200]}")
    assert not failures, f"{len(failures)} cases failed; first ones:\n" + "\n".join(failures[:12])
    assert opened < per_game * len(registered)  # the mutations did damage most files


# -- rulesets -----------------------------------------------------------------------------------


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return msgspec.json.encode(value).decode()  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value if v is not None) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_value(str(k))} = {_toml_value(v)}" for k, v in value.items() if v is not None) + "}"
    return _toml_value(str(value))


def to_toml(tree: dict) -> str:
    """TOML for a decoded tree, every table inline (no TOML writer is installed)."""
    return "\n".join(f"{_toml_value(str(k))} = {_toml_value(v)}" for k, v in tree.items() if v is not None) + "\n"


def test_mutated_rulesets_are_refused_in_one_line(tmp_path):
    """Issue 7: mutated rulesets (byte flips, truncations, swaps, huge numbers, wrong types,
    deep nesting) for every game: loader.load returns rules or raises RulesetError, one line
    per problem; nothing else escapes, nothing hangs."""
    registered = games.all_games()
    rng = random.Random(7)
    path = tmp_path / "fuzzed.toml"
    failures: list[str] = []
    loaded = 0
    per_game = max(100, RULESET_CASES // len(registered))
    for gid in sorted(registered):
        game = registered[gid]
        text = loader.shipped_path(gid).read_text()
        base = tomllib.loads(text)
        copy = msgspec.json.encode(base)  # a fresh tree per case, faster than parsing TOML again
        loader.load(loader.shipped_path(gid), game)  # the shipped file itself loads
        assert loader.load(_write(path, to_toml(base)), game) is not None  # and so does our rewrite
        for case in range(per_game):
            if rng.random() < 0.3:
                data, what = mutate_bytes(text.encode(), rng)
            else:
                tree = msgspec.json.decode(copy)
                what = mutate_tree(tree, rng)
                data = nest(to_toml(tree).encode())
            label = f"{gid} ruleset case {case} ({what})"
            path.write_bytes(data)
            try:
                with bounded(CASE_SECONDS, label):
                    loader.load(path, game)
                    loaded += 1
            except loader.RulesetError as exc:
                if not all(_one_line(line) for line in [str(exc), *exc.lines()]):
                    failures.append(f"{label}: message not one line: {str(exc)[:200]!r}")
            except Exception as exc:  # noqa: BLE001 - collected and reported below
                failures.append(f"{label}: {type(exc).__name__}: {str(exc)[:200]}")
    assert not failures, f"{len(failures)} cases failed; first ones:\n" + "\n".join(failures[:12])
    assert loaded < per_game * len(registered)


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


@pytest.mark.parametrize("depth", [50, 5000])
def test_deeply_nested_files_are_refused_in_one_line(tmp_path, toy, depth):
    """A save or ruleset nested thousands of levels deep is a one-line error, not a crash
    (the decoders give up with RecursionError, which the loaders must catch)."""
    nested = "[" * depth + "]" * depth
    save = tmp_path / "deep.json"
    save.write_text('{"format": 1, "game": "toy", "x": ' + nested + "}")
    with pytest.raises(saves.SaveError) as caught:
        OpenGame.open(save)
    assert _one_line(str(caught.value))
    assert all(_one_line(i.error) for i in saves.listing(tmp_path) if i.error)
    ruleset = toy / "toy.toml"
    ruleset.write_text(ruleset.read_text() + f"deep = {nested}\n")
    with pytest.raises(loader.RulesetError) as caught:
        loader.load(ruleset, games.get("toy"))
    assert _one_line(str(caught.value))


# -- what the fuzz found: a game's own code meeting a state it never makes ------------------------


class FragileRules(msgspec.Struct):
    ruleset: RulesetHeader


class FragileState(msgspec.Struct):
    phase: str = "play"
    players: int = 2
    seats: list[str] = msgspec.field(default_factory=lambda: ["north", "south"])


def _fragile_play(state, ctx):
    while True:
        yield TurnStart("Round")
        if state.phase == "play":  # any other phase: nothing to ask, on to the next round
            yield Instruction(f"Deal {12 // state.players} cards each")


FRAGILE = GameDef(
    id="fragile", title="Fragile", subtitle="", ruleset_type=FragileRules, state_type=FragileState,
    new_state=lambda rules, options, seed: FragileState(),
    play=_fragile_play, view=lambda state, rules: GameView(title="Fragile"),
    status=lambda state: Status(state.phase, header=state.seats[0]),
)


@pytest.mark.parametrize("field, value, why", [
    ("phase", "dusk", "makes no progress"),  # found in heirless: a swapped phase looped for ever
    ("players", 0, "cannot go on from this state (ZeroDivisionError"),  # an error OpenGame does not expect
    ("seats", [], "IndexError"),  # found in oath: the state replays but cannot be shown
])
def test_a_state_the_game_never_makes_is_refused_in_one_line(tmp_path, monkeypatch, field, value, why):
    """Found by the save fuzz: an edited saved state made a game loop for ever (heirless) or fail
    in view() after opening (oath). Opening such a save is now a one-line SaveError."""
    monkeypatch.setattr(games, "all_games", lambda: {"fragile": FRAGILE})
    rules = FragileRules(RulesetHeader(id="fragile", game="fragile", version="1", title="Fragile"))
    monkeypatch.setattr(OpenGame, "load_rules", staticmethod(lambda game: rules))
    path = tmp_path / "fragile.json"
    OpenGame.new("fragile", {}, 1, path).answer("")
    save = saves.read(path)
    state = msgspec.json.decode(save.session.snapshots[0].state)
    state[field] = value
    save.session.snapshots[0].state = msgspec.Raw(msgspec.json.encode(state))
    path.write_bytes(saves.encode(save))
    with bounded(CASE_SECONDS, f"opening with {field} = {value!r}"), pytest.raises(saves.SaveError) as caught:
        OpenGame.open(path)
    assert _one_line(str(caught.value)) and why in str(caught.value)


def test_bytes_that_are_not_utf8_are_refused_in_one_line(tmp_path, toy):
    """Found by the fuzz: a flipped byte that breaks UTF-8 raised UnicodeDecodeError."""
    save = tmp_path / "bad.json"
    save.write_bytes(b'{"format": 1, "game": "to\xffy"}')
    with pytest.raises(saves.SaveError) as caught:
        OpenGame.open(save)
    assert "not UTF-8" in str(caught.value)
    ruleset = toy / "toy.toml"
    ruleset.write_bytes(ruleset.read_bytes().replace(b'"Toy"', b'"To\xffy"'))
    with pytest.raises(loader.RulesetError) as caught:
        loader.load(ruleset, games.get("toy"))
    assert "not UTF-8" in str(caught.value)
