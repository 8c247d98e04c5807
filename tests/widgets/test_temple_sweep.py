"""The tuner's sweep panel (issue 28 item 3): distributions per option value with the contract's targets,
locks counted on and off the critical path, a preview that scrolls at every size, and a *sweep*
button whose every press shows."""

from __future__ import annotations

from zorglab.widgets.temples import TempleTuner


def test_locks_are_what_the_control_says_and_side_locks_apart():
    tuner = TempleTuner({"size": "small", "locks": 3}, seed=0, sweep_seeds=4)
    assert tuner.stats["locks"] == (3, 3.0, 3), "the locks figure counts side locks too"
    assert "side_locks" in tuner.stats
    assert all(r["keys"] == r["locks"] + r["side_locks"] for r in tuner.rows)


def test_the_sweep_button_visibly_updates_with_live_sweep_on():
    tuner = TempleTuner({"size": "small"}, seed=0, sweep_seeds=3)
    before = tuner.sweeper.status.value
    assert "sweep 1" in before and tuner.sweeper.figure.value[:4] == b"\x89PNG"
    tuner.sweep_button.click()
    assert "sweep 2" in tuner.sweeper.status.value and tuner.sweeper.status.value != before
    assert tuner.sweep_button.description == "sweep" and not tuner.sweep_button.disabled


def test_varying_an_option_sweeps_each_of_its_values_and_draws_their_histograms():
    tuner = TempleTuner({"size": "small"}, seed=0, sweep_seeds=2, live_sweep=False)
    tuner.sweeper.over.value = "floors"
    tuner.sweeper.seeds.value = 2
    tuner.sweep_button.click()
    assert sorted({r["asked_floors"] for r in tuner.rows}) == [1, 2, 3] and len(tuner.rows) == 6
    assert "floors over 1, 2, 3" in tuner.sweeper.status.value
    assert "target" in tuner.sweeper.status.value and len(tuner.sweeper.figure.value) > 20_000


def test_the_preview_scrolls_rather_than_clips_a_large_temple():
    tuner = TempleTuner({"size": "large", "floors": 3}, seed=1, sweep_seeds=1, live_sweep=False)
    width, height = tuner.viewer.view.size
    assert width > 800, "a large three-floor temple is wide: floors lie side by side"
    assert tuner.preview.layout.overflow == "auto" and tuner.preview.layout.min_width == "0"
    assert tuner.preview.children == (tuner.viewer.widget,)
