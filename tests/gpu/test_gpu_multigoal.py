"""MultiGoal's GPU form (issue 36 item 6): beside its CPU vector env -- the same layouts, first
observations within float32's reach, rewards, costs and info layout over the first steps, the
same worlds after an autoreset -- and its own parts: a goal event on the host (the reached goal
moved to the single env's redraw, the other kept), a bad state, the three autoreset modes,
refusals. Its rules are tested bit for bit on numpy (tests/navigation/test_multigoal_many.py)."""
from __future__ import annotations

import copy

import numpy as np
import pytest
from gymnasium.error import ResetNeeded

import safety_sim
from safety_sim.navigation.multigoal import scene
from safety_sim.navigation.multigoal.infos import world_info
from safety_sim.navigation.multigoal.many import ManyJudge
from safety_sim.navigation.multigoal.world import GOAL_OF, redraw_after_goal
from safety_sim.ops import NUMPY
from tests.gpu.conftest import DEVICE

pytestmark = pytest.mark.gpu
AGENTS = ("agent_0", "agent_1")


def _gpu(env_id, n, **kwargs):
    kwargs.setdefault("dtype", "float64")
    return safety_sim.make_vec(env_id, n, device=DEVICE, output="numpy", **kwargs)


def _actions(env, n, rng):
    return {a: rng.uniform(env.single_action_space[a].low, env.single_action_space[a].high,
                           (n, *env.single_action_space[a].shape)) for a in AGENTS}


def _columns(env, skip=()):
    """The observation's columns but those of the sensors ``skip`` (both agents')."""
    w = env._single.world
    keep = np.ones(w.observe.size, dtype=bool)
    for key, start, stop, _ in scene.observation_keys(w.model, w.agent, w.level):
        if key.rstrip("1") in skip:
            keep[start:stop] = False
    return keep


def _keys(info):
    """The nested keys of an info dict (what a world reported, not the values)."""
    return {k: _keys(v) if isinstance(v, dict) else None for k, v in info.items()}


#: how far MJWarp's float32 physics takes a step's reward from MuJoCo C's, and over how many
#: first steps (measured on Warp's CPU device: the Point within 1e-5 over 20 steps; the Car's
#: wheels and the Ant's legs rest on contacts whose last bits decide them, and their worlds
#: part from the CPU's within steps -- first step 2.3e-4 and 2e-3 here, 7.8e-4 and 7.8e-3 for
#: the navigation ids' GPU form, SafetyCarGoal1/SafetyAntGoal0, as tests/gpu/test_gpu_contract.py
#: allows the Ant)
CLOSE = {"Point": (1e-4, 5), "Car": (2e-3, 1), "Ant": (2e-2, 1)}


@pytest.mark.parametrize("env_id", ["SafetyPointMultiGoal2-v0", "SafetyCarMultiGoal1-v0",
                                    "SafetyAntMultiGoal0-v0"])
def test_first_steps_follow_the_cpu_vector_env(env_id, rng):
    n, (tol, steps) = 3, CLOSE[env_id[6:env_id.index("MultiGoal")]]
    env, cpu = _gpu(env_id, n), safety_sim.make_vec(env_id, n, num_threads=1)
    obs, info = env.reset(seed=5)
    want, want_info = cpu.reset(seed=5)
    # a Car resting at contact distance exactly 0: its first accelerometer reading turns on
    # the last bits (tests/gpu/test_gpu_contract.py: RESTING_CONTACT)
    cols = _columns(env, ("accelerometer",) if "Car" in env_id else ())
    for a in AGENTS:
        np.testing.assert_allclose(obs[a][:, cols], want[a][:, cols], atol=2e-4, rtol=1e-5)
    assert _keys(info) == _keys(want_info)
    for k in range(steps):
        act = _actions(env, n, rng)
        obs, rew, term, trunc, info = env.step(act)
        want, want_rew, want_term, want_trunc, want_info = cpu.step(act)
        for a in AGENTS:
            np.testing.assert_allclose(rew[a], want_rew[a], atol=tol, err_msg=f"step {k}")
            assert np.array_equal(term[a], want_term[a]) and np.array_equal(trunc[a],
                                                                            want_trunc[a])
            for i in range(n):
                mine, theirs = world_info(info[a], i), world_info(want_info[a], i)
                assert mine.pop("reward_sum") == pytest.approx(theirs.pop("reward_sum"),
                                                               abs=2 * tol)
                assert mine == theirs, (k, a, i)
    env.close()
    cpu.close()


