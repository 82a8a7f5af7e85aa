"""Questions the record already answers (issue 23): this turn's answers, what Clockwork tracks and
the setup decide some of the Prince's questions, so Clockwork does not ask them; it writes the
answer in the history in the game's words. Each docstring names the rule in the seed
oath-clockwork-prince.txt ("RT", by section) that makes the answer follow.

The earlier situations (test_oath_situations.py) checked each section on its own with scripted
answers: nothing compared a question with what the same turn had already said, and S9 and S16
even scripted the redundant answers. These situations are aimed where the sections meet."""

from __future__ import annotations

import pytest

from test_oath_helpers import answer, arranged, log_texts, pending_label, play_card
from tui.engine.prompts import AnswerError, Instruction, Number, TextEntry, YesNo, valid_answers
from tui.opengame import OpenGame


def walk(runner, *steps) -> None:
    for label, raw in steps:
        answer(runner, label, raw)


def plainly(runner) -> None:
    """A plain answer: done, no, the smallest number, no cards, the first option."""
    prompt = runner.pending
    plain: dict[type, str] = {Instruction: "", YesNo: "n", Number: str(getattr(prompt, "lo", 0))}
    raw = plain.get(type(prompt))
    if isinstance(prompt, TextEntry):
        raw = "-" if prompt.allow_empty else prompt.examples[0]
    runner.answer(raw if raw is not None else valid_answers(prompt)[0])


def until(runner, label: str, limit: int = 60) -> list[str]:
    """Answer plainly until ``label`` waits; returns the labels of the questions asked on the way."""
    asked: list[str] = []
    for _ in range(limit):
        if pending_label(runner) == label:
            return asked
        asked.append(pending_label(runner))
        plainly(runner)
    raise AssertionError(f"'{label}' never came; asked {asked}")


def told(runner, start: str) -> list[str]:
    return [t for t in log_texts(runner) if t.startswith(start)]


# ---- the Oathkeeper title at Cleanup --------------------------------------------------------

@pytest.mark.parametrize("line", ["oathkeeper", "round eight", "usurper"])
def test_cleanup_does_not_ask_about_the_title_an_exile_holds(line):
    """RT: 1. ASSESS THREAT (question 2: an Exile is the Usurper, or on round eight the Oathkeeper;
    question 4: an Exile is the Oathkeeper) and 4. CLEANUP (Citizenship offers when the Prince
    does not hold the Oathkeeper title). The Threat found an Exile holding the title, so Cleanup
    goes straight to the Exiles' offers and says why."""
    runner = arranged(round=8 if line == "round eight" else 3, node="TL_TRADE_FAVOR",
                      options={"oath": "supremacy", "humans": "2"})
    if line == "oathkeeper":
        walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "n"), ("Exile Oathkeeper?", "y"))
    else:
        answer(runner, "Exile Usurper?", "y")
    asked = until(runner, "Cleanup")
    assert "Prince is Oathkeeper?" not in asked
    answer(runner, "Cleanup")
    assert pending_label(runner) == "Seat 2 meets Successor goal?"
    line_told = told(runner, "The Prince does not hold the Oathkeeper title (")
    assert len(line_told) == 1 and "Exile" in line_told[0]


def test_a_campaign_won_for_the_oaths_goal_makes_the_title_a_question_again():
    """Law of Oath §2.11 (the title follows its goal at once) with RT: 3. Travel + Campaign and 4.
    CLEANUP: in a Supremacy game the Prince may take the title by winning sites, so after such a
    win Cleanup asks again."""
    runner = arranged(round=3, node="T_SUP", threat="oathkeeper", threat_quadrant="TL",
                      options={"oath": "supremacy", "humans": "1"}, friends=[("Hearth", 1)])
    walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "n"), ("Exile Oathkeeper?", "y"),
         ("People's Favor", "n"))
    play_card(runner, "h d o")
    walk(runner, ("Rule most sites?", "n"), ("Battle Ready?", "y"), ("Travel+Campaign", ""),
         ("Prince won the campaign?", "y"), ("Garrison", ""))
    until(runner, "Cleanup")
    answer(runner, "Cleanup")
    assert pending_label(runner) == "Prince is Oathkeeper?"


