"""MultiGoal's Vision ids on the GPU form: both agents' camera images of every world rendered by
MuJoCo Warp's batch renderer (:class:`~safety_sim.gpu.vision.WarpCamera`, one render context per
camera) after each step of :class:`~safety_sim.gpu.multigoal.MultiGoalGpuVectorEnv`.

The observation is the single Vision env's: per agent a dict of every key of the flat
observation, agent 0's keys then ``vision_0`` (its camera ``vision``), agent 1's then
``vision_1`` (``vision1``), each ``(N, ...)``; the images ``(N, H, W, 3)`` uint8 at
``vision_size`` (256 by default, the reference's). The images are the ray caster's
(docs/gpu.md, "Vision ids": close to OpenGL's colours, not equal)."""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from safety_sim.core import check_int
from safety_sim.gpu.multigoal import MultiGoalGpuVectorEnv
from safety_sim.gpu.vision import WarpCamera
from safety_sim.navigation.multigoal import scene
from safety_sim.navigation.multigoal.world import AGENTS
from safety_sim.vector.base import AutoresetMode, autoreset_mode_of

#: each agent's image key and the camera it is taken with
CAMERAS = {"vision_0": "vision", "vision_1": "vision1"}


class MultiGoalGpuVisionEnv(MultiGoalGpuVectorEnv):
    """The GPU vector env of a MultiGoal Vision id. Extra kwarg: ``vision_size`` (int >= 1,
    default 256: the images' height and width). SAME_STEP autoreset is refused (its final
    observation would need frames of the ended state), as for the navigation Vision ids."""

    renders_vision = True

    def __init__(self, num_envs: int = 1, *, vision_size: int = 256, **kwargs: Any) -> None:
        label = "MultiGoal GPU vector env"
        size = check_int(vision_size, "vision_size", label, low=1, high=8192)
        mode = autoreset_mode_of(kwargs.get("autoreset_mode", AutoresetMode.NEXT_STEP), label)
        if mode == AutoresetMode.SAME_STEP:
            raise NotImplementedError(f"{label}: SAME_STEP autoreset is not offered for Vision "
                                      "ids on the GPU form (NEXT_STEP or DISABLED)")
        if kwargs.get("vision") is not True:
            raise ValueError(f"{label}: MultiGoalGpuVisionEnv is the Vision ids' form "
                             f"(vision=True), got vision={kwargs.get('vision')!r}")
        super().__init__(num_envs, **kwargs)
        self.vision_size = size
        w = self._single.world
        self._keys = {key: (start, stop, shape) for key, start, stop, shape in
                      scene.observation_keys(w.model, w.agent, w.level)}
        image = spaces.Box(0, 255, (size, size, 3), dtype=np.uint8)
        one = self._single.observation_space["agent_0"]
        assert isinstance(one, spaces.Dict)
        entries = [(k, image if k in CAMERAS else box) for k, box in one.spaces.items()]
        self._entries = [k for k, _ in entries]
        self.single_observation_space = spaces.Dict({a: spaces.Dict(entries) for a in AGENTS})
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        # one render context per camera; both draw every geom with the model's own colours
        self.cameras = {key: WarpCamera(self.worlds, w.model.camera(cam).id, size)
                        for key, cam in CAMERAS.items()}

    def _agents_out(self, flat) -> dict[str, Any]:
        """Both agents' observation dicts: the flat observation's keys (in the output form)
        and each camera's frame of every world's current state."""
        n, flat = self.num_envs, self.outputs.value(flat)
        frames = {k: self.outputs.value(c.render()["vision"]) for k, c in self.cameras.items()}
        one = {}
        for key in self._entries:
            if key in frames:
                one[key] = frames[key]
            else:
                start, stop, shape = self._keys[key]
                one[key] = flat[:, start:stop].reshape((n, *shape))
        return {"agent_0": one,
                "agent_1": {k: v.clone() if hasattr(v, "clone") else v.copy()
                            for k, v in one.items()}}
