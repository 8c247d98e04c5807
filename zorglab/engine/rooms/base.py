"""The behaviour every room type may override: how its tile's cells act, and its entry effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.engine import cells
from zorglab.core.tiles import CellKind

if TYPE_CHECKING:
    from random import Random

    from zorglab.core.registry import Signature
    from zorglab.core.values import Element
    from zorglab.engine.resolve import Resolution
    from zorglab.engine.hero_scratch import HeroScratch


class RoomBehaviour:
    """Default room: walls are walls, everything else is plain floor, no entry effect.

    A room type subclasses this, overrides the hooks it needs (each has a neutral default) and
    registers with :func:`~zorglab.core.registry.room_type` (docs/levels.md, "Adding a type").
    ``on_enter(res, hero, room)`` is ZR-8's step 3; a hero's own per-visit state is a mark
    (``hero.set_mark``, docs/rules.md FR-53).

    Examples
    --------
    >>> from zorglab.core.tiles import CellKind
    >>> from zorglab.engine import cells
    >>> RoomBehaviour.cell_code((), CellKind.FLOOR) == cells.FLOOR, RoomBehaviour.initial_gold(())
    (True, 0)
    >>> RoomBehaviour.ends_level, RoomBehaviour.is_spawn, RoomBehaviour.entry_changes_hp
    (False, False, False)
    """

    name: str                   # these two are set by the registry's decorator
    signature: Signature
    ends_level: bool = False    # Z: entering loses the level (ZR-8 step 1)
    is_spawn: bool = False      # A: heroes spawn here; entering makes it the main A
    entry_changes_hp: bool = False  # D: entering changes HP, so HP-reading plans track gold too
    own_cells: str = ""         # tile cells a room of this type needs one of (E: green, T: dark or light)

    @staticmethod
    def arg_fault(args: tuple[Any, ...]) -> tuple[int, str] | None:
        """(index of a faulty argument, why) when arguments of the right kinds still make no sound
        room (the Portal's ``f`` giving no whole number, ZR-26); None when sound. The loader and
        ``World`` ask it once the choices are made."""
        return None

    @staticmethod
    def initial_gold(args: tuple[Any, ...]) -> int:
        return 0

    @staticmethod
    def cell_code(args: tuple[Any, ...], kind: CellKind) -> int:
        return cells.WALL if kind is CellKind.WALL else cells.FLOOR

    @staticmethod
    def on_enter(res: "Resolution", hero: "HeroScratch", room: int) -> None:
        """ZR-8 step 3; called only when no gold pickup pre-empted it."""

    @staticmethod
    def toll(args: tuple[Any, ...]) -> int:
        """Gold a light cell of this room costs (T rooms only)."""
        return 0

    @staticmethod
    def has_monster(args: tuple[Any, ...]) -> bool:
        """Is there a monster a Shell can kill here (FR-23)? Only D rooms with x != 0 have one."""
        return False

    @staticmethod
    def entry_cap(args: tuple[Any, ...]) -> int | None:
        """Plans count a hero's entries into this room up to this cap (FR-15); None: no rule of
        this room reads entry counts (every room but P)."""
        return None

    @staticmethod
    def entry_read(args: tuple[Any, ...]) -> int | None:
        """The entry count above which further entries all act alike (ZR-27); None: every count
        differs. Asked only of rooms with an :meth:`entry_cap`."""
        return None

    @staticmethod
    def history_reach(args: tuple[Any, ...]) -> int | None:
        """How deep into a hero's visit history this room's rule reads (at least 1); None: it
        reads no history (every room but P)."""
        return None

    @staticmethod
    def history_read_until(args: tuple[Any, ...]) -> int | None:
        """The entry count past which this room never reads a visit history again; None: any
        entry may read it (asked of rooms with an :meth:`entry_cap`, the Portal's, by the planner)."""
        return None

    @staticmethod
    def history_bounded(args: tuple[Any, ...]) -> bool:
        """Does :meth:`history_reach` bound what this room reads at every entry (ZR-27)? When
        False, a repetition compares whole visit histories."""
        return True

    @classmethod
    def badge_args(cls, args: tuple[Any, ...]) -> tuple[Any, ...]:
        """The arguments a room's badge shows (the Portal leaves its ``f`` out)."""
        return args

    @staticmethod
    def cell_element(args: tuple[Any, ...]) -> "Element | None":
        """The element this room's green or dark cells act as (E, T); None: no such cells."""
        return None

    @staticmethod
    def draft(rng: Random) -> str | None:
        """A random room of this type in notation, for the level generator (zorglab.propose);
        None: the generator cannot draft this type."""
        return None

    @staticmethod
    def draft_damage(args: tuple[Any, ...], text: str) -> int:
        """A rough count of the HP one walk through this room (notation ``text``) takes: only the
        generator's bias for drawing hit points, not a rule."""
        return 0
