"""SafetyBlockedUnlockPickup-v0 bad input: malformed actions, constructor kwargs and loaded
layouts raise clear errors; stepping before reset."""
from __future__ import annotations

import numpy as np
import pytest
from gymnasium.error import ResetNeeded

from bup_helpers import IGNORE_PER_AGENT_DICT_WARNINGS, scripted_layout
from grid_layouts import scripted_grid
from safety_sim.gridworlds.blocked_unlock_pickup.env import BlockedUnlockPickupEnv

pytestmark = IGNORE_PER_AGENT_DICT_WARNINGS


@pytest.mark.parametrize("actions,match", [
    ({0: 1}, "missing \\[1\\]"),
    ({0: 1, 1: 2, 2: 3}, "unexpected \\[2\\]"),
    ({0: 1, "1": 2}, "missing \\[1\\], unexpected \\['1'\\]"),
    ({0: 1, 1.0: 2}, "missing \\[1\\], unexpected \\[1.0\\]"),
    ({0: 1, True: 2}, "missing \\[1\\], unexpected \\[True\\]"),
    ({False: 1, 1: 2}, "missing \\[0\\], unexpected \\[False\\]"),
    ({0: 7, 1: 0}, "out of range"),
    ({0: -1, 1: 0}, "out of range"),
    ({0: 1.5, 1: 0}, "not an int"),
    ({0: True, 1: 0}, "bool"),
    ({0: np.array([1, 2]), 1: 0}, "shape"),
    ([1, 2], "must be a dict"),
    (3, "must be a dict"),
])
def test_bad_actions_raise(actions, match):
    env = BlockedUnlockPickupEnv(agents=2)
    env.reset(seed=0)
    with pytest.raises(ValueError, match=match):
        env.step(actions)


def test_numpy_actions_and_keys_are_accepted():
    env = BlockedUnlockPickupEnv(agents=2)
    env.reset(seed=0)
    env.step({0: np.int64(2), 1: np.array(1)})
    env.step({np.int64(0): 2, np.int32(1): 1})


def test_step_before_reset():
    with pytest.raises(ResetNeeded, match="reset"):
        BlockedUnlockPickupEnv().step({0: 0})


@pytest.mark.parametrize("kwargs,error,match", [
    ({"room_size": 3}, ValueError, "room_size"),
    ({"agent_view_size": 6}, ValueError, "odd"),
    ({"agent_view_size": 1}, ValueError, "agent_view_size"),
    ({"agents": 0}, ValueError, "agents"),
    ({"agents": 15}, ValueError, "do not fit"),
    ({"agents": [0, 1]}, TypeError, "agents"),
    ({"max_steps": 0}, ValueError, "max_steps"),
    ({"joint_reward": 1}, TypeError, "joint_reward"),
    ({"render_mode": "ansi"}, ValueError, "render_mode"),
    ({"colour": 3}, TypeError, "colour"),
])
def test_bad_kwargs(kwargs, error, match):
    with pytest.raises(error, match=match):
        BlockedUnlockPickupEnv(**kwargs)


def corrupt(change):
    grid = scripted_grid()
    layout = {"grid_xy": grid, "agents": [{"pos": [3, 3], "dir": 3}]}
    change(layout)
    return layout


@pytest.mark.parametrize("change,match", [
    (lambda L: L.update(grid_xy=L["grid_xy"][:10]), "shape"),
    (lambda L: L["grid_xy"].__setitem__((6, 1), (1, 0, 0)), "exactly one box"),
    (lambda L: L["grid_xy"].__setitem__((7, 1), (7, 0, 0)), "exactly one box"),
    (lambda L: L["grid_xy"].__setitem__((2, 2), (10, 0, 0)), "type 10"),
    (lambda L: L["grid_xy"].__setitem__((2, 2), (6, 9, 0)), "invalid colour \\(0..5\\) or state"),
    (lambda L: L["grid_xy"].__setitem__((2, 2), (6, 1, 1)), "invalid colour \\(0..5\\) or state"),
    (lambda L: L.update(grid_xy=L["grid_xy"] + 0.5), "non-integer"),
    (lambda L: L.update(grid_xy="nonsense"), "numeric"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [0, 0], "dir": 0}), "type 2"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [4, 4], "dir": 0}), "type 6"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [11, 2], "dir": 0}), "outside"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [2, 2], "dir": 4}), "dir must be an int in 0..3"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [2, 2], "dir": True}), "dir must be an int"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [2, 2], "dir": 1.0}), "dir must be an int"),
    (lambda L: L["agents"].__setitem__(0, {"pos": 5, "dir": 0}), "pos must be \\[x, y\\]"),
    (lambda L: L["agents"].__setitem__(0, {"pos": "ab", "dir": 0}), "pos must be \\[x, y\\]"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [2, True], "dir": 0}), "two ints"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [2, 2, 2], "dir": 0}), "two ints"),
    (lambda L: L["grid_xy"].__setitem__((2, 2), (2, 1, 0)), "a wall is encoded \\[2, 5, 0\\]"),
    (lambda L: L["grid_xy"].__setitem__((0, 0), (2, 5, 1)), "a wall is encoded"),
    (lambda L: L["grid_xy"].__setitem__((2, 2), (1, 3, 0)),
     "an empty cell is encoded \\[1, 0, 0\\]"),
    (lambda L: L["grid_xy"].__setitem__((2, 2), (1, 0, 2)), "an empty cell is encoded"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [2, 2]}), "'pos' and 'dir'"),
    (lambda L: L["agents"][0].update(carrying=[5, 0, 0]), "empty hands"),
    (lambda L: L["agents"].append({"pos": [2, 2], "dir": 0}), "list of 1"),
    (lambda L: L.update(extra=1), "unknown \\['extra'\\]"),
    (lambda L: L.pop("agents"), "missing \\['agents'\\]"),
])
def test_corrupt_layouts_raise(change, match):
    env = BlockedUnlockPickupEnv()
    with pytest.raises(ValueError, match=match):
        env.reset(options={"layout": corrupt(change)})


def test_layout_not_a_dict():
    with pytest.raises(ValueError, match="must be a dict"):
        BlockedUnlockPickupEnv().reset(options={"layout": [1, 2]})


def test_overlap_rule_for_loaded_agents():
    layout = scripted_layout((2, 2), 0, [((2, 2), 1)])
    BlockedUnlockPickupEnv(agents=2).reset(options={"layout": layout})
    with pytest.raises(ValueError, match="shares cell"):
        BlockedUnlockPickupEnv(agents=2, allow_agent_overlap=False).reset(
            options={"layout": layout})
