"""Issue 42 item 5: notebook 03 (the hero AI lesson) as a student meets it.

- Opened fresh, it stores no widget view (which JupyterLab shows as ``VBox(children=…`` text without
  the kernel that made it) and no widget state; the Players appear when their cells run.
- Its questions start unanswered (``answer = None``: "not answered yet", never ✓), accept the
  panel's words ("HP kept", "tie order") as well as the engine's, and a wrong answer gets a hint.

The code cells are run here in this process, in order, as a kernel would.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "03_hero_ai.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# each question's cell, a right answer in the panel's words, and a wrong one
QUESTIONS = {
    "warrior_answer": ('("right", "tie order")', '("down", "shortest path")'),
    "elf_answer": ('(2, "HP kept")', '(2, "shortest path")'),
    "gunner_answer": ('(2, "D1")', '(3, "D1")'),
    "mechanic_answer": ("(8, 4)", "(8, 5)"),
    "court_answer": ('("3/2", "O1")', '(1.5, "Z1")'),
}


def _notebook() -> dict:
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))


def test_the_committed_notebook_stores_no_widget_that_would_show_as_text():
    nb = _notebook()
    assert "widgets" not in nb["metadata"], "saved widget state: a fresh open shows stale, dead views"
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            assert WIDGET_VIEW not in output.get("data", {}), f"cell {cell['id']} stores a widget view"
            assert "VBox(children=" not in json.dumps(output)


@pytest.fixture(scope="module")
def lesson() -> tuple[dict, list[str]]:
    """The notebook's code cells run in order in one namespace, and what each printed."""
    pytest.importorskip("ipywidgets")
    namespace: dict = {}
    printed = []
    for cell in _notebook()["cells"]:
        if cell["cell_type"] != "code":
            continue
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile("".join(cell["source"]), f"cell {cell['id']}", "exec"), namespace)
        printed.append(out.getvalue())
    return namespace, printed


def _ask(lesson, name: str, answer: str) -> str:
    namespace, _ = lesson
    source = next("".join(c["source"]) for c in _notebook()["cells"] if f"{name} = None" in "".join(c["source"]))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(re.sub(rf"^{name} = None", f"{name} = {answer}", source, flags=re.M), namespace)
    return out.getvalue()


def test_every_question_starts_unanswered(lesson):
    _, printed = lesson
    said = "".join(printed)
    assert said.count("not answered yet") == len(QUESTIONS)
    assert "✓" not in said and "✗" not in said


@pytest.mark.parametrize("name", QUESTIONS)
def test_answers_in_the_panels_words_are_right_and_wrong_ones_get_a_hint(lesson, name):
    right, wrong = QUESTIONS[name]
    assert _ask(lesson, name, right).startswith("✓ right")
    said = _ask(lesson, name, wrong)
    assert said.startswith("✗ not yet: part ") and "Hint: " in said


def test_the_engine_names_are_accepted_too_and_costs_read_in_plain_words(lesson):
    assert _ask(lesson, "elf_answer", '(2, "hp_lost")').startswith("✓ right")
    assert _ask(lesson, "elf_answer", '(2, "HP  KEPT")').startswith("✓ right")
    assert _ask(lesson, "elf_answer", "2").startswith("✗ give 2 parts")
    _, printed = lesson
    said = "".join(printed)
    assert "HP lost 2" in said and "never fires 0" in said
    assert not any(name in said for name in ("never_fires", "actions_before_shot", "hp_lost"))
