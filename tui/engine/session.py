"""A session is the seed, the options and the answers; the runner replays them.

Snapshots of the game state are taken at turn boundaries (TurnStart). Undo drops answers and
replays from the nearest snapshot, redo re-applies them: both are exact because the RNG state
is part of the snapshot (DESIGN.md, "The step protocol").

A saved session keeps only the first snapshot (the initial state); opening it replays every
answer from there. That checks each stored answer against its prompt, so a damaged or edited
save fails at load with one line instead of at some later undo, and it keeps saves small.
Replaying 10,000 steps takes well under a second (benchmarks/).
"""

from __future__ import annotations

import re
from typing import Annotated, Any

import msgspec

from . import bounds
from .bounds import ANSWERS, Name, Played, Seed, Step, Table, Text
from .facts import SAID, STEP, FactBook, Facts, Known, end_turn, ended
from .game import Context, GameDef
from .view import GameView
from .prompts import (
    ASIDE,
    AnswerError,
    CardEntry,
    Choice,
    Number,
    Prompt,
    Refused,
    TurnStart,
    answer_value,
    describe_answer,
    parse_answer,
    shown,
    step_label,
)


class AnswerRecord(msgspec.Struct):
    answer: Text
    label: Text


# History lines a save may carry: a cache rebuilt at load (saves carry none), a few per answer.
LOG_LINES = 20 * ANSWERS


class Snapshot(msgspec.Struct):
    step: Step  # how many answers had been applied when it was taken
    log_len: Annotated[int, msgspec.Meta(ge=0, le=LOG_LINES)]  # log entries before its turn header
    # The game's state, decoded (and its bounds checked: bounds.py) with the game's own type.
    state: msgspec.Raw
    # What the record holds at that point (engine/facts.py); none in a save made before facts.
    facts: msgspec.Raw = msgspec.Raw(b"{}")


class LogEntry(msgspec.Struct):
    # Answers applied before this line was written; for an answer line, that answer's index.
    # "Undo to here" keeps answers[:step].
    step: Step
    # "turn" header, "answer", "auto" (an effect the procedure applied), or "known" (a question
    # the record answered, so the table was not asked)
    kind: Name
    text: Text


class Session(msgspec.Struct):
    game: Name
    ruleset_id: Name
    ruleset_version: Name
    options: Table[Name, Name]
    seed: Seed
    # Answers and redo hold ANSWERS between them (Runner.answer); a snapshot at most per answer.
    answers: Played[AnswerRecord] = []
    redo: Played[AnswerRecord] = []
    snapshots: Annotated[list[Snapshot], msgspec.Meta(max_length=ANSWERS + 1)] = []
    log: Annotated[list[LogEntry], msgspec.Meta(max_length=LOG_LINES)] = []
    # Answers before this index were given before Clockwork answered questions from the record
    # (-1: a save from then; all its answers are). Replaying them, a question the record answers
    # is still asked when the next stored answer is to it, so such a save replays as it was played.
    facts_from: Annotated[int, msgspec.Meta(ge=-1, le=2 * ANSWERS)] = -1
    # The game's facts_version (GameDef) when the answers from facts_from on were given: a save
    # made before the game answered more of its questions from the record replays as asked then.
    facts_version: Annotated[int, msgspec.Meta(ge=0, le=bounds.RULE)] = 0
    # Files the game is played with, kept once here rather than in every snapshot (a bot's file,
    # by the digest its state names: GameDef.texts / use_texts), so editing the file later cannot
    # change this game.
    texts: Annotated[dict[Name, Annotated[str, msgspec.Meta(max_length=bounds.FILE_TEXT)]],
                     msgspec.Meta(max_length=bounds.SEATS * 2)] = {}


class ReplayError(ValueError):
    """A stored answer no longer fits its prompt (a damaged save or a changed ruleset)."""


class StateError(ReplayError):
    """The saved game state does not decode: a field out of its range (bounds.py) or of its type.
    The message names the field by its path in the save."""


