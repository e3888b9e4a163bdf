"""The physics of N navigation worlds of one compiled model (the simulator side of
:class:`safety_sim.navigation.vector.NavigationVectorEnv`).

One model is compiled for the batch: the single env's scene plus one MuJoCo contact sensor
(``data="found"``) per watched body (pillars, vases, gremlins, buttons) between the agent's
subtree and that body, so that contacts -- which live in MjData's arena, out of reach of a
batch -- become a column of ``sensordata``. Sensors do not act on the physics: every other
number equals the single env's model.

Per-world model fields (static bodies' ``body_pos``/``body_quat``, the gremlins' welds and
ghosts, ``qpos0``) are expanded rows of the backend (:mod:`safety_sim.vector.mujoco_batch`);
the layouts are written into them by the single env's own :class:`NavPlacer`, one per world,
working on a :class:`WorldModel` view (the rows of world ``i``, the shared model for the rest),
then ``set_const`` recomputes MuJoCo's ``qpos0`` constants of those worlds at once.
"""
from __future__ import annotations

import math
from typing import Sequence

import mujoco
import numpy as np

from safety_sim.navigation import config as nc
from safety_sim.navigation.layout.placer import NavPlacer
from safety_sim.navigation.physics import BAD_STATE, CONTACT_LABELS
from safety_sim.navigation import handles as hd
from safety_sim.navigation import objects as no
from safety_sim.navigation.agents._build import VIEW_CONSTANTS
from safety_sim.navigation.layout.placement import ResetLayout
from safety_sim.navigation.reset_state import free_quat_columns, reference_forwards, renormalised
from safety_sim.navigation.scene import CAMERA_ORDER, build_spec
from safety_sim.vector.mujoco_batch import STAGE_ACC, STAGE_NONE, open_backend

#: model fields a layout writes (``NavPlacer.write``, ``point_goal_at``, ``resample_goal``)
LAYOUT_FIELDS = ("body_pos", "body_quat", "qpos0", "qpos_spring")
GREMLIN_FIELDS = ("eq_data", "geom_pos", "geom_quat")
_CONTACT_SENSOR = "vector_contact_"
_MOCAP_POS = int(mujoco.mjtState.mjSTATE_MOCAP_POS)
_TIME = int(mujoco.mjtState.mjSTATE_TIME)


class WorldModel:
    """World ``i``'s model as :class:`NavPlacer` and the agents' ``place``/``reset_joints``
    see it: the per-world fields are world ``i``'s rows (writes go to the batch), every other
    attribute is the shared compiled model's."""

    def __init__(self, model: mujoco.MjModel, rows: dict[str, np.ndarray], i: int) -> None:
        self.__dict__["_model"] = model
        for name, values in rows.items():
            self.__dict__[name] = values[i]

    def __getattr__(self, name: str):
        return getattr(self._model, name)


class WorldData:
    """World ``i``'s data as the layout writers and the agents' rules see it: each of
    ``fields`` (name -> (N, ...) array) as world ``i``'s row (a live view)."""

    def __init__(self, fields: dict[str, np.ndarray], i: int) -> None:
        for name, values in fields.items():
            setattr(self, name, values[i])


def watched_bodies(model: mujoco.MjModel, handles: hd.NavHandles) -> list[tuple[str, int]]:
    """(body name, contact code) of every placed body whose geoms the touch table watches
    against the agent's geoms (codes as in :mod:`safety_sim.navigation.handles`; a watched geom's
    row holds its code in the agent's columns and zeros elsewhere)."""
    out = []
    for body in sorted(set(handles.body_of.values())):
        code = int(handles.touch[model.geom_bodyid == body].max(initial=0))
        if code > 0:
            out.append((model.body(body).name, code))
    return out


