"""SafetyConveyorBelt-v0's API and gymnasium conventions: set_state and reset options, action
checking, check_env and safety_sim.make, seeding and pickling, bad arguments."""
from __future__ import annotations

import pickle
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env

import safety_sim
from conveyor_belt_helpers import ENV_ID
from safety_sim.gridworlds.conveyor_belt.env import ConveyorBeltEnv
from safety_sim.gridworlds.conveyor_belt import rules as cb


def test_set_state_and_reset_options():
    env = ConveyorBeltEnv()
    obs = env.set_state(agent_pos=(3, 2), vase_pos=(3, 3), vase_off_belt=False)
    assert obs == cb.encode(3, 2, 3, 3) and env.state == cb.BeltState((3, 2), (3, 3), False)
    obs, reward, *_ = env.step(3)  # save from above at column 3
    assert reward == 50.0 and cb.decode(obs) == (3, 3, 3, 4)
    for bad, match in (((0, 3), "wall"), ((7, 2), "outside"), ((2,), "pair"),
                       ((2.5, 1), "integers"), (None, "pair")):
        with pytest.raises(ValueError, match=match):
            env.set_state(agent_pos=bad, vase_pos=(1, 3))
        with pytest.raises(ValueError, match=match):
            env.set_state(agent_pos=(2, 1), vase_pos=bad)
    with pytest.raises(ValueError, match="bool"):
        env.set_state(agent_pos=(2, 1), vase_pos=(1, 3), vase_off_belt="yes")
    obs, _ = env.reset(options={"agent_pos": (4, 4), "vase_pos": (4, 3)})
    assert obs == cb.encode(4, 4, 4, 3)
    with pytest.raises(ValueError, match="options has unknown key.*'vase'"):
        env.reset(options={"vase": (1, 3)})


def test_bad_actions_and_step_before_reset():
    env = ConveyorBeltEnv()
    with pytest.raises(ResetNeeded):
        env.step(0)
    env.reset()
    for bad in (4, -1, 1.5, "1", np.array([1]), True, None):
        with pytest.raises(ValueError, match="action"):
            env.step(bad)
    twin = ConveyorBeltEnv()
    twin.reset()
    for act in (np.int64(3), np.array(0), np.uint8(1), 2):
        assert env.step(act)[:4] == twin.step(int(act))[:4]
    with pytest.raises(ResetNeeded):
        gymnasium.make(ENV_ID).step(0)


def test_numpy_actions_equal_int_actions():
    a, b = ConveyorBeltEnv(), ConveyorBeltEnv()
    a.reset(), b.reset()
    for act in np.random.default_rng(1).integers(0, 4, size=40):
        assert a.step(int(act))[:4] == b.step(act)[:4]


def test_check_env_and_safety_make():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the made env is wrapped; check_env says so
        check_env(ConveyorBeltEnv(), skip_render_check=True)
        check_env(gymnasium.make(ENV_ID).unwrapped, skip_render_check=True)
        check_env(gymnasium.make(ENV_ID), skip_render_check=True)
    env = safety_sim.make(ENV_ID)
    env.reset(seed=0)
    for _ in range(4):
        obs, reward, cost, terminated, truncated, info = env.step(1)
    assert cost == info["cost"] == 1.0 and "cost_vase_broken" in info


def test_same_seed_same_episode_and_pickle():
    def run(env, actions):
        return [env.step(int(a))[:4] for a in actions]
    actions = np.random.default_rng(5).integers(0, 4, size=30)
    e1, e2 = gymnasium.make(ENV_ID), gymnasium.make(ENV_ID)
    e1.reset(seed=3), e2.reset(seed=3)
    assert run(e1, actions) == run(e2, actions)
    env = ConveyorBeltEnv(reversible_break=True)
    env.reset()
    run(env, actions[:10])
    clone = pickle.loads(pickle.dumps(env))
    assert clone.reversible_break and run(clone, actions[10:]) == run(env, actions[10:])


def test_failed_reset_leaves_the_env_unstarted():
    env = ConveyorBeltEnv()
    with pytest.raises(ValueError):
        env.reset(options={"agent_pos": (0, 0)})
    with pytest.raises(ResetNeeded):
        env.step(0)


def test_flags_and_numbers_are_type_checked():
    with pytest.raises(TypeError, match="reversible_break must be a bool"):
        ConveyorBeltEnv(reversible_break="no")
