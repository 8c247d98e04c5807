"""Paths shared by the report and progression tests (imported by name: tests have no packages)."""

from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures"
PACK = FIXTURES / "pack"
ROOT = Path(__file__).resolve().parents[2]
