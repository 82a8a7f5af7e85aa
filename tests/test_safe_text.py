"""Issue 14, terminal escapes: text from a file name, a lock file or a campaign file (a king's
name) is shown with its control characters written out, in the app, in --plain and in the CLI;
never sent to the terminal raw."""

from __future__ import annotations

import msgspec
from textual.widgets import OptionList, Static

from test_app_support import app_on, sync
from tui import cli
from tui.engine import savelock
from tui.games.kings_dilemma import campaign
from tui.opengame import OpenGame

ESCAPE = "\x1b]0;pwned\x07\x1b[2J"


def king_campaign(folder) -> None:
    game = campaign.GameRecord(seed=1, rounds=3, end_cause="death", king=f"Aldric{ESCAPE}",
                               houses={"Tork": campaign.HouseRecord(prestige=2)})
    (folder / campaign.FILE).write_bytes(msgspec.json.encode(campaign.CampaignFile(games={"k": game})))


def test_the_cli_writes_out_escapes_from_names_and_locks(tmp_path, capsys):
    folder = tmp_path / "saves"
    og = OpenGame.new("oath", {}, 2, folder / f"x{ESCAPE}.json")
    og.release()
    savelock.lock_path(og.path).write_text(
        msgspec.json.encode(savelock.LockInfo(pid=1, host=f"h{ESCAPE}", user=f"u{ESCAPE}")).decode()
    )
    assert cli.main(["list", "--saves-dir", str(folder)]) == 0
    assert cli.main(["show", str(og.path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\\x1b]0;pwned" in out
    info = savelock.read_info(og.path)
    assert "\x1b" not in info.who() and "\\x1b" in info.describe()


@sync
async def test_the_home_screen_writes_out_escapes_from_names_and_campaign_files(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    king_campaign(folder)
    OpenGame.new("oath", {}, 2, folder / f"x{ESCAPE}.json").release()
    async with app_on(folder) as (app, pilot):
        records = str(app.screen.query_one("#records", Static).render())
        assert "Aldric\\x1b]0;pwned" in records and "\x1b" not in records
        saves_list = app.screen.query_one("#saves", OptionList)
        shown = [str(saves_list.get_option_at_index(i).prompt) for i in range(saves_list.option_count)]
        assert any("x\\x1b]0;pwned" in s for s in shown) and not any("\x1b" in s for s in shown)
