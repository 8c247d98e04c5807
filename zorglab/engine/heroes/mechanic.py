"""Mechanic(x, dict): shoves listed rooms (FR-24).

Rules (docs/rules.md#heroes-priority-layers-fr-22fr-25): standing in a room listed in ``dict``, the Mechanic may, as one
action, shove that room with everything in it one slot up, right, down or left onto an empty
slot, anywhere on the grid (ZR-30: it has no edge), if every border still matches afterwards
(FR-38, through ``roommoves.move_problem``). Its actions offer only shoves that end within
:data:`SHOVE_MARGIN` slots of the rectangle the *other* rooms span: a shove farther out is never on
a least-cost plan (docs/rules.md FR-24), so plans stay finite and exact.
It rides along: no room entry, no cell effect (ZR-15). In its plan a shove weighs
``dict[room]`` steps (0 if negative).

Planning, lexicographically: (1) length — steps plus shove weights, HP ignored; (2) unjustified
shoves; ties up, right, down, left, a step before a shove in the same direction. The seed's
gloss "using power itself as a tie-break" names what an unjustified use is: a shove that does
not shorten the walk, so at best it only ties. A shove is *justified* when its weight plus the
walking distance to the goal on the shoved map (no further shoves) is less than the walking
distance from the same spot before it (an impossible walk is infinitely long). Both distances
come from the Warrior's plan graphs (cost = actions) on the two maps, cached by the planner.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType, ModuleType, SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

from zorglab.core.geometry import Direction, Slot, neighbour_slot
from zorglab.engine.facts import SearchFacts
from zorglab.engine.heroes.base import HeroBehaviour
from zorglab.core.registry import Param, ParamKind, hero_type
from zorglab.engine import lazy

# the events (``_ev``), the plan graph and the room moves are imported where used: a level is loaded
# and checked (``zorglab validate``) without the engine's run-time modules (docs/performance.md, CLI latency)
if TYPE_CHECKING:
    from zorglab.engine.hero_scratch import HeroScratch
    from zorglab.engine.plangraph import Action, PlanGraph, PlanState
    from zorglab.engine.world import World
    from zorglab.engine.resolve import Resolution
    from zorglab.engine.state import Position

_ev = lazy.events    # zorglab.engine.events, imported when a level is first played


ORDER = (Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT)
WALKER = ("Warrior", (1,))      # the walking distance of ZR-13's Warrior: actions, HP ignored

@dataclass(frozen=True)
class Shove:
    """Shove the Mechanic's room one slot in ``direction``; ``justified`` is for its plan cost."""

    direction: Direction
    justified: bool = True

    def __str__(self) -> str:
        return f"shove {self.direction}"


def weight(world: World, args: tuple[Any, ...], room: int) -> int | None:
    """``dict[room]`` in steps (negative counts as 0), or None if the room is not listed."""
    steps = Mechanic.signature.arg(args, "dict").get(world.rooms[room].label)
    return None if steps is None else max(0, steps)


def shoved_slots(world: World, slots: tuple[Slot, ...], room: int, direction: Direction) -> tuple[Slot, ...] | None:
    """The slots after shoving ``room`` one slot in ``direction``, or None if illegal (FR-38)."""
    cache = world.memo("mechanic.shoves")
    key = (slots, room, direction)
    if key not in cache:
        target = neighbour_slot(slots[room], direction)
        result = None
        if _near(slots, room, target) and target not in world.slot_index(slots):
            view = SimpleNamespace(world=world, slots=slots)
            from zorglab.engine.roommoves import move_problem
            if move_problem(view, {room: target}) is None:      # type: ignore[arg-type]
                moved = list(slots)
                moved[room] = target
                result = tuple(moved)
        cache[key] = result
    return cast("tuple[Slot, ...] | None", cache[key])


SHOVE_MARGIN = 2    # slots beyond the other rooms' rectangle a shove may end in (ZR-30's representatives)


