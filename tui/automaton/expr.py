"""The small expression language of automaton files: conditions and numbers, parsed (never
``eval``ed) with lark into a tuple tree whose names are checked when the file is loaded.

    warriors >= 3 and not keep_removed
    order in ['fox', 'rabbit', 'mouse']
    min(recruit, warriors) + 1
    vp(sawmills)          # the value printed under the track's current space
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

GRAMMAR = r"""
?start: or_expr
?or_expr: and_expr | or_expr "or" and_expr -> or_
?and_expr: not_expr | and_expr "and" not_expr -> and_
?not_expr: "not" not_expr -> not_ | comparison
?comparison: sum | sum COMP sum -> compare | sum "in" sum -> in_ | sum "not" "in" sum -> not_in
?sum: product | sum ADD product -> arith
?product: unary | product MUL unary -> arith
?unary: "-" unary -> neg | atom
?atom: INT -> number
     | STRING -> string
     | "true" -> true
     | "false" -> false
     | NAME "(" [args] ")" -> call
     | NAME -> name
     | "[" [args] "]" -> list_
     | "(" or_expr ")"
args: or_expr ("," or_expr)*
COMP: "==" | "!=" | "<=" | ">=" | "<" | ">"
ADD: "+" | "-"
MUL: "*" | "//"
NAME: /[a-z_][a-z0-9_]*/
STRING: /'[^'\n]*'/
%import common.INT
%import common.WS
%ignore WS
"""

# name → how many arguments; `vp` takes a track's name, the others values.
FUNCTIONS: dict[str, int] = {"min": 2, "max": 2, "abs": 1, "count": 1, "vp": 1}
MAX_LENGTH = 400  # an expression is one condition or one number, never a program

Node = tuple[Any, ...]


class ExprError(ValueError):
    """A problem in one expression; ``column`` counts from 1 within the expression's text."""

    def __init__(self, message: str, column: int = 1):
        super().__init__(message)
        self.column = column


@v_args(inline=True)
class _Tree(Transformer):
    def number(self, tok: Token) -> Node:
        return ("num", int(tok))

    def string(self, tok: Token) -> Node:
        return ("str", str(tok)[1:-1])

    def true(self) -> Node:
        return ("bool", True)

    def false(self) -> Node:
        return ("bool", False)

    def name(self, tok: Token) -> Node:
        return ("name", str(tok), tok.column)

    def call(self, tok: Token, args: list[Node] | None) -> Node:
        return ("call", str(tok), tuple(args or ()), tok.column)

    def list_(self, args: list[Node] | None) -> Node:
        return ("list", tuple(args or ()))

    def args(self, *items: Node) -> list[Node]:
        return list(items)

    def or_(self, a: Node, b: Node) -> Node:
        return ("or", a, b)

    def and_(self, a: Node, b: Node) -> Node:
        return ("and", a, b)

    def not_(self, a: Node) -> Node:
        return ("not", a)

    def neg(self, a: Node) -> Node:
        return ("neg", a)

    def compare(self, a: Node, op: Token, b: Node) -> Node:
        return ("op", str(op), a, b)

    def arith(self, a: Node, op: Token, b: Node) -> Node:
        return ("op", str(op), a, b)

    def in_(self, a: Node, b: Node) -> Node:
        return ("in", a, b, False)

    def not_in(self, a: Node, b: Node) -> Node:
        return ("in", a, b, True)


_PARSER = Lark(GRAMMAR, parser="lalr", propagate_positions=False, maybe_placeholders=True)


