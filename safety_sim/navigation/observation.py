"""The observation of a navigation level: the agent's sensors, then one pseudo-lidar per
object group (the buttons' blank while they rest), assembled once for one world and for N
(:class:`NavObserver`); plus the single env's vision frame and scene decorations
(:class:`NavPicturesMixin`; the vector env draws its worlds in
:mod:`safety_sim.navigation.view`).
"""
from __future__ import annotations

import operator
from typing import Any

import mujoco
import numpy as np

from safety_sim.navigation import decor
from safety_sim.navigation.lidar import group_base, lidar_into, one_world_lidar_into
from safety_sim.navigation.sensors import ObsLayout, SensorReadout
from safety_sim.ops import SCALAR, Ops


class NavObserver:
    """Observation assembly of one level: ``observe`` writes the flat observation of one
    world (``out`` 1-D, floats of :data:`safety_sim.ops.SCALAR`) or of many (``out`` (N, size),
    arrays of :data:`safety_sim.ops.NUMPY`, objects (objects, N)) from the sensors and the
    bodies' positions."""

    def __init__(self, model: mujoco.MjModel, agent, config, handles) -> None:
        self.readout = SensorReadout(model, agent.obs_sensors)
        self.layout = ObsLayout(self.readout.sensor_keys, handles.lidar_keys, config.lidar_bins)
        self.bins, self.max_dist = config.lidar_bins, config.lidar_max_dist
        self.lidar_start = self.layout.lidar_start
        self.lidar_width = self.bins * len(handles.lidar_keys)
        self.group_base = group_base(handles.lidar_bounds, self.bins)
        self._bases: dict = {}                  # group_base in each namespace's form
        self.lidar_bodies = handles.lidar_bodies
        self.blank = None                      # the buttons' lidar block
        if "buttons_lidar" in handles.lidar_keys:
            start = self.lidar_start + self.bins * handles.lidar_keys.index("buttons_lidar")
            self.blank = slice(start, start + self.bins)

    def bind(self, sensordata: np.ndarray, out: np.ndarray) -> OneWorldObserver:
        """:meth:`observe` of one world on Python floats into ``out``, bound to its arrays
        (see :class:`OneWorldObserver`)."""
        return OneWorldObserver(self, sensordata, out)

    def observe(self, ops: Ops, sensordata, agent_pos, agent_mat, objects, resting,
                out: np.ndarray) -> np.ndarray:
        """Fill ``out``: sensors from ``sensordata``, then the lidar of the objects at
        ``objects`` (x and y: see :func:`~safety_sim.navigation.lidar.lidar`) seen from the agent
        (``agent_pos``, ``agent_mat``: its xpos and xmat, coordinate first); the buttons' block
        reads zeros where ``resting``."""
        self.readout.fill(sensordata, out, ops)
        base = self._bases.get(ops)
        if base is None:
            base = self._bases[ops] = ops.object_column(self.group_base)
        lidar_into(ops, out, self.lidar_start, agent_pos, agent_mat, objects, base,
                   self.lidar_width, self.bins, self.max_dist)
        # a bool (one world) or bools (N,) select the rows; one world with active buttons skips
        # numpy's slow indexing by a bool
        if self.blank is not None and resting is not False:
            out[resting, self.blank] = 0.0
        return out


class OneWorldObserver:
    """:meth:`NavObserver.observe` of one world on Python floats, bound to its arrays
    (``sensordata`` and ``out``, 1-D, the same objects at every call: the single env's
    ``MjData`` and observation): ``observer(agent_pos, agent_mat, objects, resting)`` fills
    ``out``; the slices and the lidar's constants are worked out once."""

    __slots__ = ("_fill", "_lidar", "_out", "_start", "_width", "_base", "_bins", "_max_dist",
                 "_hypot", "_blank")

    def __init__(self, observer: NavObserver, sensordata: np.ndarray, out: np.ndarray) -> None:
        self._fill = observer.readout.bind(sensordata, out)
        self._lidar, self._out = one_world_lidar_into(), out
        self._start, self._width = observer.lidar_start, observer.lidar_width
        self._base, self._bins = observer.group_base, observer.bins
        self._max_dist, self._hypot = observer.max_dist, SCALAR.hypot
        self._blank = observer.blank

    def __call__(self, agent_pos, agent_mat, objects, resting: bool) -> None:
        self._fill()
        self._lidar(self._out, self._start, self._width, agent_pos, agent_mat, objects,
                    self._base, self._bins, self._max_dist, self._hypot)
        if resting and self._blank is not None:
            self._out[self._blank] = 0.0


def rows_getter(ids: list[int]):
    """``xp -> (xp[i] for i in ids)`` as a tuple, picklable, one C call where it can be:
    ``operator.itemgetter`` for two ids or more (it gives a tuple), :class:`_OneRow` for one,
    an empty tuple for none."""
    if len(ids) > 1:
        return operator.itemgetter(*ids)
    return _OneRow(ids[0]) if ids else _NoRows()


class _OneRow:
    """``xp -> (xp[i],)`` (``itemgetter(i)`` would give the row itself, not a tuple)."""

    def __init__(self, i: int) -> None:
        self.i = i

    def __call__(self, xp) -> tuple:
        return (xp[self.i],)


class _NoRows:
    """``xp -> ()``: a level without sensed objects."""

    def __call__(self, xp) -> tuple:
        return ()


class NavPicturesMixin:
    """The single env's vision frame (Vision ids) and decorations (lidar rings, cost sphere).
    A mixin so that the step pays one method call; it reads the env's ``level``, ``data``,
    ``vision``, ``_render``, ``_obs`` (the flat observation) and ``_last_cost``."""

    # set by the env that mixes this in (NavigationEnv)
    runtime: Any
    data: Any
    vision: bool
    _render: Any
    _obs: np.ndarray
    _last_cost: float

    def _init_pictures(self) -> None:
        self._last_obs = None
        self._vision_cam = self.runtime.handles.camera_ids["vision"]

    def _with_vision(self, flat: np.ndarray):
        """The observation handed out: a copy of the flat vector, or (Vision ids) the dict of
        its keys plus the camera image."""
        if not self.vision:
            return flat.copy()
        out = self.runtime.obs_layout.split(flat)
        out["vision"] = self._render.vision(self.data, self._vision_cam, self._decorate_ring)
        self._last_obs = out
        return out

    def _last_obs_copy(self):
        if not self.vision:
            return self._obs.copy()
        return {k: v.copy() for k, v in self._last_obs.items()}

    def _decorate(self, scene: mujoco.MjvScene, cost_sphere: bool = True) -> None:
        lv = self.runtime
        h, a, o = lv.handles, lv.handles.agent_body, lv.observer
        readings = self._obs[o.lidar_start:].reshape(len(h.lidar_keys), o.bins)
        cost = self._last_cost if cost_sphere else 0.0
        decor.decorate(scene, self.data.xpos[a], self.data.xmat[a].reshape(3, 3), readings,
                       h.lidar_keys, h.ring_slots, cost)

    def _decorate_ring(self, scene: mujoco.MjvScene) -> None:
        self._decorate(scene, cost_sphere=False)
