"""A: the spawn room (FR-11)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.core.registry import room_type

if TYPE_CHECKING:
    from zorglab.engine.hero_scratch import HeroScratch
    from zorglab.engine.resolve import Resolution


@room_type("A")
class SpawnRoom(RoomBehaviour):
    """Heroes spawn on the main A's ``S`` cell; any A a hero enters becomes the main one."""

    is_spawn = True

    @staticmethod
    def on_enter(res: Resolution, hero: HeroScratch, room: int) -> None:
        res.set_main_a(room)
