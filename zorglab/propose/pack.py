"""Growing the level pack with proposals (issue 17, NFR-5; regrown for issue 26): briefs and review.

Each proposed contract has a brief and seeds (:data:`PACK_BRIEFS`), a filter saying what its levels
must show beyond the brief (a vault level holds gold, a toll or a portal), what it teaches (room and
spell types of which one must matter, checked by :func:`zorglab.propose.lesson.teaching_problems`)
and a band of state-graph sizes. :func:`review` is what a proposed level must pass before it joins
the pack: it loads, every solution replays to its ``expect``, and it is no near-copy of a level
already there.

The pack's contracts 7-10 were made with, for each entry of :data:`PACK_BRIEFS` and each of its
seeds (pack = every level already in ``levels/``)::

    kept = grow_contract(pack_brief, pack, 30, seed=seed, tries=40_000, max_seconds=None)

then the kept candidates of all a contract's seeds written by :func:`write_lessons` (near-copies
dropped, easiest first, titles and notes from :mod:`zorglab.propose.lesson`; drl from 12, vlt from
11, inc from 11, gnt from 10, after the four first-generation levels kept), and the contract lists
set to play order (docs/level-pack.md, "Proposing levels").
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Callable, Iterable, Mapping

from zorglab.core.model import Level
from zorglab.propose.brief import Brief, Span
from zorglab.propose.lesson import Teaches, Teaching
from zorglab.propose.prove import Candidate
from zorglab.propose.rank import NEAR_COPY, content_tokens, similarity


@dataclass(frozen=True)
class PackBrief:
    """One proposed contract: its brief and seed, what its levels must show beyond the brief
    (``keep``), and what they teach (issue 26): a room of a type in ``teaches_rooms`` matters (when
    the level holds one) and a spell of a type in ``teaches_spells`` is necessary
    (:func:`teaching_problems`), no level is a spawn kill, and its state graph's size lies in
    ``graph``."""

    contract: str
    prefix: str
    brief: Brief
    seed: int
    keep: Callable[[Candidate], bool]
    idea: str
    teaches_rooms: tuple[str, ...] = ()
    teaches_spells: tuple[str, ...] = ()
    graph: Span = Span(1, None)
    more_seeds: tuple[int, ...] = ()        # the seeds of later growth runs (issue 26)
    teaches_heroes: tuple[str, ...] = ()


def _rooms(candidate: Candidate) -> set[str]:
    return {text.split("(")[0].split(" @ ")[0] for text in candidate.draft.rooms} if candidate.draft else set()


def _has_room(*types: str) -> Callable[[Candidate], bool]:
    return lambda c: bool(_rooms(c) & set(types))


def _casts_beyond_attack(candidate: Candidate) -> bool:
    return any(not text.split()[1].startswith("Attack") for text in candidate.witness)


def _any(candidate: Candidate) -> bool:
    return True


def nontrivial(candidate: Candidate) -> bool:
    """Not a one-hero level won by casting at once: the player must watch the road before acting."""
    assert candidate.draft is not None
    first = min((int(text.split()[0][1:]) for text in candidate.witness), default=0)
    return len(candidate.draft.heroes) > 1 or first > 2


PACK_BRIEFS = (
    PackBrief("drills", "drl", Brief(room_types=("D", "E"), hero_types=("Warrior", "Elf"), spell_types=("Attack",),
                                     fewest_spells=Span(1, 2), winning_layouts=Span(1, 2), cast_lists=Span(1, 40),
                                     states=Span(15, 1500), board=Span(4, 5), contract="drills"),
              101, _any, "damage and element rooms against Warriors and Elves; when to Attack",
              ("E",), ("Attack",), Span(30, 20_000), (1101, 2101)),
    PackBrief("vaults", "vlt", Brief(room_types=("O", "T", "P", "D"), hero_types=("Warrior", "Elf"),
                                     spell_types=("Attack",), fewest_spells=Span(1, 2), winning_layouts=Span(1, 2),
                                     cast_lists=Span(1, 40), states=Span(15, 1500), board=Span(4, 5),
                                     contract="vaults"),
              202, _has_room("O", "T", "P"), "gold, tolls and portals on the road; when to Attack",
              ("O", "T", "P"), ("Attack",), Span(30, 20_000), (1202, 2202)),
    PackBrief("incantations", "inc", Brief(room_types=("D", "E"), hero_types=("Warrior", "Elf"),
                                           spell_types=("Sleep", "Teleport", "Swap", "Wake", "Banality", "Move", "Attack"),
                                           fewest_spells=Span(1, 2), winning_layouts=Span(1, 2),
                                           cast_lists=Span(1, 40), states=Span(15, 1500), board=Span(3, 5),
                                           contract="incantations"),
              303, _casts_beyond_attack, "the spellbook against the road: Teleport, Sleep, Swap, Banality",
              (), ("Sleep", "Teleport", "Swap", "Wake", "Banality", "Move"), Span(350, 1500), (1303, 2303)),
    PackBrief("gauntlet", "gnt", Brief(room_types=("D", "E", "O", "T", "P"), hero_types=("Warrior", "Elf"),
                                       spell_types=("Attack", "Sleep", "Teleport", "Swap"), fewest_spells=Span(2, 3),
                                       winning_layouts=Span(1, 3), cast_lists=Span(1, 60), states=Span(15, 3000),
                                       board=Span(4, 5), spell_count=Span(2, 3), contract="gauntlet"),
              404, _any, "everything so far, two or three spells per level",
              ("E", "O", "T", "P"), ("Attack", "Sleep", "Teleport", "Swap"), Span(30, 20_000), (1404,)),
)


# Proposed levels that a later ruling made unwinnable and that were revised by hand (level id -> why): they
# are no longer reproduced from their seed and draft nor held to their contract's brief, but still teach
# its idea, pass review and the campaign check (tests/propose/test_pack_proposals.py).
REVISED_BY_HAND: Mapping[str, str] = MappingProxyType({
    "gnt-23": "issue 38 (ZR-29): no layout was won any more; toll T(1, water) -> T(0, water), "
              "water Elf 3 -> 4 HP (every layout now wins, beyond the brief's 1-3 winning layouts)",
})

# What the hand-written contracts 1-6 teach (levels/contracts.toml), held to the same interest checks as
# the proposed ones (issue 26): a taught room matters, a taught spell is necessary, a taught hero
# matters, no spawn kill. The architect teaches the level language (variables, constraints, bonuses,
# mirrors), which no room, spell or hero pin measures: its levels are held to "no spawn kill".
HAND_TEACHING = (
    Teaching("apprentice", "rooms A, Z, D (negative D heals), the Warrior, Attack, building the dungeon",
             teaches_rooms=("D",), teaches_spells=("Attack",)),
    Teaching("elements", "E rooms (fire, water, ice, poison), the Elf, immunity, stuck heroes",
             teaches_rooms=("E",), teaches_heroes=("Elf",)),
    Teaching("treasury", "O gold, T tolls, P portals", teaches_rooms=("O", "T", "P")),
    Teaching("spellbook", "Teleport, Sleep, Wake, Move, Swap, Banality, Selection",
             teaches_spells=("Teleport", "Sleep", "Wake", "Move", "Swap", "Banality", "Selection")),
    Teaching("architect", "variables, constraints, bonuses and mirror worlds"),
    Teaching("court", "the Gunner, the Mechanic, the Princess",
             teaches_heroes=("Gunner", "Mechanic", "Princess")),
)


def contract_teaching(contract: str) -> Teaches:
    """What ``contract`` teaches: its proposed brief, else its hand-written teaching."""
    for pack_brief in PACK_BRIEFS:
        if pack_brief.contract == contract:
            return pack_brief
    for teaching in HAND_TEACHING:
        if teaching.contract == contract:
            return teaching
    raise KeyError(f"contract {contract!r} says nothing of what it teaches")


def level_features(level: Level) -> frozenset[str]:
    """A pack level's content as the ranking's tokens: rooms with arguments, heroes, spells."""
    from zorglab.core.printer import format_hero, format_room, format_spell
    rooms = [format_room(_untiled(r)) for r in level.rooms]
    heroes = [format_hero(_relabel(h)) for h in level.heroes]
    spells = [format_spell(_relabel(s)) for s in level.spells]
    return frozenset(content_tokens(rooms, heroes, spells))


def _untiled(room):
    from dataclasses import replace
    return replace(room, label=f"{room.type}1", tile=None)


def _relabel(spec):
    from dataclasses import replace
    return replace(spec, label=f"{spec.type}1")


def near_copies(level: Level, others: Iterable[Level], threshold: float = NEAR_COPY) -> list[str]:
    """Ids of the ``others`` that ``level`` is a near-copy of (same rooms, heroes and spells, nearly)."""
    mine = level_features(level)
    return [other.id for other in others
            if other.id != level.id and similarity(mine, level_features(other)) >= threshold]


def review(level: Level, pack: Iterable[Level]) -> list[str]:
    """What stops a proposed level joining the pack, in words (empty: it may join)."""
    from zorglab.engine.game import play_solution
    problems = []
    if not any(s.expect is not None and s.expect.value == "win" for s in level.solutions):
        problems.append(f"{level.id}: no winning solution")
    if not any(s.expect is not None and s.expect.value in ("loss", "stall") for s in level.solutions):
        problems.append(f"{level.id}: no losing solution")
    for index, solution in enumerate(level.solutions):
        outcome = play_solution(level, index, strict=True).outcome
        if outcome != solution.expect:
            problems.append(f"{level.id} solution {index}: replays to {outcome}, expected {solution.expect}")
    copies = near_copies(level, pack)
    if copies:
        problems.append(f"{level.id}: a near-copy of {', '.join(copies)}")
    return problems


# A pack level's title names its lesson (zorglab.propose.lesson): the room that matters (type, or type
# and element), else its necessary spell; an Attack alone finishes what a trap line started.
LESSON_ROOMS = {"E(fire)": "Hot Coals", "E(ice)": "Thin Ice", "E(water)": "Deep Water", "E(poison)": "Poison Path",
                "O": "Gold Run", "T": "Toll Road", "P": "Portal", "D": "Trap Line"}
LESSON_SPELLS = {"Attack": "Trap Line", "Sleep": "Lullaby", "Wake": "Wake-Up Call", "Teleport": "Send Back",
                 "Swap": "Switch", "Move": "Shift", "Banality": "Plain Folk", "Selection": "Hand Picked"}
PLAIN_LESSON = "Trap Line"

TITLES = {
    "drills": ("Drill Sergeant", "Blister Road", "Cold Steel", "Ember Walk", "Rank and File", "Poison Drill",
               "Frost March", "Hard Lesson", "Double Time", "Parade Ground", "Boot Camp", "Last Drill"),
    "vaults": ("Counting House", "Petty Cash", "Toll Road", "Back Door", "Strongbox", "Loose Change", "Round Trip",
               "Vault Door", "Pawn Shop", "Safe Deposit", "Change Purse", "Mint Condition"),
    "incantations": ("Sleepwalker", "Recall", "Bait and Switch", "Second Thoughts", "Plain Folk", "Night Shift",
                     "Echo", "Sleight of Hand", "Hush", "Turnabout", "Spell Check", "Rewind Again"),
    "gauntlet": ("Iron Gauntlet", "Long Night", "Twin Fates", "Gold Rush", "Burning Bridges", "Crossed Wires",
                 "Dead Reckoning", "Grand Tour", "Final Audit", "Zorg's Welcome", "Tight Squeeze", "Closing Time"),
}


def grow_contract(pack_brief: PackBrief, pack: list[Level], count: int, *, tries: int = 3000,
                  max_seconds: float | None = 420.0, progress: bool = False, seed: int | None = None,
                  on_keep: Callable[[Candidate], None] | None = None) -> list[Candidate]:
    """Up to ``count`` proposals for one contract that pass its filter, teach its idea
    (:func:`teaching_problems`) and are no near-copy of the pack, easiest first (fewest spells,
    then search states: the campaign's difficulty order). Drafts are proved in index order of
    ``seed`` (default the contract's), so a run is reproduced exactly when the clock did not cut it:
    ``max_seconds`` is a CPU-seconds safety stop (issue 23), looked at between drafts."""
    from zorglab.core.budget import Budget as Allowance
    from zorglab.propose.batch import prove_task
    from zorglab.propose.lesson import teaching_problems
    from zorglab.propose.prove import draft_layout, draft_level

    brief = pack_brief.brief.replace(graph_states=pack_brief.graph)
    seed = pack_brief.seed if seed is None else seed
    kept: list[Candidate] = []
    known = list(pack)
    stop = Allowance(None, seconds=max_seconds, unit="drafts")
    for index in range(tries):
        if len(kept) >= count or stop.check():
            break
        candidate = prove_task(brief, seed, index)
        if progress and index % 50 == 0:
            print(f"{pack_brief.contract} seed {seed}: draft {index}, {len(kept)} kept", flush=True)
        if not (candidate.meets and pack_brief.keep(candidate) and nontrivial(candidate)):
            continue
        assert candidate.draft is not None
        level = draft_level(candidate.draft, f"{pack_brief.prefix}-draft-{candidate.index}")
        if near_copies(level, known) or teaching_problems(level, pack_brief, draft_layout(level, candidate.draft)):
            continue
        kept.append(candidate)
        known.append(level)
        if on_keep is not None:
            on_keep(candidate)
    return sorted(kept, key=lambda c: (c.figures["fewest_spells"], c.figures["states"], c.index))


_VERBS = {"loss": "loses", "stall": "stalls"}


def pack_notes(candidate: Candidate, pack_brief: PackBrief) -> str:
    """Designer notes for a proposed pack level: what it teaches and the insight, from its figures."""
    f = candidate.figures
    spells = f["fewest_spells"]
    necessary = f["necessary"] or "none of them alone"
    timing = ("one winning cast list: the timing is exact" if f["cast_lists"] == 1
              else f"{f['cast_lists']} winning cast lists on this layout")
    layouts = ("only this layout wins" if f["winning_layouts"] == 1
               else f"{f['winning_layouts']} layouts win")
    return (f"Proposed by zorglab propose (contract brief {pack_brief.contract!r}, seed {candidate.seed}, "
            f"draft {candidate.index}) and reviewed: it replays, passes the campaign check and is no near-copy.\n"
            f"Teaches: {pack_brief.idea}.\n"
            f"Insight: {spells} spell{'s' * (spells != 1)} needed (necessary: {necessary}); {timing}; {layouts}. "
            f"The no-cast run {_VERBS.get(candidate.loss_outcome, 'wins')}; the witness casts "
            f"{' '.join(candidate.witness)} (solver: {spells} spell{'s' * (spells != 1)}).")


def write_contract(pack_brief: PackBrief, candidates: list[Candidate], directory: str | Path,
                   titles: Iterable[str] | None = None) -> list[Path]:
    """Write a contract's proposals as ``PREFIX-NN-title.toml`` in play order (ids ``PREFIX-NN``).

    Titles come from :data:`TITLES` unless given; the pack's files then had some titles fitted by
    hand (docs/level-pack.md). The contract list itself is edited by hand.
    """
    import re

    from zorglab.propose.write import write_candidate

    paths = []
    for number, (candidate, title) in enumerate(zip(candidates, titles or TITLES[pack_brief.contract]), 1):
        slug = re.sub(r"[^a-z0-9]+", "-", title.lower().replace("'", "")).strip("-")
        level_id = f"{pack_brief.prefix}-{number:02d}"
        paths.append(write_candidate(candidate, pack_brief.brief, Path(directory) / f"{level_id}-{slug}.toml",
                                     level_id=level_id, title=title, contract=pack_brief.contract,
                                     notes=pack_notes(candidate, pack_brief)))
    return paths


def write_lessons(pack_brief: PackBrief, candidates: list[Candidate], known: list[Level], directory: str | Path,
                  start: int, taken: set[str]) -> list[str]:
    """Write a regrown contract (issue 26): of ``candidates`` (a contract's seeds' runs), easiest first,
    those that teach its idea and are no near-copy of ``known`` (which grows), as
    ``PREFIX-NN-title.toml`` numbered from ``start``, titled and noted by their lesson
    (:mod:`zorglab.propose.lesson`). Returns the ids written; the contract list is edited after."""
    import re
    from dataclasses import replace

    from zorglab.propose.lesson import lesson, lesson_key, lesson_notes, lesson_titles, target_phrase, teaching_problems
    from zorglab.propose.prove import draft_layout, draft_level
    from zorglab.propose.write import write_candidate

    chosen = []
    for candidate in sorted(candidates, key=lambda c: (c.figures["fewest_spells"], c.figures["states"], c.seed,
                                                       c.index)):
        assert candidate.draft is not None
        level = draft_level(candidate.draft, f"{pack_brief.prefix}-s{candidate.seed}-d{candidate.index}")
        layout = draft_layout(level, candidate.draft)
        if teaching_problems(level, pack_brief, layout) or near_copies(level, known):
            continue
        chosen.append((candidate, lesson(level, pack_brief, layout), target_phrase(level, layout, candidate.witness)))
        known.append(level)
    titles = lesson_titles([lesson_key(found) for _, found, _ in chosen], taken, [h for _, _, h in chosen])
    taken |= set(titles)
    ids = []
    for number, ((candidate, found, _), title) in enumerate(zip(chosen, titles), start):
        slug = re.sub(r"[^a-z0-9]+", "-", title.lower().replace("'", "")).strip("-")
        level_id = f"{pack_brief.prefix}-{number:02d}"
        notes = pack_notes(candidate, pack_brief) + "\n" + lesson_notes(
            found, candidate.witness, candidate.figures["fewest_spells"], _VERBS.get(candidate.loss_outcome, "wins"))
        write_candidate(replace(candidate, interest=found), pack_brief.brief,
                        Path(directory) / f"{level_id}-{slug}.toml", level_id=level_id, title=title,
                        contract=pack_brief.contract, notes=notes, overwrite=True)
        ids.append(level_id)
    return ids
