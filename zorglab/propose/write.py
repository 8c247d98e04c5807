"""A candidate as a normal level file: comments saying how it was made, its witness as a solution.

The head of the file (comments, id, title, notes, rooms, heroes, spells) is written here; the
``[[solutions]]`` entries go through the level package's own writer
(:func:`zorglab.level.save.with_solution`). The text is assembled in memory, read back with the
loader, its winning solution replayed, and only then written once, atomically
(:func:`zorglab.level.files.write_atomic`): a proposed level file is whole or absent, and a run
killed outright leaves no temporary file of its own.
"""

from __future__ import annotations

from pathlib import Path

import tomlkit

from zorglab.engine.layout import Layout
from zorglab.errors import OptionError
from zorglab.level import files
from zorglab.propose.brief import Brief
from zorglab.propose.draft import Draft
from zorglab.propose.prove import Candidate


def _string(text: str) -> str:
    return tomlkit.string(text).as_string()


def _array(items: tuple[str, ...]) -> str:
    return "[" + ", ".join(_string(item) for item in items) + "]"


def level_text(draft: Draft, level_id: str, *, title: str = "", contract: str | None = None, notes: str = "",
               comments: tuple[str, ...] = ()) -> str:
    """The level's head as TOML text (no solutions): one room, hero and spell list each."""
    lines = [f"# {line}".rstrip() for comment in comments for line in comment.splitlines()]
    lines.append(f"id = {_string(level_id)}")
    if title:
        lines.append(f"title = {_string(title)}")
    if contract:
        lines.append(f"contract = {_string(contract)}")
    if notes:
        lines.append(f"notes = {tomlkit.string(notes.rstrip() + chr(10), multiline=True).as_string()}")
    lines += ["", f"rooms = {_array(draft.rooms)}", f"heroes = {_array(draft.heroes)}",
              f"spells = {_array(draft.spells)}", ""]
    return "\n".join(lines)


def how_made(candidate: Candidate, brief: Brief) -> tuple[str, ...]:
    """The comment lines a proposed file starts with: the brief, the seed, the figures."""
    f = candidate.figures
    return (
        f"Proposed by `zorglab propose` (zorglab.propose): seed {candidate.seed}, draft {candidate.index}.",
        f"Brief: {brief.describe()}.",
        f"Proved by the exact search: solvable, fewest spells {f['fewest_spells']}, witness "
        f"{' '.join(candidate.witness) or '(no cast)'}.",
        f"Figures: {f['states']} search states, {f['winning_layouts']} winning layout(s) of "
        f"{f['layouts_tried']}, {f['cast_lists']} winning cast list(s){' (capped)' if f['cast_lists_capped'] else ''}, "
        f"necessary spells: {f['necessary'] or 'none'}, forced points: {f['forced_points']}.",
    ) + tuple(f"Interest: {line}." for line in (candidate.interest.lines() if candidate.interest else ()))


def short_labels(draft: Draft) -> dict[str, str]:
    """Label -> the name a designer writes in a map: the bare type where a type occurs once (``A``)."""
    from zorglab.propose.prove import draft_level
    level = draft_level(draft)
    types = [room.type for room in level.rooms]
    return {room.label: room.type if room.label == f"{room.type}1" and types.count(room.type) == 1 else room.label
            for room in level.rooms}


def _layout(rows: tuple[tuple[str | None, ...], ...], names: dict[str, str]) -> Layout:
    return Layout.from_slots({names.get(label, label): (col, row) for row, line in enumerate(rows)
                              for col, label in enumerate(line) if label is not None})


def write_candidate(candidate: Candidate, brief: Brief, path: str | Path, *, level_id: str | None = None,
                    title: str = "", contract: str | None = None, notes: str = "", overwrite: bool = False,
                    extra_comments: tuple[str, ...] = ()) -> Path:
    """Write ``candidate`` as a level file at ``path``: a losing solution (when it has one) and the
    witness (``expect = "win"``). Refuses to replace an existing file unless ``overwrite``."""
    from zorglab.engine.game import play_solution
    from zorglab.level.loader import check_level_text
    from zorglab.level.save import with_solution

    if candidate.verdict != "solvable" or "states" not in candidate.figures:
        raise OptionError(f"draft {candidate.index} was not proved winnable and measured "
                          f"({candidate.reason or ', '.join(candidate.misses)}); nothing written")
    assert candidate.draft is not None
    path = Path(path)
    if path.exists() and not overwrite:
        raise OptionError(f"{path} exists; choose another name or allow overwriting")
    path.parent.mkdir(parents=True, exist_ok=True)
    level_id = level_id or path.stem
    text = level_text(candidate.draft, level_id, title=title or f"Proposal {candidate.index}",
                      contract=contract if contract is not None else brief.contract, notes=notes,
                      comments=extra_comments + how_made(candidate, brief))
    names = short_labels(candidate.draft)
    # built in memory, checked, then written once (zorglab.level.files.write_atomic): a kill leaves the
    # old file or the new one, and at most the fixed-name temporary copy that .gitignore covers
    if candidate.loss_outcome:
        text = with_solution(text, path, _layout(candidate.loss_map, names), candidate.loss_casts,
                             candidate.loss_outcome)
    text = with_solution(text, path, _layout(candidate.map, names), candidate.witness, "win")
    level = check_level_text(text, str(path), level_path=path).raise_if_invalid()
    won = len(level.solutions) - 1
    if play_solution(level, won, strict=True).outcome.value != "win":
        raise RuntimeError(f"draft {candidate.index}: the witness does not replay to a win")
    files.write_atomic(path, text.encode("utf-8"), None, str(path))
    return path
