"""With NO_COLOR set, the game screen still says everything: the current step and the answer keys
are carried by glyphs and text, not by colour (DESIGN.md, "The screen")."""

from __future__ import annotations

from test_app_support import make_app, running, sync
from tui.screenshots import demo_save


@sync
async def test_no_color_game_screen_keeps_its_markers(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    folder = tmp_path / "saves"
    folder.mkdir()
    path = demo_save(folder, "command-of-nature")
    app = make_app(folder, path)
    async with running(app, (80, 24)):
        assert app.no_color
        svg = app.export_screenshot()
    text = svg.replace("&#160;", " ")
    assert "▶" in text  # the step being walked
    assert "daybreak effect of Cedar" in text and " d " in text and " r " in text  # the question and its keys
