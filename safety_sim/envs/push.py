"""Safety-Gymnasium's Push task on MuJoCo (gymnasium.Env glue; see :class:`PushEnv`)."""
from __future__ import annotations

from typing import Any

import gymnasium
import mujoco
import numpy as np
from gymnasium.error import ResetNeeded

from safety_sim.core import EpisodeGuard
# Input checks and layouts live in push_checks / push_layout.
from safety_sim.envs.push_checks import (RENDER_MODES, ActionCheckMixin, box_action_space,
                                         check_kwargs)
from safety_sim.envs.push_layout import PushPlacer
from safety_sim.mjcf import push_config as pc
from safety_sim.mjcf.handles import PushHandles
from safety_sim.mjcf.reset_state import settle_like_reference
from safety_sim.mjcf.scene import Stepper, compile_scene
from safety_sim.render import push_decor
from safety_sim.render.offscreen import resolve_camera
from safety_sim.sensors import ObsLayout, SensorReadout
from safety_sim.sensors.lidar import lidar
from safety_sim.tasks.push import PushTask


class PushEnv(ActionCheckMixin, gymnasium.Env):
    """Push the yellow box into the green goal disc, avoiding hazards and pillars.

    Safety-Gymnasium's ``Safety{Agent}Push{Level}[Vision]-v0`` (spec/push.md) on MuJoCo 4,
    built with ``mujoco.MjSpec`` and compiled once per env; ``reset`` moves bodies.

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

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 30}

    def __init__(self, agent: str = "Point", level: int = 1, vision: bool = False,
                 render_mode: str | None = None, width: int = 256, height: int = 256,
                 camera_id: int | None = None, camera_name: str | None = None) -> None:
        self.agent_spec, self.config, self.vision, width, height = check_kwargs(
            agent, level, vision, render_mode, width, height)
        self.render_mode = render_mode
        self.name = f"Safety{self.agent_spec.name}Push{self.config.level}" + \
            ("Vision" if self.vision else "")
        self.model = compile_scene(self.agent_spec, self.config, offwidth=width,
                                   offheight=height)
        self.data = mujoco.MjData(self.model)
        self._physics = Stepper(self.model, self.data)
        self.handles = h = PushHandles.resolve(self.model, self.config)
        self.task = PushTask(self.config)
        self._readout = SensorReadout(self.model, self.agent_spec.obs_sensors)
        self.obs_layout = ObsLayout(self._readout.sensor_keys, h.lidar_keys,
                                    self.config.lidar.num_bins)
        self.action_space = box_action_space(self.model)
        self.observation_space = self.obs_layout.space(
            image=(push_decor.VISION_SIZE, push_decor.VISION_SIZE, 3) if self.vision else None)
        camera = resolve_camera(self.model, camera_id, camera_name, "vision", self.name)
        self._render = push_decor.PushRenderer(self.model, render_mode, width, height, camera)
        self.human_key_callback = None
        self._placer = PushPlacer(self.model, self.config, self.agent_spec, h, self.name)
        self._rs: np.random.RandomState | None = None   # the episode's stream (reference's)
        self._guard = EpisodeGuard()
        self._init_fast_path()

    def _init_fast_path(self) -> None:
        h = self.handles
        self._init_views()
        # bodies read every step: agent, box, goal (judging), then the lidar objects
        self._read_ids = [h.agent_body, h.box_body, h.goal_body, *h.lidar_bodies.tolist()]
        self._obs = np.zeros(self.obs_layout.size)
        self._lidar_start = self.obs_layout.lidar_start
        self._init_action_check()
        ctrl = self.model.actuator_ctrlrange
        self._ctrl_clip = (ctrl[:, 0].copy(), ctrl[:, 1].copy())
        self._needs_clip = bool(np.any(ctrl[:, 0] > self.action_space.low)
                                or np.any(ctrl[:, 1] < self.action_space.high))
        self._watch_pillars = len(h.pillar_bodies) > 0
        self._near_pillar = (pc.PILLAR_SIZE + h.agent_reach) ** 2 + 1e-9
        self._pillars_xy: list[tuple[float, float]] = []
        self._alive = self.agent_spec.alive
        self._hazards_xy: list[tuple[float, float]] = []
        self._steps, self._last_cost = 0, 0.0
        self._vision_cam = h.camera_ids["vision"]

    # -- gymnasium API -------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        overrides = self._placer.check_options(options)
        super().reset(seed=seed)           # validates the seed with gymnasium's messages
        self._rs, layout = self._placer.draw(seed, self._rs, self.np_random,
                                             overrides)   # may refuse the overrides
        mujoco.mj_resetData(self.model, self.data)
        self._placer.write(self.data, layout)
        if self.agent_spec.reset_joints is not None:
            self.agent_spec.reset_joints(self._rs, self.model, self.data)
        settle_like_reference(self.model, self.data, self._physics.forward)
        self._hazards_xy = [layout.xy[f"hazard{i}"] for i in range(self.config.hazards)]
        self._pillars_xy = [layout.xy[f"pillar{i}"] for i in range(self.config.pillars)]
        pos = self._positions()
        agent, box, goal = pos[0], pos[1], pos[2]
        self.task.start(agent, box, goal)
        labels = self.task.labels(agent, self._hazards_xy, self._pillar_contact(), False)
        costs = self.task.cost_terms(labels)
        self._steps, self._last_cost = 0, costs["cost_sum"]
        self._guard.on_reset()
        obs = self._observe(pos)
        if self.render_mode == "human":
            self.render()
        return obs, {**costs, "cost": costs["cost_sum"], "labels": labels}

    def step(self, action):
        self._guard.check_step(self.name)
        a = self._check_action(action)
        if self._needs_clip:
            np.clip(a, *self._ctrl_clip, out=self._ctrl)
        else:
            self._ctrl[:] = a
        # The reference draws binomial(10, 1.0) here (always 10); that consumes exactly one
        # double of the stream, as random_sample() does (cheaper, same stream position).
        self._rs.random_sample()
        self._physics.advance(pc.SUBSTEPS)
        pos = self._positions()
        agent, box, goal = pos[0], pos[1], pos[2]
        reward, terms, met = self.task.reward(agent, box, goal)
        pillar = self._pillar_contact(agent)
        labels = self.task.labels(agent, self._hazards_xy, pillar, met)
        costs = self.task.cost_terms(labels)
        terminated = False
        if met:
            terminated = not self._resample_goal()
            pos = self._positions()
        if self._alive is not None and not self._alive(self.model, self.data):
            terminated = True
        self._steps += 1
        truncated = self._steps >= pc.MAX_EPISODE_STEPS
        obs = self._observe(pos)
        info = {**costs, "cost": costs["cost_sum"], "labels": labels, "reward_terms": terms}
        if met:
            info["goal_met"] = True
        self._last_cost = costs["cost_sum"]
        self._guard.on_step(terminated, truncated)
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminated, truncated, info

    def render(self):
        if self.vision:
            raise RuntimeError(f"{self.name}: render() is not available for Vision envs (as in "
                               "Safety-Gymnasium); the camera image is observation['vision']")
        if self.render_mode is None:
            gymnasium.logger.warn(f"{self.name}: render() called without a render_mode")
            return None
        if not self._guard.started:
            raise ResetNeeded(f"{self.name}: call reset() before render()")
        if self.render_mode == "human":
            self._render.human(self.data, self.human_key_callback, self._decorate)
            return None
        return self._render.frame(self.data, self._decorate)

    def close(self) -> None:
        self._render.close()

    def cost_fn(self, labels) -> float:
        """The step cost (0 or 1) implied by a set of labels; equals ``info["cost"]``."""
        return self.task.cost_fn(labels)

    @property
    def layout(self) -> dict[str, tuple[float, float]]:
        """Current XY of every placed body (agent, goal, hazards, pillars, push_box)."""
        return self._placer.current(self._xpos)

    # -- internals -----------------------------------------------------------------------
    def _positions(self) -> list[list[float]]:
        """Positions of the bodies in ``_read_ids`` (agent, box, goal, lidar objects)."""
        xp = self._xpos.tolist()
        return [xp[i] for i in self._read_ids]

    def _pillar_contact(self, agent_xy=None) -> bool:
        """Does an agent geom touch a pillar geom (by body ownership, §11.2)?"""
        if not self._watch_pillars:
            return False
        if agent_xy is not None:   # cheap reject: every pillar out of the agent's reach
            ax, ay = agent_xy[0], agent_xy[1]
            near = self._near_pillar
            # products, not ** (float ** raises OverflowError, * gives inf); a NaN position
            # fails every comparison and falls through to the contact scan
            if all((ax - px) * (ax - px) + (ay - py) * (ay - py) >= near
                   for px, py in self._pillars_xy):
                return False
        if self.data.ncon == 0:
            return False
        g = self.data.contact.geom
        if g.max() < self.handles.first_pillar_geom:
            return False
        return bool(self.handles.pillar_touch[g[:, 0], g[:, 1]].any())

    def _resample_goal(self) -> bool:
        """New goal after an achievement (§5.3), against current body positions."""
        if not self._placer.resample_goal(self._rs, self._xpos):
            return False
        self._physics.forward()
        agent, box, goal = self._positions()[:3]
        self.task.start(agent, box, goal)
        return True

    def _observe(self, pos: list[list[float]]):
        """Observation from the current sensors and ``pos`` (positions of ``_read_ids``)."""
        obs, cfg = self._obs, self.config.lidar
        self._readout.fill(self._sensordata, obs)
        m = self._xmat[self.handles.agent_body].tolist()
        obs[self._lidar_start:] = lidar(pos[0], (m[0:3], m[3:6], m[6:9]), pos[3:],
                                        self.handles.lidar_bounds, cfg.num_bins, cfg.max_dist)
        if not self.vision:
            return obs.copy()
        out = self.obs_layout.split(obs)
        out["vision"] = self._render.vision(self.data, self._vision_cam, self._decorate_ring)
        return out

    def _decorate(self, scene: mujoco.MjvScene, cost_sphere: bool = True) -> None:
        a = self.handles.agent_body
        readings = self._obs[self._lidar_start:].reshape(len(self.handles.lidar_keys), -1)
        cost = self._last_cost if cost_sphere else 0.0
        push_decor.decorate(scene, self._xpos[a], self._xmat[a].reshape(3, 3), readings,
                            self.handles.lidar_keys, cost)

    def _decorate_ring(self, scene: mujoco.MjvScene) -> None:
        self._decorate(scene, cost_sphere=False)

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._init_views()

    def _init_views(self) -> None:
        d = self.data
        self._xpos, self._xmat, self._sensordata = d.xpos, d.xmat, d.sensordata
        self._ctrl = d.ctrl

