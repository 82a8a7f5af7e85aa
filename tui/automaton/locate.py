"""Where each key of a TOML file stands (line and column), so that every problem in an automaton
file is reported as FILE:LINE:COL. The file has already parsed as TOML when this runs: the scan
only follows its shape, it never decides what is valid."""

from __future__ import annotations

from dataclasses import dataclass, field

Path = tuple[str | int, ...]


@dataclass
class Index:
    keys: dict[Path, tuple[int, int]] = field(default_factory=dict)
    values: dict[Path, tuple[int, int]] = field(default_factory=dict)
    # Values written as one-line strings without escapes: an expression's column maps to the file.
    plain: set[Path] = field(default_factory=set)

    def at(self, path: Path, column: int | None = None) -> tuple[int, int]:
        """The line and column of ``path`` (or of the nearest enclosing key the file names); with
        ``column``, that column inside the path's string value."""
        if path in self.values:
            line, col = self.values[path]
            # Inside a one-line string the column of the expression's problem counts past the quote.
            return (line, col + column) if column is not None and path in self.plain else (line, col)
        for n in range(len(path), 0, -1):
            if path[:n] in self.keys:
                return self.keys[path[:n]]
        return (1, 1)


class _Scan:
    def __init__(self, text: str):
        self.text = text
        self.i = 0
        self.line = 1
        self.col = 1
        self.index = Index()

    def peek(self, n: int = 0) -> str:
        j = self.i + n
        return self.text[j] if j < len(self.text) else ""

    def advance(self, n: int = 1) -> None:
        for _ in range(n):
            if self.i >= len(self.text):
                return
            if self.text[self.i] == "\n":
                self.line += 1
                self.col = 1
            else:
                self.col += 1
            self.i += 1

    def blank(self, newlines: bool) -> None:
        while self.i < len(self.text):
            c = self.peek()
            if c == "#":
                while self.i < len(self.text) and self.peek() != "\n":
                    self.advance()
            elif c in " \t\r" or (newlines and c == "\n"):
                self.advance()
            else:
                return

    def key(self) -> list[str]:
        parts: list[str] = []
        while True:
            self.blank(False)
            c = self.peek()
            if c in "\"'":
                parts.append(self.string()[0])
            else:
                start = self.i
                while self.peek() and (self.peek().isalnum() or self.peek() in "_-"):
                    self.advance()
                parts.append(self.text[start : self.i])
                if start == self.i:
                    return parts
            self.blank(False)
            if self.peek() != ".":
                return parts
            self.advance()

    def string(self) -> tuple[str, bool]:
        """Reads a string; returns its raw text and whether it is one line without escapes."""
        quote = self.peek()
        if self.text.startswith(quote * 3, self.i):
            self.advance(3)
            start = self.i
            while self.i < len(self.text) and not self.text.startswith(quote * 3, self.i):
                self.advance(2 if quote == '"' and self.peek() == "\\" else 1)
            body = self.text[start : self.i]
            self.advance(3)
            while self.peek() == quote:
                self.advance()
            return body, False
        self.advance()
        start, plain = self.i, True
        while self.i < len(self.text) and self.peek() not in (quote, "\n"):
            if quote == '"' and self.peek() == "\\":
                plain = False
                self.advance()
            self.advance()
        body = self.text[start : self.i]
        self.advance()
        return body, plain

    def value(self, path: Path) -> None:
        self.blank(False)
        self.index.values[path] = (self.line, self.col)
        c = self.peek()
        if c in "\"'":
            if self.string()[1]:
                self.index.plain.add(path)
        elif c == "[":
            self.advance()
            n = 0
            while True:
                self.blank(True)
                if self.peek() in ("]", ""):
                    self.advance()
                    return
                self.index.keys.setdefault((*path, n), (self.line, self.col))
                self.value((*path, n))
                n += 1
                self.blank(True)
                if self.peek() == ",":
                    self.advance()
        elif c == "{":
            self.advance()
            while True:
                self.blank(True)
                if self.peek() in ("}", ""):
                    self.advance()
                    return
                line, col = self.line, self.col
                sub = (*path, *self.key())
                self.index.keys[sub] = (line, col)
                self.blank(False)
                if self.peek() == "=":
                    self.advance()
                self.value(sub)
                self.blank(True)
                if self.peek() == ",":
                    self.advance()
        else:
            while self.peek() and self.peek() not in ",]}\n#":
                self.advance()

    def run(self) -> Index:
        table: Path = ()
        arrays: dict[Path, int] = {}
        while True:
            self.blank(True)
            if not self.peek():
                return self.index
            line, col = self.line, self.col
            if self.peek() == "[":
                double = self.peek(1) == "["
                self.advance(2 if double else 1)
                head: Path = tuple(self.key())
                self.advance(2 if double else 1)
                if double:
                    n = arrays.get(head, 0)
                    arrays[head] = n + 1
                    table = (*head, n)
                else:
                    table = head
                self.index.keys.setdefault(head, (line, col))
                self.index.keys[table] = (line, col)
                continue
            path = (*table, *self.key())
            self.index.keys[path] = (line, col)
            self.blank(False)
            if self.peek() == "=":
                self.advance()
                self.value(path)
            else:
                self.advance()


def index(text: str) -> Index:
    try:
        return _Scan(text).run()
    except (IndexError, RecursionError):
        return Index()
