# Two commands on a fresh machine with only python3: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play test lint screenshots bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m compileall -q tui  # bytecode once, at install: no start compiles it again
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/clockwork

# The linter, then the type checker (both configured in pyproject.toml); any finding fails the target.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

# CI runs this (.ci/run): lint first, then the suite; a lint or type error fails it before the tests run.
test: lint
	$(BIN)/python -m pytest -n auto --maxprocesses 4

screenshots: $(STAMP)
	$(BIN)/python -m tui.screenshots screenshots

bench: $(STAMP)
	$(BIN)/python benchmarks/play_surface.py
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .ruff_cache
