"""Built-in hero types, one module each (FR-20..FR-25)."""

from zorglab.engine.heroes import warrior, elf, gunner, mechanic, princess  # noqa: F401