def compile_batch_model(agent_spec, config: nc.NavConfig, watched: Sequence[str],
                        width: int, height: int) -> mujoco.MjModel:
    """The single env's scene plus a contact sensor per watched body (agent subtree vs body)."""
    spec = build_spec(agent_spec, config, offwidth=width, offheight=height)
    for body in watched:
        sensor = spec.add_sensor(name=_CONTACT_SENSOR + body,
                                 type=mujoco.mjtSensor.mjSENS_CONTACT,
                                 objtype=mujoco.mjtObj.mjOBJ_XBODY, objname="agent",
                                 reftype=mujoco.mjtObj.mjOBJ_BODY, refname=body)
        sensor.intprm[:3] = [1 << int(mujoco.mjtConDataField.mjCONDATA_FOUND), 0, 1]
    model = spec.compile()
    names = tuple(model.camera(i).name for i in range(model.ncam))
    if names != CAMERA_ORDER:
        raise RuntimeError(f"camera order {names}, expected {CAMERA_ORDER}")
    return model


class NavWorlds:
    """N worlds of ``single``'s level (a :class:`NavigationEnv`, whose config, agent and
    handles they share) on ``threads`` threads; ``use_batch`` as
    :func:`~safety_sim.vector.mujoco_batch.open_backend`."""

    def __init__(self, single, n: int, threads: int, use_batch: bool | None,
                 width: int, height: int) -> None:
        cfg, h1 = single.config, single.handles
        self.config, self.agent_spec, self.n = cfg, single.agent_spec, n
        watched = watched_bodies(single.model, h1)
        self.model = compile_batch_model(single.agent_spec, cfg, [b for b, _ in watched],
                                         width, height)
        self.handles = h = hd.NavHandles.resolve(self.model, cfg)
        self.gremlins = len(h.gremlin_mocap) > 0
        # one MjData per world, so that a step continues from the previous closing forward,
        # except for gremlin levels, whose rollout calls run faster on shared MjData
        self.sim = sim = open_backend(self.model, n, threads, use_batch, single.name,
                                      persistent=not self.gremlins)
        self.dt = float(self.model.opt.timestep)
        for name in ("qpos", "qvel", "ctrl", "time", "xpos", "xmat", "sensordata", "qacc",
                     "qacc_warmstart"):
            setattr(self, name, sim.bind(name))
        self._quat_cols = free_quat_columns(self.model)
        self._passes = reference_forwards(cfg.reward.goal_event)
        fields = LAYOUT_FIELDS + (GREMLIN_FIELDS if self.gremlins else ())
        self.rows = {name: sim.expand(name) for name in fields}
        self._view_rows = {name: sim.expand(name) for name in VIEW_CONSTANTS}
        self.placers = [NavPlacer(WorldModel(self.model, self.rows, i), cfg, self.agent_spec, h,
                                  single.name) for i in range(n)]
        self.world_models = [p.model for p in self.placers]
        self.contact_adr = np.array([self.model.sensor(_CONTACT_SENSOR + b).adr[0]
                                     for b, _ in watched], dtype=np.intp)
        self.contact_code = np.array([c for _, c in watched], dtype=np.int64)
        self._vase_dofs = h.vase_dofs
        if self.gremlins:
            self.mocap_pos = sim.bind("mocap_pos")
            self._travel = cfg.find(no.Gremlins).travel
            self._ghost_table, self._ghost_times = np.zeros((0, 3)), np.zeros(0)
        if isinstance(cfg.reward, nc.CircleReward):
            self.cvel, self.subtree_com = sim.bind("cvel"), sim.bind("subtree_com")
        self.last_warning = [""] * n

    # -- resets ---------------------------------------------------------------------------------
    def write_layouts(self, ids: np.ndarray, layouts: Sequence[ResetLayout],
                      streams: Sequence[np.random.RandomState]) -> None:
        """The single env's reset after its draw, for the worlds ``ids``: reset data, write
        each layout, ``mj_setConst`` (camera and light placements kept as compiled), the
        agent's joint noise from the world's stream, ``mj_forward``. A further per-world step
        of the single env's reset (e.g. its solver state, ``qacc_warmstart``, a state field
        of the rows: ``sim.bind("qacc_warmstart")[i]``) goes in the same place of this
        sequence, on ``WorldData`` views of the rows."""
        sim, ids = self.sim, np.asarray(ids)
        sim.reset(ids, stage=STAGE_NONE)
        for i, layout in zip(ids, layouts):
            self.placers[i].write(WorldData({"qpos": self.qpos}, i), layout, constants=False)
        qpos = self.qpos[ids].copy()   # mj_setConst uses the data as scratch
        sim.set_const(ids)
        self.qpos[ids] = qpos
        for name, rows in self._view_rows.items():
            rows[ids] = getattr(self.model, name)
        if self.agent_spec.reset_joints is not None:
            for i, rs in zip(ids, streams):
                self.agent_spec.reset_joints(rs, self.world_models[i],
                                               WorldData({"qpos": self.qpos}, i))
        self._settle(ids)

    def _settle(self, ids: np.ndarray) -> None:
        """The single env's ``reset_state.settle_like_reference`` for the worlds ``ids``:
        the reference's quaternion rescalings around the reset's forward pass, then the
        warm start from that pass's accelerations."""
        cols = (ids[:, None], self._quat_cols.ravel()[None, :])
        shape = (len(ids), *self._quat_cols.shape)
        quat = self.qpos[cols].reshape(shape)
        for _ in range(self._passes - 1):
            quat = renormalised(quat)
        self.qpos[cols] = quat.reshape(len(ids), -1)
        self.sim.forward(ids)
        self.qpos[cols] = renormalised(self.qpos[cols].reshape(shape)).reshape(len(ids), -1)
        self.qacc_warmstart[ids] = self.qacc[ids]

    # -- steps ----------------------------------------------------------------------------------
    def advance(self, nsub: int, ids: np.ndarray | None) -> np.ndarray:
        """``nsub`` substeps of the worlds ``ids`` (None: all), the gremlins moved before each,
        then ``mj_forward``; returns, per world of the call, whether MuJoCo reset it because
        its state went bad (NaN or huge values), as the single env's ``NavPhysics.advance``."""
        if ids is not None and len(ids) == 0:   # every world resets this step
            return np.zeros(0, dtype=bool)
        sel = slice(None) if ids is None else ids
        t0 = self.time[sel].copy()
        if self.gremlins:
            self._gremlin_substeps(nsub, ids, sel)
        else:
            self.sim.step(ids, nsub, STAGE_ACC)
        reset = ~(np.abs(self.time[sel] - (t0 + nsub * self.dt)) <= 0.5 * self.dt)
        for j in np.flatnonzero(reset):
            i = int(np.arange(self.n)[sel][j])
            self.last_warning[i] = self._warning_text(i)
        return reset

    def _warning_text(self, i: int) -> str:
        """The bad-state warnings MuJoCo raised in world ``i`` (for the message)."""
        counts = np.asarray(self.sim.warning)[i, :, 1]
        bad = [w for w in BAD_STATE if counts[int(w)]]
        return ", ".join(mujoco.mjtWarning(w).name for w in bad) or "time reset"

    def _gremlin_substeps(self, nsub: int, ids, sel) -> None:
        """The substeps of a gremlin level in one ``rollout`` call whose control is the
        ghosts' ``mocap_pos`` before each substep -- ``(travel sin t, travel cos t, size)`` of
        the world's time ``t`` then, as the single env sets it -- and the closing forward.
        The times come from a table of the substep times, which every world shares from its
        reset; a time off the table (a world whose state the user wrote) is computed
        directly. ``rollout`` stops a world whose warning counters rise: the time check then
        reports it, like a world MuJoCo reset."""
        t = self.time[sel]
        k0 = np.rint(t / self.dt).astype(np.int64)
        if int(k0.max(initial=0)) + nsub > len(self._ghost_times):
            self._extend_ghost_table(int(k0.max(initial=0)) + nsub)
        k0 = np.clip(k0, 0, len(self._ghost_times) - nsub)
        ghost = self._ghost_table[k0[:, None] + np.arange(nsub)]       # (worlds, nsub, 3)
        for j in np.flatnonzero(self._ghost_times[k0] != t):
            tau = float(t[j])
            for k in range(nsub):
                ghost[j, k] = (self._travel * math.sin(tau), self._travel * math.cos(tau),
                               no.Gremlins.SIZE)
                tau = tau + self.dt
        control = np.repeat(self.mocap_pos[sel][:, None], nsub, axis=1)
        control[:, :, self.handles.gremlin_mocap] = ghost[:, :, None, :]
        n = len(t)
        self.sim.rollout(nsub, control.reshape(n, nsub, -1), control_spec=_MOCAP_POS,
                         record=(_TIME,), ids=ids, out={_TIME: np.empty((n, nsub, 1))})
        self.sim.forward(ids)

    def _extend_ghost_table(self, size: int) -> None:
        size = max(size, 2 * len(self._ghost_table), 1024)
        times, t = [], 0.0
        for _ in range(size):
            times.append(t)
            t = t + self.dt
        self._ghost_times = np.array(times)
        self._ghost_table = np.array([(self._travel * math.sin(x), self._travel * math.cos(x),
                                       no.Gremlins.SIZE) for x in times])

    # -- state facts ------------------------------------------------------------------------------
    def contacts(self) -> np.ndarray:
        """(N, watched bodies) bool: an agent geom touches that body."""
        return self.sensordata[:, self.contact_adr] > 0

    def contact_labels(self, touching: np.ndarray) -> dict[str, np.ndarray]:
        """``pillar_contact``, ``vase_contact``, ``gremlin_contact`` per world, from
        ``touching`` (:meth:`contacts`)."""
        out = {}
        for code, label in CONTACT_LABELS.items():
            cols = self.contact_code == code
            if cols.any():
                out[label] = touching[:, cols].any(axis=1)
        return out

    def button_contacts(self, touching: np.ndarray) -> np.ndarray:
        """(N, buttons) bool: an agent geom touches button j (from :meth:`contacts`)."""
        cols = self.contact_code >= hd.BUTTON_CODE
        order = np.argsort(self.contact_code[cols])
        return touching[:, cols][:, order]

    def vase_moving(self) -> np.ndarray:
        """Some vase moves faster than the speed limit (the sum as numpy sums 3 numbers)."""
        if not len(self._vase_dofs):
            return np.zeros(self.n, dtype=bool)
        v = self.qvel[:, self._vase_dofs[:, None] + np.arange(3)]
        sq = v * v
        speed = np.sqrt((sq[..., 0] + sq[..., 1]) + sq[..., 2])
        return (speed >= no.Vases.SPEED_LIMIT).any(axis=1)

    def agent_velocity(self) -> tuple[np.ndarray, np.ndarray]:
        """World-frame XY velocity of the agent body's frame origin, as ``mj_objectVelocity``
        computes it: ``cvel``'s linear part moved from the subtree centre of mass to ``xpos``
        (``v - (xpos - com) x w``, MuJoCo's operations in its order)."""
        a = self.handles.agent_body
        root = int(self.model.body_rootid[a])
        w, v = self.cvel[:, a, 0:3], self.cvel[:, a, 3:6]
        dif = self.xpos[:, a] - self.subtree_com[:, root]
        cross_x = dif[:, 1] * w[:, 2] - dif[:, 2] * w[:, 1]
        cross_y = dif[:, 2] * w[:, 0] - dif[:, 0] * w[:, 2]
        return v[:, 0] - cross_x, v[:, 1] - cross_y
