"""Built-in room types, one module each (FR-11..FR-18)."""

from zorglab.engine.rooms import spawn, zorg, damage, elemental, portal, gold, toll, undefined  # noqa: F401