def test_round_eights_usurper_question_answers_the_oathkeeper_question():
    """RT: 1. ASSESS THREAT: on round eight question 2 already asks whether an Exile is the
    Oathkeeper, so a 'no' there answers question 4."""
    runner = arranged(round=8, node="TL_TRADE_FAVOR", options={"oath": "supremacy", "humans": "2"})
    walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "n"))
    assert pending_label(runner) != "Exile Oathkeeper?"
    assert told(runner, "No Exile holds the Oathkeeper title (")


# ---- banners a Citizen or an Exile was said to hold -----------------------------------------

def test_the_wake_does_not_ask_about_the_peoples_favor_a_citizen_holds():
    """RT: 1. ASSESS THREAT (question 1: a Citizen meets the Successor goal, which for the Oath of
    Protection is holding the People's Favor; Wake). The Prince cannot hold it too: no Wake
    question, and no 'Hold People's Favor?' at The People's Threat space either."""
    runner = arranged(round=3, node="TL_TRADE_FAVOR", options={"oath": "protection", "humans": "2"},
                      citizens=[2], friends=[("Beast", 1)])
    walk(runner, ("Citizen meets Successor goal?", "y"), ("Move the action markers", ""))
    assert runner.state.current_node == "T_PEO"
    assert pending_label(runner) == "Cards drawn"
    assert told(runner, "The Prince does not hold the People's Favor (")
    play_card(runner, "b d o")
    asked = until(runner, "Cleanup")
    assert not any("People's Favor?" in label and "Battle Ready" not in label and "Can pay" not in label
                   for label in asked)


def test_hold_the_darkest_secret_is_not_asked_after_a_citizen_was_said_to_hold_it():
    """RT: 1. ASSESS THREAT (question 1; the Darkest Secret example), 3. TAKE ACTIONS (red arrow
    'Hold DS?'). Oath of the People: a Citizen meeting the Successor goal holds the Darkest Secret."""
    runner = arranged(round=3, node="TL_TRADE_FAVOR", options={"oath": "people", "humans": "2"},
                      citizens=[2], conspirators=[("Nomad", 1)])
    walk(runner, ("Citizen meets Successor goal?", "y"), ("Move the action markers", ""), ("People's Favor", "n"))
    assert runner.state.current_node == "T_DEV"
    play_card(runner, "n d o")
    assert pending_label(runner) == "Battle Ready? (Darkest Secret holder)"
    assert told(runner, "The Prince does not hold the Darkest Secret (")


def test_a_vision_of_rebellion_means_the_prince_lacks_the_peoples_favor():
    """RT: 1. ASSESS THREAT (question 3: an Exile revealed a Vision and meets it; Rebellion's goal
    is holding the People's Favor) and Wake."""
    runner = arranged(round=3, node="TL_TRADE_FAVOR", options={"oath": "supremacy", "humans": "2"})
    walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "y"))
    answer(runner, "Completed Vision", next(o.key for o in runner.pending.options if "Rebellion" in o.label))
    answer(runner, "Move the action markers")
    assert pending_label(runner) == "Cards drawn"
    assert told(runner, "The Prince does not hold the People's Favor (")


# ---- relics and the Ambition box -----------------------------------------------------------------

def test_no_relic_on_the_map_and_no_facedown_site_means_it_cannot_pay_for_one():
    """RT: 3. Travel (no relic on the map and no facedown site: a favor instead) and Recover (skip
    if unable): with no relic anywhere the orange 'Can pay? (relic)' arrow is not asked."""
    runner = arranged(node="T_PRO", threat="oathkeeper", threat_quadrant="TR",
                      options={"oath": "protection", "bank_end": "Discord"})
    walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "n"), ("Exile Oathkeeper?", "y"),
         ("People's Favor", "n"))
    play_card(runner, "d a o")
    walk(runner, ("Hold most relics", "n"), ("Battle Ready?", "n"), ("Relic at the Prince's site?", "n"),
         ("Relic on the map?", "n"), ("Facedown site?", "n"), ("Travel fallback", ""))
    assert pending_label(runner) != "Can pay? (relic)"
    assert runner.state.current_node == "TR_TRADE_FS_R"
    assert told(runner, "The Prince cannot pay for a relic at its site (")


