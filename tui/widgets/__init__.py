"""Shared widgets of the game screens: they render GameView data and prompts, nothing more."""

from __future__ import annotations

from pathlib import Path


def css(name: str) -> str:
    """The text of a .tcss file next to this package (shipped as package data)."""
    return (Path(__file__).with_name(name)).read_text(encoding="utf-8")
