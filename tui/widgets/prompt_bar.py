"""The prompt bar: the pending prompt, its answer keys, and a one-line hint.

Keys are turned into raw answers here; the screen sends them to OpenGame, which parses them.
Card entry, free text, several picks (and a choice with multi-letter keys) need typing, in an
Input (with completion for card names). Under the answer line a legend names the codes a typed
answer is written in (issue 24 item 6), or, for a card, the names that fit what is typed so far.
"""

from __future__ import annotations

from os.path import commonprefix

from rich.text import Text
from textual import events, on
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Input, Static

from ..engine.prompts import (
    CardEntry, Choice, Instruction, MultiChoice, Number, Prompt, TextEntry, YesNo, pressed_keys, signed, span,
)
from ..keys import STEP
from . import css
from .line import Line
from .text_block import TextBlock

INLINE_OPTIONS = 74
HANDLED = object()  # a key that edited the prompt bar but did not answer yet


def completions(names: list[str], typed: str) -> list[str]:
    """The names that begin with what is typed (any case), in their order."""
    low = typed.casefold()
    return [n for n in dict.fromkeys(names) if n.casefold().startswith(low)]


def shared_beginning(names: list[str]) -> str:
    """The beginning all ``names`` share (any case), spelt as the first one."""
    return names[0][: len(commonprefix([n.casefold() for n in names]))] if names else ""


