"""What the navigation vector env shows of its worlds: the observation rows (the level's
:class:`~safety_sim.navigation.observation.NavObserver` over arrays of worlds) and pictures of
one world (``render()`` frames and the Vision ids' camera images), drawn with the single env's
renderer and decorations.
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING

import mujoco
import numpy as np

from safety_sim import ops
from safety_sim.navigation import decor as nav_decor

if TYPE_CHECKING:
    from safety_sim.navigation.objects.fading import FadeState


class NavView:
    """Observations and pictures of :class:`~safety_sim.navigation.worlds.NavWorlds`.

    ``level`` is the :class:`~safety_sim.navigation.runtime.NavRuntime` (observation, handles),
    ``renderer`` the single env's (size and camera choice); pictures come from a copy of the
    batch's model into which ``get_model`` writes world ``i``'s own fields before
    ``mj_forward`` of its state.
    """

    def __init__(self, level, worlds, render_mode: str | None, renderer) -> None:
        self.worlds, self.layout, self.config = worlds, level.obs_layout, level.config
        h = worlds.handles
        self._observer = level.observer
        self._agent = h.agent_body
        self._lidar_bodies = h.lidar_bodies
        self._lidar_start = self.layout.lidar_start
        self.vision = level.vision
        self.fade: FadeState | None = None    # the worlds' fading, set by the vector env
        self.obs = np.zeros((worlds.n, self.layout.size))
        self.frames = (np.zeros((worlds.n, nav_decor.VISION_SIZE, nav_decor.VISION_SIZE, 3),
                                dtype=np.uint8) if self.vision else None)
        self._pictures = render_mode is not None or self.vision
        self._settings = (render_mode, renderer.width, renderer.height, renderer.camera)
        self._init_pictures()

    def _init_pictures(self) -> None:
        if self._pictures:
            render_mode, width, height, camera = self._settings
            self._model = copy.copy(self.worlds.model)   # world i's fields are written into it
            self._data = mujoco.MjData(self._model)
            self._renderer = nav_decor.NavRenderer(self._model, render_mode, width, height,
                                                   camera)
            self._vision_cam = self.worlds.handles.camera_ids["vision"]

    def __getstate__(self) -> dict:
        """Without the picture machinery (OpenGL), which a copy makes anew."""
        return {k: v for k, v in self.__dict__.items()
                if k not in ("_model", "_data", "_renderer")}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._init_pictures()

    # -- observations ---------------------------------------------------------------------------
    def update(self, rows, timer: np.ndarray) -> None:
        """Recompute the observation of the worlds ``rows`` (an index array, or ``slice(None)``
        for all) from their current state (sensors, then the lidar of every group; the buttons
        lidar reads zeros while the buttons rest)."""
        every = isinstance(rows, slice)
        if not every and rows.size == 0:
            return
        w = self.worlds
        xpos, bodies = w.xpos[rows], self._lidar_bodies
        out = self.obs if every else np.empty((rows.size, self.layout.size))
        self._observer.observe(
            ops.NUMPY, w.sensordata[rows], xpos[:, self._agent].T, w.xmat[rows, self._agent].T,
            xpos[:, bodies, :2].T, timer[rows] > 0, out)
        if not every:
            self.obs[rows] = out
        if self.frames is not None:        # the Vision ids
            for i in np.arange(w.n)[rows]:
                self.frames[i] = self.picture(int(i), vision=True)

    def observation(self):
        """The batched observation (copies): the flat array, or for Vision ids the dict of
        the single env's keys (shapes restored) plus ``vision``."""
        n = self.worlds.n
        if not self.vision:
            return self.obs.copy()
        out = {e.key: self.obs[:, e.start:e.stop].reshape(n, *e.shape).copy()
               for e in self.layout.entries}
        out["vision"] = self.frames.copy()
        return out

    # -- pictures -------------------------------------------------------------------------------
    def picture(self, i: int, vision: bool = False, cost: float = 0.0) -> np.ndarray:
        """World ``i`` from the render camera (``render()``) or, with ``vision``, its Vision
        image (lidar rings, no cost sphere), as the single env draws them."""
        sim = self.worlds.sim
        model = sim.get_model(i, self._model)
        if self.fade is not None:
            self.fade.paint(model.geom_rgba, i)
        data = sim.get_data(i, self._data)
        mujoco.mj_forward(model, data)
        h = self.worlds.handles
        readings = self.obs[i, self._lidar_start:].reshape(len(h.lidar_keys),
                                                           self.config.lidar_bins)

        def decorate(scene: mujoco.MjvScene) -> None:
            nav_decor.decorate(scene, data.xpos[self._agent],
                               data.xmat[self._agent].reshape(3, 3), readings, h.lidar_keys,
                               h.ring_slots, 0.0 if vision else cost)

        if vision:
            return self._renderer.vision(data, self._vision_cam, decorate)
        return self._renderer.frame(data, decorate)

    def close(self) -> None:
        if self._pictures:
            self._renderer.close()
