"""MultiGoal's oracle (``safety_sim.oracle(env)``; Point and Car): each agent is driven by the
navigation oracle's goal controller (:func:`~safety_sim.navigation.oracle.goal_action`) to its
own goal -- agent 0 to the red one, agent 1 to the blue one -- round the hazards and the vases,
keeping clear of the other agent (seen as a pillar). It reads the env's true state."""
from __future__ import annotations

import math

import mujoco
import numpy as np

from safety_sim.navigation import config as nc
from safety_sim.navigation.multigoal.costs import AGENTS
from safety_sim.navigation.oracle.controllers import goal_action
from safety_sim.navigation.oracle.state import SUPPORTED_AGENTS, NavState

#: the radius the oracle keeps the other agent as (m)
OTHER_RADIUS = 0.25


def agent_state(env, i: int) -> NavState:
    """What agent ``i`` of a :class:`~.env.MultiGoalEnv` sees: its own goal, the hazards, the
    vases, the other agent as a pillar."""
    world = env.world
    m, d = world.model, world.data
    body, goal = world.bodies[i]
    other = world.bodies[1 - i][0]
    mat = d.xmat[body]
    vel = np.zeros(6)
    mujoco.mj_objectVelocity(m, d, mujoco.mjtObj.mjOBJ_XBODY, body, vel, 0)
    return NavState(
        agent=world.agent.name, task="goal", dt=float(m.opt.timestep) * nc.SUBSTEPS,
        agent_xy=d.xpos[body, :2], yaw=math.atan2(mat[3], mat[0]), velocity_xy=vel[3:5],
        yaw_rate=float(vel[2]), goal_xy=d.xpos[goal, :2],
        hazards_xy=d.xpos[world.hazard_ids, :2], hazard_radius=world.costs.hazards.size,
        vases_xy=d.xpos[world.vase_ids, :2], vase_size=nc.Vases.SIZE,
        pillars_xy=d.xpos[[other], :2], pillar_radius=OTHER_RADIUS, time=float(d.time))


class MultiGoalOracle:
    """``policy(obs) -> {"agent_0": a0, "agent_1": a1}`` for a MultiGoal env (or a wrapper of
    one); the observation is ignored. TypeError for agents without a navigation oracle."""

    def __init__(self, env) -> None:
        self.env = env
        base = env.unwrapped
        agent = base.world.agent.name
        if agent not in SUPPORTED_AGENTS:
            raise TypeError(f"{base.name}: no oracle for agent {agent!r}; oracles exist for "
                            f"{' and '.join(SUPPORTED_AGENTS)}")
        self._bounds = [(base.action_space[a].low, base.action_space[a].high) for a in AGENTS]

    def __call__(self, obs) -> dict:
        base = self.env.unwrapped
        return {a: np.clip(goal_action(agent_state(base, i)), low, high)
                for i, (a, (low, high)) in enumerate(zip(AGENTS, self._bounds))}


__all__ = ["MultiGoalOracle", "agent_state"]
