"""Exact solvability (FR-46, ZR-19): does some sequence of legal casts win a world?

The search walks casting points (ZR-6) on the engine's own transitions: from a state the
player either lets the active hero act (free) or casts one legal spell (costing the spells it
consumes: 1, or 2 for Selection). A bucket queue explores states in order of spells used, so
the first win found uses the fewest spells, and its cast list is a witness that replays with
``zorglab play --cast``.

Exactness: a state is skipped only when (a) its transposition key (everything a rule can
observe, no tick) was already reached with no more spells used, or (b) — when no constraint
reads unused spells — an otherwise identical state was reached holding a superset of the spells
left, because casting is optional: whatever the poorer state can do, the richer one can too.
The table files states by :meth:`~zorglab.engine.state.GameState.situation` (the key without
the spells), each entry mapping spells left (as a bit mask) to the fewest spells spent, so both
tests cost one lookup; nearly every situation is met with one mask only, and its entry is then
just the pair ``(mask, spent)`` (a dictionary costs four times the memory). The situation's parts (the board, each hero) are numbered once each; a
move changes one or two parts, and the parts it leaves alone keep the number they had
(:mod:`zorglab.search.situations`). ``Search`` is put together from mixins of one idea each: the
proof (:mod:`~zorglab.search.proof`), the witness search (:mod:`~zorglab.search.witness`), the
numbering and the hopeless sleepers (:mod:`~zorglab.search.sleepers`).

Further reductions (docs/rules.md, FR-47..FR-50; figures in docs/performance.md):
- *The dead are forgotten*: when no spell can act on a corpse and no constraint reads the dead,
  every dead hero is filed as one and the same part and the order of deaths is left out, since no
  rule reads them again (a win needs only that they are dead).
- *Hopeless sleepers*: a living sleeper that no spell left, no hero's action and no mark in the
  state can wake, hurt or kill never dies, so the branch cannot win and is given up (the types' and
  the marks' ``SearchFacts.stirs_sleepers``).
- *A witness search beside the proof* (``fewest=False``): after a head start of the proof, a
  depth-first search that lets heroes act before it casts (so it meets deep cast lists early)
  takes one expansion in sixteen. Either search decides: a win found by either is a witness;
  either one exhausting its states proves the world unsolvable. Only the proof's witness is
  known to use the fewest spells, so ``--analyse`` and the reports keep ``fewest=True``.
- *A hero nothing left can kill* (``zorglab.search.bound``): a branch where some living hero holds
  more HP than the spells left and its own walk's rooms can take, whatever is cast (FR-51).
- *Entry counts only where a portal reads them* (FR-52).
- *The static check first* (issue 41): the bound is asked about the first state alone, within
  ``bound_static`` lone states; a hero nothing can kill from there answers unsolvable at 0 states.
  In two halves where the witness search runs (session 12): each hero's own test before any state
  (``_outright``), then ``probe`` states of the witness search (small solvable cells are won there,
  walking nothing more), then the rest (the least needs, the disjoint choice, the groups).
The table is bounded (``max_table`` situations across both searches): reaching it answers
unknown, saying so, and ``run`` resumes with a larger bound — unless the witness search's own
table holds half of it or more: that one forgets its oldest half and goes on (issue 41; sound,
since a situation it forgot is only expanded again). The world's plan graphs are bounded too
(``max_plans``): past it the older half is forgotten and built again when asked.
"""

from __future__ import annotations

import gc
import time
from collections import deque
from itertools import islice
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Final, Literal

from zorglab.engine.state import GameState
from zorglab.core.budget import CHECK_EVERY, Budget, BudgetSpent, budget_of, running
from zorglab.core.model import Cast
from zorglab.errors import ExpressionError, PlanningLimitError
from zorglab.core.printer import format_cast
from zorglab.search.bound import DamageBound, world_gate
from zorglab.search.casts import ISOLATED_MARGIN, CastBook
from zorglab.search.proof import ProofSearch
from zorglab.search.situations import SituationNumbers
from zorglab.search.sleepers import SleeperCut
from zorglab.search.witness import SearchNode, WitnessSearch

if TYPE_CHECKING:
    from zorglab.engine.world import World

