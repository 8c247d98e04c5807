# zorglab: `make lab` opens the workbench, `make test` runs every test. Both install first when needed.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
export PYTHONHASHSEED := 0

.PHONY: install lab test test-fast bench browser-test clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

lab: install
	$(BIN)/jupyter lab notebooks/

test: install
	$(BIN)/python -m pytest -q -p no:cacheprovider tests

test-fast: install
	$(BIN)/python -m pytest -q -x -p no:cacheprovider tests -m "not slow and not browser"

bench: install
	$(BIN)/python -m pytest -q -s -p no:cacheprovider benchmarks --benchmark-columns=min,median,ops,rounds \
		--benchmark-sort=name

clean:
	rm -rf $(VENV) build *.egg-info
