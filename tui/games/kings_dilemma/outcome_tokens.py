"""P2, the Outcome tokens (KD-rb p.9): each scale of the Balance gets the tokens the card shows
for that side, a Resource going up or down or a positive or negative Chronicle sticker. The
table types them in short ("wea-m+", spaces optional), since twelve options do not fit an 80×24
screen. At P5.B the winning side's Resource tokens are offered as the outcome's effects."""

from __future__ import annotations

import re

from ...engine.prompts import AnswerError
from .rules import KingsDilemmaRules

STICKER = "Sticker"
SIGNS = {"+": "+", "-": "−", "−": "−"}
EXAMPLES = ["wea-m+", "", "i+ st-", "kno- wel-", "mor+"]
# A token: an optional sign, a name's beginning, an optional sign ("wea-", "+mor"); a sign
# written after a name belongs to it, so "i+m-" reads as i+ and m-.
TOKEN = re.compile(r"([+\-−]?)([^\s+\-−,]+)([+\-−]?)")


def names(rules: KingsDilemmaRules) -> list[tuple[str, str]]:
    """(what the table may type a beginning of, what the card row shows) for every token."""
    return [(r.name.lower(), r.short.rstrip(".")) for r in rules.resources] + [
        ("sticker", STICKER), ("chronicle", STICKER),
    ]


def legend(rules: KingsDilemmaRules) -> list[tuple[str, str]]:
    """What the table types for each token, shown under the answer line (issue 24 item 6): the
    shortest beginning that names one Resource alone, 'st' for the sticker, then the signs."""
    words = [name for name, _ in names(rules)]

    def shortest(name: str) -> str:
        return next(name[:n] for n in range(1, len(name) + 1)
                    if sum(w.startswith(name[:n]) for w in words) == 1)

    return [(shortest(r.name.lower()), r.name) for r in rules.resources] + [
        ("st", "Chronicle sticker"),
        ("+ / -", "with each name: a Resource up / down, a sticker positive / negative"),
    ]


def sample(rules: KingsDilemmaRules) -> str:
    """The one example of the syntax, in the legend's own codes (issue 24 item 3: the prompt and
    its refusals show the same): Wealth down, Morale up, a negative sticker, signs after names."""
    codes = dict((name, code) for code, name in legend(rules))
    return f"{codes['Wealth']}-{codes['Morale']}+{codes['Chronicle sticker']}-"


def parse_tokens(text: str, rules: KingsDilemmaRules) -> tuple[list[str] | None, str]:
    """The tokens as shown on the card row ("Wealth−"), or None and a one-line message."""
    shown: list[str] = []
    needs = f"needs a name and one + or - after it, as in {sample(rules)}."
    stray = TOKEN.sub(" ", text.replace(",", " ")).split()
    if stray:
        return None, f"'{stray[0]}' {needs}"
    for before, word, after in TOKEN.findall(text.replace(",", " ")):
        if bool(before) == bool(after):
            return None, f"'{before}{word}{after}' {needs}"
        sign = SIGNS[before or after]
        fits = {show for name, show in names(rules) if name.startswith(word.lower())}
        if len(fits) != 1:
            what = f"fits {' and '.join(sorted(fits))}" if fits else "is no Resource nor 'st' (sticker)"
            return None, f"'{word}' {what}."
        shown.append(fits.pop() + sign)
    return shown, ""


def tokens_check(rules: KingsDilemmaRules):
    """The reader of a typed scale: tokens that cannot be read are refused in place (AnswerError),
    so they are never recorded. Returns the tokens as shown on the card row."""

    def check(text: str) -> list[str]:
        shown, message = parse_tokens(text, rules)
        if shown is None:
            raise AnswerError(message)
        return shown

    return check


def resource_tokens(tokens: list[str], rules: KingsDilemmaRules) -> list[tuple[str, bool]]:
    """The Resource tokens among ``tokens`` as (Resource key, up), in the order typed."""
    by_short = {r.short.rstrip("."): r.key for r in rules.resources}
    out = []
    for token in tokens:
        name, sign = token[:-1], token[-1]
        if name in by_short:
            out.append((by_short[name], sign == "+"))
    return out


def has_sticker(tokens: list[str]) -> bool:
    return any(t.startswith(STICKER) for t in tokens)
