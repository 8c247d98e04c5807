"""``zorglab progress``: a player's points and contracts; ``--record LEVEL`` adds a replayed win (ZR-21)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from zorglab.level import load_level, parse_cast
from zorglab.progression import (
    Campaign,
    Profile,
    WinRecord,
    bonus_count,
    load_campaign,
    load_profile,
    record_win,
    standings,
)
from zorglab.progression.profile import profile_problems_in, update_profile

DEFAULT_PROFILE = "zorglab-profile.json"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("progress", help="a player's points and which contracts they open",
                       description="Show every contract (open, locked or unwritten) for a profile. With --record, "
                                   "replay a level's solution (or your casts on its layout) and record it only if "
                                   "it wins, with the bonuses it met: 1 point per won level, 1 per bonus (ZR-21).")
    p.add_argument("--profile", default=DEFAULT_PROFILE, metavar="FILE",
                   help=f"the profile JSON file (default {DEFAULT_PROFILE}; missing means no wins yet)")
    p.add_argument("--levels", action="append", default=None, metavar="DIR",
                   help="the level pack with its contracts.toml (default levels/; repeatable)")
    p.add_argument("--record", metavar="LEVEL", help="a level id (or file) whose win to record")
    p.add_argument("--solution", type=int, default=0, metavar="N",
                   help="with --record: the [[solutions]] entry to replay, counted from 0: 0 is the first (default 0)")
    p.add_argument("--cast", action="append", default=[], metavar='"@T SPELL ..."',
                   help="with --record: your casts on that solution's layout, replacing its casts (repeatable)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from zorglab.errors import OptionError

    campaign = load_campaign(args.levels or ["levels"])
    profile = checked_profile(load_profile(args.profile), campaign, args.profile)
    record = None
    if args.record is None and (args.cast or args.solution):
        raise OptionError("--solution and --cast go with --record LEVEL")
    if args.record is not None:
        level = _level(campaign, args.record)
        casts = [parse_cast(text, level, origin=f"--cast {text!r}",
                            choices=dict(level.solutions[args.solution].choices)
                            if 0 <= args.solution < len(level.solutions) else None)
                 for text in args.cast] or None
        profile, record = update_profile(args.profile, lambda now: record_win(
            checked_profile(now, campaign, args.profile), level, campaign.contracts, args.solution, casts))
    if args.json:
        json.dump(progress_json(profile, campaign, record, args.profile), sys.stdout, indent=2)
        print()
    else:
        print(describe(profile, campaign, record, args.profile))
    return 0


def checked_profile(profile: Profile, campaign: Campaign, path: str) -> Profile:
    """The profile, refused when it lists a level or bonus the pack does not have (points with no win)."""
    from zorglab.errors import OptionError
    problems = profile_problems_in(profile, {i: bonus_count(level) for i, level in campaign.levels.items()})
    if problems:
        broken = f" ({len(campaign.broken)} level file(s) of the pack failed to load)" if campaign.broken else ""
        raise OptionError(f"--profile {path}: " + "; ".join(problems) + broken)
    return profile


def _level(campaign: Campaign, name: str):
    path = Path(name)
    if path.suffix == ".toml" and path.is_file():
        level = load_level(path)
        campaign.level(level.id)
        return campaign.levels[level.id]
    return campaign.level(name)


def progress_json(profile: Profile, campaign: Campaign, record: WinRecord | None, path: str) -> dict[str, Any]:
    data: dict[str, Any] = {
        "profile": path, "points": profile.points,
        "contracts": [s.to_json() for s in standings(profile, campaign.contracts, campaign.levels)],
        "levels": [{"id": level_id, "won": profile.won(level_id),
                    "bonuses_met": sorted(p.bonuses) if (p := profile.progress(level_id)) else [],
                    "bonuses_total": bonus_count(campaign.levels[level_id])}
                   for level_id in sorted(campaign.levels, key=lambda i: (campaign.position(i) or (1 << 30, 0), i))],
        "broken": [{"file": f, "error": e} for f, e in campaign.broken],
    }
    if record is not None:
        data["recorded"] = {"level": record.level, "solution": record.solution, "bonuses": sorted(record.bonuses),
                            "points_before": record.points_before, "points_after": record.points_after,
                            "opened": list(record.opened)}
    return data


def describe(profile: Profile, campaign: Campaign, record: WinRecord | None, path: str) -> str:
    lines = []
    if record is not None:
        met = ", ".join(f"#{b}" for b in sorted(record.bonuses)) or "none"
        lines.append(f"recorded {record.level} (solution {record.solution}): a win, bonuses met: {met}; "
                     f"points {record.points_before} -> {record.points_after}")
        for name in record.opened:
            lines.append(f"contract {name!r} is now open")
    won = sum(1 for p in profile.levels)
    lines.append(f"{path}: {profile.points} point{'s' * (profile.points != 1)}, {won} level{'s' * (won != 1)} won")
    rows = [("contract", "status", "cost", "levels won", "bonuses met", "")]
    for s in standings(profile, campaign.contracts, campaign.levels):
        note = f"needs {s.points_needed} more" if s.status == "locked" else ""
        if s.missing:
            note = (note + "; " if note else "") + f"no file for {', '.join(s.missing)}"
        levels = f"{s.levels_won}/{s.levels_total}" if s.levels_total else "-"
        bonuses = f"{s.bonuses_met}/{s.bonuses_total}" if s.levels_total else "-"
        rows.append((f"{s.order}. {s.title or s.name}", s.status, str(s.cost), levels, bonuses, note))
    if len(rows) == 1:
        lines.append("no contracts (no contracts.toml in the level pack)")
    else:
        widths = [max(len(r[i]) for r in rows) for i in range(5)]
        for r in rows:
            lines.append("  ".join(c.ljust(w) if i in (0, 1) else c.rjust(w)
                                   for i, (c, w) in enumerate(zip(r[:5], widths))) + (f"  {r[5]}" if r[5] else ""))
    for file, error in campaign.broken:
        lines.append(f"not loaded: {file}: {error.splitlines()[0]}")
    return "\n".join(lines)
