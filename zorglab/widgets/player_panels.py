"""The Player's text panels as HTML: status line, hero table, *explain*, event log, branch table.

Pure functions of what the Player reads from the engine (timeline, hero rows, explanation,
comparison rows); the Player only puts their HTML into its boxes.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from zorglab.paint import palette
from zorglab.widgets.explain import Explanation
from zorglab.widgets.heroes import CELLS_NOTE, HeroRow, describe_event


def status_html(t: Any) -> str:
    """Tick, frame, what the frame was, the outcome once ended, scheduled casts refused."""
    frame = t.frame
    text = f"tick <b>{frame.state.tick}</b> · frame {t.position}/{len(t.frames) - 1} · {html.escape(frame.text)}"
    if t.outcome is not None:
        text += f" · <b>ended: {t.outcome}</b>"
    for _cast, reason in t.refusals:
        text += f"<br><span style='color:{palette.VIOLATION}'>scheduled cast refused: {html.escape(reason)}</span>"
    return text


def heroes_html(heroes: Sequence[HeroRow]) -> str:
    """One row per hero, and the note saying which frame the cells are written in."""
    head = "<tr><th>#</th><th>hero</th><th>HP</th><th>gold</th><th>status</th><th>where</th><th>visits</th></tr>"
    body = "".join(
        f"<tr><td style='color:{palette.hero_colour(r.number - 1)}'><b>{r.number}</b></td><td>{r.label}"
        f"{'' if r.type in r.label else ' (' + r.type + ')'}</td><td>{r.hp}</td><td>{r.gold}</td>"
        f"<td>{r.status}</td><td>{html.escape(r.where)}</td><td>{html.escape(' > '.join(r.visits))}</td></tr>"
        for r in heroes)
    return (f"<table style='font-size:12px'>{head}{body}</table>"
            f"<div style='font-size:11px;color:#555'>{CELLS_NOTE} (here and in the log)</div>")


def explain_html(found: Explanation | None) -> str:
    """The sentence, the goal, the priority layers, then every first step with its own plan."""
    from zorglab.widgets.explain import explanation_html
    return explanation_html(found)


def log_html(t: Any) -> str:
    """Every event up to the cursor, the current frame's in bold, in a box that follows the run."""
    lines = []
    for k, frame in enumerate(t.frames[1:t.position + 1], start=1):
        style = "font-weight:bold" if k == t.position else "color:#555"
        lines += [f"<div style='{style}'>@{e.tick} {html.escape(describe_event(e))}</div>" for e in frame.events]
    # column-reverse anchors the scroll box at its end: the current frame's events (the last
    # lines, a winning death included) are in view without scrolling, and stay so on every step
    body = "".join(lines[-300:]) or "<i>no events yet</i>"
    return ("<div class='zorglab-log' style='max-height:260px;overflow-y:auto;display:flex;"
            f"flex-direction:column-reverse'><div>{body}</div></div>")


def compare_html(rows: Sequence[Any]) -> str:
    """The branch table: each line's tick, casts and projected outcome with the heroes' HP."""
    body = "".join(f"<tr><td>{html.escape(r.name)}</td><td>{r.tick}</td><td>{html.escape('; '.join(r.casts))}</td>"
                   f"<td><b>{r.outcome}</b> @{r.end_tick}</td><td>"
                   + ", ".join(f"{h} {hp}{'' if alive else '†'}" for h, hp, alive in r.hp) + "</td></tr>"
                   for r in rows)
    return ("<b>branches</b> (each run on with no further cast)<table style='font-size:12px'><tr><th>line</th>"
            f"<th>tick</th><th>casts</th><th>outcome</th><th>HP at end</th></tr>{body}</table>")
