"""The hero's state in a compiled temple: one definition for the solver, the route and play.

A state is three ints, ``(cell, events, opened)``: where the hero stands, the event bits of
the rooms collected (small keys, master key, Bombs, Pegasus, the fights; see
:mod:`~zorglab.temples.graph`) and the bits of the small-key doors opened. The rest of the
contract's state follows from those and from where the run began (a :class:`Start`: a fresh
run at the entrance, or a :class:`~zorglab.temples.progress.TempleProgress` taken over,
ruling T21):

- keys left = keys held at the start + keys taken since − doors opened since;
- flags (:data:`MASTER`, :data:`BOMB`) = the start's flags | the collected events' flags;
- a move ``(target, need)`` is *open* when ``need & ~have == 0`` with ``have = flags |
  opened << FLAG_BITS``; it can be *opened* by spending a key when what is missing is one
  small-key door (no flag) and a key is left;
- the goal: at the gate, every boss beaten, the Pegasus taken if the temple has one and the
  start did not already hold it (T3).

:class:`Rules` answers those questions for one start; the solver (both of its searches), the
critical route and play all ask it, so there is one rule for proof, path and play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Iterator, Literal, NamedTuple

from zorglab.temples.grants import holds_bombs, is_pegasus
from zorglab.temples.graph import BOMB, FLAG_BITS, FLAG_MASK, MASTER, TempleGraph
from zorglab.temples.model import Place

if TYPE_CHECKING:
    from zorglab.temples.progress import TempleProgress

State = tuple[int, int, int]  # (cell, events, opened)
StepKind = Literal["ride", "open"]
"""A hero's move between states: a one-way ride (any move needing no key), or a key spent on a door."""
RIDE: Final = "ride"
OPEN: Final = "open"


@dataclass(frozen=True)
class Start:
    """Where a run begins: the hero's cell, what is already collected and opened, what is held."""

    cell: int
    events: int
    opened: int
    base_keys: int  # keys held beyond those the start's events granted, net of doors opened
    base_flags: int
    pegasus_held: bool


def start_of(g: TempleGraph, progress: "TempleProgress | None" = None) -> Start:
    """A fresh run at the entrance, or the run ``progress`` describes (T21): opened chests and
    cleared rooms count as collected; keys, master key and Bombs come from the progress."""
    if progress is None:
        return Start(g.entrance, 0, 0, 0, 0, False)
    index = g.index
    events = 0
    for place in progress.cleared_rooms | progress.opened_chests:
        cell = index.get(Place(*place))
        if cell is not None:
            events |= g.event_of[cell]
    opened = 0
    for bit, (u, v, _via) in enumerate(g.doors):
        pair = (g.places[u], g.places[v])
        if pair in progress.opened_doors or pair[::-1] in progress.opened_doors:
            opened |= 1 << bit
    base_keys = progress.small_keys - g.keys_in(events) + opened.bit_count()
    flags = (MASTER if progress.master_key else 0) | (BOMB if progress.bombs or holds_bombs(progress.key_items) else 0)
    held = any(is_pegasus(item) for item in progress.key_items)
    cell = index.get(Place(*progress.position), g.entrance)
    return Start(cell, events, opened, base_keys, flags, held)


