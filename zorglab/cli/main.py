"""The ``zorglab`` command: one sub-command module per capability, each with ``register``.

A sub-command module defines ``register(subparsers)``, adding its parser with
``set_defaults(run=function)``; ``run(args) -> int`` returns the exit code. Errors meant for
people (:class:`~zorglab.errors.LevelError`, ``OptionError``, ``CastError``) are printed
as they are, with exit status 2 — never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Sequence

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
    try:
        from zorglab.errors import CastError, LevelError, OptionError
        parser = build_parser()          # imports every command: Ctrl-C here is an interruption too
        args = parser.parse_args(argv)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        code = int(args.run(args) or 0)
        sys.stdout.flush()               # a full device (> /dev/full) fails here, not at exit
        return code
    except (LevelError, OptionError, CastError) as error:
        print(str(error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _drop_output()
        return 0
    except OSError as error:
        from zorglab.cli.options import os_error_message
        if error.filename is None:       # writing the output itself failed
            _drop_output()
            print(f"zorglab: cannot write the output: {os_error_message(error).split(': ', 1)[1]}",
                  file=sys.stderr)
        else:
            print(f"zorglab: {os_error_message(error)}", file=sys.stderr)
        return 2


def _drop_output() -> None:
    """Point standard output at /dev/null so the interpreter's last flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
