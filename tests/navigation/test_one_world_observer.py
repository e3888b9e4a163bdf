"""The single env's bound observation (``NavObserver.bind``: sensors copied through slices made
once, the compiled lidar called with its constants bound) against the N-world form of the same
observer (``observe`` on :data:`~safety_sim.ops.NUMPY`, one row): the same bits for every
agent's sensor kinds (plain runs, Car's quaternion as a matrix, Doggo's and Ant's hinge angles
as sin/cos) and for the buttons' blank block; the plain lidar when the compiled one is absent;
a bound fill refuses arrays that are not one world's."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import safety_sim  # noqa: F401  (registers the ids)
from safety_sim.navigation import lidar as L
from safety_sim.ops import NUMPY

AGENTS = ("Point", "Car", "Doggo", "Racecar", "Ant")


def _many_worlds_observation(env, resting: bool) -> np.ndarray:
    """The observer's N-world form for a batch of this one world."""
    u = env.unwrapped
    lv, d = u.runtime, u.data
    a = lv.handles.agent_body
    objects = np.array([d.xpos[i, :2] for i in lv.handles.lidar_bodies]).T[:, :, None]
    out = np.zeros((1, lv.obs_layout.size))
    lv.observer.observe(NUMPY, d.sensordata[None], d.xpos[a][:, None], d.xmat[a][:, None],
                        objects, np.array([resting]), out)
    return out[0]


@pytest.mark.parametrize("agent", AGENTS)
def test_the_bound_observation_equals_the_many_worlds_form(agent):
    env = gymnasium.make(f"Safety{agent}Button1-v0")
    env.reset(seed=4)
    env.action_space.seed(4)
    u = env.unwrapped
    for t in range(30):
        obs, *_ = env.step(env.action_space.sample())
        resting = u._sequence.timer > 0
        assert obs.tobytes() == _many_worlds_observation(env, resting).tobytes(), t
    u._observe(u._xpos.tolist())             # the bound call again, now with the buttons resting
    u._sequence.timer = 3
    rested = u._observe(u._xpos.tolist())
    blank = u.runtime.observer.blank
    assert not rested[blank].any()
    assert rested.tobytes() == _many_worlds_observation(env, True).tobytes()


def test_without_the_compiled_lidar_the_plain_one_gives_the_same_observations(monkeypatch):
    def rollout():
        env = gymnasium.make("SafetyCarGoal1-v0")
        env.action_space.seed(2)
        frames = [env.reset(seed=2)[0]]
        frames += [env.step(env.action_space.sample())[0] for _ in range(40)]
        return np.array(frames)

    compiled = rollout()
    monkeypatch.setattr(L, "_compiled_lidar_into", None)
    assert L.one_world_lidar_into() is L._plain_one_world
    assert rollout().tobytes() == compiled.tobytes()


def test_a_bound_fill_takes_one_worlds_arrays_only():
    u = gymnasium.make("SafetyPointGoal1-v0").unwrapped
    readout = u.runtime.observer.readout
    with pytest.raises(ValueError, match="1-D arrays"):
        readout.bind(u.data.sensordata[None], u._obs)
    with pytest.raises(ValueError, match="1-D arrays"):
        u.runtime.observer.bind(u.data.sensordata, np.zeros((2, u._obs.size)))
