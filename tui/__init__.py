"""Clockwork: automated opponents and round bookkeeping for tabletop games."""

__version__ = "0.1.0"
