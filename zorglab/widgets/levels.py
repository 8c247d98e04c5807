"""The level browser (issue 14; the seed's "level browser grouped by contract, showing
solved/unsolved/bonus state"): every level of a folder, grouped by contract in campaign order,
with the solver's verdict, the player's won/bonus state from the profile, and the difficulty.

One click on a level calls ``on_open(path)`` (the Studio passes its own ``open``). Files that do
not load are listed too, with the loader's first message, so they can be opened and mended.
Figures come from :func:`zorglab.widgets.live.summary.summarise` (the reference setup's verdict and its
fewest spells and states, the difficulty report's pair), within the report's state budget
(:data:`BROWSER_STATES` per world), so a fast and a slow machine list the same figures; each file's figures are kept until
its bytes (or the folder's tile library) change, for every browser in the process: ``refresh``
after a save re-analyses only that file.
"""

from __future__ import annotations

import hashlib
import html
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Literal

import ipywidgets as w

from zorglab.errors import LevelError, OptionError
from zorglab.level import level_files
from zorglab.level.contracts import CONTRACTS_NAME, ContractEntry, read_contracts
from zorglab.level.loader import check_level
from zorglab.level.tileset import LIBRARY_NAME
from zorglab.paint import palette
from zorglab.progression.profile import Profile, load_profile
from zorglab.progression.standing import bonus_count, contract_status
from zorglab.reports.budget import StageBudgets
from zorglab.widgets.live.summary import summarise
from zorglab.search.solver import SetupVerdict

BROWSER_STATES = StageBudgets().solve_states    # per world: the difficulty report's verdict and states
DEFAULT_PROFILE = "zorglab-profile.json"       # the file ``zorglab progress`` reads by default
OTHER = "other levels"
BROKEN = "files that do not load"
VERDICT_COLOURS = {"solvable": "#1a7f37", "unsolvable": palette.VIOLATION, "unknown": "#9a6700",
                   "error": palette.VIOLATION, "no setup": "#57606a"}


@dataclass(frozen=True)
class BrowserEntry:
    """One level file as the browser lists it."""

    path: Path
    level: str                      # the level id ('' when the file does not load)
    title: str = ""
    contract: str | None = None
    verdict: SetupVerdict | Literal["no setup", "error", "analysing…"] = "no setup"   # the reference setup's
    fewest_spells: int | None = None
    states: int | None = None
    won: bool = False
    bonuses_met: int = 0
    bonuses_total: int = 0
    problem: str = ""               # the loader's first message, or a budget note

    @property
    def difficulty(self) -> tuple[int, int] | None:
        """``(fewest_spells, states)``, the level browser's order; None when unknown. The report's
        difficulty adds build steps for layouts that rarely win (docs/reports.md); the browser
        counts no layouts, so it orders by spells and states alone."""
        if self.verdict != "solvable" or self.fewest_spells is None or self.states is None:
            return None
        return self.fewest_spells, self.states

    def describe(self) -> str:
        """The row in words (tests and screen readers read the same text as the table)."""
        state = "won" if self.won else "not won"
        bonus = f"bonuses {self.bonuses_met}/{self.bonuses_total}" if self.bonuses_total else "no bonuses"
        hard = ("difficulty unknown" if self.difficulty is None else
                f"{self.fewest_spells} spell{'s' if self.fewest_spells != 1 else ''}, {self.states} states")
        name = self.level or self.path.name
        return f"{name}: {self.verdict}; {state}; {bonus}; {hard}" + (f" — {self.problem}" if self.problem else "")


@dataclass(frozen=True)
class BrowserGroup:
    """A contract (or the levels in none, or the files that fail) with its levels in order."""

    name: str
    title: str
    status: str                     # open / locked / unwritten, '' for the two extra groups
    cost: int | None
    entries: tuple[BrowserEntry, ...]

    def heading(self) -> str:
        won = sum(1 for e in self.entries if e.won)
        status = f" — {self.status}" + (f" (costs {self.cost} points)" if self.status == "locked" else "")
        return f"{self.title}{status if self.status else ''}: {won}/{len(self.entries)} won"


