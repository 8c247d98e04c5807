"""``zorglab temples``: generate, sweep, show and check temples.

- ``generate --seed S [--size ...] [--floors N] [--locks K] [--theme T] [--monsters P ...] [--json | --out FILE]``
  (``--json``: the temple with the generator's, solver's and lint's figures and the targets met)
- ``sweep ...``: the same command as ``zorglab sweep temples`` (docs/reports.md)
- ``show FILE`` (each floor as text, critical path marked)
- ``check FILE... [--format xp]`` (``path: R<n> at (f,r,c): why``, exit 1 on any)
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from zorglab.cli.options import check_out_file

if TYPE_CHECKING:
    from zorglab.temples.generator import GenerationReport

FORMAT_CHOICES = ("auto", "zorglab", "xp")


def _seed(text: str) -> int | str:
    """A seed as typed: a whole number stays a number, anything else is a string seed."""
    try:
        return int(text)
    except ValueError:
        return text


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("temples", help="generate, sweep, show and check Zelda-style temples")
    sub = parser.add_subparsers(dest="temples_command", metavar="ACTION")
    parser.set_defaults(run=lambda args: (parser.print_help(), 2)[1])

    gen = sub.add_parser("generate", help="generate one temple from a seed")
    gen.add_argument("--seed", required=True, type=_seed, help="an integer or any text")
    gen.add_argument("--size", choices=("small", "medium", "large"), default=None)
    gen.add_argument("--floors", type=int, default=None)
    gen.add_argument("--rooms", type=int, default=None, help="exactly this many rooms, 12..120 (docs/temples.md)")
    gen.add_argument("--locks", type=int, default=None)
    gen.add_argument("--theme", default=None)
    gen.add_argument("--element", default=None)
    gen.add_argument("--quest", action="append", dest="quests", default=None, help="a quest of the theme (repeatable)")
    gen.add_argument("--gate", action="store_true", help="a separate gate beyond the Pegasus chest")
    for name in ("monsters", "loot", "traps", "puzzles"):
        gen.add_argument(f"--{name}", type=int, default=None, metavar="PERCENT",
                         help=f"{name} in percent of the rooms left to dress (default: the contract's; "
                              "`zorglab tune temples` finds values)")
    out = gen.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true",
                     help="print one JSON object: the temple, the generator's and solver's figures, the lint's "
                          "violations and the contract targets met")
    out.add_argument("--out", metavar="FILE", help="write the temple as JSON to FILE")
    gen.set_defaults(run=run_generate)

    # the one temple sweep is ``zorglab sweep temples``; this older name runs the same command
    from zorglab.cli.sweep import add_temple_arguments
    add_temple_arguments(sub.add_parser("sweep", help="the same as `zorglab sweep temples`"))

    show = sub.add_parser("show", help="print a temple's floors with the critical path marked")
    show.add_argument("file")
    show.add_argument("--format", choices=FORMAT_CHOICES, default="auto")
    show.add_argument("--json", action="store_true", help="print the temple as JSON (zorglab's format)")
    show.set_defaults(run=run_show)

    check = sub.add_parser("check", help="lint temples against R1..R12")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.add_argument("--format", choices=FORMAT_CHOICES, default="auto")
    check.add_argument("--json", action="store_true", help="print one JSON object: every violation by file")
    check.set_defaults(run=run_check)


def _options(args: argparse.Namespace) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    for name in ("size", "floors", "rooms", "locks", "theme", "element", "quests", "monsters", "loot", "traps",
                 "puzzles"):
        value = getattr(args, name, None)
        if value is not None:
            opts[name] = value
    if getattr(args, "gate", False):
        opts["gate"] = True
    return opts


def run_generate(args: argparse.Namespace) -> int:
    from zorglab.temples.generator import generate_with_report
    from zorglab.temples.io import dumps_temple
    from zorglab.temples.render import temple_text

    if args.out:
        check_out_file(args.out)
    report = generate_with_report(args.seed, _options(args))
    temple = report.temple
    if args.json:
        import json
        json.dump(generated_json(args.seed, _options(args), report), sys.stdout, indent=1)
        print()
    elif args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(dumps_temple(temple))
        print(f"{args.out}: {temple.name}, {report.solution.graph.size} rooms, {report.solution.states} solver states")
    else:
        print(temple_text(temple, report.solution.critical))
    return 0


def generated_json(seed: int | str, options: dict[str, Any], report: "GenerationReport") -> dict[str, Any]:
    """``temples generate --json``: the temple (as ``--out`` writes it), the generator's and the solver's
    figures (a sweep's row), the lint's violations and which of the contract's targets it meets."""
    import json

    from zorglab.temples.io import dumps_temple
    from zorglab.temples.lint import lint_temple
    from zorglab.temples.sweep import sweep_row
    from zorglab.temples.targets import TARGETS
    from zorglab.temples.tune import compliance, target_name

    solution = report.solution
    figures = sweep_row(seed, options.get("size") or "medium", options)
    for name in ("seconds", "violations"):         # a wall clock is never in an output; the lint is below
        figures.pop(name, None)
    lint = lint_temple(report.temple, graph=solution.graph, solution=solution)
    met = compliance([figures]).met
    return {
        "temple": json.loads(dumps_temple(report.temple)),
        "figures": {k: v for k, v in figures.items() if not k.startswith("asked_") and k not in ("theme", "gate")},
        "solver": {"solvable": solution.ok, "states": solution.states,
                   "critical_path": len(solution.critical) if solution.critical else 0},
        "lint": {"violations": len(lint.violations), "rules_failed": list(lint.rules_failed),
                 "items": [{"rule": v.rule, "at": str(v.at), "code": v.code, "why": v.why} for v in lint.violations]},
        "targets": [{"target": target_name(t), "measure": t.measure, "met": bool(m)} for t, m in zip(TARGETS, met)],
    }


def run_show(args: argparse.Namespace) -> int:
    from zorglab.temples.io import load_temple
    from zorglab.temples.render import temple_text

    temple = load_temple(args.file, args.format)
    if args.json:
        from zorglab.temples.io import dumps_temple
        sys.stdout.write(dumps_temple(temple))
        return 0
    print(temple_text(temple))
    return 0


def run_check(args: argparse.Namespace) -> int:
    from zorglab.temples.io import load_temple
    from zorglab.temples.lint import lint_temple

    found = 0
    files = []
    for path in args.files:
        report = lint_temple(load_temple(path, args.format))
        if not args.json:
            for violation in report.violations:
                print(f"{path}: {violation}")
        files.append({"file": path, "violations": [{"rule": v.rule, "at": str(v.at), "code": v.code, "why": v.why}
                                                   for v in report.violations]})
        found += len(report.violations)
    if args.json:
        import json
        json.dump({"temples": len(args.files), "violations": found, "files": files}, sys.stdout, indent=1)
        print()
    else:
        print(f"{len(args.files)} temple(s) checked, {found} violation(s)", file=sys.stderr)
    return 1 if found else 0