def test_recovering_the_peoples_favor_spends_the_whole_ambition_box_without_asking():
    """RT: 3. Recover (the People's Favor gets as much favor as possible; Ambition favor first):
    having told the table to put all of it there, Clockwork does not ask how much left the box."""
    runner = arranged(node="BL_MUSTER", options={"oath": "protection", "humans": "2"}, citizens=[2],
                      ambition={"Hearth": 2}, friends=[("Beast", 1)])
    walk(runner, ("Citizen meets Successor goal?", "y"), ("Move the action markers", ""))
    play_card(runner, "b d o")
    walk(runner, ("Battle Ready? (People's Favor holder)", "n"), ("Can pay? (People's Favor)", "y"),
         ("Recover: People's Favor", ""))
    assert pending_label(runner) == "Cards drawn"
    assert sum(runner.state.ambition.values()) == 0
    assert any("Ambition box: 2 → 0" in t for t in log_texts(runner))


# ---- a contradiction is refused in one line --------------------------------------------------

def test_the_site_cards_must_agree_with_musters_count():
    """RT: 3. Trade and Muster (both count the empty cards at the Prince's site; a skipped Muster
    changes nothing): the suits typed for the Trade must be as many as the cards Muster was told,
    else the answer is refused in one line, and a second Muster there is not asked."""
    runner = arranged(node="T_SUP", friends=[("Hearth", 3), ("Discord", 1)], ambition={"Order": 3})
    walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "n"), ("Exile Oathkeeper?", "n"),
         ("People's Favor", "n"))
    play_card(runner, "d o a")
    walk(runner, ("Rule most sites?", "n"), ("Battle Ready?", "n"),
         ("Empty cards at the site", "3"), ("favor outside Ambition", "0"))
    walk(runner, ("Trade for favor possible anywhere?", "y"), ("Already at the most-favor site?", "y"))
    with pytest.raises(AnswerError) as refused:
        runner.answer("h b")
    assert "\n" not in str(refused.value) and "3" in str(refused.value)
    walk(runner, ("Empty cards at the Prince's site", "o h b"), ("Trade banks have favor?", "y"), ("Trade: favor", ""))
    # The Trade put nothing on the cards: Muster's count is still known.
    assert pending_label(runner) == "Prince's favor outside Ambition"


# ---- where the record meets the history, the app and old saves ---------------------------------

def successor_game(path=None):
    """A Protection game (a Citizen in seat 2) played plainly to its second Prince's turn, whose
    Threat finds the Citizen meeting the Successor goal (holding the People's Favor)."""
    og = OpenGame.new("oath", {"oath": "protection", "humans": "2"}, 4, path)
    given = {"Citizens at the start": "2", "Tactics star": "1", "Humans' turns": "1",
             "Citizen meets Successor goal?": "y"}
    while pending_label(og.runner) != "Cards drawn" or og.runner.state.round < 2:
        label = pending_label(og.runner)
        if label in given:
            og.answer(given[label])
        else:
            plainly(og.runner)
    return og


