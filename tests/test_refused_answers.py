"""Issue 13 item 7: a typed answer that cannot be read is refused in place with a one-line reason;
nothing enters the history or the save, the same question waits, and `clockwork step` exits 2
naming the refused answer. One case per game, given through the Runner or an open game, with the
rule it guards."""

from __future__ import annotations

import pytest

import drivers
from test_command_of_nature_clockwork_turn import FILLER, start_clockwork_turn
from test_command_of_nature_helpers import arranged as nature_arranged
from test_eu_price_of_power_helpers import raw
from test_heirless_helpers import free, pick, set_up
from test_kings_dilemma_helpers import new_runner as kd_runner
from test_kings_dilemma_setup import through_setup
from test_oath_helpers import arranged as oath_arranged, skip_threat
from tui import cli
from tui.engine.prompts import TextEntry, parse_answer
from tui.opengame import OpenGame


def eu_setup_until(og: OpenGame, label: str, realm: str = "France") -> None:
    """Setup answers: ``realm`` for Bot 1, removals typed per Age (not the known ones), the rest
    by default, until the question labelled ``label``."""
    while drivers.waiting(og.runner).label != label:
        prompt = drivers.waiting(og.runner)
        if prompt.label == "Bot 1 realm":
            og.answer(realm)
        elif isinstance(prompt, TextEntry) and "removed in Age" in prompt.text:
            og.answer("3 7 12")
        else:
            og.answer(raw(prompt))


def test_eu_a_card_id_outside_the_bot_deck_is_refused_and_the_save_is_untouched(tmp_path):
    """eu-price-of-power-bots.txt, p.6 Bot Realms (the removals are Bot card IDs 1-24; the known
    case: '99' was recorded as "France removals Age IV → 99", then asked again)."""
    path = tmp_path / "eu.json"
    og = OpenGame.new("eu-price-of-power", {"bots": "1", "humans": "0"}, 1, path)
    eu_setup_until(og, "France removals Age IV")
    saved = path.read_bytes()
    prompt = og.runner.pending
    assert all(parse_answer(prompt, example) == example for example in prompt.examples)  # random play's
    drivers.refused(og, "99", "'99' is not a Bot card ID (1-24).")
    drivers.refused(og, "5 5", "Card 5 is listed twice.")
    assert path.read_bytes() == saved
    og.answer("1 24")
    assert og.runner.state.bots[0].removals["4"] == [1, 24]
    assert not any("99" in e.text for e in og.runner.session.log)


def test_eu_a_realm_another_bot_plays_is_refused():
    """eu-price-of-power-bots.txt, p.6 Bot Realms (each Bot a different realm)."""
    og = OpenGame.new("eu-price-of-power", {"bots": "2", "humans": "0"}, 1, None)
    eu_setup_until(og, "Bot 2 realm")
    drivers.refused(og, " france ", "france is taken.")
    og.answer("Spain")
    assert [b.realm for b in og.runner.state.bots] == ["France", "Spain"]


def test_kd_outcome_tokens_that_cannot_be_read_are_refused():
    """kings-dilemma rulebook p.9 (each token a Resource or a sticker going + or −; the known case:
    'inf+ st' was recorded, then asked again)."""
    runner = kd_runner(3)
    through_setup(runner, ["1", "2", "3"])
    runner.answer("Famine")
    prompt = runner.pending
    assert all(parse_answer(prompt, example) == example for example in prompt.examples)  # random play's
    drivers.refused(runner, "inf+ st", "'st' needs a name and one + or - after it, as in wea-m+st-.")
    drivers.refused(runner, "we-", "'we' fits Wealth and Welfare.")
    drivers.refused(runner, "xyz+", "'xyz' is no Resource nor 'st' (sticker).")
    runner.answer("inf+ st-")
    assert runner.state.aye_tokens == ["Influ+", "Sticker−"]


