"""Selection(allow_corpses): another unused spell, on several chosen heroes at once (FR-39, ZR-16)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.core.registry import Param, ParamKind, spell_type
from zorglab.engine.spells.base import SpellBehaviour
from zorglab.errors import CastError

if TYPE_CHECKING:
    from random import Random
    from zorglab.engine.spells.base import CastContext


@spell_type("Selection", Param("allow_corpses", ParamKind.BOOL))
class SelectionSpell(SpellBehaviour):
    """Both spells are consumed; the applied spell acts on each chosen hero as its target."""

    cast_form = "select"

    target = "meta"
    moves_rooms = False       # it applies another spell of the world, which says for itself

    @classmethod
    def draft(cls, rng: Random) -> str:
        return f"{cls.name}({rng.choice(('false', 'true'))})"

    @classmethod
    def reads_corpses(cls, args: tuple[Any, ...]) -> bool:
        return bool(cls.signature.arg(args, "allow_corpses"))        # allow_corpses: a chosen corpse can be moved or teleported

    @classmethod
    def apply(cls, ctx: CastContext) -> None:
        from zorglab.engine.casting import find_spell

        inner = ctx.cast.inner
        if inner is None:
            raise CastError("Selection needs a spell to apply: 'Selection(b) on HERO, ... : SPELL'")
        if inner.spell.type == cls.name:
            raise CastError("Selection cannot apply another Selection (ZR-16: one other spell)")
        allow_corpses = cls.reads_corpses(ctx.spell_args)
        if not ctx.cast.on:
            raise CastError("Selection needs at least one hero: 'Selection(b) on HERO, ...'")
        heroes = []
        for label in ctx.cast.on:
            index = ctx.hero_index(label)
            hero = ctx.res.state.heroes[index]
            if index in heroes:
                raise CastError(f"Selection names {label} twice")
            if not hero.alive and not allow_corpses:
                raise CastError(f"Selection on {label}: that hero is dead and this Selection does not "
                                "allow corpses (ZR-16)")
            if hero.pos is None:
                raise CastError(f"Selection on {label}: that hero is not on the board (ZR-14)")
            heroes.append(index)
        spell_index = find_spell(ctx.res.world, ctx.res.state, inner)
        spell = ctx.res.world.spells[spell_index]
        ctx.consumed = (spell_index,)
        spell.behaviour.apply_selected(ctx.replace_args(spell.args), tuple(heroes), inner)
