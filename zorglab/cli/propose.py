"""``zorglab propose``: levels designed around a brief, each proved by the exact search.

Pins and mechanics come as options (or a ``--brief FILE.toml`` table with the same keys as
:class:`zorglab.propose.Brief`); the candidates are printed with their figures, and with
``--out DIR`` written as level files (``NAME-SEED-DRAFT.toml``) with their witness as a solution.
Exit status 0 when at least one candidate was offered, 1 when the brief was not met.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path
from typing import Any

from zorglab.cli.options import add_memory, add_quiet, command_started, seconds, shows_progress
from zorglab.errors import OptionError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("propose", help="propose solvable levels that meet a brief",
                       description="Draft levels around pinned rooms, heroes, spells and tiles, prove each with the "
                                   "exact search and keep those meeting the targets, ranked and different.")
    p.add_argument("--brief", metavar="FILE", help="a TOML brief (keys as the options below, with underscores)")
    p.add_argument("--room", action="append", dest="rooms", metavar="ROOM", help="pin a room, e.g. 'P(1, [2])'")
    p.add_argument("--hero", action="append", dest="heroes", metavar="HERO", help="pin a hero, e.g. 'Elf(3, {ice})'")
    p.add_argument("--spell", action="append", dest="spells", metavar="SPELL", help="pin a spell, e.g. 'Sleep'")
    p.add_argument("--tile", action="append", dest="tiles", metavar="TILE", help="pin a library tile")
    p.add_argument("--room-types", metavar="T,..", help="room types the generator may add (default D)")
    p.add_argument("--hero-types", metavar="T,..", help="hero types it may add (default Warrior)")
    p.add_argument("--spell-types", metavar="T,..", help="spell types it may add (default Attack; '' for none)")
    for name, what in (("board", "rooms on the board, A and Z included (default 3-5)"),
                       ("hero-count", "heroes (default 1-3)"), ("spell-count", "spells (default 1-2)"),
                       ("hp", "hit points of generated heroes (default 1-6)"),
                       ("fewest-spells", "target: spells the best win needs (default 1+: at least one cast)"),
                       ("winning-layouts", "target: layouts that win"),
                       ("cast-lists", "target: winning cast lists on the proposed layout"),
                       ("states", "target: search states to the win (difficulty)")):
        p.add_argument(f"--{name}", metavar="N|A-B|A+", help=what)
    p.add_argument("--graph-states", metavar="N|A-B|A+", help="target: size of the reachable state graph")
    p.add_argument("--pins-matter", action=argparse.BooleanOptionalAction, default=None,
                   help="offer only candidates where every pin matters and no spawn kill wins (default on; "
                        "--no-pins-matter offers them all, with the figures)")
    p.add_argument("--min-first-cast", type=int, metavar="K",
                   help="a fewest-spells win casts first after K actions at the earliest")
    p.add_argument("--unique", action="store_true", default=None,
                   help="one winning cast list only (up to commuting casts)")
    p.add_argument("--types-matter", action="store_true", default=None,
                   help="every hero that is not a Warrior must matter: a Warrior of the same HP in its place "
                        "changes the level (its fewest spells, or the witness no longer wins)")
    p.add_argument("--timing", action="store_true", default=None,
                   help="a timing puzzle between heroes: every win has two living heroes on the board together "
                        "(one held back, say asleep, while the next catches up), which the run without casts never "
                        "has; the generator drafts two heroes or more, a spell that holds one back and one that "
                        "strikes all (docs/levels.md, 'Timing between heroes')")
    p.add_argument("--name", help="level id prefix (default prop)")
    p.add_argument("--contract", help="contract written into proposed files")
    p.add_argument("--seed", default="0", help="seed (an int or any text; default 0)")
    p.add_argument("--count", type=int, default=5, help="candidates to offer (default 5)")
    p.add_argument("--tries", type=int, default=200, help="drafts to try at most (default 200)")
    p.add_argument("--max-seconds", type=seconds, default=60.0, metavar="S",
                   help="safety stop in CPU seconds (default 60); --tries is the work. A run it stops says "
                        "'not finished'")
    add_memory(p)
    p.add_argument("--out", metavar="DIR", help="write each candidate as a level file here")
    p.add_argument("--json", action="store_true", help="print the candidates as JSON")
    add_quiet(p)            # a progress bar on a terminal; --quiet for none, --progress even off one
    where = p.add_mutually_exclusive_group()
    where.add_argument("--dask", action="store_true", help="prove drafts on a local dask cluster")
    where.add_argument("--scheduler", metavar="ADDRESS", help="prove drafts on a running dask scheduler")
    p.add_argument("--workers", type=int, default=2, metavar="N", help="local dask workers (default 2)")
    p.set_defaults(run=run)


def _brief_data(args: argparse.Namespace) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if args.brief:
        try:
            with open(args.brief, "rb") as file:
                data = tomllib.load(file)
        except OSError as error:
            raise OptionError(f"--brief {args.brief}: cannot read it ({error.strerror})") from None
        except tomllib.TOMLDecodeError as error:
            raise OptionError(f"--brief {args.brief}: not valid TOML ({error})") from None
    for key in ("rooms", "heroes", "spells", "tiles", "room_types", "hero_types", "spell_types", "board",
                "hero_count", "spell_count", "hp", "fewest_spells", "winning_layouts", "cast_lists", "states",
                "graph_states", "pins_matter", "min_first_cast", "unique", "types_matter", "timing", "name",
                "contract"):
        value = getattr(args, key, None)
        if value is not None:
            data[key] = value
    return data


def remove_left_copies(folder: Path, name: str) -> None:
    """Remove the temporary copies of proposed files (``.NAME-SEED-DRAFT.toml.zorglab.tmp``) that a run
    killed outright (SIGKILL) left in ``folder``: the atomic write's own, never anything else."""
    from zorglab.level.files import TEMPORARY_SUFFIX
    if not folder.is_dir():
        return
    for path in folder.glob(f".{name}-*.toml{TEMPORARY_SUFFIX}"):
        try:
            if path.is_file() and not path.is_symlink():
                path.unlink()
        except OSError:
            pass


