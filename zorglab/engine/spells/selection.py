"""Selection: Apply another unused spell to chosen heroes at once (FR-39)."""

from zorglab.engine.registry import Param, ParamKind, spell_type


@spell_type("Selection", Param("allow_corpses", ParamKind.BOOL))
class SelectionSpell:
    """Apply another unused spell to chosen heroes at once (FR-39)."""
