"""One report page per level: its picture, the witness replayed frame by frame, every figure of its
difficulty row, and why it ranks where it does in its contract.

"Why it ranks" is said in the campaign check's own terms (:mod:`zorglab.reports.campaign`):
difficulty is ``(fewest_spells, states)``; the page names the level's place in the campaign, its
rank by difficulty within the contract, how it compares with the levels before and after it, the
mechanics it is the first to use, and every campaign violation that names it.
"""

from __future__ import annotations

from typing import Any, Sequence

import pandas as pd

from zorglab.reports.campaign import BASE_MECHANICS, easier, mechanics
from zorglab.reports.difficulty import difficulty_key
from zorglab.reports.html import esc, figures_list, page
from zorglab.reports.levelpictures import Picture
from zorglab.reports.tables import LIST_SEPARATORS

FOLDER = "levels"


def level_href(level: Any, root: str = "") -> str:
    return f"{root}{FOLDER}/{level}.html"


def _key_words(key: tuple[int, int] | None) -> str:
    if key is None:
        return "difficulty unknown (not proved winnable within the budget)"
    return f"{key[0]} spell{'s' * (key[0] != 1)}, {key[1]} states"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _compare(key: tuple[int, int] | None, other: Any, words: str) -> str:
    other_key = difficulty_key(other)
    link = f"<a href='{other['level']}.html'>{esc(other['level'])}</a>"
    if key is None or other_key is None:
        return f"{words} {link} ({esc(_key_words(other_key))}): cannot be compared"
    if easier(key, other_key):
        verdict = "easier than"
    elif easier(other_key, key):
        verdict = "harder than"
    else:
        verdict = "as hard as (search states within a factor of 2)" if key[0] == other_key[0] else "as hard as"
    return f"{verdict} {link} {words} ({esc(_key_words(other_key))})"


def ranking(row: Any, ordered: pd.DataFrame, violations: pd.DataFrame) -> list[str]:
    """Sentences (HTML) saying why the level of ``row`` ranks where it does; ``ordered`` is every listed
    level's row in campaign order (with ``order`` and ``position``)."""
    level, key = row["level"], difficulty_key(row)
    lines = [f"Difficulty: <b>{esc(_key_words(key))}</b> — (fewest spells, search states), compared in that order."]
    placed = ordered.index[ordered["level"] == level]
    if len(placed) == 0:
        lines.append("It is in no contract: no player meets it.")
    else:
        at = int(placed[0])
        contract = str(ordered.at[at, "contract"])
        mine = ordered[ordered["contract"].astype(str) == contract].reset_index(drop=True)
        where = int(mine.index[mine["level"] == level][0])
        lines.append(f"Place: {_ordinal(where + 1)} of {len(mine)} in contract <b>{esc(contract)}</b>; "
                     f"{_ordinal(at + 1)} of {len(ordered)} in the campaign.")
        known = [k for k in (difficulty_key(r) for _, r in mine.iterrows()) if k is not None]
        if key is not None:
            rank = 1 + sum(1 for k in known if k < key)
            lines.append(f"By difficulty it is the {_ordinal(rank)} easiest of the {len(known)} levels of "
                         f"known difficulty in its contract.")
        if where > 0:
            lines.append("It is " + _compare(key, mine.iloc[where - 1], "before it") + ".")
        if where + 1 < len(mine):
            lines.append("It is " + _compare(key, mine.iloc[where + 1], "after it") + ".")
        seen = set(BASE_MECHANICS)
        for _, earlier in ordered.iloc[:at].iterrows():
            seen.update(mechanics(earlier))
        new = [m for m in mechanics(row) if m not in seen]
        lines.append("First to use: " + (esc(", ".join(new)) if new else "nothing new (every mechanic met before)") + ".")
    mine_v = violations[(violations["level"] == level) | (violations["other"].astype(str) == str(level))]
    if mine_v.empty:
        lines.append("<span class='ok'>No campaign rule names it.</span>")
    for _, v in mine_v.iterrows():
        lines.append(f"<span class='bad'><b>{esc(v['rule'])}</b>: {esc(v['message'])}</span>")
    return lines


def level_page(row: Any, ordered: pd.DataFrame, violations: pd.DataFrame, pictures: Sequence[Picture],
               note: str, columns: Sequence[str]) -> str:
    """The HTML page of one level (written to ``levels/<id>.html``)."""
    level = str(row["level"])
    body = [f"<nav><a href='../index.html'>&larr; report</a> <a href='../index.html#level_difficulty'>all levels</a>"]
    placed = ordered.index[ordered["level"] == level]
    if len(placed):
        at = int(placed[0])
        if at > 0:
            body.append(f"<a href='{ordered.at[at - 1, 'level']}.html'>&larr; {esc(ordered.at[at - 1, 'level'])}</a>")
        if at + 1 < len(ordered):
            body.append(f"<a href='{ordered.at[at + 1, 'level']}.html'>{esc(ordered.at[at + 1, 'level'])} &rarr;</a>")
    body.append("</nav>")
    body.append(f"<h1>{esc(level)} — {esc(row['title'] or '')}</h1>")
    body.append(f"<p>contract <b>{esc(row['contract'] or 'none')}</b>, file <code>{esc(row['file'] or '')}</code>; "
                f"verdict <b>{esc(row['verdict'])}</b></p>")
    body.append("<h2 id='rank'>Why it ranks where it does</h2><ul>")
    body += [f"<li>{line}</li>" for line in ranking(row, ordered, violations)]
    body.append("</ul>")
    body.append("<h2 id='witness'>The reference setup and the witness, replayed</h2>")
    witness = "; ".join(row["witness"]) if isinstance(row["witness"], list) else str(row["witness"] or "")
    body.append(f"<p>Fewest-spells witness: <code>{esc(witness or 'no cast')}</code>"
                f"{'' if row['verdict'] == 'solvable' else ' (not proved winnable: no witness)'}</p>")
    if note:
        body.append(f"<p class='bad'>{esc(note)}</p>")
    for picture in pictures:
        body.append(f"<figure><img src='{esc(picture.name)}' alt='{esc(picture.caption)}'>"
                    f"<figcaption>{esc(picture.caption)}</figcaption></figure>")
    body.append("<h2 id='figures'>Every figure</h2>")
    body.append("<p>Columns of <a href='../level_difficulty.csv'>level_difficulty.csv</a> "
                "(meanings: docs/reports.md).</p>")
    body.append(figures_list([(c, LIST_SEPARATORS.get(c, " ").join(row[c]) if isinstance(row[c], list) else row[c])
                              for c in columns]))
    return page(f"{level} — zorglab report", body, root="../")
