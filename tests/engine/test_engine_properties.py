"""Properties of the engine on random small dungeons (NFR-1, ZR-13, ZR-20).

Maps are a few rooms on a 3x3 board, every tile open at the middle of each side (so any two
neighbours match, ZR-4) with one of a few interior shapes; heroes are Warriors and Elves;
casts are a random walk over a small spell list (refused ones are simply skipped).
"""

from __future__ import annotations

import heapq

from hypothesis import HealthCheck, given, settings, strategies as st

from builders import cast, compose, dungeon, table
from zorglab.engine import cells
from zorglab.core.geometry import Direction
from zorglab.engine.run import run_world
from zorglab.engine.state import GameState

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SHAPES = (                                  # 3x3 interiors; openings sit at the middle of each side
    ("...", "...", "..."),
    ("#.#", "...", "#.#"),
    ("...", ".#.", "..."),
    ("###", "...", "###"),
    ("#.#", "#.#", "#.#"),
    ("#.#", "..#", "###"),
    ("...", "..#", ".##"),
)
ELEMENTS = ("fire", "water", "ice", "poison")
SPELL_MENU = (("Attack", 1), ("Attack", 2), ("Sleep",), ("Wake",), ("Banality",), ("Teleport", 1), ("Teleport", 2))


def tile(interior: tuple[str, str, str]) -> tuple[str, ...]:
    middle = ["#" + interior[0] + "#", "." + interior[1] + ".", "#" + interior[2] + "#"]
    return ("##.##", *middle, "##.##")


def slots(rnd, count: int) -> list[tuple[int, int]]:
    """``count`` side-connected slots inside a 3x3 board, normalised to start at (0, 0)."""
    chosen = [rnd.choice([(c, r) for r in range(3) for c in range(3)])]
    while len(chosen) < count:
        frontier = sorted({(c + d.dx, r + d.dy) for c, r in chosen for d in Direction
                           if 0 <= c + d.dx < 3 and 0 <= r + d.dy < 3} - set(chosen))
        chosen.append(rnd.choice(frontier))
    min_c = min(c for c, _ in chosen)
    min_r = min(r for _, r in chosen)
    return [(c - min_c, r - min_r) for c, r in chosen]


def room(rnd, kinds: tuple[str, ...], elements: tuple[str, ...]) -> tuple[tuple, tuple[str, ...]]:
    """A room's (type, args) and its tile: green cells for E, light cells for T."""
    kind = rnd.choice(kinds)
    rows = [list(r) for r in rnd.choice(SHAPES)]
    marks = {"E": "g", "T": "l"}
    if kind in marks:
        for y in range(3):
            for x in range(3):
                if rows[y][x] == "." and rnd.random() < 0.5:
                    rows[y][x] = marks[kind]
    interior = tuple("".join(r) for r in rows)
    if kind == "D":
        spec = ("D", rnd.randint(-2, 3))
    elif kind == "E":
        spec = ("E", rnd.choice(elements))
    elif kind == "O":
        spec = ("O", rnd.randint(1, 3))
    elif kind == "T":
        spec = ("T", rnd.randint(0, 2), rnd.choice(elements))
    else:
        spec = ("P", rnd.randint(1, 2), table(*[rnd.randint(0, 3) for _ in range(rnd.randint(1, 2))]))
    return spec, tile(interior)


@st.composite
def levels(draw, kinds: tuple[str, ...] = ("D", "E", "O"), elements: tuple[str, ...] = ELEMENTS,
           elves: float = 0.5) -> dict:
    """Everything needed to build the same world twice: board, layout, rooms, heroes, spells, casts.

    The map is drawn from a hypothesis-controlled Random so that a few examples already vary
    widely (shapes, elements, hit points) instead of clustering on the simplest choices.
    """
    rnd = draw(st.randoms(use_true_random=False))
    count = rnd.randint(3, 6)
    places = slots(rnd, count)
    far = max(abs(c - places[0][0]) + abs(r - places[0][1]) for c, r in places)
    z_index = rnd.choice([i for i, (c, r) in enumerate(places)      # Z far from A: longer runs
                          if i and abs(c - places[0][0]) + abs(r - places[0][1]) >= far - 1])
    rooms: dict[str, tuple] = {}
    tiles: dict[tuple[int, int], tuple[str, ...]] = {}
    labels: dict[tuple[int, int], str] = {}
    for i, slot in enumerate(places):
        if i == 0:
            label, spec, rows = "A", ("A",), ("##.##", "#...#", "..S..", "#...#", "##.##")
        elif i == z_index:
            label, spec, rows = "Z", ("Z",), tile(rnd.choice(SHAPES))
        else:
            spec, rows = room(rnd, kinds, elements)
            label = f"R{i}"
        rooms[label] = spec
        tiles[slot] = rows
        labels[slot] = label
    width = 1 + max(c for c, _ in places)
    height = 1 + max(r for _, r in places)
    board = compose(*[[tiles.get((c, r)) for c in range(width)] for r in range(height)])
    layout = "\n".join(" ".join(labels.get((c, r), ".") for c in range(width)) for r in range(height))
    heroes = {}
    for i in range(rnd.randint(1, 3)):
        hp = rnd.randint(1, 6)
        if rnd.random() >= elves:
            heroes[f"W{i}"] = ("Warrior", hp)
        else:
            heroes[f"E{i}"] = ("Elf", hp, frozenset(rnd.sample(elements, rnd.randint(0, 2))))
    spells = [rnd.choice(SPELL_MENU) for _ in range(rnd.randint(0, 4))]
    casts = []
    for spell in spells:
        if rnd.random() < 0.7:
            target = rnd.choice(sorted(heroes)) if spell[0] in {"Sleep", "Wake", "Banality"} else ()
            casts.append(cast(rnd.randint(0, 20), spell[0], *spell[1:], on=target))
    return {"board": board, "layout": layout, "rooms": rooms, "heroes": heroes, "spells": spells,
            "casts": sorted(casts, key=lambda c: c.tick)}


