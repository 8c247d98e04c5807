"""Registries of room, hero and spell types: a new type is one module plus data (NFR-3).

Each type module decorates its class with :func:`room_type`, :func:`hero_type` or
:func:`spell_type`, declaring the notation name and its parameters. The level loader checks
arity and argument kinds against these signatures; the engine dispatches behaviour to the
same classes. Nothing is ever looked up with ``eval``.

The registries sit in the bottom package and name no type module. Types arrive in two standard
ways (docs/levels.md, "Adding a type"): importing the module that declares them (the built-in
ones come with :mod:`zorglab.engine.types`, which the loader imports), or an entry point in the
group ``zorglab.types`` of any installed distribution, loaded on the first look-up — the way
pytest finds its plugins.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar


class ParamKind(enum.Enum):
    """What an argument of a room, hero or spell may be."""

    INT = "an integer"
    INT_OR_INF = "an integer or inf"
    NUMBER = "a number (integer or exact fraction)"
    ELEMENT = "an element (fire, water, ice, poison)"
    ELEMENT_SET = "a set of elements, e.g. {fire, ice}"
    INDEX_FUNCTION = "a function i -> expression, or a list [f(1), f(2), ...]"
    ROOM_INT_MAP = "a map {room: integer}"
    ROOM_NUMBER_MAP = "a map {room: number}"
    BOOL = "true or false"


@dataclass(frozen=True)
class Param:
    """One declared parameter: its name (as in the seed), kind, and default if optional; ``said``
    is what it means in a designer's words ("HP"), added to messages that name it."""

    name: str
    kind: ParamKind
    optional: bool = False
    default: Any = None
    minimum: int | None = None
    said: str = ""

    def words(self, label: str) -> str:
        """``Warrior1's x (HP)``: the parameter of ``label`` as a message names it."""
        return f"{label}'s {self.name}" + (f" ({self.said})" if self.said else "")


@dataclass(frozen=True)
class Signature:
    """A type's notation name and parameters; ``undefined`` names an open question (ZR-21)."""

    name: str
    params: tuple[Param, ...]
    undefined: str | None = None
    variadic_max: int | None = None  # only for undefined types whose arity is unknown
    positions: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "positions", {p.name: i for i, p in enumerate(self.params)})

    def arg(self, args: tuple[Any, ...], name: str) -> Any:
        """The argument named ``name`` in the signature (its default when an optional one is left
        out): type hooks read arguments by name, never by position."""
        i = self.positions[name]
        return args[i] if i < len(args) else self.params[i].default

    @property
    def min_arity(self) -> int:
        return sum(1 for p in self.params if not p.optional)

    @property
    def max_arity(self) -> int:
        return self.variadic_max if self.variadic_max is not None else len(self.params)

    def describe(self) -> str:
        inner = ", ".join(f"[{p.name}]" if p.optional else p.name for p in self.params)
        return f"{self.name}({inner})"


T = TypeVar("T", bound=type)

_ROOMS: dict[str, type[Any]] = {}
_HEROES: dict[str, type[Any]] = {}
_SPELLS: dict[str, type[Any]] = {}


def _register(table: dict[str, Any], kind: str, name: str, params: tuple[Param, ...],
              undefined: str | None, variadic_max: int | None) -> Callable[[T], T]:
    def decorate(cls: T) -> T:
        if name in table and table[name] is not cls:
            raise ValueError(f"{kind} type {name!r} is registered twice")
        cls.signature = Signature(name, params, undefined, variadic_max)  # type: ignore[attr-defined]
        cls.name = name  # type: ignore[attr-defined]
        table[name] = cls
        return cls

    return decorate


def room_type(name: str, *params: Param, undefined: str | None = None,
              variadic_max: int | None = None) -> Callable[[T], T]:
    """Register a room type under its notation name (``A``, ``D``, ``E``...).

    Parameters
    ----------
    name
        The type's name in the level notation; a name taken by another class is refused.
    *params
        Its parameters, in notation order: the loader checks arity and kinds against them, and
        hooks read arguments by name (``cls.signature.arg(args, "x")``).
    undefined
        For a type the rules leave open (ZR-21): the message a level using it is refused with.

    Examples
    --------
    >>> from zorglab.core.registry import Param, ParamKind, find_room_type, room_type, unregister
    >>> from zorglab.engine.rooms.base import RoomBehaviour
    >>> @room_type("Y", Param("x", ParamKind.INT, minimum=1))
    ... class Yard(RoomBehaviour):
    ...     entry_changes_hp = False
    >>> find_room_type("Y") is Yard, Yard.name, Yard.signature.describe()
    (True, 'Y', 'Y(x)')
    >>> Yard.signature.arg((3,), "x")
    3
    >>> unregister(Yard)
    >>> find_room_type("Y") is None
    True
    """
    return _register(_ROOMS, "room", name, params, undefined, variadic_max)


