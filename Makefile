# Two commands on a fresh machine with only python3: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play test screenshots bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m compileall -q tui  # bytecode once, at install: no start compiles it again
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/clockwork

test: $(STAMP)
	$(BIN)/python -m pytest

screenshots: $(STAMP)
	$(BIN)/python -m tui.screenshots screenshots

bench: $(STAMP)
	$(BIN)/python benchmarks/play_surface.py
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build *.egg-info
