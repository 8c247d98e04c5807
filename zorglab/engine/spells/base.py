"""What every spell type supplies: whom it targets (legality, ZR-14) and what it does to one hero.

Selection (ZR-16) reuses ``affect`` on each chosen hero, so a spell's effect is written once.
Casting happens on a scratch :class:`~zorglab.engine.resolve.Resolution`: a refused cast
raises :class:`~zorglab.errors.CastError` before anything is kept, so it consumes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from zorglab.engine.facts import NO_FACTS, SearchFacts
from zorglab.errors import CastError

if TYPE_CHECKING:
    from random import Random

    from zorglab.core.geometry import Slot
    from zorglab.engine.state import HeroState
    from zorglab.engine.resolve import Resolution
    from zorglab.engine.hero_scratch import HeroScratch
    from zorglab.core.model import Cast

    from zorglab.core.registry import Signature

BoundRole = Literal["damage", "walk", "board", "pause", "none"]
"""How a spell left bears on the search's damage bound (FR-51, :mod:`zorglab.search.bound`)."""
Target = Literal["chosen", "active", "all", "rooms", "meta"]
"""Whom a cast acts on (ZR-14): a chosen hero, the active hero, every hero, rooms, or a spell (Selection)."""
CastForm = Literal["on", "to", "with", "select"]
"""What a cast names after the spell in the level notation (None: nothing)."""


@dataclass(slots=True)
class CastContext:
    """Everything a spell may read while it is cast at a casting point."""

    res: "Resolution"
    cast: "Cast"
    spell_args: tuple[Any, ...]
    active: int | None          # the active hero of ZR-14, if it stands on the board
    consumed: tuple[int, ...] = ()   # further spells this cast uses up (Selection's applied spell)

    def replace_args(self, args: tuple[Any, ...]) -> "CastContext":
        """The same context for an applied spell with its own arguments (Selection)."""
        self.spell_args = args
        return self

    def hero_index(self, label: str) -> int:
        index = self.res.world.hero_index.get(label)
        if index is None:
            raise CastError(f"{self.cast.spell.type}: there is no hero {label!r}")
        return index


