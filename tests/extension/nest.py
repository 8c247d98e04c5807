"""N(x), a designer's room with its own per-visit state, written outside the zorglab package (issue 29).

*A wasp nest*: a hero's k-th entry into a nest costs it k times ``x`` HP — the nest remembers each
hero that stirred it. That memory is the hero's mark ``nest`` (sorted ``(room, visits)`` pairs), set
here and read here; the search's transposition key reads it like every mark, and the Player's
table shows "stung K" (the visits so far).
"""

from __future__ import annotations

from typing import Any

from zorglab import Param, ParamKind, RoomBehaviour, room_type
from zorglab.engine.facts import SearchFacts
from zorglab.engine.marks import Mark, mark_type

NEST = "nest"


@mark_type(NEST)
class NestVisits(Mark):
    """How often the hero has stirred each nest: ``((room, visits), ...)``."""

    kept_by_the_dead = False
    facts = SearchFacts(stirs_sleepers=False, bounded=True)     # it has no hooks: the room reads it

    @classmethod
    def status(cls, value: Any) -> str:
        return "stung " + "+".join(str(visits) for _room, visits in value)


@room_type("N", Param("x", ParamKind.INT, minimum=1))
class NestRoom(RoomBehaviour):
    """N(x): a hero's k-th entry costs k times ``x`` HP."""

    entry_changes_hp = True

    @classmethod
    def on_enter(cls, res: Any, hero: Any, room: int) -> None:
        visits = dict(hero.mark(NEST, ()))
        visits[room] = visits.get(room, 0) + 1
        hero.set_mark(NEST, tuple(sorted(visits.items())))
        info = res.world.rooms[room]
        res.change_hp(hero, -visits[room] * cls.signature.arg(info.args, "x"), "room " + info.label)
