# zorglab: `make lab` opens the workbench, `make test` runs every test. Both install first when needed.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
export PYTHONHASHSEED := 0

.PHONY: install native native-if-possible lab test test-fast bench browser-test notebooks clean

# nbval over the notebooks: checked cells (# NBVAL_CHECK_OUTPUT) must reproduce their stored outputs
NBVAL := --nbval-lax --nbval-current-env --nbval-sanitize-with tests/notebooks/sanitize.cfg \
	--nbval-cell-timeout 600

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The engine's transition modules and the search compiled with mypyc (zorglab/compiled.py): the same
# source, about twice as fast. Rebuilt when a source it depends on changes (zorglab.compiled.READS);
# a stale build is never used.
NATIVE_SOURCES := $(shell find zorglab/engine zorglab/search zorglab/level -name '*.py') zorglab/errors.py
NATIVE := zorglab/compiled.stamp
PY_NATIVE = ZORGLAB_PURE=1 $(BIN)/python -c "import sys, zorglab.compiled as c; sys.exit(c.main(sys.argv[1:]))"

native: $(NATIVE)

$(NATIVE): $(STAMP) $(NATIVE_SOURCES) zorglab/compiled.py
	$(PY_NATIVE) build

# The workbench runs on the Python sources when no C compiler is at hand.
native-if-possible: $(STAMP)
	@$(MAKE) --no-print-directory native || echo "zorglab: compiled engine not built; the workbench runs on the Python sources (slower)"

# JupyterLab refuses to run as root unless told; machines where everyone is root need the flag.
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root,)

# The lab works at the repository root (levels/ and docs/ in its file browser) on copies of the
# notebooks in workspace/ (ignored by git): running or editing them never changes a tracked file.
# A copy still as last copied is refreshed from notebooks/; a copy you ran or edited is kept (delete
# it to get the committed notebook back).
WORKSPACE := workspace

lab: install native-if-possible
	@mkdir -p $(WORKSPACE)/.committed
	@for nb in notebooks/*.ipynb; do name=$$(basename "$$nb"); copy="$(WORKSPACE)/$$name"; \
		if [ ! -e "$$copy" ] || cmp -s "$$copy" "$(WORKSPACE)/.committed/$$name"; then cp "$$nb" "$$copy"; \
		elif ! cmp -s "$$nb" "$(WORKSPACE)/.committed/$$name"; then \
			echo "zorglab: $$copy holds your work, kept; notebooks/$$name changed since (delete the copy to take it)"; fi; \
		cp "$$nb" "$(WORKSPACE)/.committed/$$name"; done
	$(BIN)/jupyter lab $(LAB_FLAGS) --ServerApp.root_dir="$(CURDIR)" $(WORKSPACE)/00_studio.ipynb

# Every test on the compiled build, then the rules and the search again on the Python sources:
# both builds must give the same runs, digests and verdicts.
test: install native
	ZORGLAB_REQUIRE_NATIVE=1 $(BIN)/python -m pytest -q -p no:cacheprovider tests notebooks $(NBVAL)
	ZORGLAB_PURE=1 $(BIN)/python -m pytest -q -p no:cacheprovider tests/engine tests/search tests/golden \
		tests/test_level_pack.py

test-fast: install
	$(BIN)/python -m pytest -q -x -p no:cacheprovider tests -m "not slow and not browser"

bench: install native
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
	test ! -x $(BIN)/python || $(PY_NATIVE) clean
	rm -rf $(VENV) build *.egg-info
