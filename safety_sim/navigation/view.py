"""What the navigation vector env shows of its worlds: the observation rows (sensors and
lidar, computed for many worlds at once) and pictures of one world (``render()`` frames and
the Vision ids' camera images), drawn with the single env's renderer and decorations.
"""
from __future__ import annotations

import copy

import mujoco
import numpy as np

from safety_sim.navigation import decor as nav_decor
from safety_sim.navigation.batched_lidar import batched_lidar


class NavView:
    """Observations and pictures of :class:`~safety_sim.navigation.worlds.NavWorlds`.

    ``single`` is the env's single :class:`NavigationEnv` (layout, read-out, camera choice);
    pictures come from a copy of the batch's model into which ``get_model`` writes world
    ``i``'s own fields before ``mj_forward`` of its state.
    """

    def __init__(self, single, worlds, render_mode: str | None) -> None:
        self.worlds, self.layout, self.config = worlds, single.obs_layout, single.config
        h = worlds.handles
        self._readout = single._readout
        self._agent = h.agent_body
        self._lidar_bodies = h.lidar_bodies
        self._lidar_bounds = h.lidar_bounds
        self._lidar_start = self.layout.lidar_start
        self._blank = single._blank
        self.vision = single.vision
        self.obs = np.zeros((worlds.n, self.layout.size))
        self.frames = (np.zeros((worlds.n, nav_decor.VISION_SIZE, nav_decor.VISION_SIZE, 3),
                                dtype=np.uint8) if self.vision else None)
        self._pictures = render_mode is not None or self.vision
        if self._pictures:
            r = single._render
            self._model = copy.copy(worlds.model)   # world i's fields are written into it
            self._data = mujoco.MjData(self._model)
            self._renderer = nav_decor.NavRenderer(self._model, render_mode, r.width, r.height,
                                                   r.camera)
            self._vision_cam = h.camera_ids["vision"]

    # -- observations ---------------------------------------------------------------------------
    def update(self, rows: np.ndarray, timer: np.ndarray) -> None:
        """Recompute the observation of the worlds ``rows`` from their current state (sensors,
        then the lidar of every group; the buttons lidar reads zeros while the buttons rest)."""
        if rows.size == 0:
            return
        w, obs = self.worlds, np.empty((rows.size, self.layout.size))
        self._readout.fill_rows(w.sensordata[rows], obs)
        xpos = w.xpos[rows]
        obs[:, self._lidar_start:] = batched_lidar(
            xpos[:, self._agent], w.xmat[rows, self._agent], xpos[:, self._lidar_bodies],
            self._lidar_bounds, self.config.lidar_bins, self.config.lidar_max_dist)
        if self._blank is not None:
            obs[timer[rows] > 0, self._blank] = 0.0
        self.obs[rows] = obs
        if self.vision:
            for i in rows:
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
