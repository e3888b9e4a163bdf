"""The physics of N navigation worlds on MuJoCo Warp (MJWarp), with torch views of its arrays.

One compiled level (:class:`~safety_sim.navigation.runtime.NavRuntime`: the single env's scene
plus a contact sensor per watched body) is put on the device once; the model fields a layout
writes (:data:`~safety_sim.navigation.worlds.LAYOUT_FIELDS`, the gremlins' welds and ghosts)
and those MJWarp's ``set_const`` recomputes from them get one row per world. A step is 10
substeps (the gremlin ghosts moved before each, from the single-source
:meth:`~safety_sim.navigation.objects.Gremlins.ghost_position`) and a closing ``forward``,
captured once as a CUDA graph on a GPU. Everything here stays on the device; the arrays are
read through zero-copy torch views (float32, MJWarp's precision).
"""
from __future__ import annotations

import math
from typing import Any

import mujoco
import numpy as np

from safety_sim.array_ops import ArrayOps
from safety_sim.core import check_int
from safety_sim.navigation import config as nc
from safety_sim.navigation import objects as no
from safety_sim.navigation.worlds import GREMLIN_FIELDS, LAYOUT_FIELDS

#: model fields MJWarp's set_const (KIN0 | INERT0) writes per world
CONST_FIELDS = ("body_invweight0", "dof_invweight0", "actuator_acc0")
#: MuJoCo's bound on a sane state (mjMAXVAL): beyond it, or NaN, a world is unstable
MAX_VALUE = 1e10
#: default buffers over the measured peaks (buffer_table.py: random actions; a policy may
#: crowd objects more): this factor, rounded up (njmax to 16 rows, nconmax to 8, at least 16)
MARGIN = 1.5
_STATE = ("qpos", "qvel", "qacc", "qacc_warmstart", "ctrl", "time", "xpos", "xmat",
          "sensordata", "mocap_pos", "cvel", "subtree_com", "overflow")


def put_model_checked(mjw, model: mujoco.MjModel, name: str, **kwargs):
    """``mjw.put_model``; a feature MJWarp lacks (collision pair, sensor, option) raises
    NotImplementedError naming the id and the feature -- never a fallback to other physics."""
    try:
        return mjw.put_model(model, **kwargs)
    except NotImplementedError as exc:
        raise NotImplementedError(f"{name}: MuJoCo Warp does not support a feature of this "
                                  f"level's model: {exc}") from None


def default_buffers(runtime) -> tuple[int, int]:
    """``(njmax, nconmax)`` per world for the level ``runtime``: :data:`MARGIN` over its
    measured peaks (:mod:`safety_sim.gpu.buffer_table`); a level not measured (a user's
    ``config``) gets its agent's largest peaks over the registered levels."""
    from safety_sim.gpu.buffer_table import PEAKS

    peak = PEAKS.get(runtime.name)
    if peak is None:
        mine = [v for k, v in PEAKS.items() if k.startswith(f"Safety{runtime.agent.name}")]
        peak = (max(v[0] for v in mine), max(v[1] for v in mine))
    ncon, nefc = peak
    return 16 * math.ceil(MARGIN * nefc / 16), max(16, 8 * math.ceil(MARGIN * ncon / 8))


def buffers(runtime, njmax, nconmax, name: str) -> tuple[int, int]:
    """``(njmax, nconmax)`` per world: the caller's (ints >= 1; TypeError/ValueError naming
    them) or, for None, :func:`default_buffers` of the level."""
    default = default_buffers(runtime)
    return (default[0] if njmax is None else check_int(njmax, "njmax", name, low=1),
            default[1] if nconmax is None else check_int(nconmax, "nconmax", name, low=1))


