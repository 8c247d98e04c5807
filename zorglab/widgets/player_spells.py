"""The Player's spell tray: pick a spell left, its targets, and build the :class:`Cast` to make.

Slots are chosen on the Player's board, which shows the dungeon frame; a cast names slots in the
board frame (as a solution's casts do), so :meth:`SpellTray.build` turns them back.

Which targets a spell takes is read from its type (the ``target`` its behaviour declares:
``all`` and ``active`` take none, ``chosen`` one hero; Move takes empty slots, Swap a room,
Selection heroes plus another spell). Whether the cast is legal is the engine's answer alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import ipywidgets as w

from zorglab.core.geometry import Slot
from zorglab.engine.state import GameState
from zorglab.engine.turns import next_action
from zorglab.core.model import Cast, spell_call
from zorglab.engine.spells.base import CastForm

# "nothing chosen" in a dropdown: ipywidgets shows a None value as a blank box, not as its label
NONE = ""

TrayKind = Literal["none", "hero", "slots", "room", "meta"]
"""What the Player's spell tray asks for before a cast: nothing, a hero, slots, a room, or Selection's heroes
and spell."""

# the tray's words for the target a spell type declares (SpellBehaviour.cast_form)
_TRAY_KIND: dict[CastForm | None, TrayKind] = {"to": "slots", "with": "room", "select": "meta", "on": "hero",
                                               None: "none"}


def spell_target(spell: Any) -> TrayKind:
    """What a spell of the world asks for: ``none``, ``hero``, ``slots``, ``room`` or ``meta``."""
    return _TRAY_KIND[spell.behaviour.cast_form]


@dataclass
class CastChoice:
    """The tray's current choice: a spell label and its targets."""

    spell: str | None = None
    heroes: list[str] = field(default_factory=list)
    slots: list[Slot] = field(default_factory=list)
    room: str | None = None
    inner: str | None = None          # Selection's applied spell (a label)

    def clear_targets(self) -> None:
        self.heroes, self.slots, self.room, self.inner = [], [], None, None


