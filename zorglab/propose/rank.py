"""Ranking and variety: the closest candidates first, and no near-copies of one already offered.

Closeness is the candidate's distance to the brief's targets (:func:`zorglab.propose.prove.judge`),
then fewer winning cast lists (one answer teaches more sharply; issue 26), ties broken by draft index, so the order never depends on which process finished first. Variety
compares *features* — each room with its arguments, each hero and spell, the road's shape (turns),
the witness's spell types — by Jaccard similarity: a candidate at least ``NEAR_COPY`` similar to
one already chosen is left out, so twenty offers are twenty different levels; and a candidate whose
witness plays a trick already offered (the same spells on the same hero types) waits until no
candidate with a new trick is left.
"""

from __future__ import annotations

from typing import Iterable

from zorglab.propose.prove import Candidate

NEAR_COPY = 0.75


def features(candidate: Candidate) -> frozenset[str]:
    """What a designer would call the level's content, as comparable tokens (repeats numbered)."""
    draft = candidate.draft
    if draft is None:
        return frozenset()
    tokens = content_tokens([r.split(" @ ")[0] for r in draft.rooms], draft.heroes, draft.spells)
    turns = sum(1 for a, b, c in zip(draft.slots, draft.slots[1:], draft.slots[2:])
                if (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1]))
    tokens.append(f"turns:{turns}")
    tokens += sorted({f"cast:{w.split()[1].split('(')[0]}" for w in candidate.witness})
    return frozenset(tokens)


def content_tokens(rooms, heroes, spells) -> list[str]:
    """Each room, hero and spell twice: as written (``hero:Elf(4,{})#1``) and by type alone
    (``hero-type:Elf#1``), repeats numbered: two levels with the same types and nearly the same
    arguments share most tokens."""
    tokens: list[str] = []
    for kind, texts in (("room", rooms), ("hero", heroes), ("spell", spells)):
        seen: dict[str, int] = {}
        types: dict[str, int] = {}
        for text in texts:
            text = text.replace(" ", "")
            type_name = text.split("(")[0]
            seen[text] = seen.get(text, 0) + 1
            types[type_name] = types.get(type_name, 0) + 1
            tokens += [f"{kind}:{text}#{seen[text]}", f"{kind}-type:{type_name}#{types[type_name]}"]
    return tokens


def similarity(a: frozenset[str], b: frozenset[str]) -> float:
    union = a | b
    return len(a & b) / len(union) if union else 1.0


def order(candidate: Candidate) -> tuple[float, int | float, int]:
    """Closest to the targets first; then fewer winning cast lists (up to commuting casts, else as
    counted; a capped or unknown count last); then the draft index."""
    f = candidate.figures
    lists = f.get("distinct_cast_lists")
    if lists is None or f.get("distinct_capped"):
        lists = f.get("cast_lists") if not f.get("cast_lists_capped") else None
    return (candidate.distance, lists if lists is not None else float("inf"), candidate.index)


def trick(candidate: Candidate) -> tuple[str, ...]:
    """The witness's trick: each cast's spell type and whom it is cast on by hero *type* (``Sleep on
    Elf``), in order, with the casting point's hero count left out: two levels won by putting the
    first Elf to sleep teach the same trick, whatever their rooms."""
    out = []
    for cast in candidate.witness:
        words = cast.split()[1:]                       # "@5 Sleep() on Elf1" → ["Sleep()", "on", "Elf1"]
        spell = words[0].split("(")[0] if words else ""
        target = " ".join(w.rstrip("0123456789") for w in words[1:])
        out.append(f"{spell} {target}".strip())
    return tuple(out)


def rank(candidates: Iterable[Candidate], count: int, near_copy: float = NEAR_COPY) -> list[Candidate]:
    """Up to ``count`` candidates meeting the brief, closest first, none a near-copy of another, and
    each with a trick of its own (:func:`trick`) while candidates with new tricks remain; only then
    a trick already offered again (issue 42: three Sleep levels of one trick teach one thing)."""
    chosen: list[Candidate] = []
    kept: list[frozenset[str]] = []
    tricks: set[tuple[str, ...]] = set()
    ordered = sorted((c for c in candidates if c.meets), key=order)
    for new_tricks_only in (True, False):
        for candidate in ordered:
            if len(chosen) >= count:
                return chosen
            if candidate in chosen or (new_tricks_only and trick(candidate) in tricks):
                continue
            mine = features(candidate)
            if any(similarity(mine, other) >= near_copy for other in kept):
                continue
            chosen.append(candidate)
            kept.append(mine)
            tricks.add(trick(candidate))
    return chosen


def closest_misses(candidates: Iterable[Candidate], count: int = 3) -> list[Candidate]:
    """The solvable candidates nearest the targets that still miss one: what the brief came close to."""
    near = [c for c in candidates if c.verdict == "solvable" and c.misses]
    return sorted(near, key=order)[:count]
