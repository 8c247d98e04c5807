# zorglab: `make lab` opens the workbench, `make test` runs every test. Both install first when needed.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
export PYTHONHASHSEED := 0

.PHONY: install leftovers lab studio test test-fast bench browser-test notebooks clean

# nbval over the notebooks: checked cells (# NBVAL_CHECK_OUTPUT) must reproduce their stored outputs
NBVAL := --nbval-lax --nbval-current-env --nbval-sanitize-with tests/notebooks/sanitize.cfg \
	--nbval-cell-timeout 600

install: $(STAMP)

# The first install takes minutes: each step says what it does and pip shows its progress (issue 42).
$(STAMP): pyproject.toml
	@echo "zorglab: step 1/3: the virtual environment $(VENV)"
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "zorglab: step 2/3: pip itself"
	$(BIN)/python -m pip install --upgrade --progress-bar on pip
	@echo "zorglab: step 3/3: zorglab and its libraries (JupyterLab, dask, pandas, ...): a few minutes the first time"
	$(BIN)/python -m pip install --progress-bar on -e '.[dev]'
	touch $(STAMP)
	@echo "zorglab: installed into $(VENV)"

# JupyterLab refuses to run as root unless told; machines where everyone is root need the flag.
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root,)

# The lab works at the repository root (levels/ and docs/ in its file browser) on copies of the
# notebooks in workspace/ (ignored by git): running or editing them never changes a tracked file.
# A copy still as last copied is refreshed from notebooks/; a copy you ran or edited is kept (delete
# it to get the committed notebook back).
WORKSPACE := workspace

# A checkout that once had the mypyc build (removed: docs/performance.md) may still hold its extension
# modules beside the sources; Python would import them before the .py files, so they go.
LEFTOVERS := $(wildcard zorglab/compiled.stamp zorglab/compiled__mypyc*.so zorglab/*/*.so zorglab/*/*/*.so)

leftovers:
	$(if $(LEFTOVERS),rm -f $(LEFTOVERS),@true)

lab: install leftovers
	@mkdir -p $(WORKSPACE)/.committed
	@for nb in notebooks/*.ipynb; do name=$$(basename "$$nb"); copy="$(WORKSPACE)/$$name"; \
		if [ ! -e "$$copy" ] || cmp -s "$$copy" "$(WORKSPACE)/.committed/$$name"; then cp "$$nb" "$$copy"; \
		elif ! cmp -s "$$nb" "$(WORKSPACE)/.committed/$$name"; then \
			echo "zorglab: $$copy holds your work, kept; notebooks/$$name changed since (delete the copy to take it)"; fi; \
		cp "$$nb" "$(WORKSPACE)/.committed/$$name"; done
	$(BIN)/jupyter lab $(LAB_FLAGS) --ServerApp.root_dir="$(CURDIR)" $(WORKSPACE)/00_studio.ipynb

# The Level Studio alone as a web page (Voila on 127.0.0.1:8866), the level browser beside it;
# `make studio LEVEL=levels/app-01-first-blood.toml` opens that level.
studio: install leftovers
	$(BIN)/zorglab studio $(LEVEL)

# Every test, the notebooks, and mypy over the whole package (tests/test_mypy.py); first the
# examples in the package's docstrings (--doctest-modules over zorglab/ alone: the tests' own
# modules, which register types on import, are not collected twice).
DOCTESTS := $(BIN)/python -m pytest -q -p no:cacheprovider --doctest-modules zorglab

# Two test processes (pytest-xdist), each taking whole files (--dist loadfile: a file's fixtures, its
# JupyterLab server or its notebook's kernel, stay in one process): CI's two cores both busy.
XDIST := -n 2 --dist loadfile

test: install leftovers
	$(DOCTESTS)
	$(BIN)/python -m pytest -q -p no:cacheprovider $(XDIST) tests notebooks $(NBVAL)

test-fast: install leftovers
	$(DOCTESTS)
	$(BIN)/python -m pytest -q -x -p no:cacheprovider tests -m "not slow and not browser"

bench: install leftovers
	$(BIN)/python -m pytest -q -s -p no:cacheprovider benchmarks --benchmark-columns=min,median,ops,rounds \
		--benchmark-sort=name

browser-test: install leftovers
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/browser -m browser

# re-run every notebook and store its outputs (after a change the checked cells should show)
notebooks: install
	cd notebooks && for nb in *.ipynb; do \
		../$(BIN)/jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.timeout=600 \
			--ExecutePreprocessor.kernel_name=python3 --ExecutePreprocessor.record_timing=False "$$nb" || exit 1; done
	$(BIN)/python -c "$$STRIP_WIDGETS" $(LIVE_ONLY)

# Notebooks whose widgets are stored nowhere (issue 42): opened fresh, JupyterLab shows a stored widget
# view whose kernel is gone as its text, VBox(children=...); these show their Players once run instead.
LIVE_ONLY := notebooks/03_hero_ai.ipynb
define STRIP_WIDGETS
import sys, nbformat
for path in sys.argv[1:]:
    nb = nbformat.read(path, as_version=4)
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = [o for o in cell.outputs if "application/vnd.jupyter.widget-view+json" not in o.get("data", {})]
    nbformat.write(nb, path)
endef
export STRIP_WIDGETS

clean:
	rm -rf $(VENV) build *.egg-info