def parse(text: str) -> Node:
    """The tree of one expression, or ExprError with the column where it stops making sense."""
    if len(text) > MAX_LENGTH:
        raise ExprError(f"expression longer than {MAX_LENGTH} characters")
    if not text.strip():
        raise ExprError("empty expression")
    try:
        tree = _PARSER.parse(text)
    except UnexpectedCharacters as exc:
        raise ExprError(f"unexpected {text[exc.pos_in_stream or 0]!r}", exc.column) from None
    except UnexpectedEOF:
        raise ExprError("the expression stops too early", len(text) + 1) from None
    except UnexpectedToken as exc:
        if exc.token.type == "$END":
            raise ExprError("the expression stops too early", len(text) + 1) from None
        raise ExprError(f"unexpected {str(exc.token)!r}", exc.column) from None
    except (UnexpectedInput, LarkError, RecursionError):
        raise ExprError("not an expression") from None
    try:
        node: Node = _Tree().transform(tree)
    except RecursionError:
        raise ExprError("nested too deeply") from None
    _check_calls(node)
    return node


def _check_calls(node: Node) -> None:
    for call in walk(node, "call"):
        name, args, column = call[1], call[2], call[3]
        if name not in FUNCTIONS:
            raise ExprError(f"unknown function {name}() (known: {', '.join(FUNCTIONS)})", column)
        if len(args) != FUNCTIONS[name]:
            raise ExprError(f"{name}() takes {FUNCTIONS[name]} value(s), not {len(args)}", column)
        if name == "vp" and args[0][0] != "name":
            raise ExprError("vp() takes a track's name", column)


def walk(node: Node, kind: str | None = None) -> Iterator[Node]:
    if kind is None or node[0] == kind:
        yield node
    for part in node[1:]:
        if isinstance(part, tuple) and part and isinstance(part[0], str):
            yield from walk(part, kind)
        elif isinstance(part, tuple):
            for item in part:
                if isinstance(item, tuple):
                    yield from walk(item, kind)


def names(node: Node) -> list[tuple[str, int]]:
    """Every name the expression reads, with its column; a `vp(track)` argument is a track."""
    return [(n[1], n[2]) for n in walk(node, "name")]


def track_names(node: Node) -> list[tuple[str, int]]:
    return [(c[2][0][1], c[2][0][2]) for c in walk(node, "call") if c[1] == "vp"]


class EvalError(ValueError):
    pass


Value = int | str | bool | list[str]


def evaluate(node: Node, env: Mapping[str, Any], vp: Callable[[str], int]) -> Value:
    """The value of a checked expression; EvalError names what does not fit (a word added to a
    number, an unknown name in a damaged save)."""

    def get(names: Mapping[str, Any], name: str) -> Any:
        if name not in names:
            raise KeyError(name)
        return names[name]

    return compile_node(node, get, lambda _names, track: vp(track))(env)


Compiled = Callable[[Any], Value]


def compile_node(node: Node, get: Callable[[Any, str], Any], vp: Callable[[Any, str], int],
                 names: Callable[[str], Compiled] | None = None) -> Compiled:
    """The expression as a Python function of ``ctx`` (what ``get(ctx, name)`` reads a name from,
    KeyError when it has no value; ``vp(ctx, track)``), built once from the checked tree so that a
    turn does not walk the tree again. Same values, same order of reading, same EvalErrors as
    walking it; never ``eval`` of the file's text. ``names``: what makes a name's reader (one
    that raises EvalError as this one does), where the caller has a quicker one than ``get``."""
    kind = node[0]
    if kind in ("num", "str", "bool"):
        constant = node[1]
        return lambda ctx: constant
    if kind == "name":
        name = node[1]
        if names is not None:
            return names(name)

        def read(ctx: Any) -> Value:
            try:
                return get(ctx, name)
            except KeyError:
                raise EvalError(f"{name} has no value") from None
        return read
    if kind == "list":
        items = [compile_node(item, get, vp, names) for item in node[1]]
        return lambda ctx: [str(item(ctx)) for item in items]
    if kind == "not":
        a = compile_node(node[1], get, vp, names)
        return lambda ctx: not _bool(a(ctx))
    if kind in ("and", "or"):
        a, b = compile_node(node[1], get, vp, names), compile_node(node[2], get, vp, names)
        # The right side is read only when the left does not decide (True and False are the only
        # yes and no: no other value is a bool).
        decides = kind == "or"

        def both(ctx: Any) -> Value:
            x = a(ctx)
            if x is decides:
                return x
            if x is not (not decides):
                _bool(x)
            y = b(ctx)
            return y if y is True or y is False else _bool(y)
        return both
    if kind == "neg":
        a = compile_node(node[1], get, vp, names)
        return lambda ctx: -_int(a(ctx))
    if kind == "in":
        a, b, negated = compile_node(node[1], get, vp, names), compile_node(node[2], get, vp, names), node[3]

        def among(ctx: Any) -> Value:
            item, group = a(ctx), b(ctx)
            if not isinstance(group, list):
                raise EvalError("'in' needs a list on its right")
            return (str(item) in group) != negated
        return among
    if kind == "call":
        return _compile_call(node[1], node[2], get, vp, names)
    if kind == "op":
        right = node[3]
        if right[0] == "num" and type(right[1]) is int and node[1] not in ("==", "!=", "//"):
            return _compile_op_number(node[1], compile_node(node[2], get, vp, names), right[1])
        return _compile_op(node[1], compile_node(node[2], get, vp, names), compile_node(right, get, vp, names))
    raise EvalError(f"unknown node {kind}")


