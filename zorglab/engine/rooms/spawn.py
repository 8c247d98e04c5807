"""A: the spawn room (FR-11)."""

from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.core.registry import room_type


@room_type("A")
class SpawnRoom(RoomBehaviour):
    """Heroes spawn on the main A's ``S`` cell; any A a hero enters becomes the main one."""

    is_spawn = True

    @staticmethod
    def on_enter(res, hero, room):
        res.set_main_a(room)
