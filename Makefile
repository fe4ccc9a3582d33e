# The two commands: `make run` (server, worker, embedded Redis, local outbox) and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PORT   ?= 8000
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/pbem run --port $(PORT)

test: $(STAMP)
	$(BIN)/python -m pytest -q -n auto --maxprocesses=4     # one test process per core (pytest-xdist)

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) var
