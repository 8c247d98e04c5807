"""The Maker's words: the status line and the list of violations (the engine's own sentences)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from zorglab.engine.layout_rules import Violation
from zorglab.paint import palette

VALID = "#1a7f37"
WARNING = "#9a6700"
_RULE_COLOURS = {"FR-7": palette.ORIENTATION, "FR-6": palette.VIOLATION, "FR-5": palette.VIOLATION,
                 "ZR-22": palette.VIOLATION}


def status_html(violations: Sequence[Violation], notice: str = "") -> str:
    """Valid or how many problems block the start (FR-8), then what the last action did."""
    if not violations:
        head = f"<b style='color:{VALID}'>valid layout — ready to start</b>"
    else:
        head = f"<b style='color:{palette.VIOLATION}'>{len(violations)} problem(s): start is blocked (FR-8)</b>"
    return head + (f" &nbsp; <i>{html.escape(notice)}</i>" if notice else "")


def violations_html(violations: Sequence[Violation]) -> str:
    """Every violation in words; an orientation mismatch (FR-7) also gets a banner nobody can miss."""
    orientation = [v for v in violations if v.rule.startswith("FR-7")]
    parts = []
    if orientation:
        parts.append(f"<div style='background:{palette.ORIENTATION};color:white;padding:4px;font-weight:bold'>"
                     f"ORIENTATION MISMATCH: {len(orientation)} room(s) turned unlike the A rooms — "
                     "look for the pink outline and arrow</div>")
    items = "".join(f"<li style='color:{_RULE_COLOURS.get(v.rule.split()[0], palette.TEXT)}'>"
                    f"<b>{html.escape(v.rule)}</b>: {html.escape(v.message)}</li>" for v in violations)
    if items:
        parts.append(f"<ul style='margin:0;padding-left:18px;max-width:420px'>{items}</ul>")
    else:
        parts.append(f"<span style='color:{VALID}'>no violations</span>")
    return "".join(parts)


def warnings_html(warnings: Sequence[Any]) -> str:
    """The level's warnings (:func:`zorglab.level.warnings.level_warnings`): legal, but surely not meant."""
    if not warnings:
        return ""
    items = "".join(f"<li>{html.escape(w.message)}</li>" for w in warnings)
    return (f"<div style='color:{WARNING};margin-top:6px'><b>{len(warnings)} warning(s)</b> (the layout may "
            f"still start)<ul style='margin:0;padding-left:18px;max-width:420px'>{items}</ul></div>")
