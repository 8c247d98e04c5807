"""docs/extending.md runs as written (issue 40 item 6): its room, hero, spell and tick-effect mark
load, play and solve, and the page lists every hook the bases declare and every search fact."""

from __future__ import annotations

import dataclasses
import doctest
import inspect
from pathlib import Path

import pytest

from zorglab.engine.facts import SearchFacts
from zorglab.engine.heroes.base import HeroBehaviour
from zorglab.engine.marks import Mark
from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.engine.spells.base import SpellBehaviour

PAGE = Path(__file__).resolve().parents[2] / "docs" / "extending.md"

pytestmark = pytest.mark.filterwarnings("error")


def test_the_guide_runs_as_a_doctest():
    result = doctest.testfile(str(PAGE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 20 and result.failed == 0


@pytest.mark.parametrize("base", [RoomBehaviour, HeroBehaviour, SpellBehaviour, Mark])
def test_the_guide_names_every_hook_of_every_base(base):
    text = PAGE.read_text(encoding="utf-8")
    own = [name for name, value in vars(base).items()
           if not name.startswith("_") and name not in ("name", "signature")
           and (callable(value) or isinstance(value, (staticmethod, classmethod, bool, tuple, SearchFacts))
                or inspect.isdatadescriptor(value) or name in getattr(base, "__annotations__", {}))]
    missing = [name for name in own if f"`{name}" not in text and f" {name}(" not in text]
    assert not missing, f"{base.__name__}: hooks not in docs/extending.md: {missing}"


def test_the_guide_names_every_search_fact():
    text = PAGE.read_text(encoding="utf-8")
    assert [f.name for f in dataclasses.fields(SearchFacts) if f"`{f.name}`" not in text] == []
