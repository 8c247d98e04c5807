# zorglab: `make lab` opens the workbench, `make test` runs every test. Both install first when needed.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
export PYTHONHASHSEED := 0

.PHONY: install lab test test-fast bench browser-test notebooks clean

# nbval over the notebooks: checked cells (# NBVAL_CHECK_OUTPUT) must reproduce their stored outputs
NBVAL := --nbval-lax --nbval-current-env --nbval-sanitize-with tests/notebooks/sanitize.cfg \
	--nbval-cell-timeout 600

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# JupyterLab refuses to run as root unless told; machines where everyone is root need the flag.
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: install
	$(BIN)/jupyter lab $(LAB_FLAGS) notebooks/

test: install
	$(BIN)/python -m pytest -q -p no:cacheprovider tests notebooks $(NBVAL)

test-fast: install
	$(BIN)/python -m pytest -q -x -p no:cacheprovider tests -m "not slow and not browser"

bench: install
	$(BIN)/python -m pytest -q -s -p no:cacheprovider benchmarks --benchmark-columns=min,median,ops,rounds \
		--benchmark-sort=name

browser-test: install
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/browser -m browser

# re-run every notebook and store its outputs (after a change the checked cells should show)
notebooks: install
	cd notebooks && for nb in *.ipynb; do \
		../$(BIN)/jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.timeout=600 \
			--ExecutePreprocessor.kernel_name=python3 --ExecutePreprocessor.record_timing=False "$$nb" || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info
