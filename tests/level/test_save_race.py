"""Issue #18, racing saves: N processes save into one level file at once. Every save either lands or
is refused with a message; none is lost silently; a reader never sees a file that does not validate."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from zorglab.engine.layout import Layout
from zorglab.errors import StaleFileError
from zorglab.level.loader import check_level, load_level
from zorglab.level.save import save_solution

LEVEL = '''\
# a level many writers save into
id = "t-race"
rooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]
heroes = ["Warrior(2)"]
spells = ["Attack(1)"]
'''

WRITERS = 4
SAVES = 6
ROW = Layout.from_slots({"A1": (0, 0), "D1": (1, 0), "Z1": (2, 0)})


def writer(path: str, number: int, with_digest: bool, start, results) -> None:
    """Save SAVES distinct solutions (told apart by their cast's tick); with_digest: each save
    checks the file is the one this writer last saw (and is refused when another writer came first).
    ``start`` is a barrier: every writer is up before the first save, however slow the machine."""
    start.wait()
    digest = load_level(path).digest
    for save in range(SAVES):
        tick = 100 * number + save
        try:
            saved = save_solution(path, ROW, casts=[f"@{tick} Attack(1)"], expect="loss",
                                  expected_digest=digest if with_digest else None)
        except StaleFileError as error:
            results.put((tick, "refused", str(error)))
            digest = load_level(path).digest          # reload, as the message says, and go on
        else:
            results.put((tick, "landed", saved.index))
            digest = saved.digest


def reader(path: str, stop, faults) -> None:
    while not stop.is_set():
        check = check_level(path)
        if not check.is_valid():
            faults.put(str(check.problems[0]))


def test_racing_writers_lose_nothing_silently_and_the_file_always_validates(tmp_path):
    path = tmp_path / "t-race.toml"
    path.write_text(LEVEL, encoding="utf-8")
    context = multiprocessing.get_context("spawn")
    results, faults, stop = context.Queue(), context.Queue(), context.Event()
    start = context.Barrier(WRITERS)                   # every writer is up before the first save
    writers = [context.Process(target=writer, args=(str(path), n, n % 2 == 1, start, results))
               for n in range(WRITERS)]
    watcher = context.Process(target=reader, args=(str(path), stop, faults))
    for process in writers + [watcher]:
        process.start()
    outcomes = [results.get(timeout=120) for _ in range(WRITERS * SAVES)]
    for process in writers:
        process.join(timeout=60)
    stop.set()
    watcher.join(timeout=60)
    assert all(process.exitcode == 0 for process in writers + [watcher])
    assert faults.empty(), faults.get()
    level = load_level(path)
    in_file = sorted(solution.casts[0].tick for solution in level.solutions)
    landed = sorted(tick for tick, outcome, _ in outcomes if outcome == "landed")
    refused = [(tick, message) for tick, outcome, message in outcomes if outcome == "refused"]
    assert in_file == landed, "a save that reported success is missing from the file"
    assert all("changed on disk since it was loaded" in message and "Reload" in message for _, message in refused)
    assert all(tick % 100 < SAVES and tick // 100 % 2 == 1 for tick, _ in refused)   # only digest writers
    assert len(landed) >= WRITERS * SAVES // 2                                    # the others always land
    by_tick = {solution.casts[0].tick: index for index, solution in enumerate(level.solutions)}
    assert all(by_tick[tick] == index for tick, outcome, index in outcomes if outcome == "landed")


def saver(path: str, start: int, landed) -> None:
    """Save one solution after another until killed, telling ``landed`` after each save."""
    tick = start
    while True:
        save_solution(path, ROW, casts=[f"@{tick} Attack(1)"], expect="loss")
        landed.put(tick)
        tick += 1


@pytest.mark.slow
def test_a_save_killed_at_any_moment_leaves_a_valid_file_and_at_most_one_temporary_copy(tmp_path):
    import os
    import random
    import signal
    path = tmp_path / "t-race.toml"
    path.write_text(LEVEL, encoding="utf-8")
    context = multiprocessing.get_context("spawn")
    saves = random.Random(18)
    for round_ in range(8):
        landed_here = context.Queue()
        process = context.Process(target=saver, args=(str(path), 1000 * round_, landed_here))
        process.start()
        for _ in range(saves.randint(1, 4)):      # synchronised on saves that landed, not on a clock:
            landed_here.get(timeout=300)          # the kill comes during one of the saves that follow
        os.kill(process.pid, signal.SIGKILL)
        process.join(timeout=30)
        check = check_level(path)
        assert check.is_valid(), check.problems[0]
        assert {p.name for p in tmp_path.iterdir()} <= {"t-race.toml", ".t-race.toml.zorglab.tmp"}
    landed = len(load_level(path).solutions)
    assert landed >= 8, f"only {landed} saves landed: the kills did not interrupt saving"
    saved = save_solution(path, ROW, casts=["@99999 Attack(1)"], expect="loss")
    assert saved.added and sorted(p.name for p in tmp_path.iterdir()) == ["t-race.toml"]