# Every file's entry (without the profile) by (path, seconds), with a digest of what it and the
# folder's tile library held when it was read: shared by every browser in the process, so the Studio's browser opens at once the
# second time, and a refresh re-reads only files that changed.
_kept: dict[tuple[Path, float | None], tuple[str, BrowserEntry]] = {}
_kept_lock = threading.Lock()


class LevelBrowser:
    """Every level of ``folder`` grouped by contract; a click calls ``on_open(path)``.

    ``profile`` is a :class:`~zorglab.progression.profile.Profile`, a profile file, or None for
    ``zorglab-profile.json`` in the working directory (missing: a player with no wins yet).
    Each level is searched within :data:`BROWSER_STATES` states per world; ``seconds`` is only a
    CPU-seconds safety stop per level (None: none; a note says "not finished" when it struck).
    """

    def __init__(self, folder: str | Path = "levels", profile: Profile | str | Path | None = None,
                 on_open: Callable[[Path], Any] | None = None, *, seconds: float | None = None,
                 background: bool = False):
        """``background``: list every level at once (read by the loader only) and fill in the
        verdicts as a worker thread finds them (the Studio's and the app's browsers: issue 39, the
        list appears at once); :meth:`settle` waits for them."""
        self.background = background
        self.rows: dict[Path, w.HTML] = {}
        self._worker: threading.Thread | None = None
        self.folder = Path(folder)
        self.profile_source = profile
        self.on_open = on_open
        self.seconds = seconds
        self.groups: list[BrowserGroup] = []
        self.notice = ""
        self.buttons: dict[Path, w.Button] = {}
        self.header = w.HTML()
        self.body = w.VBox(layout=w.Layout(max_height="460px", overflow="hidden auto"))
        self.refresh_button = w.Button(description="Refresh", icon="refresh", tooltip="read the folder again")
        self.refresh_button.on_click(lambda _: self.refresh())
        self.status = w.HTML()
        self.columns = w.HTML()         # the column headings stay put while the rows scroll
        self.widget = w.VBox([w.HBox([self.header, self.refresh_button]), self.columns, self.body, self.status])
        self.refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # -- reading -----------------------------------------------------------------------------------

    @property
    def entries(self) -> list[BrowserEntry]:
        return [e for group in self.groups for e in group.entries]

    def entry(self, name: str | Path) -> BrowserEntry:
        """The entry of a level id or a file path."""
        for e in self.entries:
            if e.level == str(name) or e.path == Path(name) or e.path.name == str(name):
                return e
        raise OptionError(f"no level {str(name)!r} in {self.folder} "
                          f"(levels: {', '.join(e.level for e in self.entries if e.level) or 'none'})")

    def refresh(self) -> None:
        """Read the folder, the contracts and the profile again; analyse only changed files."""
        notices = []
        try:
            profile = self._profile()
        except OptionError as error:
            profile = Profile()
            notices.append(str(error).splitlines()[0] + " (shown as a player with no wins)")
        try:
            contracts = self._contracts()
        except LevelError as error:
            contracts = []
            notices.append(str(error).splitlines()[0] + " (levels shown without their contracts)")
        self.notice = "; ".join(notices)
        files = level_files([self.folder]) if self.folder.is_dir() else []
        library = _digest(self.folder / LIBRARY_NAME)         # a changed tile library changes every level
        waiting: list[Path] = []
        entries = [self._entry(path, profile, library, waiting) for path in files]
        self.groups = group_entries(entries, contracts, profile)
        if not files:
            self.notice = f"no level files (*.toml) in {self.folder}"
        self._draw()
        if waiting:
            self._worker = threading.Thread(target=self._analyse, args=(waiting, profile, library), daemon=True,
                                            name="zorglab-level-browser")
            self._worker.start()

    def settle(self, timeout: float = 300.0) -> bool:
        """Wait for the verdicts a background browser is still finding (True when none is left)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)
        return worker is None or not worker.is_alive()

    def _analyse(self, paths: list[Path], profile: Profile, library: str) -> None:
        """The worker: each waiting level analysed in turn, its row filled in as it comes."""
        for path in paths:
            entry = with_progress(self._kept_or_analysed(path, _digest(path) + library), profile)
            self.groups = [replace(g, entries=tuple(entry if e.path == path else e for e in g.entries))
                           for g in self.groups]
            row = self.rows.get(path)
            if row is not None:
                row.value = row_html(entry)

    def _profile(self) -> Profile:
        source = self.profile_source
        if isinstance(source, Profile):
            return source
        return load_profile(DEFAULT_PROFILE if source is None else source)

    def _contracts(self) -> list[ContractEntry]:
        path = self.folder / CONTRACTS_NAME
        if not path.is_file():
            return []
        listed, problems = read_contracts(path)
        if problems:
            raise LevelError.from_problems(problems)
        return sorted(listed.contracts, key=lambda c: (c.order, c.name))

    def _entry(self, path: Path, profile: Profile, library: str, waiting: list[Path] | None = None) -> BrowserEntry:
        stamp = _digest(path) + library
        with _kept_lock:
            kept = _kept.get((path, self.seconds))
        if kept is not None and kept[0] == stamp:
            entry = kept[1]
        elif self.background and waiting is not None:
            entry = listed_file(path)                    # its verdict follows from the worker
            if entry.level:
                waiting.append(path)
        else:
            entry = self._kept_or_analysed(path, stamp)
        return with_progress(entry, profile)

    def _kept_or_analysed(self, path: Path, stamp: str) -> BrowserEntry:
        entry = analyse_file(path, self.seconds)
        with _kept_lock:
            _kept[(path, self.seconds)] = (stamp, entry)
        return entry

    # -- acting ------------------------------------------------------------------------------------

    def open(self, name: str | Path) -> None:
        """What a click on a level does: ``on_open(path)``, or a notice when nothing is attached."""
        entry = self.entry(name)
        if self.on_open is None:
            self.notice = f"{entry.path}: no Studio attached (give LevelBrowser(on_open=...))"
        else:
            self.notice = f"opened {entry.path}"
            self.on_open(entry.path)
        self.status.value = html.escape(self.notice)

    # -- drawing -----------------------------------------------------------------------------------

    def _draw(self) -> None:
        self.buttons, self.rows = {}, {}
        keep = w.Layout(flex="0 0 auto")          # rows keep their height in the scrolled box
        boxes: list[w.Widget] = []
        self.columns.value = columns_html() if self.groups else ""
        for group in self.groups:
            boxes.append(w.HTML(f"<b>{html.escape(group.heading())}</b>", layout=keep))
            for entry in group.entries:
                button = w.Button(description=entry.level or entry.path.name, tooltip=f"open {entry.path}",
                                  layout=w.Layout(width=f"{BUTTON_WIDTH}px", flex="0 0 auto"))   # never squeezed
                button.on_click(lambda _, path=entry.path: self.open(path))
                self.buttons[entry.path] = button
                self.rows[entry.path] = w.HTML(row_html(entry))
                boxes.append(w.HBox([button, self.rows[entry.path]], layout=keep))
        self.body.children = tuple(boxes)
        total = len(self.entries)
        name = html.escape(self.folder.name or str(self.folder))
        self.header.value = (f"<b title='{html.escape(str(self.folder.resolve()))}'>{name}</b>: "
                             f"{total} level file{'s' if total != 1 else ''}")
        self.status.value = html.escape(self.notice)


def _digest(path: Path) -> str:
    """What the file holds, in short ('' when it cannot be read)."""
    try:
        return hashlib.blake2b(path.read_bytes(), digest_size=12).hexdigest()
    except OSError:
        return ""


def analyse_file(path: Path, seconds: float | None = None) -> BrowserEntry:
    """A file's entry without the profile: its verdict and difficulty (within :data:`BROWSER_STATES`
    states per world; ``seconds`` a CPU safety stop), or its first problem."""
    check = check_level(path)
    if check.level is None:
        first = str(check.problems[0]) if check.problems else "does not load"
        if len(check.problems) > 1:
            first += f" (and {len(check.problems) - 1} more: zorglab validate lists them)"
        return BrowserEntry(path, "", verdict="error", problem=first)
    level = check.level
    summary = summarise(level, seconds=seconds, max_states=BROWSER_STATES, details=False, survey=False)
    verdict = summary.verdict or "no setup"
    note = summary.problems[0] if summary.problems else summary.budget
    states = summary.difficulty.get("states")
    return BrowserEntry(path, level.id, level.title, level.contract, verdict, summary.layout_spells,
                        None if states is None else int(states), bonuses_total=bonus_count(level), problem=note)


def listed_file(path: Path) -> BrowserEntry:
    """A file's entry as the loader reads it, its verdict still to come ("analysing…")."""
    check = check_level(path)
    if check.level is None:
        return analyse_file(path)                        # a file that does not load: its problem, at once
    level = check.level
    return BrowserEntry(path, level.id, level.title, level.contract, "analysing…",
                        bonuses_total=bonus_count(level))


