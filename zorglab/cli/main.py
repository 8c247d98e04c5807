"""The ``zorglab`` command: one sub-command module per capability, each with ``register``.

A sub-command module defines ``register(subparsers)``, adding its parser with
``set_defaults(run=function)``; ``run(args) -> int`` returns the exit code. Errors meant for
people (:class:`~zorglab.errors.LevelError`, ``OptionError``, ``CastError``) are printed
as they are, with exit status 2 — never a traceback. A run the machine stopped before it could
answer (``MemoryError``, the planner's bound ``PlanningLimitError``) says "not finished" and why,
exit status 2. Ctrl+C (SIGINT) and SIGTERM stop every command (``zorglab.cli.signals``): exit
status 130 and 143, one line on standard error, no traceback. Every search runs within the memory
budget :data:`DEFAULT_MEMORY_MB` (a command's ``--memory MB`` replaces it).

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

DEFAULT_MEMORY_MB = 1024        # every search stops "not finished" once the process holds more


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
    Command("studio", "zorglab.cli.studio", "serve the Level Studio alone as a web page (Voila, 127.0.0.1, with a token)"),
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
    from zorglab.cli import signals
    from zorglab.cli.options import mark_start

    mark_start()
    with signals.handled():
        try:
            code = _main(argv)
        except KeyboardInterrupt:       # raised in a clean-up, or where _main could not catch it
            code = _interrupted()
    if argv is None:                    # the process's own command line: the process ends here
        _leave(code)
    return code


def _leave(code: int) -> None:
    """End the process now: the exit handlers run (temporary folders, dask, logging), the output is
    flushed, and the interpreter is not torn down object by object — freeing a search's tables and
    plan graphs that way took 0.6 CPU s of a 5 s safety stop (issue 37)."""
    import atexit
    try:
        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except BaseException:       # a closed or full output, a late signal: the exit status stands
        pass
    os._exit(code)


def _interrupted() -> int:
    from zorglab.cli import signals

    print(signals.words(), file=sys.stderr)
    return signals.exit_status()


def _main(argv: Sequence[str] | None) -> int:
    try:
        from zorglab.core.budget import limit_memory
        from zorglab.errors import CastError, LevelError, OptionError, PlanningLimitError
        words = sys.argv[1:] if argv is None else list(argv)
        parser = build_parser(words)     # imports the chosen command: Ctrl-C here is an interruption too
        args = parser.parse_args(words)
    except KeyboardInterrupt:
        return _interrupted()
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        limit_memory(getattr(args, "memory", None) or DEFAULT_MEMORY_MB)
        code = int(args.run(args) or 0)
        if sys.stdout is not None:       # None when started with stdout closed (`>&-`): nothing to flush
            sys.stdout.flush()           # a full device (> /dev/full) fails here, not at exit
        return code
    except (LevelError, OptionError, CastError) as error:
        print(str(error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return _interrupted()
    except PlanningLimitError as error:
        from zorglab.errors import EndlessActionError
        said = str(error) if isinstance(error, EndlessActionError) else f"plan too large for the budget: {error}"
        print(f"zorglab: not finished ({said})", file=sys.stderr)
        return 2
    except MemoryError:
        print("zorglab: not finished (out of memory); give a smaller --budget or --memory", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _drop_output()
        return 0
    except RecursionError:
        print("zorglab: not finished (the input nests deeper than the command can follow)", file=sys.stderr)
        return 2
    except OSError as error:
        from zorglab.cli.options import os_error_message
        if error.filename is None:       # writing the output itself failed
            _drop_output()
            print(f"zorglab: cannot write the output: {os_error_message(error).split(': ', 1)[1]}",
                  file=sys.stderr)
        else:
            print(f"zorglab: {os_error_message(error)}", file=sys.stderr)
        return 2
    except Exception as error:          # a fault of zorglab itself: one line, the traceback on request
        if os.environ.get("ZORGLAB_TRACEBACK"):
            raise
        print(f"zorglab: internal error, the command stopped ({type(error).__name__}: {error}); please report it "
              "(ZORGLAB_TRACEBACK=1 shows where)", file=sys.stderr)
        return 2
    finally:
        limit_memory(None)


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
