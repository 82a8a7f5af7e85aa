"""Setup (seed: First game, Setup; KD-rb p.4-5; notes §1)."""

from __future__ import annotations

import pytest

from test_kings_dilemma_helpers import answer_by, new_runner, rules
from tui.engine.prompts import AnswerError, CardEntry, Instruction, TextEntry
from tui.engine.session import Runner
from tui.games.kings_dilemma import GAME
from tui.games.kings_dilemma.state import DILEMMA, Recalled


def through_setup(runner: Runner, houses: list[str], prestige: list[int] | None = None,
                  tokens: list[tuple[int, int]] | None = None, open_agendas: dict[str, str] | None = None,
                  legacy_rows: list[int] | None = None):
    """Answer the setup: Houses by House number, Prestige and tokens as given, Open Agendas by label."""
    houses = list(houses)
    legacy_rows = list(legacy_rows or [])
    prestige = list(prestige or [])
    amounts = [v for pair in (tokens or []) for v in pair]  # Power, Coins, Power, ...
    seen = []

    def script(prompt):
        if runner.state.phase != "setup":
            return None
        seen.append(prompt)
        if prompt.label.startswith("House at seat"):
            return rules().houses[int(houses.pop(0)) - 1].name  # by House number
        if prompt.label == "Prestige as recorded?":
            return "n" if prestige else "y"
        if prompt.label.startswith("Prestige of"):
            return str(prestige.pop(0))
        if prompt.label == "Starting Power and Coins":
            return "n" if amounts else "y"
        if prompt.label.startswith(("Power of", "Coins of")):
            return str(amounts.pop(0))
        if prompt.label == "Resource legacy":
            return "y" if legacy_rows else "n"
        if prompt.label.endswith("legacy row"):
            return str(legacy_rows.pop(0))
        if prompt.label == "Open Agenda tokens":
            return "y" if open_agendas else "n"
        if prompt.label.endswith("Open Agenda"):
            return open_agendas.get(prompt.label, "0")
        if " keeps " in prompt.label:
            return open_agendas[prompt.label]
        if isinstance(prompt, Instruction):
            return ""
        raise AssertionError(prompt)

    answer_by(runner, script)
    return seen


def test_a_fresh_table_has_the_printed_starting_layout():
    """seed: First game 4 (8 Power, 10 Coins); Setup 1-3 (centre row, Stability middle, 3 Power)."""
    runner = new_runner(4)
    through_setup(runner, ["1", "2", "3", "4"])
    s = runner.state
    assert s.phase == DILEMMA
    assert [(p.house, p.power, p.coins) for p in s.players] == [
        ("Blodyn", 8, 10), ("Solad", 8, 10), ("Tork", 8, 10), ("Coden", 8, 10)]
    assert all(r.row == 9 and not r.marker for r in s.resources)
    assert s.stability == 9 and s.balance_middle == 3
    assert s.power_pool == 65 - 32 - 3 and s.coin_pool == 72 - 40
    assert all(p.agenda_chosen for p in s.players)


def test_momentum_sides_are_random_and_told_to_the_table():
    """seed: Setup 1 (random, black and white); KD-rb p.4."""
    sides = set()
    for seed in range(12):
        runner = new_runner(3, seed=seed)
        sides.add(tuple(r.up for r in runner.state.resources))
    assert len(sides) > 3
    runner = new_runner(3, seed=5)
    through_setup(runner, ["1", "2", "3"])
    text = "\n".join(e.text for e in runner.session.log)
    assert "Momentum sides:" in text


def test_leader_most_prestige_moderator_least_house_number_breaks_ties():
    """seed: Setup 8-9 and Prestige ties (add the House number); KD-rb p.4-5."""
    runner = new_runner(4)
    # Solad (2) and Coden (4) tie at 5: Coden counts higher; Blodyn (1) and Tork (3) tie at 1.
    through_setup(runner, ["2", "4", "1", "3"], prestige=[5, 5, 1, 1])
    s = runner.state
    assert s.name(s.leader) == "Coden"
    assert s.name(s.moderator) == "Blodyn"
    # Issue 24 item 5: a tie the rule settles is said, with the rule used.
    log = [e.text for e in runner.session.log]
    assert ("Leader: Coden (most Prestige; Prestige 5, tied with Solad: the higher House number counts as more); "
            "Moderator: Blodyn (least; Prestige 1, tied with Tork: the higher House number counts as more)") in log


