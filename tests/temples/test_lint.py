"""The lint: every rule R1..R12 as a named check with reason codes and locations."""

from __future__ import annotations

import pytest

from conftest import SOLVER, XP, XP_TEMPLES, draw
from zorglab.temples import Place, generate_temple, lint_temple, load_temple
from zorglab.temples.frozen import FrozenDict
from zorglab.temples.lint import RULES
from zorglab.temples.lint_context import Violation
from dataclasses import replace

P = Place
CLEAN = """
_ _ _ _ _ _
_ P B 0 K _
_ _ _ _ b _
_ k L 0 0 H
_ _ E _ _ _
"""
LOCK = {"L": {"type": "empty", "locked": {"east": True}}}


def codes(temple):
    return [v.code for v in lint_temple(temple).violations]


def test_rules_are_named_r1_to_r11_plus_r12():
    assert list(RULES) == [f"R{i}" for i in range(1, 12)]


def test_clean_authored_temple_passes_every_rule():
    assert lint_temple(draw(CLEAN, (0, 4, 2), LOCK)).is_valid()
    assert lint_temple(load_temple(SOLVER / "solvable.json")).is_valid()


@pytest.mark.parametrize(
    "name, expected",
    [
        ("key-behind-its-lock", ["R2.unsolvable", "R12.authored-fails"]),
        ("master-behind-boss", ["R2.unsolvable", "R4.behind-boss-door", "R12.authored-fails"]),
        ("unreachable-room", ["R1.unreachable", "R12.authored-fails"]),
        ("side-door-soft-lock", ["R3.soft-lock", "R12.authored-fails"]),
    ],
)
def test_solver_fixtures_fail_the_rules_they_break(name, expected):
    assert codes(load_temple(SOLVER / f"{name}.json")) == expected


# The verdicts docs/temples.md reports for the nine hand-made temples.
XP_VERDICTS = {
    "earth-temple": ("R4", "R5", "R7", "R12"),
    "fire-temple": ("R4", "R5", "R7", "R12"),
    "ice-temple": ("R1", "R2", "R4", "R5", "R7", "R12"),
    "light-temple": ("R1", "R2", "R4", "R5", "R7", "R12"),
    "moon-temple": ("R2", "R4", "R5", "R6", "R7", "R8", "R12"),
    "shadow-temple": ("R1", "R2", "R4", "R5", "R6", "R7", "R12"),
    "storm-temple": ("R1", "R2", "R4", "R5", "R6", "R7", "R12"),
    "water-temple": ("R4", "R5", "R6", "R7", "R12"),
    "wind-temple": ("R1", "R2", "R4", "R5", "R6", "R7", "R10", "R12"),
}


@pytest.mark.parametrize("path", XP_TEMPLES, ids=lambda p: p.stem)
def test_xp_verdicts(path):
    report = lint_temple(load_temple(path, "xp"))
    assert report.rules_failed == XP_VERDICTS[path.stem]


def test_xp_reasons_in_detail():
    fire = lint_temple(load_temple(XP / "fire-temple.json"))
    assert Violation("R4", P(0, 6, 4), "R4.before-mini-boss",
                     "the master key can be reached without passing the mini-boss room") in fire.violations
    moon = {v.code: v for v in lint_temple(load_temple(XP / "moon-temple.json")).violations}
    assert moon["R8.teleport-nowhere"].at == P(0, 5, 4)
    assert moon["R4.no-master-key"].why == "no room hands out the master key"
    assert "door from (0,5,1), door from (0,6,2)" in moon["R6.boss-doors"].why
    wind = lint_temple(load_temple(XP / "wind-temple.json"))
    assert P(2, 4, 1) in {v.at for v in wind.violations if v.code == "R1.unreachable"}
    assert {v.why for v in wind.violations if v.code == "R10.room-count"} == {
        "floor 2F has 3 rooms; at least 6", "floor B1 has 1 rooms; at least 6"}
    water = lint_temple(load_temple(XP / "water-temple.json"))
    assert "R4.no-mini-boss" in {v.code for v in water.violations}


