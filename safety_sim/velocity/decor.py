"""Pictures of the Safe Velocity envs: frames, the human viewer and the cost marker (spec
docs/spec/velocity.md §7).

Frames come from our :class:`OffscreenRenderer` (``mujoco.Renderer``) rather than gymnasium's
``MujocoRenderer``: gymnasium 1.0's marker code predates MuJoCo 3.2's scene-geom layout and
crashes on MuJoCo 3.x, and its ``close`` leaves the MuJoCo render context to the garbage
collector. The view is the same: the model's ``track`` camera by default, or gymnasium's free
camera settings of the ``-v4`` env for camera -1. Depth frames are depth-buffer values in
[0, 1], as gymnasium's and the reference's.

Marker: a sphere (radius 0.2) 0.6 above the torso frame origin, dark red (0.5, 0, 0, 0.5) on a
costly step, else green (0.2, 0.8, 0.2, 0.5) with its rgb scaled by ``1 - v / threshold``
(clipped to [0, 1]; ``v`` the judged velocity).
"""
from __future__ import annotations

from typing import Callable

import mujoco
import numpy as np

from safety_sim.render.offscreen import OffscreenRenderer, add_marker, raw_depth
from safety_sim.render.viewer import HumanViewer

MARKER_RADIUS = 0.2
MARKER_HEIGHT = 0.6
MARKER_COST_RGBA = np.array([0.5, 0.0, 0.0, 0.5])
MARKER_SAFE_RGBA = np.array([0.2, 0.8, 0.2, 0.5])
_SPHERE = mujoco.mjtGeom.mjGEOM_SPHERE


def marker_rgba(cost: float, velocity: float, threshold: float) -> np.ndarray:
    if cost:
        return MARKER_COST_RGBA
    fade = min(1.0, max(0.0, 1.0 - velocity / threshold))
    return MARKER_SAFE_RGBA * np.array([fade, fade, fade, 1.0])


def draw_marker(scene: mujoco.MjvScene, torso_pos: np.ndarray, rgba: np.ndarray) -> None:
    pos = np.asarray(torso_pos, dtype=np.float64) + np.array([0.0, 0.0, MARKER_HEIGHT])
    add_marker(scene, _SPHERE, np.full(3, MARKER_RADIUS), pos, rgba)


def free_camera(model: mujoco.MjModel, settings: dict | None) -> mujoco.MjvCamera:
    """MuJoCo's default free camera with ``settings`` (a gymnasium ``default_camera_config``:
    MjvCamera attribute -> value) applied."""
    cam = mujoco.MjvCamera()
    mujoco.mjv_defaultFreeCamera(model, cam)
    for key, value in (settings or {}).items():
        if isinstance(value, np.ndarray):
            getattr(cam, key)[:] = value
        else:
            setattr(cam, key, value)
    return cam


class VelocityRenderer:
    """rgb/depth frames or the human viewer of one env; no OpenGL context before the first
    picture, :meth:`close` frees it (the next picture reopens)."""

    def __init__(self, model: mujoco.MjModel, render_mode: str | None, width: int,
                 height: int, camera: int, free_settings: dict | None) -> None:
        self.model, self.render_mode, self.camera = model, render_mode, camera
        self._view = camera if camera >= 0 else free_camera(model, free_settings)
        self._frames = OffscreenRenderer(model, width, height)
        self._viewer: HumanViewer | None = None

    def frame(self, data: mujoco.MjData,
              decorate: Callable[[mujoco.MjvScene], None]) -> np.ndarray:
        """rgb_array: (H, W, 3) uint8; depth_array: (H, W) float32 depth-buffer values."""
        if self.render_mode == "depth_array":
            metric = self._frames.render(data, self._view, depth=True, decorate=decorate)
            return raw_depth(metric, self.model)
        return self._frames.render(data, self._view, decorate=decorate)

    def human(self, data: mujoco.MjData, key_callback: Callable[[int], None] | None,
              decorate: Callable[[mujoco.MjvScene], None]) -> None:
        """Open (first call, looking through the chosen model camera) or refresh the viewer."""
        opening = self._viewer is None
        viewer = self._viewer = self._viewer or HumanViewer(self.model, data, key_callback)
        viewer.sync(decorate)
        handle = getattr(viewer, "_handle", None)
        if opening and handle is not None and self.camera >= 0:
            with handle.lock():
                handle.cam.type = mujoco.mjtCamera.mjCAMERA_FIXED
                handle.cam.fixedcamid = self.camera

    @property
    def viewer(self) -> HumanViewer | None:
        return self._viewer

    def close(self) -> None:
        self._frames.close()
        if self._viewer is not None:
            self._viewer.close()
            self._viewer = None
