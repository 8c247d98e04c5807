"""zorglab: a design workbench for Zorg's Dungeon Maker levels and Zelda-style temples.

Layers (see docs/architecture.md): ``zorglab.level`` reads and writes level files,
``zorglab.engine`` holds the rules, ``zorglab.search`` decides solvability,
``zorglab.temples`` stands apart, and ``zorglab.widgets`` / ``zorglab.reports`` /
``zorglab.cli`` only read engine state and events.
"""

__version__ = "0.1.0"

from zorglab import compiled as _compiled

_compiled.guard()       # before any compiled module can load: the current build, or the sources
