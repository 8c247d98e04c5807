"""Issue #13 items 9 and 10: the TempleTuner's dropdowns and panel, the TempleViewer's words and legend.

Each test failed on the code as found: the dropdowns mixed (label, value) pairs with plain values,
so ipywidgets listed the literal ``('seed decides', None)`` and showed the value ``None`` as a
blank; the viewer spoke in tokens and places like ``(0,2,3) wall (token '_')``.
"""

from __future__ import annotations

import re

import pytest

from zorglab.paint.temple import ROOM_COLOURS
from zorglab.temples import generate_temple
from zorglab.widgets.temples import TempleTuner, TempleViewer

SEEDED = ("floors", "locks", "element")


@pytest.fixture(scope="module")
def tuner():
    return TempleTuner({"size": "small"}, seed=3, sweep_seeds=2, live_sweep=False)


def test_item_9_tuner_dropdowns_start_on_seed_decides_and_go_back_to_it(tuner):
    for name in SEEDED:
        control = tuner.controls[name]
        labels = [label for label, _ in control._options_full]
        assert labels[0] == "seed decides" and not any("(" in label for label in labels), labels
        assert control.label == "seed decides" and control.index == 0, f"{name} starts blank"
    tuner.controls["floors"].value = 2
    assert tuner.options["floors"] == 2 and len(tuner.temple.floors) == 2 and tuner.error == ""
    tuner.controls["floors"].index = 0                     # what choosing "seed decides" in the browser does
    assert tuner.error == "", tuner.error
    assert tuner.options["floors"] is None and tuner.controls["floors"].label == "seed decides"
    assert tuner.temple == generate_temple(3, {"size": "small"})
    tuner.controls["element"].value = "ice"
    assert tuner.temple.element == "ice"
    tuner.controls["element"].index = 0
    assert tuner.options["element"] is None and tuner.controls["element"].label == "seed decides"
    tuner.controls["locks"].value = 1
    tuner.controls["locks"].index = 0
    assert tuner.options["locks"] is None and tuner.error == ""


def test_item_9_options_set_in_code_show_in_the_panel(tuner):
    tuner.set_option("locks", 2)
    assert tuner.controls["locks"].value == 2
    tuner.set_option("locks", None)
    assert tuner.controls["locks"].label == "seed decides"
    tuner.set_option("floors", 1)
    tuner.set_option("floors", "seed decides")            # the dropdown's own word is understood too
    assert tuner.options["floors"] is None and tuner.error == ""
    tuner.set_option("quests", "dishes, laundry")
    assert tuner.controls["quests"].value == "dishes, laundry"


def test_item_9_controls_column_keeps_its_width_and_room_for_labels(tuner):
    panel = tuner.panel.layout
    assert panel.flex == "0 0 auto" and panel.width, "the canvas beside it squeezes the controls column"
    for name, control in tuner.controls.items():
        if getattr(control, "indent", True) and hasattr(control.style, "description_width"):
            assert control.style.description_width, f"{name}'s label is cut at the default width"
    assert tuner.sweep_button.layout.width == "auto"
    assert tuner.error_box.layout.width == tuner.controls["theme"].layout.width


def test_item_10_viewer_speaks_the_designers_words():
    temple = generate_temple(7, {"size": "small"})
    viewer = TempleViewer(temple)
    wall = next(c for c in viewer.cells if c.type == "wall")
    viewer.click(*viewer.view.centre(wall.place))
    said = viewer.details.value
    assert "token" not in said and "(0," not in said, said
    floor, row, col = wall.place
    assert f"{temple.floors[floor].label}, row {row + 1}, column {col + 1}" in said and "wall" in said
    key = next(c for c in viewer.cells if c.token == "k")
    viewer.click(*viewer.view.centre(key.place))
    assert "small key" in viewer.details.value and "{" not in viewer.details.value, viewer.details.value
    entrance = temple.entrance
    viewer.click(*viewer.view.centre(entrance))
    assert "entrance" in viewer.details.value and "critical step 0" in viewer.details.value


def _luminance(colour: str) -> float:
    r, g, b = (int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4))
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_item_10_legend_chips_are_readable_and_do_not_wrap_inside():
    viewer = TempleViewer(generate_temple(7, {"size": "small"}))
    legend = viewer.legend.value
    chips = re.findall(r"<span style='([^']*)'>([^<]*)</span>", legend)
    kinds = {text.strip().split(" ")[-1] for _, text in chips}
    assert {"void", "wall"} <= kinds or any("void" in text for _, text in chips)
    for style, text in chips:
        if "background" not in style:
            continue
        background = re.search(r"background:(#[0-9a-fA-F]{6})", style).group(1)
        colour = re.search(r"(?<![-\w])color:(#[0-9a-fA-F]{6})", style)
        ink = colour.group(1) if colour else "#000000"
        contrast = (max(_luminance(background), _luminance(ink)) + 0.05) / (
            min(_luminance(background), _luminance(ink)) + 0.05)
        assert contrast >= 4.5, f"legend chip {text!r} is unreadable ({ink} on {background})"
        assert "white-space:nowrap" in style.replace(" ", ""), f"legend chip {text!r} may wrap mid-entry"
    assert ROOM_COLOURS["void"] in legend
