"""The key grammar of Clockwork's own actions (issue 24 item 1), in one place.

Every action of the app has one key that works on every screen and never changes meaning. They
are ctrl or function keys only, never a printable key: letters, digits, y and n stay for the
answers, and these keys keep working while an answer is being typed. None of them is one a
browser keeps for itself in `clockwork web` (^w ^t ^n), one a terminal sends for Backspace, Tab,
Enter or Esc (^h ^i ^j ^m ^[), a screen or tmux prefix (^a ^b), or ^c.

Plain data (no Textual): the game screen binds these, the help and the rules page name them.
"""

from __future__ import annotations

from typing import NamedTuple


class AppKey(NamedTuple):
    action: str  # the screen's action it runs
    key: str  # the key, as Textual names it
    shown: str  # the key as the keys line and help write it
    name: str  # one word on the keys line
    what: str  # what it does, for help and the rules page
    says: str  # the hint given for a letter that used to be this key ("^z undoes")


HELP = AppKey("help", "f1", "F1", "Help", "help: every key of the screen you are on", "F1 is help")
QUIT = AppKey("quit", "ctrl+q", "^q", "Quit", "quit (every game is saved after every step)", "^q quits")
PALETTE = AppKey("command_palette", "ctrl+p", "^p", "palette", "the command palette: the actions that apply now", "")

# The game screen's keys, in the order the keys line offers them when it has room for only some.
UNDO = AppKey("undo", "ctrl+z", "^z", "Undo", "undo the last answer (says what it undid)", "^z undoes")
REDO = AppKey("redo", "ctrl+y", "^y", "Redo", "redo the last undone answer", "^y redoes")
HISTORY = AppKey("history", "ctrl+l", "^l", "History",
                 "the whole history at full height: read it, undo back to a line", "^l opens the history")
RULES = AppKey("reference", "f2", "F2", "Rules",
               "this game's turn and keys on one screen; m there: the rules at hand, readings and sources",
               "F2 shows the rules")
STEP = AppKey("prompt_help", "f6", "F6", "Step", "the current step on its own: what it asks and how to answer",
              "F6 explains this step")
HIDDEN = AppKey("secrets", "f3", "F3", "Hidden", "one player's hidden holdings, shown to that player alone",
                "F3 shows hidden holdings")
SAVE_AS = AppKey("save_as", "ctrl+s", "^s", "Save", "save this game under a new name", "")
PANES = AppKey("panes", "f4", "F4", "Panes", "the card row, notices, steps and tracks whole, on a screen of their own",
               "F4 shows the panes")
TAKE_OVER = AppKey("take_over", "ctrl+o", "^o", "Take over", "watching: play it yourself once its player has quit",
                   "^o takes over")
RETRY_SAVE = AppKey("retry_save", "ctrl+r", "^r", "Retry", "write the answers a failed save left in memory", "")

REACTION = AppKey("aside", "ctrl+f", "^f", "Reaction",
                  "a reaction whose rule fires now, at any step (another player's turn too): its menu, "
                  "then the same step again (games with reactions)", "")

GAME_KEYS = [UNDO, REDO, HISTORY, REACTION, RULES, STEP, HIDDEN, SAVE_AS, PANES, TAKE_OVER]
EVERYWHERE = [HELP, PALETTE, QUIT]

# The letters that were the game screen's keys before issue 24: pressed where they answer nothing,
# the hint names the key that does it now.
FORMER = {"u": UNDO, "r": REDO, "l": HISTORY, "i": STEP, "g": RULES, "h": HIDDEN, "p": PANES, "t": TAKE_OVER,
          "?": HELP}


def is_app_key(key: str) -> bool:
    """Is ``key`` (as Textual names it) one the grammar allows for an app action?"""
    return key.startswith("ctrl+") or (key[:1] == "f" and key[1:].isdigit())
