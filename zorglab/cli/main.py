"""The ``zorglab`` command: one sub-command module per capability, each with ``register``.

A sub-command module defines ``register(subparsers)``, adding its parser with
``set_defaults(run=function)``; ``run(args) -> int`` returns the exit code. Errors meant for
people (:class:`~zorglab.errors.LevelError`, ``OptionError``, ``CastError``) are printed
as they are, with exit status 2 — never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

from zorglab.errors import CastError, LevelError, OptionError

# Sub-command modules under zorglab.cli, in the order ``--help`` lists them.
COMMANDS: tuple[str, ...] = (
    "validate",
    "play",
    "solve",
    "temples",
    "progress",
    "report",
    "sweep",
    "propose",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="zorglab",
        description="Design workbench for Zorg's Dungeon Maker levels and temples.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"zorglab.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        return int(args.run(args) or 0)
    except (LevelError, OptionError, CastError) as error:
        print(str(error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
