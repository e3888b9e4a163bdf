"""Rendering for the navigation envs: frames, Vision images, the viewer and the decorations of
docs/spec/push.md §14 / docs/spec/navigation.md §12.

Decorations (added to every rgb/depth frame through ``add_marker``): per lidar group a ring of
``num_bins`` spheres (radius 0.025) of radius 0.15 around the agent, 0.5 + 0.06 * slot above
the agent origin (slot: the group's place in object order, unsensed groups included), at the bin
centres, coloured with the group colour scaled by
``min(1, reading + 0.1)``; plus a red translucent sphere (radius 0.25) around the agent when the
last step cost something. No OpenGL context exists before the first frame; ``close`` frees it.
"""
from __future__ import annotations

from typing import Callable

import mujoco
import numpy as np

from safety_sim.navigation import objects as no
from safety_sim.navigation.lidar import bin_centres
from safety_sim.render.offscreen import OffscreenRenderer, add_marker, raw_depth
from safety_sim.render.viewer import HumanViewer

RING_RADIUS = 0.15
RING_HEIGHT = 0.5
RING_STEP = 0.06
MARKER_SIZE = 0.025
COST_SPHERE_SIZE = 0.25
COST_RGBA = np.array([1.0, 0.0, 0.0, 0.3], dtype=np.float32)
VISION_SIZE = 256
_SPHERE = mujoco.mjtGeom.mjGEOM_SPHERE


#: the lidar ring colour of each sensed group: its kind's own
GROUP_RGBA = {kind.lidar_key: kind.rgba for kind in no.KINDS if kind.lidar_key}


def decorate(scene: mujoco.MjvScene, agent_pos: np.ndarray, agent_mat: np.ndarray,
             readings: np.ndarray, lidar_keys, slots, cost: float) -> None:
    """All decorations: one lidar ring per group at its height ``slot`` (opaque group colours)
    and, when ``cost > 0``, the cost sphere."""
    if len(lidar_keys):
        colours = np.array([GROUP_RGBA[k] for k in lidar_keys], dtype=np.float32)
        colours[:, 3] = 1.0
        lidar_ring(scene, agent_pos, agent_mat, readings, colours, slots)
    if cost > 0:
        cost_sphere(scene, agent_pos)


def lidar_ring(scene: mujoco.MjvScene, agent_pos: np.ndarray, agent_mat: np.ndarray,
               readings: np.ndarray, colours: np.ndarray, slots) -> None:
    """One ring of markers per group (rows of ``readings``), coloured by ``colours`` (G, 4),
    at heights given by ``slots``."""
    angles = np.asarray(bin_centres(readings.shape[1]))
    local = RING_RADIUS * np.stack([np.cos(angles), np.sin(angles)], axis=1)
    ring = agent_pos + local @ agent_mat[:, :2].T
    size = np.full(3, MARKER_SIZE)
    for row, colour, slot in zip(readings, colours, slots):
        z = agent_pos[2] + RING_HEIGHT + RING_STEP * slot
        scale = np.minimum(1.0, row + 0.1)
        for pos, s in zip(ring, scale):
            add_marker(scene, _SPHERE, size, (pos[0], pos[1], z), colour * s)


def cost_sphere(scene: mujoco.MjvScene, agent_pos: np.ndarray) -> None:
    add_marker(scene, _SPHERE, np.full(3, COST_SPHERE_SIZE), agent_pos, COST_RGBA)


def scene_option() -> mujoco.MjvOption:
    """Every geom group visible: hazards (group 3) and the goal (group 9) included."""
    opt = mujoco.MjvOption()
    opt.geomgroup[:] = 1
    return opt


class NavRenderer:
    """The navigation env's pictures: user frames and Vision images (two
    :class:`OffscreenRenderer`) and the human viewer, all with every geom group visible.

    What is specific here: depth frames are converted to raw depth-buffer values
    (:func:`raw_depth`) and the caller's decorations are drawn. No OpenGL context exists before
    the first frame; :meth:`close` frees them (the next frame reopens).
    """

    def __init__(self, model: mujoco.MjModel, render_mode: str | None, width: int,
                 height: int, camera: int) -> None:
        if width <= 0 or height <= 0:
            raise ValueError(f"render size must be positive, got {width}x{height}")
        self.model, self.render_mode = model, render_mode
        self.width, self.height, self.camera = int(width), int(height), int(camera)
        self._make()

    def _make(self) -> None:
        """The renderers (no OpenGL yet: each creates its context on its first frame)."""
        option = scene_option()
        self._frames = OffscreenRenderer(self.model, self.width, self.height, option)
        self._vision = OffscreenRenderer(self.model, VISION_SIZE, VISION_SIZE, option)
        self._viewer: HumanViewer | None = None

    def frame(self, data: mujoco.MjData,
              decorate: Callable[[mujoco.MjvScene], None] | None) -> np.ndarray:
        """rgb_array: (H, W, 3) uint8; depth_array: (H, W) float32 raw depth in [0, 1]."""
        if self.render_mode == "depth_array":
            metric = self._frames.render(data, self.camera, depth=True, decorate=decorate)
            return raw_depth(metric, self.model)
        return self._frames.render(data, self.camera, decorate=decorate)

    def vision(self, data: mujoco.MjData, camera: int,
               decorate: Callable[[mujoco.MjvScene], None] | None) -> np.ndarray:
        """The 256x256 RGB image of the agent's ``vision`` camera (Vision observations)."""
        return self._vision.render(data, camera, decorate=decorate)

    def human(self, data: mujoco.MjData, key_callback: Callable[[int], None] | None,
              decorate: Callable[[mujoco.MjvScene], None] | None = None) -> None:
        """Open (first call) or refresh MuJoCo's passive viewer, with all geom groups shown and
        the decorations in the viewer's user scene."""
        if self._viewer is None:
            self._viewer = HumanViewer(self.model, data, key_callback,
                                       scene_option=scene_option())
        self._viewer.sync(decorate)

    @property
    def has_context(self) -> bool:
        """True once an OpenGL context exists (after the first frame, until close)."""
        return self._frames.has_context or self._vision.has_context

    def close(self) -> None:
        self._frames.close()
        self._vision.close()
        if self._viewer is not None:
            self._viewer.close()
            self._viewer = None

    def __getstate__(self):
        state = dict(self.__dict__)
        for name in ("_frames", "_vision", "_viewer"):   # OpenGL objects, MjvOption: rebuilt
            state.pop(name)
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._make()
