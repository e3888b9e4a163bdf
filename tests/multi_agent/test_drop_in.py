"""make_ma through the ``safety_gymnasium`` drop-in: ``safety_gymnasium.make_ma``, the
reference's public class path, clipping as the reference's MuJoCo clamps, and the surface
SafePO's multi-agent code uses (subclassing SafeMAEnv with keyword arguments, assigning
``num_agents`` and ``observation_spaces``, ``env.state()``, ``agent_action_partitions``,
``vector.utils.tile_images``)."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

from safety_sim import compat
from safety_sim.multi_agent import make_ma


@pytest.fixture()
def sg():
    try:
        yield compat.install()
    finally:
        compat.uninstall()


def test_make_ma_and_the_public_class_path(sg):
    from safety_gymnasium.tasks.safe_multi_agent.safe_mujoco_multi import (
        TASK_VELCITY_THRESHOLD, SafeMAEnv, make_ma as path_make_ma)

    assert sg.make_ma is SafeMAEnv is path_make_ma
    assert TASK_VELCITY_THRESHOLD["Humanoid"] == {"9|8": 0.58}
    env = sg.make_ma("Hopper", "3x1")
    obs, _ = env.reset(seed=0)
    native = make_ma("Hopper", "3x1")
    native_obs, _ = native.reset(seed=0)
    for a in obs:
        np.testing.assert_array_equal(obs[a], native_obs[a])


def test_out_of_range_actions_are_clipped_like_mujoco_clamps(sg):
    env, native = sg.make_ma("Ant", "2x4"), make_ma("Ant", "2x4")
    env.reset(seed=0)
    native.reset(seed=0)
    wild = {"agent_0": np.array([3.0, -2.0, 0.5, 1.0]), "agent_1": np.array([-7, 0, 1, 2])}
    clipped = {a: np.clip(v, -1, 1) for a, v in wild.items()}
    out, ref = env.step(wild), native.step(clipped)
    for a in env.possible_agents:
        np.testing.assert_array_equal(out[0][a], ref[0][a])
        assert out[1][a] == ref[1][a] and out[2][a] == ref[2][a]
    with pytest.raises(ValueError, match="agent_1: action contains NaN"):
        env.step({"agent_0": np.zeros(4), "agent_1": np.array([0, np.nan, 0, 0])})
    with pytest.raises(ValueError, match=r"agent_0: action has shape \(2,\)"):
        env.step({"agent_0": np.zeros(2), "agent_1": np.zeros(4)})


def test_the_surface_safepo_uses(sg):
    from safety_gymnasium.tasks.safe_multi_agent.safe_mujoco_multi import SafeMAEnv
    from safety_gymnasium.vector.utils.tile_images import tile_images  # noqa: F401

    class Shared(SafeMAEnv):       # the pattern of SafePO's ShareEnv
        def __init__(self, scenario, agent_conf, agent_obsk=1, agent_factorization=None,
                     local_categories=None, global_categories=None, render_mode=None, **kw):
            super().__init__(scenario=scenario, agent_conf=agent_conf, agent_obsk=agent_obsk,
                             agent_factorization=agent_factorization,
                             local_categories=local_categories,
                             global_categories=global_categories, render_mode=render_mode,
                             **kw)
            self.num_agents = len(self.agent_action_partitions)
            self.n_actions = max(len(p) for p in self.agent_action_partitions)
            self.observation_spaces = {a: None for a in self.possible_agents}

        def _get_obs(self):                      # names SafePO overrides must stay free
            return [np.concatenate([self.env.state(), np.eye(self.num_agents)[i]])
                    for i in range(self.num_agents)]

        def reset(self, seed=None):
            super().reset(seed=seed)
            return self._get_obs()

        def step(self, actions):
            out = super().step({a: actions[i] for i, a in enumerate(self.possible_agents)})
            return self._get_obs(), out[1], out[2], out[3], out[4], out[5]

    env = Shared(scenario="HalfCheetah", agent_conf="6x1")
    assert env.num_agents == 6 and env.n_actions == 1
    obs = env.reset(seed=0)
    assert len(obs) == 6 and obs[0].shape == (17 + 6,)
    obs, rew, cost, term, trunc, infos = env.step([np.zeros(1, np.float32)] * 6)
    assert set(rew) == set(cost) == set(env.possible_agents) and len(obs) == 6
    assert env.observation_spaces["agent_0"] is None   # the subclass's own attribute stands


def test_tile_images(sg):
    from safety_gymnasium.vector.utils.tile_images import tile_images  # the reference's path

    frames = np.arange(5 * 2 * 3 * 3).reshape(5, 2, 3, 3)
    canvas = tile_images(frames, padding=1)
    # 5 images -> 3 rows (ceil sqrt 5) x 2 columns, each cell (2+2) x (3+2)
    assert canvas.shape == (3 * 4, 2 * 5, 3) and canvas.dtype == np.float64
    for i in range(5):
        r, c = divmod(i, 2)
        np.testing.assert_array_equal(canvas[r * 4 + 1:r * 4 + 3, c * 5 + 1:c * 5 + 4], frames[i])
    assert canvas.sum() == frames.sum()          # frames and black padding only
    assert not canvas[8:12, 5:10].any()          # the sixth cell is empty


@pytest.mark.parametrize("bad", [np.inf, -np.inf, np.nan])
@pytest.mark.parametrize("form", [np.float64, np.float32, list])
def test_infinite_actions_are_refused_not_clipped(sg, bad, form):
    """Clipping turned +-inf into a bound and stepped it with reward paid (issue 35 item 1):
    the drop-in refuses them as the native make_ma does, and the env is left as it was."""
    env, twin = sg.make_ma("Ant", "2x4"), sg.make_ma("Ant", "2x4")
    env.reset(seed=0)
    twin.reset(seed=0)
    row = [0.0, bad, 0.0, 0.0]
    actions = {"agent_0": np.zeros(4), "agent_1": row if form is list else np.array(row, form)}
    with pytest.raises(ValueError, match="agent_1: action contains NaN or inf"):
        env.step(actions)
    with pytest.raises(ValueError, match="agent_1: action contains NaN or inf"):
        _native_refuses(actions)        # as the native env does
    zeros = {a: np.zeros(4) for a in env.possible_agents}
    out, ref = env.step(zeros), twin.step(zeros)
    for a in env.possible_agents:
        np.testing.assert_array_equal(out[0][a], ref[0][a])
    assert out[1] == ref[1] and out[2] == ref[2]


def _native_refuses(actions):
    native = make_ma("Ant", "2x4")
    native.reset(seed=0)
    native.step(actions)


def test_mamujocos_and_pettingzoos_attributes(sg):
    """issue 35 item 8: map_global_state_to_local_observations gives back every agent's
    observation from state() (the reference forwarded MaMuJoCo's); the inverse raises
    NotImplementedError as in MaMuJoCo; max_num_agents and unwrapped as PettingZoo's."""
    for scenario, conf in (("Ant", "4x2"), ("HalfCheetah", "6x1"), ("Hopper", "3x1"),
                           ("Humanoid", "9|8"), ("Ant", None)):
        with warnings.catch_warnings():      # Ant None: the threshold warning
            warnings.simplefilter("ignore", UserWarning)
            env = sg.make_ma(scenario, conf)
        obs, _ = env.reset(seed=0)
        assert env.max_num_agents == len(env.possible_agents) and env.unwrapped is env
        rng = np.random.default_rng(0)
        for _ in range(5):
            local = env.map_global_state_to_local_observations(env.state())
            assert set(local) == set(env.possible_agents)
            for a in env.possible_agents:
                np.testing.assert_array_equal(local[a], obs[a])
            obs = env.step({a: rng.uniform(-0.3, 0.3, env.action_space(a).shape)
                            for a in env.possible_agents})[0]
        with pytest.raises(NotImplementedError, match="state()"):
            env.map_local_observation_to_global_state(obs)
    with pytest.raises(ValueError, match="shape"):
        env = sg.make_ma("Ant", "2x4")
        env.reset(seed=0)
        env.map_global_state_to_local_observations(env.state()[:-1])