class Rules:
    """What a state holds and where it may go, for one temple and one start."""

    __slots__ = ("graph", "start", "_base_keys", "_base_flags", "_need_pegasus")

    def __init__(self, g: TempleGraph, start: Start | None = None):
        self.graph = g
        self.start = start or start_of(g)
        self._base_keys = self.start.base_keys
        self._base_flags = self.start.base_flags
        self._need_pegasus = bool(g.pegasus_mask) and not self.start.pegasus_held

    @classmethod
    def of(cls, g: TempleGraph, progress: "TempleProgress | None" = None) -> "Rules":
        return cls(g, start_of(g, progress))

    def first_state(self) -> State:
        """The start as a literal state: the start cell's own room counts as entered."""
        s = self.start
        return s.cell, s.events | self.graph.event_of[s.cell], s.opened

    def flags(self, events: int) -> int:
        """Master key and Bombs held with ``events`` collected."""
        g = self.graph
        return self._base_flags | (MASTER if events & g.master_mask else 0) | (BOMB if events & g.bomb_mask else 0)

    def keys_left(self, events: int, opened: int) -> int:
        return self._base_keys + self.graph.keys_in(events) - opened.bit_count()

    def have(self, events: int, opened: int) -> int:
        """The bits a move's ``need`` is checked against."""
        return self.flags(events) | (opened << FLAG_BITS)

    def won(self, events: int) -> bool:
        """Every boss beaten and, when needed, the Pegasus taken (T3)."""
        g = self.graph
        return (events & g.boss_mask) == g.boss_mask and (not self._need_pegasus or bool(events & g.pegasus_mask))

    def is_goal(self, cell: int, events: int) -> bool:
        return cell == self.graph.gate and self.won(events)

    def successors(self, cell: int, events: int, opened: int) -> Iterator[tuple[StepKind, int, State]]:
        """Every move from a literal state: ``(RIDE or OPEN, i, next state)`` with ``i`` the
        move's index in ``graph.moves[cell]``; entering a room collects its event, opening
        spends a key on the one small-key door missing."""
        g = self.graph
        event_of = g.event_of
        have = self.have(events, opened)
        keys = self.keys_left(events, opened)
        for i, (v, need) in enumerate(g.moves[cell]):
            missing = need & ~have
            if not missing:
                yield RIDE, i, (v, events | event_of[v], opened)
            elif keys > 0 and not missing & FLAG_MASK:
                yield OPEN, i, (v, events | event_of[v], opened | (missing >> FLAG_BITS))

    def area(self, cell: int, events: int, opened: int) -> tuple[bytearray, list[int], int, int]:
        """The saturated area of a state in a two-way temple: every cell reachable through open
        ways, with everything in it collected (collecting can open more: a master key, Bombs).
        Returns (mark per cell, members in discovery order, events, flags)."""
        g = self.graph
        moves, event_of, event_cells, n = g.moves, g.event_of, g.event_cells, g.size
        flags = self.flags(events)
        while True:
            lacking = ~(flags | (opened << FLAG_BITS))  # a move is open when its need lacks none of these
            doors_shut = lacking & ~FLAG_MASK
            flag_shut = 0  # what the moves left shut for want of a flag alone need
            mark = bytearray(n)
            mark[cell] = 1
            members = [cell]
            stack = [cell]
            pop, push, keep = stack.pop, stack.append, members.append
            while stack:
                for v, need in moves[pop()]:
                    if mark[v]:
                        continue
                    if need & lacking:
                        if not need & doors_shut:
                            flag_shut |= need
                        continue
                    mark[v] = 1
                    keep(v)
                    push(v)
            got = events
            for u in event_cells:
                if mark[u]:
                    got |= event_of[u]
            now = self.flags(got)
            if now == flags or not flag_shut & now & ~flags:
                # no shut move wants a flag just gained (Bombs where no side is cracked):
                # walking again would find the same area in the same order
                return mark, members, got, now
            events, flags = got, now

    def region(self, cell: int, events: int, opened: int) -> "Region":
        """:meth:`area` as a :class:`Region` that a key spent can grow (:meth:`grow`): the same
        cells, events and flags, with the moves its cells leave shut."""
        mark = bytearray(self.graph.size)
        mark[cell] = 1
        return self._extend(mark, [], [], events, self.flags(events), [cell], opened)

    def grow(self, region: "Region", door: int, opened: int) -> "Region":
        """The area a key spent from ``region`` opens up (``opened`` holds the new door's bit,
        ``door`` is the cell beyond it), in a two-way temple: everything open from ``region``
        stays open with one more door, and the way back through the door is open too, so the
        new area is ``region`` with what the door and any flag gained open, walked on from
        there alone instead of from scratch (the same cells as :meth:`area` from ``door``)."""
        lacking = ~(region.flags | (opened << FLAG_BITS))
        mark = region.mark[:]
        shut: list[tuple[int, int, int]] = []
        fresh = []
        for u, v, need in region.shut:
            if need & lacking:
                shut.append((u, v, need))
            elif not mark[v]:
                mark[v] = 1
                fresh.append(v)
        if not mark[door]:  # not a shut move of region: the walk still starts at the door
            mark[door] = 1
            fresh.append(door)
        return self._extend(mark, region.members[:], shut, region.events, region.flags, fresh, opened)

    def _extend(self, mark: bytearray, members: list[int], shut: list[tuple[int, int, int]], events: int, flags: int,
                fresh: list[int], opened: int) -> "Region":
        """The area ``mark`` and ``members`` hold with the ``fresh`` cells (marked, not yet
        members), walked on breadth first through every open way (noting in ``shut`` the moves
        left shut), with its events collected and walked on through what a flag gained opens,
        until none does. The walk's order is no rule's: :meth:`area` gives the one that counts."""
        g = self.graph
        moves, event_of, event_cells = g.moves, g.event_of, g.event_cells
        note = shut.append
        while True:
            lacking = ~(flags | (opened << FLAG_BITS))
            add = fresh.append
            for u in fresh:  # grows as it goes: the walk's queue
                for v, need in moves[u]:
                    if need & lacking:
                        note((u, v, need))
                    elif not mark[v]:
                        mark[v] = 1
                        add(v)
            members += fresh
            got = events
            for u in event_cells:
                if mark[u]:
                    got |= event_of[u]
            now = self.flags(got)
            events = got
            if now == flags:
                return Region(mark, members, shut, got, now)
            flags = now
            lacking = ~(flags | (opened << FLAG_BITS))
            still = []
            fresh = []
            for u, v, need in shut:
                if need & lacking:
                    still.append((u, v, need))
                elif not mark[v]:
                    mark[v] = 1
                    fresh.append(v)
            shut[:] = still


class Region(NamedTuple):
    """An area of a two-way temple as the solver keeps it to grow: its cells (``mark`` per cell,
    and ``members``), the moves from its cells left shut ``(cell, target,
    need)``, its events (everything in it collected) and the flags they give."""

    mark: bytearray
    members: list[int]
    shut: list[tuple[int, int, int]]
    events: int
    flags: int


def spend_bits(need: int, have: int) -> int:
    """The door bits a key would open to make ``need`` open (0 when the move is open already or
    lacks a flag, which no key gives)."""
    missing = need & ~have
    if not missing or missing & FLAG_MASK:
        return 0
    return missing >> FLAG_BITS
