"""MultiGoal's Vision ids on the GPU form: the single Vision env's observation dict per agent
(the flat keys, ``vision_0`` after agent 0's, ``vision_1`` last) with both cameras rendered by
MuJoCo Warp; the geom seen at each pixel agrees with MuJoCo's own (OpenGL) segmentation of the
CPU single env in the same layout, for each agent's camera."""
from __future__ import annotations

import gymnasium
import mujoco
import numpy as np
import pytest

import safety_sim
from safety_sim.gpu.vision import WarpCamera
from safety_sim.navigation.decor import scene_option
from tests.gpu.conftest import DEVICE

pytestmark = pytest.mark.gpu
ID, AGENTS = "SafetyPointMultiGoal1Vision-v0", ("agent_0", "agent_1")


def _gpu(env_id=ID, n=2, **kwargs):
    kwargs.setdefault("dtype", "float64")
    return safety_sim.make_vec(env_id, n, device=DEVICE, output="numpy", **kwargs)


def test_each_agent_sees_the_single_envs_keys_and_both_cameras():
    env = _gpu(vision_size=32)
    assert type(env).__name__ == "MultiGoalGpuVisionEnv"
    plain = _gpu("SafetyPointMultiGoal1-v0")
    obs, _ = env.reset(seed=4)
    flat, _ = plain.reset(seed=4)
    single = gymnasium.make(ID).unwrapped
    keys = list(single.observation_space["agent_0"].spaces)
    assert list(obs["agent_0"]) == keys == list(obs["agent_1"])
    assert env.observation_space.contains(obs)
    for key, start, stop, shape in single._keys:      # the flat keys: the plain form's numbers
        assert np.array_equal(obs["agent_0"][key], flat["agent_0"][:, start:stop].reshape(
            (2, *shape))), key
    for k in ("vision_0", "vision_1"):
        image = obs["agent_1"][k]
        assert image.shape == (2, 32, 32, 3) and image.dtype == np.uint8
        assert image.std() > 5.0                    # a picture, not a blank
    assert not np.array_equal(obs["agent_0"]["vision_0"], obs["agent_0"]["vision_1"])
    obs, *_ = env.step({a: np.zeros((2, 2)) for a in AGENTS})
    assert obs["agent_0"]["vision_1"].shape == (2, 32, 32, 3)


def _opengl_segmentation(env, camera: str, size: int) -> np.ndarray:
    """The geom seen at each pixel of the single env's camera (-1: none), MuJoCo's renderer."""
    world = env.unwrapped.world
    with mujoco.Renderer(world.model, size, size) as r:
        r.enable_segmentation_rendering()
        r.update_scene(world.data, camera=world.model.camera(camera).id,
                       scene_option=scene_option())
        seg = r.render()
    return np.where(seg[..., 1] == int(mujoco.mjtObj.mjOBJ_GEOM), seg[..., 0], -1)


def test_segmentation_agrees_with_mujoco_render_of_the_single_env():
    """The first frame of each agent's camera in each world against the single env reset with
    the world's seed: the same geom on >= 97% of the pixels (the navigation Vision ids'
    contract, tests/gpu/test_gpu_vision.py)."""
    size, n = 48, 2
    env = _gpu(vision_size=size)
    env.reset(seed=7)
    model = env._single.world.model
    for camera in ("vision", "vision1"):
        seg = WarpCamera(env.worlds, model.camera(camera).id, size, ("segmentation",)).render()
        for i in range(n):
            single = gymnasium.make("SafetyPointMultiGoal1-v0")
            single.reset(seed=7 + i)
            want = _opengl_segmentation(single, camera, size)
            got = seg["vision_segmentation"][i].cpu().numpy()
            share = float((got == want).mean())
            assert share >= 0.97, (camera, i, share)


@pytest.mark.parametrize("kwargs,error,text", [
    ({"vision_size": 0}, ValueError, "vision_size"),
    ({"autoreset_mode": "SameStep"}, NotImplementedError, "SAME_STEP"),
])
def test_bad_vision_kwargs_are_refused_by_name(kwargs, error, text):
    with pytest.raises(error, match=text):
        _gpu(**kwargs)