def with_progress(entry: BrowserEntry, profile: Profile) -> BrowserEntry:
    """The entry with the profile's won and bonus state."""
    progress = profile.progress(entry.level) if entry.level else None
    if progress is None:
        return replace(entry, won=False, bonuses_met=0)
    met = len([b for b in progress.bonuses if b <= entry.bonuses_total])
    return replace(entry, won=True, bonuses_met=met)


def group_entries(entries: list[BrowserEntry], contracts: list[ContractEntry],
                  profile: Profile) -> list[BrowserGroup]:
    """Contracts in campaign order with their levels as listed; then the levels in no contract
    (by id), then the files that do not load (by name). Empty contracts are left out."""
    by_id = {e.level: e for e in entries if e.level}
    placed: set[Path] = set()
    groups = []
    for contract in contracts:
        listed = [by_id[i] for i in contract.levels if i in by_id]
        placed.update(e.path for e in listed)
        if listed:
            groups.append(BrowserGroup(contract.name, contract.title or contract.name,
                                       contract_status(profile.points, contract), contract.cost, tuple(listed)))
    rest = sorted((e for e in entries if e.level and e.path not in placed), key=lambda e: (e.level, str(e.path)))
    if rest:
        groups.append(BrowserGroup(OTHER, "Other levels (in no contract)", "", None, tuple(rest)))
    broken = sorted((e for e in entries if not e.level), key=lambda e: str(e.path))
    if broken:
        groups.append(BrowserGroup(BROKEN, "Files that do not load", "", None, tuple(broken)))
    return groups