def test_kd_power_beyond_what_a_house_holds_is_refused_and_the_keys_never_tell():
    """kings-dilemma seed, Play P3 (a House commits its own Power tokens, 8 at the start). The
    keys stay the same whatever a House holds (issue 15: offering only what it holds would show
    the table what its screen hides), so only a refusal tells, and it names no holding."""
    runner = kd_runner(3)
    through_setup(runner, ["1", "2", "3"])
    for typed in ("Famine", "inf+", "mor-", "1"):
        runner.answer(typed)
    seat = runner.state.seat
    house = runner.state.players[seat].house
    assert runner.state.players[seat].power == 8
    assert "9" in [o.key for o in runner.pending.options]
    drivers.refused(runner, "9", f"Not taken: {house}, count the Power behind your screen and choose again.")
    drivers.refused(runner, "m", f"Not taken: {house}, count the Power behind your screen and choose again.")
    runner.answer("8")
    assert runner.state.players[seat].committed == 8


def test_heirless_a_deal_naming_influence_and_an_enacted_law_are_refused():
    """season-game-player-turns.txt, Free Actions: Haggle (Influence is not tradable)."""
    runner = set_up()
    free(runner, "Haggle")
    pick(runner, "Who trades", "Lord Blue", "Lady Green")
    pick(runner, "goods", "Resources")
    drivers.refused(runner, "Blue gives 3 Influence for 2 Logs", "Influence cannot be traded")
    drivers.answer(runner, "changed hands", "Blue gives 2 Bricks for 2 Logs")


def test_oath_a_draw_that_cannot_be_read_is_refused():
    """oath-clockwork-prince.txt, 2. SEARCH (draw three world-deck cards; the known case: 'xyz'
    was recorded as "Cards drawn → xyz")."""
    runner = oath_arranged(node="T_SUP")
    skip_threat(runner)
    drivers.refused(runner, "xyz", "'x' is not a suit letter")
    drivers.refused(runner, "h d", "2 cards typed, 3 drawn")
    drivers.answer(runner, "Cards drawn", "h d v")


def test_command_of_nature_a_card_name_not_in_the_market_is_refused():
    """command-of-nature seed, CLOCKWORK COMMAND CARDS, Buy Strike (the costliest Elemental Market
    card joins the Clockwork discard): a name that is no market card is refused in place."""
    formation = ["Quill Thornback", "Timber", "Timber", None, "Cedar", None]
    runner = nature_arranged(deck=["Buy Strike", FILLER], gold=1, formation=formation)
    start_clockwork_turn(runner, 0)
    runner.answer("")
    drivers.answer(runner, "Did Quill Thornback's attack defeat", "n")
    drivers.refused(runner, "Oakwood", "Nothing here is called 'Oakwood'.")
    drivers.answer(runner, "Costliest in the Elemental Market", "Oak")


@pytest.mark.parametrize("before,bad,reason", [
    ([], "inf+ st", "'st' needs a name and one + or -"),  # read by the prompt (TextEntry check)
    # Refused by the game: a bargain of more Coins than the payer holds (10).
    (["inf+", "mor-", "b", "1", "2", "m"], "11", "count the Coins behind your screen"),
])
def test_clockwork_step_exits_2_names_the_refused_answer_and_leaves_the_save(tmp_path, capsys, before, bad, reason):
    """Issue 13 item 7: `clockwork step SAVE <bad>` exits 2, names the answer and the reason in
    one line, and the save stays byte for byte as it was (kings-dilemma: Outcome tokens, KD-rb
    p.9; Coins in a bargain, seed Play P3 Bargain)."""
    path = tmp_path / "kd.json"
    og = OpenGame.new("kings-dilemma", {"players": "3"}, 1, path)
    through_setup(og.runner, ["1", "2", "3"])
    for typed in ["Famine", *before]:
        og.answer(typed)
    question = og.runner.pending.text
    saved = path.read_bytes()
    code = cli.main(["step", str(path), bad])
    out, err = capsys.readouterr()
    assert code == 2
    assert err.count("\n") == 1 and f"'{bad}' refused, nothing recorded" in err and reason in err
    assert question in out  # the same question still waits
    assert path.read_bytes() == saved
