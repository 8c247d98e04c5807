"""Progression (FR-4, ZR-21): points, contract gates, unwritten contracts, and only real wins recorded."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

from zorglab.cli.main import main
from zorglab.errors import OptionError
from zorglab.level import parse_cast
from zorglab.level.contracts import ContractEntry
from zorglab.progression import (
    LOCKED,
    OPEN,
    UNWRITTEN,
    LevelProgress,
    Profile,
    contract_status,
    load_campaign,
    load_profile,
    record_win,
    save_profile,
    standings,
)

from report_fixtures import PACK, ROOT


def profile_with(points: int) -> Profile:
    """A profile earning exactly ``points`` points (one level won, the rest as its bonuses)."""
    if points == 0:
        return Profile()
    return Profile((LevelProgress("fx-01", frozenset(range(1, points))),))


def status_of(name: str, profile: Profile, campaign) -> str:
    return {s.name: s.status for s in standings(profile, campaign.contracts, campaign.levels)}[name]


# --- points and gates ---------------------------------------------------------------------------

def test_points_are_one_per_win_plus_one_per_bonus():
    profile = Profile((LevelProgress("a", frozenset({1, 3})), LevelProgress("b")))
    assert profile.points == 3 + 1


def test_a_contract_opens_exactly_at_its_cost(campaign):
    assert status_of("second", profile_with(2), campaign) == LOCKED
    assert status_of("second", profile_with(3), campaign) == OPEN
    assert status_of("second", profile_with(4), campaign) == OPEN
    standing = {s.name: s for s in standings(profile_with(2), campaign.contracts, campaign.levels)}["second"]
    assert standing.points_needed == 1


@given(points=st.integers(0, 50), cost=st.integers(0, 50))
def test_open_iff_points_reach_cost(points, cost):
    contract = ContractEntry("c", "C", cost, 1, ("x",))
    assert (contract_status(points, contract) == OPEN) == (points >= cost)


def test_contracts_without_levels_are_unwritten_whatever_the_points(campaign):
    assert status_of("later", Profile(), campaign) == UNWRITTEN
    assert status_of("later", profile_with(40), campaign) == UNWRITTEN


def test_standings_count_levels_and_bonuses(campaign):
    profile = Profile((LevelProgress("fx-01", frozenset({1})),))
    first = standings(profile, campaign.contracts, campaign.levels)[0]
    assert (first.name, first.levels_won, first.levels_total, first.bonuses_met, first.bonuses_total) == \
        ("first", 1, 2, 1, 2)


# --- the profile file ---------------------------------------------------------------------------

def test_profile_round_trips_and_merges_bonuses(tmp_path):
    path = tmp_path / "p.json"
    profile = Profile().with_win("fx-01", frozenset({1})).with_win("fx-01", frozenset({2}))
    save_profile(profile, path)
    assert load_profile(path) == profile
    assert profile.points == 3
    assert [p.name for p in tmp_path.iterdir()] == ["p.json"]   # the temp file was renamed, none left over


def test_missing_profile_is_a_fresh_player(tmp_path):
    assert load_profile(tmp_path / "nobody.json") == Profile()


@pytest.mark.parametrize("text, says", [
    ("{not json", "not valid JSON"),
    ('{"zorglab_profile": 1, "levels": {"fx-01": {"bonuses": [0]}}}', "bonus numbers"),
    ('{"levels": {}}', "'zorglab_profile' must be 1"),
    ("[1, 2]", "JSON object"),
])
def test_bad_profile_files_are_named_with_the_fault(tmp_path, text, says):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(OptionError, match=says):
        load_profile(path)


def test_cli_bad_profile_exits_2_with_a_message(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("{oops")
    assert main(["progress", "--levels", str(PACK), "--profile", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "not valid JSON" in err


# --- recording wins ------------------------------------------------------------------------------

def test_a_losing_replay_is_not_recorded(campaign):
    with pytest.raises(OptionError, match="ends in a loss"):
        record_win(Profile(), campaign.levels["fx-01"], campaign.contracts, solution=1)


def test_a_win_is_recorded_with_exactly_the_bonuses_it_met(campaign):
    profile, record = record_win(Profile(), campaign.levels["fx-01"], campaign.contracts, solution=0)
    assert record.bonuses == frozenset({1})           # unused(Sleep) held, hp_at_death < 0 did not
    assert (record.points_before, record.points_after) == (0, 2)
    again, _ = record_win(profile, campaign.levels["fx-01"], campaign.contracts, solution=0)
    assert again.points == 2                          # a bonus counts once


def test_own_casts_replace_the_solutions_casts(campaign):
    level = campaign.levels["fx-01"]
    winning = [parse_cast("@5 Attack(1)", level)]
    _, record = record_win(Profile(), level, campaign.contracts, solution=1, casts=winning)
    assert record.bonuses == frozenset({1})
    losing = [parse_cast("@0 Attack(1)", level)]     # no hero on the board yet: wasted
    with pytest.raises(OptionError, match="not a win"):
        record_win(Profile(), level, campaign.contracts, solution=0, casts=losing)


def test_a_locked_contracts_level_cannot_be_recorded_until_it_opens(campaign):
    with pytest.raises(OptionError, match="locked"):
        record_win(Profile(), campaign.levels["fx-03"], campaign.contracts)
    profile, _ = record_win(Profile(), campaign.levels["fx-01"], campaign.contracts)
    profile, record = record_win(profile, campaign.levels["fx-02"], campaign.contracts)
    assert record.opened == ("second",)
    profile, _ = record_win(profile, campaign.levels["fx-03"], campaign.contracts)
    assert profile.won("fx-03") and profile.points == 4


def test_a_level_outside_every_contract_earns_nothing():
    campaign = load_campaign([PACK, ROOT / "levels" / "app-01-first-blood.toml"])
    with pytest.raises(OptionError, match="in no contract"):
        record_win(Profile(), campaign.levels["app-01"], campaign.contracts, solution=1)


# --- the command ---------------------------------------------------------------------------------

def test_cli_records_a_real_win_and_lists_contracts(tmp_path, capsys):
    profile = tmp_path / "me.json"
    assert main(["progress", "--levels", str(PACK), "--profile", str(profile), "--record", "fx-01"]) == 0
    out = capsys.readouterr().out
    assert "recorded fx-01" in out and "2 points" in out
    assert json.loads(profile.read_text()) == {"zorglab_profile": 1, "levels": {"fx-01": {"bonuses": [1]}}}
    assert main(["progress", "--levels", str(PACK), "--profile", str(profile), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(c["name"], c["status"]) for c in data["contracts"]] == \
        [("first", "open"), ("second", "locked"), ("later", "unwritten")]
    assert data["points"] == 2


def test_cli_refuses_a_loss_and_leaves_the_profile_alone(tmp_path, capsys):
    profile = tmp_path / "me.json"
    assert main(["progress", "--levels", str(PACK), "--profile", str(profile),
                 "--record", "fx-01", "--solution", "1"]) == 2
    assert "not a win" in capsys.readouterr().err
    assert not profile.exists()


def test_cli_unknown_level_id_exits_2(tmp_path, capsys):
    assert main(["progress", "--levels", str(PACK), "--profile", str(tmp_path / "p.json"),
                 "--record", "fx-42"]) == 2
    assert "unknown level id 'fx-42'" in capsys.readouterr().err
