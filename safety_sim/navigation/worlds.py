"""The physics of N navigation worlds of one compiled model (the simulator side of
:class:`safety_sim.navigation.vector.NavigationVectorEnv`).

The batch steps copies of the level's own model
(:class:`~safety_sim.navigation.runtime.NavRuntime`:
the scene plus a contact sensor per watched body, so that contacts -- which live in MjData's
arena, out of reach of a batch -- are columns of ``sensordata``, for one world as for many).

Per-world model fields (static bodies' ``body_pos``/``body_quat``, the gremlins' welds and
ghosts, ``qpos0``) are expanded rows of the backend (:mod:`safety_sim.vector.mujoco_batch`);
the layouts are written into them by the level's own :class:`NavPlacer`, one per world,
working on a :class:`WorldModel` view (the rows of world ``i``, the shared model for the rest),
then ``set_const`` recomputes MuJoCo's ``qpos0`` constants of those worlds at once. The
physical facts read from the state are the single env's rules
(:mod:`safety_sim.navigation.physics`) on arrays over the worlds.
"""
from __future__ import annotations

import copy
from typing import Sequence

import mujoco
import numpy as np

from safety_sim import ops
from safety_sim.navigation import objects as no
from safety_sim.navigation.agents._build import VIEW_CONSTANTS
from safety_sim.navigation.layout.placement import ResetLayout
from safety_sim.navigation.physics import BAD_STATE, agent_velocity, reset_by_mujoco
from safety_sim.navigation.reset_state import settle_like_reference
from safety_sim.vector.mujoco_batch import STAGE_ACC, STAGE_NONE, check_backend_memory, open_backend

#: state and output fields the envs read every step
_BOUND = ("qpos", "qvel", "ctrl", "time", "xpos", "xmat", "sensordata", "qacc",
          "qacc_warmstart")
#: what a copy rebuilds rather than copies (see NavWorlds.__getstate__)
_LIVE = frozenset(("sim", "rows", "_view_rows", "placers", "world_models", "mocap_pos",
                   "cvel", "subtree_com") + _BOUND)
#: model fields a layout writes (``NavPlacer.write``, ``point_goal_at``, ``resample_goal``)
LAYOUT_FIELDS = ("body_pos", "body_quat", "qpos0", "qpos_spring")
GREMLIN_FIELDS = ("eq_data", "geom_pos", "geom_quat")
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
    """Worlds' data as the layout writers, the agents' rules and the reset's settling see it:
    each of ``fields`` (name -> (N, ...) array) at ``index`` -- an int (one world: its row, a
    live view) or an array of worlds (a copy, which assignment writes back)."""

    def __init__(self, fields: dict[str, np.ndarray], index) -> None:
        self.__dict__["_fields"], self.__dict__["_index"] = fields, index

    def __getattr__(self, name: str):
        try:
            return self._fields[name][self._index]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value) -> None:
        self._fields[name][self._index] = value


