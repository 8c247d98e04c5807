"""The model and its JSON: xp import/export is the identity, native JSON round-trips, faults are all reported."""

from __future__ import annotations

import json

import pytest

from conftest import XP, XP_TEMPLES, draw
from zorglab.temples import Place, TempleFormatError, generate_temple
from zorglab.temples.frozen import FrozenDict, freeze, thaw
from zorglab.temples.io import dumps_temple, export_xp, import_xp, load_temple, loads_temple, temple_from_dict


def test_there_are_nine_xp_temples():
    assert [p.name for p in XP_TEMPLES] == [
        f"{n}-temple.json" for n in ("earth", "fire", "ice", "light", "moon", "shadow", "storm", "water", "wind")
    ]


@pytest.mark.parametrize("path", XP_TEMPLES, ids=lambda p: p.stem)
def test_xp_import_export_import_is_the_identity(path):
    data = json.loads(path.read_text())
    temple = import_xp(data, path=str(path))
    exported = export_xp(temple)
    assert exported == data
    assert import_xp(exported) == temple
    assert loads_temple(dumps_temple(temple, "xp"), format="xp") == temple


def test_xp_fields_are_read_as_the_readme_says():
    wind = load_temple(XP / "wind-temple.json", "xp")
    assert [f.label for f in wind.floors] == ["2F", "1F", "B1"]
    assert wind.entrance == Place(1, 5, 2)
    assert wind.room_at(wind.entrance).type == "entrance"
    assert wind.rooms["E"].extra["visited"] is True
    assert wind.rooms["E"].locked_side("north")
    assert wind.seed is None and not wind.generated
    water = load_temple(XP / "water-temple.json", "xp")
    assert water.rooms["D001"].get("keyRequired") == "key1"
    fire = load_temple(XP / "fire-temple.json")
    assert fire.token_at(Place(0, 3, 2)) == "FPIT"


def test_generated_temple_round_trips_through_native_json():
    temple = generate_temple(11, {"size": "medium", "quests": ["dishes", "laundry"], "gate": True})
    text = dumps_temple(temple)
    again = loads_temple(text)
    assert again == temple
    assert dumps_temple(again) == text
    assert json.loads(text)["seed"] == 11


def test_xp_format_refuses_native_keys():
    data = json.loads((XP / "fire-temple.json").read_text())
    data["seed"] = 3
    with pytest.raises(TempleFormatError, match="exactly the keys"):
        import_xp(data)


def test_every_structural_fault_is_reported_at_once():
    data = {
        "id": "bad",
        "name": 5,
        "entrance": [0, 9, 9],
        "floors": [{"label": "1F", "grid": [["E", "q"], ["_", "_", "_"]]}, {"label": "2F", "grid": [["E", "x"]]}],
        "rooms": {"E": {"type": "entrance"}, "_": {"type": "wall"}, "z": {"locked": {"north": "yes"}}},
        "colour": "blue",
    }
    with pytest.raises(TempleFormatError) as caught:
        temple_from_dict(data, path="bad.json")
    messages = [p.message for p in caught.value.problems]
    assert any("'name' must be a string" in m for m in messages)
    assert any("unknown key 'colour'" in m for m in messages)
    assert any("rows differ in length" in m for m in messages)
    assert any("tokens without a room: 'x'" in m for m in messages)
    assert any("room 'z' needs a string 'type'" in m for m in messages)
    assert any("entrance (0,9,9) lies outside" in m for m in messages)
    assert all(p.location.path == "bad.json" for p in caught.value.problems)


def test_json_syntax_error_carries_line_and_column():
    with pytest.raises(TempleFormatError) as caught:
        loads_temple('{\n  "id": "x",\n  oops\n}', path="t.json")
    loc = caught.value.location
    assert (loc.path, loc.line) == ("t.json", 3)


def test_entrance_on_a_wall_is_refused():
    with pytest.raises(TempleFormatError, match="is a wall"):
        draw("E 0\n_ 0", (0, 1, 0))


def test_barriers_must_be_wall_or_bombable():
    with pytest.raises(TempleFormatError, match="neither|is not a side"):
        draw("E 0", (0, 0, 0), {"E": {"type": "entrance", "barriers": {"east": "glass"}}})


def test_frozen_json_is_immutable_hashable_and_thaws_back():
    value = {"a": [1, {"b": True}], "c": None}
    frozen = freeze(value)
    assert isinstance(frozen, FrozenDict)
    assert frozen["a"] == (1, FrozenDict({"b": True}))
    assert hash(frozen) == hash(freeze(value))
    assert thaw(frozen) == value
    with pytest.raises(TypeError):
        frozen["a"] = 2  # type: ignore[index]


def test_temple_value_is_hashable_and_equal_by_content():
    a = load_temple(XP / "ice-temple.json")
    b = load_temple(XP / "ice-temple.json")
    assert a == b and hash(a) == hash(b)
    assert len(set(a.room_places())) == sum(1 for _ in a.room_places())
