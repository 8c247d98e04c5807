"""A demo level built in code, and the docs' pictures of the Maker and the Player drawn from it.

``python -m zorglab.widgets.demo docs/img`` writes ``maker.png``, ``player.png`` and ``temple.png``
with the Pillow painter: the same drawing calls the live canvases receive.
"""

from __future__ import annotations

import sys
from pathlib import Path

from zorglab.engine.game import setup
from zorglab.engine.layout import Layout
from zorglab.core.tiles import library_tiles
from zorglab.core.model import HeroSpec, Level, RoomSpec, SpellSpec
from zorglab.core.values import Element

DEMO_SLOTS = {"A": (0, 0), "D1": (1, 0), "E1": (2, 0), "O1": (0, 1), "T1": (1, 1), "E2": (2, 1), "Z": (2, 2)}


def demo_level() -> Level:
    """Seven rooms of six types, three heroes, three spells."""
    rooms = (RoomSpec("A", "A"), RoomSpec("D1", "D", (2,)), RoomSpec("E1", "E", (Element.FIRE,)),
             RoomSpec("O1", "O", (3,)), RoomSpec("T1", "T", (1, Element.ICE)),
             RoomSpec("E2", "E", (Element.POISON,), "poison-garden"), RoomSpec("Z", "Z"))
    heroes = (HeroSpec("Warrior1", "Warrior", (7,)), HeroSpec("Elf1", "Elf", (6, frozenset({Element.FIRE}))),
              HeroSpec("Warrior2", "Warrior", (4,)))
    spells = (SpellSpec("Attack1", "Attack", (1,)), SpellSpec("Sleep", "Sleep"), SpellSpec("Teleport1", "Teleport", (2,)))
    library = library_tiles()
    names = ("default-A", "default-D", "default-E", "default-O", "default-T", "default-Z", "poison-garden")
    return Level(id="demo", title="Demo: seven rooms", rooms=rooms, heroes=heroes, spells=spells,
                 tiles=tuple((name, library[name]) for name in names))


def demo_layout() -> Layout:
    return Layout.from_slots(DEMO_SLOTS)


def maker_picture():
    """A Maker mid-construction: Z still in the tray, D1 turned the wrong way and selected."""
    from zorglab.core.model import RoomSpec as _RoomSpec
    from zorglab.widgets.maker import Maker
    level = demo_level()
    library = library_tiles()
    level = level.replace(rooms=tuple(_RoomSpec(r.label, r.type, r.args, "corridor") if r.label == "D1" else r
                                      for r in level.rooms),
                          tiles=level.tiles + (("corridor", library["corridor"]),))
    layout = Layout.from_slots({k: v for k, v in DEMO_SLOTS.items() if k != "Z"}).rotate("D1")
    maker = Maker(level, layout)
    maker.select("D1")
    return maker


def player_picture():
    """A Player a few actions into the demo run, with a hero carrying gold and one asleep."""
    from zorglab.core.model import Cast, SpellCall
    from zorglab.widgets.player import Player
    player = Player(setup(demo_level(), demo_layout()))
    player.goto(9)
    player.tray.select("Sleep")
    player.tray.choose_hero("Warrior1")
    player.cast_now()
    player.goto(player.timeline.position + 8)
    return player


def write_screenshots(directory: str | Path) -> list[Path]:
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, widget in (("maker.png", maker_picture()), ("player.png", player_picture())):
        path = directory / name
        path.write_bytes(widget.png())
        written.append(path)
    from zorglab.paint.temple import temple_png
    from zorglab.temples import generate_temple
    path = directory / "temple.png"
    path.write_bytes(temple_png(generate_temple(3, {"size": "medium", "locks": 2})))
    written.append(path)
    return written


if __name__ == "__main__":
    for path in write_screenshots(sys.argv[1] if len(sys.argv) > 1 else "docs/img"):
        print(path)
