"""The notation parser's shipped LALR tables (``zorglab/level/notation_tables.json``): built from
the grammar as it is, by the lark installed, and parsing every text as the parser built from the
grammar does — trees, and the faults' places and expectations."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from lark import Lark, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from zorglab.level import notation, notation_tables

ROOT = Path(__file__).resolve().parents[2]


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def corpus() -> list[str]:
    """Every string of every shipped level (notation and not), and a few broken texts."""
    texts = {s for path in sorted((ROOT / "levels").glob("*.toml"))
             for s in _strings(tomllib.loads(path.read_text(encoding="utf-8")))}
    texts |= {"", "(", "W(3", "@3 Attack ON", "x = ", "1 +* 2", "A @", "@ 2 Swap TO (0,1), (1,", "[1, 2,]", "{fire,",
              "hp(W1) >= 3 and", "not not x", "Teleport(2) ON E1: Attack", "🐉", "a\nb"}
    return sorted(t for t in texts if len(t) <= 400)


def outcome(parser: Lark, text: str, start: str) -> Any:
    """The tree, or the fault as the messages read it (kind, place, what was expected)."""
    try:
        tree: Tree[Any] = parser.parse(text, start=start)
        return tree
    except UnexpectedCharacters as error:
        return ("character", error.pos_in_stream, error.char)
    except UnexpectedToken as error:
        return ("token", error.token.type, error.token.start_pos, frozenset(error.accepts or error.expected))
    except UnexpectedInput as error:
        return (type(error).__name__, str(error))


@pytest.fixture(scope="module")
def parsers() -> tuple[Lark, Lark]:
    grammar = notation_tables.grammar_text()
    return notation_tables.parser(), notation_tables.build_parser(grammar)


def test_the_shipped_tables_are_built_from_this_grammar_by_this_lark() -> None:
    assert notation_tables.stored_tables(notation_tables.grammar_text()) is not None, (
        "notation.lark or lark changed: run `python -m zorglab.level.notation_tables`")


def test_the_parser_in_use_is_loaded_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(grammar: str) -> Lark:
        raise AssertionError("the grammar was built")
    monkeypatch.setattr(notation_tables, "build_parser", refuse)
    assert notation_tables.parser().parse("W1 = W(3)", start="entity") is not None


@pytest.mark.parametrize("start", notation_tables.START_SYMBOLS)
def test_the_loaded_parser_reads_every_text_as_the_built_one(parsers: tuple[Lark, Lark], start: str) -> None:
    loaded, built = parsers
    texts = corpus()
    assert len(texts) > 300
    differ = [t for t in texts if outcome(loaded, t, start) != outcome(built, t, start)]
    assert differ == []
    assert any(isinstance(outcome(built, t, start), Tree) for t in texts)     # the corpus parses somewhere


def test_the_notation_uses_the_same_parser_as_its_messages() -> None:
    assert notation.START_SYMBOLS == notation_tables.START_SYMBOLS
    assert notation._parser().get_terminal("INT").pattern.value


def test_tables_of_another_grammar_or_another_lark_are_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    grammar = notation_tables.grammar_text()
    assert notation_tables.stored_tables(grammar + "\n// edited\n") is None
    monkeypatch.setattr(notation_tables, "LARK_VERSION", "0.0.1")
    assert notation_tables.stored_tables(grammar) is None
    built = []
    monkeypatch.setattr(notation_tables, "build_parser", lambda g: built.append(g) or "built")
    assert notation_tables.parser() == "built" and built == [grammar]


def test_a_missing_or_broken_file_falls_back_to_the_grammar(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(notation_tables, "HERE", tmp_path)
    (tmp_path / "notation.lark").write_text((ROOT / "zorglab/level/notation.lark").read_text(encoding="utf-8"),
                                            encoding="utf-8")
    assert notation_tables.stored_tables(notation_tables.grammar_text()) is None          # no file
    (tmp_path / notation_tables.TABLES_NAME).write_text("{not json", encoding="utf-8")
    assert notation_tables.stored_tables(notation_tables.grammar_text()) is None
    (tmp_path / notation_tables.TABLES_NAME).write_text("[1, 2]", encoding="utf-8")
    assert notation_tables.stored_tables(notation_tables.grammar_text()) is None


def test_the_writer_writes_what_the_loader_reads(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``python -m zorglab.level.notation_tables`` after a grammar edit: the file it writes is used."""
    grammar = (ROOT / "zorglab/level/notation.lark").read_text(encoding="utf-8") + "\n// edited\n"
    monkeypatch.setattr(notation_tables, "HERE", tmp_path)
    (tmp_path / "notation.lark").write_text(grammar, encoding="utf-8")
    assert notation_tables.stored_tables(grammar) is None
    notation_tables.main()
    assert notation_tables.stored_tables(grammar) is not None
    monkeypatch.setattr(notation_tables, "build_parser", lambda g: pytest.fail("the grammar was built"))
    assert isinstance(outcome(notation_tables.parser(), "W1 = W(3) @ t", "entity"), Tree)


def test_tuples_and_integer_keys_come_back_as_they_were() -> None:
    import json
    value = {"a": (1, (2, "x")), "b": {3: [(0, 4)], 5: {"c": None}}, "d": [True, 1.5, {"@": 2}]}
    text = json.dumps(notation_tables._encoded(value))
    assert json.loads(text, object_hook=notation_tables._decoded) == value
    with pytest.raises(TypeError):
        notation_tables._encoded({(1, 2): 3})
    with pytest.raises(TypeError):
        notation_tables._encoded({"a": {1, 2}})
