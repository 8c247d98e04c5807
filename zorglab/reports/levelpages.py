"""One report page per level: its picture, the witness replayed frame by frame, every figure of its
difficulty row, and why it ranks where it does in its contract.

"Why it ranks" is said in the campaign check's own terms (:mod:`zorglab.reports.campaign`):
difficulty is ``(steps, states)``, steps being the fewest spells plus the build steps; the page names the level's place in the campaign, its
rank by difficulty within the contract, how it compares with the levels before and after it, the
mechanics it is the first to use, and every campaign violation that names it.

The page is the template ``level.html.j2`` (autoescaped); links to other levels are made only for ids of the id form
(:func:`zorglab.reports.safe.level_href`).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import pandas as pd

from zorglab.level.bands import Band
from zorglab.reports.campaign import BASE_MECHANICS, easier, mechanics
from zorglab.reports.difficulty import BUILD_FACTOR, difficulty_key, difficulty_words
from zorglab.reports.html import Line, Part, figures_list, line
from zorglab.reports.levelpictures import Picture
from zorglab.reports.safe import FOLDER, level_href
from zorglab.reports.tables import LIST_SEPARATORS
from zorglab.reports.templating import render

__all__ = ["band_lines", "level_page", "ranking"]


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _neighbour(other: Any) -> Part:
    """Another level named on a page: a link to its page (beside this one) when its id has one."""
    return Part(str(other["level"]), href=level_href(other["level"], folder=""))


def _compare(key: tuple[int, int] | None, other: Any, words: str) -> list[Part | str]:
    other_key = difficulty_key(other)
    link = _neighbour(other)
    if key is None or other_key is None:
        return [f"{words} ", link, f" ({difficulty_words(other)}): cannot be compared"]
    if easier(key, other_key):
        verdict = "easier than"
    elif easier(other_key, key):
        verdict = "harder than"
    else:
        verdict = "as hard as (search states within a factor of 2)" if key[0] == other_key[0] else "as hard as"
    return [f"{verdict} ", link, f" {words} ({difficulty_words(other)})"]


def band_lines(row: Any, bands: Mapping[str, Band] | None, found: pd.DataFrame | None) -> list[Line]:
    """Its contract's target band (``contracts.toml``) and whether the level is inside it: each measure
    out as the outliers table words it (none when the contract types no band)."""
    contract = str(row["contract"] or "")
    band = (bands or {}).get(contract)
    if band is None:
        return []
    ranges = ", ".join(f"{key.replace('_', ' ')} {band.words(key)}" for key in band.ranges())
    lines = [line("Target band of contract ", Part(contract, bold=True), f" (contracts.toml): {ranges}.")]
    mine = found[found["level"].astype(str) == str(row["level"])] if found is not None else pd.DataFrame()
    if row["verdict"] != "solvable":
        lines.append(line("Not judged against it: not proved winnable."))
    elif mine.empty:
        lines.append(line("Inside its contract's band.", kind="ok"))
    for _, out in mine.iterrows():
        lines.append(line(Part(str(out["flag"]), bold=True), f": {out['message']}", kind="bad"))
    return lines


def ranking(row: Any, ordered: pd.DataFrame, violations: pd.DataFrame, bands: Mapping[str, Band] | None = None,
            found: pd.DataFrame | None = None) -> list[Line]:
    """Sentences saying why the level of ``row`` ranks where it does; ``ordered`` is every listed
    level's row in campaign order (with ``order`` and ``position``); ``bands`` and ``found`` (the
    outliers table) say whether it is inside its contract's target band."""
    level, key = row["level"], difficulty_key(row)
    lines = [line("Difficulty: ", Part(difficulty_words(row), bold=True),
                  " — (steps, search states), compared in that order; steps are the fewest spells plus one "
                  f"build step for each factor of {BUILD_FACTOR} between the layouts tried and the winning ones.")]
    placed = ordered.index[ordered["level"] == level]
    if len(placed) == 0:
        lines.append(line("It is in no contract: no player meets it."))
    else:
        at = int(placed[0])
        contract = str(ordered.at[at, "contract"])
        mine = ordered[ordered["contract"].astype(str) == contract].reset_index(drop=True)
        where = int(mine.index[mine["level"] == level][0])
        lines.append(line(f"Place: {_ordinal(where + 1)} of {len(mine)} in contract ", Part(contract, bold=True),
                          f"; {_ordinal(at + 1)} of {len(ordered)} in the campaign."))
        known = [k for k in (difficulty_key(r) for _, r in mine.iterrows()) if k is not None]
        if key is not None:
            rank = 1 + sum(1 for k in known if k < key)
            lines.append(line(f"By difficulty it is the {_ordinal(rank)} easiest of the {len(known)} levels of "
                              f"known difficulty in its contract."))
        if where > 0:
            lines.append(line("It is ", *_compare(key, mine.iloc[where - 1], "before it"), "."))
        if where + 1 < len(mine):
            lines.append(line("It is ", *_compare(key, mine.iloc[where + 1], "after it"), "."))
        seen = set(BASE_MECHANICS)
        for _, earlier in ordered.iloc[:at].iterrows():
            seen.update(mechanics(earlier))
        new = [m for m in mechanics(row) if m not in seen]
        lines.append(line("First to use: " + (", ".join(new) if new else "nothing new (every mechanic met before)")
                          + "."))
    lines += band_lines(row, bands, found)
    mine_v = violations[(violations["level"] == level) | (violations["other"].astype(str) == str(level))]
    if mine_v.empty:
        lines.append(line("No campaign rule names it.", kind="ok"))
    for _, v in mine_v.iterrows():
        lines.append(line(Part(str(v["rule"]), bold=True), f": {v['message']}", kind="bad"))
    return lines


def level_page(row: Any, ordered: pd.DataFrame, violations: pd.DataFrame, pictures: Sequence[Picture],
               note: str, columns: Sequence[str], bands: Mapping[str, Band] | None = None,
               found: pd.DataFrame | None = None) -> str:
    """The HTML page of one level (written to ``levels/<id>.html``)."""
    level = str(row["level"])
    before = after = None
    placed = ordered.index[ordered["level"] == level]
    if len(placed):
        at = int(placed[0])
        if at > 0:
            before = _neighbour(ordered.iloc[at - 1])
        if at + 1 < len(ordered):
            after = _neighbour(ordered.iloc[at + 1])
    witness = "; ".join(row["witness"]) if isinstance(row["witness"], list) else str(row["witness"] or "")
    figures = figures_list([(c, LIST_SEPARATORS.get(c, " ").join(row[c]) if isinstance(row[c], list) else row[c])
                            for c in columns])
    return render("level.html.j2", title=f"{level} — zorglab report", root="../", level=level,
                  before=None if before is None else {"href": before.href, "level": before.text},
                  after=None if after is None else {"href": after.href, "level": after.text},
                  level_title=str(row["title"] or ""), contract=str(row["contract"] or "none"),
                  file=str(row["file"] or ""), verdict=str(row["verdict"]), solvable=row["verdict"] == "solvable",
                  ranking=ranking(row, ordered, violations, bands, found), witness=witness or "no cast", note=note,
                  pictures=pictures, figures=figures)
