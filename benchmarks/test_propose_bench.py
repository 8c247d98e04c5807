"""Proposing speed (issue 17): drafts proved and candidates offered per minute for a small brief.

The brief is the docs' small one: D and E rooms, Warriors and Elves, Attack and Sleep, one or two
spells needed, one winning layout, a board of three or four rooms. Each round proposes from a
fresh seed for a fixed number of drafts (no early stop), serially in this process; the figures
go into docs/performance.md ("Propose").
"""

from __future__ import annotations

import itertools

from zorglab.propose import Brief, Span, propose

SMALL = Brief(room_types=("D", "E"), hero_types=("Warrior", "Elf"), spell_types=("Attack", "Sleep"),
              fewest_spells=Span(1, 2), winning_layouts=Span(1, 1), board=Span(3, 4))
DRAFTS = 60


def test_propose_small_brief(benchmark):
    seeds = itertools.count(1000)
    found: list[tuple[int, int]] = []

    def run() -> None:
        answer = propose(SMALL, seed=next(seeds), count=100, tries=DRAFTS, max_seconds=None)
        found.append((len(answer.tried), len(answer.met)))

    benchmark.pedantic(run, rounds=3, iterations=1)
    drafts = sum(t for t, _ in found) / len(found)
    met = sum(m for _, m in found) / len(found)
    seconds = benchmark.stats.stats.mean
    benchmark.extra_info["drafts_per_minute"] = round(drafts * 60 / seconds)
    benchmark.extra_info["candidates_per_minute"] = round(met * 60 / seconds)
    benchmark.extra_info["meeting_share"] = round(met / drafts, 3)