# Turn boundaries in a row without a prompt before the procedure counts as stuck; and questions
# in a row the record answers.
MAX_EMPTY_TURNS = 10_000
MAX_KNOWN = 100_000
# Each turn snapshot holds the whole state: a long game of short turns kept one per 2-3 answers
# (The King's Dilemma: 3.5 KB per answer; 600,000 answers took 5 GB). Snapshots of the last
# RECENT answers stay, for undo in play; older ones are thinned to about MAX_OLD spread over the
# game, at least SPACING answers apart, so an undo that far back replays at most SPACING answers
# or 1/MAX_OLD of the game (tens of microseconds each).
RECENT = 256
SPACING = 64
MAX_OLD = 64


_encoder = msgspec.json.Encoder()
_facts_decoder = msgspec.json.Decoder(Facts)


class Runner:
    """Drives a game's procedure for one session: answers, undo, redo, undo-to-here."""

    def __init__(self, game: GameDef, rules: Any, session: Session):
        self.game = game
        self.rules = rules
        self.session = session
        self.state: Any = None
        self._pending: Prompt | None = None  # as the game yielded it
        self._shown: tuple[Prompt | None, Prompt | None] = (None, None)  # (prompt, as shown)
        self.applied = 0
        self.facts = Facts()
        self._gen: Any = None
        self._decoder: msgspec.json.Decoder[Any] = msgspec.json.Decoder(game.state_type)
        self._bounds = bounds.Checker(game.state_type)
        self._thin_from = 1  # snapshots before this index are thinned already
        self._replaying_to = -1  # while replaying: the step the replay stops at
        # Labels come from the save file: a tampered one must not drive the terminal (undo and
        # redo messages show them).
        for record in (*session.answers, *session.redo):
            record.label = shown(record.label, one_line=True)
        if session.facts_from < 0 or session.facts_version < game.facts_version:
            session.facts_from = len(session.answers) + len(session.redo)
        session.facts_version = game.facts_version
        if game.use_texts is not None:
            game.use_texts(session.texts)
        if not session.snapshots:
            initial = game.new_state(rules, session.options, session.seed)
            session.snapshots.append(
                Snapshot(step=0, log_len=0, state=msgspec.Raw(_encoder.encode(initial)))
            )
            if game.texts is not None:
                session.texts = game.texts(initial)
        # Later snapshots and the log are caches: rebuild them from the answers.
        del session.snapshots[1:]
        session.log.clear()
        try:
            self._replay_to(len(session.answers))
            # The screen shows the game at once: a state it cannot show is refused here too.
            self.game.view(self.state, self.rules)
            self.game.summary(self.state)
        except (ReplayError, msgspec.DecodeError, ValueError, KeyError, IndexError, TypeError):
            raise  # the caller says in one line which of these a save has
        except Exception as exc:  # RecursionError and the like, from the game's own code
            # The game met a state it never makes itself (an edited save): say so in one line
            # rather than fail with a traceback. The cause stays chained for debugging.
            raise ReplayError(f"the game cannot go on from this state ({type(exc).__name__}: {exc})"[:200]) from exc

    @classmethod
    def new(cls, game: GameDef, rules: Any, options: dict[str, str], seed: int, recalled: Any = None) -> "Runner":
        """``recalled``: the game's records from earlier games (GameDef.recall), kept in the state."""
        header = rules.ruleset
        session = Session(
            game=game.id,
            ruleset_id=header.id,
            ruleset_version=header.version,
            options=dict(options),
            seed=seed,
        )
        if recalled is not None:
            initial = game.new_state(rules, session.options, seed, recalled=recalled)
            session.snapshots.append(Snapshot(step=0, log_len=0, state=msgspec.Raw(_encoder.encode(initial))))
            if game.texts is not None:
                session.texts = game.texts(initial)
        return cls(game, rules, session)

    # -- state --------------------------------------------------------------------------------

    @property
    def pending(self) -> Prompt | None:
        """The prompt waiting for an answer, as the screen shows it: text from the saved state is
        written out, never obeyed by the terminal (checked once per prompt, not during replay)."""
        prompt, shown_prompt = self._shown
        if prompt is not self._pending:
            shown_prompt = without_controls(self._pending)
            self._shown = (self._pending, shown_prompt)
        return shown_prompt

    @property
    def finished(self) -> bool:
        return self._pending is None

    @property
    def can_undo(self) -> bool:
        return self.applied > 0

    @property
    def can_redo(self) -> bool:
        return bool(self.session.redo)

    def aside_said(self) -> str:
        """The game's step aside as the history names it (GameDef.aside: Root's reactions), or ""
        when it is not open at the pending question."""
        if self._pending is None or self.game.aside is None:
            return ""
        return self.game.aside(self.state)

    def _is_aside(self, canonical: str) -> bool:
        return canonical == ASIDE and bool(self.aside_said())

    def saved_session(self) -> Session:
        """The session as it is saved: the initial snapshot and the answers, not the caches."""
        return msgspec.structs.replace(self.session, snapshots=self.session.snapshots[:1], log=[])

    def view(self) -> GameView:
        # The header is the game's status (GameDef.status), like the turn titles and the save's line.
        view = msgspec.structs.replace(self.game.view(self.state, self.rules),
                                       status=self.game.status(self.state).headline)
        # The state comes from a save file: its text is shown, never obeyed by the terminal.
        return without_controls(view)

    def summary(self) -> str:
        return self.game.summary(self.state)

    # -- answering ----------------------------------------------------------------------------

    def answer(self, raw: str) -> str:
        """Apply one answer; returns its step label. Raises AnswerError if it does not fit."""
        if self._pending is None:
            raise AnswerError("The game is over: nothing is waiting for an answer.")
        if len(self.session.answers) >= ANSWERS:  # with the redo list: they never hold more
            raise AnswerError(f"This game holds {ANSWERS:,} answers, the most one save keeps: start a new game.")
        said = self.aside_said() if raw.strip() == ASIDE else ""
        if said:  # the step aside: no answer to the question, which is asked again after it
            canonical = ASIDE
            record = AnswerRecord(answer=canonical, label=f"{self._pending.label or self._pending.text} → {said}")
        else:
            canonical = parse_answer(self._pending, raw)
            if not self._legacy():
                self._check_record(self._pending, canonical)
            record = AnswerRecord(answer=canonical, label=step_label(self._pending, canonical))
        redo = self.session.redo
        kept, facts_from = list(redo), self.session.facts_from
        if redo and redo[0].answer == canonical and redo[0].label == record.label:
            del redo[0]  # same answer as the undone one: keep the rest of the redo list
        else:
            redo.clear()
            # A new answer: what follows it is new too (the record answers its questions). It
            # answers the question as a save made before asked it (built while that save's answers
            # replayed as played: its options, unchecked by the record), so it replays as played.
            self.session.facts_from = min(facts_from, len(self.session.answers) + 1)
        self.session.answers.append(record)
        try:
            self._apply(record)
            self._check_bounds()
        except Refused as exc:
            # The procedure could not use it: back to before it, exactly (replayed), unrecorded.
            self.session.answers.pop()
            redo[:] = kept
            self.session.facts_from = facts_from
            self._replay_to(len(self.session.answers))
            raise AnswerError(str(exc)) from None
        return record.label

    def _check_bounds(self) -> None:
        """The state an answer made stays inside the ranges a save is read with (bounds.py), so
        every save written opens again; an answer that would pass one is refused in place."""
        try:
            self._bounds.check(self.state)
        except msgspec.ValidationError as exc:
            raise Refused(f"Clockwork cannot keep that: {bounds.described(exc, 'state')}.") from None

    def undo(self, count: int = 1) -> list[str]:
        """Undo ``count`` answers; returns their labels, most recent first."""
        return self.undo_to(max(0, self.applied - count))

    def undo_to(self, step: int) -> list[str]:
        """Keep only the first ``step`` answers ("undo to here")."""
        step = max(0, min(step, self.applied))
        undone = self.session.answers[step:]
        if not undone:
            return []
        self.session.redo[:0] = undone
        del self.session.answers[step:]
        self._replay_to(step)
        return [r.label for r in reversed(undone)]

    def redo(self, count: int = 1) -> list[str]:
        labels = []
        for _ in range(count):
            if not self.session.redo or self._pending is None:
                break
            record = self.session.redo.pop(0)
            try:
                if not self._is_aside(record.answer):
                    parse_answer(self._pending, record.answer)
                    if not self._legacy():
                        self._check_record(self._pending, record.answer)
            except AnswerError:
                self.session.redo.clear()  # the redo list no longer fits this branch
                # The question waiting was asked as played (see answer): its answer replays so.
                self.session.facts_from = min(self.session.facts_from, len(self.session.answers) + 1)
                break
            self.session.answers.append(record)
            try:
                self._apply(record)
            except Refused:
                self.session.answers.pop()
                self.session.redo.clear()
                self.session.facts_from = min(self.session.facts_from, len(self.session.answers))
                self._replay_to(len(self.session.answers))
                break
            labels.append(record.label)
        return labels

    # -- replay -------------------------------------------------------------------------------

    def _log(self, text: str, kind: str = "auto", step: int | None = None) -> None:
        # Log lines carry stored labels and text from the saved state: controls are written out.
        entry = LogEntry(step=self.applied if step is None else step, kind=kind, text=shown(text, one_line=True))
        self.session.log.append(entry)

    def _apply(self, record: AnswerRecord) -> None:
        prompt = self._pending
        assert prompt is not None
        aside = self._is_aside(record.answer)
        self._log(record.label, kind="answer")
        if not aside:  # a step aside answers no fact: the question comes back
            self._learn(prompt, record.answer)
        self.applied += 1
        self._advance(ASIDE if aside else answer_value(prompt, record.answer))

    def _advance(self, value: Any) -> None:
        turns = known = 0
        while True:
            try:
                item = self._gen.send(value)
            except StopIteration:
                self._pending = None
                return
            if isinstance(item, TurnStart):
                turns += 1
                if turns > MAX_EMPTY_TURNS:
                    # A state no procedure step fits (an edited save) can loop through turns for ever.
                    raise ReplayError(
                        f"the game makes no progress: {MAX_EMPTY_TURNS} turns begun with nothing to answer")
                end_turn(self.facts)
                self._snapshot(item.title)
                value = None
                continue
            answer, item = self._from_record(item)
            if answer is not None:
                known += 1
                if known > MAX_KNOWN:
                    raise ReplayError("the game makes no progress: it keeps answering its own questions")
                value = answer_value(item, answer)
                continue
            self._pending = item
            return

    # -- the record (engine/facts.py) ---------------------------------------------------------

    def _from_record(self, prompt: Prompt) -> tuple[str | None, Prompt]:
        """The answer the record gives ``prompt`` (logged), or None and the prompt as it is asked:
        with only the options the record leaves open."""
        ask = getattr(prompt, "fact", None)
        known = self.facts.known.get(ask.name) if ask is not None else None
        if ask is None or known is None or self._asked_then(prompt):
            return None, prompt
        fitting = _fitting(prompt, known.values)
        if not fitting:
            return None, prompt  # the record does not fit this question: the table says
        if len(fitting) == 1:
            answer = fitting[0]
            said = ask.says.get(answer) or step_label(prompt, answer)
            self._log(f"{said} ({known.why})" if known.why else said, kind="known")
            return answer, prompt
        if isinstance(prompt, Choice):
            default = prompt.default if prompt.default in fitting else None
            options = [o for o in prompt.options if o.key in fitting]
            return None, msgspec.structs.replace(prompt, options=options, default=default)
        if isinstance(prompt, CardEntry):
            return None, msgspec.structs.replace(prompt, cards=[c for c in prompt.cards if c in fitting])
        return None, prompt

    def _check_record(self, prompt: Prompt, canonical: str) -> None:
        """Refuse, in one line, an answer the record contradicts."""
        ask = getattr(prompt, "fact", None)
        known = self.facts.known.get(ask.name) if ask is not None else None
        if ask is None or known is None or canonical in known.values or _detour(prompt, canonical):
            return
        fitting = _fitting(prompt, known.values)
        if not fitting:
            return
        told = "; ".join(ask.says.get(v) or describe_answer(prompt, v) for v in fitting)
        raise AnswerError(f"That contradicts the record: {told}" + (f" ({known.why})." if known.why else "."))

    def _learn(self, prompt: Prompt, canonical: str) -> None:
        """The table answered: facts of the step end, and the answer is the record of its fact."""
        ended(self.facts, [STEP])
        ask = getattr(prompt, "fact", None)
        if ask is None or _detour(prompt, canonical):
            return
        old = self.facts.known.get(ask.name)
        if old is not None and canonical not in old.values:
            # Only a save made before Clockwork kept facts holds such an answer: it stands.
            before = "; ".join(ask.says.get(v) or describe_answer(prompt, v) for v in old.values)
            self._log(f"This changes the record, which said: {before}" + (f" ({old.why})" if old.why else ""))
        why = ask.said or SAID.get(ask.lifetime, "said earlier this turn")
        self.facts.known[ask.name] = Known([canonical], ask.lifetime, why)

    def _legacy(self) -> bool:
        """Is the next answer one given before Clockwork answered questions from the record?"""
        return self.applied < self.session.facts_from

    def _asked_then(self, prompt: Prompt) -> bool:
        """A save made before facts: was this question asked then (the next stored answer is its)?"""
        if not self._legacy():
            return False
        answers, redo = self.session.answers, self.session.redo
        record = answers[self.applied] if self.applied < len(answers) else (redo[0] if redo else None)
        return record is not None and record.label.startswith(f"{prompt.label or prompt.text} → ")

    def _snapshot(self, title: str) -> None:
        snaps = self.session.snapshots
        same_step = bool(snaps) and snaps[-1].step == self.applied
        # Replaying the old part of a game: a snapshot thinning would drop is never made.
        old_part = self._replaying_to - RECENT
        skip = (not same_step and self.applied < old_part
                and self.applied - snaps[-1].step < _spacing(old_part))
        if not skip:
            snap = Snapshot(
                step=self.applied,
                log_len=len(self.session.log),
                state=msgspec.Raw(_encoder.encode(self.state)),
                facts=msgspec.Raw(_encoder.encode(self.facts)),
            )
            # Two boundaries with no answer between them: the later state is the one to resume from.
            if same_step:
                snaps[-1] = snap
            else:
                snaps.append(snap)
                if len(snaps) - self._thin_from >= 2 * RECENT:
                    self._thin()
        self._log(title, kind="turn")

    def _thin(self) -> None:
        """Keep snapshots ``_spacing`` answers apart among those older than the last RECENT
        answers (the first snapshot, the initial state, always stays). A call looks only at
        snapshots not looked at before, unless the old part has grown to twice MAX_OLD (the game
        got long, the spacing wider): then all of it again. Either way O(1) per snapshot."""
        snaps = self.session.snapshots
        start = max(1, min(self._thin_from, len(snaps)))
        if start > 2 * MAX_OLD:
            start = 1
        cutoff = self.applied - RECENT
        spacing = _spacing(cutoff)
        last = snaps[start - 1].step
        kept: list[Snapshot] = []
        end = start
        while end < len(snaps) and snaps[end].step < cutoff:
            if snaps[end].step - last >= spacing:
                kept.append(snaps[end])
                last = snaps[end].step
            end += 1
        snaps[start:end] = kept
        self._thin_from = start + len(kept)

    def _replay_to(self, step: int) -> None:
        """Rebuild the state after ``step`` answers from the nearest snapshot at or before it."""
        snaps = self.session.snapshots
        index = max(i for i, s in enumerate(snaps) if s.step <= step)
        base = snaps[index]
        # Later snapshots and log lines are rebuilt exactly by the replay below.
        del snaps[index + 1 :]
        self._thin_from = min(self._thin_from, len(snaps))
        del self.session.log[base.log_len :]
        for part, raw in (("state", base.state), ("facts", base.facts)):
            try:
                if part == "state":
                    self.state = self._decoder.decode(raw)
                else:
                    self.facts = _facts_decoder.decode(raw)
            except msgspec.ValidationError as exc:  # an edited save: name the field, where it is
                raise StateError(bounds.described(exc, f"session.snapshots[{index}].{part}")) from None
        ctx = Context(self.rules, self.session.options, self._log, FactBook(self.facts, self._log, self._legacy))
        self._gen = self.game.whole_game(self.state, ctx)
        self.applied = base.step
        # The procedure re-yields the TurnStart the snapshot was taken at; _snapshot replaces it.
        self._replaying_to = step
        try:
            self._advance(None)
            self._replay_answers(base.step, step)
        finally:
            self._replaying_to = -1

    def _replay_answers(self, start: int, step: int) -> None:
        for record in self.session.answers[start:step]:
            if self._pending is None:
                raise ReplayError(f"answer {self.applied + 1} comes after the end of the game")
            aside = self._is_aside(record.answer)
            try:
                canonical = ASIDE if aside else parse_answer(self._pending, record.answer)
            except AnswerError as exc:
                raise ReplayError(
                    f"answer {self.applied + 1} ({record.answer!r}) does not fit "
                    f"'{self._pending.label or self._pending.text}': {exc}"
                ) from None
            if not self._legacy() and not aside:
                try:
                    self._check_record(self._pending, canonical)
                except AnswerError as exc:
                    raise ReplayError(f"answer {self.applied + 1} ({record.answer!r}) contradicts the record: {exc}") from None
            try:
                self._apply(AnswerRecord(answer=canonical, label=record.label))
            except Refused as exc:
                raise ReplayError(f"answer {self.applied} ({record.answer!r}) is refused by the game: {exc}") from None


