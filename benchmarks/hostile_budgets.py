"""Measure the hostile-legal budget table of docs/performance.md (issue 37 item 4).

Every run is the real command in a child process with ``--seconds 5`` (``propose``: ``--max-seconds 5``),
killed by the kernel at 30 CPU s (``RLIMIT_CPU``) so a budget that does not hold shows as a kill, never a
hang. The figures are the child's own: CPU seconds (user + system, ``wait4``) and peak resident MB
(``ru_maxrss``); the verdict is the command's first line, or its last line of standard error.

    python benchmarks/hostile_budgets.py [LEVEL ...]      # levels by name (default: all); prints Markdown rows
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LEVELS = ROOT / "tests" / "hostile" / "levels"
SECONDS = 5
KILL_AT = 30            # CPU seconds: the kernel ends a run that goes on past this
MODES = {"witness": ["--solution", "0"], "proof (--analyse)": ["--solution", "0", "--analyse"], "layouts": []}
PROPOSALS = {
    "propose: 8 heroes x 8 spells, board 12": ["--hero-count", "8", "--spell-count", "8", "--board", "12",
                                               "--spell-types", "Attack,Sleep,Swap,Teleport,Banality,Wake",
                                               "--tries", "100000", "--count", "50"],
    "propose: pinned portal P(1000000, i -> 2 * i)": ["--room", "P(1000000, i -> 2 * i)", "--hero-count", "3",
                                                      "--tries", "100000", "--count", "50"],
}


def limit() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (KILL_AT, KILL_AT + 5))


def measure(argv: list[str]) -> tuple[float, float, int, str]:
    """CPU seconds, peak MB, exit code (negative: the signal that ended it) and what it said."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        process = subprocess.Popen([sys.executable, "-m", "zorglab", *argv], stdout=out, stderr=err,
                                   preexec_fn=limit, cwd=ROOT, text=True)
        _, status, usage = os.wait4(process.pid, 0)
        code = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        said, errors = out.read().strip(), err.read().strip()
    said = (said.splitlines() or [""])[0]
    if "Traceback" in errors:
        said = "TRACEBACK " + errors.splitlines()[-1]
    elif not said:
        said = (errors.splitlines() or [""])[-1]
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code, said


def main(names: list[str]) -> None:
    print("| level | mode | CPU s | peak MB | exit | said |")
    print("|---|---|---|---|---|---|")
    runs: list[tuple[str, str, list[str]]] = []
    for path in sorted(LEVELS.glob("*.toml")):
        if names and path.stem not in names:
            continue
        for mode, extra in MODES.items():
            runs.append((path.stem, mode, ["solve", str(path.relative_to(ROOT)), "--seconds", str(SECONDS), "-q",
                                           *extra]))
    if not names or "propose" in names:
        for mode, extra in PROPOSALS.items():
            runs.append(("-", mode, ["propose", "--max-seconds", str(SECONDS), "-q", *extra]))
    for level, mode, argv in runs:
        cpu, peak, code, said = measure(argv)
        print(f"| {level} | {mode} | {cpu:.1f} | {peak:.0f} | {code} | {said[:110]} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