class NavWorlds:
    """N worlds of ``runtime`` (a :class:`~safety_sim.navigation.runtime.NavRuntime`, whose config,
    agent and handles they share) on ``threads`` threads; ``use_batch`` as
    :func:`~safety_sim.vector.mujoco_batch.open_backend`."""

    # the batch's state arrays, (N, ...) each, bound by name when the batch opens (_BOUND,
    # mocap_pos with gremlins, cvel and subtree_com where read)
    qpos: np.ndarray
    qvel: np.ndarray
    ctrl: np.ndarray
    time: np.ndarray
    xpos: np.ndarray
    xmat: np.ndarray
    sensordata: np.ndarray
    qacc: np.ndarray
    qacc_warmstart: np.ndarray
    mocap_pos: np.ndarray
    cvel: np.ndarray
    subtree_com: np.ndarray

    def __init__(self, runtime, n: int, threads: int, use_batch: bool | None) -> None:
        cfg = runtime.config
        self.runtime, self.config, self.agent_spec, self.n = runtime, cfg, runtime.agent, n
        self.model = copy.copy(runtime.model)
        self.handles = h = runtime.handles
        self.gremlins = len(h.gremlin_mocap) > 0
        self._backend = (threads, use_batch)
        self.dt = float(self.model.opt.timestep)
        # kind prefix -> (objects, 3) qvel columns of the watched bodies' linear velocities
        self._velocity_cols = {prefix: dofs[:, None] + np.arange(3)
                               for prefix, dofs in h.velocity_dofs.items()}
        if self.gremlins:
            self._travel = cfg.find(no.Gremlins).travel
            # row k: the ghost position at substep time k once per gremlin mocap, (ghosts, 3)
            ghosts = len(h.gremlin_mocap)
            self._ghost_table, self._ghost_times = np.zeros((0, ghosts, 3)), np.zeros(0)
            # the control is the ghost rows alone when the gremlins are the mocaps, in order
            self._ghosts_only = np.array_equal(h.gremlin_mocap,
                                               np.arange(self.model.nmocap))
        self._root = int(self.model.body_rootid[h.agent_body])
        self.last_warning = [""] * n
        self._open()

    @staticmethod
    def check_size(runtime, n: int, use_batch: bool | None) -> None:
        """MemoryError, before anything is allocated, where ``n`` worlds of the level
        ``runtime`` do not fit (:func:`~safety_sim.vector.mujoco_batch.check_memory`)."""
        check_backend_memory(runtime.model, n, use_batch, runtime.name, _persistent(runtime))

    def _open(self) -> None:
        """The backend and the arrays bound to it (state fields are live views of its rows;
        model fields with a value per world are its expanded rows)."""
        threads, use_batch = self._backend
        self.sim = sim = open_backend(self.model, self.n, threads, use_batch,
                                      self.runtime.name, persistent=_persistent(self.runtime))
        for name in _BOUND + (("mocap_pos",) if self.gremlins else ()) + \
                (("cvel", "subtree_com") if self.config.reward.reads_velocity else ()):
            setattr(self, name, sim.bind(name))
        fields = LAYOUT_FIELDS + (GREMLIN_FIELDS if self.gremlins else ())
        self.rows = {name: sim.expand(name) for name in fields}
        self._view_rows = {name: sim.expand(name) for name in VIEW_CONSTANTS}
        self.placers = [self.runtime.placer(WorldModel(self.model, self.rows, i))
                        for i in range(self.n)]
        self.world_models = [p.model for p in self.placers]

    # -- copies -----------------------------------------------------------------------------------
    def __getstate__(self) -> dict:
        """The worlds as values: every world's state row and per-world model rows (the backend
        and its views are rebuilt from them: a copy continues exactly as the original)."""
        keep = {k: v for k, v in self.__dict__.items() if k not in _LIVE}
        keep["_saved"] = (self.sim.state.copy(),
                          {k: v.copy() for k, v in self.rows.items()},
                          {k: v.copy() for k, v in self._view_rows.items()})
        return keep

    def __setstate__(self, state: dict) -> None:
        saved_state, rows, view_rows = state.pop("_saved")
        self.__dict__.update(state)
        self._open()
        for name, values in rows.items():
            self.rows[name][...] = values
        self.sim.set_const(None)          # the constants of every world's qpos0
        for name, values in view_rows.items():
            self._view_rows[name][...] = values
        self.sim.state[...] = saved_state
        self.sim.forward(None)            # the outputs (positions, sensors) of that state

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
        """The single env's ``settle_like_reference`` for the worlds ``ids`` at once."""
        state = WorldData({"qpos": self.qpos, "qacc": self.qacc,
                           "qacc_warmstart": self.qacc_warmstart}, ids)
        settle_like_reference(self.model, state, lambda: self.sim.forward(ids),
                              self.runtime.reference_passes)

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
        reset = reset_by_mujoco(ops.NUMPY, t0, self.time[sel], nsub, self.dt)
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
        # (worlds, nsub, ghosts, 3); np.take copies rows far faster than fancy indexing
        ghost = np.take(self._ghost_table, k0[:, None] + np.arange(nsub), axis=0)
        for j in np.flatnonzero(self._ghost_times[k0] != t):
            tau = float(t[j])
            for k in range(nsub):
                ghost[j, k] = no.Gremlins.ghost_position(ops.SCALAR, tau, self._travel)
                tau = tau + self.dt
        if self._ghosts_only:
            control = ghost
        else:
            control = np.repeat(self.mocap_pos[sel][:, None], nsub, axis=1)
            control[:, :, self.handles.gremlin_mocap] = ghost
        n = len(t)
        self.sim.rollout(nsub, control.reshape(n, nsub, -1), control_spec=_MOCAP_POS,
                         record=(_TIME,), ids=ids, out={_TIME: np.empty((n, nsub, 1))})
        self.sim.forward(ids)

    def _extend_ghost_table(self, size: int) -> None:
        size = max(size, 2 * len(self._ghost_table), 1024)
        times, t = [], 0.0
        for _ in range(size):
            times.append(t)
            t = t + self.dt         # MuJoCo's own ``time += timestep`` (not k * dt: other bits)
        self._ghost_times = np.array(times)
        gx, gy, gz = no.Gremlins.ghost_position(ops.NUMPY, self._ghost_times, self._travel)
        rows = np.stack([gx, gy, np.full_like(gx, gz)], axis=1)
        self._ghost_table = np.repeat(rows[:, None], self._ghost_table.shape[1], axis=1)

    # -- state facts ------------------------------------------------------------------------------
    def touching(self) -> dict[str, np.ndarray]:
        """Kind prefix -> (objects, N) bool: an agent geom touches that object."""
        sd = self.sensordata
        return {prefix: sd[:, adr].T > 0 for prefix, adr in self.handles.contact_adr.items()}

    def velocities(self) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Kind prefix -> (vx, vy, vz), each (objects, N): the watched bodies' velocities."""
        out = {}
        for prefix, cols in self._velocity_cols.items():
            v = self.qvel[:, cols]
            out[prefix] = (v[..., 0].T, v[..., 1].T, v[..., 2].T)
        return out

    def agent_velocity(self) -> tuple[np.ndarray, np.ndarray]:
        """World-frame XY velocity of the agent's frame origin in every world."""
        a = self.handles.agent_body
        return agent_velocity(ops.NUMPY, self.cvel[:, a].T, self.xpos[:, a].T,
                              self.subtree_com[:, self._root].T)


def _persistent(runtime) -> bool:
    """Whether the batch keeps one MjData per world (a step then continues from the previous
    closing forward): yes, except on gremlin levels, whose rollout calls run faster on shared
    MjData."""
    return len(runtime.handles.gremlin_mocap) == 0
