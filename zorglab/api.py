"""The public face of zorglab: the functions ``import zorglab`` gives (see :mod:`zorglab`).

Each is a thin, documented entry to the layer that does the work: levels are read by
:mod:`zorglab.level`, played by :mod:`zorglab.engine`, decided by :mod:`zorglab.search`, and
temples come from :mod:`zorglab.temples`. What this module adds is the wiring a designer should
not have to know: a setup made here decides ``solvable(...)`` constraints with the exact search,
and casts may be written in the level notation.

The examples run as doctests in the test suite, from the root of a checkout (they read the
level pack in ``levels/``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping

if TYPE_CHECKING:
    from zorglab.engine.game import LevelRun, Setup
    from zorglab.engine.layout import Layout
    from zorglab.core.model import Cast, Level
    from zorglab.search.layouts import LayoutSummary
    from zorglab.search.level import LevelVerdict
    from zorglab.temples.lint import LintReport
    from zorglab.temples.model import Temple
    from zorglab.temples.solver import Solution as TempleSolution

# The search's default budget for one setup (states), as the CLI's ``solve --budget``.
SOLVE_BUDGET = 200_000


def load_level(path: str | Path) -> Level:
    """Read and check one level file.

    Parameters
    ----------
    path : str or Path
        A level file (TOML, ``docs/level-format.md``); its tile library and contracts are
        found beside it.

    Returns
    -------
    Level
        The typed level: rooms, heroes, spells, constraints, mirrors and known solutions.

    Raises
    ------
    LevelError
        Every problem of the file at once, each with its file, line and column.

    Examples
    --------
    >>> import zorglab
    >>> level = zorglab.load_level("levels/app-01-first-blood.toml")
    >>> level.id, level.title
    ('app-01', 'First Blood')
    >>> [room.label for room in level.rooms]
    ['A1', 'D1', 'Z1']
    """
    from zorglab.level.loader import load_level as load

    return load(path)


def load_level_text(text: str, path: str = "<string>") -> Level:
    """Read and check a level written as text (the same format as a level file).

    Parameters
    ----------
    text : str
        The level in TOML.
    path : str, optional
        The name problems are reported under.

    Returns
    -------
    Level

    Raises
    ------
    LevelError
        Every problem, located in ``text``.

    Examples
    --------
    >>> import zorglab
    >>> level = zorglab.load_level_text('''
    ... id = "mine"
    ... rooms = ["A", "D(1)", "Z"]
    ... heroes = ["Warrior(2)"]
    ... spells = ["Attack(1)"]
    ... ''')
    >>> [(spell.label, spell.type, spell.args) for spell in level.spells]
    [('Attack1', 'Attack', (1,))]
    >>> zorglab.load_level_text('id = "bad"\\nrooms = ["A", "Q", "Z"]\\nheroes = ["Warrior(1)"]', "bad.toml")
    Traceback (most recent call last):
    ...
    zorglab.errors.UnknownNameError: bad.toml:2:16: unknown room type 'Q' (room types: A, Z, ...)
    """
    from zorglab.level.loader import load_level_text as load

    return load(text, path)


def setup(level: Level, layout: Layout | None = None, choices: Mapping[str, Any] | None = None, *,
          solution: int = 0) -> Setup:
    """Set a level up to play: its choices applied, its layout checked and framed (FR-2, FR-8).

    Parameters
    ----------
    level : Level
    layout : Layout, optional
        Where every room stands. Without one, the layout and choices of the level's known
        solution ``solution`` are used.
    choices : mapping, optional
        A value for each of the level's variables (FR-2).
    solution : int, optional
        Which known solution gives the layout when ``layout`` is None (default 0).

    Returns
    -------
    Setup
        Ready to :func:`play` or :func:`solve`; its ``solvable(...)`` constraints are decided by
        the exact search.

    Raises
    ------
    LayoutError
        The layout breaks a construction rule (FR-6, FR-8); every violation is named.

    Examples
    --------
    >>> import zorglab
    >>> level = zorglab.load_level("levels/app-01-first-blood.toml")
    >>> game = zorglab.setup(level)
    >>> game.world_names
    ('M',)
    >>> layout = zorglab.Layout.from_solution(level.solutions[0])
    >>> sorted(zorglab.setup(level, layout).dungeon.labels)
    ['A1', 'D1', 'Z1']
    """
    from zorglab.engine.game import setup as engine_setup, setup_solution
    from zorglab.search.decide import decide_solvable

    if layout is None:
        return setup_solution(level, solution, decide=decide_solvable)
    return engine_setup(level, layout, choices, decide=decide_solvable)


def play(game: Setup | Level, casts: Iterable[Cast | str] = (), mirror_casts: Mapping[str, Iterable[Cast | str]]
         | None = None) -> LevelRun:
    """Run every world of a set-up level to its end with the given casts (ZR-17, ZR-18).

    Parameters
    ----------
    game : Setup or Level
        A setup (see :func:`setup`); a level is set up from its first known solution.
    casts : iterable of Cast or str
        The main world's casts, as :class:`~zorglab.core.model.Cast` or in the level notation
        (``"@5 Attack(1)"``).
    mirror_casts : mapping, optional
        Casts for each mirror world, by name.

    Returns
    -------
    LevelRun
        The level's ``outcome`` (win, loss or stall) and each world's run: events, heroes,
        constraints and bonuses.

    Raises
    ------
    LevelError
        A cast written in the notation does not parse or names nothing in the level (located
        in the cast's text). A cast the rules refuse is no error: the run records it.

    Examples
    --------
    >>> import zorglab
    >>> game = zorglab.setup(zorglab.load_level("levels/app-01-first-blood.toml"))
    >>> zorglab.play(game).outcome
    <Outcome.LOSS: 'loss'>
    >>> run = zorglab.play(game, ["@5 Attack(1)"])
    >>> run.outcome, run.main.ticks
    (<Outcome.WIN: 'win'>, 8)
    """
    from zorglab.engine.game import Setup, play as engine_play

    if not isinstance(game, Setup):
        game = setup(game)
    level = game.level
    return engine_play(game, _casts(level, casts),
                       {name: _casts(level, given) for name, given in (mirror_casts or {}).items()})


def _casts(level: Level, casts: Iterable[Cast | str]) -> list[Cast]:
    from zorglab.level.parse import parse_cast

    read = [parse_cast(c, level, origin=f"cast {c!r}") if isinstance(c, str) else c for c in casts]
    return sorted(read, key=lambda c: c.tick)


def play_solution(level: Level, index: int = 0) -> LevelRun:
    """Replay one of a level's known solutions exactly as written (NFR-5).

    Parameters
    ----------
    level : Level
    index : int, optional
        Which ``[[solutions]]`` entry, from 0.

    Returns
    -------
    LevelRun

    Examples
    --------
    >>> import zorglab
    >>> level = zorglab.load_level("levels/app-01-first-blood.toml")
    >>> [zorglab.play_solution(level, i).outcome.value for i in range(len(level.solutions))]
    ['loss', 'win', 'loss']
    >>> [s.expect.value for s in level.solutions]
    ['loss', 'win', 'loss']
    """
    from zorglab.engine.game import play_solution as replay
    from zorglab.search.decide import decide_solvable

    return replay(level, index, decide=decide_solvable)


def solve(game: Setup | Level, *, solution: int = 0, max_states: int | None = SOLVE_BUDGET,
          max_seconds: float | None = None) -> LevelVerdict:
    """Decide whether a set-up level can be won, by the exact search over every cast list (FR-46).

    Parameters
    ----------
    game : Setup or Level
        A setup; a level is set up from its known solution ``solution`` (its casts are ignored).
    solution : int, optional
        See ``game``.
    max_states, max_seconds : optional
        The search's budget; when it runs out the verdict is ``"unknown"``, never a guess (ZR-19).

    Returns
    -------
    LevelVerdict
        ``verdict`` is ``"solvable"`` (with a witness in ``casts``), ``"unsolvable"`` (proved) or
        ``"unknown"``; an unsolvable verdict says why in ``why`` (a
        :class:`~zorglab.search.reasons.Reason`: a constraint the layout breaks, a hero nothing can
        kill, or every cast sequence explored with the closest miss as replayable casts), naming
        the world that fails.

    Examples
    --------
    >>> import zorglab
    >>> level = zorglab.load_level("levels/app-01-first-blood.toml")
    >>> verdict = zorglab.solve(level)
    >>> verdict.verdict, verdict.worlds[0][1].cast_texts()
    ('solvable', ['@12 Attack(1)'])
    >>> zorglab.play(level, verdict.casts).outcome
    <Outcome.WIN: 'win'>
    """
    from zorglab.engine.game import Setup
    from zorglab.search.level import solve_setup

    if not isinstance(game, Setup):
        game = setup(game, solution=solution)
    return solve_setup(game, max_states=max_states, max_seconds=max_seconds, why=True)


def solve_layouts(level: Level, *, max_states: int = SOLVE_BUDGET, max_seconds: float | None = None) -> LayoutSummary:
    """Search the constructions too: every valid layout, finite choice and main spawn room.

    Parameters
    ----------
    level : Level
    max_states : int, optional
        The search's budget for each setup.
    max_seconds : float, optional
        A deadline for the whole search; a cut search says ``truncated``.

    Returns
    -------
    LayoutSummary
        How many setups were tried and which win (``winning``).

    Examples
    --------
    >>> import zorglab
    >>> summary = zorglab.solve_layouts(zorglab.load_level("levels/app-01-first-blood.toml"))
    >>> summary.tried, len(summary.winning), summary.truncated
    (1, 1, False)
    """
    from zorglab.search.layouts import solve_layouts as search

    return search(level, max_states=max_states, max_seconds=max_seconds)


def generate_temple(seed: int | str, options: Mapping[str, Any] | None = None) -> Temple:
    """Generate a Zelda-style temple, verified solvable and lint-clean, from a seed.

    Parameters
    ----------
    seed : int or str
        Same seed and options, same temple, byte for byte.
    options : mapping, optional
        ``theme``, ``floors``, ``size`` (small, medium, large), ``locks``, ``element``,
        ``quests``, ``gate`` (``docs/temples.md``).

    Returns
    -------
    Temple

    Raises
    ------
    OptionError
        An option is not one the generator knows; the value is named.

    Examples
    --------
    >>> import zorglab
    >>> temple = zorglab.generate_temple(3, {"size": "small"})
    >>> temple.seed, len(temple.floors), temple.options["size"]
    (3, 1, 'small')
    >>> zorglab.solve_temple(temple).ok, zorglab.lint_temple(temple).violations
    (True, ())
    >>> zorglab.generate_temple(3, {"size": "huge"})
    Traceback (most recent call last):
    ...
    zorglab.errors.OptionError: ...
    """
    from zorglab.temples.generator import generate_temple as generate

    return generate(seed, options)


def load_temple(path: str | Path) -> Temple:
    """Read a temple file (the native format, or the xp exchange format; told apart by content).

    Parameters
    ----------
    path : str or Path

    Returns
    -------
    Temple

    Raises
    ------
    TempleFormatError
        The file is not a temple; the message names the place.
    """
    from zorglab.temples.io import load_temple as load

    return load(path)


def solve_temple(temple: Temple) -> TempleSolution:
    """Search every key order from a temple's entrance to its gate.

    Parameters
    ----------
    temple : Temple

    Returns
    -------
    Solution
        ``ok`` when the boss is reachable and no soft lock exists; ``soft_lock`` otherwise.

    Examples
    --------
    >>> import zorglab
    >>> solution = zorglab.solve_temple(zorglab.generate_temple("docs", {"size": "small"}))
    >>> solution.solvable, solution.soft_lock
    (True, None)
    """
    from zorglab.temples.solver import solve as search

    return search(temple)


def lint_temple(temple: Temple) -> LintReport:
    """Check a temple against the generation contract's rules R1..R12.

    Parameters
    ----------
    temple : Temple

    Returns
    -------
    LintReport
        ``violations``, each naming its rule and place.
    """
    from zorglab.temples.lint import lint_temple as lint

    return lint(temple)