def test_the_torch_judge_is_the_numpy_judge_on_the_same_states(torch):
    """Each step's rewards and codes on the device = :class:`ManyJudge` on numpy (which is the
    single env's judge bit for bit: test_multigoal_many.py) given the same state, read back,
    and the same memory (goal distances, hazards, last touchers)."""
    n = 4
    env = _gpu("SafetyPointMultiGoal2-v0", n)
    env.reset(seed=2)              # straight ahead, world 2 pushes a vase, world 3 in a hazard
    gpu = env.judge
    host = ManyJudge(env._single.world, n, NUMPY, lambda shape, kind: np.zeros(shape, kind))
    seen = {}
    judge = gpu.judge

    def spy(*args, **kwargs):
        seen["args"] = [tuple(x.cpu().numpy() for x in a) if isinstance(a, tuple) else
                        a.cpu().numpy() for a in args]
        seen["active"] = kwargs["active"].cpu().numpy()
        seen["out"] = judge(*args, **kwargs)
        return seen["out"]

    gpu.judge = spy
    codes = set()
    for k in range(50):
        for mine, theirs in zip(host.scorers, gpu.scorers):
            mine.memory = tuple(m.cpu().numpy().copy() for m in theirs.memory)
        host.last = gpu.last.cpu().numpy().copy()
        xs, ys = gpu.facts.xy[gpu.hazards.prefix]
        host.facts.xy = {gpu.hazards.prefix: (xs.cpu().numpy(), ys.cpu().numpy())}
        act = {a: np.tile([1.0, 0.0], (n, 1)) for a in AGENTS}
        env.step(act)
        rewards, code = host.judge(*seen["args"], active=seen["active"])
        for want, got in zip(rewards, seen["out"][0]):
            np.testing.assert_allclose(got.cpu().numpy(), want, rtol=0, atol=1e-12)
        assert np.array_equal(seen["out"][1].cpu().numpy(), code), k
        assert np.array_equal(host.last, gpu.last.cpu().numpy()), k
        codes.update(code.astype(int).tolist())
    assert any(c & 0b1111000 for c in codes)        # vases touched or moved: judged
    assert any(c & 0b11 for c in codes)             # an agent in a hazard


def test_an_autoreset_world_is_the_cpu_envs_next_episode():
    """Episodes of 3 steps: after the autoreset every world has the layout of the CPU vector
    env's world (the next seed of the world's own stream), its first observation too."""
    env_id, n = "SafetyPointMultiGoal1-v0", 2
    env = _gpu(env_id, n, max_episode_steps=3)
    cpu = safety_sim.make_vec(env_id, n, max_episode_steps=3, num_threads=1)
    env.reset(seed=11)
    cpu.reset(seed=11)
    zero = {a: np.zeros((n, 2)) for a in AGENTS}
    for _ in range(4):
        obs, _, _, trunc, info = env.step(zero)
        want, _, _, want_trunc, _ = cpu.step(zero)
    assert np.array_equal(trunc["agent_0"], want_trunc["agent_0"])
    assert set(info["agent_0"]) == {"cost", "_cost", "labels", "_labels"}   # reset infos
    for a in AGENTS:
        np.testing.assert_allclose(obs[a], want[a], atol=2e-4, rtol=1e-5)
    env.close()
    cpu.close()


def test_a_goal_event_moves_the_reached_goal_as_the_single_env_redraws_it(torch):
    """World 1's red goal is put under agent 0: the next step meets it (+1), the host redraws
    both goals from the world's stream and the bodies' positions (the single env's rule), the
    red goal moves there, the blue one stays, and the next reward is a plain distance change."""
    env = safety_sim.make_vec("SafetyPointMultiGoal1-v0", 2, device=DEVICE, dtype="float64")
    env.reset(seed=3)
    w, ep = env.worlds, env.episodes
    (agent, red), (_, blue) = env._single.world.bodies
    at = w.xpos[1, agent].to(torch.float64).cpu().numpy()
    pos = w.rows["body_pos"][1, red].to(torch.float64).cpu().numpy()
    pos[:2] = at[:2]
    with w.scope():
        w.move_goal([1], pos[None], red)
        env.judge.start(w.xpos.to(torch.float64), torch.tensor([False, True]))
    blue_before, height = w.xpos[1, blue].clone(), float(w.rows["body_pos"][1, red, 2])
    stream = copy.deepcopy(ep.streams[1])           # what the event will draw from
    owed, layout = int(ep.owed[1]), dict(ep.layouts[1])
    zero = {a: np.zeros((2, 2)) for a in AGENTS}
    xpos_seen = {}
    judge = env.judge.judge

    def spy(xpos, *args, **kwargs):          # the state the step judged (before the event)
        xpos_seen["x"] = xpos.cpu().numpy().copy()
        return judge(xpos, *args, **kwargs)

    env.judge.judge = spy
    _, rew, term, _, info = env.step(zero)
    assert info["agent_0"]["goal_met"].tolist() == [False, True]
    assert float(rew["agent_0"][1]) > 0.9 and not bool(term["agent_0"][1])
    stream.random_sample(owed + 1)
    names = {n: env._single.world.model.body(n).id for n in layout}
    want = redraw_after_goal(stream, env._single.world.level, env._single.world.keepouts,
                             layout, lambda n: xpos_seen["x"][1, names[n], :2])
    assert ep.layouts[1] == want
    assert torch.equal(w.xpos[1, blue], blue_before)
    assert float(w.rows["body_pos"][1, red, 2]) == height == float(w.xpos[1, red, 2])
    np.testing.assert_allclose(w.xpos[1, red, :2].cpu().numpy(), want[GOAL_OF["agent_0"][0]],
                               atol=1e-6)
    _, rew, *_ = env.step(zero)
    assert abs(float(rew["agent_0"][1])) < 0.1          # the distances started again
    env.close()


