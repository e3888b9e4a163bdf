"""The observation of :class:`safety_sim.navigation.env.NavigationEnv`: sensors, then one
pseudo-lidar per object group (the buttons' blanked while they rest), plus the vision frame and
the scene decorations (lidar rings, cost sphere) of Vision ids and ``render()``.

A mixin rather than a helper object so that the step pays one method call. It reads the env's
``config``, ``handles``, ``obs_layout``, ``vision``, ``data`` views (``_xpos``, ``_xmat``,
``_sensordata``), ``_readout``, ``_render``, ``_timer`` and ``_last_cost``.
"""
from __future__ import annotations

import mujoco
import numpy as np

from safety_sim.navigation import decor as nav_decor
from safety_sim.navigation.lidar import lidar_flat


class NavObservationMixin:
    def _init_observation(self) -> None:
        h, bins = self.handles, self.config.lidar_bins
        self._obs = np.zeros(self.obs_layout.size)
        self._agent_body = h.agent_body
        self._lidar_args = (h.lidar_bounds, bins, self.config.lidar_max_dist)
        self._lidar_start = self.obs_layout.lidar_start
        self._blank = None
        if "buttons_lidar" in h.lidar_keys:
            start = self._lidar_start + bins * h.lidar_keys.index("buttons_lidar")
            self._blank = slice(start, start + bins)
        self._last_obs = None
        self._vision_cam = h.camera_ids["vision"]

    def _observe(self, pos: list[list[float]]):
        """Observation from the current sensors and ``pos`` (positions of ``_read_ids``)."""
        obs = self._obs
        self._readout.fill(self._sensordata, obs)
        obs[self._lidar_start:] = lidar_flat(pos[0], self._xmat[self._agent_body].tolist(),
                                             pos[3:], *self._lidar_args)
        if self._timer and self._blank is not None:
            obs[self._blank] = 0.0
        if not self.vision:
            return obs.copy()
        out = self.obs_layout.split(obs)
        out["vision"] = self._render.vision(self.data, self._vision_cam, self._decorate_ring)
        self._last_obs = out
        return out

    def _last_obs_copy(self):
        if not self.vision:
            return self._obs.copy()
        return {k: v.copy() for k, v in self._last_obs.items()}

    def _decorate(self, scene: mujoco.MjvScene, cost_sphere: bool = True) -> None:
        a, h = self.handles.agent_body, self.handles
        readings = self._obs[self._lidar_start:].reshape(len(h.lidar_keys),
                                                         self.config.lidar_bins)
        cost = self._last_cost if cost_sphere else 0.0
        nav_decor.decorate(scene, self._xpos[a], self._xmat[a].reshape(3, 3), readings,
                           h.lidar_keys, h.ring_slots, cost)

    def _decorate_ring(self, scene: mujoco.MjvScene) -> None:
        self._decorate(scene, cost_sphere=False)
