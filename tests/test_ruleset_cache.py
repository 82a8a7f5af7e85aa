"""Rulesets parsed once (tui/rules/parse_cache.py): a start after the first reads the parsed copy
instead of the TOML, and nothing about a copy can change what a ruleset says."""

from __future__ import annotations

import os

import msgspec
import pytest

from tui.rules import loader, parse_cache


@pytest.fixture
def cache(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "clockwork" / "rulesets"


def never_parse(data):
    raise AssertionError("the TOML was parsed again")


def test_the_second_load_reads_the_copy_and_gives_the_same_rules(cache, toy, monkeypatch):
    import toy_game

    first = loader.load(toy / "toy.toml", toy_game.GAME)
    assert len(list(cache.iterdir())) == 1
    monkeypatch.setattr(msgspec.toml, "decode", never_parse)
    assert loader.load(toy / "toy.toml", toy_game.GAME) == first


def test_an_edited_ruleset_is_parsed_again(cache, toy):
    import toy_game

    path = toy / "toy.toml"
    loader.load(path, toy_game.GAME)
    path.write_text(path.read_text() + "\n# edited at the table\n")
    loader.load(path, toy_game.GAME)
    assert len(list(cache.iterdir())) == 2  # one copy per distinct text


@pytest.mark.parametrize("damage", ["flip", "cut", "garbage", "empty"])
def test_a_damaged_copy_is_parsed_again_and_replaced(cache, toy, damage):
    import toy_game

    path = toy / "toy.toml"
    first = loader.load(path, toy_game.GAME)
    (copy,) = cache.iterdir()
    data = copy.read_bytes()
    damaged = {
        "flip": data[:-5] + bytes([data[-5] ^ 0x01]) + data[-4:],
        "cut": data[: len(data) // 2],
        "garbage": os.urandom(len(data)),
        "empty": b"",
    }[damage]
    copy.write_bytes(damaged)
    assert loader.load(path, toy_game.GAME) == first
    assert copy.read_bytes() == data


def test_a_link_in_place_of_a_copy_is_neither_read_nor_written_through(cache, toy, tmp_path):
    import toy_game

    path = toy / "toy.toml"
    first = loader.load(path, toy_game.GAME)
    (copy,) = cache.iterdir()
    # A well-formed copy that says something else, planted behind a link at the copy's name.
    raw = msgspec.toml.decode(path.read_bytes())
    raw["ruleset"]["game"] = "another-game"
    payload = msgspec.msgpack.encode(raw)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(parse_cache._sum(payload) + payload)
    before = elsewhere.read_bytes()
    copy.unlink()
    copy.symlink_to(elsewhere)
    assert loader.load(path, toy_game.GAME) == first
    assert elsewhere.read_bytes() == before


def test_no_usable_cache_folder_still_loads(monkeypatch, toy, tmp_path):
    import toy_game

    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would go")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert loader.load(toy / "toy.toml", toy_game.GAME)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert parse_cache.folder() is None
    assert loader.load(toy / "toy.toml", toy_game.GAME)


def test_a_ruleset_that_is_not_toml_is_still_refused_with_its_reason(cache, toy):
    import toy_game

    path = toy / "toy.toml"
    path.write_text("[ruleset\n")
    for _ in range(2):  # a refusal is never kept as a copy
        with pytest.raises(loader.RulesetError, match="not valid TOML"):
            loader.load(path, toy_game.GAME)
    assert not cache.exists() or not list(cache.iterdir())
