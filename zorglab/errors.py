"""Errors for people: every fault carries the file, line and column it came from.

Library callers catch :class:`LevelError` (a ``ValueError``); the CLI prints
``str(error)``, one ``path:line:col: message`` line per problem, and never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Location:
    """A 1-based line and column inside a file (``path`` may be ``"<string>"``)."""

    path: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Problem:
    """One fault found in a level: where, what, and which error class it belongs to."""

    location: Location | None
    message: str
    kind: type["LevelError"] | None = None

    def __str__(self) -> str:
        return f"{self.location}: {self.message}" if self.location else self.message


class LevelError(ValueError):
    """A level (or a piece of notation) is wrong; ``problems`` lists every fault found."""

    def __init__(self, problems: list[Problem] | Problem | str, location: Location | None = None):
        if isinstance(problems, str):
            problems = [Problem(location, problems, type(self))]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    @property
    def location(self) -> Location | None:
        return self.problems[0].location if self.problems else None

    @classmethod
    def from_problems(cls, problems: list[Problem]) -> "LevelError":
        """The most specific error class shared by every problem, carrying them all."""
        kinds = {p.kind for p in problems if p.kind is not None}
        if len(kinds) == 1:
            (kind,) = kinds
            return kind(problems)
        return LevelError(problems)


class LevelSyntaxError(LevelError):
    """TOML or notation that does not parse (unbalanced brackets, stray characters...)."""


class UnknownNameError(LevelError):
    """An unknown room, hero or spell type, element, function, label or variable."""


class ArityError(LevelError):
    """A type or function called with the wrong number of arguments."""


class ArgumentTypeError(LevelError):
    """An argument of the wrong kind, or a placeholder such as ``Gunner(_)``."""


class TileError(LevelError):
    """A tile that is not 5x5, has an open corner, or an A tile without exactly one ``S``."""


class LabelError(LevelError):
    """Duplicate labels, or a map naming an unknown label."""


class LevelStructureError(LevelError):
    """A level missing something every level needs (an A room, a Z room...)."""


class UndefinedRuleError(LevelError):
    """A construct the rules leave undefined (room type ``C``, ZR-21)."""


class ChoiceError(LevelError):
    """A setup choice outside its variable's domain, or a variable left without a choice (FR-2)."""


class ExpressionError(LevelError):
    """An expression that cannot be evaluated: division by zero, a missing value or function."""


class LayoutError(LevelError):
    """A layout that breaks FR-5..FR-8 where a valid one is required."""


class CastError(ValueError):
    """A cast refused by the rules (ZR-14); ``reason`` says which rule and target."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


class OptionError(ValueError):
    """A bad option given to a command or generator, naming the offending value."""


class PlanningLimitError(RuntimeError):
    """A hero's plan space is larger than the planner will explore."""

    def stop_reason(self) -> str:
        """Why a run or search stopped here, for people: the words inside "not finished (...)"
        (a safety stop, never a rule outcome: docs/rules.md ZR-32)."""
        return f"plan too large for the budget: {self}"


class EndlessActionError(PlanningLimitError):
    """An action that never ends: its chain of portal teleports came back to a state it was in
    (ZR-10, ZR-32), or ran past :data:`zorglab.engine.resolve.MAX_TELEPORTS_PER_ACTION` (a safety
    stop). The run stops there and says so; no rule outcome is made up (docs/rules.md FR-15)."""


class ReplayError(LevelError):
    """A known solution that does not replay to its ``expect`` (NFR-5), found by ``validate --replay``."""


class LevelFileError(LevelError):
    """A file that cannot be read or written as asked: missing, not a regular file, too large,
    read-only, locked by another writer, or a disk fault while saving (the file is then unchanged)."""


class StaleFileError(LevelError):
    """The file changed on disk since it was loaded: saving would overwrite or contradict someone
    else's edit, so nothing is written; reload the file and save again."""


def value_text(value: object) -> str:
    """A value read from a file as its author wrote it, for messages: ``true`` not ``True``,
    ``1.0`` not ``Decimal('1.0')``, ``0.99997`` not ``0.9999709319999965``, strings in quotes
    as every message quotes a name (``'won'``)."""
    from decimal import Decimal
    from fractions import Fraction
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, Decimal):
        return str(value) if len(str(value)) <= 40 else f"{value:.6g}"
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, int):
        text = str(value) if value.bit_length() < 128 else f"a {value.bit_length()}-bit integer"
        return text
    if isinstance(value, str):
        shown = value if len(value) <= 60 else value[:57] + "..."
        return repr(shown)            # quoted as every message quotes names: 'won'
    if isinstance(value, (list, tuple)):
        items = [value_text(v) for v in list(value)[:8]]
        return "[" + ", ".join(items + (["..."] if len(value) > 8 else [])) + "]"
    if isinstance(value, dict):
        items = [f"{k} = {value_text(v)}" for k, v in list(value.items())[:8]]
        return "{" + ", ".join(items + (["..."] if len(value) > 8 else [])) + "}"
    return str(value)
