"""P2, the Outcome tokens (KD-rb p.9): each scale of the Balance gets the tokens the card shows
for that side, a Resource going up or down or a positive or negative Chronicle sticker. The
table types them in short ("wea- mor+ st-"), since twelve options do not fit an 80×24 screen."""

from __future__ import annotations

from ...rules.kings_dilemma import KingsDilemmaRules

STICKER = "Sticker"
SIGNS = {"+": "+", "-": "−", "−": "−"}
EXAMPLES = ["wea- mor+", "", "inf+ st-", "kno- wel-"]


def names(rules: KingsDilemmaRules) -> list[tuple[str, str]]:
    """(what the table may type a beginning of, what the card row shows) for every token."""
    return [(r.name.lower(), r.short.rstrip(".")) for r in rules.resources] + [
        ("sticker", STICKER), ("chronicle", STICKER),
    ]


def parse_tokens(text: str, rules: KingsDilemmaRules) -> tuple[list[str] | None, str]:
    """The tokens as shown on the card row ("Wealth−"), or None and a one-line message."""
    shown: list[str] = []
    for word in text.replace(",", " ").split():
        sign = ""
        if word[0] in SIGNS:
            sign, word = SIGNS[word[0]], word[1:]
        elif word[-1] in SIGNS:
            sign, word = SIGNS[word[-1]], word[:-1]
        if not sign or not word:
            return None, f"'{sign}{word}' needs a name and a + or −, like wea- or +mor."
        fits = {show for name, show in names(rules) if name.startswith(word.lower())}
        if len(fits) != 1:
            what = f"fits {' and '.join(sorted(fits))}" if fits else "is no Resource nor 'st' (sticker)"
            return None, f"'{word}' {what}."
        shown.append(fits.pop() + sign)
    return shown, ""
