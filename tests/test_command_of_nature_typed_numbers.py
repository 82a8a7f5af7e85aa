"""Issue 24 (playtest of Command of Nature at 80×24): a number typed at the prompt bar keeps its
sign. Typing -1 where the Clockwork Sage has no gold to lose once dropped the '-', hid the hint
and then recorded +1; now the minus is kept and the whole answer is refused in one line that
stays on screen, nothing recorded."""

from __future__ import annotations

from drivers import hint_line
from test_app_support import make_app, running, sync
from tui.opengame import OpenGame
from tui.screens.game import GameScreen


def sage_with_no_gold(tmp_path):
    """A new game whose Clockwork starts with 0 gold, at 'Your turn'."""
    path = tmp_path / "sage.json"
    og = OpenGame.new("command-of-nature", {}, 3, path)
    while og.runner.pending.label != "Your turn":
        label = og.runner.pending.label
        og.answer("0" if "starting gold" in label else "1" if "Unused" in label else "")
    assert og.runner.state.gold.value == 0
    return path


@sync
async def test_minus_one_at_the_gold_step_is_refused_whole_and_never_becomes_plus_one(tmp_path):
    """The gold change (reaction 7): the Sage has 0 gold, so -1 cannot be taken (seed: HOW TO
    PLAY; the wallet never goes below 0). Typed as -, 1, Enter: the answer line shows -1, the
    refusal stays in the hint, nothing is recorded and the gold stays 0; +1 only when typed."""
    path = sage_with_no_gold(tmp_path)
    app = make_app(tmp_path, path)
    async with running(app, (80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        runner = screen.opened.runner
        await pilot.press("7")
        await pilot.pause()
        assert runner.pending.label == "Clockwork gold change"
        assert "no gold to lose" in runner.pending.text
        applied = runner.applied
        await pilot.press("x")  # a key no number takes: its hint stays while nothing else is typed
        await pilot.pause()
        assert "'x' does nothing here" in hint_line(screen)
        await pilot.pause(0.3)
        assert "'x' does nothing here" in hint_line(screen) and screen.prompt_bar.digits == ""
        await pilot.press("minus")
        await pilot.pause()
        assert screen.prompt_bar.digits == "-"
        await pilot.press("1")
        await pilot.pause()
        assert screen.prompt_bar.digits == "-1"
        await pilot.press("enter")
        await pilot.pause()
        hint = hint_line(screen)
        assert "−1 is out of range" in hint and "0 to 10" in hint, hint  # a minus sign as ranges write it
        assert runner.applied == applied and runner.state.gold.value == 0
        await pilot.press("1", "enter")
        await pilot.pause()
        assert runner.state.gold.value == 1 and runner.applied == applied + 1
