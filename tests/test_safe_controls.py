"""Issue 21, item 7: control characters (ESC, C1 codes such as CSI U+009B) and bidirectional
formatting (U+202E turns the rest of a line around) from a save, a file name or a ruleset are
written out in every output, never obeyed or reordered by the terminal: the app, --plain, and
every command, `show --json` included (there as JSON escapes, so it still reads back the same)."""

from __future__ import annotations

import io
import json
import re

import pytest

from test_app_support import make_app, running, sync
from toy_game import TURN
from tui import cli
from tui.engine.prompts import shown

# U+009B (CSI) and ESC: the terminal obeys them; U+202E: the terminal reverses what follows; the
# newline would make one line of a list or a log two.
NASTY = "\x9b2J\u202eevil\x1b[31m\nforged"
# Everything a terminal would obey or reorder, but the newline and tab that end and space lines.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
WRITTEN = "\\x9b2J\\u202eevil\\x1b[31m\\x0aforged"  # NASTY as every output shows it on one line


def clean(text: str) -> None:
    if (raw := RAW.search(text)) is not None:
        raise AssertionError(f"{raw.group()!r} reached the output raw")
    # The newline inside NASTY never starts a line of its own: each line of output stays one.
    assert not any(line.startswith("forged") for line in text.splitlines()), text


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def nasty_save(toy, tmp_path, capsys):
    """A toy save whose file name, summary, a stored answer's label and the card names in its
    saved state carry NASTY (what someone sharing the saves folder could leave there)."""
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / f"x{NASTY}.json"
    assert cli.main(["new", "toy", "--seed", "5", "--save", str(path)]) == 0
    assert cli.main(["step", str(path), *TURN]) == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data["summary"] = f"Turn 1{NASTY}"
    data["session"]["answers"][1]["label"] = f"Pay{NASTY}"
    piles = data["session"]["snapshots"][0]["state"]["deck"]["piles"]
    piles["draw"] = [f"{card}{NASTY}" for card in piles["draw"]]
    path.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    return path


@pytest.mark.parametrize("argv", [["show"], ["log"], ["step"], ["undo", "4"], ["redo"]], ids=lambda a: a[0])
def test_commands_write_out_what_a_save_carries(nasty_save, capsys, argv):
    code, out, err = run(capsys, argv[0], nasty_save, *argv[1:])
    assert code == 0, err
    clean(out + err)
    assert WRITTEN in out


def test_show_json_escapes_what_the_terminal_would_obey_and_reads_back_the_same(nasty_save, capsys):
    code, out, err = run(capsys, "show", "--json", nasty_save)
    assert code == 0, err
    clean(out)
    assert "\\u009b" in out and "\\u202e" in out
    assert json.loads(out)["summary"] == f"Turn 1{NASTY}"  # still JSON, the same strings
    assert json.loads(out)["summary"] == json.loads(nasty_save.read_text(encoding="utf-8"))["summary"]


def test_list_writes_out_names_and_summaries(nasty_save, capsys):
    code, out, err = run(capsys, "list", "--saves-dir", nasty_save.parent)
    assert code == 0, err
    clean(out + err)
    assert f"x{WRITTEN}.json" in out and f"Turn 1{WRITTEN}" in out
    assert len(out.splitlines()) == 1


def test_plain_mode_writes_out_what_a_save_carries(nasty_save, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("show\nlog\nhelp\nundo\nredo\nquit\n"))
    code, out, err = run(capsys, "play", "--plain", nasty_save)
    assert code == 0, err
    clean(out + err)
    assert WRITTEN in out


def test_error_lines_write_out_a_file_name(toy, tmp_path, capsys):
    code, out, err = run(capsys, "show", tmp_path / f"gone{NASTY}.json")
    assert code == 1 and out == ""
    clean(err)
    assert err.count("\n") == 1 and WRITTEN in err


def test_validate_and_games_write_out_a_ruleset_s_name_and_text(toy, tmp_path, capsys, monkeypatch):
    folder = tmp_path / f"rules{NASTY}"
    folder.mkdir()
    (folder / "toy.toml").write_text("cards = [", encoding="utf-8")  # not TOML
    good = tmp_path / f"good{NASTY}.toml"
    good.write_text((toy / "toy.toml").read_text(encoding="utf-8"), encoding="utf-8")
    code, out, err = run(capsys, "validate", folder / "toy.toml", good)
    assert code == 1
    clean(out + err)
    assert f"rules{WRITTEN}/toy.toml: (top): not valid TOML" in err and f"ok: {tmp_path}/good{WRITTEN}.toml" in out
    monkeypatch.setenv("CLOCKWORK_RULESETS", str(folder))
    code, out, err = run(capsys, "games")
    assert code == 0
    clean(out + err)
    assert f"rules{WRITTEN}/toy.toml" in out


def test_shown_writes_out_every_bidirectional_format_and_c1_code():
    for char in "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\x80\x9b\x9f\x1b\x7f":
        assert RAW.search(shown(f"a{char}b")) is None
        assert shown(f"a{char}b") == f"a\\{'x' if ord(char) < 0x100 else 'u'}{ord(char):0{2 if ord(char) < 0x100 else 4}x}b"
    assert shown("Zoë → مرحبا ✓ 日本") == "Zoë → مرحبا ✓ 日本"  # letters of any script stay as they are


@sync
async def test_the_app_writes_out_what_a_save_carries(nasty_save):
    app = make_app(nasty_save.parent, nasty_save)
    async with running(app, (120, 40)) as pilot:
        screens = ["\n".join(strip.text for strip in app.screen._compositor.render_strips())]
        await pilot.press("f2")  # the rules at hand (tui/keys.py)
        await pilot.pause()
        screens.append("\n".join(strip.text for strip in app.screen._compositor.render_strips()))
    for text in screens:
        assert RAW.search(text) is None, repr(text)
    assert "\\u202e" in screens[0]


def test_separators_and_invisible_marks_are_written_out_on_one_line():
    """Issue 21 item 7, found by the two-account check: U+2028/2029 split a one-line message for
    anything using splitlines, and U+200B, U+FEFF, U+00AD hide inside a name."""
    text = shown("Ann\u2028forged\u2029line\u200bzero\ufeffmark\u00adsoft", one_line=True)
    assert len(text.splitlines()) == 1
    assert all(c not in text for c in "\u2028\u2029\u200b\ufeff\u00ad")
    assert "\\u2028" in text and "\\u200b" in text and "\\xad" in text
