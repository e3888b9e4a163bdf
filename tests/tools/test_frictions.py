"""Frictions a new user met (issue 31 item 6): the HUD line fits the frame at step 1000, the
``fixedfar`` camera frames a larger level, ``env.spec.max_episode_steps`` is the config's."""
from __future__ import annotations

import math

import gymnasium
import mujoco
import numpy as np
import pytest

import safety_sim  # noqa: F401
from safety_sim.navigation.config import Goal, GoalReward, Hazards, NavConfig
from safety_sim.render.font import preferred_scale, text_mask
from safety_sim.tools import hud


@pytest.mark.parametrize("width", [160, 256, 480, 640])
def test_the_hud_line_at_step_1000_is_drawn_whole(width):
    text = hud.hud_text(1000, -123.45, 1000, 12)
    frame = np.zeros((width, width, 3), np.uint8)
    drawn = hud.draw_hud(frame, text)
    line, scale = hud.fit_line(text, width, preferred_scale(width, width))
    assert line.endswith("12") and "1000" in line
    ink = (drawn == 255).all(axis=2)
    assert ink.sum() == text_mask(line, scale).sum()       # every glyph pixel is there
    assert not ink[:, width - 2 * scale:].any()             # and the right margin is clear


def _corners_in_view(model, data, cam: str, extents) -> bool:
    """Whether the four corners of ``extents`` (z = 0) lie inside camera ``cam``'s square
    frame."""
    cid = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_CAMERA, cam)
    pos, mat = data.cam_xpos[cid], data.cam_xmat[cid].reshape(3, 3)
    half = math.tan(math.radians(model.cam_fovy[cid]) / 2)
    x0, y0, x1, y1 = extents
    for corner in ((x0, y0, 0), (x0, y1, 0), (x1, y0, 0), (x1, y1, 0)):
        local = mat.T @ (np.asarray(corner) - pos)       # camera frame: looks along -z
        depth = -local[2]
        if depth <= 0 or abs(local[0]) / depth > half or abs(local[1]) / depth > half:
            return False
    return True


@pytest.mark.parametrize("size", [1.5, 2.0, 3.0, 5.0])
def test_fixedfar_frames_the_whole_placement_area(size):
    extents = (-size, -size, size, size)
    cfg = NavConfig((Goal(), Hazards(4)), GoalReward(), extents, floor_size=size + 1,
                    name="Wide")
    env = gymnasium.make("SafetyNavigation-v0", config=cfg)
    env.reset(seed=0)
    u = env.unwrapped
    assert _corners_in_view(u.model, u.data, "fixedfar", extents)


def test_fixedfar_keeps_the_reference_pose_on_the_reference_levels():
    env = gymnasium.make("SafetyPointGoal2-v0")
    u = env.unwrapped
    cid = mujoco.mj_name2id(u.model, mujoco.mjtObj.mjOBJ_CAMERA, "fixedfar")
    assert u.model.cam_pos[cid].tolist() == [0.0, -5.0, 5.0]


def test_spec_max_episode_steps_is_the_configs():
    cfg = NavConfig((Goal(),), GoalReward(), max_episode_steps=77, name="Short")
    env = gymnasium.make("SafetyNavigation-v0", config=cfg)
    assert env.spec.max_episode_steps == env.unwrapped.spec.max_episode_steps == 77
    env.reset(seed=0)
    steps, over = 0, False
    while not over:
        *_, terminated, truncated, _ = env.step(np.zeros(env.action_space.shape))
        steps, over = steps + 1, terminated or truncated
    assert steps == 77 and truncated
    assert gymnasium.make("SafetyPointGoal1-v0").spec.max_episode_steps == 1000
