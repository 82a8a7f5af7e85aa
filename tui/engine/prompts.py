"""The step protocol: what a procedure yields, and how a typed answer is read.

A procedure yields a prompt and receives a typed value back: None for an instruction, bool for
a yes/no question, the option key for a choice, int for a number, the card name for a card entry.
Sessions store every answer as its canonical string so saves stay plain data. A question may
name the fact it asks about (``fact=``, engine/facts.py): the runner answers it from the record
when the record knows it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

import msgspec

from .facts import Ask


class Option(msgspec.Struct, frozen=True):
    key: str
    label: str


# The key a word keeps on every step (issue 24, new-player playtest: "none" was n on one step, 0
# on another): where an option's label leads with one of these, the player presses this key for
# it, whatever key the game gave it, unless another option leads with the same word or already
# has the key. Only what is pressed and shown changes: the answer saved stays the game's own key.
WORD_KEYS = {"no": "n", "none": "n", "yes": "y", "done": "d", "end": "e", "both": "b", "more": "m",
             "back": "b", "skip": "s", "a human": "h"}
_LEAD = re.compile(r"[^\W\d_]+(?:'s)?")


@lru_cache(maxsize=4096)  # a step's options are read again at each answer; labels repeat
def _leading(label: str) -> str | None:
    """The WORD_KEYS entry ``label`` leads with (whole words, any case), if any."""
    words = [w.lower() for w in _LEAD.findall(label)[:2]]
    for lead in (" ".join(words), words[0] if words else ""):
        if lead in WORD_KEYS and label.lower().startswith(lead) and not label[len(lead):len(lead) + 1].isalpha():
            return lead
    return None


def pressed_keys(options: list["Option"]) -> list[str]:
    """The key a player presses for each option, in order (WORD_KEYS, else the game's key)."""
    keys = [o.key for o in options]
    taken = {k.lower() for k in keys}
    leads = [_leading(o.label) for o in options]
    for i, lead in enumerate(leads):
        if lead is None or leads.count(lead) > 1:
            continue
        key = WORD_KEYS[lead]
        if keys[i].lower() != key and key not in taken:
            keys[i] = key
            taken.add(key)
    return keys


class Instruction(msgspec.Struct, tag="instruction"):
    """Something for the table to do; acknowledged with Enter."""

    text: str
    label: str = ""
    help: str = ""


class YesNo(msgspec.Struct, tag="yesno"):
    """A question about the shared board that only the table can answer."""

    text: str
    label: str = ""
    help: str = ""
    # The fact it asks about (engine/facts.py): answered from the record when known.
    fact: Ask | None = None


class Choice(msgspec.Struct, tag="choice"):
    """A choice among labelled options, each on its own key (1-9 or a letter)."""

    text: str
    options: list[Option]
    label: str = ""
    help: str = ""
    # The option Enter picks (a difficulty "as set for the table"); None: Enter picks nothing.
    default: str | None = None
    fact: Ask | None = None


class Number(msgspec.Struct, tag="number"):
    text: str
    lo: int
    hi: int
    label: str = ""
    help: str = ""
    default: int | None = None
    fact: Ask | None = None
    # Answers on a letter instead of a number (Heirless: a Free Action in the middle of a vote);
    # the procedure then receives the option's key, a str, instead of an int.
    keys: list[Option] = []


class CardEntry(msgspec.Struct, tag="card"):
    """A card the player names, from a physical deck the app does not own.

    ``taken``: names no longer on offer, each with where it went ("seat 1"), so typing one is
    refused by saying so rather than as an unknown name."""

    text: str
    cards: list[str]
    label: str = ""
    help: str = ""
    fact: Ask | None = None
    taken: list[tuple[str, str]] = []


class TextEntry(msgspec.Struct, tag="text"):
    """Free text the table types: a player's name, a promise's wording, a list of card IDs.

    ``examples`` are answers random play may give (each must pass ``check``). ``check`` reads the
    text further (a card code, a name already used) and raises AnswerError with a one-line reason
    when it does not fit: the answer is then refused in place and never recorded.

    ``legend``: when the text is written in codes (Outcome tokens, suit letters, card IDs), every
    code ``check`` reads, each with what it means in the game's words; the screen shows it under
    the answer line, so the codes are learnt there rather than from refusals (issue 24 item 6).

    ``empty``: what Enter with nothing typed means, as the history shows it (default "none").
    """

    text: str
    label: str = ""
    help: str = ""
    max_len: int = 120
    allow_empty: bool = False
    examples: list[str] = []
    check: Callable[[str], object] | None = None
    fact: Ask | None = None
    legend: list[tuple[str, str]] = []
    empty: str = ""


class MultiChoice(msgspec.Struct, tag="multi"):
    """Several of the options at once (signatories of a promise, the players who passed):
    their keys separated by spaces; the game receives the keys in the options' order."""

    text: str
    options: list[Option]
    lo: int = 0
    hi: int | None = None
    label: str = ""
    help: str = ""
    fact: Ask | None = None


class TurnStart(msgspec.Struct, tag="turn"):
    """Not a prompt: marks a turn boundary, where the session takes a snapshot."""

    title: str


Prompt = Instruction | YesNo | Choice | Number | CardEntry | TextEntry | MultiChoice

# The answer a game's step aside gives in place of the pending one (GameDef.aside: Root's reactions,
# started at any question with one key): the procedure receives it, runs what it opens, and asks
# the pending question again. No question of a game that offers a step aside takes it as an answer.
ASIDE = "!aside"

YES_WORDS = {"y", "yes"}
NO_WORDS = {"n", "no"}
ACK_WORDS = {"", "ok", "enter", "done"}


class AnswerError(ValueError):
    """An answer that does not fit the prompt; its message is one line for the player."""


class Refused(AnswerError):
    """Raised by a procedure right after it received an answer it cannot use (a card code that
    names no card, a trade of goods that cannot change hands): the runner takes the answer back
    as if it had never been given (nothing enters the history or the save) and the player sees
    the message in place of the question's hint."""


MINUS = "\u2212"  # the minus sign: '-5 to 5' never reads as a dash between two numbers


def signed(n: int) -> str:
    """A number as shown: a negative one with the minus sign (−5)."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def span(lo: int, hi: int) -> str:
    """A range of numbers as shown everywhere: '−5 to 5', '0 to 9' (never '-5–5')."""
    return f"{signed(lo)} to {signed(hi)}"


def parse_answer(prompt: Prompt, raw: str) -> str:
    """Return the canonical answer string for ``raw`` or raise AnswerError with a hint."""
    text = raw.strip()
    low = text.lower()
    match prompt:
        case Instruction():
            if low in ACK_WORDS:
                return "ok"
            raise AnswerError("Press Enter when it is done.")
        case YesNo():
            if low in YES_WORDS:
                return "y"
            if low in NO_WORDS:
                return "n"
            raise AnswerError("Answer y (yes) or n (no).")
        case Choice():
            if not text and prompt.default is not None:
                return prompt.default
            pressed = pressed_keys(prompt.options)
            for opt, key in zip(prompt.options, pressed):  # the game's own key too: a save holds it
                if low in (key.lower(), opt.key.lower()):
                    return opt.key
            for opt in prompt.options:
                if low and low == opt.label.lower():
                    return opt.key
            raise AnswerError(f"Choose one of: {', '.join(pressed)}.")
        case Number():
            if not text and prompt.default is not None:
                return str(prompt.default)
            for opt in prompt.keys:
                if low == opt.key.lower():
                    return opt.key
            try:
                value = int(text.replace(MINUS, "-"))  # the minus sign as shown is typed too
            except ValueError:
                raise AnswerError(f"Type a whole number from {span(prompt.lo, prompt.hi)}.") from None
            if not prompt.lo <= value <= prompt.hi:
                raise AnswerError(f"{signed(value)} is out of range: {span(prompt.lo, prompt.hi)}.")
            return str(value)
        case CardEntry():
            return match_card(prompt.cards, text, prompt.taken)
        case TextEntry():
            return parse_text(prompt, text)
        case MultiChoice():
            return parse_multi(prompt, text)
    raise AnswerError("This step takes no answer.")


# Bidirectional formatting: the embeddings and overrides (U+202A-E), the isolates (U+2066-9) and the
# marks (U+200E/F, U+061C) reorder what a terminal shows (after U+202E a line reads backwards), so
# a name or a line from a file could pass itself off as another.
BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
# The line and paragraph separators (U+2028/9) end a line for Python's splitlines, so they would
# split a one-line message; the zero-width space, the byte-order mark and the soft hyphen (U+200B,
# U+FEFF, U+00AD) are invisible in a name. Written out like the controls.
HIDDEN = "\u00ad\u200b\u2028\u2029\ufeff"
# C0 controls but tab and newline, DEL, C1 controls (ESC, BEL, CSI): what a terminal would obey.
_CONTROL = re.compile(f"[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f{BIDI}{HIDDEN}]")
_CONTROL_OR_NEWLINE = re.compile(f"[\\x00-\\x08\\x0a-\\x1f\\x7f-\\x9f{BIDI}{HIDDEN}]")


def shown(text: str, one_line: bool = False) -> str:
    """``text`` with control characters and bidirectional formatting written out (ESC →
    ``\\x1b``, U+202E → ``\\u202e``), so text that came from a file (a tampered save, a ruleset)
    is shown as it is and never obeyed or reordered by a terminal."""
    pattern = _CONTROL_OR_NEWLINE if one_line else _CONTROL
    if pattern.search(text) is None:
        return text
    return pattern.sub(_written_out, text)


def _written_out(m: re.Match) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def parse_text(prompt: TextEntry, text: str) -> str:
    """Plain one-line text: control characters (terminal escapes) are refused, not stored."""
    if any(ord(c) < 32 or ord(c) == 127 or 0x80 <= ord(c) < 0xA0 for c in text):
        raise AnswerError("Control characters cannot be part of the text; type it again.")
    if not text and not prompt.allow_empty:
        raise AnswerError("Type something, then Enter.")
    if len(text) > prompt.max_len:
        raise AnswerError(f"Too long: at most {prompt.max_len} characters ({len(text)} typed).")
    if prompt.check is not None:
        prompt.check(text)
    return text


def parse_multi(prompt: MultiChoice, text: str) -> str:
    """Keys separated by spaces or commas, or whole names separated by commas, in any order;
    '-' or nothing picks none."""
    by_key = {o.key.lower(): o.key for o in prompt.options}
    by_label = {o.label.lower(): o.key for o in prompt.options}
    picked: set[str] = set()
    for part in text.split(","):
        whole = part.strip().lower()
        if whole in by_label:
            picked.add(by_label[whole])
            continue
        for word in part.split():
            if word == "-":
                continue
            key = by_key.get(word.lower()) or by_label.get(word.lower())
            if key is None:
                keys = ", ".join(o.key for o in prompt.options)
                raise AnswerError(f"'{word}' is not one of: {keys}.")
            picked.add(key)
    hi = len(prompt.options) if prompt.hi is None else prompt.hi
    if not prompt.lo <= len(picked) <= hi:
        span = f"{prompt.lo}" if prompt.lo == hi else f"{prompt.lo} to {hi}"
        raise AnswerError(f"Pick {span} (keys separated by spaces); {len(picked)} picked.")
    return " ".join(o.key for o in prompt.options if o.key in picked)


def match_card(cards: list[str], text: str, taken: list[tuple[str, str]] | None = None) -> str:
    """Exact name (any case) or a unique prefix; otherwise say what would fit, or where a name
    that is no longer on offer went."""
    low = text.strip().lower()
    if not low:
        raise AnswerError("Type a card name (a unique beginning is enough).")
    names = list(dict.fromkeys(cards))
    for name in names:
        if name.lower() == low:
            return name
    starts = [n for n in names if n.lower().startswith(low)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        shown = ", ".join(starts[:4]) + (" …" if len(starts) > 4 else "")
        raise AnswerError(f"'{text}' fits several: {shown}.")
    inside = [n for n in names if low in n.lower()]
    if len(inside) == 1:
        return inside[0]
    gone = [(n, where) for n, where in taken or [] if n.lower() == low]
    gone = gone or [(n, where) for n, where in taken or [] if n.lower().startswith(low)]
    if len(gone) == 1:
        raise AnswerError(f"{gone[0][0]} is taken ({gone[0][1]}).")
    raise AnswerError(f"Nothing here is called '{text}'.")


def answer_value(prompt: Prompt, canonical: str) -> object:
    """The typed value a procedure receives for a canonical answer."""
    match prompt:
        case Instruction():
            return None
        case YesNo():
            return canonical == "y"
        case Number():
            return canonical if any(o.key == canonical for o in prompt.keys) else int(canonical)
        case MultiChoice():
            return canonical.split() if canonical else []
    return canonical


def describe_answer(prompt: Prompt, canonical: str) -> str:
    match prompt:
        case Instruction():
            return "done"
        case YesNo():
            return "yes" if canonical == "y" else "no"
        case Choice():
            for opt in prompt.options:
                if opt.key == canonical:
                    return opt.label
        case MultiChoice():
            picked = set(canonical.split())
            return ", ".join(o.label for o in prompt.options if o.key in picked) or "none"
        case Number():
            for opt in prompt.keys:
                if opt.key == canonical:
                    return opt.label
        case TextEntry():
            return canonical or prompt.empty or "none"
    return canonical


def step_label(prompt: Prompt, canonical: str) -> str:
    """A concrete label for the history and for undo ("Undo: Room in the formation? → no")."""
    head = prompt.label or prompt.text
    if isinstance(prompt, Instruction):
        return f"✓ {head}"
    return f"{head} → {describe_answer(prompt, canonical)}"


def valid_answers(prompt: Prompt) -> list[str]:
    """Every canonical answer the prompt accepts (used by random play and the plain mode)."""
    match prompt:
        case Instruction():
            return ["ok"]
        case YesNo():
            return ["y", "n"]
        case Choice():
            return [o.key for o in prompt.options]
        case Number():
            return [str(v) for v in range(prompt.lo, prompt.hi + 1)] + [o.key for o in prompt.keys]
        case CardEntry():
            return list(dict.fromkeys(prompt.cards))
        case TextEntry():
            return list(prompt.examples) or ["x"]
        case MultiChoice():
            return _multi_samples(prompt)
    return []


def _multi_samples(prompt: MultiChoice) -> list[str]:
    """Every allowed pick for up to 6 options, else the smallest and largest picks in a row."""
    keys = [o.key for o in prompt.options]
    hi = len(keys) if prompt.hi is None else prompt.hi
    if len(keys) <= 6:
        picks = [[k for i, k in enumerate(keys) if mask >> i & 1] for mask in range(1 << len(keys))]
    else:
        picks = [keys[i : i + n] for n in {prompt.lo, hi} for i in range(len(keys) - n + 1)]
    return [" ".join(p) for p in picks if prompt.lo <= len(p) <= hi]
