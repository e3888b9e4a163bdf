"""Lazily created off-screen MuJoCo renderer (rgb and depth) for one model."""
from __future__ import annotations

from typing import Callable

import mujoco
import numpy as np

from safety_sim.core import check_int


def resolve_camera(model: mujoco.MjModel, camera_id: int | None,
                   camera_name: str | None, default: str | int | None,
                   env_name: str = "render") -> int:
    """Camera id from ``camera_id`` or ``camera_name`` (not both); -1 is the free camera.

    ``camera_id`` must be an int (not a bool, float or string) and ``camera_name`` a str:
    TypeError otherwise; ValueError for an unknown name or an id out of range. ``env_name``
    prefixes the camera_id messages.
    """
    if camera_id is not None and camera_name is not None:
        raise ValueError("give camera_id or camera_name, not both")
    if camera_name is not None:
        if not isinstance(camera_name, str):
            raise TypeError(f"camera_name must be a str, got {camera_name!r}")
        cid = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_CAMERA, camera_name)
        if cid < 0:
            names = [model.camera(i).name for i in range(model.ncam)]
            raise ValueError(f"unknown camera_name {camera_name!r}; cameras: {names}")
        return cid
    if camera_id is not None:
        return check_int(camera_id, "camera_id", env_name, -1, model.ncam - 1)
    if default is None:
        return -1
    return resolve_camera(model, default if isinstance(default, int) else None,
                          default if isinstance(default, str) else None, None)


class OffscreenRenderer:
    """Owns a ``mujoco.Renderer``, created on the first frame and freed by :meth:`close`.

    ``scene_option`` (an ``MjvOption``, e.g. with more geom groups visible) is passed to every
    ``update_scene``; without it MuJoCo's defaults apply (geom groups 0-2).
    ``decorate(scene)`` may add geoms to the ``MjvScene`` after ``update_scene`` (markers).
    """

    def __init__(self, model: mujoco.MjModel, width: int, height: int,
                 scene_option: mujoco.MjvOption | None = None) -> None:
        if width <= 0 or height <= 0:
            raise ValueError(f"render size must be positive, got {width}x{height}")
        self.model, self.width, self.height = model, int(width), int(height)
        self.scene_option = scene_option
        self._renderer: mujoco.Renderer | None = None

    @property
    def has_context(self) -> bool:
        """True once the OpenGL context exists (after the first frame, until close)."""
        return self._renderer is not None

    def _get(self) -> mujoco.Renderer:
        if self._renderer is None:
            self._renderer = mujoco.Renderer(self.model, self.height, self.width)
        return self._renderer

    def render(self, data: mujoco.MjData, camera: int | str = -1, depth: bool = False,
               decorate: Callable[[mujoco.MjvScene], None] | None = None) -> np.ndarray:
        r = self._get()
        if depth:
            r.enable_depth_rendering()
        else:
            r.disable_depth_rendering()
        r.update_scene(data, camera=camera, scene_option=self.scene_option)
        if decorate is not None:
            decorate(r.scene)
        return r.render()

    def close(self) -> None:
        if self._renderer is not None:
            self._renderer.close()
            self._renderer = None


def add_marker(scene: mujoco.MjvScene, geom_type: int, size, pos, rgba,
               mat=None) -> None:
    """Append one visual-only geom to an ``MjvScene`` (ignored when the scene is full).

    Call after ``update_scene`` (it reads the scene's camera). ``mjv_initGeom`` leaves some
    fields as they were in the scene's memory; they are set here so that frames do not depend
    on it: decor category, no object, its scene index as segmentation id (depth frames are
    drawn in segmentation mode), transparency from alpha, and the camera distance that orders
    transparent geoms.
    """
    if scene.ngeom >= scene.maxgeom:
        return
    g = scene.geoms[scene.ngeom]
    pos = np.asarray(pos, dtype=np.float64)
    rgba = np.asarray(rgba, dtype=np.float32)
    mujoco.mjv_initGeom(g, geom_type, np.asarray(size, dtype=np.float64), pos,
                        np.eye(3).ravel() if mat is None else np.asarray(mat).ravel(), rgba)
    g.category = mujoco.mjtCatBit.mjCAT_DECOR
    g.objtype, g.objid = mujoco.mjtObj.mjOBJ_UNKNOWN, -1
    g.segid = scene.ngeom
    g.transparent = int(rgba[3] < 1.0)
    eye = 0.5 * (np.asarray(scene.camera[0].pos) + np.asarray(scene.camera[1].pos))
    g.camdist = float(np.linalg.norm(pos - eye))
    scene.ngeom += 1
