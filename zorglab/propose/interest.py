"""Interest (issue 26): does what the designer pinned matter, and is the level more than a spawn kill?

Every figure is proved by the exact search or read off the whole state graph
(:func:`zorglab.search.analysis.explore`, engine transitions only); no rule is restated here:

- a pinned **spell** is *necessary*: with it taken away the search proves the level unsolvable;
- a pinned **room** *matters*: replaced by a plain room on the same walls and openings (``D(0)``,
  the tile's own cells made floor: its effect removed), the level becomes unsolvable or its fewest
  spells change; **and** some winning run has a hero enter it (a state from which a win is still
  reachable where a hero's entry count for that room is above zero);
- a pinned **hero** *matters*: replaced by a plain hero of the same hit points (a Warrior; a pinned
  Warrior by an Elf without immunities), the level becomes unsolvable, its fewest spells change,
  or the witness no longer wins;
- **spawn kill**: the level needs a spell, and some winning run casts all its spells before any hero
  has taken a step (only spawns happened): the road plays no part;
- **first cast**: the earliest casting point at which a fewest-spells win makes its first cast,
  i.e. how many actions the player must watch before acting (``None`` when no spell is needed);
- **distinct cast lists**: winning cast lists counted up to commuting casts (two lists that cast the
  same spells at the same casting points, only in another order there, are one);
- **timing between heroes** (asked with ``timing=True``; issue 42): every winning run has a casting
  point where two living heroes stand on the board together (a hero held back, say asleep, while the
  next one catches up: ZR-7 lets a later hero act only while the earlier ones are dead, asleep or
  stuck), and the run without casts never has one: the meeting is the player's doing. Read off the
  whole state graph (:func:`zorglab.propose.runs.won_apart`, :func:`~zorglab.propose.runs.meet_without_casts`).

A figure the budget could not settle is ``None`` (unknown), and an unknown never counts as met.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Literal

from zorglab.core.model import Cast, HeroSpec, Level, Outcome, RoomSpec, SpellSpec
from zorglab.core.registry import find_hero_type, room_types
from zorglab.core.tiles import Tile
from zorglab.engine.game import Setup, play, setup
from zorglab.engine.layout import Layout
from zorglab.propose.brief import PLAIN_HERO, PLAIN_HERO_FOR_PLAIN, PLAIN_ROOM
from zorglab.propose.runs import (cost_to_win, distinct_cast_lists, entered, first_cast, meet_without_casts,
                                  spawn_kill, won_apart)
from zorglab.search.analysis import StateGraph, explore
from zorglab.search.decide import decide_solvable
from zorglab.search.level import solve_setup, world_search
from zorglab.search.solver import SOLVABLE, UNSOLVABLE

INTEREST_STATES = 20_000        # each search and the state graph: states, never seconds


PinKind = Literal["room", "hero", "spell"]
"""What a brief may pin: a room, a hero or a spell of the level."""


@dataclass(frozen=True)
class Pin:
    """One pinned room, hero or spell and whether it matters (None: the budget could not tell)."""

    kind: PinKind
    label: str
    text: str
    matters: bool | None
    why: str

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "text": self.text, "matters": self.matters, "why": self.why}


@dataclass(frozen=True)
class Interest:
    """What a candidate teaches, in figures each proved by the exact search."""

    pins: tuple[Pin, ...] = ()
    spawn_kill: bool | None = None
    spawn_kill_casts: tuple[str, ...] = ()   # a winning cast list made before any step (when one is)
    first_cast: int | None = None            # casting point of a fewest-spells win's first cast
    fewest: int | None = None                # fewest spells, from the state graph
    distinct_lists: int | None = None        # winning cast lists up to commuting casts
    lists_capped: bool = False
    graph_states: int = 0                    # size of the reachable state graph
    complete: bool = True                    # the state graph was explored whole
    notes: tuple[str, ...] = field(default=())
    pin_word: str = "pinned"                 # how lines() names the pins ("taught" for a pack lesson)
    meet: bool | None = None                 # every win has two living heroes on the board together (None: not asked or unknown)
    meet_free: bool | None = None            # the run without casts has two living heroes on the board together

    @property
    def timing(self) -> bool | None:
        """A timing puzzle between heroes: every win needs two living heroes together, and the run
        without casts never brings them together (None: not asked, or the graph was not explored whole)."""
        if self.meet is None or self.meet_free is None:
            return None
        return self.meet and not self.meet_free

    @property
    def pins_matter(self) -> bool:
        return all(p.matters is True for p in self.pins)

    def figures(self) -> dict[str, Any]:
        """The figures as plain values (for tables, JSON and the file's comments)."""
        return {"pins_matter": self.pins_matter, "spawn_kill": self.spawn_kill,
                "first_cast": self.first_cast, "distinct_cast_lists": self.distinct_lists,
                "distinct_capped": self.lists_capped, "graph_states": self.graph_states,
                "pins": [p.to_json() for p in self.pins],
                **({"timing": self.timing} if self.meet is not None else {})}

    def lines(self) -> tuple[str, ...]:
        """The figures in words, one per line (the Propose panel, the CLI, the file's comments)."""
        out = []
        for pin in self.pins:
            state = {True: "matters", False: "does NOT matter", None: "unknown"}[pin.matters]
            out.append(f"{self.pin_word} {pin.kind} {pin.text} ({pin.label}) {state}: {pin.why}")
        if self.spawn_kill is None:
            out.append("spawn kill: unknown (state graph not explored whole)")
        elif self.spawn_kill:
            out.append(f"spawn kill: yes, won before any hero steps by {' '.join(self.spawn_kill_casts) or '(no cast)'}")
        else:
            out.append("spawn kill: no (every win casts after a hero has stepped)")
        if self.first_cast is not None:
            out.append(f"first cast of a fewest-spells win: after {self.first_cast} action(s) at the earliest")
        if self.distinct_lists is not None:
            out.append(f"winning cast lists up to commuting casts: {self.distinct_lists}"
                       f"{'+' if self.lists_capped else ''}")
        if self.meet is not None:
            out.append(self.timing_line())
        return tuple(out)

    def timing_line(self) -> str:
        """The timing figure in words (asked with ``timing=True``)."""
        if self.timing:
            return ("timing between heroes: yes (every win has two living heroes on the board together, "
                    "which the run without casts never has)")
        if self.meet_free:
            return "timing between heroes: no (the run without casts already has two heroes on the board together)"
        return "timing between heroes: no (a win takes the heroes one after the other, never two on the board)"


# -- the plain stand-ins ----------------------------------------------------------------------


def _own_cells() -> str:
    return "".join(sorted({ch for cls in room_types() for ch in cls.own_cells}))


def plain_room(level: Level, label: str) -> Level:
    """``level`` with room ``label`` made plain: the plain room type on its tile with the cells only
    its own type may hold (green, dark, light) made floor; same walls and openings, no effect."""
    from zorglab.level.parse import parse_room

    room = level.room(label)
    tile = level.room_tile(label)
    own = _own_cells()
    rows = tuple("".join("." if ch in own else ch for ch in row) for row in tile.rows)
    name = f"plain-{label}"
    plain = parse_room(PLAIN_ROOM)
    spec = RoomSpec(label=room.label, type=plain.type, args=plain.args, tile=name, source=f"{PLAIN_ROOM} @ {name}")
    rooms = tuple(spec if r.label == label else r for r in level.rooms)
    return level.replace(rooms=rooms, tiles=level.tiles + ((name, Tile(name, rows)),))


def plain_hero(level: Level, label: str) -> Level:
    """``level`` with hero ``label`` replaced by a plain hero of the same hit points."""
    hero = level.hero(label)
    behaviour = find_hero_type(hero.type)
    assert behaviour is not None
    hp = behaviour.signature.arg(hero.args, "x")
    plain = PLAIN_HERO.split("(")[0]
    text = PLAIN_HERO_FOR_PLAIN if hero.type == plain else PLAIN_HERO
    from zorglab.level.parse import parse_hero
    other = parse_hero(text.format(hp=hp))
    spec = HeroSpec(label=hero.label, type=other.type, args=other.args, source=text.format(hp=hp))
    return level.replace(heroes=tuple(spec if h.label == label else h for h in level.heroes))


# -- the figures ---------------------------------------------------------------------------------


def _fewest(game: Setup, max_states: int) -> tuple[str, int | None, tuple[Cast, ...]]:
    verdict = solve_setup(game, max_states=max_states, fewest=True)
    if verdict.verdict != SOLVABLE:
        return verdict.verdict, None, ()
    return SOLVABLE, verdict.worlds[0][1].spells_used, verdict.casts


def _room_pin(level: Level, layout: Layout, label: str, fewest: int, graph: StateGraph,
              max_states: int) -> tuple[bool | None, str]:
    index = [r.label for r in level.rooms].index(label)
    verdict, other, _ = _fewest(setup(plain_room(level, label), layout, decide=decide_solvable), max_states)
    if verdict == SOLVABLE and other == fewest:
        return False, f"made plain it still wins with {fewest} spell(s)"
    if verdict not in (SOLVABLE, UNSOLVABLE):
        return None, "made plain, the search ran out of budget"
    change = "unsolvable" if verdict == UNSOLVABLE else f"{other} spell(s) instead of {fewest}"
    if not graph.complete:
        return None, f"made plain: {change}; whether a winning run enters it is unknown"
    if not entered(graph, index):
        return False, f"made plain: {change}, but no winning run enters it"
    return True, f"made plain: {change}; a winning run enters it"


def _hero_pin(level: Level, layout: Layout, label: str, fewest: int, witness: tuple[Cast, ...],
              max_states: int) -> tuple[bool | None, str]:
    changed = plain_hero(level, label)
    stand_in = changed.hero(label).source
    game = setup(changed, layout, decide=decide_solvable)
    verdict, other, _ = _fewest(game, max_states)
    if verdict == UNSOLVABLE:
        return True, f"as {stand_in}: unsolvable"
    if verdict != SOLVABLE:
        return None, f"as {stand_in}: the search ran out of budget"
    if other != fewest:
        return True, f"as {stand_in}: {other} spell(s) instead of {fewest}"
    if play(game, witness).outcome is not Outcome.WIN:
        return True, f"as {stand_in}: the witness no longer wins"
    return False, f"as {stand_in}: the witness still wins with {fewest} spell(s)"


def _spell_pin(game: Setup, label: str, max_states: int) -> tuple[bool | None, str]:
    world = game.world()
    spell = next(s for s in world.spells if s.label == label)
    start = world.initial_state()
    left = list(start.spells_left)
    left[spell.index] = False
    verdict = world_search(game, start=start.replace(spells_left=tuple(left))).run(max_states).verdict
    if verdict == UNSOLVABLE:
        return True, "necessary: without it the level cannot be won"
    if verdict == SOLVABLE:
        return False, "not necessary: the level is won without it"
    return None, "without it, the search ran out of budget"


def pinned_labels(level: Level, kind: PinKind, pins: Iterable[str]) -> list[tuple[str, str]]:
    """(label, pin text) for each pin: the first entry of that kind written as the pin, in order."""
    entries: tuple[RoomSpec | HeroSpec | SpellSpec, ...] = (
        level.rooms if kind == "room" else level.heroes if kind == "hero" else level.spells)
    used: set[str] = set()
    out = []
    for pin in pins:
        want = pin.replace(" ", "")
        for entry in entries:
            source = entry.source.split(" @ ")[0].replace(" ", "")
            if entry.label not in used and source == want:
                used.add(entry.label)
                out.append((entry.label, pin))
                break
    return out


def interest(level: Level, layout: Layout, *, rooms: Iterable[str] = (), heroes: Iterable[str] = (),
             spells: Iterable[str] = (), max_states: int = INTEREST_STATES, lists: bool = True,
             timing: bool = False) -> Interest:
    """The interest figures of ``level`` on ``layout`` (main world; mirrors are not judged): the pins
    are labels of the level's rooms, heroes and spells; ``timing``: judge the timing between heroes
    too (unknown unless the state graph is explored whole)."""
    game = setup(level, layout, decide=decide_solvable)
    verdict, fewest, witness = _fewest(game, max_states)
    if verdict != SOLVABLE or fewest is None:
        return Interest(complete=False, notes=(f"the level is {verdict}",))
    graph = explore(game, budget=max_states)
    pins: list[Pin] = []
    for label in rooms:
        matters, why = _room_pin(level, layout, label, fewest, graph, max_states)
        pins.append(Pin("room", label, level.room(label).source.split(" @ ")[0], matters, why))
    for label in heroes:
        matters, why = _hero_pin(level, layout, label, fewest, witness, max_states)
        pins.append(Pin("hero", label, level.hero(label).source, matters, why))
    for label in spells:
        matters, why = _spell_pin(game, label, max_states)
        pins.append(Pin("spell", label, next(s.source for s in level.spells if s.label == label), matters, why))
    if not graph.complete:
        return Interest(tuple(pins), complete=False, fewest=fewest, graph_states=graph.states)
    cost = cost_to_win(graph)
    killed, made = spawn_kill(game, graph)
    count, capped = distinct_cast_lists(game, graph) if lists else (None, False)
    meet, free = (not won_apart(graph), meet_without_casts(graph)) if timing else (None, None)
    return Interest(tuple(pins), killed, made, first_cast(graph, cost), cost.get(graph.start), count, capped,
                    graph.states, True, meet=meet, meet_free=free)


def level_interest(level: Level, solution: int | None = None, *, rooms: Iterable[str] = (),
                   heroes: Iterable[str] = (), spells: Iterable[str] = (), **options: Any) -> Interest:
    """:func:`interest` on a level file's winning solution's layout (the last ``win`` by default)."""
    if solution is None:
        solution = max(i for i, s in enumerate(level.solutions) if s.expect is Outcome.WIN)
    chosen = level.solutions[solution]
    if level.variables:
        level = level.with_choices(dict(chosen.choices))
    return interest(level, Layout.from_solution(chosen), rooms=rooms, heroes=heroes, spells=spells, **options)

