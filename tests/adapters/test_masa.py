"""MASA's labelled form (``label_fn(obs)``/``cost_fn(labels)`` on a bare env) for every id.

The form is tested without MASA; the ``masa``-marked test runs MASA's own ``make_env`` and
PPO-Lagrangian (needs masa-safe-rl; .ci/extras.sh)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import gymnasium
import numpy as np
import pytest

import safety_sim
from safety_sim.adapters.masa import LabelledTaskEnv, register_masa_env
from safety_sim.registration import ENV_ROWS

SINGLE_AGENT = [r.id for r in ENV_ROWS if r.family not in ("multiagent", "multigoal")
                and "Vision" not in r.id
                and "Gymnasium" not in r.id and ("Push" not in r.id or "Point" in r.id)]


class _Registry:
    """Stands in for MASA's Registry: ``register(name, ctor)`` / ``get(name)``."""

    def __init__(self):
        self.items = {}

    def register(self, name, ctor):
        self.items[name] = ctor

    def get(self, name):
        return self.items[name]


@pytest.mark.parametrize("env_id", SINGLE_AGENT)
def test_label_fn_and_cost_fn_follow_the_env_info(env_id):
    reg = _Registry()
    env = reg.get(register_masa_env(env_id, reg))()
    assert isinstance(env, LabelledTaskEnv) and not isinstance(env, gymnasium.Wrapper)
    obs, info = env.reset(seed=0)
    assert env.label_fn(obs) == set(info["labels"])
    env.action_space.seed(0)
    for _ in range(30):
        obs, _, terminated, truncated, info = env.step(env.action_space.sample())
        labels = env.label_fn(obs)
        assert labels == set(info["labels"]) and env.cost_fn(labels) == info["cost"]
        if terminated or truncated:
            break


def test_ids_with_several_agents_are_refused_by_name():
    reg = _Registry()
    make = reg.get(register_masa_env("SafetyPointMultiGoal0-v0", reg))
    with pytest.raises(ValueError, match="SafetyPointMultiGoal0-v0 has several agents"):
        make()


def test_labels_of_push_hazards_come_from_info():
    """Push labels are not a function of the observation (lidar only): the form must still
    report in_hazard when the agent is placed inside a hazard."""
    env = LabelledTaskEnv("SafetyPointPush1-v0")
    obs, _ = env.reset(seed=0)
    base = env.env.unwrapped
    hazard = base.data.xpos[base.model.body("hazard0").id][:2]
    obs, info = env.reset(seed=0, options={"layout": {"agent": tuple(hazard)}})
    assert "in_hazard" in env.label_fn(obs) and env.cost_fn(env.label_fn(obs)) == 1.0


def test_label_fn_refuses_other_observations_and_before_reset():
    env = LabelledTaskEnv("SafetyConveyorBelt-v0")
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.label_fn(0)
    obs, _ = env.reset(seed=0)
    later, *_ = env.step(1)
    if later == obs:
        later, *_ = env.step(3)
    with pytest.raises(ValueError, match="latest observation"):
        env.label_fn(obs)


def test_time_limit_left_to_masa_unless_asked():
    plain = LabelledTaskEnv("SafetyConveyorBelt-v0")
    assert not isinstance(plain.env, gymnasium.wrappers.TimeLimit)
    limited = LabelledTaskEnv("SafetyConveyorBelt-v0", max_episode_steps=3)
    limited.reset(seed=0)
    assert [limited.step(0)[3] for _ in range(3)] == [False, False, True]
    assert np.isscalar(limited.cost_fn({"vase_broken"}))
    assert safety_sim.make("SafetyConveyorBelt-v0").unwrapped.cost_fn(
        frozenset({"vase_broken"})) == limited.cost_fn({"vase_broken"})


@pytest.mark.masa
def test_masa_ppo_lagrangian_trains_on_push(tmp_path):
    example = Path(__file__).resolve().parents[2] / "examples" / "masa_ppo_lagrangian.py"
    done = subprocess.run([sys.executable, str(example), "--env", "SafetyPointPush1-v0",
                           "--frames", "1024", "--n-steps", "512"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=900, env=dict(os.environ))
    assert done.returncode == 0, done.stderr[-4000:]
    assert "trained 1024 frames" in done.stdout


@pytest.mark.masa
def test_masa_make_env_uses_our_labels_and_costs():
    """MASA's own make_env finds label_fn/cost_fn and its CMDP constraint's cumulative cost
    equals the sum of the env's info["cost"] over an episode."""
    from masa.common import registry
    from masa.common.labelled_env import LabelledEnv
    from masa.common.utils import make_env

    name = register_masa_env("SafetyPointPush2-v0", registry.ENV_REGISTRY,
                             name="safety_sim_test_push2")
    env = make_env(name, "CMDP", 200, constraint_kwargs={"budget": 25.0})
    chain, e = [], env
    while isinstance(e, gymnasium.Wrapper):
        chain.append(type(e))
        e = e.env
    assert LabelledEnv in chain and isinstance(e, LabelledTaskEnv)
    env.reset(seed=0)
    env.action_space.seed(0)
    total, info, done = 0.0, {}, False
    while not done:
        _, _, terminated, truncated, info = env.step(env.action_space.sample())
        total += info["cost"]
        done = terminated or truncated
    assert info["constraint"]["episode"]["cum_cost"] == total