Solvability = Literal["solvable", "unsolvable", "unknown"]
"""A search's verdict (ZR-19): a witness was found, none exists (proved), or the budget ran out first."""
SetupVerdict = Literal["solvable", "unsolvable", "unknown", "invalid"]
"""A setup's verdict as the proposer and the live panels say it: its search's, or "invalid" (the layout or
draft cannot be built, so nothing was searched)."""
SOLVABLE: Final = "solvable"
UNSOLVABLE: Final = "unsolvable"
UNKNOWN: Final = "unknown"
STATIC_REASON: Final = "no cast sequence can kill some hero from the first state (the damage bound's static check, FR-51)"

TABLE_BUDGET = 1_000_000    # situations filed (both searches): about 0.7 GB on the Python sources
PLAN_BUDGET = 600           # plan graphs the world keeps while a search runs (0.2-0.4 MB each): past it the older
                            # ones are forgotten and built again when asked (Move's boards made 1.5 GB of them; issue 41)
WITNESS_AFTER = 0           # proof expansions before the witness search joins: none, it goes first
BOUND_SHARE = 0.0           # lone states the damage bound may compute per state expanded (it is lazy): none
                            # before the ramp, since a lone state costs about ten search states (issue 27)
BOUND_FIRST = 0             # ... and before the first
BOUND_RAMP = 20              # ... and n * n / BOUND_RAMP more after n states: a long search needs it most
                            # (20 rather than 20,000 since the walk cut, which reads the memo: issue 27)
BOUND_DELAY = 1_000         # ... counted from this many states on: the smallest cells are won by the witness search
                            # by then (4 x 5 in 755 states); issue 41: 10,000 -> 3,000 (7 x 8 6.8 -> 6.2 s), -> 1,000
                            # (5 x 5 2.5 -> 1.2 s: its witness search needs the bound's cuts, 3,736 -> 1,737 states)
BOUND_MOVERS = 20_000       # states before the lone walks beside a loud mover (a Mechanic) are asked with its moves
                            # (FR-57): each costs plan graphs on every arrangement its shoves reach, which small
                            # cells (mixed 5 x 6: 16,653 states) never repay; mixed 6 x 6 27 -> 17.5 CPU s
BOUND_STATIC = 600          # lone states the bound may walk for the first state alone, before any search: the
                            # cheap static check (family cells 2..8 x 1..4 need 73-576; issue 41)
BOUND_STATIC_PLANS = 4      # ... and plan graphs it may explore (one per hero profile and board, ~15 ms each on the
                            # family): a Swap left makes a board per arrangement, 21-25 graphs, 0.35-0.5 CPU s for cells
                            # the check does not decide (4 x 5, 5 x 6); the cells it decides need 2 (its first
                            # half: one per hero, ``proof.FIRST_HALF_PLANS``)
PROBE = 256                 # witness-search states before the static check's second half (issue 41, session 12): the
                            # small solvable cells are won in 13-142 states, for less than the check's needs and groups
BOUND_QUANTUM = 1_000       # a question needing new walks waits until this much work is earned (more
                            # than a walk's depth, lonewalk.MAX_DEPTH: a resumed walk walks its path again)


@dataclass(frozen=True)
class Verdict:
    """The answer, never a guess: a witness, a proof by exhaustion, or the budget that ran out."""

    verdict: Solvability
    casts: tuple[Cast, ...] = ()
    states: int = 0
    seconds: float = 0.0
    reason: str = ""
    pruned: int = 0
    generated: int = 0

    @property
    def spells_used(self) -> int:
        """Spells the witness consumes (a Selection and the spell it applies count as two)."""
        return sum(2 if c.inner is not None else 1 for c in self.casts)

    @property
    def solvable(self) -> bool | None:
        return {SOLVABLE: True, UNSOLVABLE: False}.get(self.verdict)

    def cast_texts(self) -> list[str]:
        return [format_cast(c) for c in self.casts]

    def to_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "casts": self.cast_texts(), "states": self.states,
                "generated": self.generated, "seconds": round(self.seconds, 4), "reason": self.reason,
                "pruned": self.pruned}