def _fitting(prompt: Prompt, values: list[str]) -> list[str]:
    """The values the record allows that are answers to ``prompt``, as canonical answers."""
    out = []
    for value in values:
        try:
            answer = parse_answer(prompt, value)
        except AnswerError:
            continue
        if not _detour(prompt, answer):
            out.append(answer)
    return out


def _detour(prompt: Prompt, canonical: str) -> bool:
    """A Number's letter key (Heirless: a Free Action first) steps aside from the question, which
    comes back: it is no answer to the question's fact, neither kept nor refused by the record."""
    return isinstance(prompt, Number) and any(o.key == canonical for o in prompt.keys)


def _spacing(old_part: int) -> int:
    """Answers between two kept snapshots in the first ``old_part`` answers of a game."""
    return max(SPACING, old_part // MAX_OLD)


# A control character as msgspec writes it in JSON: \uXXXX or a short escape for C0, raw DEL and
# C1 (UTF-8 \xc2\x80-\x9f), and bidirectional formatting (prompts.BIDI in UTF-8: U+061C, U+200E/F,
# U+202A-E, U+2066-9). A false match only costs the slow path below.
_JSON_CONTROL = re.compile(
    rb"\\u00[01][0-9a-fA-F]|\\[bfr]|\x7f|\xc2[\x80-\x9f]|\xd8\x9c|\xe2\x80[\x8e\x8f\xaa-\xae]|\xe2\x81[\xa6-\xa9]"
)


def without_controls(obj: Any) -> Any:
    """A view or prompt with every control character in its text written out (see ``shown``).
    Games build them from the state, and a state comes from a save file someone may have edited."""
    check = getattr(obj, "check", None)
    if check is not None:  # a TextEntry's reader is code, not text: clean the rest, keep it
        bare = msgspec.structs.replace(obj, check=None)
        clean = without_controls(bare)
        return obj if clean is bare else msgspec.structs.replace(clean, check=check)
    try:
        data = _encoder.encode(obj)
    except TypeError:  # something msgspec cannot write: leave it to the screen as it is
        return obj
    if _JSON_CONTROL.search(data) is None:
        return obj
    return msgspec.convert(_shown_all(msgspec.to_builtins(obj)), type(obj))


def _shown_all(value: Any) -> Any:
    if isinstance(value, str):
        return shown(value)
    if isinstance(value, list):
        return [_shown_all(v) for v in value]
    if isinstance(value, dict):
        return {k: _shown_all(v) for k, v in value.items()}
    return value