def test_leader_and_moderator_without_ties_say_no_rule():
    """seed: Setup 8-9: distinct Prestige needs no tie-break, and the log names none."""
    runner = new_runner(3)
    through_setup(runner, ["1", "2", "3"], prestige=[3, 2, 1])
    assert "Leader: Blodyn (most Prestige); Moderator: Tork (least)" in [e.text for e in runner.session.log]


def test_secret_agendas_go_round_lowest_prestige_first_and_stay_secret():
    """seed: Setup 6 (in low Prestige order chose a card); only 'chosen' is ever shown."""
    runner = new_runner(3)
    answers = ["Tork", "Blodyn", "Solad", "n", "7", "2", "4", "y", "", "", "n", "n", "", "", "", ""]
    labels = []
    for raw in answers:
        labels.append(runner.pending.label)
        runner.answer(raw)
    picks = [label for label in labels if label.endswith("chooses a Secret Agenda")]
    assert picks == ["Blodyn chooses a Secret Agenda", "Solad chooses a Secret Agenda", "Tork chooses a Secret Agenda"]
    assert runner.pending.label == "Dilemma deck and legacy setup"
    shown = " ".join(r.note + r.value for g in runner.view().tracks for r in g.rows)
    assert shown.count("agenda chosen") == 3
    assert not any(a.name in shown for a in rules().agendas)
    log = " ".join(e.text for e in runner.session.log)
    assert not any(a.name in log for a in rules().agendas)


def test_houses_already_taken_are_not_offered():
    """seed: First game 3 (a House per player); KD-rb p.4 (each player a House screen). A House
    already seated is refused by saying which seat has it."""
    runner = new_runner(3)
    runner.answer("olw")  # a unique beginning is enough
    assert runner.state.players[0].house == "Olwyn"
    prompt = runner.pending
    assert isinstance(prompt, CardEntry) and "Olwyn" not in prompt.cards and len(prompt.cards) == 11
    assert "Natar" in prompt.text and "Olwyn" not in prompt.text  # every free House is named
    with pytest.raises(AnswerError) as refused:
        runner.answer("Olwyn")
    assert runner.pending is prompt and runner.state.players[1].house == ""
    # Playtest KD-c: a seated House is said to be taken, and where, not unknown.
    assert str(refused.value) == "Olwyn is taken (seat 1 has it)."
    with pytest.raises(AnswerError) as refused:
        runner.answer("olw")
    assert str(refused.value) == "Olwyn is taken (seat 1 has it)."
    with pytest.raises(AnswerError) as refused:
        runner.answer("Zzz")
    assert "Nothing here is called 'Zzz'" in str(refused.value)


def test_legacy_power_and_coins_are_entered_per_house_and_the_pool_follows():
    """notes §1 (8 Power + 10 Coins, changed by legacy effects); KD-rb legacy setup (+1/−1 Power)."""
    runner = new_runner(3)
    through_setup(runner, ["1", "2", "3"], tokens=[(9, 10), (7, 12), (8, 10)])
    s = runner.state
    assert [(p.power, p.coins) for p in s.players] == [(9, 10), (7, 12), (8, 10)]
    assert s.power_pool + s.power_in_play() == 65 and s.coin_pool + s.coins_in_play() == 72


def test_open_agenda_tokens_at_most_two_positive_and_two_negative():
    """seed: Setup (2 positive and 2 negative Open Agenda token limit); KD-rb p.7 (Assign Open
    Agendas: a player assigned more chooses which 2 to keep, the rest go back in the box)."""
    runner = new_runner(3)
    chosen = {
        "+Influence Open Agenda": "1", "+Wealth Open Agenda": "1", "+Morale Open Agenda": "1",
        "−Morale Open Agenda": "2",
    }
    keep = {"Blodyn keeps + tokens": "1 3"}
    seen = through_setup(runner, ["1", "2", "3"], open_agendas={**chosen, **keep})
    s = runner.state
    asked = [p for p in seen if p.label == "Blodyn keeps + tokens"]
    assert len(asked) == 1 and (asked[0].lo, asked[0].hi) == (2, 2)
    assert [o.label for o in asked[0].options] == ["Influence", "Wealth", "Morale"]
    assert s.players[0].open_positive == ["influence", "morale"]
    assert s.players[1].open_negative == ["morale"]
    assert not any(p.label.startswith(("Solad keeps", "Tork keeps")) for p in seen)
    assert "back to the box: +Wealth" in "\n".join(e.text for e in runner.session.log)


