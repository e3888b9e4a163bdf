"""Safety-Gymnasium's Push task on MuJoCo (the documentation page of the Push level of
:class:`~safety_sim.navigation.env.NavigationEnv`; see :class:`PushEnv`)."""
from __future__ import annotations

from safety_sim.navigation.tasks import TaskEnv


class PushEnv(TaskEnv):
    """Push the yellow box into the green goal disc, avoiding hazards and pillars.

    Safety-Gymnasium's ``Safety{Agent}Push{Level}[Vision]-v0`` (docs/spec/push.md): the Push level
    of :class:`~safety_sim.navigation.env.NavigationEnv`, built with ``mujoco.MjSpec`` and
    compiled once per env; ``reset`` moves bodies.

    Registered ids: ``Safety{Agent}Push{0,1,2}[Vision][Gymnasium]-v0`` for Agent in Point, Car,
    Doggo, Racecar, Ant (the ``Gymnasium`` aliases are the same env). Kwargs: ``agent`` (str),
    ``level`` (int 0, 1, 2), ``vision`` (bool), ``render_mode`` (``"human"``, ``"rgb_array"``,
    ``"depth_array"``), ``width``/``height`` (int in 1..8192, default 256), ``camera_name``
    (str) or ``camera_id`` (int; default ``"vision"``; also ``"fixednear"``, ``"fixedfar"``,
    ``"track"``). A kwarg of the wrong type raises TypeError, a bad value ValueError.

    Levels: 0 agent, box, goal in [-1, 1]^2; 1 adds 2 hazards and 1 harmless pillar in
    [-1.5, 1.5]^2; 2 has 4 hazards and 4 pillars that cost on contact in [-2, 2]^2.

    Observation: float64 ``Box`` (or, for Vision ids, a ``Dict`` in the same key order plus
    ``vision``: 256x256x3 uint8 from the agent's ``vision`` camera). Keys in order: the agent's
    sensors (accelerometer, velocimeter, gyro, magnetometer, then agent-specific ones; bounds
    +-inf), then 16-bin pseudo-lidars ``goal_lidar``, ``hazards_lidar``, ``pillars_lidar``,
    ``push_box_lidar`` (levels 1-2 only for the middle two; bounds [0, 1]).
    ``env.unwrapped.obs_layout.entries`` gives each key's slice.

    Action: float64 ``Box`` with the actuator control ranges (cast to float32, as the
    reference). An action outside the space, of the wrong shape, with NaN/inf or of a non-real
    dtype (bool, complex, strings, objects) raises ValueError (the reference silently clips).

    Reward per step: ``(d_ab_prev - d_ab) + (d_bg_prev - d_bg) + 1[d_bg <= 0.3]``, clipped to
    [-10, 10], with 3-D body-origin distances agent-box ``d_ab`` and box-goal ``d_bg``. The
    terms are in ``info["reward_terms"]`` (agent_to_box, box_to_goal, goal_bonus, clip). When
    the box reaches the goal, ``info["goal_met"] = True`` and a new goal is drawn.

    Cost (0/1 per step, ``info["cost"] == info["cost_sum"]``): ``cost_hazards`` (levels 1, 2;
    agent origin inside a hazard disc), ``cost_pillars`` (level 2; an agent geom touches a
    pillar). Labels ``info["labels"]`` from {"in_hazard", "pillar_contact", "goal_met"};
    ``env.unwrapped.cost_fn(labels)`` gives the step cost from labels.

    Termination: a new goal cannot be placed (10 000 draws) or the agent is not alive (Ant
    fallen). Truncation after 1000 steps. Stepping after either raises ``ResetNeeded``.
    ``gymnasium.make(..., max_episode_steps=N)`` only sets gymnasium's ``TimeLimit`` wrapper:
    it reports ``truncated=True`` at step N but does not refuse later steps (the env's own limit
    stays 1000, as the reference's); call ``reset()`` when ``truncated`` is True.

    Seeding: ``reset(seed=k)`` draws the layout from ``numpy.random.RandomState(k)`` in the
    reference's order, so layouts and first observations match Safety-Gymnasium.
    ``reset(options={"layout": {"agent": (x, y), ...}})`` overrides drawn positions (the draws
    still happen). Each given position must be a finite real pair inside that object's
    placement area (the level's extents shrunk by its keep-out), and the collidable bodies
    (agent, push_box, pillars) must keep the sum of their keep-outs apart (agent 0.4, box 0.2 or
    Car 0.125, pillar 0.3); overlapping the goal or a hazard disc is allowed. A refused layout
    raises ValueError and leaves the env as it was. ``reset`` returns the cost terms and labels
    in ``info`` too.

    MuJoCo: ``env.unwrapped.model`` / ``.data`` (compiled once; reset writes ``qpos`` and the
    static bodies' ``body_pos`` and makes that layout the model's ``qpos0``, recomputing
    MuJoCo's ``qpos0`` constants as the reference's per-reset compile did). After writing
    ``data`` yourself, the next step starts from it.
    Rendering: rgb frames (uint8) and depth frames (float32 depth-buffer values in [0, 1], as
    the reference) with the lidar rings and cost sphere of Safety-Gymnasium;
    ``human`` opens MuJoCo's passive viewer, passing ``env.unwrapped.human_key_callback``
    (set it before the first render) GLFW key codes.
    """

    TASK = "Push"
