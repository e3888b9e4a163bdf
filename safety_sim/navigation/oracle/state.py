"""What a navigation oracle may read: :class:`NavState`, and :func:`nav_state` for Push envs.

The controllers (``safety_sim.navigation.oracle.controllers``, ``.push``) see the world only
through a
:class:`NavState`; every access to a Push env's internals (MuJoCo data, handles, config) lives
in :func:`_navigation_state`. Another env may provide a ``nav_state()`` method returning the same
value (and an ``agent_spec`` whose ``name`` is the agent) and :func:`nav_state` uses it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

#: agents with a navigation oracle
SUPPORTED_AGENTS = ("Point", "Car")
#: tasks the oracle can play
TASKS = ("push", "goal", "button")


def _points(values=()) -> np.ndarray:
    """A read-only (k, 2) float array."""
    a = np.array(values, dtype=float).reshape(-1, 2)
    a.flags.writeable = False
    return a


@dataclass(frozen=True, eq=False)   # array fields: no field-wise ==
class NavState:
    """The privileged state of one navigation step (world frame, metres, radians, seconds).

    agent: agent name ("Point" or "Car"); task: "push", "goal" or "button".
    dt: control timestep (physics timestep x substeps); time: simulation time (the gremlins'
    phase).
    agent_xy: agent body origin; yaw: angle of the agent body's +x axis (Point drives along
    body +x, Car along body -y; the controllers know this). velocity_xy: world-frame planar
    velocity of the agent body origin; yaw_rate: angular velocity about world z (for Point it
    chatters by +-0.48 rad/s between physics substeps, so the controllers do not use it).
    goal_xy: the goal centre (Push: where the box must go; Button: the goal button's disc).
    box_xy / box_yaw / box_size: the push box (centre, yaw, half-size of its central cube);
    box_xy is None when there is no box.
    hazards_xy (k, 2) and hazard_radius; pillars_xy (m, 2) and pillar_radius; vases_xy and
    vase_size (half-size); gremlins_xy (current object positions) and gremlin_size (half-size);
    gremlin_orbits_xy: the layout points the gremlins circle round, at radius gremlin_travel
    (empty: unknown, the controllers then treat gremlins_xy as fixed);
    buttons_xy and button_radius, goal_button (index into buttons_xy, or None).
    """
    agent: str
    task: str
    dt: float
    agent_xy: np.ndarray
    yaw: float
    velocity_xy: np.ndarray
    yaw_rate: float
    goal_xy: np.ndarray
    box_xy: np.ndarray | None = None
    box_yaw: float = 0.0
    box_size: float = 0.0
    hazards_xy: np.ndarray = field(default_factory=_points)
    hazard_radius: float = 0.0
    pillars_xy: np.ndarray = field(default_factory=_points)
    pillar_radius: float = 0.0
    vases_xy: np.ndarray = field(default_factory=_points)
    vase_size: float = 0.1
    gremlins_xy: np.ndarray = field(default_factory=_points)
    gremlin_size: float = 0.1
    gremlin_orbits_xy: np.ndarray = field(default_factory=_points)
    gremlin_travel: float = 0.0
    buttons_xy: np.ndarray = field(default_factory=_points)
    button_radius: float = 0.1
    goal_button: int | None = None
    time: float = 0.0

    def __post_init__(self) -> None:
        if self.agent not in SUPPORTED_AGENTS:
            raise ValueError(f"NavState: agent {self.agent!r} has no oracle; supported: "
                             f"{', '.join(SUPPORTED_AGENTS)}")
        if self.task not in TASKS:
            raise ValueError(f"NavState: unknown task {self.task!r}; known: {', '.join(TASKS)}")
        for name in ("agent_xy", "velocity_xy", "goal_xy", "box_xy"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, _vector(value, name))
        for name in ("hazards_xy", "pillars_xy", "vases_xy", "gremlins_xy", "gremlin_orbits_xy",
                     "buttons_xy"):
            object.__setattr__(self, name, _points(getattr(self, name)))
        if self.task == "push" and self.box_xy is None:
            raise ValueError("NavState: the push task needs box_xy")
        if self.goal_button is not None and not 0 <= self.goal_button < len(self.buttons_xy):
            raise ValueError(f"NavState: goal_button {self.goal_button} is not an index into "
                             f"buttons_xy ({len(self.buttons_xy)} buttons)")


def _vector(value, name: str) -> np.ndarray:
    a = np.array(value, dtype=float).reshape(-1)
    if a.shape != (2,):
        raise ValueError(f"NavState: {name} must be an (x, y) pair, got {value!r}")
    a.flags.writeable = False
    return a


def nav_state(env) -> NavState:
    """The :class:`NavState` of a navigation env (or any wrapper of one) after its latest
    ``reset``/``step``: ``env.unwrapped.nav_state()`` when the env has that method, else read
    from a :class:`~safety_sim.navigation.env.NavigationEnv`. TypeError for agents and tasks
    without an oracle."""
    base = env.unwrapped
    reader = getattr(base, "nav_state", None)
    if callable(reader):
        return reader()
    return _navigation_state(base)


TASK_OF_REWARD = {"PushReward": "push", "GoalReward": "goal", "ButtonReward": "button"}


def _navigation_state(base) -> NavState:
    """Everything the oracle reads from a navigation env's internals, in one place."""
    import mujoco

    from safety_sim.navigation import config as nc

    agent = base.agent_spec.name
    if agent not in SUPPORTED_AGENTS:
        raise TypeError(f"no navigation oracle for agent {agent!r}; oracles exist for "
                        f"{' and '.join(SUPPORTED_AGENTS)}")
    cfg = base.config
    task = TASK_OF_REWARD.get(type(cfg.reward).__name__)
    if task is None:
        raise TypeError(f"no navigation oracle for {type(cfg.reward).__name__} levels; oracles "
                        "exist for the Push, Goal and Button rewards")
    model, data, h = base.model, base.data, base.handles
    mat = data.xmat[h.agent_body]
    vel = np.zeros(6)   # (angular, linear) of the agent body frame, world axes
    mujoco.mj_objectVelocity(model, data, mujoco.mjtObj.mjOBJ_XBODY, h.agent_body, vel, 0)

    def where(kind):
        """Current XY of the bodies of ``kind`` (gremlins: their boxes)."""
        obj = cfg.find(kind)
        names = obj.names() if obj is not None else ()
        return obj, [data.xpos[h.body_of[n], :2] for n in names]

    hazards, hazards_xy = where(nc.Hazards)
    pillars, pillars_xy = where(nc.Pillars)
    _, vases_xy = where(nc.Vases)
    gremlins, gremlins_xy = where(nc.Gremlins)
    orbits = dict(gremlin_orbits_xy=model.geom_pos[h.gremlin_ghost, :2],   # ghost offsets
                  gremlin_travel=gremlins.travel) if gremlins is not None else {}
    _, buttons_xy = where(nc.Buttons)
    box = {}
    if h.box_body >= 0:
        box_mat = data.xmat[h.box_body]
        box = dict(box_xy=data.xpos[h.box_body, :2], box_yaw=math.atan2(box_mat[3], box_mat[0]),
                   box_size=cfg.find(nc.PushBox).size_of(base.agent_spec))
    return NavState(
        agent=agent, task=task, dt=float(model.opt.timestep) * nc.SUBSTEPS,
        agent_xy=data.xpos[h.agent_body, :2], yaw=math.atan2(mat[3], mat[0]),
        velocity_xy=vel[3:5], yaw_rate=float(vel[2]), goal_xy=data.xpos[h.goal_body, :2],
        hazards_xy=hazards_xy, hazard_radius=hazards.size if hazards is not None else 0.0,
        pillars_xy=pillars_xy, pillar_radius=pillars.size if pillars is not None else 0.0,
        vases_xy=vases_xy, vase_size=nc.Vases.SIZE, gremlins_xy=gremlins_xy,
        gremlin_size=nc.Gremlins.SIZE, buttons_xy=buttons_xy, button_radius=0.1,
        goal_button=base.goal_button, time=float(data.time), **orbits, **box)