def test_r3_key_count_when_fewer_keys_than_critical_locks():
    temple = draw("""
        _ _ _ _ _ _
        _ P B 0 K _
        _ _ _ _ b _
        _ k L M 0 H
        _ _ E _ _ _
        """, (0, 4, 2), {**LOCK, "M": {"type": "empty", "locked": {"east": True}}})
    found = {v.code: v for v in lint_temple(temple).violations}
    assert found["R3.key-count"].why == "1 small key(s) placed for 2 locked door(s) on the critical path"
    assert "R2.unsolvable" in found


def test_r4_master_key_before_the_mini_boss_and_not_granted():
    early = draw(CLEAN.replace("_ k L", "K k L").replace("0 K _", "0 0 _"), (0, 4, 2), LOCK)
    assert codes(early) == ["R4.before-mini-boss", "R12.authored-fails"]
    fight_chest = {"b": {"type": "miniboss", "content": {"lockOnEnter": True, "chest": "dungeon", "dungeon": "master-key"}}}
    found = codes(draw(CLEAN.replace("0 K _", "0 0 _"), (0, 4, 2), {**LOCK, **fight_chest}))
    assert "R4.not-granted" in found and "R4.no-master-key" in found and "R2.unsolvable" in found


def test_r4_master_key_dropped_by_the_mini_boss_is_past_it():
    drop = {"b": {"type": "miniboss", "content": {"lockOnEnter": True, "drops": ["master-key"]}}}
    assert codes(draw(CLEAN.replace("0 K _", "0 0 _"), (0, 4, 2), {**LOCK, **drop})) == []


def test_r5_fights_must_lock_on_enter():
    temple = draw(CLEAN, (0, 4, 2), {**LOCK, "b": {"type": "miniboss"}})
    found = lint_temple(temple).violations
    assert [(v.code, v.at) for v in found if v.rule == "R5"] == [("R5.no-lock-on-enter", P(0, 2, 4))]


def test_r6_one_boss_one_door_gate_beyond():
    beyond = draw(CLEAN.replace("_ _ _ _ _ _\n_ P", "_ _ 0 _ _ _\n_ P", 1), (0, 4, 2), LOCK)
    assert codes(beyond) == []  # (0,2) hangs off the boss room only: beyond it, not a second door
    bypass = draw("""
        _ _ _ _ _ _
        _ P B 0 K _
        _ _ 0 _ b _
        _ k 0 0 0 H
        _ _ E _ _ _
        """, (0, 4, 2), LOCK)
    found = {v.code: v for v in lint_temple(bypass).violations}
    assert found["R6.boss-doors"].at == P(0, 1, 2)
    assert "2 ways into the boss room" in found["R6.boss-doors"].why
    two_bosses = draw(CLEAN.replace("_ _ _ _ _ _\n_ P", "_ _ B _ _ _\n_ P", 1), (0, 4, 2), LOCK)
    assert "R6.boss-count" in codes(two_bosses)
    gate_early = draw(CLEAN.replace("_ _ E _ _ _", "_ G E _ _ _"), (0, 4, 2), LOCK)
    assert "R6.gate-before-boss" in codes(gate_early)


def test_r7_exactly_one_pegasus_after_the_boss():
    assert "R7.pegasus-count" in codes(draw(CLEAN.replace(" P ", " 0 "), (0, 4, 2), LOCK))
    early = codes(draw(CLEAN.replace("_ k L", "P k L").replace(" P B", " 0 B"), (0, 4, 2), LOCK))
    assert "R7.before-boss" in early


