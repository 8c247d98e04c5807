"""ZR-26: a portal's ``f`` gives whole numbers for every entry it acts on, checked at load.

``P(n, f)`` acts on entries ``1 <= i <= n``. A list form holds whole numbers by construction. For
``i -> expr`` the check is exact without trying every ``i``: when ``expr`` is a polynomial in ``i``
of degree ``d`` (only ``+ - *`` and division by numbers), it is whole at every ``i >= 1`` as soon as
it is whole at ``i = 1 .. d + 1`` (Newton's forward differences of a polynomial whole at ``d + 1``
consecutive points are whole). Any other ``expr`` (a division by something that reads ``i``) is
tried at every ``i = 1 .. n`` for a finite ``n`` -- so every entry the portal acts on is checked --
and such an ``n`` may be at most :data:`MAX_SCANNED_ENTRIES`, a located error saying so past it. For
``n = inf`` it is tried at ``i = 1 .. SCAN_LIMIT``, and an entry past that which gives a fraction is
refused when a run reaches it, with the same message (docs/levels.md, "Limits").

How far back ``f(i)`` reads is no fault: a ``k`` larger than the history sends the hero to the
waiting room (ZR-10), and the rulings bound no ``k``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from zorglab.errors import ExpressionError
from zorglab.core import ast
from zorglab.core.values import INF, IndexFunction

SCAN_LIMIT = 1_000        # values of a non-polynomial f tried at load for n = inf
MAX_SCANNED_ENTRIES = 10_000    # the largest finite n of a non-polynomial f (each entry is tried at load)
MAX_DEGREE = 64           # a polynomial of higher degree is tried like any other f

Polynomial = dict[int, Fraction]     # degree -> coefficient (no zero coefficients)


def polynomial(expr: Any, param: str) -> Polynomial | None:
    """``expr`` as a polynomial in ``param`` with exact coefficients, or None if it is not one."""
    if isinstance(expr, ast.Const):
        value = expr.value
        if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
            return None
        return {0: Fraction(value)} if value else {}
    if isinstance(expr, ast.Name):
        return {1: Fraction(1)} if expr.name == param else None
    if isinstance(expr, ast.Unary) and expr.op == "-":
        operand = polynomial(expr.operand, param)
        return None if operand is None else {k: -v for k, v in operand.items()}
    if not isinstance(expr, ast.Binary) or expr.op not in "+-*/":
        return None
    left, right = polynomial(expr.left, param), polynomial(expr.right, param)
    if left is None or right is None:
        return None
    if expr.op == "/":
        if set(right) != {0}:
            return None              # dividing by something that reads i (or by zero)
        return {k: v / right[0] for k, v in left.items()}
    if expr.op == "*":
        product: dict[int, Fraction] = {}
        for a, x in left.items():
            for b, y in right.items():
                product[a + b] = product.get(a + b, Fraction(0)) + x * y
        if product and max(product) > MAX_DEGREE:
            return None
        return {k: v for k, v in product.items() if v}
    sign = 1 if expr.op == "+" else -1
    total = dict(left)
    for k, v in right.items():
        total[k] = total.get(k, Fraction(0)) + sign * v
    return {k: v for k, v in total.items() if v}


def entries_to_check(n: Any, f: IndexFunction) -> int:
    """How many first entries must be tried so that the check covers every entry f acts on (for a
    non-polynomial f and a finite n: all n of them; for n = inf: the first SCAN_LIMIT)."""
    function = getattr(f.rule, "function", None)
    if not isinstance(function, ast.Lambda):
        return 0                     # a list, or a callable not written in the notation
    poly = polynomial(function.body, function.param)
    if poly is None:
        return SCAN_LIMIT if n is INF else max(0, n)
    top = max(poly, default=0) + 1
    return top if n is INF else max(0, min(n, top))


def portal_fault(n: Any, f: IndexFunction) -> tuple[int, str] | None:
    """The first entry ``i`` whose ``f(i)`` is not a whole number (or cannot be computed), and why.

    None also while ``f`` reads a variable of the level: it is checked once the choice is made."""
    function = getattr(f.rule, "function", None)
    if isinstance(function, ast.Lambda):
        param = function.param
        if any(isinstance(node, ast.Name) and node.name != param for node in ast.walk(function.body)):
            return None
    count = entries_to_check(n, f)
    if n is not INF and count > MAX_SCANNED_ENTRIES:
        return 0, (f"f divides by an expression of i, so it is checked at each of the n = {n} entries it acts "
                   f"on (ZR-26); such a portal acts on at most {MAX_SCANNED_ENTRIES:,} entries "
                   "(docs/levels.md, Limits)")
    for i in range(1, count + 1):
        try:
            f(i)
        except ExpressionError as error:
            reason = error.problems[0].message if error.problems else str(error)
            if not reason.startswith(f"f({i})"):
                reason = f"f({i}): {reason}"
            return i, reason
    return None
