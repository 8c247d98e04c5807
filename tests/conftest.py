"""Test-wide set-up: test helper modules (builders, random levels) import by their file name."""

import os
import sys

HERE = os.path.dirname(__file__)
for sub in ("engine", "search", "level", "widgets", "temples"):
    path = os.path.join(HERE, sub)
    if path not in sys.path:
        sys.path.insert(0, path)
