"""What the navigation envs ask of the simulator: the rules that read physical facts from a
state, written once for one world and for N (:func:`agent_velocity`, :func:`reset_by_mujoco`,
the gremlins' :meth:`~safety_sim.navigation.objects.Gremlins.ghost_position`), and
:class:`NavPhysics`, one world's stepping (the batch's is :mod:`safety_sim.navigation.worlds`)
and read-out of those facts (contact sensors, watched bodies' velocities).
"""
from __future__ import annotations

import functools

import mujoco
import numpy as np

from safety_sim import ops as _ops
from safety_sim.navigation import config as nc
from safety_sim.navigation import handles as hd
from safety_sim.navigation import objects as no
from safety_sim.navigation.scene import Stepper
from safety_sim.ops import Ops

BAD_STATE = (mujoco.mjtWarning.mjWARN_BADQACC, mujoco.mjtWarning.mjWARN_BADQPOS,
             mujoco.mjtWarning.mjWARN_BADQVEL)


def reset_by_mujoco(ops: Ops, time_before, time_after, nsub: int, dt: float):
    """True where MuJoCo reset the simulation during ``nsub`` substeps (its answer to a state
    gone bad: NaN or huge values): the time did not advance by ``nsub * dt`` (a NaN time
    counts as reset)."""
    return ops.logical_not(abs(time_after - (time_before + nsub * dt)) <= 0.5 * dt)


def origin_velocity(ops: Ops, cvel, xpos, com) -> tuple:
    """World-frame velocity ``(vx, vy, vz)`` of a body's frame origin as ``mj_objectVelocity``
    computes it (docs/spec/navigation.md §8.2): ``cvel``'s linear part moved from the subtree
    centre of mass ``com`` to ``xpos`` (``v - (xpos - com) x w``), MuJoCo's operations in its
    order. ``cvel`` is (wx, wy, wz, vx, vy, vz) and positions (x, y, z), coordinate first."""
    wx, wy, wz = cvel[0], cvel[1], cvel[2]
    dx, dy, dz = xpos[0] - com[0], xpos[1] - com[1], xpos[2] - com[2]
    return (cvel[3] - (dy * wz - dz * wy), cvel[4] - (dz * wx - dx * wz),
            cvel[5] - (dx * wy - dy * wx))


def agent_velocity(ops: Ops, cvel, xpos, com) -> tuple:
    """The XY part of :func:`origin_velocity` (Circle's reward)."""
    return origin_velocity(ops, cvel, xpos, com)[:2]


_POSITIVE = (0.0).__lt__     # v > 0.0 for a float v, as a C call (the contact sensors)


def touched(sensordata, start: int, stop: int) -> list[bool]:
    """Whether each contact sensor of ``sensordata[start:stop]`` (one world's row) found a
    contact: its count above 0."""
    return list(map(_POSITIVE, sensordata[start:stop].tolist()))

class NavPhysics:
    """Stepping and physical facts of one compiled navigation world."""

    def __init__(self, model: mujoco.MjModel, data: mujoco.MjData, config: nc.NavConfig,
                 handles: hd.NavHandles) -> None:
        self.model, self.data, self.handles = model, data, handles
        self.stepper = Stepper(model, data)
        gremlins = config.find(no.Gremlins)
        self._travel = gremlins.travel if gremlins is not None else 0.0
        self._ghosts = handles.gremlin_mocap
        self._all_mocaps = np.array_equal(self._ghosts, np.arange(model.nmocap))
        # contact sensors: kind prefix -> slice of sensordata (consecutive per kind)
        self._contacts = [(prefix, int(adr[0]), int(adr[0]) + len(adr))
                          for prefix, adr in handles.contact_adr.items()
                          if np.array_equal(adr, np.arange(adr[0], adr[0] + len(adr)))]
        if len(self._contacts) != len(handles.contact_adr):
            raise RuntimeError("contact sensors of one kind must be consecutive")
        self._root = int(model.body_rootid[handles.agent_body])
        self.last_warning = ""
        self._bind()

    def __getstate__(self):
        state = dict(self.__dict__)
        for view in ("stepper", "_opt", "_velocities", "_sensordata"):
            state.pop(view)
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.stepper = Stepper(self.model, self.data)
        self._bind()

    def _bind(self) -> None:
        """Views into ``data`` read every step (the watched bodies' linear velocities: their
        free joints' first three dofs; a view where the bodies are consecutive)."""
        self._opt = self.model.opt
        self._sensordata = self.data.sensordata
        qvel = self.data.qvel
        self._velocities = {}
        for prefix, dofs in self.handles.velocity_dofs.items():
            if np.array_equal(dofs, dofs[0] + 6 * np.arange(len(dofs))):
                view = qvel[dofs[0]:dofs[0] + 6 * len(dofs)].reshape(len(dofs), 6)[:, :3]
            else:
                view = (dofs[:, None] + np.arange(3)).ravel()       # gathered every step
            self._velocities[prefix] = view

    def forward(self) -> None:
        self.stepper.forward()

    def advance(self, nsub: int) -> bool:
        """Run ``nsub`` substeps (moving the gremlins before each); False when MuJoCo reset the
        simulation because its state went bad."""
        d = self.data
        t0 = d.time
        if len(self._ghosts):
            self.stepper.advance_each(nsub, functools.partial(self.move_ghosts, d))
        else:
            self.stepper.advance(nsub)
        if not reset_by_mujoco(_ops.SCALAR, t0, d.time, nsub, self._opt.timestep):
            return True
        bad = [w for w in BAD_STATE if d.warning[w].number]
        self.last_warning = ", ".join(mujoco.mjtWarning(w).name for w in bad) or "time reset"
        return False

    def move_ghosts(self, data: mujoco.MjData) -> None:
        """The gremlin ghosts' positions at ``data.time`` (before a substep,
        docs/spec/navigation.md §7.5)."""
        pos = data.mocap_pos if self._all_mocaps else data.mocap_pos[self._ghosts]
        pos[:] = no.Gremlins.ghost_position(_ops.SCALAR, data.time, self._travel)
        if not self._all_mocaps:
            data.mocap_pos[self._ghosts] = pos

    @property
    def has_ghosts(self) -> bool:
        return len(self._ghosts) > 0

    # -- facts ----------------------------------------------------------------------------
    def agent_velocity(self) -> tuple[float, float]:
        """World-frame XY velocity of the agent body's frame origin (Circle's reward)."""
        d, a = self.data, self.handles.agent_body
        return agent_velocity(_ops.SCALAR, d.cvel[a].tolist(), d.xpos[a].tolist(),
                              d.subtree_com[self._root].tolist())

    def touching(self) -> dict[str, list[bool]]:
        """Kind prefix -> whether an agent geom touches each of its watched bodies."""
        sd, out = self._sensordata, {}
        for prefix, a0, a1 in self._contacts:
            out[prefix] = touched(sd, a0, a1)
        return out

    def velocities(self) -> dict[str, tuple[list[float], list[float], list[float]]]:
        """Kind prefix -> (vx, vy, vz) of each watched body's origin."""
        out = {}
        for prefix, view in self._velocities.items():
            v = view if view.ndim == 2 else self.data.qvel[view].reshape(-1, 3)
            out[prefix] = tuple(v.T.tolist())
        return out
