"""Reports for balance analysts (issue 8): pure table functions (DataFrame in, DataFrame out),
charts, and the report on disk. See ``docs/reports.md`` for every column and rule.

- :mod:`~zorglab.reports.difficulty` — ``level_difficulty(levels, budget)``: one row per level;
- :mod:`~zorglab.reports.forced` — forced casting points on a state graph;
- :mod:`~zorglab.reports.spells` — ``spell_usage(difficulty)``, ``spell_summary(usage, by)``;
- :mod:`~zorglab.reports.generator` — ``temple_row``, ``generator_stats(rows)``, ``failure_reasons(rows)``;
- :mod:`~zorglab.reports.campaign` — ``campaign_table(contracts)``, ``campaign_check(difficulty, campaign)``;
- :mod:`~zorglab.reports.charts`, :mod:`~zorglab.reports.write` — PNG charts, CSVs and ``index.html``.
"""

from zorglab.reports.budget import QUICK, Budget
from zorglab.reports.campaign import BASE_MECHANICS, campaign_check, campaign_table, mechanics
from zorglab.reports.difficulty import (
    DIFFICULTY_COLUMNS,
    difficulty_frame,
    difficulty_key,
    difficulty_row,
    level_difficulty,
)
from zorglab.reports.forced import ForcedPoints, forced_points
from zorglab.reports.generator import failure_reasons, generator_stats, temple_frame, temple_row
from zorglab.reports.spells import spell_summary, spell_usage

__all__ = [
    "BASE_MECHANICS", "Budget", "DIFFICULTY_COLUMNS", "ForcedPoints", "QUICK", "campaign_check", "campaign_table",
    "difficulty_frame", "difficulty_key", "difficulty_row", "failure_reasons", "forced_points", "generator_stats",
    "level_difficulty", "mechanics", "spell_summary", "spell_usage", "temple_frame", "temple_row",
]
