"""What a hero type supplies to the planner (ZR-13): goal, cost vector, direction order."""

from __future__ import annotations

from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping

from zorglab.core.geometry import Direction, Slot
from zorglab.core.values import Element
from zorglab.engine.facts import NO_FACTS, SearchFacts

if TYPE_CHECKING:
    from random import Random

    from zorglab.core.registry import Signature
    from zorglab.engine.hero_scratch import HeroScratch
    from zorglab.engine.plangraph import Action, PlanGraph, PlanState
    from zorglab.engine.resolve import Resolution
    from zorglab.engine.state import GameState, Position
    from zorglab.engine.world import World


class HeroBehaviour:
    """Default: goal Z, cost = actions, ties right, up, left, down (the Warrior).

    A hero type subclasses this, overrides what differs (goal, cost vector, direction order, its
    own actions) and registers with :func:`~zorglab.core.registry.hero_type` (docs/levels.md,
    "Adding a type"); the planner (ZR-13) reads only these class attributes and hooks.

    Examples
    --------
    >>> [str(d) for d in HeroBehaviour.directions], HeroBehaviour.cost_names
    (['right', 'up', 'left', 'down'], ('actions',))
    >>> HeroBehaviour.reads_hp, HeroBehaviour.facts.stirs_sleepers
    (False, True)
    """

    name: str
    directions: tuple[Direction, ...] = tuple(Direction)
    cost_names: tuple[str, ...] = ("actions",)
    # *explain*'s words for the type's own cost entries: cost name -> (the priority layer it decides,
    # the figure's name), e.g. the Gunner's {"never_fires": ("the Gunner's first shot ...", "never fires")};
    # an entry not listed is said in explain's shared words ("actions", "hp_lost").
    layer_words: ClassVar[Mapping[str, tuple[str, str]]] = MappingProxyType({})
    reads_hp: bool = False      # does the cost vector read HP? If not, HP-only state is left out of plans
    reads_gold: bool = False    # does the type's own planning read gold beyond tolls and portals?
    plans_forward: bool = False  # answer each plan state by a goal-bounded forward search from the start
    # optional (res, hero) -> the extra cost at a plan's end, or None to veto ending there (the Gunner)
    plan_goal: Callable[[Resolution, HeroScratch], tuple[int, ...] | None] | None = None
    weighs_rooms: bool = False  # does the type weigh rooms beyond the default {Z: 1}? (FR-25; see room_weights)
    pulls_heroes: bool = False  # does a hero of this type pull others to its room? (FR-25; see pull)
    moves_rooms: bool | None = None     # can its actions move a room? (Mechanic: True; None: unknown, taken as yes)
    # What the search's cuts may rely on (zorglab.engine.facts): ``stirs_sleepers`` (can its actions
    # change another hero's HP? FR-49), ``always_plans`` (FR-51's groups), ``walks_alone`` and
    # ``quiet_when_spent`` (with ``spent``: FR-56, the bound's quiet heroes). None by default.
    facts: ClassVar[SearchFacts] = NO_FACTS
    signature: ClassVar[Signature]      # set by the registry's decorator

    @staticmethod
    def arg_fault(args: tuple[Any, ...]) -> tuple[int, str] | None:
        """(index of a faulty argument, why) when arguments of the right kinds still make no sound
        hero (the Portal's ``f`` giving no whole number, ZR-26); None when sound. The loader and
        ``World`` ask it once the choices are made."""
        return None

    @staticmethod
    def spent(world: World, args: tuple[Any, ...], extra: tuple[Any, ...]) -> bool:
        """Can a hero of this type with these arguments, its state's ``extra`` being this, do
        nothing more that sets it apart from a plain walker to Z (FR-56)? Read only where the type
        declares ``SearchFacts.quiet_when_spent``; once true it must stay true in every later state
        (``extra`` only goes on). False by default."""
        return False

    @staticmethod
    def walks_as(world: World, args: tuple[Any, ...], extra: tuple[Any, ...]) -> tuple[str, tuple[Any, ...]] | None:
        """(hero type, arguments) of a plain type whose plans are this hero's from now on, step for
        step, HP for HP (FR-56): the damage bound's lone walk may plan it as that type (a spent
        Gunner as an Elf immune to nothing: its plan graph is explored once, not searched from
        every step). None (the default): it plans as itself."""
        return None

    @staticmethod
    def board_moves(world: World, args: tuple[Any, ...], slots: tuple[Slot, ...]) -> tuple[tuple[Slot, ...], ...]:
        """Every arrangement of the rooms one action of such a hero can make from ``slots``,
        wherever it stands (a superset is fine): read only where the type declares
        ``SearchFacts.moves_rooms_only`` (FR-57). None by default."""
        return ()

    @classmethod
    def quiet(cls, world: World, args: tuple[Any, ...], extra: tuple[Any, ...]) -> bool:
        """Is such a hero *quiet* (FR-56): its type ``walks_alone``, or it is ``quiet_when_spent``
        and :meth:`spent`? A quiet hero changes no other hero's walk, goal or HP from now on."""
        facts = cls.facts
        return facts.walks_alone or facts.quiet_when_spent and cls.spent(world, args, extra)

    @classmethod
    def max_hp(cls, args: tuple[Any, ...]) -> int:
        return int(cls.signature.arg(args, "x"))

    @staticmethod
    def room_weights(args: tuple[Any, ...]) -> tuple[tuple[str, Any], ...]:
        """(room label, weight) pairs overriding the default ``{Z: 1}`` (FR-25); none by default."""
        return ()

    @staticmethod
    def pull(args: tuple[Any, ...]) -> Fraction | None:
        """The pull ``b`` a hero of this type puts on the room it stands in (FR-25); None: none."""
        return None

    @staticmethod
    def immune(args: tuple[Any, ...]) -> frozenset[Element]:
        return frozenset()

    @staticmethod
    def step_cost(res: Resolution) -> tuple[int, ...]:
        """The cost vector of one action, read off the resolution that performed it."""
        return (1,)

    @classmethod
    def profile(cls, args: tuple[Any, ...]) -> tuple[object, ...]:
        """Everything planning depends on besides the map and plan state (never HP: ZR-13)."""
        return (cls.name, cls.immune(args))

    @staticmethod
    def perform(res: Resolution, hero: HeroScratch, action: Action) -> bool:
        """Carry out a planned action; the default action set is the four steps."""
        return res.step(hero, action)

    @classmethod
    def plan_actions(cls, graph: PlanGraph, s: PlanState) -> tuple[Action, ...]:
        """The actions a plan may take from plan state ``s``, in tie-break order."""
        return cls.directions

    @staticmethod
    def plan_map(graph: PlanGraph, s: PlanState) -> tuple[tuple[Slot, ...], frozenset[Position]]:
        """The (slots, cleared cells) a plan step sees: the graph's map, unless the hero's own
        power changed it earlier in the plan (ZR-13: "only the hero's own power changes it")."""
        return graph.slots, graph.cleared

    @staticmethod
    def plan_key(graph: PlanGraph, s: PlanState) -> tuple[Any, ...] | None:
        """All that the plan from plan state ``s`` on ``graph`` reads besides the hero's profile
        and goal, when the type can say it: from states of equal keys (on any graph) the same
        actions lead at the same costs to the same plan states, so a plan searched from every
        state (``plans_forward``) is searched once per key and its steps are worked out once
        (the Mechanic: the map its own shoves made and the rest of the plan state; its plan
        states after the first carry their map). None (the default): the plan is the graph's own."""
        return None

    @staticmethod
    def plan_extra(res: Resolution, hero: HeroScratch) -> tuple[Any, ...]:
        """The type-specific part of the next plan state."""
        return hero.extra

    @staticmethod
    def targets(world: World, state: GameState, index: int) -> frozenset[int]:
        """Rooms whose entry is this hero's goal: Z, unless a weight pull (FR-25) says otherwise."""
        return world.target_rooms(state, index)

    @staticmethod
    def goal_words(world: World, state: GameState, index: int) -> str | None:
        """The goal of hero ``index`` (a hero of this type) in the type's own words, for *explain*:
        what :meth:`targets` heads for and why. None (the default): *explain* says it itself —
        Zorg's room, or the perceived weights under a pull (FR-25)."""
        return None

    @staticmethod
    def action_words(graph: PlanGraph, s: PlanState, action: Action) -> str:
        """A first action of a plan from plan state ``s`` in the designer's words, for *explain*
        (a type says what its own actions weigh: the Mechanic's shove, the Gunner's aim)."""
        return str(action)

    @staticmethod
    def draft(rng: Random, hp: int, elements: list[str]) -> str | None:
        """A random hero of this type with ``hp`` hit points in notation, for the level generator
        (``elements``: those on the road); None: the generator cannot draft this type."""
        return None
