"""P(n, f): teleport on the hero's i-th entry, i <= n (FR-15, ZR-10); f gives whole numbers (ZR-26)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any


from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.core.limits import UNBOUNDED
from zorglab.core.registry import Param, ParamKind, room_type
from zorglab.core.model import VarRef
from zorglab.core.values import INF
from zorglab.core.portals import portal_fault

if TYPE_CHECKING:
    from random import Random
    from zorglab.engine.hero_scratch import HeroScratch
    from zorglab.engine.resolve import Resolution

REACH_TRIED = 100_000     # a finite n up to this has its history reach read off f(1..n) exactly


@room_type("P", Param("n", ParamKind.INT_OR_INF), Param("f", ParamKind.INDEX_FUNCTION))
class PortalRoom(RoomBehaviour):
    """On entry number ``i <= n`` the hero goes to its ``f(i)``-th most recent visit."""

    @staticmethod
    def arg_fault(args: tuple[Any, ...]) -> tuple[int, str] | None:
        """(index of the faulty argument, why) when some entry ``i <= n`` gets no whole ``f(i)``
        (ZR-26); None when sound or when a variable still stands for ``n`` or ``f``."""
        n, f = args
        if isinstance(n, VarRef) or isinstance(f, VarRef):
            return None
        fault = portal_fault(n, f)
        return None if fault is None else (1, fault[1])

    @classmethod
    def entry_cap(cls, args: tuple[Any, ...]) -> int:
        """Entry counts past which every entry acts alike, counted exactly (ZR-32): ``n + 1`` for a
        finite ``n``; for ``n = inf`` a list's length + 1, 1 for an ``f`` that does not read ``i``, and
        no cap at all (:data:`~zorglab.core.limits.UNBOUNDED`) for any other ``f``."""
        n, f = cls.signature.arg(args, "n"), cls.signature.arg(args, "f")
        if n is not INF:
            return int(max(0, n)) + 1
        if f.table is not None:
            return len(f.table) + 1
        return 1 if f.constant() else UNBOUNDED

    @classmethod
    def entry_read(cls, args: tuple[Any, ...]) -> int | None:
        """``P(n, f)`` acts on no entry past ``n``; a list reads nothing past its end; an ``f``
        that does not read ``i`` treats every entry alike (ZR-27)."""
        n, f = cls.signature.arg(args, "n"), cls.signature.arg(args, "f")
        if n is not INF:
            return int(max(0, n))
        if f.table is not None:
            return len(f.table)
        return 0 if f.constant() else None

    @classmethod
    def history_read_until(cls, args: tuple[Any, ...]) -> int | None:
        """The entry count past which this portal never reads a visit history again: ``n`` when
        finite (no teleport past it), the list's length for ``n = inf`` (f is 0 past it: the waiting
        room, whatever the history); None when any entry may read it."""
        n, f = cls.signature.arg(args, "n"), cls.signature.arg(args, "f")
        if n is not INF:
            return int(max(0, n))
        return len(f.table) if f.table is not None else None

    @classmethod
    def history_reach(cls, args: tuple[Any, ...]) -> int:
        """The deepest visit ``f(i)`` names over every entry it acts on (ZR-32: no cap);
        :data:`~zorglab.core.limits.UNBOUNDED` (the whole history) when that is not bounded, or
        when too many entries would have to be tried to bound it."""
        n, f = cls.signature.arg(args, "n"), cls.signature.arg(args, "f")
        if f.table is not None:
            last = len(f.table) if n is INF else min(max(0, n), len(f.table))
            return int(max([1] + [f(i) for i in range(1, last + 1)]))
        if f.constant():
            return int(max(1, f(1)))
        if n is INF or n > REACH_TRIED:
            return UNBOUNDED
        return int(max([1] + [f(i) for i in range(1, max(0, n) + 1)]))

    @classmethod
    def history_bounded(cls, args: tuple[Any, ...]) -> bool:
        """Does :meth:`history_reach` bound what ``f`` reads at every entry (ZR-27)?"""
        return cls.history_reach(args) < UNBOUNDED

    @classmethod
    def draft(cls, rng: Random) -> str:
        n = rng.randint(1, 2)
        return f"{cls.name}({n}, [{', '.join(str(rng.randint(1, 3)) for _ in range(n))}])"

    @classmethod
    def badge_args(cls, args: tuple[Any, ...]) -> tuple[Any, ...]:
        return (cls.signature.arg(args, "n"),) if args else args

    @classmethod
    def on_enter(cls, res: Resolution, hero: HeroScratch, room: int) -> None:
        args = res.world.rooms[room].args
        n, f = cls.signature.arg(args, "n"), cls.signature.arg(args, "f")
        i = hero.entry_count(room)
        if i <= n:
            res.teleport_to_visit(hero, f(i), "portal")
