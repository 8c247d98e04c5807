"""Search facts: what a type or a mark tells the exact search's cuts, in one record (issue 40).

Every cut of the search (``zorglab.search``) and its damage bound rests on something true of the
types in a world and of the marks in a state: that no hero's action can hurt a sleeper, that a hero
always has a plan, that a board spell keeps the slots. Each type class and each mark class declares
those facts in one frozen :class:`SearchFacts`, its ``facts`` class attribute; the search reads
nothing else. Every field's default is the *safe* one: a fact a type or mark does not declare
means the cut that would need it does not apply (the search stays exact, only less quick).

Which kinds read which field:

============================  ===========  ===========  ======  ===========================================
field                         spell type   hero type    mark    the cut that asks (docs/rules.md)
============================  ===========  ===========  ======  ===========================================
``stirs_sleepers``            a cast       its actions  hooks   hopeless sleepers (FR-49); the bound's gate
``bounded``                                             yes     the damage bound and its groups (FR-51)
``always_plans``                           yes                  the groups' stall gate (FR-51)
``keeps_slots``               yes                               the groups' stall gate (FR-51)
``alike_destinations``        yes                               Move's alike empty slots (FR-55)
``walks_alone``                            yes                  the bound's quiet heroes (FR-51, FR-56)
``quiet_when_spent``                       yes                  the same, once ``spent`` (FR-56)
``moves_rooms_only``                       yes                  the lone walks beside it (FR-57)
============================  ===========  ===========  ======  ===========================================

A hero is *quiet* (FR-56) when its type ``walks_alone``, or declares ``quiet_when_spent`` and its
:meth:`~zorglab.engine.heroes.base.HeroBehaviour.spent` hook says its power can do nothing more
(a Gunner with no shot left, a Princess pulling with 0 towards Z alone). The hopeless-sleeper cut
and the damage bound stand aside only while some *living* hero is not quiet, so a world with a
Gunner or a Mechanic gets them once its shots are spent or it is dead.

>>> from zorglab.engine.facts import SearchFacts
>>> SearchFacts()                                   # nothing declared: no cut relies on it
SearchFacts(stirs_sleepers=True, bounded=False, always_plans=False, keeps_slots=False, alike_destinations=False, walks_alone=False, quiet_when_spent=False, moves_rooms_only=False)
>>> SearchFacts(stirs_sleepers=False).bounded       # declare only what is true; the rest stays safe
False
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SearchFacts:
    """What a spell type, a hero type or a mark guarantees the search (safe defaults: no cut).

    Parameters
    ----------
    stirs_sleepers
        Can it wake, hurt or kill a sleeping hero (one a mark passes over, ZR-7)? A spell type by a
        cast, a hero type by its actions (another hero's HP), a mark by its own hooks (a tick
        effect on its hero or on another). Only where nothing left can does the search give up a
        branch holding a living sleeper (FR-49). Default True.
    bounded
        A mark only: do the damage bound's lone walks and groups (FR-51) hold for a hero carrying it?
        True when its hooks change no hero's HP and put no hero to sleep on their own (a pause the
        turn order reads off :meth:`Mark.turn <zorglab.engine.marks.Mark.turn>` is fine, a tick
        effect that deals damage is not). Default False: the bound stands aside while a hero
        carries it.
    always_plans
        A hero type only: its goal is Z and it has a plan wherever Z can be reached, so it is never
        stuck on a map where every floor cell reaches Z (the bound's groups, FR-51). Default False.
    keeps_slots
        A spell type only: does a cast only trade rooms among the slots they hold (Swap), never move
        one to an empty slot? The bound's groups need the rooms connected the same way. Default False.
    alike_destinations
        A spell type only: does a cast only move rooms to the empty slots it names (Move), reading
        nothing of a destination but that it is empty? Then empty slots that no rule tells apart
        are alike as its destinations, and the search may try one of them for all (issue 41,
        ``search.casts.isolated_alike``). Default False: a new type may read where it goes.
    walks_alone
        A hero type only: its actions change nothing but its own place and HP (no other hero's HP,
        walk or goal: no shot, no shove, no pull but 0; no room, cell or monster), it plans by no
        gold, and its goal is Z's rooms whenever every pull is 0 (FR-56). The damage bound's lone
        walks (FR-51) hold while every living hero is such a one. Default False.
    quiet_when_spent
        A hero type only: once :meth:`HeroBehaviour.spent
        <zorglab.engine.heroes.base.HeroBehaviour.spent>` says so for a hero (and it says so for
        every state after), that hero is as one whose type ``walks_alone``, stirs no sleeper and
        plans wherever Z can be reached (FR-56): a Gunner without shots, a Princess pulling with
        0 and weighing Z alone. Default False.
    moves_rooms_only
        A hero type only: all its actions change of another hero is the slot of the room it stands
        in, carried with that room (no entry, no cell effect, no HP, no goal, no gold read), and
        every arrangement one action can make is among those its
        :meth:`~zorglab.engine.heroes.base.HeroBehaviour.board_moves` hook lists (the Mechanic's
        shoves). Then a lone walk it may interrupt is still asked, with its moves made at every
        pause (FR-57), rather than left unasked. Default False.
    """

    stirs_sleepers: bool = True
    bounded: bool = False
    always_plans: bool = False
    keeps_slots: bool = False
    alike_destinations: bool = False
    walks_alone: bool = False
    quiet_when_spent: bool = False
    moves_rooms_only: bool = False


NO_FACTS = SearchFacts()
"""The facts of a type or mark that declares none: every cut that would need one stands aside."""