def test_recorded_prestige_from_the_campaign_orders_the_table():
    """KD-rb p.4-5 with campaign records (Prestige kept on the House screens between games)."""
    recalled = Recalled(prestige={"Tork": 6, "Solad": 2}, games=2)
    runner = new_runner(3, recalled=recalled)
    through_setup(runner, ["1", "2", "3"])
    s = runner.state
    assert [p.prestige for p in s.players] == [0, 2, 6]
    assert s.name(s.leader) == "Tork" and s.name(s.moderator) == "Blodyn"
    assert "Envelope 00" not in " ".join(e.text for e in runner.session.log)


def test_setup_form_is_a_flat_option_list_with_editable_defaults():
    """seed: First game 4 (8 Power and 10 Coins), players 3-5 (notes: Sources)."""
    specs = {s.key: s for s in GAME.setup_options(rules())}
    assert (specs["players"].lo, specs["players"].hi) == (3, 5)
    assert specs["power"].default == "8" and specs["coins"].default == "10"
    runner = Runner.new(GAME, rules(), {"players": "5", "power": "7", "coins": "12"}, 3)
    assert [(p.power, p.coins) for p in runner.state.players] == [(7, 12)] * 5


def test_the_first_round_draws_from_the_bottom_and_places_outcome_tokens():
    """seed: Play P1-P2 (bottom of the Dilemma deck; Outcome tokens on the Balance); KD-rb p.9
    (tokens show a Resource going up or down, or a positive or negative Chronicle sticker)."""
    runner = new_runner(3)
    through_setup(runner, ["1", "2", "3"])
    assert isinstance(runner.pending, TextEntry) and "BOTTOM" in runner.pending.text
    runner.answer("Famine")
    assert isinstance(runner.pending, TextEntry) and "AYE" in runner.pending.text
    runner.answer("+inf, mor-")
    # Ambiguous (Wealth or Welfare?): refused in place with the reason, never recorded.
    with pytest.raises(AnswerError, match="'we' fits Wealth and Welfare"):
        runner.answer("we- st-")
    assert "NAY" in runner.pending.text and "we- st-" not in [a.answer for a in runner.session.answers]
    runner.answer("wea- st-")
    view = runner.view()
    assert [c.name for c in view.cards][:3] == ["Famine", "AYE", "NAY"]
    assert view.cards[1].kind == "Influ+ Morale−" and view.cards[2].kind == "Wealth− Sticker−"
    assert runner.state.phase == "vote" and runner.state.seat == runner.state.leader


def test_enter_at_the_dilemma_s_name_means_unnamed_on_screen_and_in_the_history():
    """Issue 24 item 4; seed: Play P1 (draw and read a card): Enter with nothing typed is an
    unnamed Dilemma. The question says so; the history, the log and the card row agree on the
    name Clockwork gives it, and nothing says "none"."""
    runner = new_runner(3)
    through_setup(runner, ["1", "2", "3"])
    assert "Enter: unnamed, shown as 'Dilemma of round 1'" in runner.pending.text
    start = len(runner.session.log)
    runner.answer("")
    lines = [(e.kind, e.text) for e in runner.session.log[start:]]
    assert ("answer", "Dilemma drawn → unnamed, shown as 'Dilemma of round 1'") in lines
    assert any("an unnamed Dilemma drawn from the bottom, shown as 'Dilemma of round 1'" in t for _, t in lines)
    assert not any("none" in t for _, t in lines)
    runner.answer("")
    runner.answer("")
    assert runner.view().cards[0].name == "Dilemma of round 1"


def test_an_outcome_token_needs_a_direction():
    """KD-rb p.9 (legend: positive and negative outcomes): a token without + or − is refused."""
    from tui.games.kings_dilemma.outcome_tokens import parse_tokens
    assert parse_tokens("wealth", rules()) == (None, "'wealth' needs a name and one + or - after it, as in wea-m+st-.")
    assert parse_tokens("", rules()) == ([], "")
    assert parse_tokens("K+ -influence", rules())[0] == ["Knowl+", "Influ−"]
    assert parse_tokens("xyz+", rules())[0] is None
    assert parse_tokens("-", rules())[0] is None


