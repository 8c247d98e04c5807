"""The Propose panel: its handlers, called directly (the buttons only call them)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from zorglab.engine.game import play_solution
from zorglab.errors import OptionError
from zorglab.level.loader import load_level
from zorglab.propose import Brief
from zorglab.widgets.propose import ProposePanel

BRIEF = Brief(room_types=("D", "E"), fewest_spells=1, winning_layouts=1)


@pytest.fixture(scope="module")
def panel():
    panel = ProposePanel(brief=BRIEF, seed=3, count=3, tries=100, max_seconds=60)
    panel.run()
    return panel


def test_the_form_reads_back_as_the_brief_it_was_filled_with(panel):
    assert panel.brief() == BRIEF


def test_propose_draws_each_candidate_as_a_picture_with_its_figures(panel):
    offered = panel.proposal.offered
    assert 1 <= len(offered) == len(panel.cards.children) <= 3
    for card, candidate in zip(panel.cards.children, offered):
        picture, figures, _ = card.children
        image = Image.open(io.BytesIO(picture.value))
        assert image.width > 40 and image.height > 40 and len(image.getcolors(maxcolors=1 << 16) or ()) > 4
        assert f"draft {candidate.index}" in figures.value and "fewest spells" in figures.value
        assert " ".join(candidate.witness).replace("(", "") in figures.value.replace("(", "")
    assert "offered" in panel.status.value


def test_open_hands_the_candidate_to_the_callback_with_replaying_solutions(panel):
    seen = []
    panel.on_open = lambda level, layout, candidate: seen.append((level, layout, candidate))
    try:
        level, layout = panel.open(1)
    finally:
        panel.on_open = None
    assert seen and seen[0][2] is panel.proposal.offered[0]
    assert level.solutions[-1].expect.value == "win"
    for index, solution in enumerate(level.solutions):
        assert play_solution(level, index, strict=True).outcome == solution.expect


def test_open_without_a_callback_shows_a_maker_on_the_layout(panel):
    panel.open(1)
    assert panel.editor is not None and panel.below.children == (panel.editor.widget,)
    assert panel.editor.layout == panel.opened[1]
    assert not panel.editor.violations


def test_write_puts_a_level_file_in_the_folder(panel, tmp_path):
    panel.folder.value = str(tmp_path)
    path = panel.write(1)
    assert path is not None and path.parent == tmp_path
    assert load_level(path).solutions[-1].expect.value == "win"
    assert panel.write(1) is None and "exists" in panel.status.value


def test_a_wrong_field_is_said_in_the_status_line_not_raised():
    panel = ProposePanel(brief=BRIEF)
    panel.targets["fewest_spells"].value = "two"
    assert panel.run() is None
    assert "fewest-spells" in panel.status.value and not panel.cards.children
    with pytest.raises(OptionError, match="propose first"):
        panel.open(1)


def test_an_unmet_brief_says_so_and_offers_nothing():
    panel = ProposePanel(brief=Brief(board=3, hero_count=1, hp=1, spell_count=2, fewest_spells=2), tries=10)
    panel.run()
    assert not panel.cards.children and "no candidate met the brief" in panel.status.value