def _compile_call(name: str, args: tuple[Node, ...], get: Callable[[Any, str], Any],
                  vp: Callable[[Any, str], int], names: Callable[[str], Compiled] | None) -> Compiled:
    if name == "vp":
        track = args[0][1]
        return lambda ctx: vp(ctx, track)
    parts = [compile_node(a, get, vp, names) for a in args]
    if name == "count":
        (part,) = parts

        def count(ctx: Any) -> Value:
            value = part(ctx)
            if not isinstance(value, list):
                raise EvalError("count() needs a pile or a list")
            return len(value)
        return count
    if name in ("min", "max"):
        pick = min if name == "min" else max
        first, second = parts

        def extreme(ctx: Any) -> Value:
            x, y = first(ctx), second(ctx)  # both read before either is checked
            return pick(_int(x), _int(y))
        return extreme
    (part,) = parts
    return lambda ctx: abs(_int(part(ctx)))


_OPS: dict[str, Callable[[int, int], Value]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
    "+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv,
}


def _compile_op(op: str, a: Compiled, b: Compiled) -> Compiled:
    if op in ("==", "!="):
        same = op == "=="
        return lambda ctx: (a(ctx) == b(ctx)) == same
    if op == "//":
        def divide(ctx: Any) -> Value:
            p, q = a(ctx), b(ctx)  # both read before either is checked
            x, y = _int(p), _int(q)
            if y == 0:
                raise EvalError("division by zero")
            return x // y
        return divide
    fn = _OPS[op]

    def arith(ctx: Any) -> Value:
        x, y = a(ctx), b(ctx)
        if type(x) is int and type(y) is int:  # a bool is no number (_int)
            return fn(x, y)
        return fn(_int(x), _int(y))
    return arith


def _compile_op_number(op: str, a: Compiled, y: int) -> Compiled:
    """An operation with a number written on its right (``warriors >= 3``): the number is not read."""
    fn = _OPS[op]

    def arith(ctx: Any) -> Value:
        x = a(ctx)
        return fn(x if type(x) is int else _int(x), y)
    return arith


def _int(value: Value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EvalError(f"{value!r} is not a number")
    return value


def _bool(value: Value) -> bool:
    if not isinstance(value, bool):
        raise EvalError(f"{value!r} is not yes or no")
    return value


def placeholders(text: str) -> list[tuple[str, int]]:
    """The `{expression}` parts of a text, with the column where each starts (from 1)."""
    out: list[tuple[str, int]] = []
    i = 0
    while True:
        start = text.find("{", i)
        if start < 0:
            return out
        end = text.find("}", start)
        if end < 0:
            raise ExprError("'{' without its '}'", start + 1)
        out.append((text[start + 1 : end], start + 2))
        i = end + 1
