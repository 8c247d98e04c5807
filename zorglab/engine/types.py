"""The built-in room, hero and spell types: importing this module registers them all (NFR-3).

Each type is one module under ``rooms/``, ``heroes/`` or ``spells/`` whose decorator fills the
registries of :mod:`zorglab.core.registry`. The loader imports this module, so a level loads
with every built-in type known; a designer's own types register the same way (their module's
import, or an entry point in the group ``zorglab.types``; docs/levels.md, "Adding a type").
"""

from zorglab.engine import heroes, rooms, spells  # noqa: F401  (imported for their registrations)
