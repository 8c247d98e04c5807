"""Helpers for temple tests: small temples drawn as token grids."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from zorglab.temples.io import temple_from_dict
from zorglab.temples.model import Temple

FIXTURES = Path(__file__).parent / "fixtures"
XP = FIXTURES / "xp"
SOLVER = FIXTURES / "solver"
XP_TEMPLES = sorted(p for p in XP.glob("*-temple.json"))

ROOMS: dict[str, dict[str, Any]] = {
    "_": {"type": "wall"},
    ".": {"type": "void"},
    "E": {"type": "entrance"},
    "0": {"type": "empty"},
    "G": {"type": "gate"},
    "H": {"type": "health"},
    "k": {"type": "loot", "content": {"chest": "dungeon", "dungeon": "key"}},
    "K": {"type": "loot", "content": {"chest": "dungeon", "dungeon": "master-key"}},
    "P": {"type": "loot", "content": {"chest": "dungeon", "dungeon": "Pegasus"}},
    "O": {"type": "loot", "content": {"chest": "consumable", "items": ["Potion"]}},
    "b": {"type": "miniboss", "content": {"lockOnEnter": True}},
    "B": {"type": "boss", "locked": {"master": True}, "content": {"lockOnEnter": True}},
    "s": {"type": "monster"},
    "$": {"type": "shop"},
    "U": {"type": "stairs_up"},
    "D": {"type": "stairs_down"},
    "Y": {"type": "teleport"},
    "v": {"type": "pit"},
}


def draw(floors: dict[str, str] | str, entrance: tuple[int, int, int], rooms: dict[str, Any] | None = None, **extra: Any) -> Temple:
    """A temple from whitespace-separated token rows, one string per floor (list order)."""
    if isinstance(floors, str):
        floors = {"1F": floors}
    table = copy.deepcopy(ROOMS)
    table.update(rooms or {})
    data = {
        "id": extra.pop("id", "drawn"),
        "name": extra.pop("name", "Drawn Temple"),
        "entrance": list(entrance),
        "floors": [
            {"label": label, "grid": [line.split() for line in text.strip().splitlines()]}
            for label, text in floors.items()
        ],
        "rooms": table,
        **extra,
    }
    return temple_from_dict(data)


@pytest.fixture
def drawn():
    return draw


@pytest.fixture
def cli(monkeypatch):
    """``zorglab`` with only this package's sub-command, so others' work in progress cannot interfere."""
    import zorglab.cli.main as cli_main

    monkeypatch.setattr(cli_main, "COMMANDS", ("temples",))
    return cli_main.main
