"""Casting spells at a casting point (ZR-6, ZR-14, ZR-24): legality first, nothing half-done."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.engine import events as ev
from zorglab.engine.resolve import Resolution
from zorglab.engine.spells.base import CastContext
from zorglab.engine.state import GameState
from zorglab.engine.turns import active_hero
from zorglab.errors import CastError
from zorglab.core.model import Cast
from zorglab.core.printer import format_value

if TYPE_CHECKING:
    from zorglab.engine.world import World


def find_spell(world: World, state: GameState, cast: Cast) -> int:
    """The spell the cast names by its label, or else the first unused spell of the level matching
    the cast's type and arguments (docs/levels.md "Casts")."""
    label = cast.spell.label
    if label is not None:
        index = world.spell_index.get(label)
        if index is None:
            raise CastError(f"the level has no spell {label} to cast (ZR-24)")
        if not state.spells_left[index]:
            raise CastError(f"{label} was already cast: every spell is single-use (FR-32)")
        return index
    matching = world.spells_by_call.get((cast.spell.type, cast.spell.args), ())
    for index in matching:
        if state.spells_left[index]:
            return index
    args = ", ".join(format_value(a) for a in cast.spell.args)
    named = f"{cast.spell.type}({args})"
    if matching:
        raise CastError(f"{named} was already cast: every spell is single-use (FR-32)")
    raise CastError(f"the level has no spell {named} to cast (ZR-24)")


def board_active(world: World, state: GameState) -> int | None:
    """ZR-14's active hero: the one ZR-7 would let act next, if it stands on the board."""
    index = active_hero(world, state)
    if index is None or state.heroes[index].pos is None:
        return None
    return index


_UNKNOWN = object()


def cast_spell(world: World, state: GameState, cast: Cast, *, record: bool = True,
               text: str = "", active: Any = _UNKNOWN) -> tuple[GameState, list[ev.Event]]:
    """Cast one spell; raises CastError (consuming nothing) when the rules refuse it.

    ``active`` may pass :func:`board_active` for this state when the caller already knows it
    (the search tries many casts at one casting point).
    """
    if state.lost:
        raise CastError("the level is already lost")
    index = find_spell(world, state, cast)
    spell = world.spells[index]
    res = Resolution(world, state, tick=state.tick, record=record)
    ctx = CastContext(res, cast, spell.args, board_active(world, state) if active is _UNKNOWN else active)
    if record:
        res.emit(ev.Cast, spell.label, text or cast.source or spell.type)
    spell.behaviour.apply(ctx)
    res.settle()
    left = list(state.spells_left)
    left[index] = False
    for consumed in ctx.consumed:
        left[consumed] = False
    return res.freeze(spells_left=tuple(left)), (res.events or [])