def test_the_app_shows_the_answer_from_the_record_in_the_history(tmp_path):
    """Issue 23 item 2 (DESIGN.md, the step protocol): on the play screen a question the record
    answered is a step of the history, in the game's words; the question waiting is the next one."""
    import asyncio

    from test_app_support import make_app

    def in_view(pane) -> str:
        return "\n".join(pane.render_line(y).text for y in range(pane.scrollable_content_region.height))

    og = successor_game(tmp_path / "prince.json")
    og.autosave()

    async def look():
        app = make_app(tmp_path, og.path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            return in_view(screen.history), str(screen.prompt_bar.query_one("#prompt-text").render())

    history, prompt = asyncio.run(look())
    assert "≡ The Prince does not hold the People's Favor (a Citizen meets the Successor goal" in history
    assert "Draw 3 world-deck cards" in prompt and "People's Favor" not in prompt


def test_undo_past_the_threat_asks_the_wake_again_and_redo_gives_the_record_back():
    """DESIGN.md (undo and redo exact): the record is part of the replayed state."""
    og = successor_game()
    runner = og.runner
    before = log_texts(runner)
    runner.undo(2)  # the Successor answer and the marker instruction
    assert pending_label(runner) == "Citizen meets Successor goal?"
    runner.answer("n")
    for label in ("Exile Usurper?", "completed a Vision", "Exile Oathkeeper?"):
        answer(runner, label, "n")
    if pending_label(runner) in ("Threat marker", "Move the action markers"):
        runner.answer("")
    assert pending_label(runner) == "Prince holds the People's Favor?"
    branch = log_texts(runner)
    assert branch != before
    runner.undo(runner.applied)
    runner.redo(10_000)
    assert log_texts(runner) == branch


def test_a_save_from_before_the_record_replays_as_it_was_played():
    """Issue 23 item 2 (a save made before the change must still open): the Oath fixture was played
    by a Clockwork that asked what the record knew, and the table once said the Prince held the
    People's Favor right after a Citizen was said to hold it. It replays with those answers as
    given; a new answer after it is answered from the record again."""
    import shutil
    from pathlib import Path

    import msgspec

    fixture = Path(__file__).resolve().parents[2] / "fixtures" / "saves" / "format-1-oath.json"
    saved = msgspec.json.decode(fixture.read_bytes())
    labels = [a["label"] for a in saved["session"]["answers"]]
    at = labels.index("Citizen meets Successor goal? → yes")
    assert labels[at + 2] == "Prince holds the People's Favor? → yes"  # a contradiction, as played
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / fixture.name
        shutil.copy(fixture, path)
        og = OpenGame.open(path)
        runner = og.runner
        assert [e.text for e in runner.session.log if e.kind == "answer"] == labels
        assert runner.session.facts_from == len(labels)
        assert "This changes the record, which said: The Prince does not hold the People's Favor" in " ".join(
            log_texts(runner))
        # Play on: the record answers again (no question shown whose fact it knows).
        for _ in range(60):
            prompt = runner.pending
            ask = getattr(prompt, "fact", None)
            known = runner.facts.known.get(ask.name) if ask else None
            assert known is None or len(known.values) > 1, prompt.label
            plainly(runner)


def test_a_bank_that_ran_short_is_empty_for_the_trades_of_the_turn():
    """RT: 2. (Can't Play favor from the discarded card's bank; reading cant-play-favor: as much as
    the bank holds), 3. Trade (skip if nothing would be gained) and Travel (no Trade anywhere gains
    favor: 1 favor instead). The Hearth bank gave 1 of 2: it is empty, and nothing in the Prince's
    turn but a relic's cost puts favor back, so neither question about it is asked."""
    runner = arranged(node="T_PEO", friends=[("Hearth", 2)], options={"humans": "1"})
    walk(runner, ("Exile Usurper?", "n"), ("completed a Vision", "n"), ("Exile Oathkeeper?", "n"),
         ("People's Favor", "n"))
    answer(runner, "Cards drawn", "h v v")
    for region in ("Cradle", "Provinces", "Hinterland"):
        answer(runner, f"fits a {region} site", "n")
    walk(runner, ("Can't play the Hearth card", ""), ("Ambition favor from Hearth", "1"), ("Prince board markers", ""))
    walk(runner, ("Battle Ready?", "n"), ("Can pay? (People's Favor)", "n"), ("Empty cards at the Prince's site", "h"))
    assert runner.state.current_node == "BR_TRAVEL_FAVOR"
    assert pending_label(runner) == "Travel fallback: favor"
    assert told(runner, "Trade banks have favor? → no (it ran short for the Ambition box)")
    assert told(runner, "Trade for favor possible anywhere? → no (the banks of its Friends are empty)")