def hero_type(name: str, *params: Param) -> Callable[[T], T]:
    """Register a hero type under its notation name (``Warrior``, ``Elf``...); as :func:`room_type`.

    >>> from zorglab.core.registry import find_hero_type
    >>> import zorglab.engine.types
    >>> find_hero_type("Warrior").signature.describe()
    'Warrior(x)'
    """
    return _register(_HEROES, "hero", name, params, None, None)


def spell_type(name: str, *params: Param) -> Callable[[T], T]:
    """Register a spell type under its notation name (``Attack``, ``Sleep``...); as :func:`room_type`.

    >>> from zorglab.core.registry import find_spell_type
    >>> import zorglab.engine.types
    >>> find_spell_type("Attack").signature.describe(), find_spell_type("Attack").bound_role
    ('Attack(x)', 'damage')
    """
    return _register(_SPELLS, "spell", name, params, None, None)


def unregister(cls: type) -> None:
    """Forget a registered type (a test's own types, or a module about to be re-imported)."""
    for table in (_ROOMS, _HEROES, _SPELLS):
        for name in [n for n, c in table.items() if c is cls]:
            del table[name]


ENTRY_POINT_GROUP = "zorglab.types"
_loaded_entry_points: set[str] = set()


def load_entry_point_types() -> None:
    """Load every entry point of the group ``zorglab.types`` not loaded yet (its decorators register).

    An entry point names a module (``mytypes = "mypackage.types"``) or an object in one; loading it
    imports the module, whose :func:`room_type`, :func:`hero_type` and :func:`spell_type`
    decorators fill the registries. A distribution installed later is found on the next call."""
    from importlib.metadata import entry_points     # not on start-up's path: scanned when a name is not found

    for point in entry_points(group=ENTRY_POINT_GROUP):
        key = f"{point.name}={point.value}"
        if key not in _loaded_entry_points:
            _loaded_entry_points.add(key)
            point.load()


_scanned = False


def _discover() -> None:
    """Scan the entry points once, on the first look-up (scanning is not free; call
    :func:`load_entry_point_types` again to see a distribution installed since)."""
    global _scanned
    if not _scanned:
        _scanned = True
        load_entry_point_types()


def _find(table: dict[str, Any], name: str) -> type[Any] | None:
    """A registered type; the entry points are scanned (once) only when the name is not found, so
    looking up the built-in types never pays for the scan."""
    found = table.get(name)
    if found is None and not _scanned:
        _discover()
        found = table.get(name)
    return found


def registered_type_names() -> set[str]:
    """Names of the types registered so far, without scanning the entry points: a type from an
    entry point is registered once a level names it (its look-up misses, which scans)."""
    return set(_ROOMS) | set(_HEROES) | set(_SPELLS)


def registered_room_types() -> tuple[type[Any], ...]:
    """The room types registered so far, without scanning the entry points (see above)."""
    return tuple(_ROOMS.values())


def find_room_type(name: str) -> type[Any] | None:
    return _find(_ROOMS, name)


def find_hero_type(name: str) -> type[Any] | None:
    return _find(_HEROES, name)


def find_spell_type(name: str) -> type[Any] | None:
    return _find(_SPELLS, name)


def room_types() -> tuple[type[Any], ...]:
    _discover()
    return tuple(_ROOMS.values())


def hero_types() -> tuple[type[Any], ...]:
    _discover()
    return tuple(_HEROES.values())


def spell_types() -> tuple[type[Any], ...]:
    _discover()
    return tuple(_SPELLS.values())


def is_spawn_room(type_name: str) -> bool:
    """Do heroes spawn in rooms of this type (A)? Code that looks for spawn rooms asks this
    rather than naming a type."""
    cls = find_room_type(type_name)
    return cls is not None and bool(cls.is_spawn)
