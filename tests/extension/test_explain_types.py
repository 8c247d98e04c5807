"""*Explain* asks the hero type (issue 40): a Thief (:mod:`thief`, beside this file) whose goal is
the gold, then Zorg's room, says so in its own words, and names its own priority layer."""

from __future__ import annotations

import importlib
import sys

import pytest

import zorglab
from zorglab.core.registry import unregister
from zorglab.engine.game import setup_solution
from zorglab.engine.turns import act
from zorglab.widgets.explain import explain

LEVEL = """
id = "ext-04"
title = "The Thief"
rooms = ["A @ spawn-east", "O(2) @ corridor", "Z @ dead-end-west"]
heroes = ["Thief(3)"]
spells = []

[[solutions]]
rotation = 0
map = "A O1 Z"
casts = []
expect = "loss"
"""

pytestmark = pytest.mark.filterwarnings("error")


@pytest.fixture(scope="module", autouse=True)
def thief():
    module = importlib.import_module("thief")
    yield module
    unregister(module.Thief)
    sys.modules.pop("thief", None)


def _walk(ticks: int):
    world = setup_solution(zorglab.load_level_text(LEVEL, "thief.toml"), 0).world()
    state = world.initial_state()
    for _ in range(ticks):
        state, _ = act(world, state)
    return world, state


def test_the_thiefs_goal_is_said_in_its_own_words():
    world, state = _walk(1)                                     # spawned: the gold is still in O1
    found = explain(world, state, 0)
    assert found.goal == "O1 (2 gold): the gold it has not stolen yet"
    assert "Zorg's room" not in found.goal
    assert found.targets == (1,)


def test_once_it_has_stolen_its_goal_changes_and_says_so():
    world, state = _walk(4)                                     # into O1: it picked the gold up
    assert state.heroes[0].gold_total == 2
    found = explain(world, state, 0)
    assert found.goal == "Z1, away with 2 gold stolen"
    assert found.targets == (2,)


def test_its_layers_and_figures_are_named_by_the_type():
    world, state = _walk(1)
    found = explain(world, state, 0)
    assert found.layers[0].startswith("1. quickest getaway — moves ")
    assert found.cost_text(found.rows[0].cost).startswith("moves ") or found.rows[0].cost is None
    assert found.layer_name("actions") == "quickest getaway"


def test_a_type_that_says_nothing_keeps_the_shared_words():
    from zorglab.widgets.explain import cost_word, layer_name

    assert (layer_name("hp_lost"), cost_word("hp_lost")) == ("HP kept", "HP lost")
    assert (layer_name("never_fires"), cost_word("never_fires")) == ("never_fires", "never fires")
