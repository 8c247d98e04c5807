"""The ``zorglab`` command: one sub-command module per capability, each with ``register``.

A sub-command module defines ``register(subparsers)``, adding its parser with
``set_defaults(run=function)``; ``run(args) -> int`` returns the exit code. Errors meant for
people (:class:`~zorglab.errors.LevelError`, ``OptionError``, ``CastError``) are printed
as they are, with exit status 2 — never a traceback.

Only the sub-command that runs is imported (``zorglab --help`` imports none): the others appear
in the top-level help from :data:`COMMANDS` alone, so a command never pays for the libraries
(pandas, matplotlib, dask, the search) another one needs.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Any, NamedTuple, Sequence


class Command(NamedTuple):
    """A sub-command: its name, the module whose ``register`` adds it, its one-line help."""

    name: str
    module: str
    help: str | None = None


# In the order ``--help`` lists them; each help is the one its module's ``register`` gives
# (tests/test_cli_lazy.py checks). A bare name is accepted too: that module is imported to list it.
COMMANDS: tuple[Command | str, ...] = (
    Command("validate", "zorglab.cli.validate",
            "check level files; report every problem as path:line:col: message"),
    Command("play", "zorglab.cli.play", "run a level's solution to the end"),
    Command("solve", "zorglab.cli.solve", "decide whether a level can be won (exact search)"),
    Command("temples", "zorglab.cli.temples", "generate, sweep, show and check Zelda-style temples"),
    Command("progress", "zorglab.cli.progress", "a player's points and which contracts they open"),
    Command("report", "zorglab.cli.report", "write the balance report (CSV, PNG, index.html)"),
    Command("sweep", "zorglab.cli.sweep", "level or temple sweeps, on dask when it pays"),
    Command("propose", "zorglab.cli.propose", "propose solvable levels that meet a brief"),
    Command("tune", "zorglab.cli.tune", "steer the temple generator's options toward the contract's targets (Optuna)"),
    Command("compare", "zorglab.cli.compare", "compare two level packs or git revisions, level by level"),
    Command("studio", "zorglab.cli.studio", "serve the Level Studio alone as a web page (Voila, 127.0.0.1)"),
)


def commands() -> tuple[Command, ...]:
    """:data:`COMMANDS` with a bare name read as ``Command(name, "zorglab.cli." + name)``."""
    return tuple(Command(c, f"zorglab.cli.{c}") if isinstance(c, str) else c for c in COMMANDS)


def chosen_command(argv: Sequence[str]) -> str | None:
    """The sub-command named on the command line: the first word that is not an option."""
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            return word
    return None


class CommandParser(argparse.ArgumentParser):
    """A sub-command's parser: an option it does not know is refused with *its* usage line
    (``usage: zorglab play …`` / ``zorglab play: error: unrecognized arguments: --bogus``), not the
    top level's; a sub-command's own sub-commands (``sweep temples``) are parsers of this class too."""

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:   # type: ignore[override]
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser for ``argv``: the chosen sub-command in full, every other one by name and help.

    ``argv=None`` builds every sub-command in full (importing each module)."""
    from zorglab import __version__

    parser = argparse.ArgumentParser(
        prog="zorglab",
        description="Design workbench for Zorg's Dungeon Maker levels and temples.",
        epilog="Exit codes: 0 done; 1 the answer is no (a check found faults, a --fail-on change); 2 a usage "
               "or input error; 130 interrupted. Per command: docs/cli.md.",
    )
    parser.add_argument("--version", action="version", version=f"zorglab {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)
    chosen = None if argv is None else chosen_command(argv)
    for command in commands():
        if argv is None or command.name == chosen or command.help is None:
            importlib.import_module(command.module).register(sub)
        else:
            sub.add_parser(command.name, help=command.help)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        from zorglab.errors import CastError, LevelError, OptionError
        words = sys.argv[1:] if argv is None else list(argv)
        parser = build_parser(words)     # imports the chosen command: Ctrl-C here is an interruption too
        args = parser.parse_args(words)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        code = int(args.run(args) or 0)
        if sys.stdout is not None:       # None when started with stdout closed (`>&-`): nothing to flush
            sys.stdout.flush()           # a full device (> /dev/full) fails here, not at exit
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