def build(level: dict):
    return dungeon(level["board"], layout=level["layout"], rooms=level["rooms"], heroes=level["heroes"],
                   spells=level["spells"])


PROBES = 8


def placed_states(world, state):
    """``state`` with a living hero moved onto up to ``PROBES`` non-wall cells outside Z, spread evenly.

    The hero arrives with a one-visit history there, as after a spawn: plan states a run may
    never reach, so the planner is checked across the map, not only along one path.
    """
    spots = [(index, room.index, (x, y)) for index, hero in enumerate(state.heroes) if hero.alive
             for room in world.rooms if room.type != "Z"
             for y in range(5) for x in range(5) if room.codes[y][x] != cells.WALL]
    step = max(1, len(spots) // PROBES)
    for index, room, local in spots[::step]:
        moved = state.heroes[index].replace(pos=(room, local), history=((room, local),), entries=((room, 1),))
        yield state.replace(heroes=state.heroes[:index] + (moved,) + state.heroes[index + 1:]), index


# -- determinism -------------------------------------------------------------------------------

@SETTINGS
@given(levels(kinds=("D", "E", "O", "T", "P")))
def test_same_level_layout_and_casts_give_the_same_run(level):
    world = build(level)
    first = run_world(world, level["casts"], keep_states=True)
    again = run_world(world, level["casts"], keep_states=True)          # warm plan caches
    fresh = run_world(build(level), level["casts"], keep_states=True)   # a new World
    for other in (again, fresh):
        assert other.events == first.events
        assert other.outcome is first.outcome
        assert other.refused == first.refused
        assert [s.tick for s in other.states] == [s.tick for s in first.states]
        reach = world.history_reach
        assert [s.key(reach) for s in other.states] == [s.key(reach) for s in first.states]
        assert other.state == first.state


@SETTINGS
@given(levels(kinds=("D", "E", "O", "T", "P")))
def test_situation_and_spells_left_tell_states_apart_exactly_as_the_key_does(level):
    # The search files states by situation, then spells left; the golden replays and the
    # analyses use key(). Both must group states the same way. States come from a run with
    # casts and one without, which agree until the first cast and then part.
    world = build(level)
    reach = world.history_reach
    states = run_world(world, level["casts"], keep_states=True).states
    states += run_world(world, (), keep_states=True).states

    def groups(of) -> set[frozenset[int]]:
        found: dict = {}
        for i, state in enumerate(states):
            found.setdefault(of(state), set()).add(i)
        return {frozenset(members) for members in found.values()}

    by_key = groups(lambda s: s.key(reach))
    assert by_key == groups(lambda s: (s.situation(reach), s.spells_left))
    assert any(len(members) > 1 for members in by_key)      # some states meet again
    first = states[-1]
    assert first.situation(reach) == first.replace(tick=first.tick + 7).situation(reach)
    # The search keeps a parent's board number when same_board says the board is unchanged.
    for a, b in zip(states, states[1:] + states[:1]):
        assert a.same_board(b) == (a.board() == b.board())
    assert any(a.same_board(b) for a, b in zip(states, states[1:]))


def test_the_board_is_every_field_but_the_tick_the_heroes_and_the_spells_left():
    state = GameState(3, ((0, 0),), (5,), 0, (), (True,), frozenset({(0, (1, 1))}), (0,), None, ("x",))
    assert state.board() == (((0, 0),), (5,), 0, frozenset({(0, (1, 1))}), (0,), None, ("x",), ())
    assert set(GameState._fields) - {"tick", "heroes", "spells_left"} == {
        "slots", "gold", "main_a", "cleared", "deaths", "lost_by", "extra", "unseen"}


# -- the planner's choice is a least-cost first step ---------------------------------------------

def check_choice(world, state, index: int) -> None:
    """ZR-13: the chosen first step has the least plan cost; ties go right, up, left, down."""
    candidates = world.planner.explain(state, index)
    assert [c.action for c in candidates] == [Direction.RIGHT, Direction.UP, Direction.LEFT, Direction.DOWN]
    costed = [c for c in candidates if c.cost is not None]
    picked = [c for c in candidates if c.chosen]
    if not costed:
        assert picked == [] and world.planner.action(state, index) is None
        return
    best = min(c.cost for c in costed)
    (choice,) = picked
    assert choice.cost == best
    assert choice.action == next(c.action for c in candidates if c.cost == best)
    assert world.planner.action(state, index) == choice.action


@SETTINGS
@given(levels(kinds=("D", "E", "O", "T", "P")))
def test_the_chosen_step_costs_no_more_than_any_other_first_step(level):
    world = build(level)
    result = run_world(world, level["casts"], keep_states=True)
    for state in result.states:
        if state.lost:
            continue
        for index, hero in enumerate(state.heroes):
            if hero.alive and hero.pos is not None:
                check_choice(world, state, index)
    for state, index in placed_states(world, world.initial_state()):
        check_choice(world, state, index)


# -- an independent reference planner on maps where a step's effect depends on the cell alone ------------------------

def reference_costs(world, state, index: int) -> dict[Direction, tuple[int, ...] | None]:
    """Least plan cost per first step, by a Dijkstra over global cells written from ZR-8/9/13.

    Valid for maps of A, Z, D, O and E(fire/water/ice) rooms while no D room holds gold: what
    a step does then depends only on the cell and the direction, never on the hero's past.
    """
    hero = state.heroes[index]
    elf = hero.type == "Elf"
    immune = world.immune_codes(hero.type, hero.args)
    by_slot = {slot: room for room, slot in enumerate(state.slots)}
    zero = (0, 0) if elf else (0,)
    goal = "GOAL"

    def where(cell):
        room = by_slot.get((cell[0] // 5, cell[1] // 5))
        return None if room is None else (room, (cell[0] % 5, cell[1] % 5))

    def code(cell):
        room, (x, y) = where(cell)
        c = world.rooms[room].codes[y][x]
        return cells.FLOOR if c in immune else c

    def passable(cell):
        return where(cell) is not None and code(cell) not in (cells.WALL, cells.WATER)

    def add(x, y):
        return tuple(p + q for p, q in zip(x, y))

    def enter(a, b):
        """(HP lost, reaches Z) on arriving at b from a: room entry (ZR-8), then the cell (ZR-9)."""
        room = where(b)[0]
        hp = 0
        if where(a)[0] != room:
            info = world.rooms[room]
            if info.type == "Z":
                return 0, True
            if info.type == "D" and info.args[0] > 0:
                hp += info.args[0]
        return hp + (1 if code(b) == cells.FIRE else 0), False

    def move(a, d):
        """(cost, where the action ends or GOAL) of one step from a towards d, slide included."""
        b = d.step(a)
        if not passable(b):
            return None
        hp, won = enter(a, b)
        while not won and code(b) == cells.ICE and passable(d.step(b)):
            more, won = enter(b, d.step(b))
            hp, b = hp + more, d.step(b)
        return ((hp, 1) if elf else (1,)), (goal if won else b)

    nodes = [(5 * c + x, 5 * r + y) for c, r in state.slots for y in range(5) for x in range(5)]
    preds: dict = {}
    for a in (n for n in nodes if passable(n)):
        for d in Direction:
            step = move(a, d)
            if step is not None:
                preds.setdefault(step[1], []).append((a, step[0]))
    dist = {goal: zero}
    heap = [(zero, 0, goal)]
    tie = 1
    while heap:
        d_v, _, v = heapq.heappop(heap)
        if d_v != dist.get(v):
            continue
        for u, cost in preds.get(v, ()):
            cand = add(cost, d_v)
            if u not in dist or cand < dist[u]:
                dist[u] = cand
                heapq.heappush(heap, (cand, tie, u))
                tie += 1
    col, row = state.slots[hero.pos[0]]
    here = (5 * col + hero.pos[1][0], 5 * row + hero.pos[1][1])
    out: dict[Direction, tuple[int, ...] | None] = {}
    for d in Direction:
        step = move(here, d)
        out[d] = None if step is None or step[1] not in dist else add(step[0], dist[step[1]])
    return out


@settings(SETTINGS, max_examples=20)
@given(levels(kinds=("D", "E", "E", "O"), elements=("fire", "fire", "water", "ice"), elves=0.7))
def test_plan_costs_match_an_independent_reference(level):
    world = build(level)
    result = run_world(world, level["casts"], keep_states=True)
    seen = [(state, index) for state in result.states for index, hero in enumerate(state.heroes)
            if not state.lost and hero.alive and hero.pos is not None]
    for state, index in seen + list(placed_states(world, world.initial_state())):
        if any(state.gold[r.index] for r in world.rooms if r.type == "D"):
            continue
        hero = state.heroes[index]
        if cells.WATER in (world.rooms[hero.pos[0]].codes[hero.pos[1][1]][hero.pos[1][0]],) and \
                cells.WATER not in world.immune_codes(hero.type, hero.args):
            continue                # a non-immune hero never stands on water: it would drown
        engine = {c.action: c.cost for c in world.planner.explain(state, index)}
        assert engine == reference_costs(world, state, index)
