"""make_ma as a user meets it: the 6-tuple dict API, shared reward/cost/termination, the
episode's end and time limit, seeding, state(), labels and cost_fn, the |vx| cost rule, and
the reference's arguments beyond agent_conf (agent_obsk, categories, None)."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.error import ResetNeeded

from ma_helpers import make, random_actions, rollout
from safety_sim.multi_agent import CONFIGURATIONS, make_ma
from safety_sim.velocity.robots import OVER_SPEED

NAMES = [f"{s}:{c}" for s, c in CONFIGURATIONS]


@pytest.mark.parametrize("name", NAMES)
def test_step_returns_six_dicts_with_shared_values(name):
    env = make(name)
    obs, infos = env.reset(seed=3)
    assert set(obs) == set(infos) == set(env.possible_agents)
    assert len({id(i) for i in infos.values()}) == 1
    assert infos["agent_0"]["cost"] == 0.0 and infos["agent_0"]["labels"] == frozenset()
    out = env.step(random_actions(env, np.random.default_rng(3)))
    assert len(out) == 6
    obs, rew, cost, term, trunc, infos = out
    for d in out:
        assert isinstance(d, dict) and list(d) == env.possible_agents
    for values in (rew, cost, term, trunc):
        assert len(set(values.values())) == 1
    assert len({id(i) for i in infos.values()}) == 1
    info = infos["agent_0"]
    assert cost["agent_0"] == info["cost"] == info["cost_velocity"]
    assert info["labels"] in (frozenset(), frozenset({OVER_SPEED}))
    assert cost["agent_0"] == env.cost_fn(info["labels"])
    for agent in env.possible_agents:
        assert env.observation_space(agent).contains(obs[agent])
    env.close()


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_episode_and_unseeded_reset_continues(name):
    def episode(env, seed):
        obs0, _ = env.reset(seed=seed)
        trace = [np.concatenate(list(obs0.values()))]
        for _, out in rollout(env, seed, 15):
            trace.append(np.concatenate([*out[0].values(), [out[1]["agent_0"], out[2]["agent_0"]]]))
        return trace

    a, b = make(name), make(name)
    first, second = episode(a, 7), episode(b, 7)
    assert len(first) == len(second) and all(np.array_equal(x, y) for x, y in zip(first, second))
    o1, _ = a.reset()                    # no seed: the stream goes on, a new start
    o2, _ = b.reset(seed=8)
    o3, _ = a.reset(seed=7)
    assert not np.array_equal(o1["agent_0"], o3["agent_0"])
    assert not np.array_equal(o2["agent_0"], o3["agent_0"])
    np.testing.assert_array_equal(o3["agent_0"], first[0][:len(o3["agent_0"])])


def test_state_is_the_single_robot_observation():
    env = make_ma("Walker2d", "2x3")
    obs, _ = env.reset(seed=0)
    d = env.single_agent_env.data
    expected = np.concatenate([d.qpos[1:], np.clip(d.qvel, -10, 10)])   # docs/spec/velocity.md §3
    np.testing.assert_array_equal(env.state(), expected)
    assert env.env is env and env.env.state().shape == (17,)


def test_termination_empties_agents_and_further_steps_are_refused():
    env = make_ma("Hopper", "3x1")
    *_, (_, out) = list(rollout(env, 0, 200))
    assert all(out[3].values()) and not any(out[4].values())
    assert env.agents == []
    with pytest.raises(ResetNeeded):
        env.step({a: np.zeros(1) for a in env.possible_agents})
    env.reset()
    assert env.agents == env.possible_agents


def test_truncation_at_max_episode_steps():
    env = make_ma("HalfCheetah", "2x3", max_episode_steps=3)
    env.reset(seed=0)
    zero = {a: np.zeros(3) for a in env.possible_agents}
    for _ in range(2):
        assert not any(env.step(zero)[4].values())
    out = env.step(zero)
    assert all(out[4].values()) and not any(out[3].values()) and env.agents == []
    with pytest.raises(ResetNeeded):
        env.step(zero)
    assert make_ma("Swimmer", "2x1")._max_steps == 1000


def _step_from_velocity(env, qvel0: float) -> dict:
    """One zero-action step starting from the reset state with root x velocity ``qvel0``."""
    env.reset(seed=0)
    robot = env.single_agent_env
    qpos, qvel = robot.data.qpos.copy(), robot.data.qvel.copy()
    qvel[0] = qvel0
    robot.v4_env.set_state(qpos, qvel)
    out = env.step({a: np.zeros(env.action_space(a).shape) for a in env.possible_agents})
    return out[2]["agent_0"], out[5]["agent_0"]


@pytest.mark.parametrize("scenario, conf", [("HalfCheetah", "2x3"), ("Hopper", "3x1"),
                                            ("Walker2d", "2x3")])
def test_running_backwards_fast_costs_for_the_planar_robots(scenario, conf):
    """docs/spec/multi_agent.md §7: these robots' info has no y_velocity, so the judged speed is
    |vx|."""
    env = make_ma(scenario, conf)
    threshold = env.speed_limit.threshold
    cost, info = _step_from_velocity(env, -4 * threshold)
    assert info["x_velocity"] < -threshold and cost == 1.0
    assert info["labels"] == {OVER_SPEED} and info["velocity"] == abs(info["x_velocity"])
    cost, info = _step_from_velocity(env, 0.0)
    assert abs(info["x_velocity"]) < threshold and cost == 0.0


def test_swimmer_judges_signed_forward_velocity():
    env = make_ma("Swimmer", "2x1")
    cost, info = _step_from_velocity(env, -1.0)
    assert info["x_velocity"] < -0.04891 and cost == 0.0
    cost, info = _step_from_velocity(env, 1.0)
    assert info["x_velocity"] > 0.04891 and cost == 1.0


def test_actions_reach_the_actuators_of_their_nodes():
    """docs/spec/multi_agent.md §5: agent values go to their nodes' actuators (Ant 2x4: agent_1
    drives 6, 7, 0, 1; Walker2d: foot, leg, thigh = 2, 1, 0; Humanoid lower body: 3, 5, 4, 6, 7, 9,
    8, 10)."""
    for scenario, conf, expected in [
            ("Ant", "2x4", [2, 3, 4, 5, 6, 7, 0, 1]),
            ("Walker2d", "2x3", [2, 1, 0, 5, 4, 3]),
            ("Humanoid", "9|8", [2, 0, 1, 11, 12, 13, 14, 15, 16, 3, 5, 4, 6, 7, 9, 8, 10])]:
        env = make_ma(scenario, conf)
        env.reset(seed=0)
        scale = 0.4 if scenario == "Humanoid" else 1.0
        values, k = {}, 0
        for agent in env.possible_agents:
            n = env.action_space(agent).shape[0]
            values[agent] = scale * (np.arange(k, k + n) + 1) / 20
            k += n
        env.step(values)
        ctrl = env.single_agent_env.data.ctrl
        flat = np.concatenate(list(values.values()))
        np.testing.assert_array_equal(ctrl[expected], flat)


def test_single_agent_configuration():
    with pytest.warns(UserWarning, match="Unknown agent configuration: None using default "
                                         "velocity threshold 2.932"):
        env = make_ma("HalfCheetah", None)
    assert env.possible_agents == ["agent_0"] and env.action_space("agent_0").shape == (6,)
    obs, _ = env.reset(seed=1)
    np.testing.assert_array_equal(obs["agent_0"], env.state())
    a = np.linspace(-1, 1, 6)
    obs, *_ = env.step({"agent_0": a})
    np.testing.assert_array_equal(env.single_agent_env.data.ctrl, a)
    np.testing.assert_array_equal(obs["agent_0"], env.state())


def test_listed_configurations_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for scenario, conf in CONFIGURATIONS:
            make_ma(scenario, conf).close()


def test_agent_obsk_zero_and_two():
    """Depth 0 observes only the agent's own nodes (plus globals); depth 2 adds the nodes two
    hyperedges away (qpos only, the default category of depths >= 1)."""
    env0 = make_ma("HalfCheetah", "6x1", agent_obsk=0)
    env2 = make_ma("HalfCheetah", "6x1", agent_obsk=2)
    env0.reset(seed=0)
    obs2, _ = env2.reset(seed=0)
    d = env2.single_agent_env.data
    # agent_0 = bthigh: depth 1 = bshin, fthigh; depth 2 = bfoot, fshin (sorted by label)
    assert env0.observation_space("agent_0").shape == (2 + 5,)
    assert [[n.label for n in v] for v in env2.k_dicts[0].values()] == [
        ["bthigh"], ["bshin", "fthigh"], ["bfoot", "fshin"]]
    expected = [d.qpos[-6], d.qvel[-6], d.qpos[-5], d.qpos[-3], d.qpos[-4], d.qpos[-2],
                d.qpos[1], d.qpos[2], d.qvel[0], d.qvel[1], d.qvel[2]]
    np.testing.assert_array_equal(obs2["agent_0"], expected)


def test_custom_categories_with_body_rows():
    """Ant with cfrc_ext at depth 0: each leg's body rows once, clipped to [-1, 1] (the Ant's
    body function); global qvel only."""
    env = make_ma("Ant", "4x2", local_categories=[["qpos", "cfrc_ext"], []],
                  global_categories=("qvel",))
    env.reset(seed=0)
    for _ in range(5):
        obs, *_ = env.step({a: np.ones(2) for a in env.possible_agents})
    d = env.single_agent_env.data
    # agent_0: ankle1 (bodies 2, 3, 4), hip1 (bodies 1, 2 -> only 1 is new)
    expected = np.concatenate([[d.qpos[-7]], np.clip(d.cfrc_ext[[2, 3, 4]].ravel(), -1, 1),
                               [d.qpos[-8]], np.clip(d.cfrc_ext[1], -1, 1), d.qvel[:6]])
    np.testing.assert_array_equal(obs["agent_0"], expected)
    assert env.observation_space("agent_0").shape == expected.shape


def test_local_and_global_actions_map_both_ways():
    env = make_ma("Humanoid", "9|8")
    rng = np.random.default_rng(0)
    local = random_actions(env, rng)
    glob = env.map_local_actions_to_global_action(local)
    assert glob.shape == (17,) and glob[3] == local["agent_1"][0] and glob[5] == local["agent_1"][1]
    back = env.map_global_action_to_local_actions(glob)
    for a in env.possible_agents:
        np.testing.assert_array_equal(back[a], local[a])


def test_rgb_frames_come_from_the_shared_robot():
    env = make_ma("Ant", "2x4", render_mode="rgb_array", width=64, height=48)
    env.reset(seed=0)
    frame = env.render()
    assert frame.shape == (48, 64, 3) and frame.dtype == np.uint8 and frame.std() > 0
    env.close()


def test_physics_blow_up_truncates_every_agent_and_pays_nothing(tmp_path, monkeypatch):
    """As the Safe Velocity envs: MuJoCo resets a refused state mid-step; the step pays no
    reward and no cost, says ``physics_unstable``, truncates every agent and ends the episode;
    the agents' observations are of the state MuJoCo reset to."""
    monkeypatch.chdir(tmp_path)            # MuJoCo writes its warning to ./MUJOCO_LOG.TXT
    env = make_ma("HalfCheetah", "2x3")
    env.reset(seed=0)
    env.step(random_actions(env, np.random.default_rng(0)))
    env.single_agent_env.data.qvel[:] = 1e10
    with pytest.warns(UserWarning, match="physics became unstable"):
        obs, rew, cost, term, trunc, info = env.step(random_actions(env, np.random.default_rng(1)))
    assert set(trunc.values()) == {True} and set(term.values()) == {False}
    assert set(rew.values()) == {0.0} and set(cost.values()) == {0.0}
    assert info["agent_0"]["physics_unstable"] is True and env.agents == []
    assert all(np.all(np.isfinite(o)) for o in obs.values())
    with pytest.raises(ResetNeeded):
        env.step(random_actions(env, np.random.default_rng(2)))


def test_the_shared_robot_still_returns_its_own_observation():
    """make_ma's steps leave the robot's observation out (the agents read data); the robot
    env stepped on its own returns it, and state() assembles it on demand."""
    env = make_ma("Hopper", "3x1")
    env.reset(seed=0)
    env.step(random_actions(env, np.random.default_rng(0)))
    robot = env.single_agent_env
    d = robot.data
    expected = np.concatenate([d.qpos[1:], np.clip(d.qvel, -10, 10)])   # docs/spec/velocity.md §3
    np.testing.assert_array_equal(env.state(), expected)
    obs = robot.step(np.zeros(robot.action_space.shape))[0]
    assert obs.shape == robot.observation_space.shape
    np.testing.assert_array_equal(obs, env.state())