def test_a_bad_state_is_reported_truncated_and_reset(torch):
    env = _gpu("SafetyPointMultiGoal0-v0", 2, autoreset_mode="Disabled")
    env.reset(seed=0)
    with env.worlds.scope():
        env.worlds.qvel[1] = float("nan")
    with pytest.warns(UserWarning, match="world 1: NaN"):
        obs, rew, term, trunc, info = env.step({a: np.zeros((2, 2)) for a in AGENTS})
    assert trunc["agent_0"].tolist() == [False, True] and rew["agent_1"][1] == 0.0
    assert info["agent_0"]["physics_unstable"].tolist() == [False, True]
    assert np.isfinite(obs["agent_0"]).all()
    assert not torch.isnan(env.worlds.qvel).any()          # its physics reset


def test_a_resetting_world_gone_bad_is_simply_reset(recwarn):
    """A world that ended goes through the next step's physics before its autoreset: a bad
    state there reaches neither the rules nor a warning; the world starts its next episode."""
    env = _gpu("SafetyPointMultiGoal0-v0", 2, max_episode_steps=1)
    env.reset(seed=0)
    zero = {a: np.zeros((2, 2)) for a in AGENTS}
    env.step(zero)                                     # both worlds truncated
    with env.worlds.scope():
        env.worlds.qvel[1] = float("nan")
    obs, rew, term, trunc, info = env.step(zero)      # both reset (next-step autoreset)
    assert not [w for w in recwarn if "unstable" in str(w.message)]
    assert np.isfinite(obs["agent_0"]).all() and rew["agent_0"].tolist() == [0.0, 0.0]
    assert set(info["agent_0"]) == {"cost", "_cost", "labels", "_labels"}


@pytest.mark.parametrize("mode", ["SameStep", "Disabled"])
def test_autoreset_modes(mode):
    env = _gpu("SafetyPointMultiGoal0-v0", 2, max_episode_steps=2, autoreset_mode=mode)
    env.reset(seed=0)
    zero = {a: np.zeros((2, 2)) for a in AGENTS}
    env.step(zero)
    obs, _, _, trunc, info = env.step(zero)
    assert trunc["agent_0"].all()
    if mode == "SameStep":
        assert info["_final_obs"].all() and set(info["final_obs"][0]) == set(AGENTS)
        env.step(zero)
    else:
        with pytest.raises(ResetNeeded, match="reset them first"):
            env.step(zero)
        env.reset(options={"reset_mask": np.array([True, False])})
        with pytest.raises(ResetNeeded, match="reset them first"):
            env.step(zero)


def test_refusals_name_the_problem():
    env_id = "SafetyPointMultiGoal1-v0"
    from safety_sim.gpu.multigoal import MultiGoalGpuVectorEnv

    with pytest.raises(NotImplementedError, match="multigoal_vision"):   # the plain class
        MultiGoalGpuVectorEnv(2, device=DEVICE, agent="Point", level=1, vision=True)
    with pytest.raises(ValueError, match="render_mode"):
        _gpu(env_id, 2, render_mode="rgb_array")
    with pytest.raises(TypeError, match="check_actions"):
        _gpu(env_id, 2, check_actions=1)
    env = _gpu(env_id, 2)
    env.reset(seed=0)
    with pytest.raises(ValueError, match="keys"):
        env.step({"agent_0": np.zeros((2, 2))})
    with pytest.raises(ValueError, match="agent_1"):
        env.step({"agent_0": np.zeros((2, 2)), "agent_1": np.full((2, 2), np.nan)})
    with pytest.raises(TypeError, match="copied"):
        copy.deepcopy(env)
    obs, *_ = env.step({a: np.zeros((2, 2)) for a in AGENTS})      # nothing changed before
    assert obs["agent_0"].shape == (2, env.single_observation_space["agent_0"].shape[0])