def _near(slots: tuple[Slot, ...], room: int, slot: tuple[int, int]) -> bool:
    """Within :data:`SHOVE_MARGIN` of the rectangle every room but ``room`` spans (ZR-30).

    Past one slot from that rectangle a room touches no other, so it is isolated: a shove there is
    legal and unjustified (no walk leaves it), whatever the slot. A plan whose room goes past two
    slots out can be clamped to the ring two slots out: every shove stays legal and isolated where it
    was, and the shove that crossed the ring disappears, so the clamped plan costs strictly less
    (one unjustified shove fewer, no more length). No least-cost plan leaves that ring, so offering
    shoves beyond it changes no plan and no first step."""
    others = [s for i, s in enumerate(slots) if i != room]
    if not others:
        return True
    cols = [c for c, _ in others]
    rows = [r for _, r in others]
    return (min(cols) - SHOVE_MARGIN <= slot[0] <= max(cols) + SHOVE_MARGIN
            and min(rows) - SHOVE_MARGIN <= slot[1] <= max(rows) + SHOVE_MARGIN)


MEMO_BOUND = 200_000     # walks and plans the world's memos keep before they are dropped (found again)


def _walk(graph: PlanGraph, s: PlanState, slots: tuple[Slot, ...]) -> int | None:
    """Actions a walk (no shove) from plan state ``s`` to the goal takes on ``slots``, or None.

    Kept in the world's memo by all a walk reads (the map, the goal, the plan state), so a walk
    answered once is not asked of the Warrior's plan graph again when the search's plan budget
    forgets that graph: the Mechanic's shoves make one map per arrangement of its rooms."""
    start = s[:7] + ((),)
    memo = graph.world.memo("mechanic.walks")
    key = (slots, graph.cleared, graph.targets, start)
    found = memo.get(key, memo)
    if found is not memo:
        return cast("int | None", found)
    walker = graph.world.planner.graph_for(slots, graph.cleared, *WALKER, graph.targets)
    cost = walker.cost_to_go(start) if walker.action(start) is not None else None
    if len(memo) >= MEMO_BOUND:
        memo.clear()
    walk = memo[key] = None if cost is None else cost[0]
    return walk