class SpellTray:
    """Widgets and choice for casting at the current casting point."""

    def __init__(self, world: Any):
        self.world = world
        self.choice = CastChoice()
        self.active: str | None = None         # the active hero on the board at the synced state (ZR-14)
        self.spell_dropdown = w.Dropdown(description="spell", options=[("—", NONE)], value=NONE,
                                         layout=w.Layout(width="220px"))
        self.hero_dropdown = w.Dropdown(description="on", options=[("—", NONE)], value=NONE,
                                        layout=w.Layout(width="200px"))
        self.heroes_select = w.SelectMultiple(description="on", options=[], rows=3, layout=w.Layout(width="220px"))
        self.inner_dropdown = w.Dropdown(description="apply", options=[("—", NONE)], value=NONE,
                                         layout=w.Layout(width="220px"))
        self.targets_label = w.HTML()
        self.cast_button = w.Button(description="cast now", icon="magic", button_style="warning")
        self.result = w.HTML()
        self.widget = w.VBox([w.HBox([self.spell_dropdown, self.hero_dropdown, self.heroes_select,
                                      self.inner_dropdown, self.cast_button]), self.targets_label, self.result])

    # --- reading ----------------------------------------------------------------------------------

    def spell(self, label: str | None) -> Any:
        return None if label is None else self.world.spells[self.world.spell_index[label]]

    @property
    def kind(self) -> TrayKind | None:
        spell = self.spell(self.choice.spell)
        return None if spell is None else spell_target(spell)

    @property
    def applied_kind(self) -> TrayKind | None:
        """What the targets on the board are for: the spell's own, or Selection's applied spell's."""
        if self.kind == "meta":
            inner = self.spell(self.choice.inner)
            return None if inner is None else spell_target(inner)
        return self.kind

    def board_slot(self, slot: Slot) -> Slot:
        """A slot clicked on the Player's board (dungeon frame) as a cast names it (board frame)."""
        dungeon = getattr(self.world, "dungeon", None)
        board: Slot = (slot[0], slot[1])       # a list when it comes from the browser
        return board if dungeon is None else dungeon.to_board(board)

    def build(self, tick: int) -> Cast:
        """The cast the tray describes, at ``tick``; raises ValueError when no spell is chosen.
        Move destinations are turned into the board frame, where casts name slots."""
        spell = self.spell(self.choice.spell)
        if spell is None:
            raise ValueError("choose a spell to cast first")
        call = spell_call(spell, self.world.spells)      # that very spell, where others are alike (#31)
        kind = spell_target(spell)
        if kind == "meta":
            inner = self.spell(self.choice.inner)
            if inner is None:
                raise ValueError(f"{spell.label}: choose the spell Selection applies")
            inner_cast = Cast(tick, spell_call(inner, self.world.spells),
                              to=tuple(self.board_slot(s) for s in self.choice.slots), with_room=self.choice.room)
            return Cast(tick, call, on=tuple(self.choice.heroes), inner=inner_cast)
        return Cast(tick, call, on=tuple(self.choice.heroes) if kind == "hero" else (),
                    to=tuple(self.board_slot(s) for s in self.choice.slots) if kind == "slots" else (),
                    with_room=self.choice.room if kind == "room" else None)

    # --- choosing ---------------------------------------------------------------------------------

    def canonical(self, label: str) -> str:
        """A spell label, or its type name as an alias where the world has one spell of that type."""
        if label in self.world.spell_index:
            return label
        same = [s.label for s in self.world.spells if s.type == label]
        if len(same) == 1:
            return same[0]
        if same:
            raise ValueError(f"{label!r} names several spells ({', '.join(same)}): choose one by its label")
        raise ValueError(f"there is no spell {label!r} (spells: {', '.join(self.world.spell_index)})")

    def select(self, label: str | None) -> None:
        if label is not None:
            label = self.canonical(label)
        if label != self.choice.spell:
            self.choice.spell = label
            self.choice.clear_targets()

    def choose_hero(self, label: str) -> None:
        """A hero target: replaces the one target, or toggles in Selection's list."""
        if label not in self.world.hero_index:
            raise ValueError(f"there is no hero {label!r}")
        if self.kind == "meta":
            heroes = self.choice.heroes
            if label in heroes:
                heroes.remove(label)
            else:
                heroes.append(label)
        else:
            self.choice.heroes = [label]

    def choose_slot(self, slot: Slot) -> None:
        """A Move destination: one for Move, toggled in a list under Selection."""
        if self.kind == "meta":
            slots = self.choice.slots
            if slot in slots:
                slots.remove(slot)
            else:
                slots.append(slot)
        else:
            self.choice.slots = [slot]

    def choose_room(self, label: str) -> None:
        self.choice.room = label

    def choose_inner(self, label: str | None) -> None:
        if label is not None:
            self.spell(label)
        self.choice.inner = label
        self.choice.slots, self.choice.room = [], None

    # --- showing ----------------------------------------------------------------------------------

    def sync(self, state: GameState) -> None:
        """Options for this state (spells left, living heroes on the board) and the current choice."""
        left = [(s.label, s.label) for s in self.world.spells if state.spells_left[s.index]]
        if self.choice.spell is not None and self.choice.spell not in dict(left):
            self.choice.spell = None
            self.choice.clear_targets()
        if self.choice.inner is not None and self.choice.inner not in dict(left):
            self.choice.inner = None
        on_board = [self.world.heroes[i].label for i, h in enumerate(state.heroes) if h.pos is not None]
        self.spell_dropdown.options = [("—", NONE)] + left
        self.spell_dropdown.value = self.choice.spell or NONE
        kind = self.kind
        self.hero_dropdown.options = [("—", NONE)] + [(h, h) for h in on_board]
        self.hero_dropdown.value = self.choice.heroes[0] if kind == "hero" and self.choice.heroes and \
            self.choice.heroes[0] in on_board else NONE
        self.heroes_select.options = on_board
        self.heroes_select.value = tuple(h for h in self.choice.heroes if h in on_board) if kind == "meta" else ()
        self.inner_dropdown.options = [("—", NONE)] + [pair for pair in left if pair[0] != self.choice.spell]
        self.inner_dropdown.value = self.choice.inner or NONE
        self.hero_dropdown.layout.display = "" if kind == "hero" else "none"
        self.heroes_select.layout.display = self.inner_dropdown.layout.display = "" if kind == "meta" else "none"
        self.cast_button.disabled = self.choice.spell is None
        found = next_action(self.world, state)
        self.active = None if found is None or state.heroes[found[0]].pos is None else \
            self.world.heroes[found[0]].label
        self.targets_label.value = self._hint()

    def _hint(self) -> str:
        """What the chosen spell still needs, in words; once a target is chosen, that target."""
        applied = self.applied_kind
        parts = []
        if self.kind == "hero":
            parts.append(f"on {self.choice.heroes[0]} (click another hero to change it)" if self.choice.heroes
                         else "click the hero to cast it on, on the board (or pick it in the 'on' list)")
        if self.kind == "meta":
            chosen = ", ".join(self.choice.heroes)
            parts.append(f"on {chosen} (click a hero to add or drop it)" if chosen else
                         "click the heroes it selects, on the board (or pick them in the 'on' list)")
        if applied == "slots":
            parts.append(f"to {', '.join(map(str, self.choice.slots))} (click another empty slot to change it)"
                         if self.choice.slots else "click an empty slot on the board for the room to go to")
        if applied == "room":
            parts.append(f"swap with {self.choice.room} (click another room to change it)" if self.choice.room
                         else "click the room on the board to swap with")
        if self.kind == "none":
            target = getattr(self.spell(self.choice.spell).behaviour, "target", None)
            if target == "all":
                parts.append("no target to choose: it hits every living hero on the board")
            else:
                who = f" ({self.active})" if self.active else " (none now: the cast will be refused)"
                parts.append(f"no target to choose: it acts on the active hero{who}")
        return "<i>" + "; ".join(parts) + "</i>" if parts else ""
