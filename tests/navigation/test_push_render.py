"""Rendering of the Push envs (headless: rgb_array and depth_array; docs/spec/push.md §14)."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ResetNeeded

import safety_sim  # noqa: F401
from safety_sim.navigation import decor as nav_decor


@pytest.fixture(scope="module")
def far():
    env = gymnasium.make("SafetyPointPush1-v0", render_mode="rgb_array", camera_name="fixedfar",
                         width=160, height=120)
    yield env
    env.close()


def test_no_gl_before_the_first_frame_and_close_frees_it(far):
    u = far.unwrapped
    far.reset(seed=0)
    far.step(np.zeros(2))
    assert not u._render.has_context
    frame = far.render()
    assert frame.shape == (120, 160, 3) and frame.dtype == np.uint8
    assert u._render.has_context
    far.close()
    assert not u._render.has_context
    assert far.render().shape == (120, 160, 3)   # reopens on demand


def test_rgb_frame_shows_the_scene(far):
    far.reset(seed=0)
    frame = far.render().astype(int)
    assert frame.std() > 10                                 # not blank
    yellow = (frame[..., 0] > 150) & (frame[..., 1] > 150) & (frame[..., 2] < 80)
    assert yellow.sum() > 20                                # the box is in view
    blue = (frame[..., 2] > frame[..., 0] + 40) & (frame[..., 2] > frame[..., 1] + 40)
    assert blue.sum() > 20                                  # hazards (group 3) are drawn


def test_cameras_are_selectable_by_name_and_id():
    frames = {}
    for key, kw in {"near": {"camera_name": "fixednear"}, "near_id": {"camera_id": 0},
                    "track": {"camera_name": "track"}, "default": {}}.items():
        env = gymnasium.make("SafetyCarPush1-v0", render_mode="rgb_array", width=64, height=64,
                             **kw)
        env.reset(seed=1)
        frames[key] = env.render()
        env.close()
    assert np.array_equal(frames["near"], frames["near_id"])
    assert not np.array_equal(frames["near"], frames["track"])
    assert not np.array_equal(frames["near"], frames["default"])   # default: 'vision'
    with pytest.raises(ValueError, match="camera"):
        gymnasium.make("SafetyCarPush1-v0", camera_id=0, camera_name="track")


def test_depth_frame_is_raw_depth_in_unit_range():
    env = gymnasium.make("SafetyPointPush2-v0", render_mode="depth_array",
                         camera_name="fixednear", width=96, height=96)
    env.reset(seed=0)
    depth = env.render()
    assert depth.shape == (96, 96) and depth.dtype == np.float32
    assert 0.0 <= depth.min() < depth.max() <= 1.0 and np.unique(depth).size > 50
    env.close()


def test_cost_sphere_appears_when_the_last_step_cost():
    env = gymnasium.make("SafetyPointPush1-v0", render_mode="rgb_array", camera_name="track",
                         width=96, height=96)
    env.reset(seed=0)
    hx, hy = env.unwrapped.layout["hazard0"]
    env.reset(seed=0, options={"layout": {"agent": (hx, hy)}})
    _, _, _, _, info = env.step(np.zeros(2))
    with_sphere = env.render().astype(int)
    env.unwrapped._last_cost = 0.0
    without = env.render().astype(int)
    assert info["cost"] == 1.0
    redness = lambda f: (f[..., 0] - f[..., 2]).mean()   # noqa: E731
    assert redness(with_sphere) > redness(without) + 2
    env.close()


def test_lidar_ring_markers_are_added():
    class Scene:      # stands in for MjvScene: counts markers
        def __init__(self):
            self.ngeom, self.maxgeom = 0, 1000
            self.geoms = [type("G", (), {})() for _ in range(1000)]
    calls = []
    real = nav_decor.add_marker
    nav_decor.add_marker = lambda scene, *a: calls.append(a)
    try:
        readings = np.zeros((4, 16))
        readings[2, 5] = 0.9
        nav_decor.lidar_ring(Scene(), np.zeros(3), np.eye(3), readings, np.ones((4, 4)),
                             range(4))
    finally:
        nav_decor.add_marker = real
    assert len(calls) == 64
    heights = sorted({round(c[2][2], 6) for c in calls})
    assert heights == pytest.approx([0.5, 0.56, 0.62, 0.68])
    bright = [c for c in calls if np.allclose(c[3], 1.0)]
    assert len(bright) == 1 and np.hypot(*bright[0][2][:2]) == pytest.approx(0.15)


def test_render_before_reset_and_without_mode():
    env = gymnasium.make("SafetyPointPush0-v0", render_mode="rgb_array").unwrapped
    with pytest.raises(ResetNeeded, match="reset"):
        env.render()
    plain = gymnasium.make("SafetyPointPush0-v0").unwrapped
    plain.reset(seed=0)
    with pytest.warns(UserWarning, match="render\\(\\) called without a render_mode"):
        assert plain.render() is None


@pytest.mark.parametrize("mode", ["rgb_array", "depth_array"])
def test_same_seed_gives_the_same_frames_in_two_envs(mode):
    """The decorations must not depend on what the scene's memory held before (fresh
    renderers of two envs, several steps)."""
    frames = []
    for _ in range(2):
        env = gymnasium.make("SafetyPointPush1-v0", render_mode=mode, camera_name="fixednear",
                             width=200, height=150)
        env.reset(seed=3)
        seq = []
        for t in range(4):
            env.step(np.array([1.0, 0.5]))
            seq.append(env.render())
        frames.append(seq)
        env.close()
    for a, b in zip(*frames):
        assert np.array_equal(a, b)
