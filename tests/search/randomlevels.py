"""Small random worlds for the solver's properties: a row or bend of rooms, 1-2 heroes, 0-3 spells."""

from __future__ import annotations

from hypothesis import strategies as st

from zorglab.core.tiles import Tile
from zorglab.engine.world import World
from zorglab.core.model import HeroSpec, Level, RoomSpec, SpellSpec
from zorglab.core.values import Element

CROSS = ("##.##", "#...#", ".....", "#...#", "##.##")
SPAWN = ("##.##", "#...#", "..S..", "#...#", "##.##")
GREEN = ("##.##", "#ggg#", ".ggg.", "#ggg#", "##.##")
TILES = (("default-A", Tile("default-A", SPAWN)), ("default-Z", Tile("default-Z", CROSS)),
         ("default-D", Tile("default-D", CROSS)), ("default-O", Tile("default-O", CROSS)),
         ("default-E", Tile("default-E", GREEN)))

SHAPES = (
    ((0, 0), (1, 0), (2, 0), (3, 0)),
    ((0, 0), (1, 0), (1, 1), (2, 1)),
    ((0, 0), (0, 1), (1, 1), (2, 1)),
)

middle_rooms = st.one_of(
    st.builds(lambda x: ("D", (x,)), st.integers(-1, 3)),
    st.builds(lambda e: ("E", (e,)), st.sampled_from([Element.FIRE, Element.ICE, Element.POISON])),
    st.builds(lambda x: ("O", (x,)), st.integers(1, 3)),
)
heroes = st.one_of(
    st.builds(lambda hp: ("Warrior", (hp,)), st.integers(1, 5)),
    st.builds(lambda hp, imm: ("Elf", (hp, imm)), st.integers(1, 5),
              st.sampled_from([frozenset(), frozenset({Element.FIRE})])),
)
spells = st.one_of(
    st.builds(lambda x: ("Attack", (x,)), st.integers(1, 3)),
    st.just(("Sleep", ())), st.just(("Wake", ())), st.just(("Banality", ())),
    st.builds(lambda n: ("Teleport", (n,)), st.integers(1, 3)),
    st.just(("Swap", ())),
)


@st.composite
def small_worlds(draw, max_spells: int = 3, twin: bool = False, max_heroes: int = 2, min_heroes: int = 1,
                 min_spells: int = 0,
                 hero_choices: st.SearchStrategy | None = None,
                 spell_choices: st.SearchStrategy | None = None,
                 middle_choices: st.SearchStrategy | None = None) -> World:
    """``min_heroes``..``max_heroes`` heroes, at least ``min_spells`` spells; ``hero_choices``, ``spell_choices``: what
    to draw them from (by default ``heroes`` and ``spells`` here; ``middle_choices``: the two middle rooms', by default ``middle_rooms``). ``twin=True``: one spell drawn is there twice (two labels, the same type and arguments)."""
    shape = draw(st.sampled_from(SHAPES))
    middle = draw(st.lists(middle_rooms if middle_choices is None else middle_choices, min_size=2, max_size=2))
    rooms = [RoomSpec("A", "A")]
    for i, (kind, args) in enumerate(middle):
        rooms.append(RoomSpec(f"{kind}{i + 1}", kind, args))
    rooms.append(RoomSpec("Z", "Z"))
    hero_list = draw(st.lists(heroes if hero_choices is None else hero_choices, min_size=min_heroes, max_size=max_heroes))
    spell_list = draw(st.lists(spells if spell_choices is None else spell_choices, min_size=max(min_spells, 1 if twin else 0), max_size=max_spells))
    if twin:
        spell_list.insert(draw(st.integers(0, len(spell_list))), spell_list[draw(st.integers(0, len(spell_list) - 1))])
    level = Level(
        id="random",
        rooms=tuple(rooms),
        heroes=tuple(HeroSpec(f"{t}{i + 1}", t, a) for i, (t, a) in enumerate(hero_list)),
        spells=tuple(SpellSpec(f"{t}{i + 1}", t, a) for i, (t, a) in enumerate(spell_list)),
        tiles=TILES if middle_choices is None else TILES + (("default-P", Tile("default-P", CROSS)),),
    )
    return World(level, {room.label: slot for room, slot in zip(rooms, shape)})


def successors(world: World, state):
    """Every state one move on from ``state``: each legal cast, then the next action (none from a
    lost state) -- the steps the random paths of the property tests pick from."""
    from zorglab.engine.turns import act, next_action
    from zorglab.search.casts import legal_casts
    if state.lost:
        return []
    moves = [nxt for _, nxt, _ in legal_casts(world, state)]
    found = next_action(world, state)
    if found is not None:
        moves.append(act(world, state, found, record=False)[0])
    return moves


def random_moves_from(draw, world: World, state, max_steps: int):
    """The state ``state`` leads to along up to ``max_steps`` random moves of ``successors`` (for a
    hypothesis ``@st.composite``'s ``draw``): where the property tests look from."""
    for _ in range(draw(st.integers(0, max_steps))):
        moves = successors(world, state)
        if not moves:
            break
        state = moves[draw(st.integers(0, len(moves) - 1))]
    return state
