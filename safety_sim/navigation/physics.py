"""What the navigation env asks of the simulator each step (the helper of
:class:`safety_sim.navigation.env.NavigationEnv`): advancing the physics with the gremlins'
motion, noticing MuJoCo's automatic reset of an exploding simulation, and the facts the judging
reads from the state (contacts, vase motion, the agent's velocity).
"""
from __future__ import annotations

import math

import mujoco
import numpy as np

from safety_sim.navigation import config as nc
from safety_sim.navigation import handles as hd
from safety_sim.navigation import objects as no
from safety_sim.navigation.scene import Stepper
from safety_sim.numeric import sqrt_threshold

CONTACT_LABELS = {hd.PILLAR_CODE: "pillar_contact", hd.VASE_CODE: "vase_contact",
                   hd.GREMLIN_CODE: "gremlin_contact"}
_VASE_SPEED2 = sqrt_threshold(no.Vases.SPEED_LIMIT)
BAD_STATE = (mujoco.mjtWarning.mjWARN_BADQACC, mujoco.mjtWarning.mjWARN_BADQPOS,
              mujoco.mjtWarning.mjWARN_BADQVEL)


class NavPhysics:
    """Physics and state facts of one compiled navigation model."""

    def __init__(self, model: mujoco.MjModel, data: mujoco.MjData, config: nc.NavConfig,
                 handles: hd.NavHandles) -> None:
        self.model, self.data, self.handles = model, data, handles
        self.stepper = Stepper(model, data)
        gremlins = config.find(no.Gremlins)
        self._travel = gremlins.travel if gremlins is not None else 0.0
        self._ghosts = handles.gremlin_mocap
        self._all_mocaps = np.array_equal(self._ghosts, np.arange(model.nmocap))
        self.wants_velocity = isinstance(config.reward, nc.CircleReward)
        hazards = config.find(no.Hazards)
        self.hazard_names = hazards.names() if hazards is not None else ()
        self._vase_count = len(handles.vase_dofs)
        self._near: list[tuple[float, float, float]] = []   # static watched: x, y, reach^2
        self._moving = [b for b, _ in handles.moving_watched]
        self._moving_near = [(r + handles.agent_reach) ** 2 + 1e-9
                             for _, r in handles.moving_watched]
        self._vel = np.zeros(6)
        # False: nothing the agent can touch is watched and there are no vases
        self.may_touch = handles.first_watched_geom < model.ngeom or self._vase_count > 0
        self._ghosts_moving = len(self._ghosts) > 0
        self.last_warning = ""
        self._bind()

    def __getstate__(self):
        state = dict(self.__dict__)
        state.pop("stepper")
        state.pop("_opt")
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.stepper = Stepper(self.model, self.data)
        self._bind()

    def _bind(self) -> None:
        """Views into ``data`` used every step (vases' linear velocities: their free joints'
        first three dofs, the vases being consecutive bodies)."""
        self._opt = self.model.opt
        moving = self._moving
        if moving and moving == list(range(moving[0], moving[0] + len(moving))):
            self._moving_xpos = self.data.xpos[moving[0]:moving[0] + len(moving)]
        else:
            self._moving_xpos = None
        dofs = self.handles.vase_dofs
        if len(dofs) and np.array_equal(dofs, dofs[0] + 6 * np.arange(len(dofs))):
            block = self.data.qvel[dofs[0]:dofs[0] + 6 * len(dofs)]
            self._vase_v = block.reshape(len(dofs), 6)[:, :3]
        else:
            self._vase_v = None

    def forward(self) -> None:
        self.stepper.forward()

    def on_reset(self) -> None:
        """Cache what stays put during an episode (static watched bodies' positions)."""
        h, pos = self.handles, self.model.body_pos
        self._near = [(float(pos[b, 0]), float(pos[b, 1]), (radius + h.agent_reach) ** 2 + 1e-9)
                      for b, radius in h.static_watched]

    def advance(self, nsub: int) -> bool:
        """Run ``nsub`` substeps (moving the gremlins before each); False when MuJoCo reset the
        simulation because its state went bad (NaN or huge values)."""
        d, dt = self.data, self._opt.timestep
        t_end = d.time + nsub * dt
        if self._ghosts_moving:
            self.stepper.advance_each(nsub, self._move_gremlins)
        else:
            self.stepper.advance(nsub)
        if abs(d.time - t_end) <= 0.5 * dt:
            return True
        bad = [w for w in BAD_STATE if d.warning[w].number]
        self.last_warning = ", ".join(mujoco.mjtWarning(w).name for w in bad) or "time reset"
        return False

    def _move_gremlins(self) -> None:
        self.move_ghosts(self.data)

    def move_ghosts(self, data: mujoco.MjData) -> None:
        """The gremlin ghosts' positions at ``data.time`` (before a substep, §7.5)."""
        tau = data.time
        pos = data.mocap_pos if self._all_mocaps else data.mocap_pos[self._ghosts]
        pos[:] = (self._travel * math.sin(tau), self._travel * math.cos(tau), no.Gremlins.SIZE)
        if not self._all_mocaps:
            data.mocap_pos[self._ghosts] = pos

    @property
    def has_ghosts(self) -> bool:
        return len(self._ghosts) > 0

    def agent_velocity(self) -> tuple[float, float]:
        """World-frame XY velocity of the agent body's frame origin (navigation.md §8.2)."""
        mujoco.mj_objectVelocity(self.model, self.data, mujoco.mjtObj.mjOBJ_XBODY,
                                 self.handles.agent_body, self._vel, 0)
        return float(self._vel[3]), float(self._vel[4])

    def touched(self, agent_xy, goal_button: int | None, buttons_active: bool
                ) -> tuple[str, ...]:
        """Labels of the current contacts and vase motion; the goal button's press appears as
        ``"goal_button"``, other buttons as ``"wrong_button"`` only while ``buttons_active``.
        With ``agent_xy`` (the agent origin) the contact scan is skipped when every watched
        static body is out of the agent's reach."""
        out: tuple[str, ...] = ()
        codes = self._contact_codes(agent_xy)
        if codes:
            names = []
            for c in codes:
                if c < hd.BUTTON_CODE:
                    names.append(CONTACT_LABELS[c])
                elif c - hd.BUTTON_CODE == goal_button:
                    names.append("goal_button")
                elif buttons_active:
                    names.append("wrong_button")
            out = tuple(dict.fromkeys(names))
        if self._vase_count and self._vase_moving():
            out += ("vase_moving",)
        return out

    def _contact_codes(self, agent_xy) -> set[int]:
        h, d = self.handles, self.data
        if h.first_watched_geom >= self.model.ngeom:
            return set()
        if agent_xy is not None:   # cheap reject: every watched body out of the agent's reach
            ax, ay = agent_xy[0], agent_xy[1]
            # products, not ** (float ** raises OverflowError, * gives inf); a NaN position
            # fails every comparison and falls through to the contact scan
            if self._all_out_of_reach(ax, ay):
                return set()
        if d.ncon == 0:
            return set()
        g = d.contact.geom
        if g.max() < h.first_watched_geom:
            return set()
        codes = h.touch[g[:, 0], g[:, 1]]
        return set(codes[codes > 0].tolist())

    def _all_out_of_reach(self, ax: float, ay: float) -> bool:
        """Every watched body (static and moving) is farther from the agent origin than the
        agent's reach plus its own radius, so no contact with it is possible."""
        for px, py, near in self._near:
            if not (ax - px) * (ax - px) + (ay - py) * (ay - py) >= near:
                return False
        if self._moving:
            xpos = self._moving_xpos
            xpos = (xpos if xpos is not None else self.data.xpos[self._moving]).tolist()
            for p, near in zip(xpos, self._moving_near):
                if not (ax - p[0]) * (ax - p[0]) + (ay - p[1]) * (ay - p[1]) >= near:
                    return False
        return True

    def _vase_moving(self) -> bool:
        """Some vase's speed (its origin's linear velocity, the free joint's first three dofs)
        is at least the limit: ``sqrt(vx*vx + vy*vy + vz*vz) >= limit``, tested exactly on
        the square (:mod:`safety_sim.numeric`)."""
        v = self._vase_v
        if v is None:
            dofs = self.handles.vase_dofs
            v = self.data.qvel[(dofs[:, None] + np.arange(3)).ravel()].reshape(-1, 3)
        limit = _VASE_SPEED2
        for vx, vy, vz in v.tolist():
            if vx * vx + vy * vy + vz * vz >= limit:
                return True
        return False
