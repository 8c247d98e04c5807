"""Errors of the temple package beyond the shared ones in :mod:`zorglab.errors`."""

from __future__ import annotations


class TempleGenerationError(RuntimeError):
    """The generator could not verify a temple within its retries: a bug, never a temple."""


class SolverBudgetError(RuntimeError):
    """The solver met more states than its budget allows (the budget is named)."""
