"""Shared helpers of the navigation-task tests (``test_nav_task*.py``): making an env, the
agent's and the goal's positions, agent contacts, a zero-action step and pressing a button."""
from __future__ import annotations

import math

import gymnasium
import mujoco
import numpy as np



def make(env_id):
    env = gymnasium.make(env_id)
    return env, env.unwrapped


def agent_xy(u):
    return u.data.xpos[u.handles.agent_body, :2].copy()


def goal_xy(u):
    return u.data.xpos[u.handles.goal_body, :2].copy()


def agent_touches(u, geom_name: str) -> bool:
    """Some contact pairs a geom of the agent's body subtree with the geom ``geom_name``."""
    m, d = u.model, u.data
    agent = {u.handles.agent_body}
    for b in range(u.handles.agent_body + 1, m.nbody):
        if m.body_parentid[b] in agent:
            agent.add(b)
    target = m.geom(geom_name).id
    for g1, g2 in d.contact.geom[:d.ncon]:
        if (g1 == target and m.geom_bodyid[g2] in agent) or \
                (g2 == target and m.geom_bodyid[g1] in agent):
            return True
    return False


def step_info(env):
    return env.step(np.zeros(env.action_space.shape))[4]


def press(env, u, button: int):
    """Put the agent against ``button`` (on the side facing the agent) and step."""
    b = u.data.xpos[u.handles.body_of[f"button{button}"], :2]
    away = agent_xy(u) - b
    move_agent_to(u, b + 0.18 * away / np.linalg.norm(away))
    return env.step(np.zeros(2))


def shift_agent(u, dx, dy):
    """Move a navigation env's agent by (dx, dy) in the world by writing qpos (Point: its slide
    joints along the spawn-yawed body axes; others: the free joint), then mj_forward."""
    if u.agent_spec.name == "Point":
        yaw = 2 * math.atan2(u.model.body_quat[u.handles.agent_body][3],
                             u.model.body_quat[u.handles.agent_body][0])
        c, s = math.cos(yaw), math.sin(yaw)
        u.data.qpos[0] += c * dx + s * dy
        u.data.qpos[1] += -s * dx + c * dy
    else:
        u.data.qpos[0] += dx
        u.data.qpos[1] += dy
    mujoco.mj_forward(u.model, u.data)


def move_agent_to(u, xy):
    """Put the agent origin at ``xy`` (world XY) by :func:`shift_agent`."""
    ax, ay = u.data.xpos[u.handles.agent_body][:2]
    shift_agent(u, xy[0] - ax, xy[1] - ay)
