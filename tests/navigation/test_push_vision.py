"""Vision variants (docs/spec/push.md §9.4): Dict observation in the reference key order plus a
camera image."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import safety_sim  # noqa: F401
from refs import load_ref

SPACES = load_ref("push_spaces.json")["env_ids"]


@pytest.fixture(scope="module")
def point_vision():
    env = gymnasium.make("SafetyPointPush1Vision-v0")
    yield env
    env.close()


def test_observation_is_the_flat_one_split_plus_the_image(point_vision):
    obs, _ = point_vision.reset(seed=0)
    flat, _ = gymnasium.make("SafetyPointPush1-v0").reset(seed=0)
    ref_keys = [k["key"] for k in SPACES["SafetyPointPush1Vision-v0"]["obs_keys"]]
    assert list(obs) == ref_keys and ref_keys[-1] == "vision"
    assert np.array_equal(np.concatenate([obs[k].ravel() for k in ref_keys[:-1]]), flat)
    img = obs["vision"]
    assert img.shape == (256, 256, 3) and img.dtype == np.uint8 and img.std() > 10
    assert point_vision.observation_space.contains(obs)


def test_frame_changes_when_the_agent_turns(point_vision):
    obs, _ = point_vision.reset(seed=0)
    still = obs["vision"].astype(int)
    for _ in range(2):
        obs, *_ = point_vision.step(np.zeros(2))
    assert np.abs(obs["vision"].astype(int) - still).mean() < 1.0   # nothing moved
    u = point_vision.unwrapped
    yaw0 = u.data.qpos[2]
    for _ in range(8):
        obs, *_ = point_vision.step(np.array([0.0, 1.0]))           # turn in place
        assert point_vision.observation_space.contains(obs)
    assert abs(u.data.qpos[2] - yaw0) > 0.3                          # ~0.5 rad
    assert np.abs(obs["vision"].astype(int) - still).mean() > 3.0   # ~7 grey levels


def test_render_of_a_vision_env_is_a_third_person_frame():
    """render() on a Vision id gives a frame of the chosen camera (default "track"), beside the
    agent's own view in the observation (issue 13: recorders work on Vision ids)."""
    env = gymnasium.make("SafetyPointPush1Vision-v0", render_mode="rgb_array")
    obs, _ = env.reset(seed=0)
    frame = env.render()
    assert frame.shape == (256, 256, 3) and frame.dtype == np.uint8
    assert not np.array_equal(frame, obs["vision"])
    track = gymnasium.make("SafetyPointPush1-v0", render_mode="rgb_array", camera_name="track")
    track.reset(seed=0)
    assert np.array_equal(frame, track.render())   # the track camera of the same state
    env.close()
    track.close()


def test_car_vision_keeps_the_matrix_shape():
    env = gymnasium.make("SafetyCarPush0Vision-v0")
    obs, _ = env.reset(seed=0)
    assert obs["ballquat_rear"].shape == (3, 3)
    assert np.allclose(obs["ballquat_rear"], np.eye(3))
    assert obs["vision"].shape == (256, 256, 3)
    env.close()
