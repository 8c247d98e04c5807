"""Shared paths for the level tests."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
MALFORMED = REPO / "tests" / "malformed"


@pytest.fixture
def in_repo(monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run from the repository root so reported paths read ``tests/malformed/x.toml``."""
    monkeypatch.chdir(REPO)
    return REPO
