"""The world's plan memos and the bound's lone walks passed between a parallel proof's workers
(issue 41 item 4, session 15).

Each worker of :mod:`~zorglab.search.frontier` builds its own world, so it searched again the plans
and walked again the lone walks the other worker had already answered (on mixed 5 x 5 each worker
spent ~15 % more CPU a state than the serial search, most of it there). What it may take of the
other's:

- the plan answers the world keeps (:data:`SHARED_MEMOS`): a hero's least-cost first step and cost
  from a plan state (``plangraph.forward``, keyed by all the plan reads) and the Mechanic's walks on a
  shoved map (``mechanic.walks``). Each is the world's: a function of its key alone, so an answer
  worked out in another process is the answer here, taken in any order, by any part;
- the bound's lone walks (``LoneWalks._solo``: lone state -> (drop, exact)). A walk's value is an upper
  bound of what the lone hero can lose (exact) or a claim that it can lose at least that much (not
  exact), sound wherever it was worked out; taken as the sharded proof takes them
  (:mod:`~zorglab.search.shards`): an exact value stays, else the larger claim. A stronger bound
  cuts only states from which no win is reached, so the serial verdict and witness stand.

Nothing here decides which nodes a worker skips (that is the tables', with their order rules): these
answers only save a worker working them out. They travel as the bytes their sender pickled, with a
digest that the receiver checks (:class:`MemoCorrupted`: never filed); the coordinator passes them to
every other worker at once, unopened.
"""

from __future__ import annotations

import hashlib
import pickle
from typing import Any

SHARED_MEMOS = ("plangraph.forward", "mechanic.walks")     # world memos whose entries are functions of their keys
Shipped = tuple[bytes, bytes]       # pickled (memos, walks) and its digest


class MemoCorrupted(ValueError):
    """Memo entries whose bytes are not the bytes their sender pickled (their digest differs):
    filing them could change a plan, so they are refused."""


class _Logged(dict):  # type: ignore[type-arg]
    """A memo noting the keys written since its sharer last passed them on (writes only: a read is
    the dict's own)."""

    __slots__ = ("log",)
    forgets = True      # the lone walks' memo past its budget may be forgotten (``LoneWalks.forget_walks``)

    def __init__(self, entries: dict[Any, Any]):
        super().__init__(entries)
        self.log: list[Any] = []

    def __setitem__(self, key: Any, value: Any) -> None:
        dict.__setitem__(self, key, value)
        self.log.append(key)

    def clear(self) -> None:        # a memo past its bound forgets: so does its log
        dict.clear(self)
        self.log.clear()


class MemoShare:
    """One worker's plan memos and lone walks, noted as they grow (:meth:`export`) and filled with
    the other workers' (:meth:`take`). Installed on a search that has run: what it holds then is the
    serial prefix's, which every worker has alike, so only what comes after is passed on."""

    def __init__(self, search: Any):
        memos = search.world.memos
        self.memos: dict[str, _Logged] = {}
        for owner in SHARED_MEMOS:
            logged = self.memos[owner] = _Logged(memos.get(owner, {}))
            memos[owner] = logged
        bound = search._bound
        solo = getattr(bound, "_solo", None)
        self.walks: _Logged | None = None
        if type(solo) is dict:      # the serial bound's own memo (the dealt proof keeps a journal instead)
            self.walks = bound._solo = _Logged(solo)
        self.exported = 0           # entries passed on
        self.taken = 0              # entries filed of the others'

    def export(self) -> Shipped | None:
        """The entries written since the last export, as bytes and their digest (None: nothing new)."""
        memos: dict[str, list[tuple[Any, Any]]] = {}
        count = 0
        for owner, memo in self.memos.items():
            if memo.log:
                memos[owner] = [(key, memo[key]) for key in dict.fromkeys(memo.log) if key in memo]
                memo.log.clear()
                count += len(memos[owner])
        walks: list[tuple[Any, Any]] = []
        if self.walks is not None and self.walks.log:
            walks = [(key, self.walks[key]) for key in dict.fromkeys(self.walks.log) if key in self.walks]
            self.walks.log.clear()
            count += len(walks)
        if not count:
            return None
        self.exported += count
        data = pickle.dumps((memos, walks), protocol=pickle.HIGHEST_PROTOCOL)
        return data, hashlib.blake2b(data, digest_size=16).digest()

    def take(self, shipped: Shipped) -> None:
        """File another worker's entries (not noted for passing on again): a plan answer where this
        world has none, a lone walk where it is new, exact where this one is not, or a larger claim."""
        data, digest = shipped
        if hashlib.blake2b(data, digest_size=16).digest() != digest:
            raise MemoCorrupted(f"memo entries of {len(data)} bytes whose digest is not their sender's: refused")
        memos, walks = pickle.loads(data)
        for owner, entries in memos.items():
            memo = self.memos[owner]
            for key, value in entries:
                if key not in memo:
                    dict.__setitem__(memo, key, value)
            self.taken += len(entries)
        solo = self.walks
        if solo is not None:
            for key, value in walks:
                have = solo.get(key)
                if have is None or (not have[1] and (value[1] or value[0] > have[0])):
                    dict.__setitem__(solo, key, value)
            self.taken += len(walks)
