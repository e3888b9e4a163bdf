"""Reading a navigation env's state: ``env.unwrapped.task`` with Safety-Gymnasium's names, and
the env's other read-only properties (:class:`NavStateMixin`).

Code written for Safety-Gymnasium reads ``env.unwrapped.task.goal.pos``,
``task.agent.pos``, ``task.hazards.pos`` and ``task.dist_goal()``; here ``env.unwrapped.task``
is a :class:`TaskView` with the same names, read-only copies of the simulator's state after the
latest ``reset``/``step``:

* ``task.agent``: ``pos`` (x, y, z of the agent body's origin), ``mat`` (its 3x3 rotation),
  ``vel`` (the origin's linear velocity, world frame);
* one entry per object group of the level, named as Safety-Gymnasium names it (``goal``,
  ``hazards``, ``vases``, ``pillars``, ``buttons``, ``gremlins``, ``push_box``, ``circle``,
  ``sigwalls``): ``pos`` (a list of positions, one per object; ``goal.pos`` and
  ``push_box.pos``: the one position) and ``num``;
* ``dist_goal()``, ``dist_xy(pos)`` (XY distances from the agent), ``dist_box()`` and
  ``dist_box_goal()`` (3-D, Push), ``goal_button`` (Button).

A group the level does not have raises AttributeError naming the level's groups.
"""
from __future__ import annotations

from typing import Any

import mujoco
import numpy as np

_SINGLE = ("goal", "push_box", "circle")      # groups whose ``pos`` is one position


def group_name(kind) -> str:
    """Safety-Gymnasium's name of a kind's group (``hazards``, ``push_box``, ``sigwalls``)."""
    return kind.lidar_key[:-len("_lidar")] if kind.lidar_key else kind.prefix + "s"


class BodyView:
    """The state of one body (or group of bodies) at the time it was read."""

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)

    def __getattr__(self, name: str) -> Any:     # the fields given (any names), read-only
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("the state view is read-only (write the simulator's data instead)")

    def __repr__(self) -> str:
        return f"BodyView({', '.join(sorted(self.__dict__))})"


class TaskView:
    """``env.unwrapped.task`` of a navigation env (see the module docstring)."""

    def __init__(self, env) -> None:
        object.__setattr__(self, "_env", env)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("the state view is read-only (write the simulator's data instead)")

    @property
    def agent(self) -> BodyView:
        env = self._env
        a = env.handles.agent_body
        vel = np.zeros(6)
        mujoco.mj_objectVelocity(env.model, env.data, mujoco.mjtObj.mjOBJ_XBODY, a, vel, 0)
        return BodyView(pos=env.data.xpos[a].copy(), mat=env.data.xmat[a].reshape(3, 3).copy(),
                        vel=vel[3:].copy())

    @property
    def groups(self) -> tuple[str, ...]:
        """The object groups of this level, in object order."""
        return tuple(group_name(k) for k in self._env.config.ordered() if k.count)

    def __getattr__(self, name: str) -> BodyView:
        env = self.__dict__["_env"]
        for kind in env.config.ordered():
            if kind.count and group_name(kind) == name:
                xpos = env.data.xpos
                pos = [xpos[env.handles.body_of[n]].copy() for n in kind.names()]
                return BodyView(pos=pos[0] if name in _SINGLE else pos, num=len(pos))
        raise AttributeError(f"{env.name} has no {name!r}; its task reads agent, "
                             f"{', '.join(self.groups)}, dist_goal(), dist_xy(pos), "
                             "dist_box(), dist_box_goal(), goal_button")

    def dist_xy(self, pos) -> float:
        """XY distance from the agent's origin to ``pos`` ((x, y) or (x, y, z))."""
        agent = self.agent.pos
        pos = np.asarray(pos, dtype=np.float64)
        return float(np.sqrt(np.sum(np.square(pos[:2] - agent[:2]))))

    def dist_goal(self) -> float:
        """XY distance from the agent to the goal (what the Goal and Button rewards use)."""
        return self.dist_xy(self.goal.pos)

    def dist_box(self) -> float:
        """3-D distance from the agent to the push box (Push)."""
        return float(np.linalg.norm(self.push_box.pos - self.agent.pos))

    def dist_box_goal(self) -> float:
        """3-D distance from the push box to the goal (Push)."""
        return float(np.linalg.norm(self.push_box.pos - self.goal.pos))

    @property
    def goal_button(self) -> int | None:
        return self._env.goal_button


class NavStateMixin:
    """The navigation env's read-only properties: ``task`` (a :class:`TaskView`), ``layout``,
    ``elapsed_steps``, ``label_names``, ``goal_button``, ``mocap_motion``, ``renderer``."""

    # set by the env that mixes this in (NavigationEnv)
    runtime: Any
    _placer: Any
    _xpos: Any
    _steps: int
    _goal_button: int | None

    @property
    def task(self) -> TaskView:
        """The state with Safety-Gymnasium's names (``task.goal.pos``, ``task.dist_goal()``,
        ...): see :mod:`safety_sim.navigation.state_view`."""
        return TaskView(self)

    @property
    def layout(self) -> dict[str, tuple[float, float]]:
        """Current XY of every placed body (agent and objects; gremlin{i}: its box)."""
        return self._placer.current(self._xpos)

    @property
    def renderer(self):
        """The env's off-screen renderer (its size and camera; the vector env draws its worlds
        with the same settings)."""
        return self._render

    @property
    def elapsed_steps(self) -> int:
        """Steps taken in the current episode (0 right after ``reset``)."""
        return self._steps

    @property
    def label_names(self) -> tuple[str, ...]:
        """The labels this level can raise (``safety_sim.navigation.judging.LABELS`` order)."""
        return self.runtime.task.label_names

    @property
    def mocap_motion(self):
        """``f(data)`` moving the gremlin ghosts for ``data.time``, called before every substep
        (None without gremlins); e.g. to step a copy of ``data`` the way the env does."""
        return self._physics.move_ghosts if self._physics.has_ghosts else None

    @property
    def goal_button(self) -> int | None:
        """Index of the current goal button (Button levels), else None."""
        return self._goal_button