def test_r8_stairs_circles_and_pits():
    temple = draw(
        {"2F": "v 0 0 Y\n0 0 0 0", "1F": "E U w 0\n_ _ 0 D"},
        (1, 0, 0),
        {
            "U": {"type": "stairs_up", "content": {"locked": "gold"}},
            "w": {"type": "pit"},
            "Y": {"type": "teleport", "content": {"targetLevel": "9F", "targetCoords": {"x": 0, "y": 0}}},
        },
    )
    found = {(v.code, v.at) for v in lint_temple(temple).violations if v.rule == "R8"}
    assert ("R8.stairs-unpaired", P(1, 0, 1)) in found  # 2F (0,1) is no stairs_down
    assert ("R8.stairs-lock", P(1, 0, 1)) in found
    assert ("R8.stairs-unpaired", P(1, 1, 3)) in found  # nothing below 1F
    assert ("R8.pit-nowhere", P(1, 0, 2)) in found
    assert ("R8.teleport-target", P(0, 0, 3)) in found
    assert ("R8.teleport-nowhere", P(0, 0, 3)) in found
    wall_below = draw({"2F": "v 0\n0 0", "1F": "_ E\n0 0"}, (1, 0, 1))
    assert ("R8.pit-landing", P(0, 0, 0)) in {(v.code, v.at) for v in lint_temple(wall_below).violations}


def test_r9_no_key_behind_the_boss_door():
    temple = draw(CLEAN.replace("_ _ _ _ _ _\n_ P", "_ k _ _ _ _\n_ P", 1), (0, 4, 2), LOCK)
    assert [v.at for v in lint_temple(temple).violations if v.code == "R9.key-behind-boss"] == [P(0, 0, 1)]


def test_r10_sizes_and_proportions():
    tiny = draw("E 0 s\n_ $ $", (0, 0, 0), {"$": {"type": "shop"}})
    found = {v.code for v in lint_temple(tiny).violations}
    assert {"R10.floor-size", "R10.room-count", "R10.shops", "R10.no-heal"} <= found
    fights = draw("""
        E s s s
        s s s s
        H 0 0 0
        V V 0 0
        """, (0, 0, 0), {"V": {"type": "savepoint"}})
    found = {v.code: v for v in lint_temple(fights).violations}
    assert found["R10.combat-share"].why == "7 of 16 rooms are fights; at most 40%"
    assert found["R10.saves"].at == P(0, 3, 1)
    four = draw({f"{i}F": "E 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 H" for i in range(4, 0, -1)}, (3, 0, 0))
    assert "R10.floors" in {v.code for v in lint_temple(four).violations}


def test_r11_generated_temple_must_regenerate_byte_for_byte():
    temple = generate_temple(3, {"size": "small"})
    assert lint_temple(temple).is_valid()
    tampered = replace(temple, name="Someone Else's Temple")
    assert [v.code for v in lint_temple(tampered).violations] == ["R11.not-reproducible"]
    no_options = replace(temple, options=None)
    assert [v.code for v in lint_temple(no_options).violations] == ["R11.no-options"]
    bad = replace(temple, options=FrozenDict({"size": "huge"}))
    assert [v.code for v in lint_temple(bad).violations] == ["R11.bad-options"]


def test_r12_only_for_hand_authored_temples():
    temple = generate_temple(4, {"size": "small"})
    broken = replace(temple, rooms=FrozenDict({**temple.rooms, "b": replace(temple.rooms["b"], content=None)}))
    assert "R12.authored-fails" not in codes(broken)
    assert "R5.no-lock-on-enter" in codes(broken)


def test_violation_prints_rule_place_and_why():
    v = Violation("R3", P(0, 1, 2), "R3.soft-lock", "stuck")
    assert str(v) == "R3 at (0,1,2): stuck"


def test_cli_check_prints_violations_and_exits_1(cli, capsys):
    main = cli
    path = str(XP / "earth-temple.json")
    assert main(["temples", "check", path, "--format", "xp"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{path}: R4 at (0,6,4): the master key can be reached without passing the mini-boss room"
    assert all(line.startswith(f"{path}: R") and " at (" in line for line in out)
    assert main(["temples", "check", str(SOLVER / "solvable.json")]) == 0


def test_cli_check_refuses_a_broken_file_with_exit_2(cli, tmp_path, capsys):
    main = cli
    bad = tmp_path / "bad.json"
    bad.write_text('{"id": 1}')
    assert main(["temples", "check", str(bad)]) == 2
    assert "bad.json" in capsys.readouterr().err
