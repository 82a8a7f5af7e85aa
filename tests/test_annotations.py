"""Every annotation in tui/ names something that exists. With `from __future__ import annotations`
nothing evaluates an annotation when a module is imported, so a misspelt or never-imported name
goes unnoticed until something resolves it: msgspec does, the first time a save or ruleset is
decoded into a Struct (the player would get a traceback instead of their game), and so does
typing.get_type_hints. ruff (F821) and mypy catch it too; this test catches it without them."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
import types
import typing

import tui


def _modules():
    for info in pkgutil.walk_packages(tui.__path__, "tui."):
        if not info.name.endswith("__main__"):
            yield importlib.import_module(info.name)


def _unresolved(owner, scope: dict) -> list[str]:
    """Each of ``owner``'s own annotations resolved as typing.get_type_hints would (quoted names
    inside them too) in its module, plus ``scope``."""
    bad = []
    for name, annotation in inspect.get_annotations(owner).items():
        # Held by a module: get_type_hints then allows ClassVar and resolves in ``scope``.
        holder = types.ModuleType(owner.__module__)
        holder.__annotations__ = {name: annotation}
        try:
            typing.get_type_hints(holder, globalns=scope)
        except NameError as exc:
            bad.append(f"{owner.__module__}.{owner.__qualname__}: {name}: {exc}")
    return bad


def test_every_annotation_in_tui_names_something_that_exists():
    bad: list[str] = []
    checked = 0
    for module in _modules():
        for obj in vars(module).values():
            if getattr(obj, "__module__", None) != module.__name__:
                continue
            if inspect.isfunction(obj):
                owners = [(obj, {})]
            elif inspect.isclass(obj):
                # Only the class's own annotations and methods: Textual's base classes annotate
                # with names they import for type checkers alone, which is theirs to mind.
                owners = [(obj, dict(vars(obj)))]
                owners += [(f, dict(vars(obj))) for f in vars(obj).values() if inspect.isfunction(f)]
            else:
                continue
            for owner, local in owners:
                bad += _unresolved(owner, {**vars(sys.modules[owner.__module__]), **local})
                checked += 1
    assert checked > 500, "the walk over tui/ found too little to check"
    assert not bad, "\n".join(bad)