class WarpWorlds:
    """N worlds of ``runtime`` on the Warp device ``warp_device`` (torch views on
    ``torch_device``); ``njmax``/``nconmax``: per-world constraint and contact buffers (None:
    :func:`default_buffers` of the level)."""

    # torch views of the Warp data's state arrays, bound by name (_STATE); torch is untyped here
    qpos: Any
    qvel: Any
    qacc: Any
    qacc_warmstart: Any
    ctrl: Any
    time: Any
    xpos: Any
    xmat: Any
    sensordata: Any
    mocap_pos: Any
    cvel: Any
    subtree_com: Any
    overflow: Any

    def __init__(self, runtime, n: int, mods, warp_device: str, torch_device, *, name: str,
                 njmax: int | None = None, nconmax: int | None = None) -> None:
        self.mods, self.n, self.name = mods, n, name
        wp, mjw, torch = mods.wp, mods.mjw, mods.torch
        self.runtime, self.handles = runtime, runtime.handles
        model = runtime.model
        self.gremlins = len(self.handles.gremlin_mocap) > 0
        self.row_fields = LAYOUT_FIELDS + (GREMLIN_FIELDS if self.gremlins else ())
        self.njmax, self.nconmax = buffers(runtime, njmax, nconmax, name)
        self.dt = float(model.opt.timestep)
        self.device, self.torch_device = warp_device, torch_device
        self.cuda = torch_device.type == "cuda"
        self.stream = torch.cuda.Stream(torch_device) if self.cuda else None
        batch = {f: n for f in self.row_fields + CONST_FIELDS}
        data = mujoco.MjData(model)     # no contacts yet: every world is reset before use
        with self.scope():
            self.mx = put_model_checked(mjw, model, name, batch_sizes=batch)
            self.mx.opt.warn_overflow = 0     # no kernel prints: the env names the worlds
            self.dx = mjw.put_data(model, data, nworld=n, nconmax=self.nconmax,
                                   njmax=self.njmax)
        self._buffer_bits = int(mjw.OverflowType.ALL & ~(mjw.OverflowType.ITERATIONS
                                                         | mjw.OverflowType.LS_ITERATIONS))
        self.rows = {f: wp.to_torch(getattr(self.mx, f)) for f in self.row_fields}
        for f in _STATE:
            if f != "mocap_pos" or model.nmocap:
                setattr(self, f, wp.to_torch(getattr(self.dx, f)))
        self.xmat9 = self.xmat.reshape(n, model.nbody, 9)
        self._root = int(model.body_rootid[self.handles.agent_body])
        self._graph = None
        if self.gremlins:
            self._ops = ArrayOps(mods.xpc.array_namespace(torch.zeros(1)), device=torch_device)
            self._travel = runtime.config.find(no.Gremlins).travel
            self._ghosts_wp = wp.zeros((nc.SUBSTEPS, n, model.nmocap), dtype=wp.vec3,
                                       device=warp_device)
            self._ghosts = wp.to_torch(self._ghosts_wp)
            self._ghost_cols = torch.as_tensor(self.handles.gremlin_mocap,
                                               device=torch_device)
            # every world's simulation time in float64, advanced as MuJoCo C advances
            # ``time`` (one ``+= timestep`` per substep): the ghosts' positions are those of
            # the CPU envs' times, not of MJWarp's float32 ``time``
            self.clock = torch.zeros(n, dtype=torch.float64, device=torch_device)

    # -- device scope ------------------------------------------------------------------------
    def scope(self):
        """Warp's device (and on a GPU the env's own stream, shared with torch, so that
        torch's reads and MJWarp's kernels run in order and the step can be a CUDA graph)."""
        return _Scope(self)

    # -- resets ---------------------------------------------------------------------------------
    def reset_worlds(self, mask, ids, rows: dict, qpos) -> None:
        """Reset the worlds ``ids`` (``mask``: the same as a device bool (N,)): their model
        rows (``rows``: field -> (k, ...) host arrays of the layout) and ``qpos``, MJWarp's
        ``reset_data`` of those worlds, ``set_const`` (every world's constants are recomputed
        from its own rows: unchanged for the others), ``forward``, then the reference's warm
        start (``qacc_warmstart`` = the reset pass's ``qacc``, reset_state.py)."""
        wp, mjw, torch = self.mods.wp, self.mods.mjw, self.mods.torch
        idx = torch.as_tensor(ids, device=self.torch_device)
        with self.scope():
            for f, values in rows.items():     # (MJWarp may pad the last axis: eq_data)
                values = torch.as_tensor(values, dtype=torch.float32).to(self.torch_device)
                self.rows[f][idx, ..., :values.shape[-1]] = values
            mjw.reset_data(self.mx, self.dx, reset=wp.from_torch(mask))
            self.qpos[idx] = torch.as_tensor(qpos, dtype=torch.float32).to(self.torch_device)
            mjw.set_const(self.mx, self.dx, groups=mjw.SetConstGroup.KIN0
                          | mjw.SetConstGroup.INERT0)
            mjw.forward(self.mx, self.dx)
            self.qacc_warmstart[idx] = self.qacc[idx]
            if self.gremlins:
                self.clock[idx] = 0.0

    def reset_unstable(self, mask) -> None:
        """MuJoCo's answer to a bad state, for the worlds of ``mask``: their data reset (the
        layout's reference pose ``qpos0``, time 0), then ``forward``."""
        with self.scope():
            self.mods.mjw.reset_data(self.mx, self.dx, reset=self.mods.wp.from_torch(mask))
            self.mods.mjw.forward(self.mx, self.dx)
            if self.gremlins:
                self.clock.masked_fill_(mask, 0.0)

    def move_goal(self, ids, body_pos, body: int | None = None) -> None:
        """The goal body's (or ``body``'s: MultiGoal's two goals) new position in the worlds
        ``ids`` (a goal event): its model row and, as the goal is a static child of the world,
        its ``xpos`` (what ``forward`` would give; nothing else of the state depends on it)."""
        torch = self.mods.torch
        g = self.handles.goal_body if body is None else body
        idx = torch.as_tensor(ids, device=self.torch_device)
        pos = torch.as_tensor(body_pos, dtype=torch.float32).to(self.torch_device)
        with self.scope():
            self.rows["body_pos"][idx, g] = pos
            self.xpos[idx, g] = pos

    # -- steps ----------------------------------------------------------------------------------
    def write_ctrl(self, actions) -> None:
        """Actions (N, nu) on the device into ``ctrl``, clipped to the actuators' control
        range where it is narrower than the action space (as ``NavRuntime.write_ctrl``)."""
        clip = self.runtime.ctrl_clip
        with self.scope():
            if clip is not None:
                torch = self.mods.torch
                low, high = (torch.as_tensor(c, device=self.torch_device) for c in clip)
                actions = torch.clamp(actions, low, high)
            self.ctrl.copy_(actions)

    def advance(self) -> None:
        """10 substeps of every world, the gremlins' ghosts moved before each, then
        ``forward`` (one CUDA graph on a GPU)."""
        with self.scope():
            self.overflow.zero_()
            if self.gremlins:
                self._ghost_table()
            if not self.cuda:
                self._substeps()
                return
            if self._graph is None:
                wp = self.mods.wp
                self._substeps()            # loads every kernel before the capture
                with wp.ScopedCapture(device=self.device) as capture:
                    self._substeps()
                self._graph = capture.graph
                return
            self.mods.wp.capture_launch(self._graph)

    def _substeps(self) -> None:
        wp, mjw = self.mods.wp, self.mods.mjw
        for k in range(nc.SUBSTEPS):
            if self.gremlins:
                wp.copy(self.dx.mocap_pos, self._ghosts_wp[k])
            mjw.step(self.mx, self.dx)
        mjw.forward(self.mx, self.dx)

    def _ghost_table(self) -> None:
        """The ghosts' positions before each substep of this step, from every world's float64
        time (the rule of :class:`~safety_sim.navigation.objects.Gremlins`), and the clock
        advanced by the step's substeps."""
        torch = self.mods.torch
        table = self._ghosts
        table.copy_(self.mocap_pos.unsqueeze(0).expand_as(table))
        tau = self.clock
        for k in range(nc.SUBSTEPS):
            gx, gy, gz = no.Gremlins.ghost_position(self._ops, tau, self._travel)
            ghost = torch.stack([gx, gy, torch.full_like(gx, gz)], dim=-1).to(torch.float32)
            table[k][:, self._ghost_cols] = ghost[:, None, :]
            tau = tau + self.dt
        self.clock = tau

    # -- reads ----------------------------------------------------------------------------------
    def bad_state(self):
        """(N,) bool: NaN/inf or beyond :data:`MAX_VALUE` in ``qpos``, ``qvel`` or ``qacc``
        (MuJoCo's bad-state test)."""
        torch = self.mods.torch
        bad = torch.zeros(self.n, dtype=torch.bool, device=self.torch_device)
        for field in (self.qpos, self.qvel, self.qacc):
            bad |= ~(field.abs() <= MAX_VALUE).all(dim=1)
        return bad

    def overflowed(self):
        """(N,) bool: MJWarp ran out of a buffer (njmax, nconmax, ...) in that world. The
        solver's iteration limits (MJWarp reports them in the same bit mask) are no overflow:
        MuJoCo C stops at them too, silently."""
        return (self.overflow & self._buffer_bits) != 0

    def overflow_texts(self, ids) -> list[str]:
        """What overflowed in each world of ``ids`` (read before their physics is reset)."""
        torch = self.mods.torch
        codes = (self.overflow[torch.as_tensor(ids, device=self.torch_device)]
                 & self._buffer_bits).cpu().numpy()
        return [f"{self.mods.mjw.OverflowType(int(c))!r} (njmax={self.njmax}, nconmax="
                f"{self.nconmax} per world; raise them with njmax=/nconmax=)" for c in codes]

    def explain_unstable(self, ids: np.ndarray, overflowed: np.ndarray) -> list[str]:
        """What went wrong in each of the first 8 worlds of ``ids`` (``overflowed``: host bools
        (N,), a buffer overflow; else a bad state), read before their physics is reset; then
        MuJoCo's answer, which MJWarp does not give by itself: those worlds' data reset."""
        named = ids[:8]
        texts = self.overflow_texts(named)
        mask = np.zeros(self.n, dtype=bool)
        mask[ids] = True
        self.reset_unstable(self.mods.torch.as_tensor(mask).to(self.torch_device))
        return [text if overflowed[i] else "NaN or huge qpos/qvel/qacc"
                for i, text in zip(named, texts)]

    def agent_velocity_args(self):
        """``cvel``, ``xpos`` and subtree ``com`` of the agent, coordinate first, float64."""
        torch, a = self.mods.torch, self.handles.agent_body
        return (self.cvel[:, a].T.to(torch.float64), self.xpos[:, a].T.to(torch.float64),
                self.subtree_com[:, self._root].T.to(torch.float64))


class _Scope:
    def __init__(self, worlds: WarpWorlds) -> None:
        self.w = worlds
        self._stack: list = []

    def __enter__(self):
        w, wp, torch = self.w, self.w.mods.wp, self.w.mods.torch
        self._stack = [wp.ScopedDevice(w.device)]
        if w.cuda:
            self._stack += [torch.cuda.stream(w.stream),
                            wp.ScopedStream(wp.stream_from_torch(w.stream))]
        for ctx in self._stack:
            ctx.__enter__()
        return self

    def __exit__(self, *exc):
        for ctx in reversed(self._stack):
            ctx.__exit__(*exc)
        return False


def host_rows(model: mujoco.MjModel, fields, n: int) -> dict[str, np.ndarray]:
    """Host copies (float64) of the per-world model rows, every world at the compiled values."""
    return {f: np.repeat(np.asarray(getattr(model, f))[None], n, axis=0) for f in fields}