class SuggestOne(Suggester):
    """The completion shown in grey: the one name that fits, or the beginning every fitting name
    shares; never one name of several (issue 24 item 6)."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(case_sensitive=False)
        self.names = list(dict.fromkeys(names))

    async def get_suggestion(self, value: str) -> str | None:
        fits = completions(self.names, value)
        if len(fits) == 1:
            return fits[0]
        shared = shared_beginning(fits)
        return shared if len(shared) > len(value) else None


class CardInput(Input):
    """An Input whose Tab completes a name."""

    BINDINGS = [Binding("tab", "complete", "Complete", show=False)]

    class Several(Message):
        """Tab found several names that fit: the prompt bar lists them on its hint line."""

        def __init__(self, names: list[str]) -> None:
            super().__init__()
            self.names = names

    def action_complete(self) -> None:
        """Tab completes the one name that fits; with several it completes only the beginning they
        share and lists them (issue 24 item 6), never picking one. With nothing typed the focus
        stays in the answer, so Backspace and Enter keep meaning what they did."""
        names = self.suggester.names if isinstance(self.suggester, SuggestOne) else []
        fits = completions(names, self.value) if self.value else []
        if not fits:
            return
        done = fits[0] if len(fits) == 1 else shared_beginning(fits)
        if len(done) > len(self.value):
            self.value = done
            self.cursor_position = len(self.value)
        if len(fits) > 1:
            self.post_message(self.Several(fits))


class PromptBar(Vertical, can_focus=True):
    DEFAULT_CSS = css("prompt_bar.tcss")

    class Answered(Message):
        def __init__(self, raw: str) -> None:
            super().__init__()
            self.raw = raw

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.prompt: Prompt | None = None
        self.step = -1
        self.finished = ""
        self.digits = ""
        self.show_help = False
        self._laid_out_for: tuple[int, int] | None = None  # the body's (width, rows) last drawn for
        self.message = ""  # the hint line's message, whole (the line may cut it)
        self._typed_told = False  # whether the keys bar was last told something is typed

    def compose(self):
        with VerticalScroll(id="prompt-body", can_focus=False):
            yield TextBlock(id="prompt-text")
            yield CardInput(id="prompt-input", select_on_focus=False)
            yield TextBlock(id="prompt-legend")
        yield Line(id="prompt-hint")

    def on_mount(self) -> None:
        self.query_one(CardInput).cursor_blink = getattr(self.app, "blink", True)
        self.hint("")

    # -- showing ------------------------------------------------------------------------------

    @property
    def typing(self) -> bool:
        """Does the pending prompt take typed text (in the Input) rather than single keys?"""
        return takes_typing(self.prompt)

    @property
    def input(self) -> CardInput:
        return self.query_one(CardInput)

    def show(self, prompt: Prompt | None, finished: str = "", step: int = 0) -> bool:
        """Show the prompt pending after ``step`` answers; a new step clears what was typed.
        Returns False (and redraws nothing) when the same step is shown again."""
        changed = step != self.step or prompt != self.prompt
        if not changed and finished == self.finished:
            return False
        self.prompt = prompt
        self.step = step
        self.finished = finished
        if changed:
            self.digits = ""
            self.show_help = False
            self._typed_told = False  # the screen tells the keys bar of the new step itself
        self.set_class(prompt is None, "-finished")
        field = self.input
        field.display = self.typing
        if self.typing and changed:
            with field.prevent(Input.Changed):  # a new step's empty field: the hint says what happened
                field.value = ""
            field.max_length = prompt.max_len if isinstance(prompt, TextEntry) else 0
            if isinstance(prompt, (CardEntry, Choice)):
                names = prompt.cards if isinstance(prompt, CardEntry) else [o.label for o in prompt.options]
                field.suggester = SuggestOne(names)
                field.placeholder = "type a name · Tab completes · Enter answers · ^z undo"
            elif isinstance(prompt, MultiChoice):
                field.suggester = None
                sample = " ".join(o.key for o in prompt.options[:2])
                field.placeholder = f"type the keys, e.g. {sample} · Enter answers · ^z undo"
            else:
                field.suggester = None
                field.placeholder = "type, then Enter · ^z undo"
        self._render_prompt()
        self.query_one("#prompt-body", VerticalScroll).scroll_home(animate=False)
        if changed:
            self.hint("")
        return True

    def hint(self, message: str | Text = "") -> None:
        """The one line under the prompt: a message for the player, or when there is none the
        keys that help here. It always holds its row, so a message never moves the layout: one
        longer than the line ends in … there, and the step's own screen (F6) shows it whole."""
        self.message = message.plain if isinstance(message, Text) else message
        if not message and self.prompt is not None and self.prompt.help:
            message = Text(f"{STEP.shown}  more about this step", style="dim")
        text = message.copy() if isinstance(message, Text) else Text(message, style="italic")
        text.no_wrap, text.overflow = True, "ellipsis"
        self.query_one("#prompt-hint", Line).line = text  # drawn only when it changed

    @property
    def has_typed(self) -> bool:
        """Is part of an answer typed (text, or a number's digits)?"""
        return bool(self.digits or (self.typing and self.input.value))

    def _typed_changed(self) -> None:
        """Typing began or was taken back: ^z's use changed (it takes back the typing), so the
        keys bar is told, as a step's change tells it (issue 24: Undo looked dimmed while ^z
        worked). Only when it changed: a key typed after the first redraws nothing."""
        if self.has_typed != self._typed_told:
            self._typed_told = self.has_typed
            self.refresh_bindings()

    def clear_typed(self) -> bool:
        """Take back what is typed of the answer (text, or a number's digits); False when nothing is."""
        if self.digits:
            self.digits = ""
            self._render_prompt()
            self._typed_changed()
            return True
        if not (self.typing and self.input.value):
            return False
        with self.input.prevent(Input.Changed):  # the caller's hint says what happened
            self.input.value = ""
        self._render_legend()
        self._typed_changed()
        return True

    def toggle_help(self) -> bool:
        """Show or hide the prompt's extra help; False when it has none."""
        if self.prompt is None or not self.prompt.help:
            return False
        self.show_help = not self.show_help
        self._render_prompt()
        return True

    def _render_prompt(self) -> None:
        line = self.query_one("#prompt-text", Static)
        body = self.query_one("#prompt-body", VerticalScroll)
        width = body.scrollable_content_region.width or INLINE_OPTIONS + 4
        rows = body.scrollable_content_region.height or 10
        if self.typing:
            rows -= 1  # the input line sits under the question
        self._laid_out_for = (width, rows)
        line.update(render_prompt(self.prompt, self.finished, self.digits, self.show_help, width, rows))
        self._render_legend(width, rows)

    def _render_legend(self, width: int | None = None, rows: int | None = None) -> None:
        """The legend under the answer line, in the rows the question leaves."""
        block = self.query_one("#prompt-legend", TextBlock)
        if width is None or rows is None:
            width, rows = self._laid_out_for or (INLINE_OPTIONS + 4, 9)
        prompt = self.prompt
        entries, picker = legend_entries(prompt, self.input.value if self.typing else "")
        if prompt is None or not (entries or picker):
            block.display = False
            return
        block.display = True
        room = rows - _lines(prompt.text, width)
        block.update(render_legend(entries, width, room, picker=picker))

    def on_resize(self) -> None:
        # A new step's text can resize the bar's contents; only a new size of the body itself
        # changes how the options are laid out (redrawing for nothing costs a second layout).
        body = self.query_one("#prompt-body", VerticalScroll).scrollable_content_region
        rows = body.height - (1 if self.typing else 0)
        if (body.width, rows) != self._laid_out_for:
            self._render_prompt()

    # -- keys ---------------------------------------------------------------------------------

    def key_answer(self, event: events.Key) -> object:
        """The raw answer for a key, HANDLED for a digit typed into a number, or None."""
        prompt = self.prompt
        key, char = event.key, event.character or ""
        if prompt is None or self.typing:
            return None
        if isinstance(prompt, Instruction):
            return "" if key == "enter" else None
        if isinstance(prompt, YesNo):
            return char.lower() if char.lower() in ("y", "n") else None
        if isinstance(prompt, Choice):
            for opt, pressed in zip(prompt.options, pressed_keys(prompt.options)):
                if char and char.lower() == pressed.lower():
                    return opt.key
            return prompt.default if key == "enter" and prompt.default is not None else None
        if isinstance(prompt, Number):
            for opt in prompt.keys:
                if char and char.lower() == opt.key.lower() and not self.digits:
                    return opt.key
            if key == "enter":
                raw, self.digits = self.digits, ""
                self._render_prompt()
                return raw
            # A minus is kept even where no negative answer fits: the whole number is then refused
            # in one line, never silently read as positive (issue 24 playtest).
            if char.isdigit() or (char == "-" and not self.digits):
                if len(self.digits) < 9:
                    self.digits += char
                self._render_prompt()
                self._typed_changed()
                return HANDLED
            if key == "backspace" and self.digits:
                self.digits = self.digits[:-1]
                self._render_prompt()
                self._typed_changed()
                return HANDLED
        return None

    def expected(self) -> str:
        """What the pending prompt wants, for one-line hints."""
        match self.prompt:
            case Instruction():
                return "press Enter when it is done"
            case YesNo():
                return "answer y or n"
            case Choice(options=options):
                return "choose " + ", ".join(pressed_keys(options))
            case Number(lo=lo, hi=hi, keys=keys):
                extra = "".join(f", or {o.key}" for o in keys)
                return f"type a number {span(lo, hi)}, then Enter{extra}"
            case CardEntry():
                return "type a card name, then Enter"
            case TextEntry():
                return "type the text, then Enter"
            case MultiChoice():
                return "type the keys separated by spaces, then Enter"
        return "the game is over"

    @on(Input.Submitted, "#prompt-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.post_message(self.Answered(event.value))

    @on(CardInput.Several)
    def _several(self, event: CardInput.Several) -> None:
        event.stop()
        self.hint(f"{len(event.names)} fit: {', '.join(event.names)} · type more, then Tab")

    @on(Input.Changed, "#prompt-input")
    def _changed(self, event: Input.Changed) -> None:
        event.stop()
        if legend_entries(self.prompt)[1]:
            self._render_legend()  # the card names that fit what is typed so far
        self.hint("")
        self._typed_changed()


def card_fits(prompt: CardEntry, typed: str) -> list[str]:
    """The card names that fit what is typed: those it begins, then those it is part of."""
    names = list(dict.fromkeys(prompt.cards))
    low = typed.strip().lower()
    starts = [n for n in names if n.lower().startswith(low)]
    return starts + [n for n in names if low in n.lower() and n not in starts]


def legend_entries(prompt: Prompt | None, typed: str = "") -> tuple[list[tuple[str, str]], bool]:
    """(the entries of the legend under the answer line, is it a picker). A typed step's codes,
    each with what it means; for a card, the names that fit what is typed so far, unless the
    question itself names them all."""
    if isinstance(prompt, TextEntry):
        return list(prompt.legend), False
    if isinstance(prompt, CardEntry):
        names = list(dict.fromkeys(prompt.cards))
        if all(name in prompt.text for name in names):
            return [], False
        return [(name, "") for name in card_fits(prompt, typed)], True
    return [], False


LEGEND_GAP = 3  # cells between two columns of the legend


def _cell(entry: tuple[str, str]) -> int:
    code, meaning = entry
    return len(code) + (1 + len(meaning) if meaning else 0)


def _grid_rows(entries: list[tuple[str, str]], width: int, most: int) -> int | None:
    """The fewest rows (at most ``most``) whose columns of ``entries``, filled top to bottom,
    fit ``width``; None when none do."""
    for rows in range(1, max(1, most) + 1):
        columns = [entries[c : c + rows] for c in range(0, len(entries), rows)]
        if sum(max(_cell(e) for e in column) for column in columns) + LEGEND_GAP * (len(columns) - 1) <= width:
            return rows
    return None


def render_legend(entries: list[tuple[str, str]], width: int, rows: int, picker: bool = False) -> Text:
    """The legend in ``rows`` lines of ``width`` cells: the entries in their order, the short ones
    that lead in columns, from the first wider than half the line on one a line. A picker too long
    for its rows shows the names that fit and how many more there are (typing narrows them)."""
    text = Text()
    if picker and not entries:
        return Text("no card fits what is typed", style="italic")
    lead = next((i for i, e in enumerate(entries) if _cell(e) > width // 2), len(entries))
    short, wide = entries[:lead], entries[lead:]
    pad = max((len(code) for code, _ in wide), default=0)  # one a line, their meanings aligned
    left = rows - sum(_lines(f"{code.ljust(pad)} {meaning}", width) for code, meaning in wide)
    more = 0
    grid = _grid_rows(short, width, left) if short else 0
    if grid is None and picker:  # as many names as fit, and a line saying how many more
        while short and (grid := _grid_rows(short, width, left - 1)) is None:
            short, more = short[:-1], more + 1
    if grid is None:  # more than the rows hold: one a line (the prompt scrolls)
        grid = len(short)
    columns = [short[c : c + grid] for c in range(0, len(short), grid)] if grid else []
    widths = [max(_cell(e) for e in column) for column in columns]
    for row in range(grid or 0):
        if row:
            text.append("\n")
        for col, column in enumerate(columns):
            if row >= len(column):
                break
            code, meaning = column[row]
            text.append(code, style="bold")
            cell = f" {meaning}" if meaning else ""
            last = col == len(columns) - 1 or row >= len(columns[col + 1])
            text.append(cell if last else cell.ljust(widths[col] - len(code) + LEGEND_GAP))
    for code, meaning in wide:
        text.append("\n" if text else "")
        text.append(code, style="bold")
        text.append(f"{' ' * (pad - len(code))} {meaning}")
    if more:
        text.append("\n" if text else "")
        text.append(f"… {more} more: type the beginning of the name", style="italic")
    return text


def takes_typing(prompt: Prompt | None) -> bool:
    """Is ``prompt`` answered by typing text (in the Input) rather than by single keys?"""
    if isinstance(prompt, (CardEntry, TextEntry, MultiChoice)):
        return True
    return isinstance(prompt, Choice) and any(len(o.key) != 1 for o in prompt.options)


def render_prompt(
    prompt: Prompt | None,
    finished: str,
    digits: str = "",
    show_help: bool = False,
    width: int = INLINE_OPTIONS + 4,
    rows: int = 10,
) -> Text:
    """The question and its keys, laid out to fit ``rows`` lines of ``width`` cells: options
    inline when they fit one line, else one per line, else in as many columns as it takes."""
    text = Text()
    if prompt is None:
        text.append("■ Game over", style="bold reverse")
        text.append("  " + (finished or "Nothing is waiting for an answer."), style="bold")
        return text
    text.append(prompt.text, style="bold")
    match prompt:
        case Instruction():
            text.append(_keys_gap(prompt.text, 11, width))
            text.append(" Enter ", style="reverse")
            text.append(" done")
        case YesNo():
            text.append(_keys_gap(prompt.text, 16, width))
            _key(text, "y", "yes")
            _key(text, "n", "no")
        case Choice(options=options, default=default):
            labelled = [(key, o.label + (" (Enter)" if o.key == default else ""))
                        for o, key in zip(options, pressed_keys(options))]
            _options(text, labelled, width, rows - _lines(prompt.text, width))
        case MultiChoice(options=options):
            _options(text, [(o.key, o.label) for o in options], width, rows - _lines(prompt.text, width))
        case Number(lo=lo, hi=hi, default=default, keys=keys):
            text.append(f"   ({span(lo, hi)}{f', Enter = {signed(default)}' if default is not None else ''})  ")
            text.append(f"> {digits}", style="bold")
            text.append("▏")
            if keys:
                text.append("   ")
                for opt in keys:
                    _key(text, opt.key, opt.label)
    if prompt.help and show_help:
        text.append("\n" + prompt.help, style="italic")
    return text


def _lines(question: str, width: int) -> int:
    """Rows the question takes when wrapped at ``width`` (as the Static wraps it)."""
    total = 0
    for paragraph in question.split("\n"):
        line, count = 0, 1
        for word in paragraph.split(" "):
            if line and line + 1 + len(word) > width:
                count, line = count + 1, len(word)
            else:
                line += (1 if line else 0) + len(word)
        total += count
    return total


def _options(text: Text, options: list[tuple[str, str]], width: int, rows: int) -> None:
    """Inline on one line when they fit it; else one per line when there are rows for it (a long
    one wrapping under itself while rows are left, the rest cut short, ending in …); else in
    columns (cut the same way); past that the prompt scrolls inside its area. F6 lists the options
    whole."""
    if sum(len(k) + len(label) + 5 for k, label in options) <= min(width, INLINE_OPTIONS):
        text.append("\n")
        for key, label in options:
            _key(text, key, label)
        return
    rows = max(1, rows)
    if len(options) <= rows:
        # One a line reads far better than columns cutting every long label (playtest: a bot's
        # reactions at 80×24): the rows to spare go to wrapping, in order.
        spare = rows - len(options)
        for key, label in options:
            more = -(-(len(key) + len(label) + 4) // max(1, width)) - 1
            room = width - len(key) - 4
            text.append("\n")
            if more > spare:
                text.append(f" {key} ", style="reverse bold")
                text.append(f" {label[: max(1, room - 1)].rstrip()}…")
            else:
                spare -= more
                _key(text, key, label)
        return
    columns = min(max(2, -(-len(options) // rows)), 4)
    per_column = -(-len(options) // columns)
    cells = [options[c * per_column : (c + 1) * per_column] for c in range(columns)]
    # Each column as wide as its longest option; only when they cannot all fit are labels cut.
    widths = [max(len(k) + len(label) + 4 for k, label in column) for column in cells]
    if sum(widths) > width:
        widths = [width // columns] * columns
    for row in range(per_column):
        text.append("\n")
        for col, column in enumerate(cells):
            if row >= len(column):
                break
            key, label = column[row]
            room = widths[col] - len(key) - 4
            if len(label) > room:
                label = label[: max(1, room - 1)] + "…"
            text.append(f" {key} ", style="reverse bold")
            text.append(f" {label}".ljust(widths[col] - len(key) - 2) if col < columns - 1 else f" {label}")


def _keys_gap(question: str, keys_width: int, width: int) -> str:
    """Keys stay together: after the question's last line when they fit there, else under it."""
    line = 0
    for word in question.rsplit("\n", 1)[-1].split(" "):  # greedy word wrap, as the Static does
        line = len(word) if line and line + 1 + len(word) > width else line + (1 if line else 0) + len(word)
    return "\n" if line + keys_width + 3 > width else "   "


def _key(text: Text, key: str, label: str) -> None:
    text.append(f" {key} ", style="reverse bold")
    text.append(f" {label}  ")
