"""The committed notebooks are fit for nbval: executed top to bottom with their outputs stored (a
notebook without outputs passes nbval while checking nothing), at least one checked cell each,
widgets and pictures never in a checked cell, and no run-specific text in what is checked."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
EXPECTED = ("00_studio", "01_tour", "02_maker", "03_hero_ai", "04_spells_and_solver", "05_balance_report",
            "06_temple_generator", "07_propose")
CHECK, IGNORE = "# NBVAL_CHECK_OUTPUT", "# NBVAL_IGNORE_OUTPUT"
RUN_SPECIFIC = re.compile(r"/tmp/|0x[0-9a-fA-F]{6,}|\d+(\.\d+)? ?(ms|seconds?)\b")


def code_cells(name: str) -> list:
    return [c for c in nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4).cells if c.cell_type == "code"]


def marked(cell, marker: str) -> bool:
    return any(line.strip() == marker for line in cell.source.splitlines())


def texts(cell) -> list[str]:
    out = []
    for o in cell.outputs:
        if o.output_type == "stream":
            out.append(o.text)
        elif "data" in o:
            out.extend(str(v) for k, v in o.data.items() if k.startswith("text/"))
    return out


@pytest.fixture(params=EXPECTED)
def notebook(request) -> str:
    path = NOTEBOOKS / f"{request.param}.ipynb"
    if not path.exists():
        pytest.fail(f"{path.name} is missing")
    return request.param


def test_every_notebook_is_listed():
    assert sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb")) == sorted(EXPECTED)


def test_executed_top_to_bottom_without_errors(notebook):
    cells = code_cells(notebook)
    counts = [c.execution_count for c in cells]
    assert counts == list(range(1, len(cells) + 1)), f"{notebook}: run it fresh, top to bottom: {counts}"
    errors = [o.ename for c in cells for o in c.outputs if o.output_type == "error"]
    assert not errors, f"{notebook} stored errors {errors}"
    stderr = [o.text for c in cells for o in c.outputs if o.output_type == "stream" and o.name == "stderr"]
    assert not stderr, f"{notebook} stored stderr {stderr}"


def test_checked_cells_carry_stored_text(notebook):
    checked = [c for c in code_cells(notebook) if marked(c, CHECK)]
    assert checked, f"{notebook} has no {CHECK} cell: nbval would check nothing"
    for cell in checked:
        assert "".join(texts(cell)).strip(), f"{notebook}: checked cell without output:\n{cell.source[:200]}"
        for text in texts(cell):
            found = RUN_SPECIFIC.search(text)
            assert found is None, f"{notebook}: run-specific {found.group()!r} in a checked cell"


def test_widgets_and_pictures_are_never_checked(notebook):
    for cell in code_cells(notebook):
        kinds = {k for o in cell.outputs if "data" in o for k in o.data}
        if kinds & {"application/vnd.jupyter.widget-view+json", "image/png"}:
            assert marked(cell, IGNORE) and not marked(cell, CHECK), \
                f"{notebook}: a widget or picture cell must be {IGNORE}:\n{cell.source[:200]}"


def test_figures_are_inline(notebook):
    cells = code_cells(notebook)
    plots = [i for i, c in enumerate(cells) if re.search(r"\bplt\.|\.plot\(|\.hist\(|\.bar\(", c.source)]
    if plots:
        inline = [i for i, c in enumerate(cells) if "%matplotlib inline" in c.source]
        assert inline and inline[0] < plots[0], f"{notebook}: %matplotlib inline before the first figure"
