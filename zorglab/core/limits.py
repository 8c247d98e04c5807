"""Explicit limits on what a level file may hold (docs/levels.md, "Limits"; issue 18).

The rules need none of these; they keep every load quick and every fault a located
:class:`~zorglab.errors.LevelError` instead of a ``RecursionError``, a ``MemoryError`` or a hang.
No level of the pack comes near any of them.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

MAX_DIGITS = 1_000              # digits of one number (notation or TOML), exponent included
MAX_NESTING = 64                # brackets inside brackets: TOML arrays/tables, notation lists/sets/calls
MAX_EXPRESSION_DEPTH = 100      # operators inside operators (a sum of n terms is n deep)
MAX_NOTATION_LENGTH = 100_000   # characters of one notation string
MAX_DOMAIN = 10_000             # items of one choix domain
MAX_PICKS = 1_000               # n of one choix(n, E)
MAX_ROOMS = 256                 # rooms of one world
MAX_HISTORY_REACH = 64          # visits a repetition check hashes before it compares whole histories (ZR-27)
UNBOUNDED = 2 ** 62             # "no cap": an entry count or a history reach no run reaches (ZR-32);
                               # a slice history[-UNBOUNDED:] is the whole history


def decimal_fault(value: Decimal) -> str | None:
    """Why a TOML float cannot be an exact number here (inf, nan, too many digits), or None."""
    if not value.is_finite():
        return f"{value} is not a number a level can hold; write a whole number or an exact decimal"
    sign, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)
    if len(digits) + abs(exponent) > MAX_DIGITS:
        return f"this number has more than {MAX_DIGITS} digits (exponent included); at most {MAX_DIGITS}"
    return None


def exact_decimal(value: Decimal) -> int | Fraction:
    """A checked TOML float as an exact int or Fraction (call :func:`decimal_fault` first)."""
    fraction = Fraction(value)
    return int(fraction) if fraction.denominator == 1 else fraction


_TOML_TOKEN = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
    r'|(?P<open>[\[{])|(?P<close>[\]}])|(?P<digits>(?:0[xXoObB])?[0-9a-fA-F][0-9a-fA-F_]{%d,})' % MAX_DIGITS,
    re.S)


def toml_fault(text: str) -> tuple[int, str] | None:
    """(offset, why) of the first TOML construct past a limit: nesting or a number's digits.

    Checked before ``tomllib`` reads the text: it recurses per nesting level and converts any
    number of digits, so such a file would end in a ``RecursionError`` or a ``ValueError``."""
    depth = 0
    for token in _TOML_TOKEN.finditer(text):
        if token.group("open"):
            depth += 1
            if depth > MAX_NESTING:
                return token.start(), f"nested more than {MAX_NESTING} deep (docs/levels.md, Limits)"
        elif token.group("close"):
            depth = max(0, depth - 1)
        elif token.group("digits"):
            return token.start(), f"a number of more than {MAX_DIGITS} digits (docs/levels.md, Limits)"
    return None
