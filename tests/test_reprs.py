"""Levels, setups and runs draw themselves in notebooks through the PNG painter, which attaches
their pictures when imported (the engine and the level model import no painter)."""

from pathlib import Path

import zorglab.paint  # noqa: F401  (attaches _repr_png_)
from zorglab.engine.game import play_solution, setup_solution
from zorglab.level import load_level

LEVEL = Path(__file__).resolve().parent.parent / "levels" / "app-01-first-blood.toml"
PNG = b"\x89PNG\r\n\x1a\n"


def test_level_setup_and_run_render_as_png():
    level = load_level(LEVEL)
    assert level._repr_png_().startswith(PNG)
    assert "First Blood" in level._repr_html_()
    assert setup_solution(level, 0)._repr_png_().startswith(PNG)
    assert play_solution(level, 1)._repr_png_().startswith(PNG)


def test_a_level_without_solutions_has_no_picture():
    level = load_level(LEVEL).replace(solutions=())
    assert level._repr_png_() is None


def test_temple_renders_as_png():
    from zorglab.temples import generate_temple
    assert generate_temple(3, {"size": "small"})._repr_png_().startswith(PNG)
