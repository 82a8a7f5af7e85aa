"""Rulesets: msgspec schemas, the loader and the validator. Never imports Textual."""
