"""Small numbers asked as single keys (1-9, Enter for the usual one) rather than typed: a vote's
Power, a Resource effect's icons, a gain. Bigger amounts stay possible through one more key."""

from __future__ import annotations

from ...engine.prompts import Choice, Number, Option, Refused

MORE = "m"


def look_again(house: str, tokens: str, open_way: str = "") -> str:
    """A refusal of more than a House holds: what to do, never what lies behind its screen (the
    refusal itself is all the table learns; issue 23)."""
    also = f"; {open_way}" if open_way else ""
    return f"Not taken: {house}, count the {tokens} behind your screen and choose again{also}."


def small_number(text: str, label: str, hi: int = 9, default: int | None = 1, help: str = "", most: int = 65,
                 zero: str = "", held: int | None = None, too_many: str = ""):
    """Keys 1..hi (Enter = ``default``); for more than 9, "m" asks the number typed (up to ``most``);
    ``zero``, when given, labels a key 0 (a way back). ``hi`` is the same whatever a House holds,
    so the keys never tell the table what is hidden. ``held``: what the House holds behind its
    screen; more than that is refused in place with ``too_many`` (never recorded), and so is "m"
    when it holds no more than the keys show."""
    shown = min(hi, 9)
    options = ([Option("0", zero)] if zero else []) + [Option(str(n), str(n)) for n in range(1, shown + 1)]
    if most > shown:
        options.append(Option(MORE, "more"))  # short labels keep the keys on one line
    key = yield Choice(text, options, label=label, help=help,
                       default=str(default) if default is not None and default <= shown else None)
    if key != MORE:
        amount = int(key)
    elif held is not None and held <= shown:
        raise Refused(too_many)
    else:
        amount = yield Number(f"{text} (more than {shown}: type it)", shown + 1, most, label=label, help=help)
    if held is not None and amount > held:
        raise Refused(too_many)
    return amount
