"""The oracle's view of a FormulaOne env (:meth:`.env.FormulaOneEnv.nav_state`): a Goal-task
:class:`~safety_sim.navigation.oracle.state.NavState` whose goal is the waypoint towards the
current staged point (:mod:`.route`) and whose vases are the road barriers near the agent."""
from __future__ import annotations

import functools
import math

import mujoco
import numpy as np

from safety_sim.navigation import config as nc
from safety_sim.navigation.formula_one import route, track
from safety_sim.navigation.formula_one.kinds import RoadBarriers, _quat
from safety_sim.navigation.oracle.state import NavState

#: barriers farther than this from the agent are left out of its view (m)
SEEN = 4.0


@functools.lru_cache(maxsize=None)
def barrier_half_size() -> float:
    """The half side of the square the oracle treats a barrier as (its footprint's radius
    over sqrt 2: the oracle's vases are squares)."""
    rot = np.zeros(9)
    mujoco.mju_quat2Mat(rot, np.array(_quat(track.BARRIER_EULER)))
    hull = track.hull_vertices()["road_barrier"].astype(np.float64) @ rot.reshape(3, 3).T
    return float(np.max(np.hypot(hull[:, 0], hull[:, 1]))) / math.sqrt(2.0)


def staged_state(env) -> NavState:
    model, data, h = env.model, env.data, env.handles
    agent = env.agent_spec.name
    xy = data.xpos[h.agent_body, :2].copy()
    mat = data.xmat[h.agent_body]
    vel = np.zeros(6)
    mujoco.mj_objectVelocity(model, data, mujoco.mjtObj.mjOBJ_XBODY, h.agent_body, vel, 0)
    barriers = env.config.find(RoadBarriers)
    vases = np.zeros((0, 2))
    if barriers is not None:
        vases = data.xpos[[h.body_of[n] for n in barriers.names()], :2]
        vases = vases[np.hypot(*(vases - xy).T) <= SEEN]
    return NavState(agent=agent, task="goal", dt=float(model.opt.timestep) * nc.SUBSTEPS,
                    agent_xy=xy, yaw=math.atan2(mat[3], mat[0]), velocity_xy=vel[3:5],
                    yaw_rate=float(vel[2]), goal_xy=route.waypoint(xy, env.stage),
                    vases_xy=vases, vase_size=barrier_half_size(), time=float(data.time))