def test_a_refused_token_shows_the_example_the_prompt_and_legend_show():
    """Issue 24 item 3; KD-rb p.9 (legend of Dilemma outcomes): the refusal's example is the
    prompt's, written in the legend's codes with the sign after each name, and it is accepted."""
    import re

    from tui.engine.prompts import AnswerError

    runner = new_runner(3)
    through_setup(runner, ["1", "2", "3"])
    runner.answer("Famine")
    prompt = runner.pending
    example = re.search(r"e\.g\. (\S+)", prompt.text).group(1)
    codes = [code for code, _ in prompt.legend if code != "+ / -"]
    assert re.fullmatch("(" + "|".join(codes) + r")[+-](" + "|".join(codes) + r")[+-](" + "|".join(codes) + r")[+-]", example)
    assert "+ / -" in [code for code, _ in prompt.legend]
    with pytest.raises(AnswerError) as refused:
        runner.answer("wealth")
    assert str(refused.value).endswith(f"one + or - after it, as in {example}.")
    runner.answer(example)
    assert runner.state.aye_tokens == ["Wealth−", "Morale+", "Sticker−"]


def test_outcome_tokens_typed_without_spaces():
    """KD-rb p.9 (one token per symbol): fewer keys, the same tokens: a sign closes a token."""
    from tui.games.kings_dilemma.outcome_tokens import parse_tokens
    assert parse_tokens("wea-m+st-", rules())[0] == ["Wealth−", "Morale+", "Sticker−"]
    assert parse_tokens("i+k+", rules())[0] == ["Influ+", "Knowl+"]
    assert parse_tokens("we-", rules()) == (None, "'we' fits Wealth and Welfare.")


def test_sticker_legacy_moves_resources_but_not_stability_or_momentum():
    """seed: Setup 10 (for each Resource, move the matching marker); notes §3 legacy order
    (Stability untouched)."""
    runner = new_runner(3, seed=2)
    sides = [r.up for r in runner.state.resources]
    through_setup(runner, ["1", "2", "3"], legacy_rows=[11, 9, 7, 8, 10])
    s = runner.state
    assert [r.row for r in s.resources] == [11, 9, 7, 8, 10]
    assert [r.up for r in s.resources] == sides and not any(r.marker for r in s.resources)
    assert s.stability == 9


# Each setup question and the step of the list it belongs to (seed: Setup 1-10; playtest KD-d:
# "Realm board" stayed marked while the House screens and the stickers were asked about).
SETUP_FLOW = [
    ("House at seat", "Houses at each seat"), ("Prestige", "Prestige → Leader and Moderator"),
    ("Power and Coins", "Power and Coins"), ("Power of", "Power and Coins"), ("Coins of", "Power and Coins"),
    ("Realm board", "Realm board, Momentum sides"),
    ("House screens", "House screens, Leader and Moderator"),
    ("Resource legacy", "Chronicle stickers move Resources"), ("legacy row", "Chronicle stickers move Resources"),
    ("Open Agenda", "Open Agenda tokens"), ("Secret Agenda", "Secret Agendas"),
    ("Dilemma deck", "Dilemma deck, legacy setup"),
]


def test_the_marked_setup_step_is_the_one_being_asked():
    """The steps list marks the step each setup question belongs to: the House screens and the
    Chronicle stickers have steps of their own, after the Realm board (seed: Setup 1-5, 10)."""
    runner = new_runner(3)
    marked: dict[str, str] = {}
    answer = runner.answer

    def noting(raw):
        current = [f.label for f in runner.view().flow if f.state == "current"]
        assert len(current) == 1, current
        marked.setdefault(runner.pending.label, current[0])
        return answer(raw)

    runner.answer = noting
    through_setup(runner, ["1", "2", "3"], prestige=[1, 2, 3], tokens=[(8, 10)] * 3, legacy_rows=[9] * 5,
                  open_agendas={"+Influence Open Agenda": "1"})
    for asked, shown in marked.items():
        steps = [step for words, step in SETUP_FLOW if words in asked]
        assert steps == [shown], (asked, shown)
    assert {"House screens, Leader and Moderator", "Chronicle stickers move Resources"} <= set(marked.values())
