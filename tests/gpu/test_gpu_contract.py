"""The GPU form's contract on Warp's CPU device (docs/gpu.md): exact layouts and the first
observation, the single-source rules evaluated in float64 on the same states, per-step
agreement with the CPU single env over the first steps, and the info layout of the CPU
vector env."""
from __future__ import annotations

import copy

import gymnasium
import numpy as np
import pytest

from safety_sim import ops
from safety_sim.navigation import config as nc
from tests.gpu.conftest import random_actions

pytestmark = pytest.mark.gpu

#: a Point, Car and Ant id of each task, Button with gremlins (level 2), a fading level (its
#: fading is in the pictures only: the GPU form runs it as the level without pictures)
IDS = ["SafetyPointGoal1-v0", "SafetyCarPush1-v0", "SafetyAntCircle1-v0",
       "SafetyPointButton2-v0", "SafetyCarRun0-v0", "SafetyPointFadingEasy1-v0"]
#: the first observation's accelerometer may differ where the agent rests at contact distance
#: exactly 0 (Car's wheels: whether MuJoCo makes a contact turns on the last bits,
#: navigation/reset_state.py); every other entry agrees to float32 rounding
RESTING_CONTACT = {"Car": ("accelerometer",)}


def _single(env_id, seed):
    env = gymnasium.make(env_id).unwrapped
    obs, info = env.reset(seed=seed)
    return env, obs, info


@pytest.mark.parametrize("env_id", IDS)
def test_layouts_and_first_observation(make_gpu, env_id):
    env = make_gpu(env_id, 2)
    obs, info = env.reset(seed=11)
    skip = RESTING_CONTACT.get(env.runtime.agent.name, ())
    for i in range(2):
        single, o, inf = _single(env_id, 11 + i)
        mine = env.layouts.placers[i].current(env.rules.host_xpos(np.array([i]))[0])
        for name, xy in single.layout.items():
            assert np.allclose(mine[name], xy, atol=1e-5), (name, mine[name], xy)
        drawn = single.runtime.placer().draw(11 + i, None, None, {})[1]
        assert env.layouts.reset_xy[i] == drawn.xy            # the very same draws
        for e in single.obs_layout.entries:
            if e.key in skip:
                continue
            got = obs[i, e.start:e.stop].cpu().numpy()
            assert np.allclose(got, o[e.start:e.stop], atol=2e-4, rtol=1e-5), e.key
        assert float(info["cost"][i]) == inf["cost"]


def test_rules_equal_float64_rules_on_the_same_states(make_gpu, rng):
    """Reward, cost terms, labels and cost_fn of the GPU env = the rules with numpy in float64
    on the GPU env's own states (read back)."""
    env = make_gpu("SafetyPointButton2-v0", 3)
    env.reset(seed=5)
    lv, r = env.runtime, env.rules
    scorer = lv.scorer(ops.NUMPY)
    for _ in range(4):
        scorer.memory = tuple(m.cpu().numpy() for m in env.steps.scorer.memory)
        _, rew, _, _, info = env.step(random_actions(env.single_action_space, 3, rng))
        snap, facts = map(copy.copy, r.read_state())   # host copies: the env keeps its own
        host = lambda v: v.cpu().numpy() if hasattr(v, "cpu") else v   # noqa: E731
        for obj in (snap, facts):
            for k, v in list(vars(obj).items()):
                if isinstance(v, dict):
                    setattr(obj, k, {p: tuple(host(x) for x in t) if isinstance(t, tuple)
                                     else host(t) for p, t in v.items()})
                elif isinstance(v, tuple):
                    setattr(obj, k, tuple(host(x) for x in v))
                else:
                    setattr(obj, k, host(v))
        want, _, met = scorer.reward(snap)
        np.testing.assert_allclose(rew.cpu().numpy(), want, rtol=0, atol=1e-12)
        labels = lv.task.labels(ops.NUMPY, facts, met)
        for name, value in labels.items():
            assert np.array_equal(info["labels"][name].cpu().numpy(), value), name
        terms = lv.task.cost_terms(ops.NUMPY, labels, facts.buttons_active)
        assert np.array_equal(info["cost"].cpu().numpy(), terms["cost_sum"])
        for i in range(3):
            names = {k for k in env.label_names if bool(info["labels"][k][i])}
            assert env.cost_fn(names) == float(info["cost"][i])


@pytest.mark.parametrize("env_id,steps,lidar_only,obs_tol,reward_tol", [
    ("SafetyPointGoal1-v0", 10, False, 0.1, 1e-4), ("SafetyAntGoal1-v0", 1, True, 0.25, 2e-2)])
def test_first_steps_follow_the_cpu_env(make_gpu, rng, env_id, steps, lidar_only, obs_tol,
                                        reward_tol):
    """The observation (Ant: its lidar, i.e. where the agent went; its joint velocities part
    within one step, as MJWarp and MuJoCo C do from one state) and the reward follow the CPU
    single env over the first steps (docs/gpu.md's measured horizons, with margin)."""
    env = make_gpu(env_id, 2, output="numpy")
    env.reset(seed=2)
    refs = [_single(env_id, 2 + i)[0] for i in range(2)]
    skip = ("accelerometer", "gyro", "velocimeter")   # noisy by nature: measured, not tested
    for _ in range(steps):
        a = random_actions(env.single_action_space, 2, rng)
        obs, rew, *_ = env.step(a)
        for i, ref in enumerate(refs):
            o, rr, *_ = ref.step(a[i])
            for e in ref.obs_layout.entries:
                if e.key not in skip and (not lidar_only or e.key.endswith("lidar")):
                    assert np.abs(obs[i, e.start:e.stop] - o[e.start:e.stop]).max() < obs_tol, \
                        e.key
            assert abs(rew[i] - rr) < reward_tol


def test_user_level_info_matches_the_cpu_vector_env(make_gpu, rng):
    config = nc.NavConfig(objects=(nc.Goal(), nc.Hazards(count=3), nc.Vases(count=2),
                                   nc.Pillars(count=1)), name="MyLevel")
    env = make_gpu("SafetyNavigation-v0", 2, agent="Point", config=config, output="numpy")
    cpu = gymnasium.make_vec("SafetyNavigation-v0", 2, vectorization_mode="vector_entry_point",
                             agent="Point", config=config)
    _, info = env.reset(seed=1)
    _, cinfo = cpu.reset(seed=1)
    assert set(info) == set(cinfo) and set(info["labels"]) == set(cinfo["labels"])
    a = random_actions(env.single_action_space, 2, rng)
    _, _, _, _, info = env.step(a)
    _, _, _, _, cinfo = cpu.step(a)
    assert set(info) - {"goal_met", "_goal_met"} == set(cinfo) - {"goal_met", "_goal_met"}
    assert set(info["reward_terms"]) == set(cinfo["reward_terms"])
    cpu.close()
