"""Keys every screen opened over another shares (issue 24 item 1): Esc goes back, F1 is help and
^q quits, as everywhere. Textual stops looking for bindings at a modal screen, so F1 is bound here
again; ^q is the app's (a priority binding) and is named here only for the keys line."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding, BindingType

from ..keys import HELP, QUIT


def modal_keys(*own: Binding, help_key: bool = True) -> list[BindingType]:
    """The screen's own keys, then help (unless the screen is the help) and quit."""
    shared: list[BindingType] = [Binding(QUIT.key, "app.quit", QUIT.name, key_display=QUIT.shown)]
    if help_key:
        shared.insert(0, Binding(HELP.key, "app.help", HELP.name, key_display=HELP.shown))
    return [*own, *shared]


def key_name(app: App, key: str) -> str:
    """A key as the keys line writes it: ^z, F6, Esc, Enter, a letter."""
    if key.startswith("ctrl+"):
        return "^" + key[5:]
    if key[:1] == "f" and key[1:].isdigit():
        return key.upper()
    if key == "escape":
        return "Esc"
    if key == "enter":
        return "Enter"
    return app.get_key_display(Binding(key, ""))
