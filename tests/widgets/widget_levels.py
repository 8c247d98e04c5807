"""Small levels built in code for the widget tests (no level file, no loader)."""

from __future__ import annotations

from zorglab.engine.game import setup
from zorglab.engine.layout import Layout
from zorglab.core.tiles import library_tiles
from zorglab.core.model import HeroSpec, Level, RoomSpec, SpellSpec
from zorglab.core.values import Element

LEVEL_TOML = """# a level file for the save tests
# its comments must survive a save
id = "widget-corridor"
title = "Corridor"

rooms = ["A @ spawn-east", "D(2) @ corridor", "Z @ dead-end-west"]   # kept as written
"""


def _tiles(*names: str):
    library = library_tiles()
    return tuple((name, library[name]) for name in names)


def corridor_level(hp: int = 3, spells: tuple[SpellSpec, ...] | None = None) -> Level:
    """``A - D1 - Z`` in one row once built: a spawn facing east, a D(2) corridor, Zorg's dead end."""
    if spells is None:
        spells = (SpellSpec("Attack1", "Attack", (1,)), SpellSpec("Sleep", "Sleep"))
    return Level(id="widget-corridor", title="Corridor",
                 rooms=(RoomSpec("A", "A", (), "spawn-east"), RoomSpec("D1", "D", (2,), "corridor"),
                        RoomSpec("Z", "Z", (), "dead-end-west")),
                 heroes=(HeroSpec("Warrior1", "Warrior", (hp,)),), spells=spells,
                 tiles=_tiles("spawn-east", "corridor", "dead-end-west"))


ROW = {"A": (0, 0), "D1": (1, 0), "Z": (2, 0)}


def corridor_setup(hp: int = 3, **kw):
    return setup(corridor_level(hp, **kw), Layout.from_slots(ROW))


def cross_level() -> Level:
    """Four cross rooms and two heroes, so a hero has four open first steps to explain."""
    return Level(id="widget-cross", title="Crossroads",
                 rooms=(RoomSpec("A", "A"), RoomSpec("D1", "D", (1,)), RoomSpec("E1", "E", (Element.FIRE,)),
                        RoomSpec("Z", "Z")),
                 heroes=(HeroSpec("Warrior1", "Warrior", (9,)), HeroSpec("Warrior2", "Warrior", (2,))),
                 spells=(SpellSpec("Attack1", "Attack", (1,)), SpellSpec("Sleep", "Sleep")),
                 tiles=_tiles("default-A", "default-D", "default-E", "default-Z"))


SQUARE = {"A": (0, 0), "D1": (1, 0), "E1": (0, 1), "Z": (1, 1)}
