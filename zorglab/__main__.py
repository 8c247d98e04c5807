"""``python -m zorglab …`` runs the ``zorglab`` command (useful where the venv's scripts are not on PATH)."""

import sys

from zorglab.cli.main import main

sys.exit(main())
