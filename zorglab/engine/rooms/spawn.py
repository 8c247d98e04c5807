"""A: the spawn room (FR-11)."""

from zorglab.engine.registry import room_type


@room_type("A")
class SpawnRoom:
    """Heroes spawn on the main A's ``S`` cell; any A a hero enters becomes the main one."""