@contextmanager
def gc_paused():
    """Hold the cyclic garbage collector off while a search runs.

    A search allocates hundreds of thousands of acyclic tuples (states and transposition keys)
    that all stay alive; each full collection walks every one of them again, which cost a third
    of the search's time (docs/performance.md). Reference counting still frees everything. On the
    way out what the search allocated joins the oldest generation unwalked (freeze, then unfreeze),
    so no young-generation pass over the whole table follows; the next full collection, and any
    cycle, is the collector's business again.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if gc.get_freeze_count() == 0:      # never thaw what someone else froze
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def all_dead(world: World, state: GameState) -> bool:
    return all(not h.alive for h in state.heroes)


@dataclass
class Search(ProofSearch, WitnessSearch, SituationNumbers, SleeperCut):
    """A resumable exact search over one world. ``run`` may be called again with more budget.

    ``wins(state)`` says whether an ended world is won (all heroes dead and every constraint
    holding); by default, all heroes dead. ``prune=False`` turns off dominance (for measuring
    what pruning saves, and for the brute-force cross-check: it turns off every reduction).
    ``fewest=False`` runs the witness search beside the proof; ``forget_dead=False`` keeps dead
    heroes' details, ``cut_sleepers=False`` keeps hopeless sleepers and ``bound_damage=False``
    turns the damage bound off (for measuring); ``reference=True`` counts states as the difficulty
    measure does (FR-47..FR-49 only: no damage bound, entry counts kept); ``reads_dead``: a constraint reads the dead (then
    they are kept). ``max_table`` bounds the situations filed. ``told_apart``: labels of spells a
    constraint or bonus reads (``unused(a)``), tried apart from identical ones; ``None``: every
    spell when ``reads_unused``, none otherwise.
    """

    world: World
    wins: Callable[[GameState], bool] | None = None
    start: GameState | None = None
    prune: bool = True
    reads_unused: bool = False
    margin: int = ISOLATED_MARGIN
    progress: bool = False
    fewest: bool = True
    forget_dead: bool = True
    cut_sleepers: bool = True
    bound_damage: bool = True
    reference: bool = False     # the difficulty measure's search: FR-47..FR-49 only (no FR-51, entries kept)
    reads_dead: bool = False
    told_apart: frozenset[str] | None = None
    max_table: int | None = TABLE_BUDGET
    max_plans: int | None = PLAN_BUDGET     # plan graphs kept (the world's planner), looked at every CHECK_EVERY states
    witness_after: int = WITNESS_AFTER      # proof expansions before the witness search joins
    witness_every: int = 1                  # it takes one expansion in this many (1: it alone, the default)
    bound_share: float = BOUND_SHARE        # the damage bound's work per state expanded, at most
    bound_first: int = BOUND_FIRST
    bound_quantum: int = BOUND_QUANTUM
    bound_ramp: int = BOUND_RAMP
    bound_delay: int = BOUND_DELAY
    bound_movers: int | None = BOUND_MOVERS     # states before the walks beside a loud mover are asked (FR-57)
    bound_static: int = BOUND_STATIC
    bound_static_plans: int = BOUND_STATIC_PLANS
    probe: int = PROBE          # witness-search states before the static check (none where ``fewest``)
    clock: Callable[[], float] = time.process_time     # what ``max_seconds`` are: CPU time (a safety stop)
    witness_states: int = 0     # of ``states``, those the witness search expanded
    forgotten: int = 0          # situations the witness search's table forgot to stay within ``max_table``
    states: int = 0             # states expanded (taken from the queue, every move tried)
    generated: int = 0          # states computed by a move (an action or a cast), kept or pruned
    pruned: int = 0
    seconds: float = 0.0
    _queue: deque[SearchNode] = field(default_factory=deque, repr=False)
    _later: list[deque[SearchNode]] = field(default_factory=list, repr=False)
    _table: dict[tuple[int, ...], tuple[int, int] | dict[int, int]] = field(default_factory=dict, repr=False)
    _masks: dict[tuple[bool, ...], int] = field(default_factory=dict, repr=False)
    _boards: dict[tuple[Any, ...], int] = field(default_factory=dict, repr=False)
    _heroes: dict[tuple[Any, ...], int] = field(default_factory=dict, repr=False)
    _found: SearchNode | None = field(default=None, repr=False)
    _book: CastBook = field(default_factory=CastBook, repr=False)
    _started: bool = False
    _stack: list[SearchNode] = field(default_factory=list, repr=False)     # the witness search's
    _seen: dict[tuple[int, ...], int | list[int]] = field(default_factory=dict, repr=False)  # situation -> mask(s)
    _dived: bool = False
    _wins: Callable[[GameState], bool] = field(init=False, repr=False)
    _forget: bool = field(init=False, repr=False)
    _dominate: bool = field(init=False, repr=False)
    _stirring: int = field(init=False, repr=False)     # spells that can stir a sleeper, as a mask; -1: no cut
    _bound: DamageBound | None = field(init=False, repr=False)     # FR-51, where the world allows it
    _entries: bool = field(init=False, repr=False)      # does the table keep entry counts?
    _static_work: int = field(default=0, init=False, repr=False)     # the bound's work in the static check
    _static_due: bool = field(default=False, init=False, repr=False)     # the static check waits for the probe
    # the static check's first half: the lone states it walked, the plan graphs the world held before it
    _static_spent: tuple[int, int | None] = field(default=(0, None), init=False, repr=False)

    def __post_init__(self) -> None:
        # a Move tries one slot touching no room for all such slots only where nothing reads positions:
        # the win is every hero dead (a constraint might read dist), ZR-30 (``casts.isolated_alike``)
        alike = self.prune and self.wins is None
        if self.wins is None:
            self.wins = partial(all_dead, self.world)       # no lambda on self: no reference cycle
        # ZR-30: isolated Move destinations are alike but for dist(): a world whose constraints read it
        # is offered destinations as far out as those constraints can tell apart
        self.margin = max(self.margin, ISOLATED_MARGIN + getattr(self.world, "dist_reach", 0))
        self.reach = self.world.history_reach
        apart = self.told_apart
        self._book = CastBook(None if apart is None and self.reads_unused else apart or frozenset(), alike)
        self._entries = bool(self.world.portal_caps) or not self.prune or self.reference
        self._dominate = self.prune and not self.reads_unused
        self._forget = (self.prune and self.forget_dead and not self.reads_dead
                        and not any(spell.behaviour.reads_corpses(spell.args) for spell in self.world.spells))
        # A sleeper wakes or dies only by a spell or another hero's doing; types change only by
        # Banality, to Warrior. With neither left, it never dies: no win (ZR-17, FR-49). A hero of
        # a type that stirs (a Gunner) stirs nothing once quiet or dead (FR-56): asked per state.
        types = self.world.hero_types()
        made = {t for spell in self.world.spells for t in spell.behaviour.makes_types(spell.args)}
        self._stirring = -1
        self._stirrers = frozenset(t for t in types if self.world.behaviour(t).facts.stirs_sleepers)
        self._quiet: dict[tuple[Any, ...], bool] = {}
        if self.prune and self.cut_sleepers and not self._stirrers & made:
            self._stirring = sum(1 << spell.index for spell in self.world.spells
                                 if spell.behaviour.facts.stirs_sleepers)
        self._bound = DamageBound(self.world) if self.prune and self.bound_damage and not self.reference \
            and world_gate(self.world) is None \
            else None

    # -- search -----------------------------------------------------------------------------

    def run(self, max_states: int | None = None, max_seconds: float | None = None,
            max_table: int | None = None, *, budget: Budget | None = None) -> Verdict:
        """Search until decided or the budget is spent; Ctrl-C answers with what is known.

        ``budget`` bounds the states expanded (its work), with its safety stop and cancel event
        looked at every :data:`~zorglab.core.budget.CHECK_EVERY` states; ``max_states`` and
        ``max_seconds`` (CPU seconds, a safety stop) make one, or a child of ``budget``. The
        seconds run from here, before the first state is filed. ``max_table`` (when given)
        replaces the bound on situations filed, for this run and later."""
        budget = budget_of(max_states, max_seconds, budget, clock=self.clock)
        if max_table is not None:
            self.max_table = max_table
        t0 = self.clock()
        if not self._started:
            start = self.world.initial_state() if self.start is None else self.start
            if budget.check():          # spent before the first state (building the world, its plans)
                return self._verdict(UNKNOWN, t0, budget.describe())
            try:
                static = self._first_check(start)
            except KeyboardInterrupt:       # the walks it finished stay in the bound's memo
                return self._verdict(UNKNOWN, t0, "interrupted (Ctrl-C); run again to resume")
            self._started = True
            if static:
                return self._verdict(UNSOLVABLE, t0, STATIC_REASON)
            self._offer(start, None, None, self._mask(start.spells_left), 0)
        assert self.wins is not None
        self._wins = self.wins      # as it stands now: a caller may have replaced it
        left = budget.left()
        limit_states = None if left is None else self.states + left
        charged = self.states
        look_at = self.states       # the next state count at which the budget is looked at
        bar = None
        if self.progress:
            from tqdm import tqdm
            bar = tqdm(total=left, unit="state", desc=f"solving {self.world.level.id}", leave=False)
        node = None
        diving = False
        try:
            with gc_paused(), running(budget):
                while self._found is None:
                    if self.states >= look_at or (limit_states is not None and self.states >= limit_states):
                        budget.charge(self.states - charged)
                        charged = self.states
                        look_at = self.states + CHECK_EVERY
                        if budget.check():
                            return self._verdict(UNKNOWN, t0, budget.describe())
                        graphs = self.world.planner.graphs
                        if self.max_plans is not None and len(graphs) > self.max_plans:
                            # the older half forgotten, built again when asked: the same graphs (a plan is the map's)
                            for key in list(islice(graphs, len(graphs) - self.max_plans // 2)):
                                del graphs[key]
                    if self.max_table is not None and len(self._table) + len(self._seen) >= self.max_table:
                        if 2 * len(self._seen) < self.max_table:
                            return self._verdict(UNKNOWN, t0, f"table budget of {self.max_table} situations reached "
                                                              "(the memory bound); run again with a larger one to "
                                                              "resume")
                        self._forget_oldest()
                    if self._static_due and self._probed():
                        return self._verdict(UNSOLVABLE, t0, STATIC_REASON)
                    diving = self._diving()
                    if diving:
                        if not self._stack:
                            return self._verdict(UNSOLVABLE, t0, "every legal cast sequence explored (depth-first)")
                        node = self._stack.pop()
                        self._dive(node)
                    else:
                        node = self._pop()
                        if node is None:
                            break
                        self._expand(node)
                    node = None
                    if bar is not None and self.states % 256 == 0:
                        bar.update(256)
        except ExpressionError:
            if not budget.check():      # a solvable(...) constraint undecided within its own states
                raise
            return self._verdict(UNKNOWN, t0, budget.describe())    # ... because this budget struck
        except PlanningLimitError as error:     # a hero's plan larger than the planner explores (issue 37)
            node = None         # an action that never ends (ZR-32) says so in its own words
            return self._verdict(UNKNOWN, t0, f"not finished ({error.stop_reason()})")
        except MemoryError:                     # the machine's memory, before the memory budget saw it
            node = None
            self._table.clear()
            self._seen.clear()
            return self._verdict(UNKNOWN, t0, "not finished (out of memory)")
        except (KeyboardInterrupt, BudgetSpent) as stop:
            if node is not None:
                # Expanded only in part: put it back. Children it already admitted wait in the
                # queue; the others are generated again, so resuming stays exact (the witness
                # search files a node and pushes its children only once all are computed).
                if diving:
                    self._stack.append(node)
                else:
                    self._queue.appendleft(node)
                    self.states -= 1
            if isinstance(stop, BudgetSpent):       # a plan search inside an expansion saw the stop
                return self._verdict(UNKNOWN, t0, budget.describe() or stop.budget.describe())
            return self._verdict(UNKNOWN, t0, "interrupted (Ctrl-C); run again to resume")
        finally:
            budget.charge(self.states - charged)
            if bar is not None:
                bar.close()
        if self._found is not None:
            if self._found.spent < 0:
                return self._verdict(SOLVABLE, t0, "witness found by the depth-first witness search "
                                                   "(not necessarily with the fewest spells)")
            return self._verdict(SOLVABLE, t0, "witness found")
        return self._verdict(UNSOLVABLE, t0, "every legal cast sequence explored")

    def _verdict(self, verdict: Solvability, t0: float, reason: str) -> Verdict:
        self.seconds += self.clock() - t0
        casts: list[Cast] = []
        node = self._found
        while node is not None:
            if node.cast is not None:
                casts.append(node.cast)
            node = node.parent
        return Verdict(verdict, tuple(reversed(casts)), self.states, self.seconds, reason, self.pruned,
                       self.generated)


def solve_world(world: World, *, wins: Callable[[GameState], bool] | None = None, max_states: int | None = None,
                max_seconds: float | None = None, prune: bool = True, reads_unused: bool = False,
                progress: bool = False, start: GameState | None = None, fewest: bool = False,
                reads_dead: bool = False, max_table: int | None = TABLE_BUDGET,
                budget: Budget | None = None, told_apart: frozenset[str] | None = None) -> Verdict:
    """Decide one world: solvable (with witness), unsolvable (proved), or unknown (budget named).
    ``fewest=True``: the witness is one with the fewest spells (no witness search beside)."""
    search = Search(world, wins=wins, start=start, prune=prune, reads_unused=reads_unused, progress=progress,
                    fewest=fewest, reads_dead=reads_dead, max_table=max_table, told_apart=told_apart)
    return search.run(max_states=max_states, max_seconds=max_seconds, budget=budget)
