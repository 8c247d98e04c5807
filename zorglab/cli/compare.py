"""``zorglab compare A B``: two level packs (folders) or two git revisions side by side (NFR-5).

Every level's verdict, fewest and necessary spells, difficulty and witness; what changed first.
Beside the figures, what changed in each level's file (rooms, tiles, heroes and their HP, spells,
constraints, solutions: :mod:`zorglab.reports.level_diff`). Printed as a table, ``--json`` or
``--markdown`` (a pull request's table); ``--html FILE`` writes a page with a sortable, filterable table.
``--fail-on verdict`` exits 1 when a verdict changed, so CI can guard an engine change.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from zorglab.cli.options import check_out_file, progress_of, say
from zorglab.cli.sweep import BUDGETS, add_run_options, run_options

FAIL_ON = ("verdict", "fewest_spells", "necessary", "difficulty", "witness", "edited", "any")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("compare", help="compare two level packs or git revisions, level by level",
                       description="Compare two versions of the pack (folders) or of the repository (git refs: "
                                   "each revision's own code on its own levels/). Every level's verdict, fewest "
                                   "and necessary spells, difficulty (fewest spells, states) and witness side by "
                                   "side, what changed first. Comparing a git revision RUNS THAT REVISION'S CODE "
                                   "(its zorglab, from a temporary copy, with your rights): compare only revisions "
                                   "you trust. An empty or unknown revision, or one whose levels/ holds a link, is "
                                   "refused before any search.")
    p.add_argument("a", metavar="A", help="a pack folder or a git revision (HEAD, main, a commit; its code runs)")
    p.add_argument("b", metavar="B", help="the other side")
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="print one JSON object")
    shown.add_argument("--markdown", action="store_true",
                       help="print the changes as a Markdown table (for a pull request)")
    p.add_argument("--html", metavar="FILE", help="also write the comparison as an HTML page")
    p.add_argument("--all", action="store_true", help="print unchanged levels too")
    p.add_argument("--fail-on", action="append", choices=FAIL_ON, default=[], metavar="CHANGE",
                   help=f"exit 1 when a level's CHANGE moved ({', '.join(FAIL_ON)}; repeatable)")
    add_run_options(p, default_budget="quick")
    p.set_defaults(run=run)


def compare(a: str, b: str, *, budget: str = "quick", levels_table: Any = None) -> Any:
    """Compare two level packs or git revisions, level by level (NFR-5).

    Parameters
    ----------
    a, b : str
        A pack folder (searched with this code) or a git revision of the repository in the current
        folder (``HEAD``, ``main``, a commit: its own code on its own ``levels/``).
    budget : str
        The named search budget of both sides: ``quick``, ``standard`` or ``thorough``.
    levels_table : callable, optional
        ``(paths, Budget) -> DataFrame`` for a folder side (default: a serial search).

    Returns
    -------
    pandas.DataFrame
        One row per level id: ``changed`` (a list, gravest change first; empty when nothing moved) and
        verdict, fewest spells, necessary spells, states and witness of each side (``_a``, ``_b``);
        changed levels first.

    Examples
    --------
    >>> import zorglab
    >>> table = zorglab.compare("tests/reports/fixtures/pack", "tests/reports/fixtures/pack")
    >>> table[["level", "changed", "verdict_a", "verdict_b"]].head(2)
       level changed verdict_a verdict_b
    0  fx-01      []  solvable  solvable
    1  fx-02      []  solvable  solvable
    """
    from zorglab.cli.revisions import revision_table
    from zorglab.reports.compare import compare as compare_sides

    if budget not in BUDGETS:
        from zorglab.errors import OptionError
        raise OptionError(f"budget {budget!r}: one of {', '.join(sorted(BUDGETS))}")
    for side in (a, b):             # both sides refused or resolved before either is searched
        check_side(side)
    return compare_sides(a, b, budget=BUDGETS[budget], budget_name=budget, levels_table=levels_table,
                         revision_table=revision_table)


def side_levels(side: str) -> dict[str, Any]:
    """The levels of one side by id, as its files say (a folder, or a revision's ``levels/``)."""
    from pathlib import Path

    from zorglab.cli.revisions import revision_levels
    from zorglab.reports.level_diff import pack_levels

    return pack_levels(side) if Path(side).is_dir() else revision_levels(side)


def check_side(side: str) -> None:
    """Refuse at once a side that is neither a pack folder nor a git revision of the repository here:
    empty, a file, an option-like or unknown revision (an OptionError: exit 2)."""
    from pathlib import Path

    from zorglab.cli.revisions import check_ref, resolve
    from zorglab.errors import OptionError

    check_ref(side)
    path = Path(side)
    if path.is_dir():
        return
    if path.exists():
        raise OptionError(f"{side}: not a folder (a side is a pack folder or a git revision)")
    resolve(side)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from zorglab.level import level_files
    from zorglab.reports.compare import markdown, with_edits
    from zorglab.reports.level_diff import pack_edits
    from zorglab.sweep import sweep_levels

    if args.html:
        check_out_file(args.html, "--html")
    for side in (args.a, args.b):      # refused now, before the other side's search
        check_side(side)
    folders = [s for s in (args.a, args.b) if Path(s).is_dir()]
    sides = {side: side_levels(side) for side in (args.a, args.b)}     # each file as written: the edits
    tasks = sum(len(level_files([f])) for f in folders)
    if folders:
        run_ = run_options(args, tasks, "level")
    else:              # two revisions: each runs its own sweep, serially, in a copy of its own
        run_ = {"serial": True, "scheduler": None, "workers": args.workers}
        say(args, "running each revision's own sweep serially in a copy of its own "
                  f"({len(sides[args.a])} and {len(sides[args.b])} levels)")

    def table(paths: list[str], budget: Any) -> Any:
        return sweep_levels(paths, budget, progress=progress_of(args), **run_)

    say(args, f"comparing {args.a} with {args.b} (budget {args.budget})")
    frame = compare(args.a, args.b, budget=args.budget, levels_table=table)
    frame = with_edits(frame, pack_edits(sides[args.a], sides[args.b]))
    changed = frame[frame["changed"].map(len) > 0]
    failing = _failing(changed, args.fail_on)
    if args.html:
        from zorglab.reports.compare_page import compare_page
        Path(args.html).write_text(compare_page(frame, args.a, args.b), encoding="utf-8")
        say(args, f"written: {args.html}")
    if args.markdown:
        sys.stdout.write(markdown(frame, args.a, args.b, everything=args.all))
    elif args.json:
        rows = json.loads(frame.to_json(orient="records"))
        json.dump({"a": args.a, "b": args.b, "budget": args.budget, "levels": len(frame), "changed": len(changed),
                   "failing": failing, "rows": rows}, sys.stdout, indent=1)
        print()
    else:
        _print(frame if args.all else changed, len(frame), len(changed), args)
    if failing:
        print(f"failing: {', '.join(failing)} changed (--fail-on {' '.join(args.fail_on)})", file=sys.stderr)
        return 1
    return 0


def _failing(changed: Any, fail_on: list[str]) -> list[str]:
    """The levels whose change is one ``--fail-on`` names (``any``: every changed level)."""
    out = []
    for _, row in changed.iterrows():
        if "any" in fail_on or any(c in fail_on for c in row["changed"]) or \
                ("verdict" in fail_on and ({"added", "removed"} & set(row["changed"]))):
            out.append(str(row["level"]))
    return out


def _cell(value: Any) -> str:
    if isinstance(value, list):
        return "; ".join(value) if value else "-"
    if value is None or value is getattr(__import__("pandas"), "NA") or (isinstance(value, float) and value != value):
        return "-"
    return str(value)


def _print(frame: Any, levels: int, changed: int, args: argparse.Namespace) -> None:
    print(f"{args.a} -> {args.b}: {changed} of {levels} level{'s' * (levels != 1)} changed")
    if frame.empty:
        return
    head = ("level", "changed", "verdict", "fewest", "necessary", "states", "witness")
    lines = [head]
    edits: list[tuple[str, list[str]]] = []
    for _, r in frame.iterrows():
        if "edits" in r and r["edits"]:
            edits.append((str(r["level"]), list(r["edits"])))
        pair = lambda name: (_cell(r[f"{name}_a"]) if _cell(r[f"{name}_a"]) == _cell(r[f"{name}_b"])  # noqa: E731
                             else f"{_cell(r[f'{name}_a'])} -> {_cell(r[f'{name}_b'])}")
        lines.append((str(r["level"]), ", ".join(r["changed"]) or "-", pair("verdict"), pair("fewest_spells"),
                      pair("necessary"), pair("states"), pair("witness")))
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    for line in lines:
        print("  ".join(text.ljust(width) for text, width in zip(line, widths)).rstrip())
    if edits:
        print("edits (what changed in each file):")
        for level, said in edits:
            print(f"  {level}: {'; '.join(said)}")