WIDTHS = (220, 80, 60, 60, 150)          # title, verdict, won, bonuses, difficulty (px)
BUTTON_WIDTH = 110


def _cells(cells: list[str]) -> str:
    return "".join(f"<span style='display:inline-block;width:{px}px'>{cell}</span>" for px, cell in zip(WIDTHS, cells))


def columns_html() -> str:
    """The column headings above the rows."""
    names = ["title", "verdict", "player", "bonuses", "fewest spells · states"]
    return (f"<div style='color:#57606a;font-size:11px'><span style='display:inline-block;width:{BUTTON_WIDTH + 4}px'>"
            "level (click to open)</span>" + _cells(names) + "</div>")


def row_html(entry: BrowserEntry) -> str:
    """One row: title, verdict (coloured), won, bonuses and difficulty."""
    colour = VERDICT_COLOURS.get(entry.verdict, palette.TEXT)
    won = "<b style='color:#1a7f37'>won</b>" if entry.won else "<span style='color:#57606a'>not won</span>"
    stars = ("★" * entry.bonuses_met + "☆" * (entry.bonuses_total - entry.bonuses_met)) if entry.bonuses_total else ""
    hard = ("" if entry.difficulty is None else
            f"{entry.fewest_spells} spell{'s' if entry.fewest_spells != 1 else ''} · {entry.states} states")
    cells = [html.escape(entry.title), f"<span style='color:{colour}'>{html.escape(entry.verdict)}</span>", won,
             stars, html.escape(hard)]
    row = _cells(cells)
    if entry.problem:
        row += f" <i style='color:{palette.VIOLATION}'>{html.escape(entry.problem)}</i>"
    return row