@hero_type("Mechanic", Param("x", ParamKind.INT, minimum=1, said="HP"), Param("dict", ParamKind.ROOM_INT_MAP))
class Mechanic(HeroBehaviour):
    """From a listed room it can shove that room into an adjacent empty slot."""

    directions = ORDER
    moves_rooms = True      # a shove moves the room it stands in (FR-24)
    # A shove carries a room's sleepers without an entry (ZR-8, ZR-15), as Swap and Move do, but
    # changes every other hero's board: quiet only when no room it lists is in the world (FR-56).
    # A walk is always among its plans, so it has one wherever Z can be reached (FR-51's groups).
    # What it does to another hero is shove the room that hero stands in, and the rooms it walks
    # through (FR-57: ``board_moves``): the bound's lone walks beside it take its shoves at each pause.
    facts = SearchFacts(stirs_sleepers=False, always_plans=True, quiet_when_spent=True, moves_rooms_only=True)
    plans_forward = True    # its plan space multiplies by the maps its shoves make; search only up to the goal
    cost_names = ("length", "unjustified_shoves")
    layer_words = MappingProxyType({
        "length": ("shortest path using its power (steps + shove weights)", "length"),
        "unjustified_shoves": ("the Mechanic's justified shoves (fewest unjustified)", "unjustified shoves")})

    @classmethod
    def profile(cls, args: tuple[Any, ...]) -> tuple[object, ...]:
        return (cls.name, cls.immune(args), cls.signature.arg(args, "dict"))

    @staticmethod
    def spent(world: World, args: tuple[Any, ...], extra: tuple[Any, ...]) -> bool:
        """No room of the world is listed (FR-56): it never shoves, a walker to Z."""
        return all(weight(world, args, room) is None for room in range(len(world.rooms)))

    @staticmethod
    def board_moves(world: World, args: tuple[Any, ...], slots: tuple[Slot, ...]) -> tuple[tuple[Slot, ...], ...]:
        """Every arrangement one shove can make from ``slots``: any listed room, any direction
        the rules allow (FR-24, FR-38), wherever the Mechanic stands (FR-57: a superset)."""
        found = []
        for room in range(len(world.rooms)):
            if weight(world, args, room) is not None:
                for direction in ORDER:
                    moved = shoved_slots(world, slots, room, direction)
                    if moved is not None:
                        found.append(moved)
        return tuple(found)

    @staticmethod
    def perform(res: Resolution, hero: HeroScratch, action: Action) -> bool:
        if not isinstance(action, Shove):
            return res.step(hero, action)
        if hero.pos is None or weight(res.world, hero.args, hero.pos[0]) is None:
            return False
        room = hero.pos[0]
        slots = shoved_slots(res.world, res.slots, room, action.direction)
        if slots is None:
            return False
        res.emit(_ev().Shoved, hero.label, res.world.rooms[room].label, str(action.direction), slots[room])
        res.move_rooms({room: slots[room]}, "shove")
        res.performed = action
        return True

    @classmethod
    def plan_actions(cls, graph: PlanGraph, s: PlanState) -> tuple[Action, ...]:
        room = s[0][0]
        steps = weight(graph.world, graph.args, room)
        if steps is None:
            return ORDER
        slots = cls.plan_map(graph, s)[0]
        moves = {d: shoved_slots(graph.world, slots, room, d) for d in ORDER}
        before = _walk(graph, s, slots) if any(m is not None for m in moves.values()) else None
        actions: list[Any] = []
        for direction in ORDER:
            actions.append(direction)
            moved = moves[direction]
            if moved is not None:
                after = _walk(graph, s, moved)
                justified = after is not None and (before is None or steps + after < before)
                actions.append(Shove(direction, justified))
        return tuple(actions)

    @classmethod
    def action_words(cls, graph: PlanGraph, s: PlanState, action: Action) -> str:
        """A shove with the figures that justify it or not (FR-24): its weight, the walk on the
        shoved map, the walk from here on foot."""
        if not isinstance(action, Shove):
            return str(action)
        room = s[0][0]
        steps = weight(graph.world, graph.args, room)
        slots = cls.plan_map(graph, s)[0]
        moved = shoved_slots(graph.world, slots, room, action.direction)
        before = _walk(graph, s, slots)
        after = None if moved is None else _walk(graph, s, moved)
        foot = "no walk reaches the goal from here" if before is None else f"{before} step(s) on foot from here"
        then = "no walk from there" if after is None else f"{steps} + {after} step(s) on the shoved map"
        return f"{action} ({then} vs {foot}: {'justified' if action.justified else 'unjustified'})"

    @staticmethod
    def plan_map(graph: PlanGraph, s: PlanState) -> tuple[tuple[Slot, ...], frozenset[Position]]:
        return (s[7][0] if s[7] else graph.slots), graph.cleared

    @classmethod
    def plan_key(cls, graph: PlanGraph, s: PlanState) -> tuple[Any, ...]:
        """The map its plan sees (the graph's, or the one its own shoves made) and the plan state
        but the shoves' record: what its actions, their costs and its walks read."""
        return cls.plan_map(graph, s), s[:7]

    @staticmethod
    def plan_extra(res: Resolution, hero: HeroScratch) -> tuple[Any, ...]:
        """The map of the plan from here on, after a shove or not: a plan state after the first
        is the same on every graph (:meth:`plan_key`), so its steps are worked out once."""
        return (res.slots,)

    @staticmethod
    def step_cost(res: Resolution) -> tuple[int, ...]:
        shove = res.performed
        if not isinstance(shove, Shove):
            return (1, 0)
        (hero,) = res.heroes.values()
        assert hero.pos is not None         # a shove is made standing in a room
        steps = weight(res.world, hero.args, hero.pos[0])
        assert steps is not None            # only a listed room is shoved (FR-24)
        return (steps, 0 if shove.justified else 1)
