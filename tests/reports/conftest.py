from __future__ import annotations

import pytest

from report_fixtures import PACK


@pytest.fixture(scope="session")
def campaign():
    from zorglab.progression import load_campaign
    return load_campaign([PACK])