class SpellBehaviour:
    """Default: a spell aimed at one chosen living hero on the board (Sleep, Wake, Banality).

    A spell type subclasses this, writes ``affect(res, hero, args)`` once (Selection reuses it),
    says whom it targets (``target``, ``cast_form``) and how it bears on the search's damage bound
    (``bound_role``), and registers with :func:`~zorglab.core.registry.spell_type`
    (docs/levels.md, "Adding a type"). A spell that gives a hero state of its own sets a mark
    (``hero.set_mark``, docs/rules.md FR-53).

    Examples
    --------
    >>> SpellBehaviour.target, SpellBehaviour.cast_form, SpellBehaviour.bound_role
    ('chosen', 'on', None)
    >>> SpellBehaviour.facts.stirs_sleepers, SpellBehaviour.damage_to_each(())
    (True, 0)
    """

    name: ClassVar[str]                 # these two are set by the registry's decorator
    signature: ClassVar["Signature"]
    target: ClassVar[Target] = "chosen"
    # What a cast of this type names after the spell in the level notation (level-format "Casts"):
    # "on" (one hero), "to" (slots), "with" (a room), "select" (Selection's heroes and spell), or
    # None (nothing). The loader, the search and the spell tray all read it from here.
    cast_form: ClassVar[CastForm | None] = "on"
    # How a spell left bears on the search's damage bound (FR-51, zorglab.search.bound), a
    # :data:`BoundRole`: "damage" (at most ``damage_to_each`` HP from each hero), "walk" (bends the
    # walk of the hero it is cast on: the bound casts it on the lone hero), "board" (rearranges
    # rooms whoever stands in them: the bound tries every ``relaxed_moves``), "pause" (holds a hero
    # without bending its walk: others act meanwhile), "none" (bends no walk, deals no damage, and
    # gives no other hero a turn). None (the default, a type that has not said): the bound cannot
    # know what a cast does, so it stands aside while such a spell is left — sound, and said: the
    # bound lists these types in ``DamageBound.blind`` (docs/rules.md FR-51). Only a "pause" spell
    # may give another hero a turn while the hero it holds lives: the bound's groups rest on it.
    bound_role: ClassVar[BoundRole | None] = None
    # What the search's cuts may rely on (zorglab.engine.facts): ``stirs_sleepers`` (can a cast wake,
    # hurt or kill a sleeping hero, who is never the active one? FR-49), ``keeps_slots`` (does a cast
    # only trade rooms among the slots they hold, as Swap? FR-51's groups). None by default.
    facts: ClassVar[SearchFacts] = NO_FACTS
    # Can a cast of this type move a room? (Move, Swap: True.) If no spell and no hero of a world
    # can, the slots never change and a constraint reading only ``dist`` is decided by the layout
    # alone (zorglab.search.reasons). None: unknown (a new type), taken as "it may".
    moves_rooms: ClassVar[bool | None] = None

    @classmethod
    def targets(cls, ctx: CastContext) -> tuple[int, ...]:
        """The heroes this cast affects; raises CastError naming the rule when illegal."""
        if cls.target == "all":
            if ctx.cast.on:
                raise CastError(f"{cls.name} hits every living hero on the board; it takes no target")
            return tuple([i for i, h in enumerate(ctx.res.state.heroes) if h.alive and h.pos is not None])
        if cls.target == "active":
            if ctx.cast.on:
                raise CastError(f"{cls.name} acts on the active hero; it takes no target (ZR-14)")
            if ctx.active is None:
                raise CastError(f"{cls.name} needs an active hero on the board, and there is none "
                                f"at tick {ctx.res.tick} (ZR-14)")
            return (ctx.active,)
        if len(ctx.cast.on) != 1:
            raise CastError(f"{cls.name} needs exactly one target hero: '{cls.name} on HERO' (ZR-14)")
        index = ctx.hero_index(ctx.cast.on[0])
        hero = ctx.res.state.heroes[index]
        if not hero.alive:
            raise CastError(f"{cls.name} on {ctx.cast.on[0]}: that hero is dead (ZR-14)")
        if hero.pos is None:
            raise CastError(f"{cls.name} on {ctx.cast.on[0]}: that hero is not on the board (ZR-14)")
        return (index,)

    @staticmethod
    def affect(res: "Resolution", hero: "HeroScratch", args: tuple[Any, ...]) -> None:
        """What a cast does to one hero it targets (Selection reuses it on each chosen hero)."""
        raise NotImplementedError

    @staticmethod
    def arg_fault(args: tuple[Any, ...]) -> tuple[int, str] | None:
        """(index of a faulty argument, why) when arguments of the right kinds still make no sound
        spell (the Portal's ``f`` giving no whole number, ZR-26); None when sound. The loader and
        ``World`` ask it once the choices are made."""
        return None

    @staticmethod
    def reads_corpses(args: tuple[Any, ...]) -> bool:
        """Can a cast of this spell act on a dead hero? If no spell can, nothing reads a corpse
        and the search may forget what dead heroes hold (docs/rules.md, FR-47)."""
        return False

    @staticmethod
    def changes_nothing(hero: HeroState, args: tuple[Any, ...]) -> bool:
        """Is a cast on this hero (a :class:`~zorglab.engine.state.HeroState`) legal but without
        effect but the spell count (ZR-24)? The search leaves such casts out: keeping the spell
        is never worse. False unless a type says otherwise."""
        return False

    @staticmethod
    def history_reach(args: tuple[Any, ...]) -> int | None:
        """How deep into a hero's visit history a cast reads; None: it reads no history (ZR-27)."""
        return None

    @staticmethod
    def makes_types(args: tuple[Any, ...]) -> tuple[str, ...]:
        """Hero types a cast of this spell can turn a hero into (Banality: Warrior); none by default."""
        return ()

    @staticmethod
    def damage_to_each(args: tuple[Any, ...]) -> int:
        """The most HP one cast takes from any one hero (``bound_role == "damage"``)."""
        return 0

    @staticmethod
    def relaxed_moves(slots: tuple[Slot, ...]) -> list[dict[int, Slot]]:
        """Every room move a cast could make, whichever hero is active (``bound_role == "board"``):
        a superset the damage bound tries on a lone hero's walk."""
        return []

    @classmethod
    def draft(cls, rng: Random) -> str:
        """A random spell of this type in notation, for the level generator (no arguments by default)."""
        return cls.name

    @classmethod
    def apply(cls, ctx: CastContext) -> None:
        for index in cls.targets(ctx):
            cls.affect(ctx.res, ctx.res.hero(index), ctx.spell_args)

    @classmethod
    def apply_selected(cls, ctx: CastContext, heroes: tuple[int, ...], cast: "Cast") -> None:
        """Under Selection (ZR-16): act on each chosen hero as if it were the target."""
        for index in heroes:
            cls.affect(ctx.res, ctx.res.hero(index), ctx.spell_args)


class RoomSpell(SpellBehaviour):
    """A spell that moves the active hero's room (Move, Swap); under Selection, the chosen heroes'."""

    target: ClassVar[Target] = "active"
    cast_form: ClassVar[CastForm | None] = None
    moves_rooms = True
    facts = SearchFacts(stirs_sleepers=False)   # a moved room carries its sleepers without an entry (ZR-8, ZR-15)

    @classmethod
    def apply(cls, ctx: CastContext) -> None:
        (index,) = cls.targets(ctx)
        cls.apply_selected(ctx, (index,), ctx.cast)


def chosen_rooms(ctx: CastContext, heroes: tuple[int, ...], spell: str) -> list[int]:
    """The rooms the given heroes stand in, distinct, in hero order (Move/Swap)."""
    rooms: list[int] = []
    for index in heroes:
        pos = ctx.res.state.heroes[index].pos
        if pos is None:
            raise CastError(f"{spell}: {ctx.res.world.heroes[index].label} is not in a room (ZR-14)")
        if pos[0] in rooms:
            raise CastError(f"{spell}: {ctx.res.world.heroes[index].label} stands in "
                            f"{ctx.res.world.rooms[pos[0]].label} with another chosen hero; "
                            "each chosen hero must bring its own room (ZR-15)")
        rooms.append(pos[0])
    return rooms
