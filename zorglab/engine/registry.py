"""Registries of room, hero and spell types: a new type is one module plus data (NFR-3).

Each type module decorates its class with :func:`room_type`, :func:`hero_type` or
:func:`spell_type`, declaring the notation name and its parameters. The level loader checks
arity and argument kinds against these signatures; the engine dispatches behaviour to the
same classes. Nothing is ever looked up with ``eval``.
"""

from __future__ import annotations

import enum
import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, TypeVar

if TYPE_CHECKING:
    from zorglab.engine.heroes.base import HeroBehaviour
    from zorglab.engine.rooms.base import RoomBehaviour
    from zorglab.engine.spells.base import SpellBehaviour


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
    """One declared parameter: its name (as in the seed), kind, and default if optional."""

    name: str
    kind: ParamKind
    optional: bool = False
    default: Any = None
    minimum: int | None = None


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

_ROOMS: dict[str, type[RoomBehaviour]] = {}
_HEROES: dict[str, type[HeroBehaviour]] = {}
_SPELLS: dict[str, type[SpellBehaviour]] = {}


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
    """Register a room type under its notation name (``A``, ``D``, ``E``...)."""
    return _register(_ROOMS, "room", name, params, undefined, variadic_max)


def hero_type(name: str, *params: Param) -> Callable[[T], T]:
    """Register a hero type under its notation name (``Warrior``, ``Elf``...)."""
    return _register(_HEROES, "hero", name, params, None, None)


def spell_type(name: str, *params: Param) -> Callable[[T], T]:
    """Register a spell type under its notation name (``Attack``, ``Sleep``...)."""
    return _register(_SPELLS, "spell", name, params, None, None)


_BUILTIN_PACKAGES = ("zorglab.engine.rooms", "zorglab.engine.heroes", "zorglab.engine.spells")
_loaded = False


def load_builtin_types() -> None:
    """Import the built-in type packages so their decorators fill the registries."""
    global _loaded
    if not _loaded:
        for package in _BUILTIN_PACKAGES:
            importlib.import_module(package)
        _loaded = True


def find_room_type(name: str) -> type[RoomBehaviour] | None:
    load_builtin_types()
    return _ROOMS.get(name)


def find_hero_type(name: str) -> type[HeroBehaviour] | None:
    load_builtin_types()
    return _HEROES.get(name)


def find_spell_type(name: str) -> type[SpellBehaviour] | None:
    load_builtin_types()
    return _SPELLS.get(name)


def room_types() -> tuple[type[RoomBehaviour], ...]:
    load_builtin_types()
    return tuple(_ROOMS.values())


def hero_types() -> tuple[type[HeroBehaviour], ...]:
    load_builtin_types()
    return tuple(_HEROES.values())


def spell_types() -> tuple[type[SpellBehaviour], ...]:
    load_builtin_types()
    return tuple(_SPELLS.values())


def is_spawn_room(type_name: str) -> bool:
    """Do heroes spawn in rooms of this type (A)? Code that looks for spawn rooms asks this
    rather than naming a type."""
    cls = find_room_type(type_name)
    return cls is not None and bool(cls.is_spawn)
