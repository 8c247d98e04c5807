"""The Player's keyboard and board clicks: the :class:`PlayerInput` each Player owns turns a key or
a click on the canvas into one of the Player's handlers (stepping, casting, explaining); the
handlers decide, the input says which one a gesture means."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zorglab.core.geometry import Slot
from zorglab.paint.board import waiting_slots
from zorglab.widgets.player_why import why_not_cell

if TYPE_CHECKING:
    from zorglab.widgets.player import Player

KEYS = ("ArrowRight", "ArrowLeft", ".", ",", "Home", "End", "p", "b", "Escape")    # what ``PlayerInput.key`` answers


class PlayerInput:
    """The Player's keys and clicks on its board (``Player(...).input``)."""

    def __init__(self, player: Player):
        self.player = player

    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """→ or . step, ← or , back, Home first frame, End to the end, p play/pause,
        b branch here, Escape drops the spell being cast."""
        player = self.player
        if ctrl or meta:
            return
        if key in ("ArrowRight", "."):
            player.step()
        elif key in ("ArrowLeft", ","):
            player.back()
        elif key == "Home":
            player.goto(0)
        elif key == "End":
            player.run_to_end()
        elif key == "p":
            player.play.playing = not player.play.playing
        elif key == "b":
            player.branch()
        elif key == "Escape":
            player.select_spell(None)

    def click_cell(self, slot: Slot, local: tuple[int, int]) -> None:
        """A click on the board: a target for the spell being cast, else the hero to explain."""
        player = self.player
        tray = player.tray
        hero = player.hero_at(slot, local)
        applied = tray.applied_kind
        if tray.kind in ("hero", "meta") and hero is not None:
            tray.choose_hero(player.world.heroes[hero].label)
        elif applied == "slots" and player.room_at(slot) is None:
            tray.choose_slot((slot[0], slot[1]))
        elif applied == "room" and (room := player.room_at(slot)) is not None:
            tray.choose_room(room)
        elif hero is not None:
            player.focus = hero
        elif tray.kind is None and player.explain_toggle.value:
            why_not_cell(player, slot, local)     # a cell asks "why not that way?" (refreshes)
            return
        player.refresh()

    def click_board(self, px: float, py: float) -> None:
        """A click on the canvas: a board cell (:meth:`click_cell`), or a hero waiting beside the board."""
        player = self.player
        view = player.view
        found = view.cell_at(px, py)
        if found is not None:
            self.click_cell(*found)
            return
        waiting = [i for i, h in enumerate(player.state.heroes) if h.alive and h.pos is None]
        for (cx, cy), index in zip(waiting_slots(view, len(waiting)), waiting):
            if (px - cx) ** 2 + (py - cy) ** 2 <= (view.cell * 0.5) ** 2:
                player.focus = index
                player.refresh()
