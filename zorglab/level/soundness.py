"""Whether a level's text is one ``zorglab validate`` accepts, checked before any tool writes it.

:func:`text_problems` is what a save asks of a whole text (the Studio's, issue 37 item 7): the
loader's problems, else every saved solution's layout against FR-5..FR-8 (a room added since is
not on their boards) and the level's ``contract`` against its pack's ``contracts.toml`` (a name
with a typo) -- each located in the text, as ``validate`` prints it. Replays are not run here
(they need the search): the Studio's analysis shows a solution that no longer replays.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from zorglab.core.model import Level
from zorglab.errors import LevelStructureError, Problem
from zorglab.level.contracts import find_contracts, read_contracts
from zorglab.level.loader import check_level_text
from zorglab.level.positions import SourceText, index_positions
from zorglab.level.solution_checks import layout_problems


def text_problems(text: str, shown: str, level_path: Path | None = None) -> list[Problem]:
    """Every problem ``zorglab validate`` would report for ``text`` written at ``level_path``
    (``shown`` names it in the locations); empty when the text may be written."""
    check = check_level_text(text, shown, level_path=level_path)
    if check.problems or check.level is None:
        return list(check.problems)
    source = SourceText(shown, text.removeprefix("\ufeff"))
    problems = layout_problems(source, check.level)
    if level_path is not None:
        problems += contract_problems(source, check.level, level_path)
    return problems


def contract_problems(source: SourceText, level: Level, level_path: Path) -> list[Problem]:
    """The level's ``contract`` when its pack's contract list does not name it (none when the pack
    has no list, or the list itself does not read: ``validate`` says that of the list)."""
    if level.contract is None:
        return []
    contracts = find_contracts(level_path)
    if contracts is None:
        return []
    listed, _faults = read_contracts(contracts, str(contracts))
    if listed.positions is None:
        return []
    named = [c.name for c in listed.contracts]
    if level.contract in named:
        return []
    close = difflib.get_close_matches(level.contract, named, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else f" (contracts: {', '.join(named) or 'none'})"
    return [Problem(index_positions(source).location(("contract",)),
                    f"contract {level.contract!r} is not in {listed.path}{hint}", LevelStructureError)]
