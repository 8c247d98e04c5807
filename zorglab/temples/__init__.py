"""Temples: the Temple Generation Contract in Python (model, solver, lint, generator, reset).

See ``docs/temples.md`` for the model, the solver's state and every ruling made where the
contract is silent.
"""

from zorglab.temples.errors import SolverBudgetError, TempleGenerationError
from zorglab.temples.generator import GenerationReport, generate_temple, generate_with_report
from zorglab.temples.graph import TempleGraph, compile_temple
from zorglab.temples.io import dumps_temple, export_xp, import_xp, load_temple, loads_temple, save_temple
from zorglab.temples.lint import LintReport, lint_temple
from zorglab.temples.lint_context import Violation
from zorglab.temples.model import Floor, Place, Room, Temple, TempleFormatError
from zorglab.temples.options import TempleOptions, check_options
from zorglab.temples.progress import (
    TempleMeta,
    TempleProgress,
    DoorHint,
    blood_moon_message,
    door_hints,
    fresh_progress,
    play_moves,
    reset_temple,
    take,
    temple_meta,
)
from zorglab.temples.render import CellView, temple_cells, temple_html, temple_text
from zorglab.temples.solver import SoftLock, Solution, Step, solve
from zorglab.temples.sweep import sweep_row, sweep_rows

__all__ = [
    "CellView",
    "DoorHint",
    "Floor",
    "GenerationReport",
    "LintReport",
    "Place",
    "Room",
    "SoftLock",
    "Solution",
    "SolverBudgetError",
    "Step",
    "Temple",
    "TempleFormatError",
    "TempleGenerationError",
    "TempleGraph",
    "TempleMeta",
    "TempleOptions",
    "TempleProgress",
    "Violation",
    "blood_moon_message",
    "check_options",
    "compile_temple",
    "door_hints",
    "dumps_temple",
    "export_xp",
    "fresh_progress",
    "generate_temple",
    "generate_with_report",
    "import_xp",
    "lint_temple",
    "load_temple",
    "loads_temple",
    "play_moves",
    "reset_temple",
    "save_temple",
    "solve",
    "sweep_row",
    "sweep_rows",
    "take",
    "temple_cells",
    "temple_html",
    "temple_meta",
    "temple_text",
]