def run(args: argparse.Namespace) -> int:
    from zorglab.propose import brief_from, propose, write_candidate

    brief = brief_from(_brief_data(args))
    if args.dask or args.scheduler:
        from zorglab.sweep.runner import silence_dask_logs
        silence_dask_logs()
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    if args.out:
        remove_left_copies(Path(args.out), brief.name)
    answer = propose(brief, seed=seed, count=args.count, tries=args.tries, max_seconds=args.max_seconds,
                     progress=shows_progress(args), serial=not (args.dask or args.scheduler), scheduler=args.scheduler,
                     workers=args.workers, started=command_started())
    written: list[str] = []
    if args.out:
        for candidate in answer.offered:
            path = Path(args.out) / f"{brief.name}-{answer.seed}-{candidate.index}.toml"
            written.append(str(write_candidate(candidate, brief, path, overwrite=True)))
    if args.json:
        json.dump({"brief": brief.to_dict(), "seed": answer.seed, "stopped": answer.stopped,
                   "cut_short": answer.cut_short,
                   "message": answer.message(), "files": written,
                   "candidates": [{"draft": c.index, "rooms": list(c.draft.rooms) if c.draft else [],
                                   "heroes": list(c.draft.heroes) if c.draft else [],
                                   "spells": list(c.draft.spells) if c.draft else [],
                                   "map": [" ".join(t or "." for t in row) for row in c.map],
                                   "witness": list(c.witness), "figures": c.figures,
                                   "interest": list(c.interest.lines()) if c.interest else []}
                                  for c in answer.offered]},
                  sys.stdout, indent=2, default=str)
        print()
    else:
        print(answer.message())
        for rank, candidate in enumerate(answer.offered, 1):
            assert candidate.draft is not None
            print(f"{rank}. {candidate.summary()}")
            print(f"   rooms {', '.join(candidate.draft.rooms)}; heroes {', '.join(candidate.draft.heroes)}; "
                  f"spells {', '.join(candidate.draft.spells) or 'none'}")
            print(f"   map {' / '.join(' '.join(t or '.' for t in row) for row in candidate.map)}; "
                  f"witness {' '.join(candidate.witness) or '(no cast)'}")
            for line in candidate.interest.lines() if candidate.interest else ():
                print(f"   {line}")
        for name in written:
            print(f"wrote {name}")
    return 0 if answer.offered else 1
