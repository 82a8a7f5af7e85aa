"""Game-agnostic engine: prompts, session (answers, snapshots, undo/redo), rng, deck, track,
dice and saves. Never imports Textual (tests/test_layering.py checks it)."""
