"""The notation parser's LALR tables, built once by a developer and shipped beside the grammar.

Building the parser from ``notation.lark`` (the grammar read, its LALR(1) states worked out) costs a
process about 0.04 CPU s, a sixth of ``zorglab validate`` of one level; loading the same tables from
``notation_tables.json`` costs about 0.005 s. The file records the grammar's SHA-256 and the lark
version that built it: when either differs (the grammar edited, lark upgraded) the parser is built
from the grammar as before, so a stale file costs time, never a different parse
(``tests/level/test_notation_tables.py`` fails until it is written again with
``python -m zorglab.level.notation_tables``). The file is data read with :mod:`json`, never code:
lark's own serialised form (dicts, lists, strings, numbers), with tuples and integer-keyed dicts
tagged so they come back as they were.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from lark import Lark
from lark import __version__ as LARK_VERSION
from lark.grammar import Rule
from lark.lexer import TerminalDef

START_SYMBOLS = ("entity", "cast", "value", "expr")
TABLES_NAME = "notation_tables.json"
_TUPLE = "(tuple)"
_INT_KEYS = "(int keys)"


HERE = Path(__file__).parent          # the grammar and the tables are files of this package


def grammar_text() -> str:
    return (HERE / "notation.lark").read_text(encoding="utf-8")


def grammar_digest(grammar: str) -> str:
    return hashlib.sha256(grammar.encode("utf-8")).hexdigest()


def build_parser(grammar: str) -> Lark:
    """The parser worked out from the grammar (what the tables hold)."""
    return Lark(grammar, parser="lalr", start=list(START_SYMBOLS), maybe_placeholders=True)


def parser() -> Lark:
    """The notation parser: from the shipped tables when they were built from this grammar by this
    lark, else from the grammar."""
    grammar = grammar_text()
    stored = stored_tables(grammar)
    if stored is None:
        return build_parser(grammar)
    return Lark._load_from_dict(stored["data"], stored["memo"])  # type: ignore[no-any-return]


def stored_tables(grammar: str) -> dict[str, Any] | None:
    """The shipped tables if they match ``grammar`` and the installed lark, else None."""
    try:
        raw = (HERE / TABLES_NAME).read_text(encoding="utf-8")
        stored = json.loads(raw, object_hook=_decoded)
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("grammar_sha256") != grammar_digest(grammar) \
            or stored.get("lark") != LARK_VERSION:
        return None
    return stored


def tables(parser: Lark) -> dict[str, Any]:
    """What the file holds for ``parser``: lark's serialised parser and its memo."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    return {"data": data, "memo": memo}


def tables_json(grammar: str) -> str:
    built = tables(build_parser(grammar))
    document = {"grammar_sha256": grammar_digest(grammar), "lark": LARK_VERSION,
                "data": _encoded(built["data"]), "memo": _encoded(built["memo"])}
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"


def _encoded(value: Any) -> Any:
    if isinstance(value, tuple):
        return {_TUPLE: [_encoded(v) for v in value]}
    if isinstance(value, list):
        return [_encoded(v) for v in value]
    if isinstance(value, dict):
        if all(isinstance(key, str) for key in value):
            return {key: _encoded(v) for key, v in value.items()}
        if all(type(key) is int for key in value):
            return {_INT_KEYS: [[key, _encoded(v)] for key, v in value.items()]}
        raise TypeError(f"cannot store a dict keyed by {sorted({type(k).__name__ for k in value})}")
    if value is None or type(value) in (str, int, bool, float):
        return value
    raise TypeError(f"cannot store a {type(value).__name__} in the notation tables")


def _decoded(document: dict[str, Any]) -> Any:
    if len(document) == 1:
        if _TUPLE in document:
            return tuple(document[_TUPLE])
        if _INT_KEYS in document:
            return {key: value for key, value in document[_INT_KEYS]}
    return document


def main() -> None:
    """Write the tables beside the grammar (a developer's step after editing ``notation.lark``)."""
    path = HERE / TABLES_NAME
    path.write_text(tables_json(grammar_text()), encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
