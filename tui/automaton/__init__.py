"""Automata from a file: a bot as TOML data, checked, charted and played by one interpreter."""
