"""Benchmarks import their helper modules by file name and print figures at the end."""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))


def pytest_terminal_summary(terminalreporter):
    """Print each benchmark's extra figures (actions/s, states/s, temples/s) under the table."""
    session = terminalreporter._session if hasattr(terminalreporter, "_session") else None
    bench_session = getattr(terminalreporter.config, "_benchmarksession", None)
    if bench_session is None:
        return
    terminalreporter.write_sep("-", "figures")
    for bench in bench_session.benchmarks:
        if bench.extra_info:
            figures = ", ".join(f"{k}={v}" for k, v in bench.extra_info.items() if not isinstance(v, (list, dict)))
            terminalreporter.write_line(f"{bench.name}: {figures}")
