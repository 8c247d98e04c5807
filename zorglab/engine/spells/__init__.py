"""Built-in spell types, one module each (FR-32..FR-42)."""

from zorglab.engine.spells import attack, teleport, move, swap, selection, sleep, wake, banality  # noqa: F401
